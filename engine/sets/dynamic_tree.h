#pragma once
// A balanced dynamic AABB tree (seed 004, after Box2D / Bullet), written for this engine's integer boxes.
//
// Why it is shaped like this (the measurements behind each choice are in bench/RESULTS.md):
// - Nodes are pooled in one array and refer to each other by int index (-1 is null), so the pool can grow without
//   invalidating anything. A node is 32 bytes (box, two children, parent, height), and the two children of a branch
//   always sit side by side in an even slot and the next (the root alone in slot 1; slot 0 unused), with the pool
//   on a 64-byte boundary: every sibling pair is one cache line, and a walk down the tree loads one line per level.
//   Nodes never move between pairs by relinking: an insertion moves the chosen sibling into a new pair beside the
//   new leaf and makes its old slot the new branch; a removal moves the leaf's sibling into their parent's slot and
//   frees the pair; a rotation exchanges the contents of two slots. Free pairs go on a free list threaded through
//   the array.
// - Every item that moves gets a FAT box (its box grown by SetOptions::fatMargin); branches bound their
//   children's fat boxes, so a move that stays inside the fat box changes only the leaf and needs no
//   re-insertion. A new item's fat box is its own box until its first move out of it (which re-inserts it with a
//   margin): static items keep the tree tight, so queries on a static set visit fewer nodes.
// - A leaf keeps the item's REAL box as its node box (a moved item's fat box lives in a side array used only
//   when the tree changes), so a query's leaf test is exact: fattening never leaks false hits to the caller and
//   no second lookup is needed. A leaf is tagged in its `left` field: kNull while its item has never moved (its
//   bound is its own box, so filling and churning never touch the side array), kFattened once it has.
// - Insertion picks the sibling that adds the least total perimeter to the tree (the new branch's perimeter plus
//   the growth of every ancestor), walking one path from the root and pricing both children at each level, with
//   a lower bound (inherited growth + the child's growth + the new box's perimeter) to choose the way down and to
//   stop early (Box2D v3's descent, after Bittner et al.). The sibling must have height <= 1, so the new branch is
//   itself balanced and the subtree grows by exactly one level; every node on the way back up is re-balanced by
//   a rotation when its children's heights differ by two. So the AVL rule |h(left) - h(right)| <= 1 holds at
//   every node and the height stays below 1.44 log2(n) + 2; validate() checks both. Against a greedy
//   always-to-a-leaf descent this keeps queries fast after one-by-one insertion and under moves.
//   The walk picks its way with selects, not branches (which way it goes is a coin toss for the predictor), and
//   carries each node's perimeter down instead of recomputing it.
// - On the way back up from an insertion, each node may also swap a child with a grandchild on the other side
//   when that shrinks the branch between them (the quality rotations of Kopta et al. and Box2D v3). Only
//   EQUAL-height nodes swap, so no height changes and the AVL rule is untouched: queries get cheaper for a
//   dearer insertion; wider searches for swaps, or rotations after removals, cost more than they bought.
// - build() bulk-builds top-down (median split on the wider centroid axis), which is faster than n insertions,
//   gives a tighter tree, and is AVL-balanced by construction. One-at-a-time insertion still makes trees whose
//   queries are slower than a bulk-built one's, so after size()/2 incremental insertions (adds or re-inserting
//   moves) the tree rebuilds itself from its leaves: O(n log n) amortised over n/2 insertions. A rebuild buys
//   nothing but faster queries, so it also waits until queries have tested at least as many nodes as the tree
//   holds since the last one: a set that is only filled or churned, and not queried, never rebuilds. A (re)build
//   lays the pool out afresh in depth-first order with siblings side by side, so a query touches fewer cache lines.
// - Queries test both children of a node (one line) and push the children's pair of a branch that meets the query
//   on a fixed-size stack, so a pop goes straight to the next line to test; they never allocate, and count the
//   nodes they test.
#include "engine/collision_set.h"
#include "engine/sets/item_table.h"

