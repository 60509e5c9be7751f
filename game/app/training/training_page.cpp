// The pause menu's training page: every training setting the hotkeys reach, and those only it reaches (the
// reversal move, throw techs, the recording slots), on one screen. Up/down pick a row, left/right change its value
// (a dummy setting restarts the match with it, as the hotkey's does; a slot choice restarts nothing), Enter on the
// recording rows starts recording into the chosen slot or plays back and returns to the fight; Esc goes back to
// the pause menu. Each row names its hotkey.
#include "game/app/draw.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/screen.h"
#include "game/io/names.h"

#include <algorithm>

namespace app {
namespace {

class TrainingPage : public Screen {
public:
    TrainingPage(Context& ctx, FightScreen& fight) : ctx_(ctx), fight_(fight) {}

    void tick(const Tick& in) override {
        TrainingTools* tools = fight_.trainingTools();
        if (tools == nullptr || in.pressedAny(bit(kBack))) return ctx_.stack->pop();
        if (in.pressedAny(kEitherUp)) row_ = (row_ + kRows - 1) % kRows, ctx_.res->sound.play(Sfx::Blip);
        if (in.pressedAny(kEitherDown)) row_ = (row_ + 1) % kRows, ctx_.res->sound.play(Sfx::Blip);
        const int step = in.pressedAny(kEitherLeft) ? -1 : in.pressedAny(kEitherRight) ? 1 : 0;
        const bool ok = in.pressedAny(kStartOrLight);
        const FightSource& src = fight_.source();
        const sim::MatchSetup& s = src.setup();
        if (step != 0) {
            ctx_.res->sound.play(Sfx::Blip);
            if (row_ == kRowDummy) {  // the stances and guards F6 cycles through (recording has its own rows)
                const int d = int(s.dummy) < sim::kDummyModes ? int(s.dummy) : 0;
                fight_.applyTrainingChange(
                    tools->dummyChange(src, sim::DummyMode((d + step + sim::kDummyModes) % sim::kDummyModes)));
            } else if (row_ == kRowReversal) {
                const std::vector<std::string> moves = sim::reversalMoves(src.fight().def(1));  // "" (none) first
                const int n = int(moves.size()) + 1;
                const auto at = std::find(moves.begin(), moves.end(), s.reversal);
                const int now = s.reversal.empty() || at == moves.end() ? 0 : int(at - moves.begin()) + 1;
                const int next = (now + step + n) % n;
                fight_.applyTrainingChange(
                    tools->reversalChange(src, next == 0 ? std::string() : moves[std::size_t(next - 1)]));
            } else if (row_ == kRowTech) {
                fight_.applyTrainingChange(tools->techChange(src, sim::DummyTech((int(s.throwTech) + step + 3) % 3)));
            } else if (row_ == kRowCounter) {
                fight_.applyTrainingChange(
                    tools->counterChange(src, sim::CounterHits((int(s.counter) + step + 3) % 3)));
            } else if (row_ == kRowPosition) {
                fight_.applyTrainingChange(tools->positionChangeTo(src, tools->position() + step));
            } else if (row_ == kRowRecord && s.dummy != sim::DummyMode::Record) {
                tools->chooseRecordSlot(tools->recordSlot() + step);
            } else if (row_ == kRowPlay) {
                tools->choosePlaySlot(tools->playSlot() + step);
            }
        }
        if (ok && (row_ == kRowRecord || (row_ == kRowPlay && canPlay(*tools, s)))) {
            // Record: P1's keys drive the dummy (Enter here or the hotkey again plays it back); Play: the tapes again.
            fight_.applyTrainingChange(row_ == kRowRecord ? tools->recordingChange(src, *ctx_.bindings)
                                                          : tools->playbackChange(src));
            ctx_.stack->pop();  // the page
            ctx_.stack->pop();  // the pause menu: back to the fight
        } else if (ok && row_ == kRowBack) {
            ctx_.stack->pop();
        }
    }

