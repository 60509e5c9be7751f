// The overlay's member names keep off its colour key: the column goes behind the fighter, to the other side when
// it would leave the picture or cover the key there, and above the key when both sides would cover it.
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
    c.x = app::labelColumn(root, 96.f, 96.f, 1280.f, behindLeft, key, c.left, c.top);
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
