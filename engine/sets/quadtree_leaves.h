#pragma once
// Quadtree of seed 003 ("Boxian Battalion Blaster"): items live only in leaves, each item in EVERY leaf its box
// overlaps; a leaf holding more than SetOptions::quadMaxItems splits into four (its items re-distributed) unless
// it is already at SetOptions::quadMaxDepth. Nodes are never merged back (the seed does not ask for it).
//
// Regions are closed and split at their integer midpoint; boxes (and queries) are clamped into the world before
// they are placed, so items outside the world sit in the border leaves. Because one item can sit in several
// leaves, a query stamps every item it meets with the query's number and reports it once. update() walks the
// leaves met by the old or the new box and only edits those whose membership changes.
#include "engine/collision_set.h"
#include "engine/sets/item_table.h"

#include <cstdint>

namespace engine {

/// Quadtree with items in (every overlapped) leaf.
class QuadTreeLeaves final : public TableBackedSet {
public:
    /// Root region options.world, split past options.quadMaxItems down to options.quadMaxDepth.
    explicit QuadTreeLeaves(const SetOptions& options = {});
    const char* name() const override { return "quadtree-leaves"; }
    /// Lists the item in every leaf it overlaps, splitting full leaves.
    void add(ItemId id, const AABB& box) override;
    bool remove(ItemId id) override;
    /// Edits only the leaves entered or left.
    void update(ItemId id, const AABB& box) override;
    /// Removes every item and every node but the root.
    void clear() override;
    /// Visits the leaves the box meets, reporting each item once.
    SetStats findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const override;
    /// Checks that every item is in exactly the leaves it overlaps and leaves respect the split rule.
    std::string validate() const override;

    /// Number of nodes (leaves and branches).
    int nodeCount() const { return int(nodes_.size()); }
    /// Number of leaves listing the item.
    int leafCountOf(ItemId id) const;
    /// Deepest leaf depth (root 0).
    int depth() const;

private:
    struct Node {
        AABB region;
        int firstChild = -1;  // -1: leaf; else the four children are firstChild .. firstChild + 3
        int depth = 0;
        std::vector<ItemId> items;  // leaves only
    };
    void addToLeaf(int leaf, ItemId id);
    void split(int leaf);
    static void unlist(std::vector<ItemId>& items, ItemId id);
    AABB placed(ItemId id) const { return clampedTo(table_.box(id), world_); }

    AABB world_;
    int maxDepth_, maxItems_;
    std::vector<Node> nodes_;
    mutable std::vector<int> stack_;            // walk stack, sized from the maximum depth
    mutable std::vector<std::uint32_t> stamp_;  // by id: number of the last query that met it
    mutable std::uint32_t queryNumber_ = 0;
};

}  // namespace engine
