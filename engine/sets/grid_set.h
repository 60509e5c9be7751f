#pragma once
// Uniform grid (seed 002): the world is cut into square cells of SetOptions::gridCell; every item is listed in
// every cell its box overlaps, so a query only looks at the cells its own box overlaps. Cells are half-open
// ([k*cell, (k+1)*cell)), which makes the inclusive edge rule exact: two colliding boxes always share a cell.
// Items (or parts of them) outside the world are clamped onto the border cells, so nothing is ever lost.
//
// An item spanning several cells is met several times by one query; a per-item stamp (the query's number)
// reports it once without any set or allocation. update() compares the old and new cell ranges and only touches
// the cells that differ; a move inside the same cells only rewrites the box.
#include "engine/collision_set.h"
#include "engine/sets/item_table.h"

#include <cstdint>

namespace engine {

/// Uniform grid of cells listing the ids overlapping them.
class GridSet final : public TableBackedSet {
public:
    /// Covers options.world with cells of options.gridCell.
    explicit GridSet(const SetOptions& options = {});
    const char* name() const override { return "grid"; }
    /// Lists the item in every cell it overlaps.
    void add(ItemId id, const AABB& box) override;
    bool remove(ItemId id) override;
    /// Touches only the cells entered or left.
    void update(ItemId id, const AABB& box) override;
    void clear() override;
    /// Visits the cells the box overlaps, reporting each item once.
    SetStats findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const override;
    /// Cell by cell, every two items listed together; a pair is reported only by the first cell both list (the
    /// cell of the corner their overlap starts at), so no set is needed to report it once.
    SetStats findPairs(FunctionRef<bool(ItemId, ItemId)> onPair) const override;
    /// Checks that every item is listed exactly in the cells it overlaps; "" when it is.
    std::string validate() const override;

    /// An inclusive range of cell columns and rows.
    struct CellRange {
        int x0 = 0, y0 = 0, x1 = -1, y1 = -1;
        bool operator==(const CellRange& o) const { return x0 == o.x0 && y0 == o.y0 && x1 == o.x1 && y1 == o.y1; }
        /// True when cell (x, y) is in the range.
        bool has(int x, int y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
    };
    /// The cells a box overlaps (clamped to the grid).
    CellRange cellsOf(const AABB& box) const;
    /// Number of entries in cell (x, y).
    int cellCount(int x, int y) const { return int(cells_[std::size_t(y) * cols_ + x].size()); }
    /// Grid columns.
    int cols() const { return cols_; }
    /// Grid rows.
    int rows() const { return rows_; }

private:
    int cellIndexX(int x) const;
    int cellIndexY(int y) const;
    void listIn(ItemId id, const CellRange& r, const CellRange& skip);
    void unlistFrom(ItemId id, const CellRange& r, const CellRange& keep);

    AABB world_;
    int cell_;
    int cols_ = 1, rows_ = 1;
    std::vector<std::vector<ItemId>> cells_;    // row-major
    std::vector<CellRange> rangeOf_;            // by id
    mutable std::vector<std::uint32_t> stamp_;  // by id: number of the last query that met it
    mutable std::uint32_t queryNumber_ = 0;
    /// An item of the cell pairs() is walking, gathered so the walk reads one array.
    struct Listed {
        AABB box;
        ItemId id;
        int x0, y0;  // its first cell
    };
    mutable std::vector<Listed> cellScratch_;
};

}  // namespace engine
