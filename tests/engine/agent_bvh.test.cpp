// Tests for engine/agent_bvh.h: one exact-structure test per rule of spec/bvh.md, then properties on random
// operation sequences checked against brute force. Every expected tree below was worked out by hand from the
// spec's rules (the working is in the comments), never printed by the code under test and pasted.
#include "engine/agent_bvh.h"

#include <doctest/doctest.h>
#include "engine/box_string.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

using engine::AABB;
using engine::AgentBVH;

namespace {

/// Adds members in order, checking the invariants after each.
void addAll(AgentBVH& t, const std::vector<std::pair<std::string, AABB>>& members) {
    for (const auto& [name, box] : members) {
        REQUIRE(t.add(box, name));
        REQUIRE(t.validate() == "");
    }
}

std::vector<std::string> sortedHits(const AgentBVH& t, const AABB& q) {
    auto v = t.getCollidingObjects(q);
    std::sort(v.begin(), v.end());
    return v;
}

// a and b side by side, two units apart: with c between them the area increases tie (both 4).
const AABB kA{0, 0, 2, 2}, kB{4, 0, 6, 2}, kC{2, 0, 4, 2};

}  // namespace

TEST_CASE("an empty tree prints nothing, has no root and answers no query") {
    AgentBVH t;
    CHECK(t.toString() == "");
    CHECK(t.root() == AgentBVH::kNull);
    CHECK(t.validate() == "");
    CHECK(t.height() == -1);
    CHECK(t.nodeCount() == 0);
    CHECK(t.getCollidingObjects(AABB{0, 0, 100, 100}).empty());
    CHECK(t.query(AABB{0, 0, 100, 100}, [](int) { return true; }) == 0);
    CHECK_FALSE(t.remove("ghost"));
    CHECK_FALSE(t.move("ghost", AABB{0, 0, 1, 1}));
}

TEST_CASE("a single member is a root leaf printed with '- -'") {
    AgentBVH t;
    addAll(t, {{"head", AABB{3, 7, 5, 8}}});
    CHECK(t.toString() == "- - leaf: head || min = (3, 7), max = (5, 8), Area = 2\n");
    CHECK(t.height() == 0);
    CHECK(t.nodeCount() == 1);
    SUBCASE("moving the root leaf only changes its box, wherever it goes") {
        CHECK(t.move("head", AABB{100, 100, 200, 300}));
        CHECK(t.toString() == "- - leaf: head || min = (100, 100), max = (200, 300), Area = 20000\n");
    }
    SUBCASE("removing it empties the tree") {
        CHECK(t.remove("head"));
        CHECK(t.toString() == "");
        CHECK(t.validate() == "");
    }
}

TEST_CASE("the second member becomes the LEFT child of a new root branch") {
    AgentBVH t;
    addAll(t, {{"a", kA}, {"b", kB}});
    // Root = union (0,0)-(6,2), area 12; printed right (old root a) before left (new b).
    CHECK(t.toString() ==
          "+ branch || min = (0, 0), max = (6, 2), Area = 12\n"
          "  - R - leaf: a || min = (0, 0), max = (2, 2), Area = 4\n"
          "  - L - leaf: b || min = (4, 0), max = (6, 2), Area = 4\n");
    CHECK(t.node(t.node(t.root()).left).isLeaf());
    CHECK(t.nameOf(t.node(t.root()).left) == "b");
}

