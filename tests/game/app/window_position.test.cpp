// Where the game window goes (game/app/window_position.h): a regression test for the window that opened 280 px
// down an 800 px Xvfb screen. Expected corners worked out by hand for the game's 1280 x 720 window.
#include "game/app/window_position.h"

#include <doctest/doctest.h>

#include <string>

namespace {

/// The corner for the game's 1280 x 720 window on a desktop of w x h.
app::WindowPosition on(unsigned w, unsigned h) { return app::centredWindowPosition(w, h, 1280, 720); }

}  // namespace

TEST_CASE("window position: centred on a desktop larger than the window") {
    CHECK(on(1920, 1080).x == 320);  // (1920 - 1280) / 2
    CHECK(on(1920, 1080).y == 180);  // (1080 - 720) / 2
    CHECK(on(1280, 800).x == 0);
    CHECK(on(1280, 800).y == 40);  // the bare Xvfb screen of the bug: the whole window fits
}

TEST_CASE("window size: a window larger than the desktop opens at the largest size of its shape that fits") {
    const auto fit = [](unsigned dw, unsigned dh, unsigned w, unsigned h) {
        const app::WindowSize s = app::windowSizeFitting(dw, dh, w, h);
        return std::to_string(s.w) + "x" + std::to_string(s.h);
    };
    CHECK(fit(1920, 1080, 1280, 720) == "1280x720");  // fits: as asked
    CHECK(fit(1280, 720, 1280, 720) == "1280x720");   // exactly fits (the tests' Xvfb screen)
    CHECK(fit(800, 600, 1280, 720) == "800x450");     // the width limits it: 720 * 800 / 1280
    CHECK(fit(800, 600, 960, 540) == "800x450");      // Options' smallest size, still too wide
    CHECK(fit(1280, 600, 1280, 720) == "1066x600");   // the height limits it: 1280 * 600 / 720 = 1066.7
    CHECK(fit(0, 0, 1280, 720) == "1280x720");        // a desktop of unknown size: as asked
    CHECK(fit(10, 10, 1280, 720) == "16x9");          // never below 16 x 9
}

TEST_CASE("window position: an axis where the desktop is smaller than the window starts at 0") {
    CHECK(on(1024, 768).x == 0);
    CHECK(on(1024, 768).y == 24);
    CHECK(on(800, 600).x == 0);
    CHECK(on(800, 600).y == 0);
    CHECK(on(1281, 719).x == 0);  // odd leftover rounds down
    CHECK(on(1281, 719).y == 0);
}
