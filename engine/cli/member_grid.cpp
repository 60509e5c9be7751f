#include "engine/cli/member_grid.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace bvhcli {

namespace {

/// Leaves a tag can name (28 bits; 4 say which of its cells the entry is).
constexpr int kMaxLeaves = 1 << 28;

}  // namespace

int MemberGrid::chooseShift(const engine::AgentBVH& tree) {
    std::int64_t extent = 0, count = 0;
    engine::AABB all{};
    for (int i = 0; i < tree.poolSize(); ++i) {
        if (!tree.isLive(i) || !tree.node(i).isLeaf()) continue;
        const engine::AABB& b = tree.node(i).box;
        extent += (std::int64_t(b.maxX) - b.minX) + (std::int64_t(b.maxY) - b.minY);
        all = count == 0 ? b : engine::merge(all, b);
        ++count;
    }
    if (count == 0) return 0;
    // A cell as wide as the average member, and no smaller than the side of a square holding one member, so the
    // table holds a few entries a member and a cell a few members.
    const double meanSide = double(extent) / double(2 * count);
    const double perMember = std::sqrt(double(engine::area(all)) / double(count));
    const double side = std::max({1.0, meanSide, perMember});
    return std::min(31, int(std::ceil(std::log2(side))));
}

void MemberGrid::build(const engine::AgentBVH& tree, int shift) {
    assert(shift >= 0 && shift <= 31);
    on_ = tree.poolSize() <= kMaxLeaves;
    shift_ = shift;
    fineShift_ = std::max(0, shift - 8);
    members_ = std::size_t(tree.memberCount());
    big_.clear();
    slots_ = {};
    used_ = 0;
    if (!on_) return;
    resize(std::max<std::size_t>(16, 2 * members_));  // one and a half entries a member at three quarters full
    for (int i = 0; i < tree.poolSize() && on_; ++i) {
        if (tree.isLive(i) && tree.node(i).isLeaf()) insert(i, tree.node(i).box);
    }
}

void MemberGrid::resize(std::size_t slots) {
    engine::HugeArray<Entry> old(slots, Entry{kEmpty, 0, 0, 0, 0, 0});
    std::swap(old, slots_);
    used_ = 0;
    for (const Entry& e : old) {
        if (e.tag != kEmpty && !put(e)) return;
    }
}

void MemberGrid::turnOff() {
    on_ = false;
    slots_ = {};
    std::vector<Big>().swap(big_);
    used_ = 0;
}

bool MemberGrid::put(const Entry& e) {
    std::size_t i = home(e.cellHash), probe = 0;
    for (; slots_[i].tag != kEmpty; i = next(i)) {
        if (++probe > kMaxProbe) {
            turnOff();
            return false;
        }
    }
    slots_[i] = e;
    ++used_;
    return true;
}

void MemberGrid::insert(int leaf, const engine::AABB& box) {
    if (isBig(box)) {
        big_.push_back({leaf, box});
        if (big_.size() > kMaxBig) turnOff();
        return;
    }
    const std::int64_t x0 = cell(box.minX), y0 = cell(box.minY);
    const std::int64_t w = cell(box.maxX) - x0 + 1, h = cell(box.maxY) - y0 + 1;
    const std::size_t after = used_ + std::size_t(w * h);
    if (after > kMaxEntriesPerMember * members_ + 64) return turnOff();
    if (after * 4 > slots_.size() * 3) {
        resize(slots_.size() + slots_.size() / 2);
        if (!on_) return;
    }
    for (std::int64_t dx = 0; dx < w; ++dx) {
        for (std::int64_t dy = 0; dy < h; ++dy) {
            const std::int64_t cx = x0 + dx, cy = y0 + dy;
            const Clip c = clip(box, cx, cy);
            if (!put(Entry{std::uint32_t(leaf) << 4 | std::uint32_t(dx << 2 | dy), cellHash(cx, cy), c.loX, c.loY,
                           c.hiX, c.hiY})) {
                return;
            }
        }
    }
}

std::size_t MemberGrid::find(std::uint32_t tag, std::int64_t cx, std::int64_t cy) const {
    for (std::size_t i = home(cellHash(cx, cy));; i = next(i)) {
        assert(slots_[i].tag != kEmpty);  // every member's entries are in the table
        if (slots_[i].tag == tag) return i;
    }
}

void MemberGrid::remove(int leaf, const engine::AABB& box) {
    if (isBig(box)) {
        const auto it = std::find_if(big_.begin(), big_.end(), [&](const Big& b) { return b.leaf == leaf; });
        assert(it != big_.end());
        *it = big_.back();
        big_.pop_back();
        return;
    }
    const std::int64_t x0 = cell(box.minX), y0 = cell(box.minY);
    const std::int64_t w = cell(box.maxX) - x0 + 1, h = cell(box.maxY) - y0 + 1;
    for (std::int64_t dx = 0; dx < w; ++dx) {
        for (std::int64_t dy = 0; dy < h; ++dy) {
            eraseAt(find(std::uint32_t(leaf) << 4 | std::uint32_t(dx << 2 | dy), x0 + dx, y0 + dy));
        }
    }
}

void MemberGrid::eraseAt(std::size_t i) {
    // Backward-shift deletion: every later entry of the run that may live at i (its first slot is not in (i, j])
    // moves there, so a run never has a hole and needs no tombstones.
    for (std::size_t j = next(i); slots_[j].tag != kEmpty; j = next(j)) {
        const std::size_t k = home(slots_[j].cellHash);
        const bool stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
        if (stays) continue;
        slots_[i] = slots_[j];
        i = j;
    }
    slots_[i].tag = kEmpty;
    --used_;
}

void MemberGrid::move(int leaf, const engine::AABB& from, const engine::AABB& to) {
    if (!on_) return;
    const std::int64_t x0 = cell(from.minX), y0 = cell(from.minY), x1 = cell(from.maxX), y1 = cell(from.maxY);
    if (!isBig(from) && x0 == cell(to.minX) && y0 == cell(to.minY) && x1 == cell(to.maxX) && y1 == cell(to.maxY)) {
        for (std::int64_t dx = 0; dx <= x1 - x0; ++dx) {  // the same cells: only the parts inside them change
            for (std::int64_t dy = 0; dy <= y1 - y0; ++dy) {
                Entry& e = slots_[find(std::uint32_t(leaf) << 4 | std::uint32_t(dx << 2 | dy), x0 + dx, y0 + dy)];
                const Clip c = clip(to, x0 + dx, y0 + dy);
                e.loX = c.loX, e.loY = c.loY, e.hiX = c.hiX, e.hiY = c.hiY;
            }
        }
        return;
    }
    remove(leaf, from);
    insert(leaf, to);
}

void MemberGrid::renumber(const std::vector<int>& newIndex) {
    if (!on_) return;
    for (Entry& e : slots_) {
        if (e.tag != kEmpty) e.tag = std::uint32_t(newIndex[e.tag >> 4]) << 4 | (e.tag & 15);
    }
    for (Big& b : big_) b.leaf = newIndex[std::size_t(b.leaf)];
}

void MemberGrid::prefetch(const engine::AABB& q) const {
    const std::int64_t x0 = cell(q.minX), y0 = cell(q.minY), x1 = cell(q.maxX), y1 = cell(q.maxY);
    for (std::int64_t cy = y0; cy <= y1; ++cy) {
        for (std::int64_t cx = x0; cx <= x1; ++cx) __builtin_prefetch(&slots_[home(cellHash(cx, cy))]);
    }
}

}  // namespace bvhcli
