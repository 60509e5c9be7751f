#pragma once
// A second index of the agent's members for the `bvh` program's queries: a uniform grid of square cells, hashed
// into one flat open-addressing table, kept beside the spec's tree and changed with it on every move.
//
// Why: a query's answer is the set of members whose box collides with it, whatever the tree's shape (every branch
// box contains its children's), but the tree's shape is the spec's, 20-30 levels deep, and a walk down it is a
// chain of dependent cache misses. In the grid a query reads the table slots of the few cells it covers, each a
// run of consecutive slots whose address is known from the query alone, so its misses overlap and can be asked
// for records ahead (prefetch). The tree is never changed by the grid: it still decides the printed tree.
//
// Each member sits in every cell its box touches, one 12-byte entry each: its leaf, which of its cells this is, a
// 32-bit hash of the cell (its slot and a check that an entry of the run is this cell's) and the part of its box
// inside the cell, rounded outwards to 1/256 of the cell. The entries are a filter, small so that the table takes
// little of the cache the tree needs: what passes it is checked against the member's exact box in the tree, whose
// line a hit reads anyway for its name. A member wider than kMaxSpan cells on an axis goes to a short list of big members that every query
// checks; past kMaxBig of them, or when the table would hold more than kMaxEntriesPerMember entries a member, the
// grid turns itself off and the program answers every query from the tree. A query covering more than
// kMaxQueryCells cells is left to the tree (answers() says which). Cell arithmetic is done in 64 bits on
// coordinates offset by 2^31, so any int coordinate is safe.
#include "engine/aabb.h"
#include "engine/agent_bvh.h"
#include "engine/huge_array.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bvhcli {

class MemberGrid {
public:
    /// Most cells a member may span on either axis to be kept in cells (at most 4 x 4 entries).
    static constexpr int kMaxSpan = 4;
    /// Most cells a query may cover for the grid to answer it.
    static constexpr std::int64_t kMaxQueryCells = 16;
    /// Most members wider than kMaxSpan cells (each query tests them all) before the grid turns off.
    static constexpr std::size_t kMaxBig = 32;
    /// Most entries a member on average before the grid turns off (memory stays a few dozen bytes a member).
    static constexpr std::size_t kMaxEntriesPerMember = 3;
    /// Longest distance from its cell's first slot an entry may land at before the grid turns off: many members
    /// in one cell (identical or crowded boxes) would make every query of that cell read them all.
    static constexpr std::size_t kMaxProbe = 128;

    /// Indexes every member of tree in cells of 2^shift units a side (0 <= shift <= 31). Turns the grid off instead
    /// when the members do not fit it (see above) or the tree has more than 2^28 nodes.
    void build(const engine::AgentBVH& tree, int shift);
    /// The cell size (as a power of two) that suits tree's members: about one member a cell, and cells no smaller
    /// than a typical member, so that a member takes one to four entries.
    static int chooseShift(const engine::AgentBVH& tree);

    /// True when the grid is on and answers query q (q covers at most kMaxQueryCells cells).
    bool answers(const engine::AABB& q) const {
        if (!on_) return false;
        const std::int64_t w = cell(q.maxX) - cell(q.minX) + 1, h = cell(q.maxY) - cell(q.minY) + 1;
        return w * h <= kMaxQueryCells;
    }
    /// Asks memory early for the table slots a query or a move of box q will read (call only when answers(q)).
    void prefetch(const engine::AABB& q) const;
    /// Calls onCandidate(leaf) for every member whose box may collide with q (call only when answers(q)): every
    /// member that collides at least once, and possibly others and repeats, so the caller checks each against
    /// its box in the tree.
    template <class OnCandidate>
    void candidates(const engine::AABB& q, OnCandidate&& onCandidate) const;

    /// Notes that leaf's box went from `from` to `to` (the tree's move, whether it re-inserted or not).
    void move(int leaf, const engine::AABB& from, const engine::AABB& to);
    /// After AgentBVH::compact(&newIndex): leaf i is now newIndex[i].
    void renumber(const std::vector<int>& newIndex);

