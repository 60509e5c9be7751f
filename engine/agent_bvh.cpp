#include "engine/agent_bvh.h"

#include <algorithm>
#include <cassert>

namespace engine {

namespace {

void appendBox(std::string& out, const AABB& b) {
    out += "min = (";
    out += std::to_string(b.minX);
    out += ", ";
    out += std::to_string(b.minY);
    out += "), max = (";
    out += std::to_string(b.maxX);
    out += ", ";
    out += std::to_string(b.maxY);
    out += "), Area = ";
    out += std::to_string(area(b));
}

}  // namespace

int AgentBVH::allocate() {
    if (freeList_ == kNull) {
        nodes_.emplace_back();
        live_.push_back(0);
        names_.emplace_back();
        stack_.resize(nodes_.size() + 2);
        freeList_ = int(nodes_.size()) - 1;
        nodes_[freeList_].parent = kNull;
    }
    const int i = freeList_;
    freeList_ = nodes_[i].parent;
    nodes_[i] = Node{};
    live_[i] = 1;
    return i;
}

void AgentBVH::release(int i) {
    assert(live_[i]);
    live_[i] = 0;
    names_[i].clear();
    nodes_[i] = Node{};
    nodes_[i].parent = freeList_;
    freeList_ = i;
}

void AgentBVH::insertLeaf(int leaf) {
    if (root_ == kNull) {
        root_ = leaf;
        nodes_[leaf].parent = kNull;
        return;
    }
    const AABB box = nodes_[leaf].box;
    int at = root_;
    while (!nodes_[at].isLeaf()) {
        const Node& n = nodes_[at];
        const AABB& l = nodes_[n.left].box;
        const AABB& r = nodes_[n.right].box;
        const std::int64_t incR = unionArea(box, r) - area(r);
        const std::int64_t incL = unionArea(box, l) - area(l);
        at = incR < incL ? n.right : n.left;  // a tie goes left
    }
    // A new branch takes the reached leaf's place: LEFT = new leaf, RIGHT = existing leaf.
    const int branch = allocate();
    const int oldParent = nodes_[at].parent;
    Node& b = nodes_[branch];
    b.parent = oldParent;
    b.left = leaf;
    b.right = at;
    nodes_[leaf].parent = branch;
    nodes_[at].parent = branch;
    if (oldParent == kNull) {
        root_ = branch;
    } else if (nodes_[oldParent].left == at) {
        nodes_[oldParent].left = branch;
    } else {
        nodes_[oldParent].right = branch;
    }
    // Every ancestor from the new branch up becomes the exact union of its children.
    for (int i = branch; i != kNull; i = nodes_[i].parent) {
        nodes_[i].box = merge(nodes_[nodes_[i].left].box, nodes_[nodes_[i].right].box);
    }
}

void AgentBVH::detachLeaf(int leaf) {
    const int parent = nodes_[leaf].parent;
    if (parent == kNull) {  // the leaf was the root: the tree becomes empty
        root_ = kNull;
        return;
    }
    const int sibling = nodes_[parent].left == leaf ? nodes_[parent].right : nodes_[parent].left;
    const int grand = nodes_[parent].parent;
    nodes_[sibling].parent = grand;
    if (grand == kNull) {
        root_ = sibling;
    } else if (nodes_[grand].left == parent) {
        nodes_[grand].left = sibling;
    } else {
        nodes_[grand].right = sibling;
    }
    // Ancestor boxes are deliberately left as they are (spec: no refit on removal).
    release(parent);
    nodes_[leaf].parent = kNull;
}

int AgentBVH::addLeaf(const AABB& box, int userData) {
    assert(box.valid());
    const int leaf = allocate();
    nodes_[leaf].box = box;
    nodes_[leaf].userData = userData;
    insertLeaf(leaf);
    ++leafCount_;
    return leaf;
}

void AgentBVH::removeLeaf(int leaf) {
    assert(live_[leaf] && nodes_[leaf].isLeaf());
    detachLeaf(leaf);
    release(leaf);
    --leafCount_;
}

bool AgentBVH::moveLeaf(int leaf, const AABB& box) {
    assert(live_[leaf] && nodes_[leaf].isLeaf() && box.valid());
    const int parent = nodes_[leaf].parent;
    if (parent == kNull || contains(nodes_[parent].box, box)) {
        nodes_[leaf].box = box;
        return false;
    }
    detachLeaf(leaf);
    nodes_[leaf].box = box;
    insertLeaf(leaf);
    return true;
}

bool AgentBVH::add(const AABB& box, std::string name) {
    if (byName_.count(name) != 0) return false;
    const int leaf = addLeaf(box);
    names_[leaf] = name;
    byName_.emplace(std::move(name), leaf);
    return true;
}

bool AgentBVH::remove(std::string_view name) {
    const auto it = byName_.find(std::string(name));
    if (it == byName_.end()) return false;
    const int leaf = it->second;
    byName_.erase(it);
    removeLeaf(leaf);
    return true;
}

bool AgentBVH::move(std::string_view name, const AABB& box) {
    const int leaf = find(name);
    if (leaf == kNull) return false;
    moveLeaf(leaf, box);
    return true;
}

int AgentBVH::find(std::string_view name) const {
    const auto it = byName_.find(std::string(name));
    return it == byName_.end() ? kNull : it->second;
}

std::vector<std::string> AgentBVH::getCollidingObjects(const AABB& box) const {
    std::vector<std::string> hits;
    query(box, [&](int leaf) {
        hits.push_back(names_[leaf]);
        return true;
    });
    return hits;
}

void AgentBVH::print(std::string& out) const {
    if (root_ == kNull) return;
    std::vector<std::pair<int, int>> todo{{root_, 0}};  // (node, depth); pre-order, right child first
    while (!todo.empty()) {
        const auto [i, d] = todo.back();
        todo.pop_back();
        const Node& n = nodes_[i];
        out.append(2 * std::size_t(d), ' ');
        if (n.isLeaf()) {
            if (n.parent == kNull) {
                out += "- - leaf: ";
            } else {
                out += nodes_[n.parent].right == i ? "- R - leaf: " : "- L - leaf: ";
            }
            out += names_[i];
            out += " || ";
        } else {
            out += "+ branch || ";
            todo.push_back({n.left, d + 1});
            todo.push_back({n.right, d + 1});
        }
        appendBox(out, n.box);
        out += '\n';
    }
}

std::string AgentBVH::toString() const {
    std::string s;
    print(s);
    return s;
}

int AgentBVH::depth(int i) const {
    int d = 0;
    for (int p = nodes_[i].parent; p != kNull; p = nodes_[p].parent) ++d;
    return d;
}

int AgentBVH::height() const {
    if (root_ == kNull) return -1;
    int best = 0;
    std::vector<std::pair<int, int>> todo{{root_, 0}};
    while (!todo.empty()) {
        const auto [i, d] = todo.back();
        todo.pop_back();
        best = std::max(best, d);
        if (!nodes_[i].isLeaf()) {
            todo.push_back({nodes_[i].left, d + 1});
            todo.push_back({nodes_[i].right, d + 1});
        }
    }
    return best;
}

void AgentBVH::clear() {
    nodes_.clear();
    live_.clear();
    names_.clear();
    byName_.clear();
    stack_.assign(2, 0);
    root_ = freeList_ = kNull;
    leafCount_ = 0;
    lastVisited_ = 0;
}

std::string AgentBVH::validate() const {
    auto fail = [](int i, const char* what) { return "node " + std::to_string(i) + ": " + what; };
    int leaves = 0, reached = 0;
    if (root_ != kNull) {
        if (!live_[root_]) return fail(root_, "root is not live");
        if (nodes_[root_].parent != kNull) return fail(root_, "root has a parent");
        std::vector<int> todo{root_};
        while (!todo.empty()) {
            const int i = todo.back();
            todo.pop_back();
            if (++reached > int(nodes_.size())) return "cycle in the tree";
            const Node& n = nodes_[i];
            if (!live_[i]) return fail(i, "reachable node is on the free list");
            if (n.isLeaf()) {
                if (n.right != kNull) return fail(i, "leaf has a right child");
                ++leaves;
                if (!names_[i].empty()) {
                    const auto it = byName_.find(names_[i]);
                    if (it == byName_.end() || it->second != i) return fail(i, "leaf's name is not mapped to it");
                }
                continue;
            }
            if (n.right == kNull) return fail(i, "branch has one child");
            if (!names_[i].empty()) return fail(i, "branch has a name");
            for (int c : {n.left, n.right}) {
                if (c < 0 || c >= int(nodes_.size())) return fail(i, "child index out of range");
                if (nodes_[c].parent != i) return fail(c, "parent link does not point back");
                if (!contains(n.box, nodes_[c].box)) return fail(i, "branch box does not contain a child");
                todo.push_back(c);
            }
        }
    }
    if (leaves != leafCount_) return "leaf count " + std::to_string(leafCount_) + " but " + std::to_string(leaves) + " leaves reachable";
    if (std::count(live_.begin(), live_.end(), char(1)) != reached) return "live nodes not all reachable";
    for (const auto& [name, i] : byName_) {  // order does not matter: any failure is reported
        if (i < 0 || i >= int(nodes_.size()) || !live_[i] || !nodes_[i].isLeaf() || names_[i] != name)
            return "name map entry '" + name + "' does not point at its leaf";
    }
    return "";
}

}  // namespace engine
