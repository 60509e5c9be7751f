#include "engine/sets/quadtree_leaves.h"
#include "engine/sets/registry.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace engine {

namespace {

/// Items in every leaf they overlap, leaves split down to the maximum depth: the estimate takes the deepest
/// leaves everywhere (the most references), each holding its share of them but at least quadMaxItems.
SetCost quadTreeLeavesCost(const SetOptions& o, const SceneEstimate& s) {
    const double depth = o.quadMaxDepth, leaves = std::pow(4.0, depth), n = s.items();
    if (n <= o.quadMaxItems) return {64 * n + 64, 10 * n, n * (1 + n)};  // never splits: one leaf, tested whole
    const double side = s.worldSide() / std::pow(2.0, depth), refs = s.cellRefs(side);
    const double nodes = std::min(leaves * 4 / 3, 4 * (depth + 1) * (refs / o.quadMaxItems + 1));
    const double perLeaf = std::min(n, 2 * refs / leaves + o.quadMaxItems);
    const double walk = n * 4 * (depth + 1);
    const double frame = refs * (1 + perLeaf) + s.movedCells(side) * (1 + perLeaf) + 2 * walk + s.overlapPairs();
    return {64 * nodes + 8 * refs + 64 * n, 4 * refs * (depth + 1) + 16 * nodes, frame};
}

std::unique_ptr<CollisionSet> makeQuadTreeLeaves(const SetOptions& o) { return std::make_unique<QuadTreeLeaves>(o); }

}  // namespace

/// The registry's entry (registry.def).
const SetEntry kQuadTreeLeavesEntry{"quadtree-leaves", makeQuadTreeLeaves, quadTreeLeavesCost};

QuadTreeLeaves::QuadTreeLeaves(const SetOptions& options)
    : world_(options.world), maxDepth_(options.quadMaxDepth), maxItems_(options.quadMaxItems) {
    assert(maxDepth_ >= 0 && maxItems_ >= 1 && world_.valid());
    nodes_.push_back(Node{});
    nodes_[0].region = world_;
    stack_.resize(std::size_t(3 * maxDepth_ + 4));
}

void QuadTreeLeaves::unlist(std::vector<ItemId>& items, ItemId id) {
    const auto it = std::find(items.begin(), items.end(), id);
    assert(it != items.end());
    *it = items.back();
    items.pop_back();
}

void QuadTreeLeaves::addToLeaf(int leaf, ItemId id) {
    nodes_[leaf].items.push_back(id);
    if (int(nodes_[leaf].items.size()) > maxItems_ && nodes_[leaf].depth < maxDepth_) split(leaf);
}

void QuadTreeLeaves::split(int leaf) {
    const AABB r = nodes_[leaf].region;
    const int mx = int((std::int64_t(r.minX) + r.maxX) >> 1), my = int((std::int64_t(r.minY) + r.maxY) >> 1);
    const int first = int(nodes_.size());
    for (int q = 0; q < 4; ++q) {
        Node c;
        c.region = r;
        if (q & 1) c.region.minX = mx;
        else c.region.maxX = mx;
        if (q & 2) c.region.minY = my;
        else c.region.maxY = my;
        c.depth = nodes_[leaf].depth + 1;
        nodes_.push_back(std::move(c));
    }
    nodes_[leaf].firstChild = first;
    std::vector<ItemId> items;
    items.swap(nodes_[leaf].items);
    for (ItemId id : items) {
        const AABB b = placed(id);
        for (int c = first; c < first + 4; ++c) {
            if (collide(nodes_[c].region, b)) nodes_[c].items.push_back(id);
        }
    }
    for (int c = first; c < first + 4; ++c) {  // a child can overflow too (depth bounds the recursion)
        if (int(nodes_[c].items.size()) > maxItems_ && nodes_[c].depth < maxDepth_) split(c);
    }
}

void QuadTreeLeaves::add(ItemId id, const AABB& box) {
    table_.add(id, box);
    if (id >= int(stamp_.size())) stamp_.resize(std::size_t(id) + 1, 0);
    const AABB b = placed(id);
    int top = 0;
    stack_[top++] = 0;
    while (top > 0) {
        const int i = stack_[--top];
        if (nodes_[i].firstChild < 0) {
            addToLeaf(i, id);
            continue;
        }
        for (int c = nodes_[i].firstChild; c < nodes_[i].firstChild + 4; ++c) {
            if (collide(nodes_[c].region, b)) stack_[top++] = c;
        }
    }
}

