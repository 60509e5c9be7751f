#include "engine/sets/grid_set.h"
#include "engine/sets/registry.h"

#include <algorithm>

namespace engine {

namespace {

/// Every item is listed in every cell it overlaps: a query walks its cells and the references in them, a move
/// edits the cells entered and left (finding the id in each cell it leaves).
SetCost gridCost(const SetOptions& o, const SceneEstimate& s) {
    const double side = o.gridCell, cells = s.worldCells(side), refs = s.cellRefs(side), n = s.items();
    const double perCell = 2 * refs / cells + 1;  // references in a cell, twice the mean: items crowd the screen
    const double frame = refs * (1 + perCell) + s.movedCells(side) * (1 + perCell) + s.overlapPairs();
    // Memory: the cell array, one small block per occupied cell, the ids in them, the item table.
    const double bytes = 24 * cells + 32 * std::min(cells, refs) + 8 * refs + 64 * n;
    return {bytes, 15 * cells + 16 * refs + 20 * n, frame};
}

std::unique_ptr<CollisionSet> makeGrid(const SetOptions& o) { return std::make_unique<GridSet>(o); }

}  // namespace

/// The registry's entry (registry.def).
const SetEntry kGridEntry{"grid", makeGrid, gridCost};

namespace {

int floorDiv(std::int64_t a, int b) {
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return int(q);
}

int ceilCells(std::int64_t span, int cell) { return int(std::max<std::int64_t>(1, (span + cell - 1) / cell)); }

}  // namespace

GridSet::GridSet(const SetOptions& options) : world_(options.world), cell_(options.gridCell) {
    assert(cell_ > 0 && world_.valid());
    cols_ = ceilCells(std::int64_t(world_.maxX) - world_.minX, cell_);
    rows_ = ceilCells(std::int64_t(world_.maxY) - world_.minY, cell_);
    cells_.resize(std::size_t(cols_) * std::size_t(rows_));
}

int GridSet::cellIndexX(int x) const {
    return std::clamp(floorDiv(std::int64_t(x) - world_.minX, cell_), 0, cols_ - 1);
}

int GridSet::cellIndexY(int y) const {
    return std::clamp(floorDiv(std::int64_t(y) - world_.minY, cell_), 0, rows_ - 1);
}

GridSet::CellRange GridSet::cellsOf(const AABB& b) const {
    return {cellIndexX(b.minX), cellIndexY(b.minY), cellIndexX(b.maxX), cellIndexY(b.maxY)};
}

void GridSet::listIn(ItemId id, const CellRange& r, const CellRange& skip) {
    for (int y = r.y0; y <= r.y1; ++y) {
        for (int x = r.x0; x <= r.x1; ++x) {
            if (!skip.has(x, y)) cells_[std::size_t(y) * cols_ + x].push_back(id);
        }
    }
}

void GridSet::unlistFrom(ItemId id, const CellRange& r, const CellRange& keep) {
    for (int y = r.y0; y <= r.y1; ++y) {
        for (int x = r.x0; x <= r.x1; ++x) {
            if (keep.has(x, y)) continue;
            std::vector<ItemId>& c = cells_[std::size_t(y) * cols_ + x];
            const auto it = std::find(c.begin(), c.end(), id);
            assert(it != c.end());
            *it = c.back();  // cells are unordered: swap-remove
            c.pop_back();
        }
    }
}

void GridSet::add(ItemId id, const AABB& box) {
    table_.add(id, box);
    if (id >= int(rangeOf_.size())) {
        rangeOf_.resize(std::size_t(id) + 1);
        stamp_.resize(std::size_t(id) + 1, 0);
    }
    rangeOf_[id] = cellsOf(box);
    listIn(id, rangeOf_[id], CellRange{});
}

bool GridSet::remove(ItemId id) {
    if (!table_.contains(id)) return false;
    unlistFrom(id, rangeOf_[id], CellRange{});
    table_.remove(id);
    return true;
}

void GridSet::update(ItemId id, const AABB& box) {
    assert(box.valid());
    table_.box(id) = box;
    const CellRange now = cellsOf(box);
    const CellRange was = rangeOf_[id];
    if (now == was) return;
    unlistFrom(id, was, now);
    listIn(id, now, was);
    rangeOf_[id] = now;
}

void GridSet::clear() {
    for (ItemId id : table_.ids()) {
        const CellRange& r = rangeOf_[id];
        for (int y = r.y0; y <= r.y1; ++y) {
            for (int x = r.x0; x <= r.x1; ++x) cells_[std::size_t(y) * cols_ + x].clear();
        }
    }
    table_.clear();
}

SetStats GridSet::findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const {
    if (++queryNumber_ == 0) {  // the counter wrapped: forget every old stamp
        std::fill(stamp_.begin(), stamp_.end(), 0);
        queryNumber_ = 1;
    }
    const std::uint32_t q = queryNumber_;
    const CellRange r = cellsOf(box);
    std::uint64_t tests = 0, cells = 0;
    bool stop = false;
    for (int y = r.y0; y <= r.y1 && !stop; ++y) {
        for (int x = r.x0; x <= r.x1 && !stop; ++x) {
            ++cells;
            for (ItemId id : cells_[std::size_t(y) * cols_ + x]) {
                if (stamp_[id] == q) continue;
                stamp_[id] = q;
                ++tests;
                if (collide(table_.box(id), box) && !onHit(id)) {
                    stop = true;
                    break;
                }
            }
        }
    }
    return {tests, cells};
}

SetStats GridSet::findPairs(FunctionRef<bool(ItemId, ItemId)> onPair) const {
    std::uint64_t tests = 0, cells = 0;
    bool go = true;
    for (int y = 0; y < rows_ && go; ++y) {
        for (int x = 0; x < cols_ && go; ++x) {
            const std::vector<ItemId>& c = cells_[std::size_t(y) * cols_ + x];
            ++cells;
            if (c.size() < 2) continue;
            cellScratch_.clear();
            for (ItemId id : c) cellScratch_.push_back({table_.box(id), id, rangeOf_[id].x0, rangeOf_[id].y0});
            const std::size_t n = cellScratch_.size();
            tests += n * (n - 1) / 2;
            for (std::size_t i = 0; i + 1 < n && go; ++i) {
                const Listed& a = cellScratch_[i];
                for (std::size_t j = i + 1; j < n; ++j) {
                    const Listed& b = cellScratch_[j];
                    if (!collide(a.box, b.box)) continue;
                    // The cells are monotone in the coordinates, so the overlap's min corner lies in the cell of the
                    // larger first column and row: both items are listed there, and only there is the pair reported.
                    if (std::max(a.x0, b.x0) != x || std::max(a.y0, b.y0) != y) continue;
                    if (!(go = onPair(std::min(a.id, b.id), std::max(a.id, b.id)))) break;
                }
            }
        }
    }
    return {tests, cells};
}

std::string GridSet::validate() const {
    std::vector<int> listed(std::size_t(table_.idLimit()), 0);
    for (int y = 0; y < rows_; ++y) {
        for (int x = 0; x < cols_; ++x) {
            for (ItemId id : cells_[std::size_t(y) * cols_ + x]) {
                if (!table_.contains(id)) return "cell lists absent id " + std::to_string(id);
                if (!cellsOf(table_.box(id)).has(x, y))
                    return "id " + std::to_string(id) + " listed in a cell it misses";
                ++listed[id];
            }
        }
    }
    for (ItemId id : table_.ids()) {
        const CellRange r = cellsOf(table_.box(id));
        if (!(r == rangeOf_[id])) return "id " + std::to_string(id) + " has a stale cell range";
        if (listed[id] != (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1))
            return "id " + std::to_string(id) + " listed a wrong number of times";
    }
    return "";
}

}  // namespace engine
