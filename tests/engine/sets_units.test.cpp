// Targeted tests per collision set: the placements and counts a reader can work out by hand (quadtree depths and
// regions, grid cell ranges, leaf splits, the dynamic tree's AVL height bound and fat-box moves). Every expected
// number below is derived in the comment beside it, not taken from the code.
#include "engine/collision_set.h"
#include "engine/sets/dynamic_tree.h"
#include "engine/sets/grid_set.h"
#include "engine/sets/quadtree_leaves.h"
#include "engine/sets/quadtree_lowest.h"
#include "engine/sets/registry.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

using namespace engine;

TEST_CASE("The factory makes each kind, and kind names parse back to their kinds") {
    // The spellings the Blaster's scripts and the benchmark's columns use (game spec; data/replays/*.blaster): a
    // renamed structure would break every recorded script, so they are pinned here, kind by kind.
    const std::pair<SetKind, const char*> spelled[] = {{SetKind::Array, "array"},
                                                       {SetKind::Grid, "grid"},
                                                       {SetKind::QuadTreeLowest, "quadtree-lowest"},
                                                       {SetKind::QuadTreeLeaves, "quadtree-leaves"},
                                                       {SetKind::AgentBvh, "agent-bvh"},
                                                       {SetKind::DynamicTree, "dynamic-tree"}};
    for (const auto& [kind, name] : spelled) CHECK(std::string(setKindName(kind)) == name);
    for (int k = 0; k < kSetKindCount; ++k) {  // every registered kind, however many there are
        const std::string name = setKindName(SetKind(k));
        CAPTURE(name);
        const auto set = makeCollisionSet(SetKind(k));
        REQUIRE(set != nullptr);
        CHECK(std::string(set->name()) == name);
        SetKind back = SetKind(kSetKindCount - 1 - k);  // a different kind, so a parse that writes nothing fails
        if (kSetKindCount > 1 && int(back) == k) back = SetKind(0);
        REQUIRE(parseSetKind(name, back));
        CHECK(back == SetKind(k));
    }
    SUBCASE("unknown names, former short names and number keys are refused and leave the kind alone") {
        for (const char* bad : {"bvh", "dyntree", "octree", "", "1", "Array", "agent-bvh "}) {
            CAPTURE(bad);
            SetKind kind = SetKind::Grid;
            CHECK_FALSE(parseSetKind(bad, kind));
            CHECK(kind == SetKind::Grid);
        }
    }
}

TEST_CASE("A scene estimate's sums are the ones worked out by hand") {
    SetOptions o;
    o.world = {0, 0, 100, 100};
    const SceneEstimate s(o, {{100, 10, 10, 1}, {0, 50, 50, 5}});  // an empty group counts for nothing
    CHECK(s.items() == 100);
    CHECK(s.worldCells(10) == 100);   // 10 x 10 cells
    CHECK(s.worldCells(30) == 16);    // ceil(100 / 30) = 4 per side
    CHECK(s.cellRefs(10) == 900);     // a 10-wide box spans 10 / 10 + 2 = 3 cells per side at worst: 100 x 9
    CHECK(s.cellRefs(1) == 14400);    // 12 x 12 each
    CHECK(s.movedCells(10) == 1200);  // a move of 1 enters and leaves one strip of 3 + 3 cells: 100 x 2 x 1 x 6
    // Two 10 x 10 boxes at random in 100 x 100 meet with probability 20 x 20 / 10,000 = 0.04: 100 x 99 ordered pairs.
    CHECK(s.overlapPairs() == doctest::Approx(396));
    // Boxes wider than the world count as the world.
    const SceneEstimate wide(o, {{1, 1000, 5, 0}});
    CHECK(wide.cellRefs(10) == 10 * 2);  // all 10 columns, 5 / 10 + 2 = 2 rows
}

