#pragma once
// The agent BVH of spec/bvh.md: one binary tree of integer boxes per character, whose leaves are its named
// members (hitboxes) and whose branches only bound their two children.
//
// The rules are the homework's, kept exactly because they decide the printed tree: insertion descends towards the
// child whose area grows less (a tie goes left), the new leaf becomes the LEFT child of a new branch that takes the
// reached leaf's place, every ancestor is then recomputed as the exact union of its children; removal splices the
// sibling into the parent's place and recomputes nothing; a move that stays inside the parent's current box only
// changes the leaf, any other move is a removal and a re-insertion.
//
// Nodes live in one pooled array and refer to each other by int index (-1 is null), Box2D style: the pool can grow
// without invalidating anything, freed nodes go on a free list inside the array, and a leaf keeps its index for its
// whole life (a re-inserting move reuses the same leaf node), so a leaf index is a stable handle. Nothing walks the
// tree recursively: the tree is not balanced and can be as deep as it has members, so queries, printing and
// validation use explicit stacks. A query's stack is local to the call (WalkStack): a tree holds no scratch
// and no statistics, so a const query changes nothing and a saved tree is only its nodes.
//
// The rules live once, in AgentTree, over a pool that says where the nodes are stored: GrowablePool (heap arrays
// that grow, for the bvh program's trees of any size: AgentBVH adds names, printing and compaction on top) or
// InlinePool<N> (a fixed array of N nodes inside the tree object, so a tree is plain data that a plain copy saves:
// a fighter's body in the game's rollback state). Same rules, same node numbering, same trees.
//
// Every branch also holds copies of its two children's boxes, and a node is one 64-byte cache line. The tree's
// shape is the spec's and cannot change, so speed comes from memory traffic: an insertion's descent and refit
// read one line per level instead of three, and query() reads only the nodes that collide. The node array lives
// in blocks advised for huge pages, a named leaf keeps its name in its own line (no array of names), compact()
// renumbers the pool in place, and a caller that knows its next names can have a move's reads fetched before its
// turn (NameKey, prefetch). validate() checks that the copies equal the children's boxes.
#include "engine/aabb.h"

#include <cassert>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace engine {

/// One pooled node: a leaf (member) when left == -1, else a branch with exactly two children. A branch also keeps
/// copies of its children's boxes, so descending and querying read one cache line per node.
struct alignas(64) AgentNode {
    AABB box;
    int parent = -1;
    int left = -1;
    int right = -1;
    int userData = 0;  ///< caller's value for a leaf (e.g. an item id); 0 for branches
    AABB childBox[2];  ///< a branch's copies of nodes[left].box and nodes[right].box; a named leaf's name bytes
    bool isLeaf() const { return left == -1; }
};
static_assert(sizeof(AgentNode) == 64, "an agent node is one cache line: a descent reads one line per level");
static_assert(alignof(AgentNode) == 64, "an agent node starts a cache line");

/// The stack of a query or walk, local to the call (a tree holds no scratch, so a copy of it saves only the tree):
/// Capacity entries on the C++ stack, and for a growable tree (Capacity too small for some deep tree) a heap
/// block taken only when a walk goes deeper than that.
template <int Capacity, bool Growable>
class WalkStack {
public:
    /// Makes room for two more pushes when top entries are in use; returns the entries.
    int* reserve(int top) {
        if constexpr (Growable) {
            if (top + 2 > capacity_) grow();
        }
        return data_;
    }

private:
    void grow() {
        capacity_ *= 2;
        heap_.assign(data_, data_ + capacity_ / 2);
        heap_.resize(std::size_t(capacity_));
        data_ = heap_.data();
    }
    int local_[Capacity];
    int* data_ = local_;
    int capacity_ = Capacity;
    std::vector<int> heap_;
};

/// Node storage that grows on demand (a heap array advised for huge pages).
struct GrowablePool {
    /// Entries of a walk's stack kept on the C++ stack; a deeper walk takes a heap block.
    static constexpr int kWalkStack = 256;
    using Stack = WalkStack<kWalkStack, true>;
    std::vector<AgentNode> nodes;  ///< the pool
    std::vector<char> live;        ///< 1 for a node in the tree, 0 for a free one

    /// Nodes in the pool (live and free).
    int size() const { return int(nodes.size()); }
    /// True when the pool can hold `count` nodes in all.
    bool hasRoom(int) const { return true; }
    /// Appends a node slot (not live) and returns its index.
    int grow();
    /// Checks a node about to be freed.
    void checkFree(int) const {}
};