TEST_CASE("insertion descends towards the smaller area increase") {
    AgentBVH t;
    addAll(t, {{"a", kA}, {"b", kB}});  // root: left = b, right = a
    SUBCASE("a tie goes left") {
        // c = (2,0)-(4,2): with b (left) -> (2,0)-(6,2) = 8, inc 4; with a (right) -> (0,0)-(4,2) = 8, inc 4. Tie: left.
        addAll(t, {{"c", kC}});
        CHECK(t.toString() ==
              "+ branch || min = (0, 0), max = (6, 2), Area = 12\n"
              "  - R - leaf: a || min = (0, 0), max = (2, 2), Area = 4\n"
              "  + branch || min = (2, 0), max = (6, 2), Area = 8\n"
              "    - R - leaf: b || min = (4, 0), max = (6, 2), Area = 4\n"
              "    - L - leaf: c || min = (2, 0), max = (4, 2), Area = 4\n");
    }
    SUBCASE("strictly smaller on the right goes right") {
        // d = (0,0)-(1,1): with a (right) inc 0; with b (left) -> (0,0)-(6,2) = 12, inc 8. Right.
        addAll(t, {{"d", AABB{0, 0, 1, 1}}});
        CHECK(t.toString() ==
              "+ branch || min = (0, 0), max = (6, 2), Area = 12\n"
              "  + branch || min = (0, 0), max = (2, 2), Area = 4\n"
              "    - R - leaf: a || min = (0, 0), max = (2, 2), Area = 4\n"
              "    - L - leaf: d || min = (0, 0), max = (1, 1), Area = 1\n"
              "  - L - leaf: b || min = (4, 0), max = (6, 2), Area = 4\n");
    }
    SUBCASE("the increase is measured in area, not in perimeter or distance") {
        // e = (0,3)-(6,4), a thin strip above both: with b -> (0,0)-(6,4) = 24, inc 20; with a -> same box, inc 20.
        // Tie again, so left, although e's centre is nearer neither.
        addAll(t, {{"e", AABB{0, 3, 6, 4}}});
        CHECK(t.nameOf(t.node(t.node(t.root()).left).left) == "e");
        CHECK(t.node(t.root()).box == AABB{0, 0, 6, 4});
    }
}

TEST_CASE("removal splices the sibling in and does not shrink the ancestors") {
    AgentBVH t;
    addAll(t, {{"a", kA}, {"b", kB}, {"c", kC}});
    SUBCASE("removing a leaf under an inner branch") {
        // The inner branch (b, c) is replaced by c; the root keeps its old box (0,0)-(6,2) though a and c need (0,0)-(4,2).
        CHECK(t.remove("b"));
        CHECK(t.validate() == "");
        CHECK(t.toString() ==
              "+ branch || min = (0, 0), max = (6, 2), Area = 12\n"
              "  - R - leaf: a || min = (0, 0), max = (2, 2), Area = 4\n"
              "  - L - leaf: c || min = (2, 0), max = (4, 2), Area = 4\n");
        SUBCASE("the next insertion recomputes every ancestor exactly") {
            // d = (0,0)-(1,1): right (a) inc 0 < left (c) inc 4, so d pairs with a; the root becomes union(c, (a,d)) = (0,0)-(4,2).
            addAll(t, {{"d", AABB{0, 0, 1, 1}}});
            CHECK(t.toString() ==
                  "+ branch || min = (0, 0), max = (4, 2), Area = 8\n"
                  "  + branch || min = (0, 0), max = (2, 2), Area = 4\n"
                  "    - R - leaf: a || min = (0, 0), max = (2, 2), Area = 4\n"
                  "    - L - leaf: d || min = (0, 0), max = (1, 1), Area = 1\n"
                  "  - L - leaf: c || min = (2, 0), max = (4, 2), Area = 4\n");
        }
    }
    SUBCASE("removing a child of the root makes its sibling the root") {
        CHECK(t.remove("a"));
        CHECK(t.validate() == "");
        CHECK(t.toString() ==
              "+ branch || min = (2, 0), max = (6, 2), Area = 8\n"
              "  - R - leaf: b || min = (4, 0), max = (6, 2), Area = 4\n"
              "  - L - leaf: c || min = (2, 0), max = (4, 2), Area = 4\n");
        CHECK(t.remove("c"));
        CHECK(t.toString() == "- - leaf: b || min = (4, 0), max = (6, 2), Area = 4\n");
        CHECK(t.validate() == "");
    }
    SUBCASE("removing an unknown name changes nothing") {
        const std::string before = t.toString();
        CHECK_FALSE(t.remove("z"));
        CHECK(t.toString() == before);
    }
}

