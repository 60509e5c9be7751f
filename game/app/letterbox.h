#pragma once
// The picture is laid out for one logical size (1280 x 720): the HUD, the banners and the overlay are placed in
// those coordinates, never in the window's. When the window has another size (resized, fullscreen on any screen)
// the logical picture is scaled to fit it whole, keeping its aspect, and centred; the bars left over stay black.
// A pure function, so the app tests check it without a window.

namespace app {

/// Where the logical picture goes in the window, as fractions of the window (what sf::View::setViewport takes).
struct Viewport {
    float left = 0.f;    ///< from the window's left edge
    float top = 0.f;     ///< from the window's top edge
    float width = 1.f;   ///< of the window's width
    float height = 1.f;  ///< of the window's height
};

/// The largest rectangle of the logical picture's aspect (logicalW x logicalH) that fits a windowW x windowH
/// window, centred; the whole window when either size is zero.
inline Viewport letterbox(unsigned windowW, unsigned windowH, unsigned logicalW, unsigned logicalH) {
    if (windowW == 0 || windowH == 0 || logicalW == 0 || logicalH == 0) return {};
    const double window = double(windowW) / double(windowH), logical = double(logicalW) / double(logicalH);
    Viewport v;
    if (window > logical) {  // wider than the picture: bars left and right
        v.width = float(logical / window);
        v.left = (1.f - v.width) / 2.f;
    } else {  // taller: bars above and below
        v.height = float(window / logical);
        v.top = (1.f - v.height) / 2.f;
    }
    return v;
}

}  // namespace app
