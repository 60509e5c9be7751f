// One typed suite for all six collision sets: each is driven through the same random scenes as the brute-force
// ArraySet (the reference) and must report exactly the same ids, keep its own invariants (validate()) after every
// operation, and honour the ADT's contract (remove's answer, contains, size, forEach with removal, build).
#include "engine/collision_set.h"
#include "engine/sets/array_set.h"
#include "engine/sets/bvh_set.h"
#include "engine/sets/dynamic_tree.h"
#include "engine/sets/grid_set.h"
#include "engine/sets/quadtree_leaves.h"
#include "engine/sets/quadtree_lowest.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

using namespace engine;

namespace {

/// A small world so that random boxes overlap, touch and leave it often; shallow quadtrees keep the test quick.
SetOptions smallWorld() {
    SetOptions o;
    o.world = {0, 0, 512, 512};
    o.gridCell = 32;
    o.quadMaxDepth = 5;
    o.quadMaxItems = 4;
    o.fatMargin = 3;
    return o;
}

template <class T>
T makeSet(const SetOptions& o) {
    if constexpr (std::is_constructible_v<T, SetOptions>) {
        return T(o);
    } else {
        (void)o;
        return T();
    }
}

/// splitmix64: a tiny seeded generator whose sequence is the same on every platform.
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /// Uniform in [lo, hi].
    int range(int lo, int hi) { return lo + int(next() % std::uint64_t(hi - lo + 1)); }
};

/// A random box with the edge cases mixed in: lattice coordinates (so edges touch), zero width or height,
/// negative coordinates and boxes outside the world, and now and then a huge one covering the world and beyond.
AABB randomBox(Rng& r) {
    const int kind = r.range(0, 99);
    if (kind < 2) return {-200, -150, 900, 700};                         // huge
    if (kind < 7) {                                                       // zero area (point or segment)
        const int x = r.range(-40, 560), y = r.range(-40, 560);
        return {x, y, x + (kind < 5 ? 0 : r.range(0, 30)), y};
    }
    int x, y;
    if (kind < 50) {  // on an 8-unit lattice: shared edges and corners are common
        x = 8 * r.range(-8, 70);
        y = 8 * r.range(-8, 70);
        return {x, y, x + 8 * r.range(0, 4), y + 8 * r.range(0, 4)};
    }
    x = r.range(-100, 600);
    y = r.range(-100, 600);
    return {x, y, x + r.range(0, 48), y + r.range(0, 48)};
}

/// A small step, a jump to a new box, or a resize: the three kinds of update the game does.
AABB movedBox(Rng& r, const AABB& b) {
    const int kind = r.range(0, 9);
    if (kind < 6) return translated(b, r.range(-4, 4), r.range(-4, 4));
    if (kind < 8) return randomBox(r);
    AABB g = b;
    g.maxX += r.range(0, 20);
    g.maxY += r.range(0, 20);
    return g;
}

template <class T>
std::string validateOf(const T& s) {
    return s.validate();
}

/// Same ids for a query box, and the same answer to contains() for id.
template <class T>
void checkSame(const T& set, const ArraySet& ref, const AABB& q) {
    CAPTURE(q.minX);
    CAPTURE(q.minY);
    CAPTURE(q.maxX);
    CAPTURE(q.maxY);
    REQUIRE(set.findIntersecting(q) == ref.findIntersecting(q));
}

}  // namespace

#define SET_TYPES ArraySet, GridSet, QuadTreeLowest, QuadTreeLeaves, AgentBvhSet, DynamicTree

