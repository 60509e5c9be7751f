// The tutorial (see tutorial_source.h).
#include "game/app/tutorial_source.h"

#include "game/app/draw.h"
#include "game/app/fight_hints.h"
#include "game/app/fight_screen.h"
#include "game/app/move_list_draw.h"
#include "game/app/screen.h"
#include "game/io/fighter_file.h"

#include <SFML/Graphics/CircleShape.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>

namespace app {

bool loadLessons(const std::string& dataDir, std::vector<sim::RunFile>& out, io::Error& error) {
    const std::string dir = dataDir + "/tutorial";
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
        if (run.isReplay) {
            error = io::Error{path, 1, "a lesson is an action script, not a replay"};
            return false;
        }
        out.push_back(std::move(run));
    }
    return true;
}

TutorialSource::TutorialSource(const Context& ctx, std::vector<sim::RunFile> lessons, int first)
    : ctx_(ctx), lessons_(std::move(lessons)) {
    start(std::clamp(first, 0, int(lessons_.size()) - 1));
}

void TutorialSource::start(int index) {
    index_ = index;
    for (int p = 0; p < 2; ++p) defs_[p] = ctx_.fighter(run().setup.fighter[p]);
    player_ = std::make_unique<sim::ReplayPlayer>(run(), *defs_[0], *defs_[1]);
    phase_ = Phase::Playing;
    resultTicks_ = 0;
    missed_.clear();
}

void TutorialSource::restart() { start(index_); }

bool TutorialSource::skipLesson() {
    if (index_ + 1 >= int(lessons_.size())) return false;
    start(index_ + 1);
    return true;
}

std::string TutorialSource::title() const {
    const std::string name = run().title.empty() ? std::filesystem::path(run().path).stem().string() : run().title;
    return "TUTORIAL " + std::to_string(index_ + 1) + "/" + std::to_string(lessons_.size()) + ": " + name;
}

std::string TutorialSource::captionAt(std::int64_t frame) const {
    std::string text;
    for (const sim::Caption& c : run().captions) {
        if (c.frame <= frame) text = c.text;
    }
    return text;
}

std::string TutorialSource::caption() const { return captionAt(player_->frame()); }

int TutorialSource::goalsMet() const {
    int n = 0;
    for (std::size_t i = 0; i < run().expectations.size(); ++i) n += player_->met(i);
    return n;
}

Advance TutorialSource::tick(const Tick& /*in*/, const sim::FrameInput* keys) {
    if (phase_ == Phase::Playing) {
        if (keys == nullptr) return {};
        player_->stepWith(keys->buttons[0]);
        if (!player_->failures().empty()) {
            const io::RunFailure& f = player_->failures().front();
            for (const sim::Expectation& e : run().expectations) {
                if (e.line == f.line) missed_ = captionAt(e.first > 0 ? e.first - 1 : 0);
            }
            if (missed_.empty()) missed_ = f.what;
            phase_ = Phase::Failed;
        } else if (player_->allMet() || player_->done()) {
            phase_ = index_ + 1 < int(lessons_.size()) ? Phase::Passed : Phase::Finished;
        }
        return {&player_->fight()};
    }
    if (phase_ == Phase::Finished || ++resultTicks_ < kResultTicks) return {};
    start(phase_ == Phase::Passed ? index_ + 1 : index_);
    Advance a;
    a.restarted = true;
    return a;
}

void TutorialSource::drawOver(sf::RenderTarget& t, const Context& ctx) const {
    const float w = float(ctx.width), cx = w / 2.f;
    // The instruction, under the HUD, with the goals as dots (filled once met), and under them player 1's direction
    // keys: the arrows in the instructions are directions, not the arrow keys (those are player 2's).
    fillRect(t, 90.f, 122.f, w - 180.f, 100.f, sf::Color(12, 10, 24, 215), sf::Color(255, 210, 100, 200), 2.f);
    const std::string text = caption();
    if (!text.empty()) drawRichText(t, ctx.res->font, text, 22, cx, 132.f, sf::Color::White, *ctx.bindings);
    const bool facingRight = player_->fight().state().fighters[0].facing > 0;
    drawRichText(t, ctx.res->font, lessonKeysLine(*ctx.bindings, facingRight), 14, cx, 196.f, sf::Color(200, 200, 215),
                 *ctx.bindings);
    const int n = goals();
    for (int i = 0; i < n; ++i) {
        sf::CircleShape dot(7.f, 16);
        dot.setOrigin(7.f, 7.f);
        dot.setPosition(cx - 12.f * float(n - 1) + 24.f * float(i), 182.f);
        dot.setFillColor(player_->met(std::size_t(i)) ? sf::Color(110, 230, 120) : sf::Color(40, 36, 60));
        dot.setOutlineColor(sf::Color(230, 230, 240));
        dot.setOutlineThickness(1.5f);
        t.draw(dot);
    }
    if (phase_ == Phase::Playing) return;
    const bool good = phase_ != Phase::Failed;
    const std::string head = phase_ == Phase::Failed ? "NOT YET" : phase_ == Phase::Passed ? "LESSON COMPLETE" : "TUTORIAL COMPLETE";
    fillRect(t, 0.f, 250.f, w, 120.f, good ? sf::Color(20, 90, 40, 220) : sf::Color(110, 30, 30, 220));
    drawText(t, ctx.res->font, head, 48, cx, 262.f, sf::Color::White, Align::Center, 3.f);
    std::string sub;
    if (phase_ == Phase::Failed) sub = "Missed: " + missed_ + "   (again from the start)";
    else if (phase_ == Phase::Passed) sub = "Next: " + std::to_string(index_ + 2) + "/" + std::to_string(lessons_.size());
    else sub = "Esc: the pause menu (Leave the tutorial), or play the last lesson again with Restart the lesson";
    drawRichText(t, ctx.res->font, sub, 20, cx, 328.f, sf::Color(240, 240, 245), *ctx.bindings);
}

std::unique_ptr<Screen> makeTutorial(Context& ctx) {
    std::vector<sim::RunFile> lessons;
    io::Error error;
    bool ok = loadLessons(ctx.dataDir, lessons, error);
    for (std::size_t i = 0; ok && i < lessons.size(); ++i) {
        const sim::RunFile& run = lessons[i];
        for (int p = 0; ok && p < 2; ++p) {
            if (ctx.fighter(run.setup.fighter[p]) == nullptr) {
                error = io::Error{run.path, run.fightersLine, "fighter " + io::quote(run.setup.fighter[p]) + " was not loaded at start-up"};
                ok = false;
            }
        }
        if (ok) ok = sim::checkRunAgainstFighters(run, *ctx.fighter(run.setup.fighter[0]), *ctx.fighter(run.setup.fighter[1]), error);
    }
    if (!ok) {
        std::cerr << error.text() << "\n";
        ctx.quit = true;
        ctx.exitCode = 2;
        return nullptr;
    }
    return std::make_unique<FightScreen>(ctx, std::make_unique<TutorialSource>(ctx, std::move(lessons)));
}

}  // namespace app