/// Node storage of at most N nodes inside the object: no heap, so a tree over it is trivially copyable.
template <int N>
struct InlinePool {
    /// A walk pushes each node at most once, so N + 2 entries always do.
    using Stack = WalkStack<N + 2, false>;
    AgentNode nodes[N];  ///< the pool; the first `count` are in use (live or free)
    char live[N] = {};   ///< 1 for a node in the tree, 0 for a free one
    int count = 0;       ///< nodes handed out so far

    /// Nodes in the pool (live and free).
    int size() const { return count; }
    /// True when the pool can hold `total` nodes in all.
    bool hasRoom(int total) const { return total <= N; }
    /// Appends a node slot (not live) and returns its index.
    int grow() {
        assert(count < N);
        nodes[count] = AgentNode{};
        live[count] = 0;
        return count++;
    }
    /// Nothing to check: inline trees hold no names.
    void checkFree(int) const {}
};

/// The tree of spec/bvh.md over leaf handles (node indices): add, move, remove, query, check.
template <class Pool>
class AgentTree {
public:
    /// Null node index.
    static constexpr int kNull = -1;
    /// A pooled node.
    using Node = AgentNode;

    /// Adds a leaf with the given box and user value; returns its stable node index, or kNull (changing nothing)
    /// when a fixed-size pool has no room for it.
    int addLeaf(const AABB& box, int userData = 0) {
        assert(box.valid());
        if (!pool_.hasRoom(nodeCount() + (root_ == kNull ? 1 : 2))) return kNull;
        const int leaf = allocate();
        pool_.nodes[leaf].box = box;
        pool_.nodes[leaf].userData = userData;
        insertLeaf(leaf);
        ++leafCount_;
        return leaf;
    }
    /// Removes a leaf by node index (spec removal: sibling replaces parent, no ancestor refit).
    void removeLeaf(int leaf) {
        assert(pool_.live[leaf] && pool_.nodes[leaf].isLeaf());
        detachLeaf(leaf);
        release(leaf);
        --leafCount_;
    }
    /// Moves a leaf (spec move); returns true when it was re-inserted, false when only its box changed.
    bool moveLeaf(int leaf, const AABB& box) {
        assert(pool_.live[leaf] && pool_.nodes[leaf].isLeaf() && box.valid());
        const int parent = pool_.nodes[leaf].parent;
        if (parent == kNull || contains(pool_.nodes[parent].box, box)) {
            setBox(leaf, box);
            return false;
        }
        detachLeaf(leaf);
        pool_.nodes[leaf].box = box;
        insertLeaf(leaf);
        return true;
    }

    /// Visits every leaf colliding with box, calling onHit(leafIndex); onHit returns false to stop early.
    /// Allocates nothing unless the walk is deeper than the stack kept on the C++ stack (Pool::Stack); changes
    /// nothing; returns the number of nodes whose box was tested.
    /// Same hits, order and count as walk(), but a branch tests its children through its own copies of their
    /// boxes and only colliding nodes are pushed, so a node that misses is never read.
    template <class OnHit>
    int query(const AABB& box, OnHit&& onHit) const {
        int visited = 0;
        const Node* nodes = std::data(pool_.nodes);
        typename Pool::Stack scratch;
        if (root_ != kNull) {
            visited = 1;
            int top = 0;
            int* stack = scratch.reserve(top);
            if (collide(nodes[root_].box, box)) stack[top++] = root_;
            while (top > 0) {
                const int i = stack[--top];
                const Node& n = nodes[i];
                if (n.isLeaf()) {
                    if (!onHit(i)) break;
                    continue;
                }
                visited += 2;
                stack = scratch.reserve(top);
                // Right is popped first, as in walk(). A pushed node is fetched at once, so the memory reads of
                // the nodes waiting on the stack overlap; so is the node after it, which after compact() is its
                // right child.
                if (collide(n.childBox[0], box)) {
                    __builtin_prefetch(&nodes[n.left]);
                    __builtin_prefetch(&nodes[n.left] + 1);
                    stack[top++] = n.left;
                }
                if (collide(n.childBox[1], box)) {
                    __builtin_prefetch(&nodes[n.right]);
                    __builtin_prefetch(&nodes[n.right] + 1);
                    stack[top++] = n.right;
                }
            }
        }
        return visited;
    }

