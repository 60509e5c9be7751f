#pragma once
// The registry of collision structures: which ones exist (engine/sets/registry.def, one line each), what they are
// called, how to make one. Everything that counts or names structures (the Blaster's number keys and scripts, the
// HUD, the benchmark's columns, the typed test suite) asks here, so adding a structure is one file plus one line and
// the interface (collision_set.h) never includes an implementation.
//
// Each structure's own .cpp defines its entry (kKindEntry) as a constant: a name, a factory function and a cost
// estimate, so the table below is constant-initialised and there is no registration order to get wrong. The cost
// estimate lets a caller refuse a scene before building it: the Blaster's scripts and tunings are checked against
// memory and work budgets this way, whatever structure they pick.
#include "engine/collision_set.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace engine {

/// Every registered structure, in registry.def's order (the order the Blaster's number keys select them).
enum class SetKind {
#define ENGINE_COLLISION_SET(Kind, file) Kind,
#include "engine/sets/registry.def"
#undef ENGINE_COLLISION_SET
};

/// Number of registered structures.
inline constexpr int kSetKindCount = 0
#define ENGINE_COLLISION_SET(Kind, file) +1
#include "engine/sets/registry.def"
#undef ENGINE_COLLISION_SET
    ;

/// Items alike in size, for a cost estimate: `count` boxes of at most width x height moving up to `move` units a
/// frame. Sizes are clamped to the world, where the structures clamp them too.
struct ItemGroup {
    double count = 0;   ///< how many
    double width = 0;   ///< largest box width
    double height = 0;  ///< largest box height
    double move = 0;    ///< largest move per frame (either axis)
};

/// A scene described before it exists (groups of items in a world), with the sums every estimate needs.
class SceneEstimate {
public:
    /// The groups, clamped to options.world.
    SceneEstimate(const SetOptions& options, const std::vector<ItemGroup>& groups);
    /// Number of items.
    double items() const { return n_; }
    /// Expected (query, item) pairs whose boxes meet when every item queries its own box, the items spread evenly
    /// over the world (self pairs excluded).
    double overlapPairs() const;
    /// Item references a structure listing each item in every square cell of `side` it overlaps would hold.
    double cellRefs(double side) const;
    /// Cells of `side` an item's move enters or leaves, summed over the items (each move: one column or row strip).
    double movedCells(double side) const;
    /// Expected (query, item) pairs whose boxes meet on the x axis alone (what a sweep along x tests), self pairs
    /// excluded.
    double stripPairs() const;
    /// Square cells of `side` covering the world.
    double worldCells(double side) const;
    /// Items a query meets stored in the ancestors of a quadtree of this depth: an item stays at a node whose
    /// split lines it crosses, so big items sit high and every query passing by tests them.
    double itemsAboveInQuadtree(int depth) const;
    /// The world's shorter side.
    double worldSide() const;

private:
    std::vector<ItemGroup> groups_;
    double worldW_ = 1, worldH_ = 1;
    double n_ = 0, sumW_ = 0, sumH_ = 0, sumWH_ = 0;
};

/// A structure's cost for a scene, estimated before anything is built. Work is in units of about a nanosecond on the
/// machine the estimates were fitted on (box tests, cells, nodes and references visited or edited, each weighted by
/// what it was measured to cost; docs/formats.md has the measurements); bytes are what the structure allocates.
/// Both are meant as upper estimates for items spread over the world.
struct SetCost {
    double bytes = 0;  ///< memory the structure holds
    double build = 0;  ///< units to build it from the items
    double frame = 0;  ///< units for one frame in which every item moves once and queries its own box once
};

/// What the registry knows of one structure; its .cpp defines it.
struct SetEntry {
    const char* name;                                                ///< as scripts, the HUD and the bench spell it
    std::unique_ptr<CollisionSet> (*make)(const SetOptions&);        ///< a new, empty structure
    SetCost (*cost)(const SetOptions&, const SceneEstimate& scene);  ///< its cost for a scene, before building
};

#define ENGINE_COLLISION_SET(Kind, file) extern const SetEntry k##Kind##Entry;
#include "engine/sets/registry.def"
#undef ENGINE_COLLISION_SET

/// The entry of a kind.
const SetEntry& setEntry(SetKind kind);
/// Makes a structure of the given kind.
std::unique_ptr<CollisionSet> makeCollisionSet(SetKind kind, const SetOptions& options = {});
/// Short name of a kind.
const char* setKindName(SetKind kind);
/// Sets kind from its setKindName() spelling; false (kind untouched) when the name is unknown.
bool parseSetKind(std::string_view name, SetKind& kind);
/// The estimated cost of a kind for a scene (setEntry(kind).cost).
SetCost estimateCost(SetKind kind, const SetOptions& options, const std::vector<ItemGroup>& groups);
/// Every registered name, separated by ", " (for messages that list the choices).
std::string setKindNames();

}  // namespace engine
