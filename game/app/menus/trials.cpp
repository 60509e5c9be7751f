// Combo trials (see trials.h): the progress file, the trials' folders, and the page that lists them.
#include "game/app/menus/trials.h"

#include "game/app/draw.h"
#include "game/app/fight/fight_draw.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/fight/tutorial_source.h"
#include "game/app/menus/move_list_draw.h"
#include "game/io/atomic_file.h"
#include "game/io/text.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <iostream>

namespace app {

std::string trialName(const sim::RunFile& trial) { return std::filesystem::path(trial.path).stem().string(); }

bool TrialProgress::parse(const std::string& text, const std::string& path, io::Error& error) {
    std::vector<std::string> done;
    bool ok = true;
    io::Lines lines(text);
    for (std::string_view line; lines.next(line);) {
        const std::vector<std::string> t = io::tokens(line);  // the shared rules: `#` comments, space and tab only
        if (t.empty()) continue;
        if (t.size() == 3 && t[0] == "done" && (group_.empty() || t[1] == group_)) {
            done.push_back(t[1] + " " + t[2]);
        } else if (ok) {  // the first bad line is said; the good ones around it still count
            std::string found;
            for (const std::string& word : t) found += (found.empty() ? "" : " ") + word;
            error = io::Error{path, lines.number(), "expected " + record() + ", found " + io::quote(found)};
            ok = false;
        }
    }
    std::sort(done.begin(), done.end());
    done.erase(std::unique(done.begin(), done.end()), done.end());
    done_ = std::move(done);
    return ok;
}

bool TrialProgress::load(const std::string& path, io::Error& error) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 && errno == ENOENT) return true;  // nothing passed yet
    std::string text;
    return io::readFile(path, text, error) && parse(text, path, error);
}

std::string TrialProgress::text() const {
    std::string out = "# " + title_ + " (written by the game; one " + record() + " a line)\n";
    for (const std::string& d : done_) out += "done " + d + "\n";
    return out;
}

std::string TrialProgress::record() const {
    return group_.empty() ? "`done FIGHTER TRIAL`" : "`done " + group_ + " LESSON`";
}

bool TrialProgress::done(const std::string& fighter, const std::string& trial) const {
    return std::binary_search(done_.begin(), done_.end(), fighter + " " + trial);
}

bool TrialProgress::markDone(const std::string& fighter, const std::string& trial) {
    const std::string key = fighter + " " + trial;
    const auto at = std::lower_bound(done_.begin(), done_.end(), key);
    if (at != done_.end() && *at == key) return false;
    done_.insert(at, key);
    return true;
}

int TrialProgress::doneCount(const FighterTrials& ft) const {
    int n = 0;
    for (const sim::RunFile& t : ft.trials) n += done(ft.fighter, trialName(t));
    return n;
}

bool loadTrials(const std::string& dataDir, const std::vector<std::string>& fighterIds, std::vector<FighterTrials>& out,
                io::Error& error) {
    out.clear();
    for (const std::string& id : fighterIds) {
        const std::string dir = dataDir + "/trials/" + id;
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec)) continue;  // a fighter without trials yet
        FighterTrials ft{id, {}};
        if (!loadLessonFolder(dir, ft.trials, error)) return false;
        for (const sim::RunFile& t : ft.trials) {
            if (t.setup.fighter[0] != id) {
                error = io::Error{
                    t.path, t.fightersLine,
                    "a trial of " + io::quote(id) + " plays it as player 1, not " + io::quote(t.setup.fighter[0])};
                return false;
            }
        }
        out.push_back(std::move(ft));
    }
    return true;
}

namespace {

constexpr ActionSet kCancel = bit(kBack);

/// What a page of lessons is: the combo trials (a group per fighter) or the tutorial (one group, its lessons).
struct PageKind {
    const char* title;  // the page's heading
    const char* file;   // the progress file, beside settings.cfg
    const char* keys;   // the keys line at the bottom
    bool perFighter;    // a group per fighter: its name over the list, A/D or left/right change it
};

constexpr PageKind kTrialsKind{"COMBO TRIALS", "trials.cfg",
                               "A/D or \u2190/\u2192: fighter    W/S: trial    Enter / J: play    Esc: back", true};
constexpr PageKind kTutorialKind{"TUTORIAL", "tutorial.cfg", "W/S: lesson    Enter / J: play from it on    Esc: back",
                                 false};
/// The tutorial's one group, as its progress file names it.
constexpr const char* kTutorialGroup = "tutorial";

/// Where the progress is kept: FILE beside settings.cfg ("" when the game saves no settings).
std::string progressPath(const Context& ctx, const char* file) {
    if (ctx.settingsPath.empty()) return "";
    return (std::filesystem::path(ctx.settingsPath).parent_path() / file).string();
}

class TrialsPage : public Screen {
public:
    TrialsPage(Context& ctx, std::vector<FighterTrials> trials, const PageKind& kind)
        : ctx_(ctx), trials_(std::move(trials)), kind_(kind), path_(progressPath(ctx, kind.file)),
          progress_(kind.perFighter ? TrialProgress() : TrialProgress(kTutorialGroup, "Tutorial lessons passed")) {
        readProgress();
        if (!trials_.empty()) cursor_ = firstNotPassed();
    }

