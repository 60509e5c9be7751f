// The tutorial (see tutorial_source.h).
#include "game/app/fight/tutorial_source.h"

#include "game/app/draw.h"
#include "game/app/fight/fight_hints.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/menus/move_list_draw.h"
#include "game/app/screen.h"
#include "game/io/fighter_file.h"

#include <SFML/Graphics/CircleShape.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>

namespace app {

namespace {
/// Both fighters stand free on the ground (no attack, stun, throw or knockdown still playing out): the next
/// instruction's opponent script then starts from the same footing as the script's own timeline gave it.
bool settled(const sim::FightState& s) {
    for (const sim::FighterState& f : s.fighters) {
        const bool free = f.action == sim::Action::Idle || f.action == sim::Action::Walk || f.action == sim::Action::Crouch;
        if (!free || f.airborne) return false;
    }
    return s.projectiles[0].alive == false && s.projectiles[1].alive == false;
}
}  // namespace

const char* const kThrewFirstNote = "You threw him first: your own throw beats his too (a tech only breaks his)";
const char* const kBothThrewNote = "You both threw at once: two throws break each other, like a tech";

namespace {
/// The instruction panel's height in pixels.
constexpr float kPanelHeight = 100.f;
/// A lesson's round never times out (the script checker's largest round; the HUD shows no clock for a lesson).
constexpr int kLessonRoundFrames = 10000000;
}  // namespace

bool loadLessonFolder(const std::string& dir, std::vector<sim::RunFile>& out, io::Error& error) {
    std::vector<std::string> paths;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
        if (e.path().extension() == ".fscript") paths.push_back(e.path().string());
    }
    if (ec || paths.empty()) {
        error = io::Error{dir, 0, ec ? "cannot read the folder: " + ec.message() : "no lessons (*.fscript)"};
        return false;
    }
    std::sort(paths.begin(), paths.end());
    out.clear();
    for (const std::string& path : paths) {
        sim::RunFile run;
        if (!sim::loadRunFile(path, run, error)) return false;
        run.setup.roundFrames = kLessonRoundFrames;  // no round timer: a lesson ends when its goals are met
        if (run.isReplay) {
            error = io::Error{path, 1, "a lesson is an action script, not a replay"};
            return false;
        }
        out.push_back(std::move(run));
    }
    return true;
}

bool loadLessons(const std::string& dataDir, std::vector<sim::RunFile>& out, io::Error& error) {
    return loadLessonFolder(dataDir + "/tutorial", out, error);
}

bool checkLessons(const Context& ctx, const std::vector<sim::RunFile>& lessons, io::Error& error) {
    for (const sim::RunFile& run : lessons) {
        for (int p = 0; p < 2; ++p) {
            if (ctx.fighter(run.setup.fighter[p]) == nullptr) {
                error = io::Error{run.path, run.fightersLine, "fighter " + io::quote(run.setup.fighter[p]) + " was not loaded at start-up"};
                return false;
            }
        }
        if (!sim::checkRunAgainstFighters(run, *ctx.fighter(run.setup.fighter[0]), *ctx.fighter(run.setup.fighter[1]), error)) return false;
    }
    return true;
}

TutorialSource::TutorialSource(const Context& ctx, std::vector<sim::RunFile> lessons, int first, LessonWords words)
    : ctx_(ctx), lessons_(std::move(lessons)), words_(std::move(words)) {
    start(std::clamp(first, 0, int(lessons_.size()) - 1));
}

void TutorialSource::start(int index) {
    index_ = index;
    for (int p = 0; p < 2; ++p) defs_[p] = ctx_.fighter(run().setup.fighter[p]);
    player_ = std::make_unique<sim::ReplayPlayer>(run(), *defs_[0], *defs_[1]);
    phase_ = Phase::Playing;
    resultTicks_ = 0;
    missed_.clear();
    otherwise_.assign(run().expectations.size(), 0);
    started_.assign(run().captions.size(), 0);
    note_.clear();
}

void TutorialSource::restart() { start(index_); }

bool TutorialSource::skipLesson() {
    if (index_ + 1 >= int(lessons_.size())) return false;
    start(index_ + 1);
    return true;
}

std::string TutorialSource::title() const {
    const std::string name = run().title.empty() ? std::filesystem::path(run().path).stem().string() : run().title;
    return words_.label + " " + std::to_string(index_ + 1) + "/" + std::to_string(lessons_.size()) + ": " + name;
}

