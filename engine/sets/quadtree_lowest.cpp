#include "engine/sets/quadtree_lowest.h"
#include "engine/sets/registry.h"

#include <algorithm>
#include <cmath>

namespace engine {

namespace {

/// Each item at one node: a query walks down its path (and the nodes its box covers) and tests the items stored
/// on the way, big ones near the root for every query; a move climbs and descends the same path.
SetCost quadTreeLowestCost(const SetOptions& o, const SceneEstimate& s) {
    const double n = s.items(), depth = o.quadMaxDepth;
    const double nodes = std::min(std::pow(4.0, depth) * 4 / 3, 4 * depth * n + 1);
    const double nodeSide = s.worldSide() / std::pow(2.0, depth);
    const double perQuery = 4 * (depth + 1) + s.itemsAboveInQuadtree(o.quadMaxDepth);
    const double frame = n * (2 * perQuery + 4 * (depth + 1)) + s.cellRefs(nodeSide) + s.overlapPairs();
    return {64 * nodes + 64 * n, 10 * n * (depth + 1) + 16 * nodes, frame};
}

std::unique_ptr<CollisionSet> makeQuadTreeLowest(const SetOptions& o) { return std::make_unique<QuadTreeLowest>(o); }

}  // namespace

/// The registry's entry (registry.def).
const SetEntry kQuadTreeLowestEntry{"quadtree-lowest", makeQuadTreeLowest, quadTreeLowestCost};

namespace {

int midpoint(int lo, int hi) { return int((std::int64_t(lo) + hi) >> 1); }  // floor, also for negatives

}  // namespace

QuadTreeLowest::QuadTreeLowest(const SetOptions& options) : maxDepth_(options.quadMaxDepth) {
    assert(maxDepth_ >= 0 && options.world.valid());
    nodes_.push_back(Node{});
    nodes_[0].region = options.world;
    stack_.resize(std::size_t(3 * maxDepth_ + 4));
}

AABB QuadTreeLowest::childRegion(int node, int quadrant) const {
    const AABB& r = nodes_[node].region;
    const int mx = midpoint(r.minX, r.maxX), my = midpoint(r.minY, r.maxY);
    AABB c = r;
    if (quadrant & 1) c.minX = mx;
    else c.maxX = mx;
    if (quadrant & 2) c.minY = my;
    else c.maxY = my;
    return c;
}

int QuadTreeLowest::fittingQuadrant(int node, const AABB& box) const {
    for (int q = 0; q < 4; ++q) {
        if (engine::contains(childRegion(node, q), box)) return q;
    }
    return -1;
}

void QuadTreeLowest::ensureChildren(int node) {
    if (nodes_[node].firstChild >= 0) return;
    const int first = int(nodes_.size());
    for (int q = 0; q < 4; ++q) {
        Node c;
        c.region = childRegion(node, q);
        c.parent = node;
        c.depth = nodes_[node].depth + 1;
        nodes_.push_back(std::move(c));
    }
    nodes_[node].firstChild = first;
}

int QuadTreeLowest::descend(int node, const AABB& box) {
    while (nodes_[node].depth < maxDepth_) {
        const int q = fittingQuadrant(node, box);
        if (q < 0) break;
        ensureChildren(node);
        node = nodes_[node].firstChild + q;
    }
    return node;
}

void QuadTreeLowest::attach(ItemId id, int node) {
    nodeOf_[id] = node;
    posOf_[id] = int(nodes_[node].items.size());
    nodes_[node].items.push_back(id);
    for (int n = node; n >= 0; n = nodes_[n].parent) ++nodes_[n].count;
}

void QuadTreeLowest::detach(ItemId id) {
    const int node = nodeOf_[id];
    std::vector<ItemId>& items = nodes_[node].items;
    const int pos = posOf_[id];
    items[pos] = items.back();
    posOf_[items[pos]] = pos;
    items.pop_back();
    for (int n = node; n >= 0; n = nodes_[n].parent) --nodes_[n].count;
    nodeOf_[id] = -1;
}

void QuadTreeLowest::add(ItemId id, const AABB& box) {
    table_.add(id, box);
    if (id >= int(nodeOf_.size())) {
        nodeOf_.resize(std::size_t(id) + 1, -1);
        posOf_.resize(std::size_t(id) + 1, -1);
    }
    attach(id, descend(0, box));
}

bool QuadTreeLowest::remove(ItemId id) {
    if (!table_.contains(id)) return false;
    detach(id);
    table_.remove(id);
    return true;
}

void QuadTreeLowest::update(ItemId id, const AABB& box) {
    assert(box.valid());
    table_.box(id) = box;
    const int was = nodeOf_[id];
    int node = was;
    while (node != 0 && !engine::contains(nodes_[node].region, box)) node = nodes_[node].parent;  // up
    node = descend(node, box);                                                                    // then down
    if (node == was) return;
    detach(id);
    attach(id, node);
}

void QuadTreeLowest::clear() {
    for (Node& n : nodes_) {
        n.items.clear();
        n.count = 0;
    }
    table_.clear();
}

SetStats QuadTreeLowest::findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const {
    std::uint64_t tests = 0, visited = 0;
    int top = 0;
    stack_[top++] = 0;  // the root is always searched: it holds the items outside the world
    while (top > 0) {
        const Node& n = nodes_[stack_[--top]];
        ++visited;
        for (ItemId id : n.items) {
            ++tests;
            if (collide(table_.box(id), box) && !onHit(id)) {
                top = -1;
                break;
            }
        }
        if (top < 0) break;
        if (n.firstChild < 0) continue;
        for (int q = 0; q < 4; ++q) {
            const int c = n.firstChild + q;
            if (nodes_[c].count > 0 && collide(nodes_[c].region, box)) stack_[top++] = c;
        }
    }
    return {tests, visited};
}

std::string QuadTreeLowest::validate() const {
    std::size_t stored = 0;
    for (int i = 0; i < int(nodes_.size()); ++i) {
        const Node& n = nodes_[i];
        const auto at = [i] { return "node " + std::to_string(i) + ": "; };  // built only for a message
        int sum = int(n.items.size());
        if (n.firstChild >= 0) {
            for (int q = 0; q < 4; ++q) {
                const Node& c = nodes_[n.firstChild + q];
                if (c.parent != i || c.depth != n.depth + 1) return at() + "child link broken";
                if (c.region != childRegion(i, q)) return at() + "child region wrong";
                sum += c.count;
            }
        }
        if (sum != n.count) return at() + "subtree count wrong";
        for (int p = 0; p < int(n.items.size()); ++p) {
            const ItemId id = n.items[p];
            if (!table_.contains(id)) return at() + "holds an absent id";
            if (nodeOf_[id] != i || posOf_[id] != p) return at() + "id index broken";
            const AABB& b = table_.box(id);
            if (i != 0 && !engine::contains(n.region, b)) return at() + "item not contained";
            if (n.depth < maxDepth_ && fittingQuadrant(i, b) >= 0) return at() + "item could go lower";
        }
        stored += n.items.size();
    }
    if (stored != table_.size()) return "stored item count differs from size";
    return "";
}

}  // namespace engine
