// The replay browser: the recorded matches in the replay folder, newest first, with date, mode, fighters, winner
// and length; Enter plays the one selected in the fight view (F1 overlay, P freeze, F10 frame step, F3 slow
// motion), Esc goes back. Each file is read and played through the rules once to find its winner, one file a tick,
// so a long list fills in without stalling the menu.
#include "game/app/draw.h"
#include "game/app/fight/fight_draw.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/replays/replay_list.h"
#include "game/app/screen.h"
#include "game/io/names.h"

#include <algorithm>

namespace app {
namespace {

constexpr int kVisibleRows = 11;

class ReplayBrowser : public Screen {
public:
    explicit ReplayBrowser(Context& ctx) : ctx_(ctx), dir_(ctx.flags->replayDir) {
        if (!dir_.empty()) list_ = listReplays(dir_);
    }

    void tick(const Tick& in) override {
        ++ticks_;
        describeNext();
        const int n = int(list_.size());
        if (in.pressedAny(bit(kBack))) return ctx_.stack->pop();
        if (n == 0) return;
        const int before = cursor_;
        if (in.pressedAny(kEitherUp)) cursor_ = (cursor_ + n - 1) % n;
        if (in.pressedAny(kEitherDown)) cursor_ = (cursor_ + 1) % n;
        if (in.pressedAny(kEitherLeft)) cursor_ = std::max(0, cursor_ - kVisibleRows);
        if (in.pressedAny(kEitherRight)) cursor_ = std::min(n - 1, cursor_ + kVisibleRows);
        if (cursor_ != before) ctx_.res->sound.play(Sfx::Blip), message_.clear();
        top_ = std::min(std::max(top_, cursor_ - kVisibleRows + 1), cursor_);
        if (in.pressedAny(kStartOrLight)) play();
    }

