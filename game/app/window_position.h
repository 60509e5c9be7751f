#pragma once
// Where the game window goes on the desktop. The game places its window itself: without a window manager (a bare
// X server such as Xvfb) nobody else does, and SFML's own guess put the 720-pixel window 280 pixels down an
// 800-pixel screen, cutting off its bottom. Kept free of SFML so the tests can check it without a display.

namespace app {

/// A window's top-left corner in desktop pixels.
struct WindowPosition {
    int x = 0;  ///< left edge
    int y = 0;  ///< top edge
};

/// Centres a window on the desktop; on an axis where the desktop is smaller than the window, that edge is 0, so the
/// window's top-left part (the title and menus) stays on screen.
inline WindowPosition centredWindowPosition(unsigned desktopW, unsigned desktopH, unsigned windowW, unsigned windowH) {
    const auto centred = [](unsigned screen, unsigned size) { return screen > size ? int((screen - size) / 2) : 0; };
    return {centred(desktopW, windowW), centred(desktopH, windowH)};
}

}  // namespace app
