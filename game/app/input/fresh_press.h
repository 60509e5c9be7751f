#pragma once
// A menu that opens by itself under a player's hands (the match-over menu, right after the K.O.) must not take a
// press meant for the fight: someone mashing light attack as the match ends would otherwise pick its first item.
// A confirm counts only when it is fresh: the confirm buttons have all been up for a calm moment since the menu
// opened, so a held button and a mash both wait until the hands stop. Menus opened on purpose use no calm.
// Header-only and free of SFML, so the app tests check it without a window.
#include "game/app/input/bindings.h"

namespace app {

/// Decides which confirm presses a menu takes.
class FreshPress {
public:
    static constexpr int kCalmTicks = 15;  ///< a quarter second of hands off the confirm buttons

    /// A gate for the buttons `keys`; calmTicks = 0 takes every press.
    FreshPress(ActionSet keys, int calmTicks) : keys_(keys), need_(calmTicks) {}

    /// One tick's held and pressed actions: true when it confirms.
    bool confirms(ActionSet held, ActionSet pressed) {
        const bool press = (pressed & keys_) != 0 && calm_ >= need_;
        calm_ = (held & keys_) != 0 || (pressed & keys_) != 0 ? 0 : calm_ + 1;
        return press;
    }

private:
    ActionSet keys_;
    int need_;
    int calm_ = 0;  // ticks in a row with every confirm button up (since the menu opened)
};

}  // namespace app
