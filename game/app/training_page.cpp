// The pause menu's training page: every training setting the hotkeys reach, on one screen. Up/down pick a row,
// left/right change its value (the match restarts with it, as the hotkey's does), Enter on the recording rows
// starts recording or plays the tape back and returns to the fight; Esc goes back to the pause menu. Each row
// names its hotkey.
#include "game/app/draw.h"
#include "game/app/fight_screen.h"
#include "game/app/screen.h"
#include "game/io/names.h"

namespace app {
namespace {

class TrainingPage : public Screen {
public:
    TrainingPage(Context& ctx, FightScreen& fight) : ctx_(ctx), fight_(fight) {}

    void tick(const Tick& in) override {
        TrainingTools* tools = fight_.trainingTools();
        if (tools == nullptr || in.pressedAny(bit(kBack))) return ctx_.stack->pop();
        const ActionSet up = bit(kP1Up) | bit(kP2Up), down = bit(kP1Down) | bit(kP2Down);
        const ActionSet left = bit(kP1Left) | bit(kP2Left), right = bit(kP1Right) | bit(kP2Right);
        if (in.pressedAny(up)) row_ = (row_ + kRows - 1) % kRows, ctx_.res->sound.play(Sfx::Blip);
        if (in.pressedAny(down)) row_ = (row_ + 1) % kRows, ctx_.res->sound.play(Sfx::Blip);
        const int step = in.pressedAny(left) ? -1 : in.pressedAny(right) ? 1 : 0;
        const bool ok = in.pressedAny(bit(kStart) | bit(kP1Light));
        const FightSource& src = fight_.source();
        const sim::MatchSetup& s = src.setup();
        if (step != 0) {
            ctx_.res->sound.play(Sfx::Blip);
            if (row_ == 0) {  // the stances and guards F6 cycles through (recording has its own rows)
                const int d = int(s.dummy) < sim::kDummyModes ? int(s.dummy) : 0;
                fight_.applyTrainingChange(tools->dummyChange(src, sim::DummyMode((d + step + sim::kDummyModes) % sim::kDummyModes)));
            } else if (row_ == 1) {
                fight_.applyTrainingChange(tools->counterChange(src, sim::CounterHits((int(s.counter) + step + 3) % 3)));
            } else if (row_ == 2) {
                fight_.applyTrainingChange(tools->positionChangeTo(src, tools->position() + step));
            }
        }
        const bool canPlay = tools->tapeFrames() > 0 && s.dummy != sim::DummyMode::Record;
        if (ok && (row_ == 3 || (row_ == 4 && canPlay))) {
            // Record: P1's keys drive the dummy (Enter here or the hotkey again plays it back); Play: the tape again.
            fight_.applyTrainingChange(row_ == 3 ? tools->recordingChange(src, *ctx_.bindings) : tools->playbackChange(src));
            ctx_.stack->pop();  // the page
            ctx_.stack->pop();  // the pause menu: back to the fight
        } else if (ok && row_ == 5) {
            ctx_.stack->pop();
        }
    }

    void draw(sf::RenderTarget& t) override {
        const float w = float(ctx_.width), cx = w / 2.f;
        fillRect(t, 0.f, 0.f, w, float(ctx_.height), sf::Color(0, 0, 0, 170));
        fillRect(t, cx - 380.f, 110.f, 760.f, 450.f, sf::Color(16, 12, 30, 245), sf::Color(255, 210, 100), 2.f);
        drawText(t, ctx_.res->font, "TRAINING", 44, cx, 124.f, sf::Color(255, 220, 110), Align::Center, 3.f);
        const TrainingTools* tools = fight_.trainingTools();
        if (tools == nullptr) return;
        const sim::MatchSetup& s = fight_.source().setup();
        const Bindings& b = *ctx_.bindings;
        static const char* const kCounter[] = {"off", "on (+20% damage, +4 hitstun)", "always (every hit on the dummy)"};
        const std::string tape = std::to_string(tools->tapeFrames()) + " frames";
        const std::string rows[kRows][3] = {
            {"Dummy", sim::dummyName(s.dummy), firstKeyText(b, kDummyNext) + ", 1-5"},
            {"Counter hits", kCounter[int(s.counter)], firstKeyText(b, kDummyCounter)},
            {"Start position", TrainingTools::positionName(tools->position()), firstKeyText(b, kPosition)},
            {"Record the dummy", s.dummy == sim::DummyMode::Record ? "recording: Enter plays it back" : "Enter: your keys drive it",
             firstKeyText(b, kDummyRecord)},
            {"Play the recording", tools->tapeFrames() == 0 ? "nothing recorded" : s.dummy == sim::DummyMode::Playback ? "playing, " + tape : tape,
             firstKeyText(b, kDummyRecord)},
            {"Back", "", "Esc"},
        };
        for (int i = 0; i < kRows; ++i) {
            const float y = 200.f + 54.f * float(i);
            const bool on = i == row_;
            if (on) fillRect(t, cx - 360.f, y - 6.f, 720.f, 44.f, sf::Color(255, 200, 80, 50), sf::Color(255, 210, 100), 2.f);
            const sf::Color text = on ? sf::Color(255, 240, 180) : sf::Color(215, 215, 225);
            drawText(t, ctx_.res->font, rows[i][0], 22, cx - 340.f, y, text, Align::Left, 1.5f);
            const std::string value = i <= 2 && !rows[i][1].empty() ? "\u25c0  " + rows[i][1] + "  \u25b6" : rows[i][1];
            drawText(t, ctx_.res->font, value, 20, cx + 60.f, y + 2.f, text, Align::Center, 1.5f);
            drawText(t, ctx_.res->font, rows[i][2], 15, cx + 340.f, y + 6.f, sf::Color(170, 170, 190), Align::Right);
        }
        drawText(t, ctx_.res->font, "W/S: row    A/D: change (the match restarts)    Enter: choose    Esc: back", 16, cx, 530.f,
                 sf::Color(200, 200, 210), Align::Center, 1.f);
    }

    bool transparent() const override { return true; }

private:
    static constexpr int kRows = 6;
    Context& ctx_;
    FightScreen& fight_;
    int row_ = 0;
};

}  // namespace

std::unique_ptr<Screen> makeTrainingPage(Context& ctx, FightScreen& fight) { return std::make_unique<TrainingPage>(ctx, fight); }

}  // namespace app
