#pragma once
// The engine's DynamicTree filled the way Box2D's b2DynamicTree is: one add() per item, never a bulk build, and
// with its periodic self-rebuild turned off (rebuild period 0). The benchmark runs it beside the ordinary
// "dynamic-tree" column so the box2d comparison can be read both ways: against our best use of the tree (bulk
// build plus rebuilds) and against the same insertion-only regime Box2D works in. The tree's algorithm is not
// touched; this adapter only withholds build() and forwards every other call.
#include "engine/collision_set.h"
#include "engine/sets/dynamic_tree.h"

namespace bench {

/// DynamicTree built by n insertions (CollisionSet's default build) and never rebuilt.
class IncrementalTree final : public engine::CollisionSet {
public:
    /// A tree with the given fattening options and rebuild period 0.
    explicit IncrementalTree(const engine::SetOptions& options = {});
    /// "dynamic-tree-inc".
    const char* name() const override { return "dynamic-tree-inc"; }
    /// DynamicTree::add (an incremental insertion).
    void add(engine::ItemId id, const engine::AABB& box) override { tree_.add(id, box); }
    /// DynamicTree::remove.
    bool remove(engine::ItemId id) override { return tree_.remove(id); }
    /// DynamicTree::update.
    void update(engine::ItemId id, const engine::AABB& box) override { tree_.update(id, box); }
    /// DynamicTree::clear.
    void clear() override { tree_.clear(); }
    /// True when the id is in the set.
    bool contains(engine::ItemId id) const override { return tree_.contains(id); }
    /// The item's (real) box.
    engine::AABB boxOf(engine::ItemId id) const override { return tree_.boxOf(id); }
    /// Number of items.
    std::size_t size() const override { return tree_.size(); }
    /// DynamicTree::query.
    engine::SetStats findHits(const engine::AABB& box, engine::FunctionRef<bool(engine::ItemId)> onHit) const override;
    /// DynamicTree::pairs.
    engine::SetStats findPairs(engine::FunctionRef<bool(engine::ItemId, engine::ItemId)> onPair) const override {
        return tree_.pairs(onPair);
    }
    /// DynamicTree::forEach.
    void forEach(engine::FunctionRef<engine::Visit(engine::ItemId, const engine::AABB&)> fn) override;
    /// DynamicTree::validate.
    std::string validate() const override { return tree_.validate(); }
    /// The wrapped tree (for height() and rebuildCount()).
    const engine::DynamicTree& tree() const { return tree_; }

private:
    engine::DynamicTree tree_;
};

}  // namespace bench