TEST_CASE("move keeps the tree when the box stays inside the parent's current box") {
    AgentBVH t;
    addAll(t, {{"a", kA}, {"b", kB}, {"c", kC}});
    REQUIRE(t.remove("b"));  // root keeps the stale box (0,0)-(6,2)
    const int leaf = t.find("c");
    SUBCASE("inside the stale (larger) parent box: only the leaf changes") {
        CHECK_FALSE(t.moveLeaf(leaf, AABB{4, 0, 6, 2}));
        CHECK(t.toString() ==
              "+ branch || min = (0, 0), max = (6, 2), Area = 12\n"
              "  - R - leaf: a || min = (0, 0), max = (2, 2), Area = 4\n"
              "  - L - leaf: c || min = (4, 0), max = (6, 2), Area = 4\n");
    }
    SUBCASE("touching the parent's border still counts as inside") {
        CHECK_FALSE(t.moveLeaf(leaf, AABB{0, 0, 6, 2}));
        CHECK(t.validate() == "");
    }
}

TEST_CASE("move outside the parent's box removes and re-inserts under the same name") {
    AgentBVH t;
    addAll(t, {{"a", kA}, {"b", kB}, {"c", kC}});
    const int leaf = t.find("c");
    // c's parent is the inner branch (2,0)-(6,2); (0,0)-(1,1) is outside it. Removal leaves root = (b, a) with its
    // box unrefitted; re-insertion: right (a) inc 0 < left (b) inc 8, so c pairs with a, and the root is recomputed.
    CHECK(t.move("c", AABB{0, 0, 1, 1}));
    CHECK(t.validate() == "");
    CHECK(t.toString() ==
          "+ branch || min = (0, 0), max = (6, 2), Area = 12\n"
          "  + branch || min = (0, 0), max = (2, 2), Area = 4\n"
          "    - R - leaf: a || min = (0, 0), max = (2, 2), Area = 4\n"
          "    - L - leaf: c || min = (0, 0), max = (1, 1), Area = 1\n"
          "  - L - leaf: b || min = (4, 0), max = (6, 2), Area = 4\n");
    CHECK(t.find("c") == leaf);  // the leaf index is a stable handle across re-insertion
}

TEST_CASE("the homework sample builds and prints the spec's tree") {
    // spec/bvh.md sample; the expected tree follows the spec's rules step by step (and the homework's printout).
    AgentBVH t;
    addAll(t, {{"left-leg", AABB{0, 0, 1, 3}},
               {"right-leg", AABB{2, 0, 3, 3}},
               {"torso", AABB{0, 3, 3, 7}},
               {"head", AABB{1, 7, 3, 8}}});
    CHECK(sortedHits(t, AABB{1, 2, 2, 3}) == std::vector<std::string>{"left-leg", "right-leg", "torso"});
    CHECK(sortedHits(t, AABB{10, 10, 11, 11}).empty());
    CHECK(sortedHits(t, AABB{0, 3, 1, 8}) == std::vector<std::string>{"head", "left-leg", "torso"});
    CHECK(t.move("left-leg", AABB{1, 0, 2, 3}));
    CHECK(t.validate() == "");
    CHECK(sortedHits(t, AABB{0, 3, 1, 8}) == std::vector<std::string>{"head", "left-leg", "torso"});
    CHECK(t.toString() ==
          "+ branch || min = (0, 0), max = (3, 8), Area = 24\n"
          "  - R - leaf: left-leg || min = (1, 0), max = (2, 3), Area = 3\n"
          "  + branch || min = (0, 0), max = (3, 8), Area = 24\n"
          "    - R - leaf: right-leg || min = (2, 0), max = (3, 3), Area = 3\n"
          "    + branch || min = (0, 3), max = (3, 8), Area = 15\n"
          "      - R - leaf: torso || min = (0, 3), max = (3, 7), Area = 12\n"
          "      - L - leaf: head || min = (1, 7), max = (3, 8), Area = 2\n");
}