    void draw(sf::RenderTarget& t) override {
        const float w = float(ctx_.width), cx = w / 2.f;
        fillRect(t, 0.f, 0.f, w, float(ctx_.height), sf::Color(0, 0, 0, 170));
        fillRect(t, cx - 380.f, 100.f, 760.f, 470.f, sf::Color(16, 12, 30), sf::Color(255, 210, 100), 2.f);
        drawText(t, ctx_.res->display, "TRAINING", 46, cx, 110.f, sf::Color(255, 220, 110), Align::Center, 3.f);
        const TrainingTools* tools = fight_.trainingTools();
        if (tools == nullptr) return;
        const sim::MatchSetup& s = fight_.source().setup();
        const Bindings& b = *ctx_.bindings;
        static const char* const kCounter[] = {"off", "on (+20% damage, +4 hitstun)",
                                               "always (every hit on the dummy)"};
        static const char* const kTech[] = {"never", "always", "random (a coin per grab)"};
        std::string reversal = "none";
        if (!s.reversal.empty()) {
            const sim::FighterDef& d = fight_.source().fight().def(1);
            const int anim = d.anim(s.reversal);
            reversal = anim >= 0 && !d.anims[std::size_t(anim)].display.empty() ? d.anims[std::size_t(anim)].display
                                                                                : s.reversal;
        } else if (s.dummy == sim::DummyMode::Reversal) {
            reversal = "none (reversal mode: the uppercut)";
        }
        const int rec = tools->recordSlot(), play = tools->playSlot();
        const std::string recording =
            s.dummy == sim::DummyMode::Record
                ? "slot " + std::to_string(rec) + " recording: Enter plays it"
                : "slot " + std::to_string(rec) + " (" + std::to_string(tools->tapeFrames(rec)) + " frames)";
        std::string playing = play == 0 ? "a random filled slot" : "slot " + std::to_string(play);
        if (s.dummy != sim::DummyMode::Record && !canPlay(*tools, s)) playing += ": nothing recorded";
        else if (play != 0) playing += " (" + std::to_string(tools->tapeFrames(play)) + " frames)";
        if (s.dummy == sim::DummyMode::Playback && s.playSlot == play) playing += ", playing";
        const std::string rows[kRows][3] = {
            {"Dummy", sim::dummyName(s.dummy), firstKeyText(b, kDummyNext) + ", 1-5"},
            {"Reversal", reversal, "page"},
            {"Throw tech", kTech[int(s.throwTech)], "page"},
            {"Counter hits", kCounter[int(s.counter)], firstKeyText(b, kDummyCounter)},
            {"Start position", TrainingTools::positionName(tools->position()), firstKeyText(b, kPosition)},
            {"Record the dummy", recording, firstKeyText(b, kDummyRecord)},
            {"Play back", playing, firstKeyText(b, kDummyRecord)},
            {"Back", "", "Esc"},
        };
        for (int i = 0; i < kRows; ++i) {
            const float y = 190.f + 42.f * float(i);  // below the heading, the highlight included
            const bool on = i == row_;
            if (on)
                fillRect(t, cx - 360.f, y - 6.f, 720.f, 38.f, sf::Color(255, 200, 80, 50), sf::Color(255, 210, 100),
                         2.f);
            const sf::Color text = on ? sf::Color(255, 240, 180) : sf::Color(215, 215, 225);
            drawText(t, ctx_.res->font, rows[i][0], 22, cx - 340.f, y, text, Align::Left, 1.5f);
            const std::string value = i < kRowBack ? "\u25c0  " + rows[i][1] + "  \u25b6" : rows[i][1];
            drawText(t, ctx_.res->font, value, 20, cx + 60.f, y + 2.f, text, Align::Center, 1.5f);
            drawText(t, ctx_.res->font, rows[i][2], 15, cx + 340.f, y + 6.f, sf::Color(170, 170, 190), Align::Right);
        }
        drawText(t, ctx_.res->font, "W/S: row    A/D: change (the match restarts)    Enter: choose    Esc: back", 16,
                 cx, 536.f, sf::Color(200, 200, 210), Align::Center, 1.f);
    }

    bool transparent() const override { return true; }

private:
    enum Row { kRowDummy, kRowReversal, kRowTech, kRowCounter, kRowPosition, kRowRecord, kRowPlay, kRowBack, kRows };
    static bool canPlay(const TrainingTools& tools, const sim::MatchSetup& s) {
        if (s.dummy == sim::DummyMode::Record) return false;
        if (tools.playSlot() != 0) return tools.tapeFrames(tools.playSlot()) > 0;
        for (int n = 1; n <= sim::kTapeSlots; ++n) {
            if (tools.tapeFrames(n) > 0) return true;
        }
        return false;
    }
    Context& ctx_;
    FightScreen& fight_;
    int row_ = 0;
};

}  // namespace

std::unique_ptr<Screen> makeTrainingPage(Context& ctx, FightScreen& fight) {
    return std::make_unique<TrainingPage>(ctx, fight);
}

}  // namespace app
