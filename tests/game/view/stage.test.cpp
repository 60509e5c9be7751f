// The stages (game/view/draw_list): two sets of layers over the same floor. The names and the select screen's
// cycling, the night's own sky, moon, skyline and lanterns, and that both stages keep the same layer order the
// window's baked textures rely on (the sky's gradient bands first, every far shape above the floor line).
#include "game/view/draw_list.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace {

/// The hue of a colour in degrees (0..360), and its saturation (0..1) in `sat`.
float hueOf(view::Rgba c, float& sat) {
    const float r = c.r / 255.f, g = c.g / 255.f, b = c.b / 255.f;
    const float hi = std::max({r, g, b}), lo = std::min({r, g, b}), d = hi - lo;
    sat = hi > 0.f ? d / hi : 0.f;
    if (d == 0.f) return 0.f;
    const float h = hi == r ? (g - b) / d : hi == g ? 2.f + (b - r) / d : 4.f + (r - g) / d;
    return h < 0.f ? h * 60.f + 360.f : h * 60.f;
}

bool hasFill(const view::DrawList& list, int r, int g, int b) {
    for (const view::Shape& s : list.shapes) {
        if (s.fill.r == r && s.fill.g == g && s.fill.b == b) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("Stage names and the select screen's cycle") {
    CHECK(std::string(view::stageName(view::kStageDusk)) == "Dusk");
    CHECK(std::string(view::stageName(view::kStageNight)) == "Night");
    CHECK(std::string(view::stageName(99)) == "Dusk");
    CHECK(view::nextStage(view::kStageDusk) == view::kStageNight);
    CHECK(view::nextStage(view::kStageNight) == view::kStageDusk);
    CHECK(view::nextStage(-3) == view::kStageDusk);
    CHECK(view::nextStage(7) == view::kStageDusk);
}

TEST_CASE("The night stage has its own sky, far layer and posts") {
    view::View dusk, night;
    night.stage = view::kStageNight;
    view::DrawList skyDusk, skyNight, farDusk, farNight, postsDusk, postsNight;
    view::addSky(skyDusk, dusk);
    view::addSky(skyNight, night);
    // Two gradient bands first, as the window's sky quads expect; the night's stars after them, opaque squares.
    REQUIRE(skyDusk.shapes.size() == 2);
    REQUIRE(skyNight.shapes.size() > 2);
    CHECK(skyNight.shapes[0].kind == view::Kind::Gradient);
    CHECK(skyNight.shapes[1].kind == view::Kind::Gradient);
    for (std::size_t i = 2; i < skyNight.shapes.size(); ++i) {
        CHECK(skyNight.shapes[i].kind == view::Kind::Polygon);
        CHECK(skyNight.shapes[i].points.size() == 4);
        CHECK(skyNight.shapes[i].fill.a == 255);
    }
    CHECK(skyNight.shapes[0].fill.b != skyDusk.shapes[0].fill.b);
    view::addFar(farDusk, dusk, 0);
    view::addFar(farNight, night, 0);
    // The moon's face (238, 240, 225) only at night, the sun (226, 82, 100) only at dusk: colours from the code,
    // checked on the screenshots.
    CHECK(hasFill(farNight, 238, 240, 225));
    CHECK_FALSE(hasFill(farDusk, 238, 240, 225));
    CHECK(hasFill(farDusk, 226, 82, 100));
    CHECK(farNight.shapes.size() > 40);  // the buildings and their lit windows
    for (const view::Shape& s : farNight.shapes) {
        for (const view::Point& p : s.points)
            CHECK(p.y <= night.groundY + 60.f);  // nothing of it below the floor's cover
    }
    view::addPosts(postsDusk, dusk);
    view::addPosts(postsNight, night);
    CHECK(hasFill(postsNight, 255, 120, 60));  // a lantern
    CHECK_FALSE(hasFill(postsDusk, 255, 120, 60));
}

TEST_CASE("The dusk sun is not the colour of either player's fireball") {
    // A fireball crossing the sun must not melt into it: the sun's hue stands at least 30 degrees from every
    // coloured layer of both fireballs (their white-hot cores have almost no hue and stand apart by brightness).
    view::View dusk;
    view::DrawList far, balls;
    view::addFar(far, dusk, 0);
    REQUIRE_FALSE(far.shapes.empty());
    float sunSat = 0.f;
    const float sunHue = hueOf(far.shapes[0].fill, sunSat);  // the sun is the far layer's first shape
    CHECK(sunSat > 0.3f);
    sim::FightState s;
    for (int p = 0; p < 2; ++p) {
        s.projectiles[p].alive = true;
        s.projectiles[p].owner = p;
        s.projectiles[p].box = {400 + 400 * p, 100, 430 + 400 * p, 130};
    }
    view::addProjectiles(balls, dusk, s, 0);
    REQUIRE(balls.shapes.size() > 4);
    for (const view::Shape& b : balls.shapes) {
        float sat = 0.f;
        const float hue = hueOf(b.fill, sat);
        if (sat < 0.2f) continue;  // the white core
        const float apart = std::min(std::fabs(hue - sunHue), 360.f - std::fabs(hue - sunHue));
        CAPTURE(hue);
        CAPTURE(sunHue);
        CHECK(apart >= 30.f);
    }
}
