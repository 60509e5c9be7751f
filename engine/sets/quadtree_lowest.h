#pragma once
// Quadtree of seed 002: every box is stored at the LOWEST node whose region fully contains it, never deeper than
// SetOptions::quadMaxDepth. Regions are closed and split at their integer midpoint, so neighbouring quadrants
// share their border line; a box on that line fits the first quadrant (in child order) that contains it. A box
// the root does not contain (outside the world, or huge) simply stays at the root.
//
// Moving an element follows the slides: go up from its node until the node contains the new box, then down as
// far as it fits. Children are created four at a time when first needed and never freed (as the slides suggest,
// the tree stops allocating once it has grown); each node counts the items in its subtree so queries skip empty
// branches. Nodes live in one pooled array with int indices; queries use a fixed-size stack and allocate nothing.
#include "engine/collision_set.h"
#include "engine/sets/item_table.h"

namespace engine {

/// Quadtree storing each box at the lowest node that contains it.
class QuadTreeLowest final : public TableBackedSet {
public:
    /// Root region options.world, maximum depth options.quadMaxDepth (root is depth 0).
    explicit QuadTreeLowest(const SetOptions& options = {});
    const char* name() const override { return "quadtree-lowest"; }
    /// Stores the item at the lowest node containing it.
    void add(ItemId id, const AABB& box) override;
    bool remove(ItemId id) override;
    /// Moves the item up until its node contains it, then down as far as it fits.
    void update(ItemId id, const AABB& box) override;
    /// Removes every item (keeps the nodes).
    void clear() override;
    /// Visits the nodes whose regions meet the box.
    SetStats findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const override;
    /// Checks placement (contained, lowest), links and counts; "" when they hold.
    std::string validate() const override;

    /// Depth (root 0) of the node holding an item.
    int depthOf(ItemId id) const { return nodes_[nodeOf_[id]].depth; }
    /// Region of the node holding an item.
    AABB regionOf(ItemId id) const { return nodes_[nodeOf_[id]].region; }
    /// Number of nodes created so far.
    int nodeCount() const { return int(nodes_.size()); }

private:
    struct Node {
        AABB region;
        int parent = -1;
        int firstChild = -1;  // the four children are firstChild .. firstChild + 3
        int depth = 0;
        int count = 0;  // items in this subtree
        std::vector<ItemId> items;
    };
    AABB childRegion(int node, int quadrant) const;
    int fittingQuadrant(int node, const AABB& box) const;
    int descend(int node, const AABB& box);
    void ensureChildren(int node);
    void attach(ItemId id, int node);
    void detach(ItemId id);

    int maxDepth_;
    std::vector<Node> nodes_;         // nodes_[0] is the root
    std::vector<int> nodeOf_;         // by id
    std::vector<int> posOf_;          // by id: index in its node's items
    mutable std::vector<int> stack_;  // query stack, sized from the maximum depth
};

}  // namespace engine
