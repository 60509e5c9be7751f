// The Controls screen: every action with its keys and gamepad inputs, and rebinding in the game. Select an action
// (W/S or arrows), press Enter, then the key or pad button (or push a stick / d-pad direction) to bind; Esc
// cancels. The new input replaces the action's list, is refused with the config file's own clash message when it
// already drives another fight action, and is saved at once to the config file in use.
//
// Why a screen of its own: it reads raw inputs (Context::lastInput), which no other screen needs, and keeping it
// out of menus.cpp keeps that file's menus small.
#include "game/app/draw.h"
#include "game/app/screen.h"
#include "game/app/view_logic.h"

#include <algorithm>

namespace app {
namespace {

class ControlsScreen : public Screen {
public:
    explicit ControlsScreen(Context& ctx) : ctx_(ctx) {}

    void tick(const Tick& in) override {
        if (listening_) {
            listen();
            return;
        }
        if (in.pressedAny(kEitherUp)) move(0, -1);
        if (in.pressedAny(kEitherDown)) move(0, 1);
        if (in.pressedAny(kEitherLeft | kEitherRight)) move(1, 0);
        if (in.pressedAny(bit(kStart))) {
            listening_ = true;
            ctx_.hasLastInput = false;  // the Enter that started listening is not the new key
            message_ = std::string("press the key or button for ") + actionLabel(Action(cursor_)) + "   (Esc: cancel)";
        } else if (in.pressedAny(bit(kBack))) {
            ctx_.stack->pop();
        }
    }

    void draw(sf::RenderTarget& t) override {
        fillRect(t, 0.f, 0.f, float(ctx_.width), float(ctx_.height), sf::Color(16, 12, 28));
        drawText(t, ctx_.res->display, "CONTROLS", 36, float(ctx_.width) / 2.f, 8.f, sf::Color(255, 220, 110),
                 Align::Center, 3.f);
        const float rowH = 24.f, top = 84.f, colW = float(ctx_.width) / 2.f;
        // The players' buttons first, apart from the keys of the menus, the view, training and the Blaster.
        drawText(t, ctx_.res->font, "PLAYER BUTTONS", 16, 30.f, top - 26.f, sf::Color(120, 190, 255), Align::Left, 1.f);
        drawText(t, ctx_.res->font, "MENU, VIEW, TRAINING AND BLASTER KEYS", 16, 30.f,
                 top + rowH * float(controlsOtherRow()) - 26.f + 4.f, sf::Color(255, 170, 120), Align::Left, 1.f);
        fillRect(t, 30.f, top + rowH * float(controlsOtherRow() - 1) + 2.f, float(ctx_.width) - 60.f, 1.f,
                 sf::Color(120, 110, 150));
        for (int a = 0; a < kActionCount; ++a) {
            const ControlsSlot slot = controlsSlot(Action(a));
            if (slot.row < 0) continue;  // an extra slot the button table does not fill
            const float x = 30.f + colW * float(slot.column);
            const float y = top + rowH * float(slot.row) + (slot.row >= controlsOtherRow() ? 4.f : 0.f);
            if (a == cursor_) {
                fillRect(t, x - 8.f, y - 2.f, colW - 30.f, rowH - 2.f,
                         listening_ ? sf::Color(200, 80, 40, 120) : sf::Color(255, 200, 80, 60));
            }
            drawText(t, ctx_.res->font, actionLabel(Action(a)), 15, x, y, sf::Color(220, 220, 230));
            std::string keys = shownKeys(bindingText(*ctx_.bindings, Action(a)));
            const std::size_t fit = 38;  // characters of the mono font that fit beside the label
            if (keys.size() > fit) keys = keys.substr(0, fit - 3) + "...";
            drawText(t, ctx_.res->mono, keys, 15, x + 230.f, y, sf::Color(255, 230, 150));
        }
        int rows = 0;
        for (int a = 0; a < kActionCount; ++a) rows = std::max(rows, controlsSlot(Action(a)).row + 1);
        const float y = top + rowH * float(rows) + 12.f;
        // Both lines may name a long path: shrunk to the screen's width rather than run off both edges.
        const float room = float(ctx_.width) - 40.f;
        drawTextFitted(t, ctx_.res->font, message_, 17, float(ctx_.width) / 2.f, y, messageColor_, room, 1.f);
        drawTextFitted(t, ctx_.res->font,
                       "W/S or arrows: choose    A/D: other column    Enter: rebind (saved to " + shownPath(path()) +
                           ")    Esc: back",
                       15, float(ctx_.width) / 2.f, float(ctx_.height) - 30.f, sf::Color(200, 200, 210), room);
    }

private:
    /// Moves the cursor to the next action down or up its column (dy), or across to the other column (dx), over
    /// the empty slots.
    void move(int dx, int dy) {
        int rows = 0;
        for (int a = 0; a < kActionCount; ++a) rows = std::max(rows, controlsSlot(Action(a)).row + 1);
        ControlsSlot at = controlsSlot(Action(cursor_));
        if (dx != 0) {
            at.column = 1 - at.column;
            for (int r = at.row; r >= 0; --r) {
                if (controlsActionAt(at.column, r) >= 0) return void(cursor_ = controlsActionAt(at.column, r));
            }
            return;
        }
        for (int step = 1; step <= rows; ++step) {
            const int r = ((at.row + dy * step) % rows + rows) % rows;
            if (controlsActionAt(at.column, r) >= 0) return void(cursor_ = controlsActionAt(at.column, r));
        }
    }

    std::string path() const { return ctx_.controlsPath; }

    void listen() {
        if (!ctx_.hasLastInput) return;
        ctx_.hasLastInput = false;
        listening_ = false;
        const KeyChord c = ctx_.lastInput;
        if (c.joy < 0 && c.key == sf::Keyboard::Escape) {
            message_ = "cancelled";
            messageColor_ = sf::Color(200, 200, 210);
            return;
        }
        const std::string clash = rebind(*ctx_.bindings, Action(cursor_), c);
        std::string error;
        Bindings saved;  // another window's save or a hand edit since ours is kept, action by action
        if (!clash.empty()) {
            message_ = clash + " (not changed)";
            messageColor_ = sf::Color(255, 120, 100);
        } else if (path().empty()
                       ? (error = "controls.cfg: cannot write: no folder for it (no HOME; pass --controls FILE)", true)
                       : !saveBindingsMerging(path(), ctx_.controlsRead, *ctx_.bindings, saved, error,
                                              ctx_.controlsBasis)) {  // the old file is kept whole
            message_ = error + " (bound for this session only; the file was not changed)";
            messageColor_ = sf::Color(255, 120, 100);
            reportWriteFailure(ctx_, error);
        } else {
            *ctx_.bindings = ctx_.controlsRead = saved;
            message_ = std::string(actionLabel(Action(cursor_))) + " = " + shownKeys(chordName(c)) + ", saved";
            messageColor_ = sf::Color(140, 255, 160);
        }
    }

    Context& ctx_;
    int cursor_ = 0;
    bool listening_ = false;
    std::string message_ = "Enter on an action, then press its new key, pad button or direction";
    sf::Color messageColor_ = sf::Color(200, 200, 210);
};

}  // namespace

std::unique_ptr<Screen> makeControls(Context& ctx) { return std::make_unique<ControlsScreen>(ctx); }

}  // namespace app
