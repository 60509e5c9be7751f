// The bvh program's side of the agent BVH: the growable pool, member names and their map, printing in the spec's
// format and compaction. The spec's rules themselves are AgentTree's, in the header, shared with inline trees.
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
/// append: appending each piece to the string costs more than the tree walk.
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
/// fewer TLB entries. A hint; ignored elsewhere.
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
/// pages those reads also miss the TLB.
template <class T>
void moveToHugeBlock(std::vector<T>& v, std::size_t capacity) {
    std::vector<T> bigger;
    bigger.reserve(capacity);
    adviseHugePages(bigger.data(), capacity * sizeof(T));
    bigger.insert(bigger.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
    v.swap(bigger);
}

}  // namespace

int GrowablePool::grow() {
    if (nodes.size() == nodes.capacity()) moveToHugeBlock(nodes, std::max<std::size_t>(64, 2 * nodes.size()));
    nodes.emplace_back();
    live.push_back(0);
    return int(nodes.size()) - 1;
}

template class AgentTree<GrowablePool>;

void AgentBVH::removeLeaf(int leaf) {
    assert(pool_.live[std::size_t(leaf)] && pool_.nodes[std::size_t(leaf)].isLeaf());
    dropName(leaf);
    AgentTree::removeLeaf(leaf);
}

void AgentBVH::setName(int leaf, std::string_view name) {
    char* bytes = leafBytes(leaf);
    const auto size = std::uint32_t(name.size());
    std::memcpy(bytes, &size, 4);
    if (size <= kInlineName) {
        std::memcpy(bytes + 4, name.data(), size);
        return;
    }
    const auto offset = std::uint32_t(longNames_.size());
    longNames_.append(name);
    std::memcpy(bytes + 4, &offset, 4);
}

void AgentBVH::dropName(int leaf) {
    const std::size_t size = nameOf(leaf).size();
    if (size <= kInlineName) return;
    longNamesFreed_ += size;
    std::memset(leafBytes(leaf), 0, 4);
    if (longNamesFreed_ < 4096 || 2 * longNamesFreed_ < longNames_.size()) return;
    std::string kept;  // the long names still in use, packed again
    for (int i = 0; i < poolSize(); ++i) {
        if (!isLive(i) || !node(i).isLeaf() || nameOf(i).size() <= kInlineName) continue;
        const auto offset = std::uint32_t(kept.size());
        kept.append(nameOf(i));
        std::memcpy(leafBytes(i) + 4, &offset, 4);
    }
    longNames_.swap(kept);
    longNamesFreed_ = 0;
}

std::uint32_t AgentBVH::nameHash(std::string_view name) { return std::uint32_t(std::hash<std::string_view>{}(name)); }

int AgentBVH::findSlot(std::string_view name, std::uint32_t hash) const {
    if (nameSlots_.empty()) return -1;
    const std::size_t mask = nameSlots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const NameSlot& s = nameSlots_[i];
        if (s.leaf == kFreeSlot) return -1;
        if (s.leaf >= 0 && s.hash == hash && nameOf(s.leaf) == name) return int(i);
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
    setName(leaf, name);
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
        __builtin_prefetch(&pool_.nodes[std::size_t(slot.leaf)]);  // the leaf, its name inside
        return;
    }
    const int parent = pool_.nodes[std::size_t(slot.leaf)].parent;
    if (parent == kNull) return;
    if (step == 2) {
        __builtin_prefetch(&pool_.nodes[std::size_t(parent)]);
        return;
    }
    const Node& p = pool_.nodes[std::size_t(parent)];  // what a removal splices: the sibling and the grandparent
    __builtin_prefetch(&pool_.nodes[std::size_t(p.left == slot.leaf ? p.right : p.left)]);
    if (p.parent != kNull) __builtin_prefetch(&pool_.nodes[std::size_t(p.parent)]);
}

