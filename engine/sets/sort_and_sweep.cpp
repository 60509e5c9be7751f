#include "engine/sets/sort_and_sweep.h"
#include "engine/sets/registry.h"

#include <algorithm>
#include <cmath>

namespace engine {

namespace {

/// A frame repairs the order (about linear after small moves) and each query scans the boxes that meet it on x
/// (strip pairs), twice over for the widest box's reach.
SetCost sortAndSweepCost(const SetOptions&, const SceneEstimate& s) {
    const double n = s.items(), levels = std::log2(n + 2) + 1;
    const double frame = n * (6 + 2 * levels) + 2 * s.stripPairs() + s.overlapPairs();
    return {96 * n, 12 * n * levels, frame};
}

std::unique_ptr<CollisionSet> makeSortAndSweep(const SetOptions&) { return std::make_unique<SortAndSweep>(); }

bool byMinX(const AABB& a, const AABB& b) { return a.minX < b.minX; }

}  // namespace

/// The registry's entry (registry.def).
const SetEntry kSortAndSweepEntry{"sort-and-sweep", makeSortAndSweep, sortAndSweepCost};

void SortAndSweep::add(ItemId id, const AABB& box) {
    table_.add(id, box);
    if (id >= int(posOf_.size())) posOf_.resize(std::max(std::size_t(id) + 1, 2 * posOf_.size()), -1);
    posOf_[id] = int(order_.size());
    order_.push_back({box, id});
    ++appended_;
    dirty_ = true;
}

bool SortAndSweep::remove(ItemId id) {
    if (!table_.contains(id)) return false;
    table_.remove(id);
    order_[std::size_t(posOf_[id])].id = kGone;
    posOf_[id] = -1;
    dirty_ = true;
    return true;
}

void SortAndSweep::update(ItemId id, const AABB& box) {
    assert(box.valid());
    table_.box(id) = box;
    order_[std::size_t(posOf_[id])].box = box;
    dirty_ = true;
}

void SortAndSweep::clear() {
    for (ItemId id : table_.ids()) posOf_[id] = -1;
    table_.clear();
    order_.clear();
    dirty_ = false;
    appended_ = 0;
    maxWidth_ = 0;
}

bool SortAndSweep::insertionSort() const {
    const std::size_t n = order_.size();
    // About what std::sort would spend; beyond it the input was no near-sorted list.
    std::size_t budget = 8 * n + n * std::size_t(std::log2(double(n) + 1));
    Entry* e = order_.data();
    for (std::size_t i = 1; i < n; ++i) {
        if (e[i - 1].box.minX <= e[i].box.minX) continue;
        const Entry moving = e[i];
        std::size_t j = i;
        do {
            e[j] = e[j - 1];
            --j;
        } while (j > 0 && e[j - 1].box.minX > moving.box.minX);
        e[j] = moving;
        const std::size_t shifted = i - j;
        if (shifted > budget) return false;
        budget -= shifted;
    }
    return true;
}

void SortAndSweep::reindex() const {
    int widest = 0;
    for (std::size_t i = 0; i < order_.size(); ++i) {
        posOf_[order_[i].id] = int(i);
        widest = std::max(widest, order_[i].box.maxX - order_[i].box.minX);
    }
    maxWidth_ = widest;
}

void SortAndSweep::repair() const {
    if (!dirty_) return;
    if (table_.size() != order_.size()) {  // tombstones: drop them, keeping the order
        order_.erase(std::remove_if(order_.begin(), order_.end(), [](const Entry& e) { return e.id == kGone; }),
                     order_.end());
    }
    // Many appended entries each travel far: sort from scratch rather than try.
    if (appended_ * 16 > order_.size() || !insertionSort()) {
        std::sort(order_.begin(), order_.end(), [](const Entry& a, const Entry& b) { return byMinX(a.box, b.box); });
        ++fullSorts_;
    }
    reindex();
    appended_ = 0;
    dirty_ = false;
}

SetStats SortAndSweep::findHits(const AABB& q, FunctionRef<bool(ItemId)> onHit) const {
    repair();
    const std::int64_t reach = std::int64_t(q.minX) - maxWidth_;  // no box starting left of this reaches q
    const auto first =
        std::partition_point(order_.begin(), order_.end(), [reach](const Entry& e) { return e.box.minX < reach; });
    std::uint64_t tests = 0;
    for (auto it = first; it != order_.end() && it->box.minX <= q.maxX; ++it) {
        ++tests;
        if (collide(it->box, q) && !onHit(it->id)) break;
    }
    return {tests, tests};
}

SetStats SortAndSweep::findPairs(FunctionRef<bool(ItemId, ItemId)> onPair) const {
    repair();
    const Entry* e = order_.data();
    const std::size_t n = order_.size();
    std::uint64_t tests = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const AABB a = e[i].box;
        for (std::size_t j = i + 1; j < n && e[j].box.minX <= a.maxX; ++j) {
            ++tests;
            const AABB& b = e[j].box;
            if (b.maxY < a.minY || b.minY > a.maxY) continue;  // x overlaps: b starts inside a
            if (!onPair(std::min(e[i].id, e[j].id), std::max(e[i].id, e[j].id))) return {tests, i + 1};
        }
    }
    return {tests, n};
}

std::string SortAndSweep::validate() const {
    std::size_t live = 0;
    for (std::size_t i = 0; i < order_.size(); ++i) {
        const Entry& e = order_[i];
        if (e.id == kGone) continue;
        ++live;
        if (!table_.contains(e.id)) return "entry " + std::to_string(i) + " holds absent id " + std::to_string(e.id);
        if (posOf_[e.id] != int(i)) return "id " + std::to_string(e.id) + " indexed to a wrong entry";
        if (e.box != table_.box(e.id)) return "id " + std::to_string(e.id) + " has a stale box";
        if (!dirty_ && i > 0 && order_[i - 1].box.minX > e.box.minX)
            return "entry " + std::to_string(i) + " out of order";
        if (!dirty_ && e.box.maxX - e.box.minX > maxWidth_)
            return "id " + std::to_string(e.id) + " wider than the widest";
    }
    if (live != table_.size())
        return "the array holds " + std::to_string(live) + " items, the table " + std::to_string(table_.size());
    return "";
}

}  // namespace engine