    /// Most queries queryGroup() walks at once.
    static constexpr int kMaxGroup = 32;
    /// A node that a query of queryGroup() is to visit.
    struct GroupStep {
        int node;
        int query;
    };
    /// Walks count <= kMaxGroup independent queries at once, calling onHit(q, leafIndex) for every leaf colliding
    /// with boxes[q]: for each q the same hits as query(boxes[q], ...), but in another order (breadth-first).
    /// queue is the caller's scratch, so that its memory is reused. Every node to visit, of any of the queries,
    /// waits its turn in one first-in first-out queue and is fetched from memory when it joins it: by its turn it
    /// has usually arrived, where a depth-first walk reads a node right after pushing it and waits on one cache miss
    /// per level. Changes nothing.
    template <class OnHit>
    void queryGroup(const AABB* boxes, int count, std::vector<GroupStep>& queue, OnHit&& onHit) const {
        assert(count <= kMaxGroup);
        queue.clear();
        if (root_ == kNull) return;
        const Node* nodes = std::data(pool_.nodes);
        for (int q = 0; q < count; ++q) {
            if (collide(nodes[root_].box, boxes[q])) queue.push_back({root_, q});
        }
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const auto [i, q] = queue[head];
            const Node& n = nodes[i];
            if (n.isLeaf()) {
                onHit(q, i);
                continue;
            }
            if (collide(n.childBox[0], boxes[q])) {
                __builtin_prefetch(&nodes[n.left]);
                queue.push_back({n.left, q});
            }
            if (collide(n.childBox[1], boxes[q])) {
                __builtin_prefetch(&nodes[n.right]);
                queue.push_back({n.right, q});
            }
        }
    }

    /// One level of the descent that inserting `box` would take from node `at`, reading only that node: the child
    /// the spec's rule goes to (fetched from memory at once), or kNull when `at` is a leaf or a free node. Changes
    /// nothing. A caller that knows its next insertions walks their descents a level at a time, between its own
    /// steps, so that by their turn the nodes they read are in the cache; a walk that an insertion in between made
    /// stale only fetches the wrong lines.
    int descentStep(int at, const AABB& box) const {
        const Node& n = pool_.nodes[at];
        if (n.isLeaf()) return kNull;
        const std::int64_t incR = unionArea(box, n.childBox[1]) - area(n.childBox[1]);
        const std::int64_t incL = unionArea(box, n.childBox[0]) - area(n.childBox[0]);
        const int child = incR < incL ? n.right : n.left;
        __builtin_prefetch(&pool_.nodes[child]);
        return child;
    }

    /// Like query, but also calls onTest(nodeIndex, collided) for every node tested (for overlays and counters).
    template <class OnHit, class OnTest>
    int walk(const AABB& box, OnHit&& onHit, OnTest&& onTest) const {
        int visited = 0;
        typename Pool::Stack scratch;
        if (root_ != kNull) {
            int top = 0;
            int* stack = scratch.reserve(top);
            stack[top++] = root_;
            while (top > 0) {
                const int i = stack[--top];
                const Node& n = pool_.nodes[i];
                ++visited;
                const bool hit = collide(n.box, box);
                onTest(i, hit);
                if (!hit) continue;
                if (n.isLeaf()) {
                    if (!onHit(i)) break;
                } else {
                    stack = scratch.reserve(top);
                    stack[top++] = n.left;  // right is popped first, matching the printed order
                    stack[top++] = n.right;
                }
            }
        }
        return visited;
    }

    /// Index of the root node, or kNull when empty.
    int root() const { return root_; }
    /// A node by index (valid only for live nodes).
    const Node& node(int i) const { return pool_.nodes[i]; }
    /// Size of the node pool (live and free); iterate with isLive().
    int poolSize() const { return pool_.size(); }
    /// True when node i is part of the tree (not on the free list).
    bool isLive(int i) const { return pool_.live[i] != 0; }
    /// Number of members (leaves).
    int memberCount() const { return leafCount_; }
    /// Number of live nodes (2 * members - 1, or 0).
    int nodeCount() const { return leafCount_ == 0 ? 0 : 2 * leafCount_ - 1; }

    /// Edges on the longest root-to-leaf path (0 for a single leaf, -1 when empty). O(n), no recursion.
    int height() const {
        if (root_ == kNull) return -1;
        int best = 0;
        std::vector<std::pair<int, int>> todo{{root_, 0}};
        while (!todo.empty()) {
            const auto [i, d] = todo.back();
            todo.pop_back();
            best = d > best ? d : best;
            if (!pool_.nodes[i].isLeaf()) {
                todo.push_back({pool_.nodes[i].left, d + 1});
                todo.push_back({pool_.nodes[i].right, d + 1});
            }
        }
        return best;
    }
    /// Depth of node i (root is 0). O(depth).
    int depth(int i) const {
        int d = 0;
        for (int p = pool_.nodes[i].parent; p != kNull; p = pool_.nodes[p].parent) ++d;
        return d;
    }

    /// Checks the spec's four invariants plus pool bookkeeping; returns "" when they hold, else what is broken.
    /// `onLeaf(i)` may add a check per reachable leaf (returns "" or what is wrong).
    template <class OnLeaf>
    std::string validateTree(OnLeaf&& onLeaf) const {
        auto fail = [](int i, const char* what) { return "node " + std::to_string(i) + ": " + what; };
        const int size = pool_.size();
        int leaves = 0, reached = 0;
        if (root_ != kNull) {
            if (!pool_.live[root_]) return fail(root_, "root is not live");
            if (pool_.nodes[root_].parent != kNull) return fail(root_, "root has a parent");
            std::vector<int> todo{root_};
            while (!todo.empty()) {
                const int i = todo.back();
                todo.pop_back();
                if (++reached > size) return "cycle in the tree";
                const Node& n = pool_.nodes[i];
                if (!pool_.live[i]) return fail(i, "reachable node is on the free list");
                if (n.isLeaf()) {
                    if (n.right != kNull) return fail(i, "leaf has a right child");
                    ++leaves;
                    const std::string bad = onLeaf(i);
                    if (!bad.empty()) return bad;
                    continue;
                }
                if (n.right == kNull) return fail(i, "branch has one child");
                for (int c : {n.left, n.right}) {
                    if (c < 0 || c >= size) return fail(i, "child index out of range");
                    if (pool_.nodes[c].parent != i) return fail(c, "parent link does not point back");
                    if (!contains(n.box, pool_.nodes[c].box)) return fail(i, "branch box does not contain a child");
                    if (n.childBox[c == n.left ? 0 : 1] != pool_.nodes[c].box)
                        return fail(i, "copy of a child's box is stale");
                    todo.push_back(c);
                }
            }
        }
        if (leaves != leafCount_) {
            return "leaf count " + std::to_string(leafCount_) + " but " + std::to_string(leaves) + " leaves reachable";
        }
        int live = 0;
        for (int i = 0; i < size; ++i) live += pool_.live[i] != 0;
        if (live != reached) return "live nodes not all reachable";
        return "";
    }
    /// validateTree() with no per-leaf check.
    std::string validate() const {
        return validateTree([](int) { return std::string(); });
    }

