// One typed suite for every registered collision set (engine/sets/registry.def): each is driven through the same
// random scenes as the brute-force ArraySet (the reference) and must report exactly the same ids, keep its own
// invariants (validate()) after every operation, and honour the ADT's contract (remove's answer, contains, size,
// forEach with removal, build). The suite's types come from the registry, so a new structure is tested by adding
// its line there.
#include "engine/collision_set.h"
#include "engine/sets/array_set.h"
#include "engine/sets/registry.h"
#include "engine/splitmix64.h"

#include <doctest/doctest.h>
#include "engine/box_string.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
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

/// The suite's type parameter: one registered kind (its index in the registry).
template <int K>
struct Kind {
    static constexpr SetKind kind = SetKind(K);
};

template <std::size_t... K>
std::tuple<Kind<int(K)>...> kindTuple(std::index_sequence<K...>);
/// Every registered kind, as a tuple of types for TEST_CASE_TEMPLATE_APPLY.
using AllKinds = decltype(kindTuple(std::make_index_sequence<std::size_t(kSetKindCount)>{}));

/// A new set of the suite's kind, named in any failure that follows.
template <class T>
std::unique_ptr<CollisionSet> makeSet(const SetOptions& o) {
    std::unique_ptr<CollisionSet> set = makeCollisionSet(T::kind, o);
    REQUIRE(set != nullptr);
    REQUIRE(std::string(set->name()) == setKindName(T::kind));
    return set;
}

/// A seeded generator whose sequence is the same on every platform (engine::splitmix64).
struct Rng {
    std::uint64_t s;
    std::uint64_t next() { return engine::splitmix64(s); }
    /// Uniform in [lo, hi].
    int range(int lo, int hi) { return lo + int(next() % std::uint64_t(hi - lo + 1)); }
};