TEST_CASE("Every registered structure estimates a larger cost for a larger scene") {
    SetOptions o;
    const std::vector<ItemGroup> small{{100, 8, 8, 2}}, large{{10000, 8, 8, 2}};
    for (int k = 0; k < kSetKindCount; ++k) {
        CAPTURE(setKindName(SetKind(k)));
        const SetCost a = estimateCost(SetKind(k), o, small), b = estimateCost(SetKind(k), o, large);
        CHECK(a.bytes > 0);
        CHECK(a.frame > 0);
        CHECK(b.bytes > a.bytes);
        CHECK(b.build > a.build);
        CHECK(b.frame > 10 * a.frame);  // 100 times the items: at least ten times the frame, whatever the structure
    }
}

TEST_CASE("The lowest-node quadtree stores a box at the depth worked out by hand") {
    QuadTreeLowest t;  // world 0..4096, max depth 8: a depth-8 node is 4096 / 2^8 = 16 units wide
    SUBCASE("a tiny box near the origin sinks to the maximum depth") {
        t.add(1, {1, 1, 2, 2});
        CHECK(t.depthOf(1) == 8);
        CHECK(t.regionOf(1) == AABB{0, 0, 16, 16});
    }
    SUBCASE("a box across the world's centre line stays at the root") {
        t.add(1, {2040, 10, 2050, 20});  // 2040 < 2048 < 2050
        CHECK(t.depthOf(1) == 0);
    }
    SUBCASE("a box filling a quarter of a quarter stops at depth 2") {
        t.add(1, {0, 0, 1024, 1024});  // fits [0,1024]^2 (depth 2), not [0,512]^2
        CHECK(t.depthOf(1) == 2);
    }
    SUBCASE("a box outside the world stays at the root") {
        t.add(1, {-5, -5, 1, 1});
        CHECK(t.depthOf(1) == 0);
    }
    SUBCASE("a move goes up to a containing node, then down as far as it fits") {
        // x 3000..3001, y 100..101: x halves 2048|3072, 2560|3072, 2816|3072, 2944|3072, 2944|3008, 2976|3008,
        // 2992|3008; y halves 0|2048, 0|1024, 0|512, 0|256, 0|128, 64|128, 96|128, 96|112.
        t.add(1, {3000, 100, 3001, 101});
        CHECK(t.depthOf(1) == 8);
        CHECK(t.regionOf(1) == AABB{2992, 96, 3008, 112});
        t.update(1, {3000, 100, 3100, 101});  // 3000 < 3072 < 3100: only [2048,4096]x[0,2048] (depth 1) holds it
        CHECK(t.depthOf(1) == 1);
        CHECK(t.regionOf(1) == AABB{2048, 0, 4096, 2048});
        t.update(1, {5, 4000, 6, 4001});  // up to the root, then down the top-left column to depth 8
        CHECK(t.depthOf(1) == 8);
        // y halves 2048|4096, 3072|4096, 3584|4096, 3840|4096, 3968|4096, 3968|4032, 4000|4032 (4001 > 4000 rules
        // out 3968..4000), 4000|4016; x halves 0|2048 ... 0|16.
        CHECK(t.regionOf(1) == AABB{0, 4000, 16, 4016});
    }
    CHECK(t.validate() == "");
}

TEST_CASE("The grid lists an item in exactly the cells it overlaps and reports it once") {
    GridSet g;  // 4096 / 64 = 64 x 64 cells, each [64k, 64(k+1))
    CHECK(g.cols() == 64);
    CHECK(g.rows() == 64);
    g.add(1, {0, 0, 64, 64});  // 64 is already cell 1: cells (0..1) x (0..1)
    CHECK(g.cellCount(0, 0) == 1);
    CHECK(g.cellCount(1, 1) == 1);
    CHECK(g.cellCount(2, 2) == 0);
    g.add(2, {-100, -100, -50, -50});  // outside: clamped onto cell (0, 0)
    CHECK(g.cellCount(0, 0) == 2);
    g.add(3, {-10, -10, 5000, 5000});  // covers every cell
    CHECK(g.cellCount(63, 63) == 1);
    CHECK(g.cellCount(30, 40) == 1);
    int calls = 0;
    g.query({-10000, -10000, 10000, 10000}, [&](ItemId id) {
        calls += id == 3 ? 1 : 0;
        return true;
    });
    CHECK(calls == 1);              // met in 4096 cells, reported once
    g.update(1, {1, 1, 63, 63});    // now a single cell
    CHECK(g.cellCount(1, 1) == 1);  // only the huge box is left there
    CHECK(g.cellCount(0, 0) == 3);
    CHECK(g.validate() == "");
}

