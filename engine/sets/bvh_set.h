#pragma once
// The agent BVH of spec/bvh.md (seed 000) behind the collision-set interface: a thin adapter that maps item ids to
// the tree's stable leaf handles (userData = id) and leaves every tree rule exactly as the spec has it (area-growth
// descent, no refit on removal, move = in place if the parent still contains the box, else re-insert). It is
// unbalanced by design, which is what the Blaster shows next to the balanced dynamic tree.
#include "engine/agent_bvh.h"
#include "engine/collision_set.h"
#include "engine/sets/item_table.h"

namespace engine {

/// engine::AgentBVH as a collision set.
class AgentBvhSet final : public TableBackedSet {
public:
    const char* name() const override { return "agent-bvh"; }
    /// Adds a leaf with userData = id.
    void add(ItemId id, const AABB& box) override;
    bool remove(ItemId id) override;
    /// The spec's move.
    void update(ItemId id, const AABB& box) override;
    void clear() override;
    /// The tree's allocation-free query.
    SetStats findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const override;
    /// The tree's own validate() plus the id <-> leaf mapping; "" when consistent.
    std::string validate() const override;
    /// The wrapped tree (read only).
    const AgentBVH& tree() const { return tree_; }

private:
    AgentBVH tree_;
    std::vector<int> leafOf_;  // by id
};

}  // namespace engine
