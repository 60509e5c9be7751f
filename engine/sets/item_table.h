#pragma once
// The dense id table every collision set keeps beside its structure: ids and boxes in two packed arrays (insertion
// order, swap-remove) and an id -> slot index. It answers contains / boxOf / size in O(1) and gives every structure
// the same forEach, whose callback may remove the item it is shown.
//
// Why one shared table: the clever part of each structure is where it puts boxes for queries; keeping "which ids
// exist and what their box is" in one small, tested piece avoids six copies of the same bookkeeping, and gives the
// brute-force reference its storage for free.
#include "engine/collision_set.h"

#include <algorithm>
#include <cassert>
#include <vector>

namespace engine {

/// Dense ids and boxes with an id -> slot index (-1 = absent).
class ItemTable {
public:
    /// True when id is in the table.
    bool contains(ItemId id) const { return id >= 0 && id < int(slot_.size()) && slot_[id] >= 0; }
    /// Number of items.
    std::size_t size() const { return ids_.size(); }
    /// Adds an id that is not in the table.
    void add(ItemId id, const AABB& box) {
        assert(id >= 0 && !contains(id) && box.valid());
        if (id >= int(slot_.size()))
            slot_.resize(std::max(std::size_t(id) + 1, 2 * slot_.size()), -1);  // not one call per new id
        slot_[id] = int(ids_.size());
        ids_.push_back(id);
        boxes_.push_back(box);
    }
    /// Removes an id by moving the last item into its slot; returns whether it was there.
    bool remove(ItemId id) {
        if (!contains(id)) return false;
        const int s = slot_[id];
        const int last = int(ids_.size()) - 1;
        ids_[s] = ids_[last];
        boxes_[s] = boxes_[last];
        slot_[ids_[s]] = s;
        ids_.pop_back();
        boxes_.pop_back();
        slot_[id] = -1;
        return true;
    }
    /// The box of an id in the table (mutable, for update()).
    AABB& box(ItemId id) {
        assert(contains(id));
        return boxes_[slot_[id]];
    }
    /// The box of an id in the table.
    const AABB& box(ItemId id) const {
        assert(contains(id));
        return boxes_[slot_[id]];
    }
    /// Empties the table (keeps capacity).
    void clear() {
        for (ItemId id : ids_) slot_[id] = -1;
        ids_.clear();
        boxes_.clear();
    }
    /// Ids in slot order.
    const std::vector<ItemId>& ids() const { return ids_; }
    /// Boxes in slot order (boxes()[i] belongs to ids()[i]).
    const std::vector<AABB>& boxes() const { return boxes_; }
    /// Above every id ever added (arrays indexed by id can be this long; the table grows it by doubling).
    int idLimit() const { return int(slot_.size()); }

    /// Shows every item in slot order; when fn answers Remove, removeItem(id) is called (it must remove the id from
    /// the owner, table included). An item swapped into the current slot by a removal is shown next, not skipped.
    template <class RemoveItem>
    void forEach(FunctionRef<Visit(ItemId, const AABB&)> fn, RemoveItem&& removeItem) {
        std::size_t i = 0;
        while (i < ids_.size()) {
            const ItemId id = ids_[i];
            const AABB box = boxes_[i];
            const Visit v = fn(id, box);
            if (v == Visit::Remove && contains(id)) removeItem(id);
            if (v == Visit::Stop) return;
            if (i < ids_.size() && ids_[i] == id) ++i;  // still there: go on; else slot i holds an unseen item
        }
    }

private:
    std::vector<ItemId> ids_;
    std::vector<AABB> boxes_;
    std::vector<int> slot_;
};

/// The box clamped into world on every side, so that items outside the world land on its border (grid, quadtrees).
inline AABB clampedTo(const AABB& b, const AABB& world) {
    auto cl = [](int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); };
    return {cl(b.minX, world.minX, world.maxX), cl(b.minY, world.minY, world.maxY), cl(b.maxX, world.minX, world.maxX),
            cl(b.maxY, world.minY, world.maxY)};
}

/// A CollisionSet whose ids and boxes live in an ItemTable: the bookkeeping every structure shares, written once.
class TableBackedSet : public CollisionSet {
public:
    /// True when the id is in the set.
    bool contains(ItemId id) const final { return table_.contains(id); }
    /// The box the item was last given.
    AABB boxOf(ItemId id) const final { return table_.box(id); }
    /// Number of items.
    std::size_t size() const final { return table_.size(); }
    /// Insertion (slot) order; the callback may remove the current item (through the structure's own remove()).
    void forEach(FunctionRef<Visit(ItemId, const AABB&)> fn) final {
        table_.forEach(fn, [this](ItemId id) { remove(id); });
    }
    /// One query per item (pairsByQueries), unless the structure has a walk of its own.
    SetStats findPairs(FunctionRef<bool(ItemId, ItemId)> onPair) const override {
        return pairsByQueries(table_.ids(), table_.boxes(), onPair);
    }

protected:
    ItemTable table_;  ///< which ids exist and their boxes
};

}  // namespace engine