TEST_CASE("The leaf quadtree splits past its maximum item count and lists an item in every leaf it overlaps") {
    SetOptions o;
    o.world = {0, 0, 100, 100};
    o.quadMaxItems = 2;
    o.quadMaxDepth = 3;
    QuadTreeLeaves t(o);
    t.add(0, {10, 10, 20, 20});
    t.add(1, {60, 10, 70, 20});
    CHECK(t.nodeCount() == 1);  // two items fit in the root leaf
    t.add(2, {10, 60, 20, 70});
    CHECK(t.nodeCount() == 5);  // the third splits the root at 50
    CHECK(t.leafCountOf(0) == 1);
    t.add(3, {45, 45, 55, 55});  // crosses both centre lines: in all four leaves, none of which goes past 2
    CHECK(t.leafCountOf(3) == 4);
    CHECK(t.nodeCount() == 5);
    t.add(4, {12, 12, 14, 14});  // leaf [0,50]^2 now holds 0, 3, 4: it splits at 25
    CHECK(t.nodeCount() == 9);
    CHECK(t.depth() == 2);
    CHECK(t.leafCountOf(3) == 4);  // [25,50]^2 plus the three other top-level leaves
    CHECK(t.leafCountOf(0) == 1);  // [0,25]^2
    int calls = 0;
    t.query({0, 0, 100, 100}, [&](ItemId id) {
        calls += id == 3 ? 1 : 0;
        return true;
    });
    CHECK(calls == 1);
    t.update(3, {80, 80, 90, 90});  // now only in the leaf [50,100]^2
    CHECK(t.leafCountOf(3) == 1);
    CHECK(t.validate() == "");
}

TEST_CASE("The dynamic tree's height bound is the AVL one, worked out from the Fibonacci leaf counts") {
    // Fewest leaves for height h: 1, 2, 3, 5, 8, 13 (h = 0..5).
    CHECK(DynamicTree::maxBalancedHeight(1) == 0);
    CHECK(DynamicTree::maxBalancedHeight(2) == 1);
    CHECK(DynamicTree::maxBalancedHeight(4) == 2);
    CHECK(DynamicTree::maxBalancedHeight(5) == 3);
    CHECK(DynamicTree::maxBalancedHeight(12) == 4);
    CHECK(DynamicTree::maxBalancedHeight(13) == 5);
}

TEST_CASE("The dynamic tree stays balanced under the worst insertion order and many moves") {
    DynamicTree t;
    for (ItemId id = 0; id < 1000; ++id) t.add(id, {4 * id, 0, 4 * id + 2, 2});  // sorted along a line
    REQUIRE(t.validate() == "");
    CHECK(t.height() <= 14);  // AVL bound for 1000 leaves (m(14) = 987 <= 1000 < m(15) = 1597)
    for (ItemId id = 0; id < 1000; id += 2) t.update(id, {4 * id, 3000, 4 * id + 2, 3002});  // half jump away
    REQUIRE(t.validate() == "");
    for (ItemId id = 0; id < 1000; id += 3) t.remove(id);
    REQUIRE(t.validate() == "");
    CHECK(t.height() <= DynamicTree::maxBalancedHeight(t.size()));
}

