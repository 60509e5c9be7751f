// Where the game window goes (game/app/window_position.h): a regression test for the window that opened 280 px
// down an 800 px Xvfb screen. Expected corners worked out by hand for the game's 1280 x 720 window.
#include "game/app/window_position.h"

#include <doctest/doctest.h>

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

TEST_CASE("window position: an axis where the desktop is smaller than the window starts at 0") {
    CHECK(on(1024, 768).x == 0);
    CHECK(on(1024, 768).y == 24);
    CHECK(on(800, 600).x == 0);
    CHECK(on(800, 600).y == 0);
    CHECK(on(1281, 719).x == 0);  // odd leftover rounds down
    CHECK(on(1281, 719).y == 0);
}
