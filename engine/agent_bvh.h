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
// validation use explicit stacks. Queries allocate nothing: their stack is sized whenever the pool grows.
//
// Every branch also holds copies of its two children's boxes, and a node is one 64-byte cache line. The tree's
// shape is the spec's and cannot change, so speed comes from memory traffic: an insertion's descent and refit
// read one line per level instead of three, and query() reads only the nodes that collide. The big arrays live
// in blocks advised for huge pages, and a caller that knows its next names can have a move's reads fetched
// before its turn (NameKey, prefetch). On the bvh program's big input (bench/make_bvh_input.py) the program now
// runs 2.25-2.6x faster than at fcaa082; README ("Measured", issue 13) has the numbers and the profile.
// validate() checks that the copies equal the children's boxes.
#include "engine/aabb.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace engine {

/// The agent BVH: add, move, remove, query and print, exactly as spec/bvh.md says.
class AgentBVH {
public:
    /// Null node index.
    static constexpr int kNull = -1;

    /// One pooled node: a leaf (member) when left == kNull, else a branch with exactly two children. A branch
    /// also keeps copies of its children's boxes, so descending and querying read one cache line per node.
    struct alignas(64) Node {
        AABB box;
        int parent = kNull;
        int left = kNull;
        int right = kNull;
        int userData = 0;   ///< caller's value for a leaf (e.g. an item id); 0 for branches
        AABB childBox[2];   ///< a branch's copies of nodes[left].box and nodes[right].box (unused in a leaf)
        bool isLeaf() const { return left == kNull; }
    };

    // ---- handle-level API (leaf indices are stable handles) ----

    /// Adds a leaf with the given box and user value; returns its stable node index.
    int addLeaf(const AABB& box, int userData = 0);
    /// Removes a leaf by node index (spec removal: sibling replaces parent, no ancestor refit).
    void removeLeaf(int leaf);
    /// Moves a leaf (spec move); returns true when it was re-inserted, false when only its box changed.
    bool moveLeaf(int leaf, const AABB& box);

    // ---- name-level API (the homework's) ----

    /// Adds a named member; returns false (and changes nothing) when the name is already a member.
    bool add(const AABB& box, std::string name) { return addNamed(box, std::move(name)) != kNull; }
    /// Adds a named member with a user value and returns its leaf index, or kNull (changing nothing) when the
    /// name is taken.
    int addNamed(const AABB& box, std::string name, int userData = 0);
    /// Removes a named member; returns false when there is no such member.
    bool remove(std::string_view name);
    /// A member name with its hash, computed once for a caller that uses the name several times (prefetch steps
    /// and then a move: hashing was 2% of the bvh program's big run while each move hashed its name four times).
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
    /// The name of a leaf added by name ("" for one added by addLeaf).
    const std::string& nameOf(int leaf) const { return names_[leaf]; }
    /// Asks the memory system early for nameOf(leaf), e.g. for each hit of a query whose names are read after it.
    void prefetchName(int leaf) const { __builtin_prefetch(&names_[std::size_t(leaf)]); }
    /// Names of every member colliding with box, in tree order (unsorted); the homework's getCollidingObjects.
    std::vector<std::string> getCollidingObjects(const AABB& box) const;

    // ---- queries ----

    /// Visits every leaf colliding with box, calling onHit(leafIndex); onHit returns false to stop early.
    /// Allocates nothing; returns the number of nodes whose box was tested (also kept as lastVisited()).
    /// Same hits, order and count as walk(), but a branch tests its children through its own copies of their
    /// boxes and only colliding nodes are pushed, so a node that misses is never read.
    template <class OnHit>
    int query(const AABB& box, OnHit&& onHit) const {
        int visited = 0;
        if (root_ != kNull) {
            visited = 1;
            int top = 0;
            if (collide(nodes_[root_].box, box)) stack_[top++] = root_;
            while (top > 0) {
                const int i = stack_[--top];
                const Node& n = nodes_[i];
                if (n.isLeaf()) {
                    if (!onHit(i)) break;
                    continue;
                }
                visited += 2;
                // Right is popped first, as in walk(). A pushed node is fetched at once, so the memory reads of
                // the nodes waiting on the stack overlap; so is the node after it, which after compact() is its
                // right child (measured: 2-3% off the bvh program's big run).
                if (collide(n.childBox[0], box)) {
                    __builtin_prefetch(&nodes_[n.left]);
                    __builtin_prefetch(&nodes_[n.left] + 1);
                    stack_[top++] = n.left;
                }
                if (collide(n.childBox[1], box)) {
                    __builtin_prefetch(&nodes_[n.right]);
                    __builtin_prefetch(&nodes_[n.right] + 1);
                    stack_[top++] = n.right;
                }
            }
        }
        lastVisited_ = visited;
        return visited;
    }