protected:
    int allocate() {
        if (freeList_ == kNull) {
            freeList_ = pool_.grow();
            pool_.nodes[freeList_].parent = kNull;
        }
        const int i = freeList_;
        freeList_ = pool_.nodes[i].parent;
        pool_.nodes[i] = Node{};
        pool_.live[i] = 1;
        return i;
    }

    void release(int i) {
        assert(pool_.live[i]);
        pool_.checkFree(i);
        pool_.live[i] = 0;
        pool_.nodes[i] = Node{};
        pool_.nodes[i].parent = freeList_;
        freeList_ = i;
    }

    // Node i's box and its parent's copy of it.
    void setBox(int i, const AABB& box) {
        pool_.nodes[i].box = box;
        const int p = pool_.nodes[i].parent;
        if (p != kNull) pool_.nodes[p].childBox[pool_.nodes[p].left == i ? 0 : 1] = box;
    }

    // Spec insertion of an already-allocated, detached leaf.
    void insertLeaf(int leaf) {
        Node* nodes = std::data(pool_.nodes);
        if (root_ == kNull) {
            root_ = leaf;
            nodes[leaf].parent = kNull;
            return;
        }
        const AABB box = nodes[leaf].box;
        int at = root_;
        const int last = pool_.size() - 1;
        while (!nodes[at].isLeaf()) {
            const Node& n = nodes[at];
            // After compact() a branch's right child directly follows it, so of the four grandchildren two sit at
            // known places: right + 1 and left + 1. Asking for them now overlaps the next level's miss with this one's.
            __builtin_prefetch(&nodes[at + 2 < last ? at + 2 : last]);
            __builtin_prefetch(&nodes[n.left + 1 < last ? n.left + 1 : last]);
            const AABB& l = n.childBox[0];
            const AABB& r = n.childBox[1];
            const std::int64_t incR = unionArea(box, r) - area(r);
            const std::int64_t incL = unionArea(box, l) - area(l);
            at = incR < incL ? n.right : n.left;  // a tie goes left
        }
        // A new branch takes the reached leaf's place: LEFT = new leaf, RIGHT = existing leaf.
        const int branch = allocate();
        nodes = std::data(pool_.nodes);  // a growable pool may have moved
        const int oldParent = nodes[at].parent;
        Node& b = nodes[branch];
        b.parent = oldParent;
        b.left = leaf;
        b.right = at;
        b.childBox[0] = box;
        b.childBox[1] = nodes[at].box;
        nodes[leaf].parent = branch;
        nodes[at].parent = branch;
        if (oldParent == kNull) {
            root_ = branch;
        } else if (nodes[oldParent].left == at) {
            nodes[oldParent].left = branch;
        } else {
            nodes[oldParent].right = branch;
        }
        // Every ancestor from the new branch up becomes the exact union of its children (read from its own copies).
        // The box just computed is carried up in registers rather than re-read from the copy just stored, so each
        // level waits on nothing but the sibling's copy.
        AABB up = merge(b.childBox[0], b.childBox[1]);
        for (int i = branch;;) {
            nodes[i].box = up;
            const int p = nodes[i].parent;
            if (p == kNull) break;
            Node& pn = nodes[p];
            const int side = pn.left == i ? 0 : 1;
            pn.childBox[side] = up;
            const AABB sibling = pn.childBox[1 - side];  // a plain copy, so that merging compiles to branch-free moves
            up = merge(up, sibling);
            i = p;
        }
    }

    // Spec removal, without freeing the leaf.
    void detachLeaf(int leaf) {
        Node* nodes = std::data(pool_.nodes);
        const int parent = nodes[leaf].parent;
        if (parent == kNull) {  // the leaf was the root: the tree becomes empty
            root_ = kNull;
            return;
        }
        const Node& p = nodes[parent];
        const int side = p.left == leaf ? 1 : 0;  // the sibling's side: its box is read from the parent's copy, so
        const int sibling = side == 1 ? p.right : p.left;  // the sibling's own line is only written
        const AABB siblingBox = p.childBox[side];
        const int grand = p.parent;
        nodes[sibling].parent = grand;
        if (grand == kNull) {
            root_ = sibling;
        } else if (nodes[grand].left == parent) {
            nodes[grand].left = sibling;
            nodes[grand].childBox[0] = siblingBox;
        } else {
            nodes[grand].right = sibling;
            nodes[grand].childBox[1] = siblingBox;
        }
        // Ancestor boxes are deliberately left as they are (spec: no refit on removal).
        release(parent);
        nodes[leaf].parent = kNull;
    }

    Pool pool_;
    int root_ = kNull;
    int freeList_ = kNull;  // chained through Node::parent
    int leafCount_ = 0;
};