TEST_CASE("The dynamic tree inserts a box beside the leaf that adds the least perimeter to the whole tree") {
    // Worked by hand. build() splits the x-sorted centres 5 | 25, 205 at the median: root(P, X = (Q, Y)), X's box
    // is [20, 210] x [0, 10]. E = [12, 18] x [0, 10] lies between P and X. Pairing E with P adds 56 (the new
    // branch [0, 18] x [0, 10]; the root does not grow); pairing it inside X adds X's growth 16 plus at least 56
    // (with Q), so the best sibling is P and the tree becomes ((P, E), (Q, Y)). A greedy descent comparing X's
    // growth (16) with P's pairing perimeter (56) would go into X and pair E with Q instead.
    DynamicTree t(SetOptions{}, 0);  // never rebuilds
    t.build({{0, {0, 0, 10, 10}}, {1, {20, 0, 30, 10}}, {2, {200, 0, 210, 10}}});
    t.add(3, {12, 0, 18, 10});
    REQUIRE(t.validate() == "");
    CHECK(t.height() == 2);
    std::vector<ItemId> hits;
    const SetStats work = t.query({0, 0, 18, 10}, [&](ItemId id) {
        hits.push_back(id);
        return true;
    });
    std::sort(hits.begin(), hits.end());
    CHECK(hits == std::vector<ItemId>{0, 3});
    // Root (1), its two children (2: only (P, E) = [0, 18] x [0, 10] meets the query), then P and E (2). The
    // greedy tree ((P, Y), (E, Q)) would need 7: both children of the root meet the query there.
    CHECK(work.nodesVisited == 5);
}

TEST_CASE("The dynamic tree prices siblings exactly when half perimeters pass 2^32") {
    // Worked by hand, in half perimeters (w + h). build() splits the x-sorted centres P, Q | R, Y: root(L, T) with
    // L = (P, Q) = [INT_MIN, -990] x [0, 10] and T = (R, Y) = [1000, INT_MAX] x [INT_MIN, INT_MAX] (R is as tall as
    // the int range). E = [990, 995] x [0, 10]. The walk prices L (L grows by 1985, its half is 2^31 - 980) and T
    // (grows by 10, its half is past 2^32 + 2^31): L is the best so far; T's growth is the lower, so it goes into T
    // and prices R (10 + 2^32 + 19) and Y (10 + 2^31 - 980, the new best); both are leaves, so E pairs with Y. Sums
    // kept in 32 bits would wrap T's half to 2^31 - 1002 and R's to 19 and pair E with R (a quality swap of Y and R
    // would then mend the tree). Here neither equal-height swap shrinks a box (R for Y or E under (Y, E), L for
    // (Y, E) under T), so there is no swap and the tree becomes ((P, Q), (R, (Y, E))).
    constexpr int kLo = std::numeric_limits<int>::min(), kHi = std::numeric_limits<int>::max();
    DynamicTree t(SetOptions{}, 0);  // never rebuilds
    t.build({{0, {kLo, 0, kLo + 10, 10}},
             {1, {-1000, 0, -990, 10}},
             {2, {1000, kLo, 1010, kHi}},
             {3, {kHi - 10, 0, kHi, 10}}});
    t.add(4, {990, 0, 995, 10});
    REQUIRE(t.validate() == "");
    CHECK(t.height() == 3);
    CHECK(t.rotationCount() == 0);
    const auto visits = [&t](int x0, int x1) {
        return t.query({x0, 0, x1, 0}, [](ItemId) { return true; }).nodesVisited;
    };
    // At Y: the root, L (missed) and T, then R (missed) and (Y, E), then Y and E (missed): 7.
    CHECK(visits(kHi - 10, kHi) == 7);
    // At E: the same seven nodes.
    CHECK(visits(990, 995) == 7);
}