    /// True while the grid answers queries.
    bool on() const { return on_; }
    /// Entries in the table (a member in k cells has k).
    std::size_t entries() const { return used_; }
    /// Members kept in the big list.
    std::size_t bigMembers() const { return big_.size(); }
    /// Bytes of the table and the big list.
    std::size_t bytes() const { return slots_.bytes() + big_.capacity() * sizeof(Big); }

private:
    struct Entry {
        std::uint32_t tag;                 // leaf << 4 | (cell x - member's first x) << 2 | (cell y - first y)
        std::uint32_t cellHash;            // cellHash() of the entry's cell
        std::uint8_t loX, loY, hiX, hiY;  // the member's part of the cell, in 1/256 of it, rounded outwards
    };
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;  // the tag of a free slot
    struct Big {
        int leaf;
        engine::AABB box;
    };
    /// The part of a box inside one cell, as an entry keeps it.
    struct Clip {
        std::uint8_t loX, loY, hiX, hiY;
    };

    std::int64_t cell(int v) const { return (std::int64_t(v) + (std::int64_t(1) << 31)) >> shift_; }
    /// v's place inside cell c (which holds it), in 1/256 of a cell.
    std::uint8_t inCell(int v, std::int64_t c) const {
        return std::uint8_t(((std::int64_t(v) + (std::int64_t(1) << 31)) - (c << shift_)) >> fineShift_);
    }
    Clip clip(const engine::AABB& b, std::int64_t cx, std::int64_t cy) const {
        return {cx == cell(b.minX) ? inCell(b.minX, cx) : std::uint8_t(0),
                cy == cell(b.minY) ? inCell(b.minY, cy) : std::uint8_t(0),
                cx == cell(b.maxX) ? inCell(b.maxX, cx) : std::uint8_t(255),
                cy == cell(b.maxY) ? inCell(b.maxY, cy) : std::uint8_t(255)};
    }
    bool isBig(const engine::AABB& b) const {
        return cell(b.maxX) - cell(b.minX) >= kMaxSpan || cell(b.maxY) - cell(b.minY) >= kMaxSpan;
    }
    static std::uint32_t cellHash(std::int64_t cx, std::int64_t cy) {
        const std::uint64_t key = (std::uint64_t(cx) << 32) ^ std::uint64_t(cy);
        return std::uint32_t((key * 0x9E3779B97F4A7C15ull) >> 32);
    }
    std::size_t home(std::uint32_t hash) const { return std::size_t((std::uint64_t(hash) * slots_.size()) >> 32); }
    std::size_t next(std::size_t i) const { return i + 1 == slots_.size() ? 0 : i + 1; }
    void insert(int leaf, const engine::AABB& box);
    void remove(int leaf, const engine::AABB& box);
    bool put(const Entry& e);
    std::size_t find(std::uint32_t tag, std::int64_t cx, std::int64_t cy) const;
    void eraseAt(std::size_t i);
    void resize(std::size_t slots);
    void turnOff();

    bool on_ = false;
    int shift_ = 0;
    int fineShift_ = 0;  // shift_ - 8, or 0 for cells under 256 units
    std::size_t used_ = 0;
    std::size_t members_ = 0;
    engine::HugeArray<Entry> slots_;  // read at random: whole huge pages (engine/huge_array.h)
    std::vector<Big> big_;
};

template <class OnCandidate>
void MemberGrid::candidates(const engine::AABB& q, OnCandidate&& onCandidate) const {
    const std::int64_t x0 = cell(q.minX), y0 = cell(q.minY), x1 = cell(q.maxX), y1 = cell(q.maxY);
    const Entry* slots = slots_.data();
    for (std::int64_t cy = y0; cy <= y1; ++cy) {
        for (std::int64_t cx = x0; cx <= x1; ++cx) {
            const std::uint32_t hash = cellHash(cx, cy);
            const Clip c = clip(q, cx, cy);
            for (std::size_t i = home(hash); slots[i].tag != kEmpty; i = next(i)) {
                const Entry& e = slots[i];
                if (e.cellHash != hash || e.hiX < c.loX || e.loX > c.hiX || e.hiY < c.loY || e.loY > c.hiY) continue;
                // A colliding member is given once: from the cell holding the lower-left corner of its overlap with
                // q, the one cell where, on each axis, the member or the query starts.
                const std::uint32_t dx = (e.tag >> 2) & 3, dy = e.tag & 3;
                if ((dx != 0 && cx != x0) || (dy != 0 && cy != y0)) continue;
                onCandidate(int(e.tag >> 4));
            }
        }
    }
    for (const Big& b : big_) {
        if (engine::collide(b.box, q)) onCandidate(b.leaf);
    }
}

}  // namespace bvhcli