/// An agent tree of at most N nodes (N / 2 + 1 members) stored inline: plain data, saved by a plain copy.
template <int N>
using InlineAgentBVH = AgentTree<InlinePool<N>>;

/// The bvh program's agent BVH: a growable tree with named members, printing and compaction, exactly as
/// spec/bvh.md says.
class AgentBVH : public AgentTree<GrowablePool> {
public:
    /// Removes a leaf by node index (spec removal), dropping its name if it had one.
    void removeLeaf(int leaf);

    // ---- name-level API (the homework's) ----

    /// Adds a named member; returns false (and changes nothing) when the name is already a member.
    bool add(const AABB& box, std::string name) { return addNamed(box, std::move(name)) != kNull; }
    /// Adds a named member with a user value and returns its leaf index, or kNull (changing nothing) when the
    /// name is taken.
    int addNamed(const AABB& box, std::string name, int userData = 0);
    /// Removes a named member; returns false when there is no such member.
    bool remove(std::string_view name);
    /// A member name with its hash, computed once for a caller that uses the name several times (prefetch steps
    /// and then a move would otherwise hash it four times).
    struct NameKey {
        std::string_view name;
        std::uint32_t hash = 0;
        NameKey() = default;
        explicit NameKey(std::string_view n) : name(n), hash(nameHash(n)) {}
    };

