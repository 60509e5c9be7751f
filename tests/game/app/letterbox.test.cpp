// The letterboxed view (game/app/letterbox.h): the logical 1280 x 720 picture fills a window of its aspect, gets
// bars at the sides of a wider window and above and below a taller one, always centred and never stretched.
#include "game/app/letterbox.h"

#include <doctest/doctest.h>

#include <initializer_list>

namespace {

void checkRect(const app::Viewport& v, float left, float top, float width, float height) {
    CHECK(v.left == doctest::Approx(left));
    CHECK(v.top == doctest::Approx(top));
    CHECK(v.width == doctest::Approx(width));
    CHECK(v.height == doctest::Approx(height));
}

}  // namespace

TEST_CASE("letterbox: a window of the picture's aspect is filled, at any size") {
    checkRect(app::letterbox(1280, 720, 1280, 720), 0.f, 0.f, 1.f, 1.f);
    checkRect(app::letterbox(1920, 1080, 1280, 720), 0.f, 0.f, 1.f, 1.f);
    checkRect(app::letterbox(640, 360, 1280, 720), 0.f, 0.f, 1.f, 1.f);
}

TEST_CASE("letterbox: a wider window gets bars at the sides, a taller one above and below") {
    SUBCASE("2560 x 720: the picture is 1280 wide, centred") {
        checkRect(app::letterbox(2560, 720, 1280, 720), 0.25f, 0.f, 0.5f, 1.f);
    }
    SUBCASE("1280 x 1024 (5:4): 720 of 1024 rows, centred") {
        checkRect(app::letterbox(1280, 1024, 1280, 720), 0.f, 152.f / 1024.f, 1.f, 720.f / 1024.f);
    }
    SUBCASE("800 x 800: square") { checkRect(app::letterbox(800, 800, 1280, 720), 0.f, 0.21875f, 1.f, 0.5625f); }
}

TEST_CASE("letterbox: the picture keeps its aspect in pixels whatever the window") {
    for (const unsigned w : {300u, 1000u, 1281u, 1920u, 3440u}) {
        for (const unsigned h : {200u, 719u, 1080u, 1440u}) {
            CAPTURE(w);
            CAPTURE(h);
            const app::Viewport v = app::letterbox(w, h, 1280, 720);
            CHECK(double(v.width) * w / (double(v.height) * h) == doctest::Approx(1280.0 / 720.0));
            CHECK((v.width == doctest::Approx(1.f) || v.height == doctest::Approx(1.f)));  // as large as it fits
            CHECK(v.left == doctest::Approx((1.f - v.width) / 2.f));                       // centred
            CHECK(v.top == doctest::Approx((1.f - v.height) / 2.f));
        }
    }
}

TEST_CASE("letterbox: a minimised window (zero size) gets the whole window, not a division by zero") {
    checkRect(app::letterbox(0, 0, 1280, 720), 0.f, 0.f, 1.f, 1.f);
    checkRect(app::letterbox(1280, 0, 1280, 720), 0.f, 0.f, 1.f, 1.f);
}