    /// Like query, but also calls onTest(nodeIndex, collided) for every node tested (for overlays and counters).
    template <class OnHit, class OnTest>
    int walk(const AABB& box, OnHit&& onHit, OnTest&& onTest) const {
        int visited = 0;
        if (root_ != kNull) {
            int top = 0;
            stack_[top++] = root_;
            while (top > 0) {
                const int i = stack_[--top];
                const Node& n = nodes_[i];
                ++visited;
                const bool hit = collide(n.box, box);
                onTest(i, hit);
                if (!hit) continue;
                if (n.isLeaf()) {
                    if (!onHit(i)) break;
                } else {
                    stack_[top++] = n.left;   // right is popped first, matching the printed order
                    stack_[top++] = n.right;
                }
            }
        }
        lastVisited_ = visited;
        return visited;
    }

    // ---- printing and checking ----

    /// Appends the tree in the spec's format (pre-order, right before left, two spaces per level).
    void print(std::string& out) const;
    /// Prints like print(out), but hands `out` to drain(out) whenever it holds flushAt bytes or more, so a huge
    /// tree streams through a bounded buffer (drain is expected to write and clear it).
    void print(std::string& out, std::size_t flushAt, const std::function<void(std::string&)>& drain) const;
    /// The printed tree as a string.
    std::string toString() const;
    /// Checks the spec's four invariants plus pool bookkeeping; returns "" when they hold, else what is broken.
    std::string validate() const;

    // ---- inspection and counters ----

    /// Index of the root node, or kNull when empty.
    int root() const { return root_; }
    /// A node by index (valid only for live nodes).
    const Node& node(int i) const { return nodes_[i]; }
    /// Size of the node pool (live and free); iterate with isLive().
    int poolSize() const { return int(nodes_.size()); }
    /// True when node i is part of the tree (not on the free list).
    bool isLive(int i) const { return live_[i] != 0; }
    /// Number of members (leaves).
    int memberCount() const { return leafCount_; }
    /// Number of live nodes (2 * members - 1, or 0).
    int nodeCount() const { return leafCount_ == 0 ? 0 : 2 * leafCount_ - 1; }
    /// Edges on the longest root-to-leaf path (0 for a single leaf, -1 when empty). O(n), no recursion.
    int height() const;
    /// Depth of node i (root is 0). O(depth).
    int depth(int i) const;
    /// Nodes tested by the last query or walk.
    int lastVisited() const { return lastVisited_; }
    /// Removes every member.
    void clear();
    /// Renumbers the live nodes in printing order (pre-order, right child first) from 0, with no free slots, so
    /// walks down the tree read nearby memory. Same tree, names and boxes, but EVERY node index changes: leaf
    /// handles held by the caller become invalid (use find()). For callers that hold names, not handles.
    void compact();

private:
    int allocate();
    void release(int i);
    void insertLeaf(int leaf);   // spec insertion of an already-allocated, detached leaf
    void detachLeaf(int leaf);   // spec removal, without freeing the leaf
    void setBox(int i, const AABB& box);  // node i's box and its parent's copy of it

    std::vector<Node> nodes_;
    std::vector<Node> spareNodes_;          // compact()'s next target: the pool before the last compaction
    std::vector<std::string> spareNames_;   // the same for names_
    std::vector<char> live_;
    std::vector<std::string> names_;            // per node; "" for branches and unnamed leaves
    // The name -> leaf map: open addressing with linear probing over a power-of-two table at most half full,
    // each slot a name's hash and its leaf (kFreeSlot, kErasedSlot otherwise); names themselves stay in names_.
    // A lookup reads one slot and the matching name, where std::unordered_map chased two more pointers (measured:
    // hashing was 16% of the bvh program's big run).
    struct NameSlot {
        std::uint32_t hash = 0;
        int leaf = -1;
    };
    static constexpr int kFreeSlot = -1;
    static constexpr int kErasedSlot = -2;
    std::vector<NameSlot> nameSlots_;
    std::size_t namesUsed_ = 0;   // slots not free (live names plus erased ones)
    std::size_t namesLive_ = 0;
    static std::uint32_t nameHash(std::string_view name);
    int findSlot(std::string_view name, std::uint32_t hash) const;  // the slot holding name, or -1
    void insertName(std::uint32_t hash, int leaf);                   // name known to be absent
    void growNames();
    mutable std::vector<int> stack_;            // query stack, sized to the pool so queries never allocate
    int root_ = kNull;
    int freeList_ = kNull;                      // chained through Node::parent
    int leafCount_ = 0;
    mutable int lastVisited_ = 0;
};

}  // namespace engine