TEST_CASE("The dynamic tree's quality rotations keep it valid, balanced and exact") {
    // One-by-one insertion of scattered boxes leaves branches that a child/grandchild swap can shrink; each swap
    // must keep every link, box and height right (validate) and lose no item (queries against a plain scan).
    DynamicTree t(SetOptions{}, 0);  // never rebuilds: every insertion is incremental
    std::vector<AABB> boxes;
    std::uint32_t seed = 12345;
    auto next = [&seed](int range) {
        seed = seed * 1103515245u + 12345u;  // a fixed linear congruential sequence
        return int((seed >> 8) % std::uint32_t(range));
    };
    for (ItemId id = 0; id < 2000; ++id) {
        const int x = next(4000), y = next(4000), w = 1 + next(20), h = 1 + next(20);
        boxes.push_back({x, y, x + w, y + h});
        t.add(id, boxes.back());
    }
    REQUIRE(t.validate() == "");
    CHECK(t.rotationCount() > 0);
    CHECK(t.height() <= DynamicTree::maxBalancedHeight(2000));
    for (int q = 0; q < 200; ++q) {
        const int x = next(4000), y = next(4000);
        const AABB box{x, y, x + 64, y + 64};
        std::vector<ItemId> expected;
        for (ItemId id = 0; id < 2000; ++id) {
            if (collide(boxes[std::size_t(id)], box)) expected.push_back(id);
        }
        std::vector<ItemId> got = t.findIntersecting(box);
        std::sort(got.begin(), got.end());
        CHECK(got == expected);
    }
}

TEST_CASE("The dynamic tree's perimeter ratio sums every node's perimeter over the root's") {
    DynamicTree t;
    CHECK(t.perimeterRatio() == 0);  // empty
    // Two 10 x 10 leaves (perimeter 40 each) under a root spanning [0, 30] x [0, 10] (perimeter 80):
    // (40 + 40 + 80) / 80 = 2.
    t.build({{0, {0, 0, 10, 10}}, {1, {20, 0, 30, 10}}});
    CHECK(t.perimeterRatio() == doctest::Approx(2.0));
    // A third leaf [0, 50] x [0, 10] (perimeter 120) joins; the root becomes [0, 50] x [0, 10] (120) and the
    // other branch holds two of the leaves, whichever they are: its perimeter is 80 (the two small ones) or 120.
    t.add(2, {0, 0, 50, 10});
    REQUIRE(t.validate() == "");
    const double r = t.perimeterRatio();
    CHECK((r == doctest::Approx((40 + 40 + 120 + 80 + 120) / 120.0) ||
           r == doctest::Approx((40 + 40 + 120 + 120 + 120) / 120.0)));
}

TEST_CASE("The dynamic tree re-inserts only when a box leaves its fat box") {
    SetOptions o;
    o.fatMargin = 4;
    DynamicTree t(o);
    t.add(1, {100, 100, 110, 110});
    t.add(2, {300, 300, 310, 310});
    CHECK(t.fatBoxOf(1) == AABB{100, 100, 110, 110});  // not moved yet: no margin
    t.update(1, {101, 100, 111, 110});                 // leaves its box: re-inserted with a margin of 4
    CHECK(t.reinsertCount() == 1);
    CHECK(t.fatBoxOf(1) == AABB{97, 96, 115, 114});
    t.update(1, {105, 104, 115, 114});  // still inside 97..115 x 96..114
    CHECK(t.reinsertCount() == 1);
    CHECK(t.findIntersecting({112, 112, 112, 112}) == std::vector<ItemId>{1});
    CHECK(t.findIntersecting({98, 97, 99, 98}).empty());  // inside the fat box only: no false hit
    t.update(1, {106, 104, 116, 114});                    // 116 > 115
    CHECK(t.reinsertCount() == 2);
    CHECK(t.fatBoxOf(1) == AABB{102, 100, 120, 118});
    CHECK(t.validate() == "");
}

TEST_CASE("The dynamic tree gives a fast item a margin of four of its steps, capped, and keeps it through a rebuild") {
    SetOptions o;
    o.fatMargin = 4;
    DynamicTree t(o, 0);  // rebuilt only when asked
    t.add(1, {100, 100, 110, 110});
    t.add(2, {300, 300, 310, 310});     // far away: item 1 never meets its sibling here
    t.update(1, {103, 100, 113, 110});  // a step of 3: margin max(4, 4 x 3) = 12
    CHECK(t.fatBoxOf(1) == AABB{91, 88, 125, 122});
    t.rebuild();  // re-centred on the box with the same margin of 12 (the box has not moved since)
    CHECK(t.fatBoxOf(1) == AABB{91, 88, 125, 122});
    t.update(1, {115, 106, 125, 116});  // still inside 91..125 x 88..122: no re-insertion
    CHECK(t.reinsertCount() == 1);
    t.update(1, {116, 106, 126, 116});  // a step of 1 out of it: back to the tree's margin, 4
    CHECK(t.reinsertCount() == 2);
    CHECK(t.fatBoxOf(1) == AABB{112, 102, 130, 120});
    t.update(1, {1116, 106, 1126, 116});  // a jump of 1000: 16 margins (64), not 4000
    CHECK(t.fatBoxOf(1) == AABB{1052, 42, 1190, 180});
    CHECK(t.validate() == "");
    CHECK(t.findIntersecting({1000, 0, 1200, 200}) == std::vector<ItemId>{1});
}

