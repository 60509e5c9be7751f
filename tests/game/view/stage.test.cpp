// The stages (game/view/draw_list): two sets of layers over the same floor. The names and the select screen's
// cycling, the night's own sky, moon, skyline and lanterns, and that both stages keep the same layer order the
// window's baked textures rely on (the sky's gradient bands first, every far shape above the floor line).
#include "game/view/draw_list.h"

#include <doctest/doctest.h>

#include <string>

namespace {

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
    // The moon's face (238, 240, 225) only at night, the sun (255, 210, 130) only at dusk: colours from the code,
    // checked on the screenshots.
    CHECK(hasFill(farNight, 238, 240, 225));
    CHECK_FALSE(hasFill(farDusk, 238, 240, 225));
    CHECK(hasFill(farDusk, 255, 210, 130));
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
