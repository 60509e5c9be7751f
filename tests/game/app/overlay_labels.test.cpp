// The overlay's member names keep off its colour key: the column goes behind the fighter, to the other side when
// it would leave the picture or cover the key there, and above the key when both sides would cover it. They keep
// out from under the counters panel (--names) too, which is drawn over them. The panel itself sits above every
// standing fighter at the camera's closest zoom, and goes see-through over one that reaches into it.
#include "game/app/fight/fight_draw.h"
#include "game/view/camera.h"
#include "app_test_util.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

struct Column {
    float x = 0.f, top = 0.f;
    bool left = true;
};

Column columnFor(const sf::FloatRect& root, bool behindLeft, bool keyRight) {
    const sf::FloatRect key = app::legendRect({1280.f, 720.f}, keyRight);
    Column c;
    c.x = app::labelColumn(root, 96.f, 96.f, 1280.f, behindLeft, key, {}, c.left, c.top);
    return c;
}

}  // namespace

TEST_CASE("overlay: the colour key sits in a bottom corner of the picture") {
    const sf::FloatRect left = app::legendRect({1280.f, 720.f}, false);
    const sf::FloatRect right = app::legendRect({1280.f, 720.f}, true);
    CHECK(left.left == 8.f);  // 14 in, less its 6-pixel margin
    CHECK(left.top + left.height == 720.f - 60.f + 4.f);
    CHECK(right.left + right.width == 1280.f - 204.f - 6.f + 196.f);
    CHECK(right.top == left.top);
}

TEST_CASE("overlay: member names go behind the fighter unless that leaves the picture or covers the key") {
    // A fighter standing mid-screen, facing right: names to its left, from its top.
    const sf::FloatRect mid(600.f, 340.f, 120.f, 330.f);
    Column c = columnFor(mid, true, false);
    CHECK(c.left);
    CHECK(c.x == 576.f);
    CHECK(c.top == 340.f);
    // Crouched near the left edge, above the key's corner (the demo's frame 1090): the column at its left would
    // cover the key, so it goes to its right.
    const sf::FloatRect low(190.f, 485.f, 216.f, 195.f);
    c = columnFor(low, true, false);
    CHECK_FALSE(c.left);
    CHECK(c.x == 190.f + 216.f + 24.f);
    CHECK(c.top == 485.f);
    // The same fighter with the key in the right corner: nothing to avoid, so behind it (its left) as usual.
    c = columnFor(sf::FloatRect(300.f, 485.f, 216.f, 195.f), true, true);
    CHECK(c.left);
    // Against the left wall: the left side leaves the picture, so the right, whatever the facing.
    c = columnFor(sf::FloatRect(40.f, 200.f, 100.f, 300.f), true, false);
    CHECK_FALSE(c.left);
}

TEST_CASE("overlay: when both sides would cover the key, the names move up above it") {
    // A wide, low box over the key's corner, with no room on its left: its right side still covers the key.
    const sf::FloatRect wide(10.f, 560.f, 60.f, 100.f);
    const sf::FloatRect key = app::legendRect({1280.f, 720.f}, false);
    Column c = columnFor(wide, true, false);
    CHECK_FALSE(c.left);
    CHECK(c.top + 96.f <= key.top);
    CHECK(c.top >= 0.f);
}

TEST_CASE(
    "overlay: the counters panel hangs under the HUD, under the frame meter in training, under a lesson's panel") {
    const sf::FloatRect fight = app::countersRect(1280.f, app::CountersPlace::Match, 6);
    CHECK(fight.left == 366.f);
    CHECK(fight.top == 116.f);
    CHECK(fight.width == 548.f);
    CHECK(fight.height == 98.f);
    const sf::FloatRect training = app::countersRect(1280.f, app::CountersPlace::Training, 6);
    CHECK(training.left == 366.f);  // clear of the input histories (to x 362)
    CHECK(training.top == 198.f);   // under the frame meter (to row 192)
    CHECK(app::countersRect(1280.f, app::CountersPlace::Lesson, 6).top == 226.f);    // under rows 122-222
    CHECK(app::countersRect(1280.f, app::CountersPlace::Match, 9).height == 143.f);  // an online match's lines
}

TEST_CASE("overlay: the banners and a lesson's result go under the counters panel rather than over it") {
    // No panel: across the middle, from row 0.36 * 720 - 10.
    CHECK(app::bannerBand(1280.f, 720.f, {}).top == doctest::Approx(249.2f));
    CHECK(app::bannerBand(1280.f, 720.f, {}).height == 96.f);
    // A match's panel (rows 116-214) ends above the middle: the banner stays there.
    CHECK(app::bannerBand(1280.f, 720.f, app::countersRect(1280.f, app::CountersPlace::Match, 6)).top ==
          doctest::Approx(249.2f));
    const struct {
        app::CountersPlace place;
        std::size_t lines;
        float rows;
    } cases[] = {{app::CountersPlace::Match, 9, 96.f},     // an online match's lines
                 {app::CountersPlace::Training, 6, 96.f},  // rows 198-296
                 {app::CountersPlace::Lesson, 6, 96.f},    // rows 226-324: ROUND 1 FIGHT! over a lesson
                 {app::CountersPlace::Lesson, 6, 120.f}};  // the lesson's PASSED / NOT YET band
    for (const auto& c : cases) {
        CAPTURE(int(c.place));
        CAPTURE(c.lines);
        const sf::FloatRect panel = app::countersRect(1280.f, c.place, c.lines);
        const sf::FloatRect band = app::bannerBand(1280.f, 720.f, panel, c.rows);
        CHECK_FALSE(band.intersects(panel));
        CHECK(band.top == panel.top + panel.height + 6.f);
        CHECK(band.top + band.height <= 720.f - 40.f);  // above the bottom line of keys
    }
}