std::vector<std::string> AgentBVH::getCollidingObjects(const AABB& box) const {
    std::vector<std::string> hits;
    query(box, [&](int leaf) {
        hits.emplace_back(nameOf(leaf));
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
        const Node& n = pool_.nodes[i];
        out.append(2 * std::size_t(d), ' ');
        if (n.isLeaf()) {
            if (n.parent == kNull) {
                out += "- - leaf: ";
            } else {
                out += pool_.nodes[n.parent].right == i ? "- R - leaf: " : "- L - leaf: ";
            }
            out += nameOf(i);
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

void AgentBVH::clear() {
    pool_.nodes.clear();
    pool_.live.clear();
    nameSlots_.clear();
    namesUsed_ = namesLive_ = 0;
    longNames_.clear();
    longNamesFreed_ = 0;
    root_ = freeList_ = kNull;
    leafCount_ = 0;
}

void AgentBVH::compact() {
    // The new order: live nodes in pre-order (right child first), then the free slots, which are dropped. perm[k]
    // is the old index of the node that goes to place k; every index appears once, so the pool is permuted in
    // place, cycle by cycle, with no second pool (the tree is most of the program's memory).
    std::vector<int> perm;
    perm.reserve(pool_.nodes.size());
    if (root_ != kNull) {
        std::vector<int> todo{root_};
        while (!todo.empty()) {
            const int i = todo.back();
            todo.pop_back();
            perm.push_back(i);
            if (pool_.nodes[i].isLeaf()) continue;
            __builtin_prefetch(
                &pool_.nodes[pool_.nodes[i].left]);  // popped after the whole right subtree: fetch it now
            todo.push_back(pool_.nodes[i].left);
            todo.push_back(pool_.nodes[i].right);
        }
    }
    const std::size_t liveCount = perm.size();
    for (int i = 0; i < poolSize(); ++i) {
        if (!isLive(i)) perm.push_back(i);
    }
    std::vector<int> newIndex(pool_.nodes.size(), kNull);
    for (std::size_t k = 0; k < perm.size(); ++k) newIndex[std::size_t(perm[k])] = int(k);
    const auto renumber = [&](int i) { return i == kNull ? kNull : newIndex[std::size_t(i)]; };
    for (std::size_t k = 0; k < liveCount; ++k) {  // links first, in the old places
        Node& n = pool_.nodes[std::size_t(perm[k])];
        n.parent = renumber(n.parent);
        n.left = renumber(n.left);
        n.right = renumber(n.right);
    }
    permuteNodes(perm);
    pool_.nodes.resize(liveCount);
    for (NameSlot& slot : nameSlots_) {
        if (slot.leaf >= 0) slot.leaf = newIndex[std::size_t(slot.leaf)];
    }
    pool_.live.assign(liveCount, 1);
    root_ = renumber(root_);
    freeList_ = kNull;
}

void AgentBVH::permuteNodes(std::vector<int>& perm) {
    // Place k takes the node at perm[k]; following k -> perm[k] -> perm[perm[k]] ... closes a cycle, and each
    // cycle moves its nodes one step with a single node held aside. perm[k] = k marks a place done. The source
    // a few steps further along the cycle is fetched ahead: the old places are scattered.
    Node* nodes = pool_.nodes.data();
    for (int k = 0; k < int(perm.size()); ++k) {
        if (perm[std::size_t(k)] == k) continue;
        const Node held = nodes[k];
        int j = k;
        while (true) {
            const int from = perm[std::size_t(j)];
            perm[std::size_t(j)] = j;
            if (from == k) {
                nodes[j] = held;
                break;
            }
            const int next = perm[std::size_t(from)];
            __builtin_prefetch(&nodes[next]);
            __builtin_prefetch(&nodes[perm[std::size_t(next)]]);
            nodes[j] = nodes[from];
            j = from;
        }
    }
}

std::string AgentBVH::validate() const {
    const std::string tree = validateTree([&](int i) -> std::string {
        const std::string_view name = nameOf(i);
        if (name.empty()) return "";
        const int slot = findSlot(name, nameHash(name));
        if (slot < 0 || nameSlots_[std::size_t(slot)].leaf != i)
            return "node " + std::to_string(i) + ": leaf's name is not mapped to it";
        return "";
    });
    if (!tree.empty()) return tree;
    std::size_t named = 0, used = 0;
    for (const NameSlot& s : nameSlots_) {
        used += s.leaf != kFreeSlot;
        if (s.leaf < 0) continue;
        ++named;
        const int i = s.leaf;
        if (i >= int(pool_.nodes.size()) || !pool_.live[i] || !pool_.nodes[i].isLeaf() || nameHash(nameOf(i)) != s.hash)
            return "name map slot for leaf " + std::to_string(i) + " does not point at a leaf with that name";
    }
    if (named != namesLive_ || used != namesUsed_) return "name map counts are wrong";
    return "";
}

}  // namespace engine