TEST_CASE_TEMPLATE("A collision set reports the same ids as brute force on random moving scenes", T, SET_TYPES) {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        CAPTURE(seed);
        Rng rng{seed};
        T set = makeSet<T>(smallWorld());
        ArraySet ref;
        std::vector<ItemId> live;  // ids in the set, in a fixed order
        for (int step = 0; step < 500; ++step) {
            CAPTURE(step);
            const int op = rng.range(0, 99);
            const ItemId id = rng.range(0, 119);
            if (op < 35) {
                if (!ref.contains(id)) {
                    const AABB b = randomBox(rng);
                    set.add(id, b);
                    ref.add(id, b);
                    live.push_back(id);
                }
            } else if (op < 50) {
                const bool had = ref.remove(id);
                REQUIRE(set.remove(id) == had);
                if (had) live.erase(std::find(live.begin(), live.end(), id));
            } else if (!live.empty()) {
                const ItemId m = live[std::size_t(rng.range(0, int(live.size()) - 1))];
                const AABB b = movedBox(rng, ref.boxOf(m));
                set.update(m, b);
                ref.update(m, b);
                REQUIRE(set.boxOf(m) == b);
            }
            REQUIRE(set.size() == ref.size());
            REQUIRE(set.contains(id) == ref.contains(id));
            REQUIRE(validateOf(set) == "");
            checkSame(set, ref, randomBox(rng));
            if (step % 50 == 49) {  // every item's own box, and the whole world plus a margin
                for (ItemId i : live) checkSame(set, ref, ref.boxOf(i));
                checkSame(set, ref, {-1000, -1000, 1000, 1000});
            }
        }
    }
}

TEST_CASE_TEMPLATE("A collision set honours the edge rules on boxes worked out by hand", T, SET_TYPES) {
    T set = makeSet<T>(SetOptions{});  // default world 0..4096
    set.add(0, {0, 0, 10, 10});
    set.add(1, {10, 10, 20, 20});          // touches 0 at the corner (10, 10)
    set.add(2, {5, 5, 5, 5});              // a point inside 0
    set.add(3, {-10, -10, 9000, 9000});    // huge: covers the world and beyond
    set.add(4, {-50, -50, -40, -40});      // negative, outside the world
    set.add(5, {6000, 6000, 6010, 6010});  // far outside the world
    set.add(6, {20, 0, 30, 10});           // touches 1 at the corner (20, 10); 10 units right of 0
    set.add(7, {0, 11, 9, 11});            // a horizontal segment one unit above 0
    REQUIRE(validateOf(set) == "");
    // Expected lists are the ids whose boxes meet the query under the inclusive rule, checked coordinate by coordinate.
    CHECK(set.findIntersecting({0, 0, 10, 10}) == std::vector<ItemId>{0, 1, 2, 3});
    CHECK(set.findIntersecting({10, 10, 10, 10}) == std::vector<ItemId>{0, 1, 3});
    CHECK(set.findIntersecting({5, 5, 5, 5}) == std::vector<ItemId>{0, 2, 3});
    CHECK(set.findIntersecting({-45, -45, -45, -45}) == std::vector<ItemId>{4});
    CHECK(set.findIntersecting({-40, -40, -11, -11}) == std::vector<ItemId>{4});
    CHECK(set.findIntersecting({6010, 6010, 7000, 7000}) == std::vector<ItemId>{3, 5});  // 3 reaches 9000
    CHECK(set.findIntersecting({11, 0, 19, 9}) == std::vector<ItemId>{3});
    CHECK(set.findIntersecting({20, 10, 20, 10}) == std::vector<ItemId>{1, 3, 6});
    CHECK(set.findIntersecting({0, 11, 0, 11}) == std::vector<ItemId>{3, 7});
    CHECK(set.findIntersecting({-100000, -100000, 100000, 100000}) == std::vector<ItemId>{0, 1, 2, 3, 4, 5, 6, 7});
    // Moving the huge box inside the world and the far box to a corner keeps everything findable.
    set.update(3, {100, 100, 200, 200});
    set.update(5, {4096, 4096, 4096, 4096});
    REQUIRE(validateOf(set) == "");
    CHECK(set.findIntersecting({0, 0, 10, 10}) == std::vector<ItemId>{0, 1, 2});
    CHECK(set.findIntersecting({4000, 4000, 5000, 5000}) == std::vector<ItemId>{5});
    CHECK(set.findIntersecting({200, 200, 300, 300}) == std::vector<ItemId>{3});
}