TEST_CASE("The dynamic tree keeps its own margin for a moved item that lands on its new sibling") {
    SetOptions o;
    o.fatMargin = 4;
    DynamicTree t(o, 0);
    t.add(1, {200, 100, 210, 110});
    t.add(2, {100, 100, 110, 110});
    t.update(1, {105, 100, 115, 110});  // a step of 95 onto item 2, the only other leaf: margin 4, not 64
    CHECK(t.fatBoxOf(1) == AABB{101, 96, 119, 114});
    CHECK(t.validate() == "");
    CHECK(t.findIntersecting({108, 105, 108, 105}) == std::vector<ItemId>{1, 2});
}

TEST_CASE("The dynamic tree keeps a moved item's fat box while insertions and removals move its leaf") {
    // Sibling pairs share a cache line, so a leaf changes slots when a new leaf is paired with it (it moves into a
    // fresh pair) and when its sibling is removed (it moves into the parent's slot); its fat box must go with it.
    SetOptions o;
    o.fatMargin = 4;
    DynamicTree t(o, 0);  // never rebuilds: only insertions, removals and rotations move leaves
    t.add(1, {100, 100, 110, 110});
    t.update(1, {101, 100, 111, 110});  // re-inserted with its fat box, worked out in the test above
    const AABB fat{97, 96, 115, 114};
    REQUIRE(t.fatBoxOf(1) == fat);
    for (ItemId id = 2; id < 40; ++id) {  // neighbours right beside item 1: it is paired with one of them
        t.add(id, {80 + id % 7 * 2, 95 + id % 5 * 4, 84 + id % 7 * 2, 99 + id % 5 * 4});  // x <= 96: left of it
        REQUIRE(t.validate() == "");
        CHECK(t.fatBoxOf(1) == fat);
    }
    for (ItemId id = 2; id < 40; ++id) {
        REQUIRE(t.remove(id));
        REQUIRE(t.validate() == "");
        CHECK(t.fatBoxOf(1) == fat);
        CHECK(t.findIntersecting({110, 109, 111, 110}) == std::vector<ItemId>{1});  // its real box, exactly
    }
    CHECK(t.reinsertCount() == 1);
    REQUIRE(t.remove(1));  // empty again: the root's slot and the freed pairs are reused by what follows
    CHECK(t.validate() == "");
    for (ItemId id = 0; id < 10; ++id) t.add(id, {id * 10, 0, id * 10 + 5, 5});
    CHECK(t.validate() == "");
    CHECK(t.findIntersecting({0, 0, 100, 5}).size() == 10);
}

TEST_CASE("The dynamic tree rebuilds itself after many re-inserting moves and stays valid") {
    DynamicTree t(SetOptions{}, 0.5);  // rebuild after max(64, n / 2) re-insertions by moves
    for (ItemId id = 0; id < 63; ++id) t.add(id, {10 * id, 0, 10 * id + 5, 5});
    // A first move out of an item's own box re-inserts it (its fat box was its box): 63 re-insertions.
    for (ItemId id = 0; id < 63; ++id) t.update(id, {10 * id, 20, 10 * id + 5, 25});
    CHECK(t.reinsertCount() == 63);
    CHECK(t.rebuildCount() == 0);
    // Its move of 20 gave item 0 a margin of 64 (four such moves, capped at 16 margins): a move of 200 leaves it.
    t.update(0, {0, 220, 5, 225});  // the 64th
    CHECK(t.reinsertCount() == 64);
    CHECK(t.rebuildCount() == 1);
    REQUIRE(t.validate() == "");
    CHECK(t.findIntersecting({0, 20, 15, 220}) == std::vector<ItemId>{0, 1});
    t.rebuild();
    REQUIRE(t.validate() == "");
    CHECK(t.findIntersecting({615, 25, 620, 29}) == std::vector<ItemId>{61, 62});
}