TEST_CASE("queries are inclusive, count their visits and can stop early") {
    AgentBVH t;
    addAll(t, {{"a", kA}, {"b", kB}, {"c", kC}});
    SUBCASE("a miss of the root box tests one node") {
        CHECK(t.getCollidingObjects(AABB{10, 10, 11, 11}).empty());
        CHECK(t.query(AABB{10, 10, 11, 11}, [](int) { return true; }) == 1);
    }
    SUBCASE("touching only a's left edge: root, a, and the inner branch are tested") {
        CHECK(sortedHits(t, AABB{-1, 0, 0, 0}) == std::vector<std::string>{"a"});
        CHECK(t.query(AABB{-1, 0, 0, 0}, [](int) { return true; }) == 3);
    }
    SUBCASE("a shared edge hits both neighbours") {
        CHECK(sortedHits(t, AABB{2, 1, 2, 1}) == std::vector<std::string>{"a", "c"});
    }
    SUBCASE("returning false stops the walk") {
        int calls = 0;
        t.query(AABB{0, 0, 6, 2}, [&](int) { return ++calls < 1; });
        CHECK(calls == 1);
    }
    SUBCASE("walk reports every tested node with its result") {
        int tested = 0, collided = 0;
        t.walk(
            AABB{-1, 0, 0, 0}, [](int) { return true; },
            [&](int, bool hit) {
                ++tested;
                collided += hit ? 1 : 0;
            });
        CHECK(tested == 3);
        CHECK(collided == 2);  // root and a
    }
}

TEST_CASE("duplicate names are refused without changing the tree") {
    AgentBVH t;
    addAll(t, {{"a", kA}});
    CHECK_FALSE(t.add(kB, "a"));
    CHECK(t.memberCount() == 1);
    CHECK(t.validate() == "");
}

TEST_CASE("areas past 32 bits print in full") {
    AgentBVH t;
    addAll(t, {{"big", AABB{-500000, -500000, 500000, 500000}}, {"dot", AABB{0, 0, 0, 0}}});
    CHECK(t.toString() ==
          "+ branch || min = (-500000, -500000), max = (500000, 500000), Area = 1000000000000\n"
          "  - R - leaf: big || min = (-500000, -500000), max = (500000, 500000), Area = 1000000000000\n"
          "  - L - leaf: dot || min = (0, 0), max = (0, 0), Area = 0\n");
}

TEST_CASE("a degenerate tree (members sorted along a line) works without recursion") {
    // Unit boxes [i, i+1] inserted in order: each new one joins the left chain (inc 1 vs inc i+1), so the tree is
    // a chain of height n - 1. Every operation must still work: nothing recurses over the depth.
    constexpr int n = 3000;
    AgentBVH t;
    for (int i = 0; i < n; ++i) REQUIRE(t.add(AABB{i, 0, i + 1, 1}, "m" + std::to_string(i)));
    CHECK(t.validate() == "");
    CHECK(t.height() == n - 1);
    CHECK(sortedHits(t, AABB{n - 1, 0, n - 1, 0}) ==
          std::vector<std::string>{"m" + std::to_string(n - 2), "m" + std::to_string(n - 1)});
    const std::string printed = t.toString();
    CHECK(std::count(printed.begin(), printed.end(), '\n') == 2 * n - 1);
    CHECK(t.move("m0", AABB{-5, 0, -4, 1}));
    CHECK(t.validate() == "");
    t.clear();
    CHECK(t.validate() == "");
}

TEST_CASE("random add, move, remove and query sequences keep the invariants and agree with brute force") {
    for (std::uint32_t seed = 1; seed <= 40; ++seed) {
        CAPTURE(seed);
        std::mt19937 rng(seed);
        auto num = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
        auto box = [&] {
            const int x = num(-50, 50), y = num(-50, 50);
            return AABB{x, y, x + num(0, 12), y + num(0, 12)};
        };
        AgentBVH t;
        std::map<std::string, AABB> truth;
        int nextName = 0;
        for (int step = 0; step < 250; ++step) {
            CAPTURE(step);
            const int op = num(0, 9);
            if (op < 3 || truth.empty()) {
                const std::string name = "n" + std::to_string(nextName++);
                const AABB b = box();
                REQUIRE(t.add(b, name));
                truth[name] = b;
            } else if (op < 6) {
                auto it = std::next(truth.begin(), num(0, int(truth.size()) - 1));
                AABB b = op == 5 ? box() : engine::translated(it->second, num(-2, 2), num(-2, 2));
                REQUIRE(t.move(it->first, b));
                it->second = b;
            } else if (op < 7) {
                auto it = std::next(truth.begin(), num(0, int(truth.size()) - 1));
                REQUIRE(t.remove(it->first));
                truth.erase(it);
            } else {
                const AABB q = box();
                std::vector<std::string> expected;
                for (const auto& [name, b] : truth) {
                    if (engine::collide(b, q)) expected.push_back(name);
                }
                CHECK(sortedHits(t, q) == expected);
            }
            REQUIRE(t.validate() == "");
            REQUIRE(t.memberCount() == int(truth.size()));
            for (const auto& [name, b] : truth) REQUIRE(t.node(t.find(name)).box == b);
        }
    }
}

