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

/// A window's size in pixels.
struct WindowSize {
    unsigned w = 0;  ///< width
    unsigned h = 0;  ///< height
};

/// The window size to open: the one asked for when the desktop holds it (or its size is not known: 0), else the
/// largest size of the asked one's shape that the desktop holds (1280 x 720 on an 800 x 600 screen: 800 x 450),
/// never below 16 x 9 pixels. A window larger than the desktop would run off it, hiding its bottom lines.
inline WindowSize windowSizeFitting(unsigned desktopW, unsigned desktopH, unsigned w, unsigned h) {
    if (desktopW == 0 || desktopH == 0 || w == 0 || h == 0 || (w <= desktopW && h <= desktopH)) return {w, h};
    // The scale is the smaller of desktopW / w and desktopH / h, worked in integers: w * desktopH <= h * desktopW
    // means the height limits it.
    const bool byHeight = (unsigned long long)w * desktopH <= (unsigned long long)h * desktopW;
    WindowSize out = byHeight ? WindowSize{unsigned((unsigned long long)w * desktopH / h), desktopH}
                              : WindowSize{desktopW, unsigned((unsigned long long)h * desktopW / w)};
    out.w = out.w < 16 ? 16 : out.w;
    out.h = out.h < 9 ? 9 : out.h;
    return out;
}

}  // namespace app