TEST_CASE_TEMPLATE("A collision set answers remove, contains and size as the ADT says", T, SET_TYPES) {
    T set = makeSet<T>(smallWorld());
    CHECK(set.size() == 0);
    CHECK_FALSE(set.remove(3));
    set.add(3, {1, 1, 4, 4});
    set.add(7, {2, 2, 9, 9});
    CHECK(set.size() == 2);
    CHECK(set.contains(3));
    CHECK_FALSE(set.contains(4));
    CHECK_FALSE(set.contains(1000));
    CHECK(set.remove(3));
    CHECK_FALSE(set.remove(3));
    CHECK_FALSE(set.contains(3));
    CHECK(set.size() == 1);
    CHECK(set.findIntersecting({0, 0, 600, 600}) == std::vector<ItemId>{7});
    set.add(3, {300, 300, 310, 310});  // an id can come back
    CHECK(set.findIntersecting({305, 305, 305, 305}) == std::vector<ItemId>{3});
    set.clear();
    CHECK(set.size() == 0);
    CHECK_FALSE(set.contains(7));
    CHECK(set.findIntersecting({-1000, -1000, 1000, 1000}).empty());
    REQUIRE(validateOf(set) == "");
}

TEST_CASE_TEMPLATE("A collision set's forEach shows every item once and lets the callback remove it", T, SET_TYPES) {
    T set = makeSet<T>(smallWorld());
    Rng rng{42};
    for (ItemId id = 0; id < 60; ++id) set.add(id, randomBox(rng));
    std::vector<int> seen(60, 0);

    SUBCASE("removing every even id") {
        set.forEach([&](ItemId id, const AABB& box) {
            ++seen[id];
            CHECK(box == set.boxOf(id));
            return id % 2 == 0 ? Visit::Remove : Visit::Keep;
        });
        for (int id = 0; id < 60; ++id) {
            CAPTURE(id);
            CHECK(seen[id] == 1);
            CHECK(set.contains(id) == (id % 2 == 1));
        }
        CHECK(set.size() == 30);
        CHECK(set.findIntersecting({-1000, -1000, 1000, 1000}).size() == 30);
    }
    SUBCASE("removing everything") {
        set.forEach([&](ItemId id, const AABB&) {
            ++seen[id];
            return Visit::Remove;
        });
        CHECK(std::count(seen.begin(), seen.end(), 1) == 60);
        CHECK(set.size() == 0);
    }
    SUBCASE("stopping after five") {
        int shown = 0;
        set.forEach([&](ItemId, const AABB&) { return ++shown == 5 ? Visit::Stop : Visit::Keep; });
        CHECK(shown == 5);
        CHECK(set.size() == 60);
    }
    REQUIRE(validateOf(set) == "");
}

TEST_CASE_TEMPLATE("A collision set's build replaces its contents and matches brute force", T, SET_TYPES) {
    T set = makeSet<T>(smallWorld());
    ArraySet ref;
    Rng rng{7};
    set.add(500, {0, 0, 1, 1});  // must be gone after build
    std::vector<Item> items;
    for (ItemId id = 0; id < 150; ++id) items.push_back({id, randomBox(rng)});
    set.build(items);
    ref.build(items);
    REQUIRE(validateOf(set) == "");
    CHECK(set.size() == 150);
    CHECK_FALSE(set.contains(500));
    for (const Item& it : items) checkSame(set, ref, it.box);
    for (int i = 0; i < 100; ++i) checkSame(set, ref, randomBox(rng));
    set.build({});
    CHECK(set.size() == 0);
}

TEST_CASE_TEMPLATE("A collision set's query stops when the callback says so and counts its work", T, SET_TYPES) {
    T set = makeSet<T>(smallWorld());
    for (ItemId id = 0; id < 20; ++id) set.add(id, {10 * id, 0, 10 * id + 15, 15});  // a chain of overlapping boxes
    int calls = 0;
    set.resetStats();
    set.query({0, 0, 300, 20}, [&](ItemId) { return ++calls < 3; });
    CHECK(calls == 3);
    CHECK(set.stats().boxTests >= 3);
    CHECK(set.stats().nodesVisited >= 1);
    set.resetStats();
    CHECK(set.stats().boxTests == 0);
}