    void draw(sf::RenderTarget& t) override {
        StageView v;
        drawStage(t, v, ticks_);
        const float w = float(ctx_.width), cx = w / 2.f;
        fillRect(t, 0.f, 0.f, w, float(ctx_.height), sf::Color(10, 6, 20, 200));
        drawText(t, ctx_.res->display, "REPLAYS", 64, cx, 22.f, sf::Color(255, 220, 110), Align::Center, 4.f);
        const std::string where = dir_.empty() ? "no replay folder (no HOME; pass --replay-dir DIR)" : shownPath(dir_);
        drawTextFitted(t, ctx_.res->font, where, 15, cx, 96.f, sf::Color(200, 200, 215), w - 40.f);
        const float x0 = 60.f, top = 140.f, rowH = 38.f;
        const float col[] = {x0, x0 + 200.f, x0 + 340.f, x0 + 760.f, x0 + 1080.f};
        const char* heads[] = {"DATE", "MODE", "FIGHTERS", "RESULT", "LENGTH"};
        for (int c = 0; c < 5; ++c) {  // the fighters and the result are centred in their columns, so their heads are
            const bool centred = c == 2 || c == 3;
            drawText(t, ctx_.res->font, heads[c], 15, centred ? (col[c] + col[c + 1] - 20.f) / 2.f : col[c], top - 26.f,
                     sf::Color(255, 210, 120), centred ? Align::Center : Align::Left);
        }
        if (list_.empty()) {
            drawText(t, ctx_.res->font, "No recorded matches yet: every match you play is recorded here.", 22, cx,
                     top + 60.f, sf::Color(230, 230, 240), Align::Center, 1.5f);
        }
        for (int i = top_; i < std::min(int(list_.size()), top_ + kVisibleRows); ++i) {
            const ReplayInfo& r = list_[std::size_t(i)];
            const float y = top + rowH * float(i - top_);
            const bool on = i == cursor_;
            if (on)
                fillRect(t, x0 - 12.f, y - 4.f, w - 2.f * x0 + 24.f, rowH - 4.f, sf::Color(255, 200, 80, 60),
                         sf::Color(255, 210, 100), 2.f);
            const sf::Color c = on ? sf::Color(255, 240, 180) : sf::Color(220, 220, 230);
            drawText(t, ctx_.res->font, r.date.empty() ? "-" : r.date, 18, col[0], y, c);
            if (!r.described) {
                drawText(t, ctx_.res->font, "...", 18, col[1], y, c);
                continue;
            }
            if (!r.error.empty()) {
                drawTextFitted(t, ctx_.res->font, "cannot play: " + r.error, 16, (col[1] + w - x0) / 2.f, y + 2.f,
                               sf::Color(255, 150, 120), w - x0 - col[1]);
                continue;
            }
            drawText(t, ctx_.res->font, modeTitle(r.mode), 18, col[1], y, c);
            drawTextFitted(t, ctx_.res->font, name(r.fighter[0]) + "  vs  " + name(r.fighter[1]), 18,
                           (col[2] + col[3] - 20.f) / 2.f, y, c, col[3] - col[2] - 20.f);
            const std::string outcome = !r.finished    ? "not finished"
                                        : r.winner < 0 ? "draw"
                                                       : playerName(r, r.winner) + " wins";
            const std::string result = r.cut ? "cut by a crash, " + outcome : outcome;
            drawTextFitted(t, ctx_.res->font, result, 18, (col[3] + col[4] - 20.f) / 2.f, y, c, col[4] - col[3] - 20.f);
            drawText(t, ctx_.res->font, lengthText(r.frames), 18, col[4], y, c);
        }
        if (int(list_.size()) > kVisibleRows) {
            drawText(t, ctx_.res->font, std::to_string(cursor_ + 1) + " / " + std::to_string(list_.size()), 15, w - x0,
                     top + rowH * float(kVisibleRows), sf::Color(200, 200, 215), Align::Right);
        }
        if (!message_.empty()) {
            drawTextFitted(t, ctx_.res->font, message_, 17, cx, float(ctx_.height) - 80.f, sf::Color(255, 150, 120),
                           w - 40.f);
        }
        drawText(t, ctx_.res->font,
                 "W/S: choose    A/D: page    Enter: play (F1 boxes, P freeze, F10 step)    Esc: back", 16, cx,
                 float(ctx_.height) - 40.f, sf::Color(200, 200, 210), Align::Center, 1.f);
    }

private:
    std::string name(const std::string& id) const {
        const sim::FighterDef* d = ctx_.fighter(id);
        return d != nullptr ? d->display : id;
    }
    std::string playerName(const ReplayInfo& r, int p) const {
        return (r.fighter[0] == r.fighter[1] ? (p == 0 ? "P1 " : "P2 ") : "") + name(r.fighter[p]);
    }

    /// Describes the first listed file not yet described (the visible ones first).
    void describeNext() {
        const auto fighters = [this](const std::string& id) { return ctx_.fighter(id); };
        for (int pass = 0; pass < 2; ++pass) {
            const int from = pass == 0 ? top_ : 0;
            const int to = pass == 0 ? std::min(int(list_.size()), top_ + kVisibleRows) : int(list_.size());
            for (int i = from; i < to; ++i) {
                if (list_[std::size_t(i)].described) continue;
                describeReplay(list_[std::size_t(i)], fighters);
                return;
            }
        }
    }

    void play() {
        ReplayInfo& r = list_[std::size_t(cursor_)];
        if (!r.described) describeReplay(r, [this](const std::string& id) { return ctx_.fighter(id); });
        if (!r.error.empty()) {
            message_ = r.error;
            return;
        }
        sim::RunFile run;
        io::Error error;
        if (!sim::loadRunFile(r.path, run, error)) {  // changed since it was listed
            message_ = error.text();
            return;
        }
        if (!ctx_.fighter(run.setup.fighter[0]) || !ctx_.fighter(run.setup.fighter[1])) {
            message_ = r.path + ": names a fighter that was not loaded";
            return;
        }
        ctx_.res->sound.play(Sfx::Blip);
        ctx_.stack->push(makeReplayFight(ctx_, run));
    }

    Context& ctx_;
    std::string dir_;
    std::vector<ReplayInfo> list_;
    std::string message_;
    int cursor_ = 0;
    int top_ = 0;
    long ticks_ = 0;
};

}  // namespace

std::unique_ptr<Screen> makeReplayBrowser(Context& ctx) { return std::make_unique<ReplayBrowser>(ctx); }

}  // namespace app
