// The shared part of the collision-set interface: the default build and the sorted findIntersecting helper.
#include "engine/collision_set.h"

#include <algorithm>

namespace engine {

void CollisionSet::build(const std::vector<Item>& items) {
    clear();
    for (const Item& it : items) add(it.id, it.box);
}

SetStats CollisionSet::pairsByQueries(const std::vector<ItemId>& ids, const std::vector<AABB>& boxes,
                                      FunctionRef<bool(ItemId, ItemId)> onPair) const {
    SetStats work;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const ItemId self = ids[i];
        bool go = true;
        work += findHits(boxes[i], [&](ItemId other) {
            if (other > self) go = onPair(self, other);  // each pair once, from its smaller id
            return go;
        });
        if (!go) break;
    }
    return work;
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
