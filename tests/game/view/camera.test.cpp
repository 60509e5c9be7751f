// The fight's camera: it frames both fighters, zooms within its limits, never shows past the stage's ends, keeps a
// jumping fighter in the picture, eases towards its target and punches in on a K.O. Expected numbers are worked out
// by hand from the defaults in game/view/camera.h (1280-pixel picture, margin 150, zoom 1 to 1.5, stage shown
// from x = -40 to 1240).
#include "game/view/camera.h"

#include <doctest/doctest.h>

namespace {

sim::FightState standing(int x0, int x1) {
    sim::FightState s;
    s.fighters[0].x = x0;
    s.fighters[1].x = x1;
    return s;
}

/// The world x range the shot shows.
std::pair<float, float> visible(const view::CameraShot& shot) {
    const float half = 1280.f / 2.f / shot.zoom;
    return {shot.centerX - half, shot.centerX + half};
}

}  // namespace

TEST_CASE("Close fighters fill the picture at the closest zoom, and apart the camera pulls back to the whole stage") {
    const view::CameraFrame f;
    // 200 apart at 500 and 700: span 200 + 2 * 150 = 500 -> 1280 / 500 = 2.56, held at 1.5; centred on 600.
    view::CameraShot close = view::frameFighters(standing(500, 700), f);
    CHECK(close.zoom == doctest::Approx(1.5f));
    CHECK(close.centerX == doctest::Approx(600.f));
    // 900 apart: span 1200 -> 1280 / 1200 = 1.067.
    view::CameraShot wide = view::frameFighters(standing(150, 1050), f);
    CHECK(wide.zoom == doctest::Approx(1280.f / 1200.f));
    // At opposite walls: span 1500, below the minimum 1280 / 1280 = 1: the whole stage from -40 to 1240.
    view::CameraShot all = view::frameFighters(standing(0, 1200), f);
    CHECK(all.zoom == doctest::Approx(1.f));
    CHECK(visible(all).first == doctest::Approx(-40.f));
    CHECK(visible(all).second == doctest::Approx(1240.f));
}

TEST_CASE("Both fighters are always in the picture and it never shows past the stage") {
    const view::CameraFrame f;
    for (int a = 0; a <= 1200; a += 50) {
        for (int b = 0; b <= 1200; b += 50) {
            const view::CameraShot shot = view::frameFighters(standing(a, b), f);
            const auto [lo, hi] = visible(shot);
            CHECK(lo >= -40.f - 0.01f);
            CHECK(hi <= 1240.f + 0.01f);
            CHECK(lo <= float(std::min(a, b)) - 20.f);  // the outer fighter's body (half width ~25) in view
            CHECK(hi >= float(std::max(a, b)) + 20.f);
            CHECK(shot.zoom >= 1.f - 1e-4f);
            CHECK(shot.zoom <= 1.5f + 1e-4f);
        }
    }
    // Two fighters in the left corner: the camera stops at the stage's end. Zoom 1.5 shows 853.3 units, so the
    // centre cannot be left of -40 + 426.7 = 386.7.
    const view::CameraShot corner = view::frameFighters(standing(30, 150), f);
    CHECK(corner.centerX == doctest::Approx(-40.f + 1280.f / 3.f));
}

TEST_CASE("A fighter high in a jump pulls the camera back so its head stays below the HUD") {
    view::CameraFrame f;  // a match's HUD: the health bars down to row 110
    sim::FightState s = standing(500, 700);
    s.fighters[0].y = 260;  // top of the jump: 260 + 240 = 500 units of height to show
    // The ground row at zoom z is 650 + 40 (z - 1); the top must stay 20 px below row 110:
    // 500 z <= 650 + 40 (z - 1) - 20 - 110 -> z <= 480 / 460 = 1.0435 (the fighters alone would allow 1.5).
    const view::CameraShot shot = view::frameFighters(s, f);
    CHECK(shot.zoom == doctest::Approx(480.f / 460.f));
    CHECK(650.f + 40.f * (shot.zoom - 1.f) - 500.f * shot.zoom >= 130.f - 0.01f);
    // Without a HUD (row 0) the same jump allows 590 / 460 = 1.283.
    f.hudBottom = 0.f;
    CHECK(view::frameFighters(s, f).zoom == doctest::Approx(590.f / 460.f));
    // Training's lower HUD (row 192) would want 398 / 460 = 0.865: the whole stage's zoom, 1, is the floor.
    f.hudBottom = 192.f;
    CHECK(view::frameFighters(s, f).zoom == doctest::Approx(1.f));
    // Standing, the HUD asks nothing: 240 units of headroom at 1.5 reach row 650 + 20 - 360 = 310.
    CHECK(view::frameFighters(standing(500, 700), f).zoom == doctest::Approx(1.5f));
}

TEST_CASE("The camera eases towards its target and punches in on a K.O., then settles back") {
    view::Camera cam;
    const sim::FightState apart = standing(150, 1050);
    cam.cut(apart);
    const float wideZoom = cam.shot().zoom;
    const sim::FightState close = standing(500, 700);
    cam.update(close);
    CHECK(cam.shot().zoom > wideZoom);  // moving in...
    CHECK(cam.shot().zoom < 1.5f);      // ...not there in one frame
    for (int i = 0; i < 120; ++i) cam.update(close);
    CHECK(cam.shot().zoom == doctest::Approx(1.5f).epsilon(0.01));
    cam.update(close, 1);  // K.O.: the fallen fighter is p2
    float peak = cam.shot().zoom;
    for (int i = 0; i < 20; ++i) {
        cam.update(close);
        peak = std::max(peak, cam.shot().zoom);
    }
    CHECK(peak > 1.55f);  // punched in past the closest framing
    for (int i = 0; i < 200; ++i) cam.update(close);
    CHECK(cam.shot().zoom == doctest::Approx(1.5f).epsilon(0.01));  // and back
    // The mapping the stage view gets: world x = centre lands on the picture's centre.
    CHECK(cam.originX() + cam.shot().centerX * cam.shot().zoom == doctest::Approx(640.f));
}

TEST_CASE("A K.O. at a wall keeps the lying body in the picture, past the stage's end, then settles back inside") {
    // By hand: a fighter lying at x = 25 reaches about 190 units to either side (its standing height), to -165,
    // past the -40 the fight's framing stops at. During the punch-in the picture shows [25 - 190, 25 + 190].
    view::Camera cam;
    const sim::FightState wall = standing(25, 200);
    cam.cut(wall);
    CHECK(visible(cam.shot()).first >= -40.f - 0.01f);
    cam.update(wall, 0);  // p1 falls at the left wall
    float lowest = visible(cam.shot()).first;
    for (int i = 0; i < 30; ++i) {
        cam.update(wall);
        lowest = std::min(lowest, visible(cam.shot()).first);
    }
    CHECK(lowest <= 25.f - 190.f + 5.f);     // the whole body came into view (eased to within 5 units)
    CHECK(lowest >= -40.f - 190.f - 0.01f);  // never further than a body's length past the end
    for (int i = 0; i < 300; ++i) cam.update(wall);
    CHECK(visible(cam.shot()).first >= -40.f - 0.5f);  // back inside the stage once it settled
}