bool QuadTreeLeaves::remove(ItemId id) {
    if (!table_.contains(id)) return false;
    const AABB b = placed(id);
    int top = 0;
    stack_[top++] = 0;
    while (top > 0) {
        Node& n = nodes_[stack_[--top]];
        if (n.firstChild < 0) {
            unlist(n.items, id);
            continue;
        }
        for (int c = n.firstChild; c < n.firstChild + 4; ++c) {
            if (collide(nodes_[c].region, b)) stack_[top++] = c;
        }
    }
    table_.remove(id);
    return true;
}

void QuadTreeLeaves::update(ItemId id, const AABB& box) {
    assert(box.valid());
    const AABB was = placed(id);
    table_.box(id) = box;
    const AABB now = placed(id);
    if (was == now) return;
    const AABB both = merge(was, now);
    int top = 0;
    stack_[top++] = 0;
    while (top > 0) {
        const int i = stack_[--top];
        if (nodes_[i].firstChild >= 0) {
            for (int c = nodes_[i].firstChild; c < nodes_[i].firstChild + 4; ++c) {
                if (collide(nodes_[c].region, both)) stack_[top++] = c;
            }
            continue;
        }
        const bool inWas = collide(nodes_[i].region, was), inNow = collide(nodes_[i].region, now);
        if (inWas && !inNow) unlist(nodes_[i].items, id);
        if (inNow && !inWas) addToLeaf(i, id);
    }
}

void QuadTreeLeaves::clear() {
    nodes_.resize(1);
    nodes_[0].items.clear();
    nodes_[0].firstChild = -1;
    table_.clear();
}

SetStats QuadTreeLeaves::findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const {
    if (++queryNumber_ == 0) {  // the counter wrapped: forget every old stamp
        std::fill(stamp_.begin(), stamp_.end(), 0);
        queryNumber_ = 1;
    }
    const std::uint32_t qn = queryNumber_;
    const AABB q = clampedTo(box, world_);
    std::uint64_t tests = 0, visited = 0;
    int top = 0;
    stack_[top++] = 0;
    while (top > 0) {
        const Node& n = nodes_[stack_[--top]];
        ++visited;
        if (n.firstChild >= 0) {
            for (int c = n.firstChild; c < n.firstChild + 4; ++c) {
                if (collide(nodes_[c].region, q)) stack_[top++] = c;
            }
            continue;
        }
        for (ItemId id : n.items) {
            if (stamp_[id] == qn) continue;
            stamp_[id] = qn;
            ++tests;
            if (collide(table_.box(id), box) && !onHit(id)) {
                top = 0;
                break;
            }
        }
    }
    return {tests, visited};
}

int QuadTreeLeaves::leafCountOf(ItemId id) const {
    int n = 0;
    for (const Node& node : nodes_) {
        if (node.firstChild < 0) n += int(std::count(node.items.begin(), node.items.end(), id));
    }
    return n;
}

int QuadTreeLeaves::depth() const {
    int d = 0;
    for (const Node& n : nodes_) d = std::max(d, n.depth);
    return d;
}

std::string QuadTreeLeaves::validate() const {
    std::vector<int> listed(std::size_t(table_.idLimit()), 0);
    std::vector<int> expected(std::size_t(table_.idLimit()), 0);
    // Every item's placed box once, not once per leaf (the check below is leaves x items).
    std::vector<std::pair<ItemId, AABB>> items;
    items.reserve(table_.ids().size());
    for (ItemId id : table_.ids()) items.emplace_back(id, placed(id));
    for (int i = 0; i < int(nodes_.size()); ++i) {
        const Node& n = nodes_[i];
        const auto at = [i] { return "node " + std::to_string(i) + ": "; };  // built only for a message
        if (n.firstChild >= 0) {
            if (!n.items.empty()) return at() + "branch holds items";
            continue;
        }
        if (int(n.items.size()) > maxItems_ && n.depth < maxDepth_) return at() + "leaf over the split threshold";
        for (ItemId id : n.items) {
            if (!table_.contains(id)) return at() + "holds an absent id";
            if (!collide(n.region, placed(id))) return at() + "holds an item it does not overlap";
            ++listed[id];
        }
        for (const auto& [id, box] : items) {
            if (collide(n.region, box)) ++expected[id];
        }
    }
    for (ItemId id : table_.ids()) {
        if (listed[id] != expected[id]) return "id " + std::to_string(id) + " is not in every leaf it overlaps once";
    }
    return "";
}

}  // namespace engine
