#pragma once
// Box2D 2.4.1's b2DynamicTree behind the engine's CollisionSet interface, so the benchmark drives it exactly like
// our own structures. Box2D keeps its own rules: its fattening margin (b2_aabbExtension, 0.1 length units) and its
// displacement prediction (b2_aabbMultiplier x the move), which MoveProxy applies to the displacement we pass. Its
// queries report fat boxes, so the adapter filters every candidate with the exact inclusive box test; hit counts
// then match every other structure.
#include "engine/collision_set.h"
#include "engine/sets/item_table.h"

#include <memory>

class b2DynamicTree;

namespace bench {

/// b2DynamicTree as a collision set.
class Box2dSet final : public engine::CollisionSet {
public:
    Box2dSet();
    ~Box2dSet() override;
    /// "box2d".
    const char* name() const override { return "box2d"; }
    /// CreateProxy.
    void add(engine::ItemId id, const engine::AABB& box) override;
    /// DestroyProxy; returns whether the id was there.
    bool remove(engine::ItemId id) override;
    /// MoveProxy with the box's displacement.
    void update(engine::ItemId id, const engine::AABB& box) override;
    /// A fresh tree.
    void clear() override;
    /// True when the id is in the set.
    bool contains(engine::ItemId id) const override { return table_.contains(id); }
    /// The item's exact box.
    engine::AABB boxOf(engine::ItemId id) const override { return table_.box(id); }
    /// Number of items.
    std::size_t size() const override { return table_.size(); }
    /// Box2D's Query, candidates filtered by the exact box test.
    engine::SetStats findHits(const engine::AABB& box, engine::FunctionRef<bool(engine::ItemId)> onHit) const override;
    /// One Query per item (Box2D 2.4's broad phase finds its pairs this way, for the proxies that moved).
    engine::SetStats findPairs(engine::FunctionRef<bool(engine::ItemId, engine::ItemId)> onPair) const override {
        return pairsByQueries(table_.ids(), table_.boxes(), onPair);
    }
    /// Slot order; the callback may remove the current item.
    void forEach(engine::FunctionRef<engine::Visit(engine::ItemId, const engine::AABB&)> fn) override;
    /// Box2D checks its own tree in its asserts; the adapter keeps only the id table: always "".
    std::string validate() const override { return ""; }
    /// Box2D's tree height.
    int height() const;
    /// Box2D's GetAreaRatio: the summed perimeters of all its nodes over the root's perimeter.
    double perimeterRatio() const;

private:
    std::unique_ptr<b2DynamicTree> tree_;
    engine::ItemTable table_;
    std::vector<int> proxyOf_;  // by id
};

}  // namespace bench