    void tick(const Tick& in) override {
        ++ticks_;
        if (in.pressedAny(kCancel)) return ctx_.stack->pop();
        if (trials_.empty()) return;
        const int fighters = int(trials_.size());
        const int before = fighter_;
        if (in.pressedAny(kEitherLeft)) fighter_ = (fighter_ + fighters - 1) % fighters;
        if (in.pressedAny(kEitherRight)) fighter_ = (fighter_ + 1) % fighters;
        if (fighter_ != before) cursor_ = firstNotPassed();
        const int n = int(current().trials.size());
        if (in.pressedAny(kEitherUp)) cursor_ = (cursor_ + n - 1) % n;
        if (in.pressedAny(kEitherDown)) cursor_ = (cursor_ + 1) % n;
        if (in.pressed != 0) ctx_.res->sound.play(Sfx::Blip);
        if (in.pressedAny(kStartOrLight)) play();
    }

    void draw(sf::RenderTarget& t) override;

private:
    const FighterTrials& current() const { return trials_[std::size_t(fighter_)]; }
    /// The first of the current group's items not passed yet (the first when all are).
    int firstNotPassed() const;
    void readProgress();
    void save();
    void play();
    void drawList(sf::RenderTarget& t, float top, float step) const;
    void drawGroupName(sf::RenderTarget& t) const;

