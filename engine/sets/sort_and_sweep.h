#pragma once
// Sort and sweep (sweep and prune on one axis): every item's box in one array ordered by its left edge. All pairs
// are one pass: each box is tested only against the boxes that start before it ends, so the work is the items plus
// the pairs that overlap on x. A query binary-searches the first box that can reach it (the widest box bounds how
// far left that is) and scans to its right edge.
//
// The order is repaired lazily, at the next query or pairs(): moves only write the box where it lies, adds append,
// removes leave a tombstone. The repair drops the tombstones, then insertion-sorts, which is linear when the boxes
// moved little since the last repair (a frame of small steps); when it would shift more than about n log n entries
// (many adds, or a shuffle) it sorts from scratch instead, so no input is quadratic.
#include "engine/collision_set.h"
#include "engine/sets/item_table.h"

#include <cstdint>
#include <vector>

namespace engine {

/// One array sorted by minX, swept for pairs.
class SortAndSweep final : public TableBackedSet {
public:
    const char* name() const override { return "sort-and-sweep"; }
    /// Appends; sorted at the next query.
    void add(ItemId id, const AABB& box) override;
    /// Leaves a tombstone, dropped at the next repair.
    bool remove(ItemId id) override;
    /// Writes the box in place; re-sorted at the next query.
    void update(ItemId id, const AABB& box) override;
    void clear() override;
    /// The boxes whose left edge lies between the query's left edge minus the widest box and its right edge.
    SetStats findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const override;
    /// The sweep: each box against the boxes that start before it ends.
    SetStats findPairs(FunctionRef<bool(ItemId, ItemId)> onPair) const override;
    /// The array against the table, its order once repaired, the widest box; "" when they hold.
    std::string validate() const override;
    /// Repairs that sorted from scratch (the rest were insertion sorts).
    std::uint64_t fullSorts() const { return fullSorts_; }

private:
    static constexpr ItemId kGone = -1;  // a removed item's entry until the next repair
    struct Entry {
        AABB box;
        ItemId id;
    };
    void repair() const;         // drops tombstones, sorts, re-indexes; the array is a cache of the table, hence const
    bool insertionSort() const;  // false (order undefined) once it would shift too many entries
    void reindex() const;

    mutable std::vector<Entry> order_;  // by box.minX after repair()
    mutable std::vector<int> posOf_;    // by id: the item's index in order_
    mutable bool dirty_ = false;        // order_ may be out of order or hold tombstones
    mutable std::size_t appended_ = 0;  // entries added since the last repair
    mutable int maxWidth_ = 0;          // no box in order_ is wider (exact after a repair, an upper bound between)
    mutable std::uint64_t fullSorts_ = 0;
};

}  // namespace engine
