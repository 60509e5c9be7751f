// The dynamic tree's checks: validate() re-derives every structural invariant (AVL heights, sibling pairs, the
// free list, fat boxes, the pool's alignment) from scratch, and the shape statistics the tests and the benchmark
// read. Kept apart from the tree's operations because none of it runs in a game frame.
#include "engine/sets/dynamic_tree.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace engine {

double DynamicTree::perimeterRatio() const {
    if (root_ == kNull) return 0;
    std::int64_t total = 0;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        if (nodes_[i].height >= 0) total += perimeter(bound(int(i)));
    }
    const std::int64_t root = perimeter(bound(root_));
    return root > 0 ? double(total) / double(root) : 0;
}

int DynamicTree::maxBalancedHeight(std::size_t leaves) {
    // Fewest leaves an AVL-balanced tree of height h can have: m(0) = 1, m(1) = 2, m(h) = m(h-1) + m(h-2).
    if (leaves <= 1) return 0;
    std::uint64_t prev = 1, cur = 2;
    int h = 1;
    while (true) {
        const std::uint64_t next = prev + cur;
        if (next > leaves) return h;
        prev = cur;
        cur = next;
        ++h;
    }
}

std::string DynamicTree::validate() const {
    auto fail = [](int i, const char* what) { return "node " + std::to_string(i) + ": " + what; };
    std::size_t leaves = 0, reached = 0;
    if (root_ != kNull) {
        if (root_ != kRootSlot) return fail(root_, "root is not in the root slot");
        if (nodes_[root_].parent != kNull) return fail(root_, "root has a parent");
        std::vector<int> todo{root_};
        while (!todo.empty()) {
            const int i = todo.back();
            todo.pop_back();
            if (++reached > nodes_.size()) return "cycle in the tree";
            const Node& n = nodes_[i];
            if (n.height < 0) return fail(i, "reachable node is free");
            if (n.left < 0) {
                const ItemId id = n.right;
                if (!table_.contains(id) || leafOf_[id] != i) return fail(i, "leaf's id is not mapped to it");
                if (n.box != table_.box(id)) return fail(i, "leaf box differs from the item's box");
                if (n.left != kNull && n.left != kFattened) return fail(i, "leaf has a bad tag");
                if (!engine::contains(bound(i), n.box)) return fail(i, "fat box does not contain the box");
                if (n.height != 0) return fail(i, "leaf height is not 0");
                ++leaves;
                continue;
            }
            if (n.left % 2 != 0 || n.right != n.left + 1)
                return fail(i, "children are not a pair (an even slot and the next)");
            for (const int c : {n.left, n.right}) {
                if (c < 0 || c >= int(nodes_.size())) return fail(i, "child index out of range");
                if (nodes_[c].parent != i) return fail(c, "parent link does not point back");
                todo.push_back(c);
            }
            const Node& l = nodes_[n.left];
            const Node& r = nodes_[n.right];
            if (n.box != merge(bound(n.left), bound(n.right))) return fail(i, "branch box is not the union");
            if (n.height != 1 + std::max(l.height, r.height)) return fail(i, "wrong height");
            if (std::abs(l.height - r.height) > 1) return fail(i, "unbalanced (AVL rule broken)");
        }
    }
    if (leaves != table_.size()) return "leaf count differs from size";
    std::size_t freeCount = 0;
    for (int i = freeList_; i != kNull; i = nodes_[i].parent) {
        if (i < 2 || i % 2 != 0 || i + 1 >= int(nodes_.size())) return "free list holds a slot that starts no pair";
        freeCount += 2;
        if (freeCount > nodes_.size() || nodes_[i].height != -1 || nodes_[i + 1].height != -1)
            return "free list broken";
    }
    // Slot 0 is never used; slot 1 is the root's, unused while the tree is empty.
    const std::size_t reserved = nodes_.empty() ? 0 : (root_ == kNull ? 2 : 1);
    if (!nodes_.empty() && nodes_[0].height != -1) return "slot 0 is in use";
    if (freeCount + reached + reserved != nodes_.size()) return "nodes leaked (neither reachable nor free)";
    if (!fat_.empty() && fat_.size() != nodes_.size()) return "fat box array does not cover the pool";
    if (reinterpret_cast<std::uintptr_t>(nodes_.data()) % 64 != 0) return "the pool is not on a cache-line boundary";
    if (height() > maxBalancedHeight(leaves)) return "height above the AVL bound";
    return "";
}

}  // namespace engine