#include <cstddef>
#include <new>
#include <vector>

namespace engine {

/// Balanced dynamic AABB tree with fattened boxes.
class DynamicTree final : public TableBackedSet {
public:
    /// Null node index; also the tag of a leaf whose fat box is its own box (an item that never moved).
    static constexpr int kNull = -1;
    /// The tag of a leaf whose fat box is kept in the side array (an item that has moved).
    static constexpr int kFattened = -2;
    /// A pooled node: a leaf when left < 0 (kNull or kFattened; then right is the item id), else a branch with two
    /// children.
    struct Node {
        AABB box;            ///< leaf: the item's real box; branch: union of the children's bounds (fat boxes)
        int left = kNull;    ///< first child; kNull or kFattened for a leaf
        int right = kNull;   ///< second child; a leaf's item id
        int parent = kNull;  ///< parent index (next free node while on the free list)
        int height = 0;      ///< 0 for a leaf, -1 while free
    };

    /// Default for the rebuild period: rebuild after as many incremental insertions as half the item count.
    static constexpr double kDefaultRebuildPeriod = 0.5;
    /// Fattening margin options.fatMargin; a full rebuild after rebuildPeriod x size() incremental insertions
    /// (adds and re-inserting moves; at least 64) once queries since the last rebuild have tested at least
    /// nodeCount() nodes; rebuildPeriod 0 never rebuilds.
    explicit DynamicTree(const SetOptions& options = {}, double rebuildPeriod = kDefaultRebuildPeriod);
    const char* name() const override { return "dynamic-tree"; }
    /// Bulk build: top-down median split (balanced).
    void build(const std::vector<Item>& items) override;
    /// Inserts a leaf with a fat box.
    void add(ItemId id, const AABB& box) override;
    bool remove(ItemId id) override;
    /// In place when the box stays inside the fat box, else re-insert with a new fat box.
    void update(ItemId id, const AABB& box) override;
    /// Empties the tree (keeps the pool's capacity).
    void clear() override;
    /// Stack-based, allocation-free query with exact leaf tests.
    void query(const AABB& box, FunctionRef<bool(ItemId)> onHit) const override;
    /// The tree against itself: each branch's two subtrees are walked together wherever their boxes meet, so a pair
    /// of subtrees apart is dismissed with one test where N queries would each have descended to it.
    void pairs(FunctionRef<bool(ItemId, ItemId)> onPair) const override;
    /// Links, boxes, heights, AVL balance, the height bound and pool bookkeeping; "" when they hold.
    std::string validate() const override;

