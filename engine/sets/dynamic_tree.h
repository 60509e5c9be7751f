#pragma once
// A balanced dynamic AABB tree (seed 004, after Box2D / Bullet), written for this engine's integer boxes.
//
// - Nodes live in one pool and refer to each other by index; the two children of a branch always sit side by side
//   in one 64-byte line (slots 2k and 2k + 1; the root alone in slot 1), so a walk loads one line per level.
// - A moved item gets a FAT box (its box grown by SetOptions::fatMargin, or by four of its steps when it moves fast
//   clear of others) kept in a side array; its leaf keeps the REAL box, so leaf tests are exact. A move inside the
//   fat box touches only the leaf; one out of it re-inserts.
// - Insertion pairs the new leaf with the node of height <= 1 that adds the least total perimeter (Box2D v3's
//   branch-and-bound descent), then re-balances (AVL) and tries an equal-height quality rotation on the way up.
// - build() and the periodic rebuild (after rebuildPeriod x size() re-insertions by moves) split top-down at the
//   median of the wider centroid axis and lay the pool out depth-first.
// Why each choice was made: docs/decisions.md ("The dynamic tree"); the measurements: bench/RESULTS.md.
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

    /// Default for the rebuild period: rebuild after twice as many re-insertions by moves as there are items.
    static constexpr double kDefaultRebuildPeriod = 2;
    /// Fattening margin options.fatMargin; a full rebuild after rebuildPeriod x size() re-insertions by moves (at
    /// least 64) since the last one; rebuildPeriod 0 never rebuilds.
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
    /// Stack-based, allocation-free query with exact leaf tests; writes nothing.
    SetStats findHits(const AABB& box, FunctionRef<bool(ItemId)> onHit) const override;
    /// The tree against itself: each branch's two subtrees are walked together wherever their boxes meet, so a pair
    /// of subtrees apart is dismissed with one test where N queries would each have descended to it.
    SetStats findPairs(FunctionRef<bool(ItemId, ItemId)> onPair) const override;
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
        T* allocate(std::size_t n) { return static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{64})); }
        void deallocate(T* p, std::size_t) { ::operator delete (p, std::align_val_t{64}); }
        bool operator==(const LineAligned&) const { return true; }
        bool operator!=(const LineAligned&) const { return false; }
    };
    using Pool = std::vector<Node, LineAligned<Node>>;
    /// The root's slot: slot 0 is never used, so that every pair starts on an even slot.
    static constexpr int kRootSlot = 1;

    void reserveRootSlots();          // slots 0 (never used) and 1 (the root's), free, when the pool is empty
    int allocatePair();               // two free slots side by side (an even slot and the next)
    void releasePair(int first);      // puts the pair starting at `first` back on the free list
    void moveNode(int from, int to);  // node `from`'s contents to slot `to` (keeps to's parent), links fixed
    void swapNodes(int a, int b);     // exchanges the contents (subtrees) of two slots, parents stay with slots
    void relink(int slot);            // points the children (or the id's leafOf_) of the node in `slot` at it
    void setLeaf(int slot, ItemId id, const AABB& box, const AABB* fatBox);  // writes a leaf into a slot
    int findBestSibling(const AABB& leafBox) const;  // the node of height <= 1 to pair a new leaf with
    template <bool kAnyFat>
    int siblingWalk(const AABB& leafBox) const;  // findBestSibling; kAnyFat false: no leaf is fattened
    /// fatBox null: the leaf's bound is its box; tightInCrowd: fatBox shrinks to the tree's margin when the box
    /// meets the sibling found for it.
    void insertLeaf(ItemId id, const AABB& box, const AABB* fatBox, bool tightInCrowd = false);
    void detachLeaf(int leaf);  // takes the leaf out of the tree and frees its slot (and its parent's)
    void refit(int i);
    void rotateUp(int a, int taller, int other);
    void fixUpwards(int from, bool rotate);  // re-balance and refit; `rotate` also tries improve()
    template <bool kAnyFat>
    void fixUp(int from, bool rotate);  // fixUpwards; kAnyFat false: no leaf is fattened
    template <bool kAnyFat>
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
    void noteMoveReinsert();
    /// The margin of an item re-inserted by the move from `was` to `now`: the tree's margin, or four such moves.
    int marginAfter(const AABB& was, const AABB& now) const;

    int margin_;
    Pool nodes_;
    std::vector<AABB> fat_;    // by node: a kFattened leaf's fat box (unused for other nodes, whose bound is their
                               // box); grown only as far as the highest fattened leaf needs
    std::vector<int> leafOf_;  // by id
    int root_ = kNull;
    bool anyFattened_ = false;  // a leaf has been fattened since the last clear() (it may have left since)
    int freeList_ = kNull;      // first slot of the first free pair
    std::uint64_t reinserts_ = 0;
    std::uint64_t rotations_ = 0;
    double rebuildPeriod_;
    std::uint64_t sinceRebuild_ = 0;  // re-insertions by moves since the last (re)build
    std::uint64_t rebuilds_ = 0;
    std::vector<int> scratch_;  // leaf list for (re)builds, kept to avoid re-allocating
    Pool spareNodes_;           // the pool being laid out by a (re)build, swapped in when done
    std::vector<AABB> spareFat_;
    std::vector<Placing> placing_;  // the leaves with their centres while a (re)build places them
};

static_assert(sizeof(DynamicTree::Node) == 32, "two dynamic-tree nodes, a sibling pair, fill one 64-byte line");
static_assert(sizeof(AABB) == 16, "a node is its box and four ints");

}  // namespace engine