std::string TutorialSource::captionAt(std::int64_t frame) const {
    std::string text;
    for (const sim::Caption& c : run().captions) {
        if (c.frame <= frame) text = c.text;
    }
    return text;
}

std::string TutorialSource::caption() const { return captionAt(player_->frame()); }

bool TutorialSource::goalMet(std::size_t i) const { return player_->met(i) || (i < otherwise_.size() && otherwise_[i]); }

int TutorialSource::goalsMet() const {
    int n = 0;
    for (std::size_t i = 0; i < run().expectations.size(); ++i) n += goalMet(i);
    return n;
}

const io::RunFailure* TutorialSource::firstFailure() const {
    for (const io::RunFailure& f : player_->failures()) {
        bool excused = false;
        for (std::size_t i = 0; i < run().expectations.size(); ++i) excused |= otherwise_[i] && run().expectations[i].line == f.line;
        if (!excused) return &f;
    }
    return nullptr;
}

void TutorialSource::creditThrowFirst() {
    const std::int64_t now = player_->frame();
    for (const sim::Event& ev : player_->fight().events()) {
        const bool threwFirst = ev.type == sim::EventType::Throw && ev.attacker == 0;
        const bool bothThrew = ev.type == sim::EventType::Tech && ev.victim < 0;  // two throws broke each other
        if (!threwFirst && !bothThrew) continue;
        for (std::size_t i = 0; i < run().expectations.size(); ++i) {
            const sim::Expectation& e = run().expectations[i];
            const bool techGoal = e.isEvent && !e.negate && e.event == sim::EventType::Tech && e.victim == 0;
            if (!techGoal || goalMet(i) || now < e.first || now > e.last) continue;
            otherwise_[i] = 1;
            note_ = threwFirst ? kThrewFirstNote : kBothThrewNote;
        }
    }
}

void TutorialSource::followPlayer() {
    // The instruction on screen owns the goals written after its `say` line and before the next one; once they are
    // all met the script skips to the frame before the next instruction appears.
    const std::int64_t now = player_->frame();
    const std::vector<sim::Caption>& says = run().captions;
    std::size_t k = 0;
    while (k < says.size() && says[k].frame <= now) ++k;
    if (k == 0 || k == says.size() || says[k].frame <= now + 1) return;
    const int from = says[k - 1].line, to = says[k].line;
    bool any = false;
    for (std::size_t i = 0; i < run().expectations.size(); ++i) {
        const int line = run().expectations[i].line;
        if (line < from || line > to) continue;
        if (!goalMet(i)) return;
        any = true;
    }
    if (any && settled(player_->fight().state())) player_->skipTo(says[k].frame - 1);
}

int TutorialSource::waitingSay() const {
    if (!opponentWaits_ || phase_ != Phase::Playing) return -1;
    const std::int64_t now = player_->frame();
    const std::vector<sim::Caption>& says = run().captions;
    for (std::size_t k = 0; k < says.size(); ++k) {
        if (says[k].frame != now || started_[k]) continue;
        const bool playerFirst = now < std::int64_t(run().inputs.size()) && run().inputs[std::size_t(now)].buttons[0] != 0;
        if (playerFirst) return int(k);
    }
    return -1;
}

bool TutorialSource::opponentActs(int say) const {
    const std::vector<sim::Caption>& says = run().captions;
    const std::int64_t from = says[std::size_t(say)].frame;
    const std::int64_t to = std::size_t(say) + 1 < says.size() ? says[std::size_t(say) + 1].frame : run().frames;
    for (std::int64_t f = from; f < to && f < std::int64_t(run().inputs.size()); ++f) {
        if (run().inputs[std::size_t(f)].buttons[1] != 0) return true;
    }
    return false;
}