    /// Moves a named member to a new box; returns false when there is no such member.
    bool move(std::string_view name, const AABB& box) { return move(NameKey(name), box); }
    /// move() for a name already hashed.
    bool move(const NameKey& key, const AABB& box);
    /// The leaf index of a named member, or kNull.
    int find(std::string_view name) const;
    /// Asks the memory system early for what find(key.name) and a move of it will read, changing nothing. A caller
    /// that knows its next names calls step 0 (the name's table slot) a few operations ahead, step 1 (the member's
    /// name and leaf, read through that slot) later, step 2 (the leaf's parent) and step 3 (its sibling and
    /// grandparent, which a re-inserting move splices) last, so that no step waits on memory. Any name, even an
    /// unknown one, is fine.
    void prefetch(const NameKey& key, int step) const;
    /// The name of a leaf added by name ("" for one added by addLeaf); valid until the next add or removal.
    std::string_view nameOf(int leaf) const {
        const char* bytes = leafBytes(leaf);
        std::uint32_t size = 0, offset = 0;
        std::memcpy(&size, bytes, 4);
        if (size <= kInlineName) return std::string_view(bytes + 4, size);
        std::memcpy(&offset, bytes + 4, 4);
        return std::string_view(longNames_.data() + offset, size);
    }
    /// Asks the memory system early for nameOf(leaf), e.g. for each hit of a query whose names are read after it.
    void prefetchName(int leaf) const { __builtin_prefetch(leafBytes(leaf)); }
    /// Names of every member colliding with box, in tree order (unsorted); the homework's getCollidingObjects.
    std::vector<std::string> getCollidingObjects(const AABB& box) const;

    // ---- printing and checking ----

    /// Appends the tree in the spec's format (pre-order, right before left, two spaces per level).
    void print(std::string& out) const;
    /// Prints like print(out), but hands `out` to drain(out) whenever it holds flushAt bytes or more, so a huge
    /// tree streams through a bounded buffer (drain is expected to write and clear it).
    void print(std::string& out, std::size_t flushAt, const std::function<void(std::string&)>& drain) const;
    /// The printed tree as a string.
    std::string toString() const;
    /// Checks the spec's four invariants, pool bookkeeping and the name map; "" when they hold, else what is broken.
    std::string validate() const;

    /// Removes every member.
    void clear();
    /// Renumbers the live nodes in printing order (pre-order, right child first) from 0, with no free slots, so
    /// walks down the tree read nearby memory. Same tree, names and boxes, but EVERY node index changes: leaf
    /// handles held by the caller become invalid (use find()). For callers that hold names, not handles.
    void compact();

private:
    // A named leaf keeps its name where a branch keeps its children's boxes (a leaf has none): 4 bytes of size, then
    // the name itself when it fits, else a 4-byte offset into longNames_. So a name costs no memory of its own,
    // moves with its leaf when the pool is renumbered, and is read from the line that a lookup or a hit reads anyway.
    static constexpr std::uint32_t kInlineName = sizeof(AgentNode::childBox) - 4;
    const char* leafBytes(int leaf) const {
        return reinterpret_cast<const char*>(pool_.nodes[std::size_t(leaf)].childBox);
    }
    char* leafBytes(int leaf) { return reinterpret_cast<char*>(pool_.nodes[std::size_t(leaf)].childBox); }
    void setName(int leaf, std::string_view name);
    void permuteNodes(std::vector<int>& perm);  // place k takes the node at perm[k]; perm is used up
    void dropName(int leaf);
    std::string longNames_;           // the names too long to sit in their leaf, one after another
    std::size_t longNamesFreed_ = 0;  // bytes of longNames_ whose leaf is gone

    // The name -> leaf map: open addressing with linear probing over a power-of-two table at most half full,
    // each slot a name's hash and its leaf (kFreeSlot, kErasedSlot otherwise); names themselves stay in the pool.
    // A lookup reads one slot and the matching name, where std::unordered_map chased two more pointers.
    struct NameSlot {
        std::uint32_t hash = 0;
        int leaf = -1;
    };
    static constexpr int kFreeSlot = -1;
    static constexpr int kErasedSlot = -2;
    std::vector<NameSlot> nameSlots_;
    std::size_t namesUsed_ = 0;  // slots not free (live names plus erased ones)
    std::size_t namesLive_ = 0;
    static std::uint32_t nameHash(std::string_view name);
    int findSlot(std::string_view name, std::uint32_t hash) const;  // the slot holding name, or -1
    void insertName(std::uint32_t hash, int leaf);                  // name known to be absent
    void growNames();
};

extern template class AgentTree<GrowablePool>;

}  // namespace engine
