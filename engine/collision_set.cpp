// The shared part of the collision-set interface: the default build and the sorted findIntersecting helper.
#include "engine/collision_set.h"

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

}  // namespace engine
