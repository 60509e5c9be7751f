#include "engine/sets/bvh_set.h"
#include "engine/sets/registry.h"

#include <cmath>

namespace engine {

namespace {

/// The spec's unbalanced tree: a move that leaves its parent's box re-inserts down one path and a query walks the
/// branches its box meets; without rebalancing the paths run longer than the dynamic tree's as n grows.
SetCost agentBvhCost(const SetOptions&, const SceneEstimate& s) {
    const double n = s.items(), levels = std::log2(n + 2) + 1;
    // Measured in the Blaster: the cost per item grows about as n^0.75 (600 to 20,000 stars), not as log n.
    const double frame = n * (4 * levels + 0.4 * std::pow(n, 0.75)) + 2 * levels * s.overlapPairs();
    return {96 * n, 20 * n * levels, frame};
}

std::unique_ptr<CollisionSet> makeAgentBvh(const SetOptions&) { return std::make_unique<AgentBvhSet>(); }

}  // namespace

/// The registry's entry (registry.def).
const SetEntry kAgentBvhEntry{"agent-bvh", makeAgentBvh, agentBvhCost};

void AgentBvhSet::add(ItemId id, const AABB& box) {
    table_.add(id, box);
    if (id >= int(leafOf_.size())) leafOf_.resize(std::size_t(id) + 1, AgentBVH::kNull);
    leafOf_[id] = tree_.addLeaf(box, id);
}

bool AgentBvhSet::remove(ItemId id) {
    if (!table_.contains(id)) return false;
    tree_.removeLeaf(leafOf_[id]);
    leafOf_[id] = AgentBVH::kNull;
    table_.remove(id);
    return true;
}

void AgentBvhSet::update(ItemId id, const AABB& box) {
    table_.box(id) = box;
    tree_.moveLeaf(leafOf_[id], box);
}

void AgentBvhSet::clear() {
    for (ItemId id : table_.ids()) leafOf_[id] = AgentBVH::kNull;
    tree_.clear();
    table_.clear();
}

SetStats AgentBvhSet::findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const {
    std::uint64_t leafTests = 0;
    const int visited = tree_.walk(
        box, [&](int leaf) { return onHit(tree_.node(leaf).userData); },
        [&](int node, bool) { leafTests += tree_.node(node).isLeaf() ? 1 : 0; });
    return {leafTests, std::uint64_t(visited)};
}

std::string AgentBvhSet::validate() const {
    std::string err = tree_.validate();
    if (!err.empty()) return err;
    if (tree_.memberCount() != int(table_.size())) return "tree and table sizes differ";
    for (ItemId id : table_.ids()) {
        const int leaf = leafOf_[id];
        if (leaf < 0 || leaf >= tree_.poolSize() || !tree_.isLive(leaf) || !tree_.node(leaf).isLeaf())
            return "id " + std::to_string(id) + " maps to no leaf";
        if (tree_.node(leaf).userData != id) return "leaf of id " + std::to_string(id) + " has another userData";
        if (tree_.node(leaf).box != table_.box(id)) return "leaf of id " + std::to_string(id) + " has a stale box";
    }
    return "";
}

}  // namespace engine
