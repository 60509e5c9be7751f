// Tests for engine/aabb.h: the one edge rule (inclusive), 64-bit areas, merge and containment.
// Expected values are worked out by hand from spec/bvh.md's definitions.
#include "engine/aabb.h"

#include <doctest/doctest.h>
#include "engine/box_string.h"

using engine::AABB;

TEST_CASE("area is width times height") {
    CHECK(engine::area(AABB{0, 0, 3, 8}) == 24);
    CHECK(engine::area(AABB{1, 7, 3, 8}) == 2);
    CHECK(engine::area(AABB{-2, -3, 2, 3}) == 24);
    SUBCASE("a zero-width box has no area") { CHECK(engine::area(AABB{5, 0, 5, 10}) == 0); }
    SUBCASE("a box a million units a side does not overflow 32 bits") {
        CHECK(engine::area(AABB{-500000, -500000, 500000, 500000}) == 1000000000000LL);
    }
    SUBCASE("the largest boxes the bvh program accepts fit in 64 bits") {
        CHECK(engine::area(AABB{-1000000000, -1000000000, 1000000000, 1000000000}) == 4000000000000000000LL);
    }
}

TEST_CASE("collide is inclusive on all four sides") {
    const AABB a{0, 0, 2, 2};
    SUBCASE("overlap") { CHECK(engine::collide(a, AABB{1, 1, 3, 3})); }
    SUBCASE("shared right edge") { CHECK(engine::collide(a, AABB{2, 0, 4, 2})); }
    SUBCASE("shared left edge") { CHECK(engine::collide(a, AABB{-2, 0, 0, 2})); }
    SUBCASE("shared top edge") { CHECK(engine::collide(a, AABB{0, 2, 2, 4})); }
    SUBCASE("shared bottom edge") { CHECK(engine::collide(a, AABB{0, -2, 2, 0})); }
    SUBCASE("shared corner") { CHECK(engine::collide(a, AABB{2, 2, 3, 3})); }
    SUBCASE("a point on the border") { CHECK(engine::collide(a, AABB{2, 1, 2, 1})); }
    SUBCASE("one unit apart") {
        CHECK_FALSE(engine::collide(a, AABB{3, 0, 4, 2}));
        CHECK_FALSE(engine::collide(a, AABB{0, 3, 2, 4}));
        CHECK_FALSE(engine::collide(a, AABB{-3, -3, -1, -1}));
    }
    SUBCASE("symmetric") { CHECK(engine::collide(AABB{2, 0, 4, 2}, a)); }
}

TEST_CASE("merge is the smallest box holding both, and unionArea its area") {
    const AABB a{0, 0, 1, 3}, b{2, 0, 3, 3};
    CHECK(engine::merge(a, b) == AABB{0, 0, 3, 3});
    CHECK(engine::unionArea(a, b) == 9);
    CHECK(engine::merge(a, a) == a);
    CHECK(engine::merge(AABB{0, 3, 3, 7}, AABB{1, 7, 3, 8}) == AABB{0, 3, 3, 8});
}

TEST_CASE("contains includes the border") {
    const AABB outer{0, 0, 4, 4};
    CHECK(engine::contains(outer, outer));
    CHECK(engine::contains(outer, AABB{0, 0, 1, 4}));
    CHECK(engine::contains(outer, AABB{2, 2, 2, 2}));
    CHECK_FALSE(engine::contains(outer, AABB{1, 1, 5, 2}));
    CHECK_FALSE(engine::contains(outer, AABB{-1, 0, 1, 1}));
    CHECK_FALSE(engine::contains(AABB{1, 1, 2, 2}, outer));
}

TEST_CASE("perimeter, fattened and translated") {
    CHECK(engine::perimeter(AABB{0, 0, 3, 8}) == 22);
    CHECK(engine::fattened(AABB{0, 0, 3, 8}, 2) == AABB{-2, -2, 5, 10});
    CHECK(engine::translated(AABB{0, 0, 3, 8}, 5, -1) == AABB{5, -1, 8, 7});
    SUBCASE("fattening clamps at the int range instead of overflowing") {
        const AABB big{INT32_MIN + 1, 0, INT32_MAX - 1, 1};
        CHECK(engine::fattened(big, 10) == AABB{INT32_MIN, -10, INT32_MAX, 11});
    }
}

TEST_CASE("valid means ordered corners") {
    CHECK(AABB{0, 0, 0, 0}.valid());
    CHECK_FALSE(AABB{1, 0, 0, 0}.valid());
    CHECK_FALSE(AABB{0, 1, 0, 0}.valid());
}
