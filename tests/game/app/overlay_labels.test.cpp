// The overlay's member names keep off its colour key: the column goes behind the fighter, to the other side when
// it would leave the picture or cover the key there, and above the key when both sides would cover it. They keep
// out from under the counters panel (--names) too, which is drawn over them.
#include "game/app/fight/fight_draw.h"

#include <doctest/doctest.h>

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

TEST_CASE("overlay: the counters panel hangs under the HUD, or in training under the frame meter") {
    const sf::FloatRect fight = app::countersRect(1280.f, false, 6);
    CHECK(fight.left == 332.f);
    CHECK(fight.top == 116.f);
    CHECK(fight.width == 616.f);
    CHECK(fight.height == 132.f);
    const sf::FloatRect training = app::countersRect(1280.f, true, 6);
    CHECK(training.left == 376.f);
    CHECK(training.top == 270.f);
    CHECK(app::countersRect(1280.f, false, 9).height == 192.f);  // an online match adds its lines
}

TEST_CASE("overlay: member names start below the counters panel rather than under it") {
    // Training, player 1 walked to the middle (the default camera): its root box's top is level with the panel's
    // last line, so the column behind it (its left) would start under the panel.
    const sf::FloatRect panel = app::countersRect(1280.f, true, 6);
    const sf::FloatRect key = app::legendRect({1280.f, 720.f}, true);
    const sf::FloatRect root(480.f, 382.f, 120.f, 300.f);
    bool left = false;
    float top = 0.f;
    const float need = 24.f + 7.5f * 9.f, height = 16.f * 6.f;
    const float x = app::labelColumn(root, need, height, 1280.f, true, key, panel, left, top);
    CHECK(left);  // still behind the fighter
    CHECK(x == 456.f);
    CHECK_FALSE(sf::FloatRect(x - need, top, need, height).intersects(panel));
    CHECK(top == panel.top + panel.height + 4.f);
    // Player 2 (Brick, taller) facing left beside it: names at its right, also under the panel's right half.
    const sf::FloatRect brick(660.f, 328.f, 175.f, 352.f);
    const float x2 = app::labelColumn(brick, need, height, 1280.f, false, key, panel, left, top);
    CHECK_FALSE(left);
    CHECK_FALSE(sf::FloatRect(x2, top, need, height).intersects(panel));
    CHECK_FALSE(sf::FloatRect(x2, top, need, height).intersects(key));
    // A fighter well below the panel keeps its names level with its top.
    app::labelColumn(sf::FloatRect(480.f, 450.f, 120.f, 230.f), need, height, 1280.f, true, key, panel, left, top);
    CHECK(top == 450.f);
    // In a match the panel is higher up: a fighter at its usual height is clear of it; one jumping into it is not.
    const sf::FloatRect high = app::countersRect(1280.f, false, 6);
    app::labelColumn(sf::FloatRect(480.f, 380.f, 120.f, 300.f), need, height, 1280.f, true, key, high, left, top);
    CHECK(top == 380.f);
    app::labelColumn(sf::FloatRect(480.f, 200.f, 120.f, 300.f), need, height, 1280.f, true, key, high, left, top);
    CHECK(top == high.top + high.height + 4.f);
}