TEST_CASE("query reports the same hits in the same order and count as walk, reading only colliding nodes") {
    std::mt19937 rng(99);
    auto num = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    AgentBVH t;
    for (int i = 0; i < 300; ++i) {
        const int x = num(0, 500), y = num(0, 500);
        REQUIRE(t.add({x, y, x + num(0, 30), y + num(0, 30)}, "m" + std::to_string(i)));
    }
    for (int q = 0; q < 200; ++q) {
        const int x = num(-20, 520), y = num(-20, 520);
        const AABB box{x, y, x + num(0, 60), y + num(0, 60)};
        std::vector<int> byQuery, byWalk;
        const int visitedQuery = t.query(box, [&](int leaf) {
            byQuery.push_back(leaf);
            return true;
        });
        const int visitedWalk = t.walk(
            box,
            [&](int leaf) {
                byWalk.push_back(leaf);
                return true;
            },
            [](int, bool) {});
        CHECK(byQuery == byWalk);
        CHECK(visitedQuery == visitedWalk);
    }
}

TEST_CASE("compact renumbers the nodes in printing order and keeps the tree, names and later behaviour") {
    std::mt19937 rng(5);
    auto num = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    AgentBVH laidOut, plain;  // the same operations; only laidOut is compacted
    std::vector<std::string> names;
    for (int i = 0; i < 200; ++i) {
        const int x = num(0, 300), y = num(0, 300);
        const AABB b{x, y, x + num(0, 20), y + num(0, 20)};
        // Every third name is too long to sit inside its leaf (more than 28 bytes), so both kinds move with compact().
        names.push_back(i % 3 == 0 ? "a-member-whose-name-is-longer-than-its-leaf-" + std::to_string(i)
                                   : "m" + std::to_string(i));
        REQUIRE(laidOut.add(b, names.back()));
        REQUIRE(plain.add(b, names.back()));
    }
    for (int round = 0; round < 5; ++round) {
        CAPTURE(round);
        for (int k = 0; k < 40; ++k) {  // moves (many re-inserting) and a removal scatter the pool again
            const std::string& name = names[std::size_t(num(0, int(names.size()) - 1))];
            const int x = num(0, 300), y = num(0, 300);
            REQUIRE(laidOut.move(name, {x, y, x + 5, y + 5}) == plain.move(name, {x, y, x + 5, y + 5}));
        }
        const std::string gone = names.back();
        names.pop_back();
        REQUIRE(laidOut.remove(gone));
        REQUIRE(plain.remove(gone));
        laidOut.compact();
        REQUIRE(laidOut.validate() == "");
        CHECK(laidOut.toString() == plain.toString());
        CHECK(laidOut.root() == 0);
        CHECK(laidOut.poolSize() == laidOut.nodeCount());  // no free slots left
        // Printing order: the root's RIGHT child comes right after it.
        CHECK(laidOut.node(0).right == 1);
        for (const std::string& name : names) {
            REQUIRE(laidOut.find(name) != AgentBVH::kNull);
            CHECK(laidOut.nameOf(laidOut.find(name)) == name);
            CHECK(laidOut.node(laidOut.find(name)).box == plain.node(plain.find(name)).box);
        }
        CHECK(laidOut.find(gone) == AgentBVH::kNull);
        for (int q = 0; q < 20; ++q) {
            const int x = num(0, 300), y = num(0, 300);
            CHECK(sortedHits(laidOut, {x, y, x + 30, y + 30}) == sortedHits(plain, {x, y, x + 30, y + 30}));
        }
    }
}

