// The Options screen and the first-start welcome page. W/S choose a row, A/D (or the arrows, or Enter on the Options
// screen; on the welcome page Enter goes on) change its value; the change applies at once (a new window for the window
// rows, the volume for the next sound), and leaving
// saves settings.cfg when something changed. The welcome page, shown once when there is no settings file, offers
// only the two input styles, saves them and goes on to mode select.
#include "game/app/draw.h"
#include "game/app/fight/fight_draw.h"
#include "game/app/menus/options_model.h"
#include "game/app/screen.h"

#include <SFML/Window/VideoMode.hpp>

#include <vector>

namespace app {
namespace {

class OptionsScreen : public Screen {
public:
    OptionsScreen(Context& ctx, bool welcome) : ctx_(ctx), welcome_(welcome), entered_(ctx.settings) {
        if (welcome) rows_ = {OptionRow::P1Style, OptionRow::P2Style, OptionRow::Done};
        else
            for (int r = 0; r < int(OptionRow::kCount); ++r) rows_.push_back(OptionRow(r));
    }

    void tick(const Tick& in) override {
        ++ticks_;
        const int n = int(rows_.size());
        if (in.pressedAny(kEitherUp)) cursor_ = (cursor_ + n - 1) % n, ctx_.res->sound.play(Sfx::Blip);
        if (in.pressedAny(kEitherDown)) cursor_ = (cursor_ + 1) % n, ctx_.res->sound.play(Sfx::Blip);
        const OptionRow row = rows_[std::size_t(cursor_)];
        // On the welcome page Enter goes on from any row (a newcomer pressing Enter through the first screens keeps
        // the style shown and is never stuck toggling it); left and right change the row.
        if (in.pressedAny(bit(kBack)) || ((row == OptionRow::Done || welcome_) && in.pressedAny(kStartOrLight)))
            return leave();
        const int dir = in.pressedAny(kEitherLeft) ? -1 : in.pressedAny(kEitherRight | kStartOrLight) ? 1 : 0;
        const sf::VideoMode desk = sf::VideoMode::getDesktopMode();  // a window larger than the desktop runs off it
        if (!stepOption(ctx_.settings, row, dir, int(desk.width), int(desk.height))) return;
        ctx_.res->sound.setVolume(ctx_.settings.volume);
        ctx_.res->sound.play(Sfx::Blip);
        if (changesWindow(row)) ctx_.displayChanged = true;
    }

    void draw(sf::RenderTarget& t) override {
        StageView v;
        drawStage(t, v, ticks_);
        const float w = float(ctx_.width), cx = w / 2.f;
        fillRect(t, 0.f, 0.f, w, float(ctx_.height), sf::Color(10, 6, 20, 170));
        drawText(t, ctx_.res->display, welcome_ ? "WELCOME" : "OPTIONS", 76, cx, 50.f, sf::Color(255, 220, 110),
                 Align::Center, 4.f);
        float y = 150.f;
        if (welcome_) {
            const char* lines[] = {
                "How should specials come out? Each player can choose (Options in the mode menu changes it later).",
                "motion: the genre's way: down, down-forward, forward + special (a fireball; Nova's dash punch).",
                "simple: special alone does it, forward + special is the anti-air (the motions still work).",
            };
            for (const char* l : lines)
                drawText(t, ctx_.res->font, l, 18, cx, y, sf::Color(230, 225, 245), Align::Center, 1.5f), y += 28.f;
            y += 30.f;
        }
        for (std::size_t i = 0; i < rows_.size(); ++i) {
            const bool on = int(i) == cursor_;
            const OptionRow row = rows_[i];
            const float ry = y + 50.f * float(i);
            if (on)
                fillRect(t, cx - 420.f, ry - 4.f, 840.f, 42.f, sf::Color(255, 200, 80, 60), sf::Color(255, 210, 100),
                         2.f);
            const sf::Color c = on ? sf::Color(255, 240, 180) : sf::Color(210, 210, 220);
            if (row == OptionRow::Done) {
                drawText(t, ctx_.res->font, welcome_ ? "Continue" : "Done", 26, cx, ry, c, Align::Center, 2.f);
                continue;
            }
            drawText(t, ctx_.res->font, optionLabel(row), 24, cx - 400.f, ry + 2.f, c, Align::Left, 2.f);
            std::string shown = optionValue(ctx_.settings, row, ctx_.glRenderer);
            if (row == OptionRow::Volume && ctx_.flags->mute)
                shown += "  (sound off this run: --mute)";  // the saved volume
            const std::string value = on ? "\u25c0  " + shown + "  \u25b6" : shown;
            drawText(t, ctx_.res->font, value, 24, cx + 400.f, ry + 2.f, c, Align::Right, 2.f);
        }
        const std::string where = ctx_.settingsPath.empty() ? "not saved: no folder for settings"
                                                            : "saved to " + shownPath(ctx_.settingsPath);
        const std::string keys = welcome_ ? "W/S: choose    A/D: change    Enter: go on ("
                                          : "W/S: choose    A/D: change    Esc or Done: back (";
        drawText(t, ctx_.res->font, keys + where + ")", 16, cx, float(ctx_.height) - 70.f, sf::Color(200, 200, 210),
                 Align::Center, 1.f);
    }

private:
    void leave() {
        ctx_.res->sound.play(Sfx::Blip);
        // The welcome page saves even an unchanged choice: it is the answer to the first-start question.
        if (ctx_.settings != entered_ || welcome_) saveSettings(ctx_);
        ctx_.firstStart = false;
        ctx_.stack->pop();
        if (welcome_) ctx_.stack->push(makeModeSelect(ctx_));
    }

    Context& ctx_;
    bool welcome_;
    io::Settings entered_;  // the settings when the screen opened: leaving saves only a change
    std::vector<OptionRow> rows_;
    int cursor_ = 0;
    long ticks_ = 0;
};

}  // namespace

std::unique_ptr<Screen> makeOptions(Context& ctx, bool welcome) {
    return std::make_unique<OptionsScreen>(ctx, welcome);
}

}  // namespace app
