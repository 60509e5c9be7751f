// The fight's particles: each effect adds what it says, in world units, and everything fades away by itself
// (nothing piles up over a long match).
#include "game/app/fight/particles.h"

#include <doctest/doctest.h>

TEST_CASE("Dust, streaks, bursts and flashes appear, and all of them are gone within a second") {
    app::Particles parts;
    parts.dust(300, 0, 10);  // a landing: ten puffs
    CHECK(parts.size() == 10);
    parts.streaks(engine::AABB{280, 100, 320, 140}, 1, sf::Color::White, 4);
    CHECK(parts.size() == 14);
    parts.burst(engine::AABB{280, 100, 320, 140}, sf::Color::White, 12, 6.f);
    CHECK(parts.size() == 27);  // 12 sparks and one ring
    parts.flash(engine::AABB{280, 0, 330, 170}, sf::Color::Blue);
    parts.screenFlash(sf::Color::Red, 6);
    CHECK(parts.size() == 28);
    for (int i = 0; i < 5; ++i) parts.update();
    CHECK(parts.size() > 0);
    for (int i = 0; i < 55; ++i) parts.update();  // the longest-lived (dust) lasts under 32 frames
    CHECK(parts.size() == 0);
    parts.dust(0, 1, 3);
    parts.clear();
    CHECK(parts.size() == 0);
}