/// A random box with the edge cases mixed in: lattice coordinates (so edges touch), zero width or height,
/// negative coordinates and boxes outside the world, and now and then a huge one covering the world and beyond.
AABB randomBox(Rng& r) {
    const int kind = r.range(0, 99);
    if (kind < 2) return {-200, -150, 900, 700};  // huge
    if (kind < 7) {                               // zero area (point or segment)
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

/// Same ids for a query box.
void checkSame(const CollisionSet& set, const ArraySet& ref, const AABB& q) {
    CAPTURE(q.minX);
    CAPTURE(q.minY);
    CAPTURE(q.maxX);
    CAPTURE(q.maxY);
    REQUIRE(set.findIntersecting(q) == ref.findIntersecting(q));
}

using Pair = std::pair<ItemId, ItemId>;

/// What pairs() reports, sorted; fails when a pair is not (smaller id, larger id).
std::vector<Pair> pairsOf(const CollisionSet& set) {
    std::vector<Pair> out;
    set.pairs([&out](ItemId a, ItemId b) {
        out.emplace_back(a, b);
        return true;
    });
    for (const Pair& p : out) REQUIRE(p.first < p.second);
    std::sort(out.begin(), out.end());
    return out;
}

/// The colliding pairs among the given ids (boxOf(id) their boxes), by testing every two in the test itself.
template <class BoxOf>
std::vector<Pair> bruteForcePairs(std::vector<ItemId> ids, BoxOf&& boxOf) {
    std::sort(ids.begin(), ids.end());
    std::vector<Pair> out;
    for (std::size_t i = 0; i < ids.size(); ++i)
        for (std::size_t j = i + 1; j < ids.size(); ++j)
            if (collide(boxOf(ids[i]), boxOf(ids[j]))) out.emplace_back(ids[i], ids[j]);
    return out;
}

/// bruteForcePairs of the crowded scene, whose boxes are the same for every kind (a fixed seed, drawn before any
/// set is asked anything): worked out once per distinct scene and kept, since 3,000 boxes are 4.5 million tests under
/// the sanitizers for each of the seven kinds. A scene not seen before (another box anywhere) is worked out afresh.
const std::vector<Pair>& crowdedExpected(const std::vector<ItemId>& live, const std::vector<AABB>& boxes) {
    static std::vector<std::pair<std::vector<AABB>, std::vector<Pair>>> seen;
    for (const auto& [scene, pairs] : seen) {
        if (scene == boxes) return pairs;
    }
    seen.emplace_back(boxes, bruteForcePairs(live, [&boxes](ItemId i) { return boxes[std::size_t(i)]; }));
    return seen.back().second;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("A collision set reports the same ids as brute force on random moving scenes", T, sameIds) {
    CAPTURE(setKindName(T::kind));
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        CAPTURE(seed);
        Rng rng{seed};
        const std::unique_ptr<CollisionSet> owned = makeSet<T>(smallWorld());
        CollisionSet& set = *owned;
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
            REQUIRE(set.validate() == "");
            checkSame(set, ref, randomBox(rng));
            if (step % 25 == 24)
                REQUIRE(pairsOf(set) == bruteForcePairs(live, [&ref](ItemId i) {
                            return ref.boxOf(i);
                        }));        // each pair once, none missed
            if (step % 50 == 49) {  // every item's own box, and the whole world plus a margin
                for (ItemId i : live) checkSame(set, ref, ref.boxOf(i));
                checkSame(set, ref, {-1000, -1000, 1000, 1000});
            }
        }
    }
}

TEST_CASE_TEMPLATE_DEFINE("A collision set honours the edge rules on boxes worked out by hand", T, edgeRules) {
    CAPTURE(setKindName(T::kind));
    const std::unique_ptr<CollisionSet> owned = makeSet<T>(SetOptions{});  // default world 0..4096
    CollisionSet& set = *owned;
    set.add(0, {0, 0, 10, 10});
    set.add(1, {10, 10, 20, 20});          // touches 0 at the corner (10, 10)
    set.add(2, {5, 5, 5, 5});              // a point inside 0
    set.add(3, {-10, -10, 9000, 9000});    // huge: covers the world and beyond
    set.add(4, {-50, -50, -40, -40});      // negative, outside the world
    set.add(5, {6000, 6000, 6010, 6010});  // far outside the world
    set.add(6, {20, 0, 30, 10});           // touches 1 at the corner (20, 10); 10 units right of 0
    set.add(7, {0, 11, 9, 11});            // a horizontal segment one unit above 0
    REQUIRE(set.validate() == "");
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
    // The pairs, worked out box by box: 0 meets 1 (corner), 2 (inside), 3; 1 meets 3 and 6 (corner); 3 meets every
    // box but 4; 7 lies one unit above 0 and left of 1.
    CHECK(pairsOf(set) == std::vector<Pair>{{0, 1}, {0, 2}, {0, 3}, {1, 3}, {1, 6}, {2, 3}, {3, 5}, {3, 6}, {3, 7}});
    // Moving the huge box inside the world and the far box to a corner keeps everything findable.
    set.update(3, {100, 100, 200, 200});
    set.update(5, {4096, 4096, 4096, 4096});
    REQUIRE(set.validate() == "");
    CHECK(set.findIntersecting({0, 0, 10, 10}) == std::vector<ItemId>{0, 1, 2});
    CHECK(set.findIntersecting({4000, 4000, 5000, 5000}) == std::vector<ItemId>{5});
    CHECK(set.findIntersecting({200, 200, 300, 300}) == std::vector<ItemId>{3});
    CHECK(pairsOf(set) == std::vector<Pair>{{0, 1}, {0, 2}, {1, 6}});
}

TEST_CASE_TEMPLATE_DEFINE("A collision set answers remove, contains and size as the ADT says", T, adt) {
    CAPTURE(setKindName(T::kind));
    const std::unique_ptr<CollisionSet> owned = makeSet<T>(smallWorld());
    CollisionSet& set = *owned;
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
    REQUIRE(set.validate() == "");
}

TEST_CASE_TEMPLATE_DEFINE("A collision set's forEach shows every item once and lets the callback remove it", T,
                          forEach) {
    CAPTURE(setKindName(T::kind));
    const std::unique_ptr<CollisionSet> owned = makeSet<T>(smallWorld());
    CollisionSet& set = *owned;
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
    REQUIRE(set.validate() == "");
}

TEST_CASE_TEMPLATE_DEFINE("A collision set's build replaces its contents and matches brute force", T, build) {
    CAPTURE(setKindName(T::kind));
    const std::unique_ptr<CollisionSet> owned = makeSet<T>(smallWorld());
    CollisionSet& set = *owned;
    ArraySet ref;
    Rng rng{7};
    set.add(500, {0, 0, 1, 1});  // must be gone after build
    std::vector<Item> items;
    for (ItemId id = 0; id < 150; ++id) items.push_back({id, randomBox(rng)});
    set.build(items);
    ref.build(items);
    REQUIRE(set.validate() == "");
    CHECK(set.size() == 150);
    CHECK_FALSE(set.contains(500));
    for (const Item& it : items) checkSame(set, ref, it.box);
    for (int i = 0; i < 100; ++i) checkSame(set, ref, randomBox(rng));
    set.build({});
    CHECK(set.size() == 0);
}

TEST_CASE_TEMPLATE_DEFINE("A collision set's query and pairs stop when the callback says so and return their work", T,
                          stops) {
    CAPTURE(setKindName(T::kind));
    const std::unique_ptr<CollisionSet> owned = makeSet<T>(smallWorld());
    CollisionSet& set = *owned;
    for (ItemId id = 0; id < 20; ++id) set.add(id, {10 * id, 0, 10 * id + 15, 15});  // a chain of overlapping boxes
    int calls = 0;
    const SetStats queried = set.query({0, 0, 300, 20}, [&](ItemId) { return ++calls < 3; });
    CHECK(calls == 3);
    CHECK(queried.boxTests >= 3);
    CHECK(queried.nodesVisited >= 1);
    calls = 0;
    const SetStats paired = set.pairs([&](ItemId a, ItemId b) {
        CHECK(b == a + 1);  // neighbours overlap by 5 units; boxes two apart miss by 5
        return ++calls < 3;
    });
    CHECK(calls == 3);
    CHECK(paired.boxTests >= 3);
}

TEST_CASE_TEMPLATE_DEFINE("A collision set's pairs match brute force on a crowded scene of thousands of moving boxes",
                          T, crowdedPairs) {
    // Deep trees and full grid cells: 3,000 boxes of sides 0..24 in a 512 x 512 world, built, then moved and churned.
    CAPTURE(setKindName(T::kind));
    const std::unique_ptr<CollisionSet> owned = makeSet<T>(smallWorld());
    CollisionSet& set = *owned;
    Rng rng{99};
    std::vector<Item> items;
    std::vector<ItemId> live;
    std::vector<AABB> boxes;  // the test's own copy, by id
    for (ItemId id = 0; id < 3000; ++id) {
        const int x = rng.range(0, 500), y = rng.range(0, 500);
        boxes.push_back({x, y, x + rng.range(0, 24), y + rng.range(0, 24)});
        items.push_back({id, boxes.back()});
        live.push_back(id);
    }
    set.build(items);
    for (int round = 0; round < 3; ++round) {
        CAPTURE(round);
        REQUIRE(pairsOf(set) == crowdedExpected(live, boxes));
        for (ItemId id : live) {
            boxes[std::size_t(id)] = translated(boxes[std::size_t(id)], rng.range(-3, 3), rng.range(-3, 3));
            set.update(id, boxes[std::size_t(id)]);
        }
        for (ItemId id = 0; id < 3000; id += 7) {  // one in seven leaves and comes back elsewhere
            REQUIRE(set.remove(id));
            const int x = rng.range(0, 500), y = rng.range(0, 500);
            boxes[std::size_t(id)] = {x, y, x + 10, y + 10};
            set.add(id, boxes[std::size_t(id)]);
        }
        REQUIRE(set.validate() == "");
    }
}

TEST_CASE_TEMPLATE_APPLY(sameIds, AllKinds);
TEST_CASE_TEMPLATE_APPLY(edgeRules, AllKinds);
TEST_CASE_TEMPLATE_APPLY(adt, AllKinds);
TEST_CASE_TEMPLATE_APPLY(forEach, AllKinds);
TEST_CASE_TEMPLATE_APPLY(build, AllKinds);
TEST_CASE_TEMPLATE_APPLY(stops, AllKinds);
TEST_CASE_TEMPLATE_APPLY(crowdedPairs, AllKinds);

TEST_CASE("The typed suite covers every registered structure, each under its own name") {
    // The suite's types are generated from the registry; this pins that the count and names agree with it.
    CHECK(std::tuple_size_v<AllKinds> == std::size_t(kSetKindCount));
    std::vector<std::string> names;
    for (int k = 0; k < kSetKindCount; ++k) names.push_back(setKindName(SetKind(k)));
    std::vector<std::string> sorted = names;
    std::sort(sorted.begin(), sorted.end());
    CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());  // no two structures share a name
    CHECK(names.front() == "array");                                          // the brute-force reference is number 1
}
