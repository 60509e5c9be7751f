// The pause menu's bug report: the player types what looked wrong, and the match so far is written as a replay
// with that note on the frame on screen (sim::writeBugReport), into the replay folder. The web viewer and
// `game_headless --replay` open it at that frame. Typing goes through the window's text events, so the player's
// letter keys type letters here; Enter (start) saves and Esc (back) cancels, as in every menu.
#include "game/app/draw.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/replays/match_recorder.h"
#include "game/app/screen.h"
#include "game/io/atomic_file.h"
#include "game/io/bug_report.h"
#include "game/io/run_file.h"

#include <SFML/Graphics/Text.hpp>

#include <string>

namespace app {
namespace {

class BugReportScreen : public Screen {
public:
    BugReportScreen(Context& ctx, const FightScreen& fight) : ctx_(ctx), fight_(fight) {
        const std::vector<sim::FrameInput>* played = fight.source().playedInputs();
        frame_ = played != nullptr ? std::int64_t(played->size()) : -1;
    }

    void tick(const Tick& in) override {
        ++ticks_;
        if (in.pressedAny(bit(kBack))) {
            ctx_.stack->pop();
        } else if (in.pressedAny(bit(kStart))) {
            if (!saved_.empty() || frame_ < 0) ctx_.stack->pop();
            else save();
        }
    }

    void text(std::uint32_t unicode) override {
        if (!saved_.empty() || frame_ < 0) return;
        error_.clear();
        if (unicode == 8 && !note_.empty()) note_.pop_back();
        // Printable ASCII only: a note is one line of a replay file ('#' would start a comment there).
        if (unicode >= 32 && unicode < 127 && unicode != '#' && note_.size() < sim::kMaxNoteChars)
            note_ += char(unicode);
    }

    void draw(sf::RenderTarget& t) override {
        const float w = float(ctx_.width), cx = w / 2.f;
        fillRect(t, 0.f, 0.f, w, float(ctx_.height), sf::Color(0, 0, 0, 170));
        fillRect(t, cx - 500.f, 150.f, 1000.f, 330.f, sf::Color(16, 12, 30, 250), sf::Color(255, 210, 100), 2.f);
        drawText(t, ctx_.res->display, "BUG REPORT", 44, cx, 170.f, sf::Color(255, 220, 110), Align::Center, 3.f);
        const sf::Color soft(210, 210, 220);
        if (frame_ < 0) {
            drawText(t, ctx_.res->font, "This fight cannot be saved as a bug report (only matches played here can).",
                     20, cx, 260.f, soft, Align::Center, 1.f);
            drawText(t, ctx_.res->font, "Enter or Esc: back", 18, cx, 420.f, soft, Align::Center, 1.f);
            return;
        }
        if (!saved_.empty()) {
            drawText(t, ctx_.res->font,
                     "Saved here. Open it in the web viewer (scripts/web) or with game_headless --replay FILE.", 20, cx,
                     250.f, soft, Align::Center, 1.f);
            drawFitted(t, ctx_.res->mono, saved_, 18, cx, 290.f, sf::Color(150, 230, 150));
            drawText(t, ctx_.res->font, "Enter or Esc: back to the pause menu", 18, cx, 420.f, soft, Align::Center,
                     1.f);
            return;
        }
        drawText(t, ctx_.res->font,
                 "What looked wrong at frame " + std::to_string(frame_) + "? Type it and press Enter.", 20, cx, 240.f,
                 soft, Align::Center, 1.f);
        fillRect(t, cx - 460.f, 290.f, 920.f, 44.f, sf::Color(40, 36, 60), sf::Color(180, 180, 200), 1.f);
        const std::string shown = note_ + ((ticks_ / 30) % 2 == 0 ? "_" : " ");
        drawFitted(t, ctx_.res->mono, shown, 20, cx, 300.f, sf::Color::White);
        if (!error_.empty()) drawFitted(t, ctx_.res->font, error_, 18, cx, 350.f, sf::Color(255, 110, 100));
        drawText(t, ctx_.res->font, "The match so far is saved as a replay with your note on this frame.", 16, cx,
                 395.f, soft, Align::Center, 1.f);
        drawText(t, ctx_.res->font, "Enter: save    Esc: cancel", 18, cx, 430.f, soft, Align::Center, 1.f);
    }

    bool transparent() const override { return true; }

private:
    /// Centred text, with its start cut ("...") so that it fits the panel.
    void drawFitted(sf::RenderTarget& t, const sf::Font& font, std::string s, unsigned size, float cx, float y,
                    sf::Color c) {
        sf::Text probe(s, font, size);
        while (s.size() > 4 && probe.getLocalBounds().width > 900.f) {
            s = "..." + s.substr(4);
            probe.setString(s);
        }
        drawText(t, font, s, size, cx, y, c, Align::Center, 1.f);
    }

    void save() {
        if (sim::noteText(note_).empty()) {
            error_ = "Type a few words first: what looked wrong?";
            return;
        }
        const FightSource& src = fight_.source();
        const std::vector<sim::FrameInput>* played = src.playedInputs();
        const sim::MatchSetup& s = src.setup();
        const std::string folder = io::makeFolder(ctx_.flags->replayDir);
        const std::string path =
            freshReplayPath(ctx_.flags->replayDir, "bugreport-" + s.fighter[0] + "-vs-" + s.fighter[1]);
        std::string placed;
        const std::string failure =
            played == nullptr ? "the match is too long to save"
            : !folder.empty() ? folder
                              : sim::writeBugReport(path, s, src.fighter(0), src.fighter(1), *played, note_, &placed);
        if (failure.empty()) {
            saved_ = placed;
        } else {
            error_ = failure;
            reportWriteFailure(ctx_, failure);
        }
    }

    Context& ctx_;
    const FightScreen& fight_;
    std::int64_t frame_ = -1;  // the frame on screen; -1 when the source keeps no inputs
    std::string note_;
    std::string error_;
    std::string saved_;  // the file written
    long ticks_ = 0;
};

}  // namespace

std::unique_ptr<Screen> makeBugReport(Context& ctx, const FightScreen& fight) {
    return std::make_unique<BugReportScreen>(ctx, fight);
}

}  // namespace app
