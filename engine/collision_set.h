#pragma once
// One interface for every spatial structure the engine offers (seed 003's CollisionSet ADT), so the Blaster game,
// the typed test suite and the benchmark can swap them freely and the brute-force array can serve as the
// reference for all of them.
//
// Items are small non-negative integer ids chosen by the caller, each with one box; ids are expected to be dense
// (0..n-1 plus a little slack), so implementations may index arrays by id. Queries take a non-owning callback that
// can stop early and never allocate; each returns the box tests and nodes it performed, so the HUD and the
// benchmark can show what a structure saves.
//
// This header knows no structure: which structures exist, their names and how to make one is the registry's
// business (engine/sets/registry.h), so a new structure never edits the interface.
#include "engine/aabb.h"

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace engine {

/// A caller-chosen item id (>= 0).
using ItemId = int;

/// A non-owning reference to a callable, cheap to pass through a virtual call (no allocation, unlike std::function).
template <class Sig>
class FunctionRef;

template <class R, class... Args>
class FunctionRef<R(Args...)> {
public:
    template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, FunctionRef>>>
    FunctionRef(F&& f)  // NOLINT(google-explicit-constructor): implicit by design, like std::function_ref
        : obj_(const_cast<void*>(static_cast<const void*>(&f))), call_([](void* o, Args... a) -> R {
              return (*static_cast<std::remove_reference_t<F>*>(o))(std::forward<Args>(a)...);
          }) {}
    /// Calls the referenced callable.
    R operator()(Args... a) const { return call_(obj_, std::forward<Args>(a)...); }

private:
    void* obj_;
    R (*call_)(void*, Args...);
};

/// An item and its box, for build().
struct Item {
    ItemId id = 0;
    AABB box;
};

/// Work counters of one query or pair walk, returned by value; callers sum them as they like.
struct SetStats {
    std::uint64_t boxTests = 0;      ///< item boxes tested against a query box
    std::uint64_t nodesVisited = 0;  ///< tree nodes or grid cells visited
    /// Adds another call's work.
    SetStats& operator+=(const SetStats& o) {
        boxTests += o.boxTests;
        nodesVisited += o.nodesVisited;
        return *this;
    }
};

/// What a forEach callback wants done with the item it was shown.
enum class Visit { Keep, Remove, Stop };

/// The collision-set ADT: every spatial structure implements it. Each operation is documented once, here; a set's
/// header comments an override only where it says how that structure does it (the Jolt habit).
class CollisionSet {
public:
    virtual ~CollisionSet() = default;
    /// Short human-readable name ("array", "grid", "agent-bvh" ...): the same as its registry entry's name.
    virtual const char* name() const = 0;
    /// Clears the set, then adds every item (implementations may bulk-build).
    virtual void build(const std::vector<Item>& items);
    /// Adds an item; its id must not be in the set.
    virtual void add(ItemId id, const AABB& box) = 0;
    /// Removes an item; returns whether it was there.
    virtual bool remove(ItemId id) = 0;
    /// Gives an item in the set a new box (the structure's efficient move).
    virtual void update(ItemId id, const AABB& box) = 0;
    /// Removes every item.
    virtual void clear() = 0;
    /// True when the id is in the set.
    virtual bool contains(ItemId id) const = 0;
    /// The box an item was last given (id must be in the set).
    virtual AABB boxOf(ItemId id) const = 0;
    /// Number of items.
    virtual std::size_t size() const = 0;
    /// Calls onHit(id) once for every item whose box collides (inclusively) with box; onHit returns false to stop.
    /// Returns the work it did.
    SetStats query(const AABB& box, FunctionRef<bool(ItemId)> onHit) const { return findHits(box, onHit); }
    /// Calls onPair(a, b) once for every pair of distinct items whose boxes collide (inclusively), with a < b, in an
    /// order the structure chooses; onPair returns false to stop. Returns the work it did.
    SetStats pairs(FunctionRef<bool(ItemId, ItemId)> onPair) const { return findPairs(onPair); }
    /// Shows every item once, in an order fixed by the structure's history; the callback may remove the current item.
    virtual void forEach(FunctionRef<Visit(ItemId, const AABB&)> fn) = 0;
    /// Re-checks the structure's own invariants (the typed tests call it after every operation); "" when they hold.
    virtual std::string validate() const = 0;

    /// Every id colliding with box, sorted ascending.
    std::vector<ItemId> findIntersecting(const AABB& box) const;

protected:
    /// query()'s walk: the structure's own, with no state written.
    virtual SetStats findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const = 0;
    /// pairs()'s walk: each structure uses its own (a tree against itself, the grid's cells, a sweep);
    /// pairsByQueries (below) is the plain one-query-per-item way.
    virtual SetStats findPairs(FunctionRef<bool(ItemId, ItemId)> onPair) const = 0;
    /// findPairs the plain way: every item (ids[i] with boxes[i]) queries its own box and reports the others with
    /// larger ids. What structures without a walk of their own use, and the baseline the walks are measured against.
    SetStats pairsByQueries(const std::vector<ItemId>& ids, const std::vector<AABB>& boxes,
                            FunctionRef<bool(ItemId, ItemId)> onPair) const;
};

/// Options every structure may read (world bounds for the grid and quadtrees).
struct SetOptions {
    AABB world{0, 0, 4096, 4096};  ///< region the grid and quadtrees cover; items outside still work, just slower
    int gridCell = 64;             ///< uniform grid cell side
    int quadMaxDepth = 8;          ///< quadtrees' maximum depth
    int quadMaxItems = 8;          ///< leaf-quadtree split threshold
    int fatMargin = 4;             ///< dynamic tree's fattening margin
};

}  // namespace engine
