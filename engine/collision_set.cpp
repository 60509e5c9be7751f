// The shared part of the collision-set interface: the default build, the sorted findIntersecting helper, and the
// factory that maps a SetKind to its structure, and the kinds' names (the only place that knows all six).
#include "engine/collision_set.h"

#include "engine/sets/array_set.h"
#include "engine/sets/bvh_set.h"
#include "engine/sets/dynamic_tree.h"
#include "engine/sets/grid_set.h"
#include "engine/sets/quadtree_leaves.h"
#include "engine/sets/quadtree_lowest.h"

#include <algorithm>

namespace engine {

void CollisionSet::build(const std::vector<Item>& items) {
    clear();
    for (const Item& it : items) add(it.id, it.box);
}

std::vector<ItemId> CollisionSet::findIntersecting(const AABB& box) const {
    std::vector<ItemId> ids;
    query(box, [&ids](ItemId id) {
        ids.push_back(id);
        return true;
    });
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::unique_ptr<CollisionSet> makeCollisionSet(SetKind kind, const SetOptions& options) {
    switch (kind) {
        case SetKind::Array: return std::make_unique<ArraySet>();
        case SetKind::Grid: return std::make_unique<GridSet>(options);
        case SetKind::QuadTreeLowest: return std::make_unique<QuadTreeLowest>(options);
        case SetKind::QuadTreeLeaves: return std::make_unique<QuadTreeLeaves>(options);
        case SetKind::AgentBvh: return std::make_unique<AgentBvhSet>();
        case SetKind::DynamicTree: return std::make_unique<DynamicTree>(options);
    }
    return nullptr;
}

const char* setKindName(SetKind kind) {
    switch (kind) {
        case SetKind::Array: return "array";
        case SetKind::Grid: return "grid";
        case SetKind::QuadTreeLowest: return "quadtree-lowest";
        case SetKind::QuadTreeLeaves: return "quadtree-leaves";
        case SetKind::AgentBvh: return "agent-bvh";
        case SetKind::DynamicTree: return "dynamic-tree";
    }
    return "?";
}

bool parseSetKind(std::string_view name, SetKind& kind) {
    for (int k = 0; k < kSetKindCount; ++k) {
        if (name == setKindName(SetKind(k))) {
            kind = SetKind(k);
            return true;
        }
    }
    return false;
}

}  // namespace engine