TEST_CASE("overlay: member names start below the counters panel rather than under it") {
    // Training, Brick's rising attack at the closest zoom (root box from row 250, the highest a grounded fighter
    // reaches): the column behind it (its left) would start under the panel.
    const sf::FloatRect panel = app::countersRect(1280.f, app::CountersPlace::Training, 6);
    const sf::FloatRect key = app::legendRect({1280.f, 720.f}, true);
    const sf::FloatRect root(480.f, 250.f, 120.f, 430.f);
    bool left = false;
    float top = 0.f;
    const float need = 24.f + 7.5f * 9.f, height = 16.f * 6.f;
    const float x = app::labelColumn(root, need, height, 1280.f, true, key, panel, left, top);
    CHECK(left);  // still behind the fighter
    CHECK(x == 456.f);
    CHECK_FALSE(sf::FloatRect(x - need, top, need, height).intersects(panel));
    CHECK(top == panel.top + panel.height + 4.f);
    // The other fighter facing left beside it: names at its right, also under the panel's right half.
    const sf::FloatRect brick(660.f, 250.f, 175.f, 430.f);
    const float x2 = app::labelColumn(brick, need, height, 1280.f, false, key, panel, left, top);
    CHECK_FALSE(left);
    CHECK_FALSE(sf::FloatRect(x2, top, need, height).intersects(panel));
    CHECK_FALSE(sf::FloatRect(x2, top, need, height).intersects(key));
    // A standing fighter (Brick at the closest zoom: row 337) keeps its names level with its top.
    app::labelColumn(sf::FloatRect(480.f, 337.f, 120.f, 343.f), need, height, 1280.f, true, key, panel, left, top);
    CHECK(top == 337.f);
    // In a match the panel is higher up: a fighter jumping into it has its names moved below it.
    const sf::FloatRect high = app::countersRect(1280.f, app::CountersPlace::Match, 6);
    app::labelColumn(sf::FloatRect(480.f, 250.f, 120.f, 300.f), need, height, 1280.f, true, key, high, left, top);
    CHECK(top == 250.f);
    app::labelColumn(sf::FloatRect(480.f, 150.f, 120.f, 300.f), need, height, 1280.f, true, key, high, left, top);
    CHECK(top == high.top + high.height + 4.f);
}

namespace {

/// The picture's mapping with the fight camera's shot, as the fight screen draws it (no shake).
app::StageView cameraView(const view::Camera& camera) {
    app::StageView v;
    v.scale = camera.shot().zoom;
    v.originX = camera.originX();
    v.groundY = camera.groundY();
    return v;
}

/// Fighter `id` against itself, side by side (the camera at its closest zoom, 1.5), both pressing each of `presses`
/// in turn (held 3 frames, then 67 free). Returns the first frame, as "press P frame N", on which the panel at
/// `place` covers a fighter standing on the ground, or "" when it never does.
std::string firstCover(const std::string& id, app::CountersPlace place, const std::vector<std::uint16_t>& presses) {
    const sim::FighterDef def = apptest::fighter(id);
    sim::MatchSetup setup;
    setup.fighter[0] = setup.fighter[1] = id;
    setup.startX[0] = 560;
    setup.startX[1] = 660;
    sim::Fight fight(setup, def, def);
    view::Camera camera;
    camera.cut(fight.state());
    const sf::FloatRect panel = app::countersRect(1280.f, place, 6);
    for (const std::uint16_t b : presses) {
        for (int i = 0; i < 70; ++i) {
            sim::FrameInput in;
            in.buttons[0] = in.buttons[1] = i < 3 ? b : 0;
            fight.step(in);
            camera.update(fight.state());
            const sim::FightState& s = fight.state();
            const bool grounded = s.fighters[0].y == 0 && s.fighters[1].y == 0;
            if (grounded && app::panelOverFighter(panel, cameraView(camera), s))
                return "press " + std::to_string(b) + " frame " + std::to_string(i);
        }
    }
    return "";
}

}  // namespace

TEST_CASE("overlay: the counters panel never covers a standing fighter at the closest zoom, and shows one through") {
    // Every fighter, pressing every grounded normal, the throw and the fireball, and crouching: whatever its
    // hurtboxes do on the ground, the panel of every screen stays clear of them (Brick, the tallest, stands from row
    // 337). Checked to fail with the panel of before (training rows 270-402).
    const std::uint16_t medium = sim::buttonTable().bit("medium"), down = sim::kDown;
    const std::vector<std::uint16_t> presses = {0,
                                                down,
                                                sim::kLight,
                                                medium,
                                                sim::kHeavy,
                                                sim::kThrow,
                                                sim::kSpecial,
                                                std::uint16_t(down | sim::kLight),
                                                std::uint16_t(down | medium),
                                                std::uint16_t(down | sim::kHeavy),
                                                std::uint16_t(sim::kLeft | sim::kHeavy),
                                                std::uint16_t(sim::kRight | sim::kHeavy)};
    for (const std::string id : {"brick", "nova", "ryo", "tasha"}) {
        for (const app::CountersPlace place :
             {app::CountersPlace::Match, app::CountersPlace::Training, app::CountersPlace::Lesson}) {
            CAPTURE(id);
            CAPTURE(int(place));
            CHECK(firstCover(id, place, presses) == "");
        }
    }
    // A rising attack does reach into it (Brick's anti-air, forward + special, from row 250 before it leaves the
    // ground), and so does a jump: the panel then goes see-through.
    CHECK(firstCover("brick", app::CountersPlace::Training, {std::uint16_t(sim::kRight | sim::kSpecial)}) != "");
}
