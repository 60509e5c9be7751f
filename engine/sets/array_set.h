#pragma once
// The brute-force collision set: every query tests every box. It is the reference the typed tests compare every
// other structure against, so it is kept as plain as possible: the dense ItemTable and a linear scan.
#include "engine/collision_set.h"
#include "engine/sets/item_table.h"

namespace engine {

/// Brute force over dense arrays (swap-remove, id -> slot index).
class ArraySet final : public TableBackedSet {
public:
    const char* name() const override { return "array"; }
    void add(ItemId id, const AABB& box) override { table_.add(id, box); }
    bool remove(ItemId id) override { return table_.remove(id); }
    void update(ItemId id, const AABB& box) override;
    void clear() override { table_.clear(); }
    /// Tests every box.
    SetStats findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const override;
    /// Tests every two items.
    SetStats findPairs(FunctionRef<bool(ItemId, ItemId)> onPair) const override;
    /// Checks the table's id -> slot index; "" when consistent.
    std::string validate() const override;
};

}  // namespace engine
