#include "engine/sets/array_set.h"
#include "engine/sets/registry.h"

namespace engine {

namespace {

/// Brute force: every query tests every item.
SetCost arrayCost(const SetOptions&, const SceneEstimate& s) {
    const double n = s.items();
    return {64 * n, 10 * n, 0.8 * (n + n * n)};
}

std::unique_ptr<CollisionSet> makeArray(const SetOptions&) { return std::make_unique<ArraySet>(); }

}  // namespace

/// The registry's entry (registry.def).
const SetEntry kArrayEntry{"array", makeArray, arrayCost};

void ArraySet::update(ItemId id, const AABB& box) {
    assert(box.valid());
    table_.box(id) = box;
}

SetStats ArraySet::findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const {
    const std::vector<AABB>& boxes = table_.boxes();
    const std::vector<ItemId>& ids = table_.ids();
    std::size_t i = 0;
    const std::size_t n = boxes.size();
    for (; i < n; ++i) {
        if (collide(boxes[i], box) && !onHit(ids[i])) {
            ++i;
            break;
        }
    }
    return {i, i};
}

SetStats ArraySet::findPairs(FunctionRef<bool(ItemId, ItemId)> onPair) const {
    const std::vector<AABB>& boxes = table_.boxes();
    const std::vector<ItemId>& ids = table_.ids();
    const std::size_t n = boxes.size();
    std::uint64_t tests = 0;
    bool go = true;
    for (std::size_t i = 0; i + 1 < n && go; ++i) {
        for (std::size_t j = i + 1; j < n && go; ++j) {
            ++tests;
            if (collide(boxes[i], boxes[j])) go = onPair(std::min(ids[i], ids[j]), std::max(ids[i], ids[j]));
        }
    }
    return {tests, tests};
}

std::string ArraySet::validate() const {
    for (std::size_t s = 0; s < table_.size(); ++s) {
        const ItemId id = table_.ids()[s];
        if (!table_.contains(id)) return "id " + std::to_string(id) + " in slot " + std::to_string(s) + " not indexed";
        if (&table_.box(id) != &table_.boxes()[s]) return "id " + std::to_string(id) + " indexed to a wrong slot";
    }
    return "";
}

}  // namespace engine