TEST_CASE("names of 28 bytes sit in their leaf, longer ones survive removals that re-pack them") {
    AgentBVH t;
    const std::string at28(28, 'x'), at29(29, 'y');  // 28 bytes fit beside the 4-byte size in a leaf's 32 bytes
    REQUIRE(t.add({0, 0, 1, 1}, at28));
    REQUIRE(t.add({2, 0, 3, 1}, at29));
    REQUIRE(t.add({4, 0, 5, 1}, ""));  // an empty name is a name like any other
    std::vector<std::string> names;
    for (int i = 0; i < 400; ++i) {  // 60-byte names: removing 300 of them frees 18,000 bytes, so they are re-packed
        names.push_back(std::string(54, 'a' + char(i % 26)) + std::to_string(100000 + i));
        REQUIRE(t.add({10 * i, 10, 10 * i + 5, 15}, names.back()));
    }
    for (int i = 0; i < 400; ++i) {
        if (i % 4 != 0) REQUIRE(t.remove(names[std::size_t(i)]));
    }
    REQUIRE(t.validate() == "");
    CHECK(t.nameOf(t.find(at28)) == at28);
    CHECK(t.nameOf(t.find(at29)) == at29);
    CHECK(t.nameOf(t.find("")) == "");
    for (int i = 0; i < 400; ++i) {
        CAPTURE(i);
        const int leaf = t.find(names[std::size_t(i)]);
        if (i % 4 != 0) {
            CHECK(leaf == AgentBVH::kNull);
            continue;
        }
        REQUIRE(leaf != AgentBVH::kNull);
        CHECK(t.nameOf(leaf) == names[std::size_t(i)]);
        CHECK(t.node(leaf).box == AABB{10 * i, 10, 10 * i + 5, 15});
    }
    t.compact();
    REQUIRE(t.validate() == "");
    CHECK(t.nameOf(t.find(names[396])) == names[396]);
}

TEST_CASE("a walk's stack keeps its entries when it outgrows the part on the C++ stack") {
    engine::WalkStack<4, true> stack;
    int* data = stack.reserve(0);
    for (int top = 0; top < 1000; ++top) {
        data = stack.reserve(top);  // room for two more; may move the entries to the heap
        data[top] = 7 * top;
    }
    int wrong = 0;
    for (int top = 0; top < 1000; ++top) wrong += data[top] != 7 * top;
    CHECK(wrong == 0);
}

TEST_CASE("a query on a chain 600 levels deep finds every member") {
    // Identical boxes make the spec's tree a chain (ties go left).
    AgentBVH t;
    for (int i = 0; i < 600; ++i) REQUIRE(t.add({0, 0, 4, 4}, "n" + std::to_string(i)));
    REQUIRE(t.height() == 599);
    int hits = 0;
    const int visited = t.query({1, 1, 2, 2}, [&](int) { return ++hits > 0; });
    CHECK(hits == 600);
    CHECK(visited == t.nodeCount());
}

TEST_CASE("prefetching changes nothing, and a move by NameKey is a move by name") {
    AgentBVH empty;
    for (int step = 0; step < 4; ++step) empty.prefetch(AgentBVH::NameKey("nobody"), step);
    CHECK(empty.toString() == "");
    std::mt19937 rng(13);
    const auto num = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    AgentBVH byKey, byName;
    for (int i = 0; i < 300; ++i) {
        const int x = num(0, 500), y = num(0, 500);
        REQUIRE(byKey.add({x, y, x + num(0, 20), y + num(0, 20)}, "m" + std::to_string(i)));
        REQUIRE(byName.add(byKey.node(byKey.find("m" + std::to_string(i))).box, "m" + std::to_string(i)));
    }
    REQUIRE(byKey.remove("m7"));
    REQUIRE(byName.remove("m7"));
    for (int k = 0; k < 500; ++k) {
        const std::string name = "m" + std::to_string(num(0, 320));  // some unknown, one removed
        CAPTURE(name);
        const AgentBVH::NameKey key(name);
        const std::string before = byKey.toString();
        for (int step = 0; step < 4; ++step) byKey.prefetch(key, step);
        REQUIRE(byKey.toString() == before);
        const int x = num(0, 500), y = num(0, 500);
        REQUIRE(byKey.move(key, {x, y, x + 5, y + 5}) == byName.move(name, {x, y, x + 5, y + 5}));
        REQUIRE(byKey.validate() == "");
        REQUIRE(byKey.toString() == byName.toString());
    }
}