    Context& ctx_;
    std::vector<FighterTrials> trials_;
    const PageKind& kind_;
    std::string path_;
    TrialProgress progress_;
    std::string problem_;  // the progress file's error: shown, and nothing is saved over it
    int fighter_ = 0, cursor_ = 0;
    long ticks_ = 0;
};

int TrialsPage::firstNotPassed() const {
    const FighterTrials& ft = current();
    for (std::size_t i = 0; i < ft.trials.size(); ++i) {
        if (!progress_.done(ft.fighter, trialName(ft.trials[i]))) return int(i);
    }
    return 0;
}

void TrialsPage::readProgress() {
    if (path_.empty()) return;
    io::Error error;
    if (!progress_.load(path_, error)) {
        problem_ = error.text() + " (progress is not saved until the file is fixed)";
        reportBadFile(ctx_, problem_);  // stderr now, exit status 2 at the end, as a bad settings.cfg
    }
}

void TrialsPage::save() {
    if (path_.empty() || !problem_.empty()) return;
    std::string error = io::makeFolder(std::filesystem::path(path_).parent_path().string());
    if (error.empty()) io::writeFileAtomically(path_, progress_.text(), error);
    if (!error.empty()) reportWriteFailure(ctx_, error);
}

void TrialsPage::play() {
    const FighterTrials& ft = current();
    const sim::FighterDef* def = ctx_.fighter(ft.fighter);
    std::string name = def ? def->display : ft.fighter;
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    const LessonWords words =
        kind_.perFighter ? LessonWords{name + " TRIAL", "TRIAL COMPLETE", "ALL TRIALS COMPLETE"} : LessonWords{};
    auto source = std::make_unique<TutorialSource>(ctx_, ft.trials, cursor_, words);
    const std::string id = ft.fighter;
    source->onPassed([this, id](const sim::RunFile& trial) {
        if (progress_.markDone(id, trialName(trial))) save();
    });
    ctx_.stack->push(std::make_unique<FightScreen>(ctx_, std::move(source)));
}

void TrialsPage::drawList(sf::RenderTarget& t, float top, float step) const {
    const FighterTrials& ft = current();
    const float cx = float(ctx_.width) / 2.f, w = 760.f;
    const unsigned size = step < 50.f ? 22 : 26;
    for (std::size_t i = 0; i < ft.trials.size(); ++i) {
        const bool on = int(i) == cursor_, passed = progress_.done(ft.fighter, trialName(ft.trials[i]));
        const float y = top + step * float(i), text = y + (step - 10.f - float(size) * 1.25f) / 2.f;
        fillRect(t, cx - w / 2.f, y, w, step - 10.f, on ? sf::Color(70, 50, 30, 235) : sf::Color(16, 12, 30, 235),
                 on ? sf::Color(255, 210, 100) : sf::Color(90, 80, 110), on ? 2.f : 1.f);
        const std::string label = std::to_string(i + 1) + ".  " + ft.trials[i].title;
        drawText(t, ctx_.res->font, label, size, cx - w / 2.f + 24.f, text,
                 on ? sf::Color(255, 240, 180) : sf::Color(215, 215, 225), Align::Left, 1.5f);
        drawText(t, ctx_.res->display, passed ? "PASSED" : "NOT YET", size + 2, cx + w / 2.f - 24.f, text - 2.f,
                 passed ? sf::Color(120, 230, 130) : sf::Color(150, 140, 165), Align::Right, 1.5f);
    }
}

void TrialsPage::drawGroupName(sf::RenderTarget& t) const {
    const float cx = float(ctx_.width) / 2.f;
    const sim::FighterDef* def = ctx_.fighter(current().fighter);
    const std::string name = def ? def->display : current().fighter;
    drawText(t, ctx_.res->display, name, 48, cx, 124.f, sf::Color::White, Align::Center, 3.f);
    if (trials_.size() > 1) {  // the display font has no arrows: the body font's, either side of the name
        drawText(t, ctx_.res->font, "\u25c0", 30, cx - 150.f, 134.f, sf::Color(255, 210, 100), Align::Center, 2.f);
        drawText(t, ctx_.res->font, "\u25b6", 30, cx + 150.f, 134.f, sf::Color(255, 210, 100), Align::Center, 2.f);
    }
}

void TrialsPage::draw(sf::RenderTarget& t) {
    drawStage(t, StageView{}, ticks_);
    const float width = float(ctx_.width), cx = width / 2.f, height = float(ctx_.height);
    fillRect(t, 0.f, 0.f, width, height, sf::Color(10, 6, 20, 170));
    drawTextFitted(t, ctx_.res->display, kind_.title, 76, cx, 34.f, sf::Color(255, 220, 110), width - 40.f, 4.f);
    drawText(t, ctx_.res->font, kind_.keys, 16, cx, height - 40.f, sf::Color(200, 200, 210), Align::Center, 1.f);
    if (trials_.empty()) {
        drawText(t, ctx_.res->font, "No trials found in " + ctx_.dataDir + "/trials", 24, cx, 300.f, sf::Color::White,
                 Align::Center);
        return;
    }
    const FighterTrials& ft = current();
    if (kind_.perFighter) drawGroupName(t);
    const float head = kind_.perFighter ? 184.f : 128.f, top = head + 48.f;
    const std::string count =
        std::to_string(progress_.doneCount(ft)) + " of " + std::to_string(ft.trials.size()) + " passed";
    drawText(t, ctx_.res->font, count, 18, cx, head, sf::Color(255, 230, 150), Align::Center, 1.5f);
    // The rows share what is left above the instruction box and the keys line (58 px each at most).
    const float step = std::min(58.f, (height - top - 140.f) / float(ft.trials.size()));
    drawList(t, top, step);
    const sim::RunFile& chosen = ft.trials[std::size_t(cursor_)];
    const std::string how = chosen.captions.empty() ? "" : chosen.captions.front().text;
    const float boxY = top + step * float(ft.trials.size()) + 16.f;
    fillRect(t, 110.f, boxY, width - 220.f, 52.f, sf::Color(12, 10, 24, 230), sf::Color(255, 210, 100, 160), 1.5f);
    drawRichText(t, ctx_.res->font, how, 20, cx, boxY + 12.f, sf::Color::White, *ctx_.bindings);
    if (!problem_.empty()) {
        drawTextFitted(t, ctx_.res->font, problem_, 15, cx, height - 70.f, sf::Color(255, 140, 120), width - 40.f, 1.f);
    }
}

}  // namespace

std::unique_ptr<Screen> makeTrialsPage(Context& ctx) {
    std::vector<FighterTrials> trials;
    io::Error error;
    bool ok = loadTrials(ctx.dataDir, ctx.fighterIds, trials, error);
    for (std::size_t i = 0; ok && i < trials.size(); ++i) ok = checkLessons(ctx, trials[i].trials, error);
    if (!ok) {
        std::cerr << error.text() << "\n";
        ctx.quit = true;
        ctx.exitCode = 2;
        return nullptr;
    }
    return std::make_unique<TrialsPage>(ctx, std::move(trials), kTrialsKind);
}

std::unique_ptr<Screen> makeTutorialPage(Context& ctx) {
    std::vector<FighterTrials> lessons(1, FighterTrials{kTutorialGroup, {}});
    if (!loadTutorialOrQuit(ctx, lessons[0].trials)) return nullptr;
    return std::make_unique<TrialsPage>(ctx, std::move(lessons), kTutorialKind);
}

}  // namespace app
