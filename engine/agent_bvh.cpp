#include "engine/agent_bvh.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cstring>
#include <iterator>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace engine {

namespace {

/// Copies a string literal to p; returns the end.
template <std::size_t N>
char* put(char* p, const char (&text)[N]) {
    std::memcpy(p, text, N - 1);
    return p + (N - 1);
}

/// Most bytes putBox() writes: four 11-byte ints, a 20-byte area and the words around them.
constexpr std::size_t kBoxBytes = 4 * 11 + 20 + 40;

/// Writes `min = (a, b), max = (c, d), Area = A` and a newline at p; returns the end. One buffer per line and one
/// append, where appending each piece to the string cost more than the tree walk (measured on the bvh program).
char* putBox(char* p, const AABB& b) {
    p = put(p, "min = (");
    p = std::to_chars(p, p + 11, b.minX).ptr;
    p = put(p, ", ");
    p = std::to_chars(p, p + 11, b.minY).ptr;
    p = put(p, "), max = (");
    p = std::to_chars(p, p + 11, b.maxX).ptr;
    p = put(p, ", ");
    p = std::to_chars(p, p + 11, b.maxY).ptr;
    p = put(p, "), Area = ");
    p = std::to_chars(p, p + 20, area(b)).ptr;
    *p++ = '\n';
    return p;
}

/// Asks Linux to back a large, not yet touched block with 2 MiB pages: a big tree walked at random then needs far
/// fewer TLB entries (measured on the bvh program's big input: about 10% off the run). A hint; ignored elsewhere.
void adviseHugePages(void* p, std::size_t bytes) {
#if defined(__linux__)
    constexpr std::uintptr_t kHuge = std::uintptr_t(1) << 21;
    if (bytes < 4 * kHuge) return;
    const std::uintptr_t from = (reinterpret_cast<std::uintptr_t>(p) + kHuge - 1) & ~(kHuge - 1);
    const std::uintptr_t to = (reinterpret_cast<std::uintptr_t>(p) + bytes) & ~(kHuge - 1);
    if (to > from) ::madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}

/// Moves v into a new block of the given capacity, advised for huge pages before any of it is touched. Every
/// large array of the tree is read at random (nodes by walks, names and name slots by lookups), and with 4 KiB
/// pages those reads also miss the TLB (measured on the bvh program's big input: the name prefetches, stalled on
/// page walks, were 5% of the run).
template <class T>
void moveToHugeBlock(std::vector<T>& v, std::size_t capacity) {
    std::vector<T> bigger;
    bigger.reserve(capacity);
    adviseHugePages(bigger.data(), capacity * sizeof(T));
    bigger.insert(bigger.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
    v.swap(bigger);
}

}  // namespace

int AgentBVH::allocate() {
    if (freeList_ == kNull) {
        if (nodes_.size() == nodes_.capacity()) moveToHugeBlock(nodes_, std::max<std::size_t>(64, 2 * nodes_.size()));
        if (names_.size() == names_.capacity()) moveToHugeBlock(names_, std::max<std::size_t>(64, 2 * names_.size()));
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
    assert(names_[i].empty());  // a leaf's name is cleared by removeLeaf; branches have none (and their entry is
                                // not read here: it would cost a cache miss on every re-inserting move)
    live_[i] = 0;
    nodes_[i] = Node{};
    nodes_[i].parent = freeList_;
    freeList_ = i;
}

void AgentBVH::setBox(int i, const AABB& box) {
    nodes_[i].box = box;
    const int p = nodes_[i].parent;
    if (p != kNull) nodes_[p].childBox[nodes_[p].left == i ? 0 : 1] = box;
}

void AgentBVH::insertLeaf(int leaf) {
    if (root_ == kNull) {
        root_ = leaf;
        nodes_[leaf].parent = kNull;
        return;
    }
    const AABB box = nodes_[leaf].box;
    int at = root_;
    const int last = int(nodes_.size()) - 1;
    while (!nodes_[at].isLeaf()) {
        const Node& n = nodes_[at];
        // After compact() a branch's right child directly follows it, so of the four grandchildren two sit at
        // known places: right + 1 and left + 1. Asking for them now overlaps the next level's miss with this one's.
        __builtin_prefetch(&nodes_[std::min(at + 2, last)]);
        __builtin_prefetch(&nodes_[std::min(n.left + 1, last)]);
        const AABB& l = n.childBox[0];
        const AABB& r = n.childBox[1];
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
    b.childBox[0] = box;
    b.childBox[1] = nodes_[at].box;
    nodes_[leaf].parent = branch;
    nodes_[at].parent = branch;
    if (oldParent == kNull) {
        root_ = branch;
    } else if (nodes_[oldParent].left == at) {
        nodes_[oldParent].left = branch;
    } else {
        nodes_[oldParent].right = branch;
    }
    // Every ancestor from the new branch up becomes the exact union of its children (read from its own copies).
    // The box just computed is carried up in registers rather than re-read from the copy just stored, so each level
    // waits on nothing but the sibling's copy (measured: the refit was a fifth of insertLeaf's time).
    AABB up = merge(b.childBox[0], b.childBox[1]);
    for (int i = branch;;) {
        nodes_[i].box = up;
        const int p = nodes_[i].parent;
        if (p == kNull) break;
        Node& pn = nodes_[p];
        const int side = pn.left == i ? 0 : 1;
        pn.childBox[side] = up;
        const AABB sibling = pn.childBox[1 - side];  // a plain copy, so that merging compiles to branch-free moves
        up = merge(up, sibling);
        i = p;
    }
}

void AgentBVH::detachLeaf(int leaf) {
    const int parent = nodes_[leaf].parent;
    if (parent == kNull) {  // the leaf was the root: the tree becomes empty
        root_ = kNull;
        return;
    }
    const Node& p = nodes_[parent];
    const int side = p.left == leaf ? 1 : 0;  // the sibling's side: its box is read from the parent's copy, so the
    const int sibling = side == 1 ? p.right : p.left;  // sibling's own line is only written
    const AABB siblingBox = p.childBox[side];
    const int grand = p.parent;
    nodes_[sibling].parent = grand;
    if (grand == kNull) {
        root_ = sibling;
    } else if (nodes_[grand].left == parent) {
        nodes_[grand].left = sibling;
        nodes_[grand].childBox[0] = siblingBox;
    } else {
        nodes_[grand].right = sibling;
        nodes_[grand].childBox[1] = siblingBox;
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
    names_[leaf].clear();
    release(leaf);
    --leafCount_;
}

bool AgentBVH::moveLeaf(int leaf, const AABB& box) {
    assert(live_[leaf] && nodes_[leaf].isLeaf() && box.valid());
    const int parent = nodes_[leaf].parent;
    if (parent == kNull || contains(nodes_[parent].box, box)) {
        setBox(leaf, box);
        return false;
    }
    detachLeaf(leaf);
    nodes_[leaf].box = box;
    insertLeaf(leaf);
    return true;
}

std::uint32_t AgentBVH::nameHash(std::string_view name) {
    return std::uint32_t(std::hash<std::string_view>{}(name));
}

int AgentBVH::findSlot(std::string_view name, std::uint32_t hash) const {
    if (nameSlots_.empty()) return -1;
    const std::size_t mask = nameSlots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const NameSlot& s = nameSlots_[i];
        if (s.leaf == kFreeSlot) return -1;
        if (s.leaf >= 0 && s.hash == hash && names_[s.leaf] == name) return int(i);
    }
}

void AgentBVH::growNames() {
    std::size_t size = 16;
    while (size < 4 * (namesLive_ + 1)) size *= 2;  // at most a quarter full after growing
    std::vector<NameSlot> old;
    moveToHugeBlock(old, size);
    old.resize(size);
    old.swap(nameSlots_);  // nameSlots_ is now the empty, larger table
    namesUsed_ = namesLive_ = 0;
    for (const NameSlot& s : old) {
        if (s.leaf >= 0) insertName(s.hash, s.leaf);
    }
}

void AgentBVH::insertName(std::uint32_t hash, int leaf) {
    if (2 * (namesUsed_ + 1) > nameSlots_.size()) growNames();
    const std::size_t mask = nameSlots_.size() - 1;
    std::size_t i = hash & mask;
    while (nameSlots_[i].leaf >= 0) i = (i + 1) & mask;
    if (nameSlots_[i].leaf == kFreeSlot) ++namesUsed_;
    nameSlots_[i] = NameSlot{hash, leaf};
    ++namesLive_;
}

int AgentBVH::addNamed(const AABB& box, std::string name, int userData) {
    const std::uint32_t hash = nameHash(name);
    if (findSlot(name, hash) >= 0) return kNull;
    const int leaf = addLeaf(box, userData);
    names_[leaf] = std::move(name);
    insertName(hash, leaf);
    return leaf;
}

bool AgentBVH::remove(std::string_view name) {
    const int slot = findSlot(name, nameHash(name));
    if (slot < 0) return false;
    const int leaf = nameSlots_[slot].leaf;
    nameSlots_[slot].leaf = kErasedSlot;
    --namesLive_;
    removeLeaf(leaf);
    return true;
}

bool AgentBVH::move(const NameKey& key, const AABB& box) {
    assert(key.hash == nameHash(key.name));
    const int slot = findSlot(key.name, key.hash);
    if (slot < 0) return false;
    moveLeaf(nameSlots_[slot].leaf, box);
    return true;
}

int AgentBVH::find(std::string_view name) const {
    const int slot = findSlot(name, nameHash(name));
    return slot < 0 ? kNull : nameSlots_[slot].leaf;
}

void AgentBVH::prefetch(const NameKey& key, int step) const {
    if (nameSlots_.empty()) return;
    const std::uint32_t hash = key.hash;
    const NameSlot& slot = nameSlots_[hash & (nameSlots_.size() - 1)];  // the first probe: usually the one
    if (step == 0) {
        __builtin_prefetch(&slot);
        return;
    }
    if (slot.leaf < 0 || slot.hash != hash) return;
    if (step == 1) {
        __builtin_prefetch(&names_[std::size_t(slot.leaf)]);
        __builtin_prefetch(&nodes_[std::size_t(slot.leaf)]);
        return;
    }
    const int parent = nodes_[std::size_t(slot.leaf)].parent;
    if (parent == kNull) return;
    if (step == 2) {
        __builtin_prefetch(&nodes_[std::size_t(parent)]);
        return;
    }
    const Node& p = nodes_[std::size_t(parent)];  // what a removal splices: the sibling and the grandparent
    __builtin_prefetch(&nodes_[std::size_t(p.left == slot.leaf ? p.right : p.left)]);
    if (p.parent != kNull) __builtin_prefetch(&nodes_[std::size_t(p.parent)]);
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
    print(out, SIZE_MAX, [](std::string&) {});
}

void AgentBVH::print(std::string& out, std::size_t flushAt, const std::function<void(std::string&)>& drain) const {
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
        char line[kBoxBytes];
        out.append(line, std::size_t(putBox(line, n.box) - line));
        if (out.size() >= flushAt) drain(out);
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
    spareNodes_ = {};
    spareNames_ = {};
    nodes_.clear();
    live_.clear();
    names_.clear();
    nameSlots_.clear();
    namesUsed_ = namesLive_ = 0;
    stack_.assign(2, 0);
    root_ = freeList_ = kNull;
    leafCount_ = 0;
    lastVisited_ = 0;
}

void AgentBVH::compact() {
    std::vector<int> order;  // old indices in the new order
    order.reserve(std::size_t(nodeCount()));
    if (root_ != kNull) {
        std::vector<int> todo{root_};
        while (!todo.empty()) {
            const int i = todo.back();
            todo.pop_back();
            order.push_back(i);
            if (nodes_[i].isLeaf()) continue;
            __builtin_prefetch(&nodes_[nodes_[i].left]);  // popped after the whole right subtree: fetch it now
            todo.push_back(nodes_[i].left);
            todo.push_back(nodes_[i].right);
        }
    }
    std::vector<int> newIndex(nodes_.size(), kNull);
    for (std::size_t k = 0; k < order.size(); ++k) newIndex[std::size_t(order[k])] = int(k);
    const auto renumber = [&](int i) { return i == kNull ? kNull : newIndex[std::size_t(i)]; };
    // The new pool is written into the spare one, the pool before the last compaction: its pages are already
    // mapped, where a fresh block would be faulted in and zeroed by the kernel every time (measured: page clearing
    // was 6% of the bvh program's big run).
    std::vector<Node>& nodes = spareNodes_;
    nodes.clear();
    if (nodes.capacity() < order.size()) {
        std::vector<Node>().swap(nodes);
        moveToHugeBlock(nodes, order.size());
    }
    std::vector<std::string>& names = spareNames_;
    names.clear();
    if (names.capacity() < order.size()) {
        std::vector<std::string>().swap(names);
        moveToHugeBlock(names, order.size());
    }
    names.resize(order.size());
    constexpr std::size_t kAhead = 16;  // the old nodes and names are read in scattered order: fetch them early
    for (std::size_t k = 0; k < order.size(); ++k) {
        if (k + kAhead < order.size()) {
            __builtin_prefetch(&nodes_[std::size_t(order[k + kAhead])]);
            __builtin_prefetch(&names_[std::size_t(order[k + kAhead])]);
        }
        Node n = nodes_[std::size_t(order[k])];
        n.parent = renumber(n.parent);
        n.left = renumber(n.left);
        n.right = renumber(n.right);
        nodes.push_back(n);
        names[k] = std::move(names_[std::size_t(order[k])]);
    }
    for (NameSlot& slot : nameSlots_) {
        if (slot.leaf >= 0) slot.leaf = newIndex[std::size_t(slot.leaf)];
    }
    nodes_.swap(nodes);
    names_.swap(names);
    live_.assign(nodes_.size(), 1);
    stack_.resize(nodes_.size() + 2);
    root_ = renumber(root_);
    freeList_ = kNull;
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
                    const int slot = findSlot(names_[i], nameHash(names_[i]));
                    if (slot < 0 || nameSlots_[slot].leaf != i) return fail(i, "leaf's name is not mapped to it");
                }
                continue;
            }
            if (n.right == kNull) return fail(i, "branch has one child");
            if (!names_[i].empty()) return fail(i, "branch has a name");
            for (int c : {n.left, n.right}) {
                if (c < 0 || c >= int(nodes_.size())) return fail(i, "child index out of range");
                if (nodes_[c].parent != i) return fail(c, "parent link does not point back");
                if (!contains(n.box, nodes_[c].box)) return fail(i, "branch box does not contain a child");
                if (n.childBox[c == n.left ? 0 : 1] != nodes_[c].box) return fail(i, "copy of a child's box is stale");
                todo.push_back(c);
            }
        }
    }
    if (leaves != leafCount_) return "leaf count " + std::to_string(leafCount_) + " but " + std::to_string(leaves) + " leaves reachable";
    if (std::count(live_.begin(), live_.end(), char(1)) != reached) return "live nodes not all reachable";
    std::size_t named = 0, used = 0;
    for (const NameSlot& s : nameSlots_) {
        used += s.leaf != kFreeSlot;
        if (s.leaf < 0) continue;
        ++named;
        const int i = s.leaf;
        if (i >= int(nodes_.size()) || !live_[i] || !nodes_[i].isLeaf() || nameHash(names_[i]) != s.hash)
            return "name map slot for leaf " + std::to_string(i) + " does not point at a leaf with that name";
    }
    if (named != namesLive_ || used != namesUsed_) return "name map counts are wrong";
    return "";
}

}  // namespace engine