TEST_CASE("The dynamic tree does not rebuild a set that is only filled and churned, and does after enough moves") {
    DynamicTree t(SetOptions{}, 0.5);
    for (ItemId id = 0; id < 200; ++id) t.add(id, {10 * id, 0, 10 * id + 5, 5});  // 200 >= max(64, 100) adds
    for (ItemId id = 0; id < 100; ++id) REQUIRE(t.remove(id));
    for (ItemId id = 0; id < 100; ++id) t.add(id, {10 * id, 0, 10 * id + 5, 5});
    CHECK(t.findIntersecting({0, 0, 2000, 5}).size() == 200);
    CHECK(t.rebuildCount() == 0);  // adds and removals never rebuild, however many, queried or not
    for (ItemId id = 0; id < 99; ++id) t.update(id, {10 * id + 1, 0, 10 * id + 6, 5});  // first moves re-insert
    CHECK(t.reinsertCount() == 99);
    t.update(0, {2, 0, 7, 5});  // inside its fat box (margin 4): no re-insertion, does not count
    CHECK(t.reinsertCount() == 99);
    CHECK(t.rebuildCount() == 0);
    t.update(99, {991, 0, 996, 5});  // the 100th re-insertion: n / 2
    CHECK(t.rebuildCount() == 1);
    CHECK(t.validate() == "");
    t.update(100, {1001, 0, 1006, 5});  // the count starts again after a rebuild
    CHECK(t.rebuildCount() == 1);
}

TEST_CASE("The dynamic tree stays valid and exact under mixed adds, moves, removals and frequent rebuilds") {
    // validate() after every step checks links, boxes, heights and the AVL bound (the insertion walk picks its
    // way with selects, so a wrong pick would show as a bad link or height); queries are checked against a scan.
    DynamicTree t(SetOptions{}, 0.25);  // rebuilds often too
    std::vector<AABB> boxes(600);
    std::vector<bool> present(600, false);
    std::uint32_t seed = 777;
    auto next = [&seed](int range) {
        seed = seed * 1103515245u + 12345u;
        return int((seed >> 8) % std::uint32_t(range));
    };
    for (int step = 0; step < 4000; ++step) {
        CAPTURE(step);
        const ItemId id = next(600);
        const int x = next(1000), y = next(1000);
        const AABB b{x, y, x + 1 + next(30), y + 1 + next(30)};
        if (!present[std::size_t(id)]) {
            t.add(id, b);
            present[std::size_t(id)] = true;
        } else if (next(4) == 0) {
            REQUIRE(t.remove(id));
            present[std::size_t(id)] = false;
            continue;
        } else {
            t.update(id, next(2) == 0 ? b : translated(boxes[std::size_t(id)], next(7) - 3, next(7) - 3));
        }
        boxes[std::size_t(id)] = t.boxOf(id);
        REQUIRE(t.validate() == "");
        t.findIntersecting({0, 0, 1000, 1000});
    }
    CHECK(t.rebuildCount() > 0);
    for (int q = 0; q < 100; ++q) {
        const int x = next(1000), y = next(1000);
        const AABB box{x, y, x + 50, y + 50};
        std::vector<ItemId> expected;
        for (ItemId id = 0; id < 600; ++id) {
            if (present[std::size_t(id)] && collide(boxes[std::size_t(id)], box)) expected.push_back(id);
        }
        std::vector<ItemId> got = t.findIntersecting(box);
        std::sort(got.begin(), got.end());
        CHECK(got == expected);
    }
}