    /// Rebuilds the whole tree top-down from its leaves (leaf indices are kept; moved items get fat boxes centred on
    /// their boxes again).
    void rebuild();
    /// Number of full rebuilds so far (automatic or asked for).
    std::uint64_t rebuildCount() const { return rebuilds_; }
    /// Height of the root (0 for one leaf, -1 when empty).
    int height() const { return root_ == kNull ? -1 : nodes_[root_].height; }
    /// Largest height an AVL-balanced tree with n leaves can have (smallest leaf count per height is Fibonacci).
    static int maxBalancedHeight(std::size_t leaves);
    /// Number of re-insertions done by update() so far.
    std::uint64_t reinsertCount() const { return reinserts_; }
    /// Tree quality as Box2D's GetAreaRatio measures it: the perimeters of all live nodes (leaves by their fat
    /// boxes) summed, over the root's perimeter; lower means fewer nodes meet a typical query. 0 when empty.
    double perimeterRatio() const;
    /// Number of quality rotations (equal-height child/grandchild swaps) made by insertions so far.
    std::uint64_t rotationCount() const { return rotations_; }
    /// The fat box of an item (its own box until it first moves).
    AABB fatBoxOf(ItemId id) const { return bound(leafOf_[id]); }
    /// The fattening margin.
    int margin() const { return margin_; }
    /// Live nodes (2n - 1, or 0).
    int nodeCount() const { return table_.size() == 0 ? 0 : 2 * int(table_.size()) - 1; }

private:
    /// Allocates the nodes' pool on 64-byte boundaries, so that every sibling pair (an even slot and the next) is
    /// one cache line.
    template <class T>
    struct LineAligned {
        using value_type = T;
        LineAligned() = default;
        template <class U>
        LineAligned(const LineAligned<U>&) {}
        T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{64})); }
        void deallocate(T* p, std::size_t) { ::operator delete(p, std::align_val_t{64}); }
        bool operator==(const LineAligned&) const { return true; }
        bool operator!=(const LineAligned&) const { return false; }
    };
    using Pool = std::vector<Node, LineAligned<Node>>;
    /// The root's slot: slot 0 is never used, so that every pair starts on an even slot.
    static constexpr int kRootSlot = 1;

    void reserveRootSlots();      // slots 0 (never used) and 1 (the root's), free, when the pool is empty
    int allocatePair();           // two free slots side by side (an even slot and the next)
    void releasePair(int first);  // puts the pair starting at `first` back on the free list
    void moveNode(int from, int to);  // node `from`'s contents to slot `to` (keeps to's parent), links fixed
    void swapNodes(int a, int b);     // exchanges the contents (subtrees) of two slots, parents stay with slots
    void relink(int slot);            // points the children (or the id's leafOf_) of the node in `slot` at it
    void setLeaf(int slot, ItemId id, const AABB& box, const AABB* fatBox);  // writes a leaf into a slot
    int findBestSibling(const AABB& leafBox) const;  // the node of height <= 1 to pair a new leaf with
    void insertLeaf(ItemId id, const AABB& box, const AABB* fatBox);  // fatBox null: the leaf's bound is its box
    void detachLeaf(int leaf);  // takes the leaf out of the tree and frees its slot (and its parent's)
    void refit(int i);
    void rotateUp(int a, int taller, int other);
    void fixUpwards(int from, bool rotate);  // re-balance and refit; `rotate` also tries improve()
    void improve(int a);  // the equal-height child/grandchild swap that shrinks the tree the most, if any
    void layOut(std::vector<int>& leaves);
    /// A leaf being placed by a (re)build: its bound's centre (doubled) on both axes, and the leaf.
    struct Placing {
        std::int64_t centre[2];
        int leaf;
    };
    void place(Placing* leaves, int n, int slot, int parent, int& next);
    /// What node i (held in n) adds to its parent's box: a moved leaf's fat box, else the node's own box. Static, for
    /// the hot loops that hold the pool's pointers.
    static const AABB& boundOf(const Node& n, int i, const AABB* fat) { return n.left == kFattened ? fat[i] : n.box; }
    /// boundOf node i.
    const AABB& bound(int i) const { return boundOf(nodes_[i], i, fat_.data()); }
    void noteIncrementalInsert();

    int margin_;
    Pool nodes_;
    std::vector<AABB> fat_;     // by node: a kFattened leaf's fat box (unused for other nodes, whose bound is their
                                // box); grown only as far as the highest fattened leaf needs
    std::vector<int> leafOf_;   // by id
    int root_ = kNull;
    int freeList_ = kNull;  // first slot of the first free pair
    std::uint64_t reinserts_ = 0;
    std::uint64_t rotations_ = 0;
    double rebuildPeriod_;
    std::uint64_t sinceRebuild_ = 0;   // incremental insertions since the last (re)build
    mutable std::uint64_t queryWork_ = 0;  // nodes tested by queries since the last (re)build
    std::uint64_t rebuilds_ = 0;
    std::vector<int> scratch_;         // leaf list for (re)builds, kept to avoid re-allocating
    Pool spareNodes_;                  // the pool being laid out by a (re)build, swapped in when done
    std::vector<AABB> spareFat_;
    std::vector<Placing> placing_;     // the leaves with their centres while a (re)build places them
    mutable std::vector<std::pair<int, int>> pairWork_;  // pairs(): node pairs still to walk (a == b: a's own pairs)
};

}  // namespace engine