TEST_CASE("the name index finds, refuses duplicates and forgets removed names across many growths") {
    AgentBVH t;
    // Boxes scattered in no order (a line in order makes the spec's tree a chain: quadratic work this test is not
    // about, and a few seconds under the sanitizers).
    const auto box = [](int i) {
        const int x = i * 7919 % 5003, y = i * 31 % 97;
        return engine::AABB{x, y, x + 1, y + 1};
    };
    for (int i = 0; i < 5000; ++i) REQUIRE(t.addNamed(box(i), "n" + std::to_string(i), i) != AgentBVH::kNull);
    CHECK(t.addNamed({0, 0, 1, 1}, "n17") == AgentBVH::kNull);
    CHECK(t.memberCount() == 5000);
    for (int i = 0; i < 5000; i += 2) REQUIRE(t.remove("n" + std::to_string(i)));
    for (int i = 0; i < 5000; ++i) {
        const int leaf = t.find("n" + std::to_string(i));
        if (i % 2 == 0) {
            CHECK(leaf == AgentBVH::kNull);
        } else {
            REQUIRE(leaf != AgentBVH::kNull);
            CHECK(t.node(leaf).userData == i);
        }
    }
    REQUIRE(t.add({0, 0, 1, 1}, "n0"));  // a removed name can come back
    CHECK(t.validate() == "");
}

TEST_CASE(
    "an inline tree builds the same nodes as the growable one, copies as plain data and refuses a leaf it cannot "
    "hold") {
    // The same random handle-level operations on both storages: every node (index, box, links) must agree, since
    // the rules and the free list are shared and only where the nodes live differs.
    using Inline = engine::InlineAgentBVH<31>;
    static_assert(std::is_trivially_copyable_v<Inline>, "an inline tree is saved by a plain copy");
    std::mt19937 rng(7);
    auto num = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    AgentBVH grow;
    Inline fixed;
    std::vector<int> leaves;
    auto same = [&](const Inline& t) {
        REQUIRE(t.validate() == "");
        REQUIRE(t.root() == grow.root());
        REQUIRE(t.poolSize() == grow.poolSize());
        for (int i = 0; i < t.poolSize(); ++i) {
            CAPTURE(i);
            REQUIRE(t.isLive(i) == grow.isLive(i));
            if (!t.isLive(i)) continue;
            CHECK(t.node(i).box == grow.node(i).box);
            CHECK(t.node(i).parent == grow.node(i).parent);
            CHECK(t.node(i).left == grow.node(i).left);
            CHECK(t.node(i).right == grow.node(i).right);
        }
    };
    for (int k = 0; k < 2000; ++k) {
        const int x = num(0, 300), y = num(0, 300);
        const AABB box{x, y, x + num(0, 40), y + num(0, 40)};
        const int op = num(0, 9);
        if ((op < 3 && leaves.size() < 16) || leaves.empty()) {
            const int a = grow.addLeaf(box, k), b = fixed.addLeaf(box, k);
            REQUIRE(a == b);
            leaves.push_back(a);
        } else if (op < 4) {
            const std::size_t at = std::size_t(num(0, int(leaves.size()) - 1));
            grow.removeLeaf(leaves[at]);
            fixed.removeLeaf(leaves[at]);
            leaves.erase(leaves.begin() + std::ptrdiff_t(at));
        } else {
            const int leaf = leaves[std::size_t(num(0, int(leaves.size()) - 1))];
            REQUIRE(grow.moveLeaf(leaf, box) == fixed.moveLeaf(leaf, box));
        }
        same(fixed);
        if (k % 100 == 0) same(Inline(fixed));  // a copy is the same tree
    }
    // Full: 16 leaves fill 31 nodes; a 17th is refused and nothing changes.
    while (leaves.size() < 16) leaves.push_back(fixed.addLeaf({0, 0, 1, 1}));
    REQUIRE(fixed.nodeCount() == 31);
    const Inline before = fixed;
    CHECK(fixed.addLeaf({0, 0, 1, 1}) == Inline::kNull);
    CHECK(fixed.memberCount() == 16);
    CHECK(fixed.poolSize() == before.poolSize());
    CHECK(fixed.validate() == "");
}