Advance TutorialSource::tick(const Tick& /*in*/, const sim::FrameInput* keys) {
    if (phase_ == Phase::Playing) {
        if (keys == nullptr) return {};
        const int waiting = waitingSay();
        if (waiting >= 0 && keys->buttons[0] == 0) {
            player_->idle();  // the opponent stands until the player starts the instruction's part
            return {&player_->fight()};
        }
        if (waiting >= 0) started_[std::size_t(waiting)] = 1;
        player_->stepWith(keys->buttons[0]);
        creditThrowFirst();
        if (const io::RunFailure* f = firstFailure()) {
            for (const sim::Expectation& e : run().expectations) {
                if (e.line == f->line) missed_ = captionAt(e.first > 0 ? e.first - 1 : 0);
            }
            if (missed_.empty()) missed_ = f->what;
            phase_ = Phase::Failed;
        } else if (allGoalsMet() || player_->done()) {
            phase_ = index_ + 1 < int(lessons_.size()) ? Phase::Passed : Phase::Finished;
            if (onPassed_) onPassed_(run());
        } else {
            followPlayer();
        }
        return {&player_->fight()};
    }
    if (phase_ == Phase::Finished || ++resultTicks_ < kResultTicks) return {};
    start(phase_ == Phase::Passed ? index_ + 1 : index_);
    Advance a;
    a.restarted = true;
    return a;
}

float TutorialSource::panelTop(float height) const {
    const float top = 122.f, bottom = top + kPanelHeight + 10.f;
    return fighterTop_ < bottom ? height - kPanelHeight - 44.f : top;  // 44: above the bottom line of keys
}

void TutorialSource::drawOver(sf::RenderTarget& t, const Context& ctx) const {
    const float w = float(ctx.width), cx = w / 2.f, y = panelTop(float(ctx.height));
    // The instruction, under the HUD, with the goals as dots (filled once met), and under them player 1's direction
    // keys: the arrows in the instructions are directions, not the arrow keys (those are player 2's).
    fillRect(t, 90.f, y, w - 180.f, kPanelHeight, sf::Color(12, 10, 24, 215), sf::Color(255, 210, 100, 200), 2.f);
    const std::string text = caption();
    if (!text.empty()) drawRichText(t, ctx.res->font, text, 22, cx, y + 10.f, sf::Color::White, *ctx.bindings);
    const bool facingRight = player_->fight().state().fighters[0].facing > 0;
    drawRichText(t, ctx.res->font, lessonKeysLine(*ctx.bindings, facingRight), 14, cx, y + 74.f, sf::Color(200, 200, 215),
                 *ctx.bindings);
    if (waitingForPlayer() && opponentActs(waitingSay())) {
        drawText(t, ctx.res->font, defs_[1]->display + " starts when you move", 15, w - 104.f, y + 52.f,
                 sf::Color(255, 210, 100), Align::Right);
    }
    const int n = goals();
    for (int i = 0; i < n; ++i) {
        sf::CircleShape dot(7.f, 16);
        dot.setOrigin(7.f, 7.f);
        dot.setPosition(cx - 12.f * float(n - 1) + 24.f * float(i), y + 60.f);
        dot.setFillColor(player_->met(std::size_t(i)) ? sf::Color(110, 230, 120) : sf::Color(40, 36, 60));
        dot.setOutlineColor(sf::Color(230, 230, 240));
        dot.setOutlineThickness(1.5f);
        t.draw(dot);
    }
    if (phase_ == Phase::Playing) return;
    const bool good = phase_ != Phase::Failed;
    const std::string head = phase_ == Phase::Failed ? "NOT YET" : phase_ == Phase::Passed ? words_.passed : words_.finished;
    fillRect(t, 0.f, 250.f, w, 120.f, good ? sf::Color(20, 90, 40, 220) : sf::Color(110, 30, 30, 220));
    drawText(t, ctx.res->display, head, 56, cx, 262.f, sf::Color::White, Align::Center, 3.f);
    std::string sub;
    if (phase_ == Phase::Failed) sub = "Missed: " + missed_ + "   (again from the start)";
    else if (!note_.empty()) sub = note_;
    else if (phase_ == Phase::Passed) sub = "Next: " + std::to_string(index_ + 2) + "/" + std::to_string(lessons_.size());
    else sub = "Esc: the pause menu (Leave the tutorial), or play the last lesson again with Restart the lesson";
    drawRichText(t, ctx.res->font, sub, 20, cx, 328.f, sf::Color(240, 240, 245), *ctx.bindings);
}

std::unique_ptr<Screen> makeTutorial(Context& ctx) {
    std::vector<sim::RunFile> lessons;
    io::Error error;
    if (!loadLessons(ctx.dataDir, lessons, error) || !checkLessons(ctx, lessons, error)) {
        std::cerr << error.text() << "\n";
        ctx.quit = true;
        ctx.exitCode = 2;
        return nullptr;
    }
    return std::make_unique<FightScreen>(ctx, std::make_unique<TutorialSource>(ctx, std::move(lessons)));
}

}  // namespace app
