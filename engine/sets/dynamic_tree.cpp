#include "engine/sets/dynamic_tree.h"
#include "engine/sets/registry.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace engine {

namespace {

/// A balanced tree: a query walks about log2(n) levels per hit, a move that leaves its fat box re-inserts (with
/// rotations), and the periodic rebuild costs n log n per n / 2 re-insertions; all of it in cache-missing walks.
SetCost dynamicTreeCost(const SetOptions&, const SceneEstimate& s) {
    const double n = s.items(), levels = std::log2(n + 2) + 1;
    // Measured in the Blaster: the cost per item grows about as the cube root of n (cache misses on the walks).
    const double frame = n * (9 * std::cbrt(n) + 2 * levels) + 2 * levels * s.overlapPairs();
    return {160 * n, 20 * n * levels, frame};
}

std::unique_ptr<CollisionSet> makeDynamicTree(const SetOptions& o) { return std::make_unique<DynamicTree>(o); }

}  // namespace

/// The registry's entry (registry.def).
const SetEntry kDynamicTreeEntry{"dynamic-tree", makeDynamicTree, dynamicTreeCost};

namespace {

/// Deep enough for any AVL-balanced tree of up to 2^31 leaves (height <= 45), with test-before-push.
constexpr int kStackSize = 64;
/// The pair walk's stack for the same trees: 3 x 90 + 1 entries at most (findPairs).
constexpr int kPairStackSize = 288;
/// The largest fat margin, in tree margins (DynamicTree::marginAfter).
constexpr std::int64_t kMostMargins = 16;

/// Tests boxes against one fixed box. With SSE2 (every x86-64) in one 16-byte compare pair: a box misses when a
/// min corner lies beyond the fixed box's max corner or a max corner before its min corner; the lanes that have
/// no such test compare against INT_MAX / INT_MIN and never fire. Fewer instructions and mispredictions than four
/// scalar compares in the query's loop.
class Overlap {
public:
#if defined(__SSE2__)
    static_assert(sizeof(AABB) == 16 && offsetof(AABB, minX) == 0 && offsetof(AABB, minY) == 4 &&
                      offsetof(AABB, maxX) == 8 && offsetof(AABB, maxY) == 12,
                  "the SIMD overlap test reads AABB as four ints in this order");
    explicit Overlap(const AABB& q)
        : beyond_(_mm_setr_epi32(q.maxX, q.maxY, INT_MAX, INT_MAX)),
          before_(_mm_setr_epi32(INT_MIN, INT_MIN, q.minX, q.minY)) {}
    /// True when b does not collide with the fixed box.
    bool misses(const AABB& b) const {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&b));
        return _mm_movemask_epi8(_mm_or_si128(_mm_cmpgt_epi32(v, beyond_), _mm_cmpgt_epi32(before_, v))) != 0;
    }

private:
    __m128i beyond_, before_;  // min corner > beyond_: miss; before_ > max corner: miss
#else
    explicit Overlap(const AABB& q) : q_(q) {}
    /// True when b does not collide with the fixed box.
    bool misses(const AABB& b) const {
        return !((b.maxX >= q_.minX) & (b.minX <= q_.maxX) & (b.maxY >= q_.minY) & (b.minY <= q_.maxY));
    }

private:
    AABB q_;
#endif
};

/// Walks the subtree whose root's children are the pair at `firstPair`, testing both children of a branch (one
/// line) and pushing the children's pair of a branch that meets the box on a fixed-size stack, so a pop goes
/// straight to the next line to test. onLeaf(id) for every leaf that meets; false when it asked to stop.
template <class OnLeaf>
bool descend(const DynamicTree::Node* nodes, int firstPair, const Overlap& overlap, std::uint64_t& visited,
             std::uint64_t& tests, OnLeaf&& onLeaf) {
    std::array<int, kStackSize> stack;
    int top = 0;
    stack[top++] = firstPair;
    // One child: inlined twice, free of branches but one.
    const auto visit = [&](int c) {
        const DynamicTree::Node& cn = nodes[c];
        const bool leaf = cn.left < 0;
        ++visited;
        tests += leaf;
        if (overlap.misses(cn.box)) return true;
        if (leaf) return bool(onLeaf(cn.right));
        assert(top < kStackSize);
#if defined(__GNUC__)
        __builtin_prefetch(nodes + cn.left);  // its children's pair is tested when it is popped, often next
#endif
        stack[top++] = cn.left;
        return true;
    };
    while (top > 0) {
        const int pair = stack[--top];
        if (!visit(pair) || !visit(pair + 1)) return false;
    }
    return true;
}

std::int64_t centre2(const AABB& b, int axis) {
    return axis == 0 ? std::int64_t(b.minX) + b.maxX : std::int64_t(b.minY) + b.maxY;
}

/// hi - lo for hi >= lo, in 64 bits from 32-bit arithmetic: the difference modulo 2^32 is exact, as it lies in
/// [0, 2^32).
std::int64_t span(int lo, int hi) { return std::int64_t(std::uint32_t(hi) - std::uint32_t(lo)); }

/// Half a box's perimeter (w + h), 64-bit: the insertion walk and the quality swaps compare these, which order
/// choices exactly as perimeters do.
std::int64_t halfOf(const AABB& b) { return span(b.minX, b.maxX) + span(b.minY, b.maxY); }

/// Twice the Manhattan distance between two boxes' centres.
std::int64_t centreGap(const AABB& a, const AABB& b) {
    return std::llabs(centre2(a, 0) - centre2(b, 0)) + std::llabs(centre2(a, 1) - centre2(b, 1));
}

/// Writes merge(a, b) to `out`; true when `out` already held that box. With SSE2 in a few vector operations: the
/// min lanes flipped (~v reverses the order of ints), one signed max of both boxes gives the merged box, and one
/// compare tells whether it changed, where scalar code takes four compares and selects and rebuilds the box.
bool storeMerged(AABB& out, const AABB& a, const AABB& b) {
#if defined(__SSE2__)
    const auto load = [](const AABB& x) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(&x)); };
    const __m128i flip = _mm_setr_epi32(-1, -1, 0, 0);
    const __m128i fa = _mm_xor_si128(load(a), flip), fb = _mm_xor_si128(load(b), flip);
    const __m128i most = _mm_xor_si128(fb, _mm_and_si128(_mm_xor_si128(fa, fb), _mm_cmpgt_epi32(fa, fb)));
    const __m128i merged = _mm_xor_si128(most, flip);
    const __m128i old = load(out);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(&out), merged);
    return _mm_movemask_epi8(_mm_cmpeq_epi32(merged, old)) == 0xffff;
#else
    const AABB m = merge(a, b);
    const bool same = (m.minX == out.minX) & (m.minY == out.minY) & (m.maxX == out.maxX) & (m.maxY == out.maxY);
    out = m;
    return same;
#endif
}

/// What the insertion walk needs of two sibling boxes against the new leaf's box: each one's growth (its half
/// perimeter merged with the leaf's, less its own) and its own half perimeter, exact in 64 bits.
struct SiblingPrices {
    std::int64_t grow0, grow1, half0, half1;
};

/// Prices sibling pairs against one fixed box. With SSE2 (every x86-64) both boxes of a pair in a few vector
/// operations instead of some forty scalar ones, and the fixed box in one register instead of four: the walk
/// down is short of registers. The min lanes are flipped (~v reverses the order of ints), so every lane's
/// growth is max(v, l) - v, computed as (l - v) where l > v, else 0; each lane's value lies in [0, 2^32) and is
/// exact in 32-bit arithmetic, and lanes are summed in 64 bits.
class SiblingPricer {
public:
#if defined(__SSE2__) && defined(__x86_64__)
    explicit SiblingPricer(const AABB& lb)
        : flip_(_mm_setr_epi32(-1, -1, 0, 0)), leaf_(_mm_xor_si128(load(lb), flip_)) {}
    SiblingPrices price(const AABB& b0, const AABB& b1) const {
        const __m128i v0 = load(b0), v1 = load(b1);
        const __m128i f0 = _mm_xor_si128(v0, flip_), f1 = _mm_xor_si128(v1, flip_);
        // Lanes where the leaf reaches beyond the box: leaf > box in flipped order.
        const __m128i e0 = _mm_and_si128(_mm_cmpgt_epi32(leaf_, f0), _mm_sub_epi32(leaf_, f0));
        const __m128i e1 = _mm_and_si128(_mm_cmpgt_epi32(leaf_, f1), _mm_sub_epi32(leaf_, f1));
        // Spans (max - min) of both boxes: lanes w0 h0 w1 h1.
        const __m128i spans = _mm_sub_epi32(_mm_unpackhi_epi64(v0, v1), _mm_unpacklo_epi64(v0, v1));
        const __m128i s0 = pairSums(e0), s1 = pairSums(e1), halves = pairSums(spans);
        const __m128i grows = _mm_add_epi64(_mm_unpacklo_epi64(s0, s1), _mm_unpackhi_epi64(s0, s1));
        return {low(grows), high(grows), low(halves), high(halves)};
    }

private:
    static __m128i load(const AABB& b) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(&b)); }
    /// Lanes a b c d as unsigned 32-bit values: a + b and c + d as two 64-bit lanes.
    static __m128i pairSums(__m128i v) {
        return _mm_add_epi64(_mm_and_si128(v, _mm_set1_epi64x(0xffffffff)), _mm_srli_epi64(v, 32));
    }
    static std::int64_t low(__m128i v) { return _mm_cvtsi128_si64(v); }
    static std::int64_t high(__m128i v) { return _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)); }
    __m128i flip_, leaf_;  // leaf_: the fixed box with its min lanes flipped by flip_
#else
    explicit SiblingPricer(const AABB& lb) : lb_(lb) {}
    SiblingPrices price(const AABB& b0, const AABB& b1) const {
        const std::int64_t h0 = halfOf(b0), h1 = halfOf(b1);
        return {mergedHalf(b0) - h0, mergedHalf(b1) - h1, h0, h1};
    }

private:
    std::int64_t mergedHalf(const AABB& b) const {
        return span(std::min(b.minX, lb_.minX), std::max(b.maxX, lb_.maxX)) +
               span(std::min(b.minY, lb_.minY), std::max(b.maxY, lb_.maxY));
    }
    AABB lb_;
#endif
};

}  // namespace

DynamicTree::DynamicTree(const SetOptions& options, double rebuildPeriod)
    : margin_(options.fatMargin), rebuildPeriod_(rebuildPeriod) {
    assert(margin_ >= 0);
}

void DynamicTree::reserveRootSlots() {
    nodes_.assign(2, Node{});
    nodes_[0].height = -1;          // never used
    nodes_[kRootSlot].height = -1;  // free until the first leaf
}

int DynamicTree::allocatePair() {
    if (freeList_ == kNull) {
        // fat_ grows only when a leaf is fattened (update): filling never writes it. Slot 0 is never used and slot
        // 1 holds the root, so pairs start on even slots: with the pool on a 64-byte boundary, one line each.
        if (nodes_.size() < 2) reserveRootSlots();
        nodes_.emplace_back();
        nodes_.emplace_back();
        if (!fat_.empty()) fat_.resize(nodes_.size());  // once any leaf is fattened, fat_ covers every slot
        return int(nodes_.size()) - 2;
    }
    // The caller writes both slots whole (insertLeaf: the moved sibling and the new leaf), so they are not cleared.
    const int i = freeList_;
    freeList_ = nodes_[i].parent;
    return i;
}

void DynamicTree::releasePair(int first) {
    assert(first % 2 == 0 && first >= 2);
    // Only what marks a slot free (validate) and the list's link; the rest is written again when the pair is taken.
    nodes_[first].height = -1;
    nodes_[first].parent = freeList_;
    nodes_[first + 1].height = -1;
    freeList_ = first;
}

void DynamicTree::relink(int slot) {
    Node& n = nodes_[slot];
    if (n.left >= 0) {
        nodes_[n.left].parent = slot;
        nodes_[n.left + 1].parent = slot;
    } else {
        leafOf_[n.right] = slot;
    }
}

void DynamicTree::moveNode(int from, int to) {
    Node& t = nodes_[to];
    const int parent = t.parent;
    t = nodes_[from];
    t.parent = parent;
    if (t.left == kFattened) fat_[to] = fat_[from];  // a fattened leaf exists, so fat_ covers every slot
    relink(to);
}

void DynamicTree::swapNodes(int a, int b) {
    Node& x = nodes_[a];
    Node& y = nodes_[b];
    std::swap(x.box, y.box);
    std::swap(x.left, y.left);
    std::swap(x.right, y.right);
    std::swap(x.height, y.height);
    if ((x.left == kFattened) | (y.left == kFattened)) std::swap(fat_[a], fat_[b]);  // fat_ covers every slot
    relink(a);
    relink(b);
}

void DynamicTree::setLeaf(int slot, ItemId id, const AABB& box, const AABB* fatBox) {
    Node& n = nodes_[slot];
    n.box = box;
    n.right = id;
    n.height = 0;
    // Not fattened (left kNull) until it moves: a box that never moves keeps the tree tight, and its bound is read
    // from the node itself.
    n.left = kNull;
    if (fatBox != nullptr) {
        fat_.resize(nodes_.size());  // from the first fattened leaf on, fat_ covers every slot
        fat_[slot] = *fatBox;
        n.left = kFattened;
        anyFattened_ = true;
    }
    if (id >= int(leafOf_.size())) leafOf_.resize(std::max(std::size_t(id) + 1, 2 * leafOf_.size()), kNull);
    leafOf_[id] = slot;
}

void DynamicTree::refit(int i) {
    Node& n = nodes_[i];
    n.box = merge(bound(n.left), bound(n.right));
    n.height = 1 + std::max(nodes_[n.left].height, nodes_[n.right].height);
}

void DynamicTree::rotateUp(int a, int taller, int other) {
    // `taller` gives its shorter child to a new branch beside its taller one; with a height difference of exactly
    // two this leaves every node balanced (the tree has no order to keep, so the single and the double AVL
    // rotations are the same move). In the pair layout nodes stay in their slots and only contents move: `other`
    // (a's short child) and `keep` (taller's tall child) trade slots, so `taller`'s slot now holds the branch of
    // `other` and `give`, and a's slot the branch of that and `keep`. Two refits, no links to rewrite beyond the
    // two moved subtrees' own.
    const int l = nodes_[taller].left, r = l + 1;
    const int keep = nodes_[l].height >= nodes_[r].height ? l : r;
    swapNodes(other, keep);
    refit(taller);
    refit(a);
}

template <bool kAnyFat>
void DynamicTree::improve(int a) {
    // Tree rotations for quality (Kopta et al. 2012; Box2D v3 rotates the same way): a child of `a` may trade
    // places with a grandchild on the other side. The swap changes only the box of the branch in between, so it
    // is taken when that branch's perimeter shrinks the most. Only nodes of EQUAL height trade places: then no
    // height changes anywhere and the AVL rule keeps holding without another look. Below `a` the rule holds, so a
    // grandchild under a child of height h has height h - 1 or h - 2: only the taller child's children can match
    // the shorter child, and only when the two children differ by one. Equal children need no look further down.
    const Node* nodes = nodes_.data();
    const AABB* fat = fat_.data();
    const int b = nodes[a].left, c = b + 1;  // a sibling pair: one line
    const int hb = nodes[b].height, hc = nodes[c].height;
    if (hb == hc) return;
    // As arithmetic: which child is taller is a coin toss for the predictor.
    const int outer = b + int(hb > hc);  // the shorter child
    const int inner = outer ^ 1;         // the taller one, a branch (b is even)
    const Node& branch = nodes[inner];
    const int g0 = branch.left, g1 = g0 + 1;
    const Node& n0 = nodes[g0];
    const Node& n1 = nodes[g1];
    const int ho = nodes[outer].height;
    const bool can0 = n0.height == ho, can1 = n1.height == ho;
    if (!(can0 | can1)) return;
    // In half perimeters (halfOf), which order the trades the same way as perimeters.
    const auto mergedHalf = [](const AABB& x, const AABB& y) {
        return (std::int64_t(std::max(x.maxX, y.maxX)) - std::min(x.minX, y.minX)) +
               (std::int64_t(std::max(x.maxY, y.maxY)) - std::min(x.minY, y.minY));
    };
    const std::int64_t before = halfOf(branch.box);
    const auto boundAt = [fat](const Node& n, int i) -> const AABB& { return kAnyFat ? boundOf(n, i, fat) : n.box; };
    const AABB& ob = boundAt(nodes[outer], outer);
    // Trading g0 for `outer` leaves `inner` holding outer and g1, and the other way round.
    const std::int64_t gain0 = can0 ? before - mergedHalf(ob, boundAt(n1, g1)) : 0;
    const std::int64_t gain1 = can1 ? before - mergedHalf(ob, boundAt(n0, g0)) : 0;
    int grand = kNull;
    if (gain0 > 0) grand = g0;
    if (gain1 > std::max<std::int64_t>(gain0, 0)) grand = g1;
    if (grand == kNull) return;
    ++rotations_;
    swapNodes(outer, grand);  // the two subtrees trade slots; the slots keep their parents
    refit(inner);  // same height, smaller box; a's box is the union of the same leaves, so it does not change
}

void DynamicTree::fixUpwards(int from, bool rotate) {
    // Without fattened leaves every bound is the node's own box (findBestSibling).
    if (anyFattened_) {
        fixUp<true>(from, rotate);
    } else {
        fixUp<false>(from, rotate);
    }
}

template <bool kAnyFat>
void DynamicTree::fixUp(int from, bool rotate) {
    // Per level: re-balance (a rotation when the children's heights differ by two, rare) or refit, then the quality
    // swap. The common case is written inline: as calls to a balance() and a refit() the calls cost more than their
    // work.
    Node* nodes = nodes_.data();
    const AABB* fat = fat_.data();
    for (int i = from; i != kNull;) {
        Node& n = nodes[i];
        const int oldHeight = n.height;
        const int l = n.left, r = l + 1;  // a branch's children are a pair
        const Node& ln = nodes[l];
        const Node& rn = nodes[r];
        const int hl = ln.height, hr = rn.height;
        // Ancestors only see this subtree's box and height: when neither changed, they are already right (a quality
        // swap below changes neither). One combined test, not a chain of branches that would mispredict.
        bool same;
        if ((hr - hl > 1) | (hl - hr > 1)) {
            const AABB oldBox = n.box;
            if (hr > hl) {
                rotateUp(i, r, l);
            } else {
                rotateUp(i, l, r);
            }
            same = (n.box == oldBox) & (n.height == oldHeight);
            if (rotate) improve<kAnyFat>(i);
        } else {
            const bool sameBox = kAnyFat ? storeMerged(n.box, boundOf(ln, l, fat), boundOf(rn, r, fat))
                                         : storeMerged(n.box, ln.box, rn.box);
            n.height = 1 + std::max(hl, hr);
            same = sameBox & (n.height == oldHeight);
            if (rotate & (hl != hr)) improve<kAnyFat>(i);  // improve() does nothing for equal heights
        }
        if (same) return;
        i = n.parent;
    }
}

int DynamicTree::findBestSibling(const AABB& lb) const {
    // Until a leaf is first fattened (a set only filled and churned) every bound is the node's own box: the walk
    // then neither reads the leaves' tags nor keeps the side array's address, one select and a register per level.
    return anyFattened_ ? siblingWalk<true>(lb) : siblingWalk<false>(lb);
}

template <bool kAnyFat>
int DynamicTree::siblingWalk(const AABB& lb) const {
    // Pairing the new leaf with node s costs the perimeter of the new branch plus the growth of every ancestor of
    // s: the total perimeter the tree gains. One path is followed from the root (Box2D v3's descent, after
    // Bittner et al.'s branch and bound): at each branch both children are priced as siblings, and the walk goes
    // on into the child whose subtree has the lower LOWER BOUND (inherited growth + the child's own growth + the
    // new leaf's perimeter), stopping when neither bound can beat the best pairing seen. Ties (mostly the box inside
    // both children) go to the child whose centre is nearer. Only nodes of height <= 1 can be siblings: the new
    // branch then has children differing by at most one and its subtree grows by exactly one level, so one
    // rotation per level keeps the AVL rule. All in HALF perimeters (w + h), which order every choice the same way.
    const Node* nodes = nodes_.data();
    const AABB* fat = fat_.data();
    const int x0 = lb.minX, y0 = lb.minY, x1 = lb.maxX, y1 = lb.maxY;
    // The half perimeter of b merged with the new box, from 32-bit spans (exact: see span()); the growth is it less
    // b's own. Fewer live 64-bit values than four widened sides, so the walk's state stays in registers.
    const auto mergedHalf = [=](const AABB& b) {
        return span(std::min(b.minX, x0), std::max(b.maxX, x1)) + span(std::min(b.minY, y0), std::max(b.maxY, y1));
    };
    const AABB& rootBound = kAnyFat ? bound(root_) : nodes[root_].box;
    // reach: the growth of the node the walk is at and all its ancestors, paid by any sibling chosen below it, plus
    // the new leaf's own half perimeter, which every cost and bound includes (so the walk does not keep it apart).
    std::int64_t reach = mergedHalf(rootBound) - halfOf(rootBound) + halfOf(lb);
    const Node* best = nodes + root_;
    std::int64_t bestCost = nodes[root_].height <= 1 ? reach + halfOf(rootBound) : INT64_MAX;
    if (nodes[root_].left < 0) return root_;  // a single leaf
    const SiblingPricer pricer(lb);
    // The walk carries the pair of children of the node it is at: each level waits for one load.
    for (const Node* c = nodes + nodes[root_].left;;) {
        const int l0 = c[0].left, l1 = c[1].left;
#if defined(__GNUC__)
        // Both grandchildren pairs now, so the next level's load overlaps this one's work (a leaf's tag, -1 or -2,
        // is a harmless address: prefetches never fault).
        __builtin_prefetch(nodes + l0);
        __builtin_prefetch(nodes + l1);
#endif
        const AABB& b0 = kAnyFat ? boundOf(c[0], int(c - nodes), fat) : c[0].box;
        const AABB& b1 = kAnyFat ? boundOf(c[1], int(c - nodes) + 1, fat) : c[1].box;
        const SiblingPrices p = pricer.price(b0, b1);
        const std::int64_t g0 = p.grow0, g1 = p.grow1;
        const std::int64_t cost0 = reach + g0 + p.half0, cost1 = reach + g1 + p.half1;
        // Selects, not branches, for the best pairing: whether a child beats it is a coin toss for the predictor.
        const bool take0 = (c[0].height <= 1) & (cost0 < bestCost);
        best = take0 ? c : best;
        bestCost = take0 ? cost0 : bestCost;
        const bool take1 = (c[1].height <= 1) & (cost1 < bestCost);
        best = take1 ? c + 1 : best;
        bestCost = take1 ? cost1 : bestCost;
        // A leaf has nothing below it: the walk never goes into one (if both are leaves it stops here).
        const std::int64_t lower0 = l0 < 0 ? INT64_MAX : reach + g0;
        const std::int64_t lower1 = l1 < 0 ? INT64_MAX : reach + g1;
        if ((lower0 >= bestCost) & (lower1 >= bestCost)) break;
        bool second = lower1 < lower0;
        if (lower0 == lower1) second = centreGap(lb, c[1].box) < centreGap(lb, c[0].box);
        // The way down compiles to a branch: on its guess the core starts the next level's loads early, which a
        // select (masks) would hold back until the compare is done; measured slower at 10k (bench/RESULTS.md).
        c = nodes + (second ? l1 : l0);
        reach += second ? g1 : g0;
    }
    assert(best->height <= 1);  // a branch with two branch children always leads further down
    return int(best - nodes);
}

void DynamicTree::insertLeaf(ItemId id, const AABB& box, const AABB* fatBox, bool tightInCrowd) {
    if (root_ == kNull) {
        if (nodes_.size() < 2) reserveRootSlots();  // (the pool is empty only when fat_ is too)
        root_ = kRootSlot;
        nodes_[root_].parent = kNull;
        setLeaf(root_, id, box, fatBox);
        return;
    }
    const int at = findBestSibling(fatBox != nullptr ? *fatBox : box);
    // Among boxes that overlap their neighbours, a wide fat box widens every branch above it and costs the pair walk
    // and queries more than the re-insertions it saves: there the margin stays the tree's own.
    AABB tight;
    if (tightInCrowd && collide(box, bound(at))) {
        tight = fattened(box, margin_);
        fatBox = &tight;
    }
    // The new branch takes the sibling's slot (its parent's link stays right); the sibling moves to a new pair
    // beside the new leaf.
    const int pair = allocatePair();
    nodes_[pair].parent = at;
    nodes_[pair + 1].parent = at;
    moveNode(at, pair);
    setLeaf(pair + 1, id, box, fatBox);
    Node& branch = nodes_[at];
    branch.left = pair;
    branch.right = pair + 1;
    fixUpwards(at, true);  // sets the branch's box and height first
}

void DynamicTree::detachLeaf(int leaf) {
    if (leaf == root_) {
        nodes_[root_] = Node{};
        nodes_[root_].height = -1;
        root_ = kNull;
        return;
    }
    // The sibling takes the parent's slot (whose parent's link stays right); the pair of leaf and sibling is freed.
    const int p = nodes_[leaf].parent;
    moveNode(leaf ^ 1, p);
    releasePair(leaf & ~1);
    fixUpwards(nodes_[p].parent, false);
}

void DynamicTree::add(ItemId id, const AABB& box) {
    table_.add(id, box);
    insertLeaf(id, box, nullptr);
}

bool DynamicTree::remove(ItemId id) {
    if (!table_.contains(id)) return false;
    detachLeaf(leafOf_[id]);
    leafOf_[id] = kNull;
    table_.remove(id);
    return true;
}

void DynamicTree::update(ItemId id, const AABB& box) {
    assert(box.valid());
    table_.box(id) = box;
    const int leaf = leafOf_[id];
    Node& n = nodes_[leaf];
    if (n.left == kNull) {  // never fattened: its bound is its box, about to change; keep the old one as its bound
        fat_.resize(nodes_.size());  // from the first fattened leaf on, fat_ covers every slot
        fat_[leaf] = n.box;
        n.left = kFattened;
        anyFattened_ = true;
    }
    const AABB was = n.box;
    n.box = box;
    if (engine::contains(fat_[leaf], box)) return;  // still inside the fat box: ancestors stay valid
    detachLeaf(leaf);
    const AABB fat = fattened(box, marginAfter(was, box));
    insertLeaf(id, box, &fat, true);
    ++reinserts_;
    noteMoveReinsert();
}

int DynamicTree::marginAfter(const AABB& was, const AABB& now) const {
    // A random walk of steps s leaves a margin m after about (m / s)^2 moves, a straight run after m / s: a margin
    // in proportion to the step keeps a fast item's re-insertions as rare as a slow one's (Box2D 2.4 also reaches
    // its displacement times 4 ahead). The cap keeps a jump across the world from leaving a huge box.
    constexpr std::int64_t kMovesAhead = 4;
    const std::int64_t step =
        std::max({std::llabs(std::int64_t(now.minX) - was.minX), std::llabs(std::int64_t(now.minY) - was.minY),
                  std::llabs(std::int64_t(now.maxX) - was.maxX), std::llabs(std::int64_t(now.maxY) - was.maxY)});
    return int(std::clamp<std::int64_t>(kMovesAhead * step, margin_, kMostMargins * margin_));
}

void DynamicTree::noteMoveReinsert() {
    if (rebuildPeriod_ <= 0) return;
    // Only moves count: items that drift out of their fat boxes and are re-inserted one by one are what loosens the
    // tree. Adds and removals do not (the insertion walk and its rotations keep a filled or churned tree good
    // enough, and a rebuild there would cost more than its queries gain).
    const bool drifted =
        ++sinceRebuild_ >= std::max<std::uint64_t>(64, std::uint64_t(double(table_.size()) * rebuildPeriod_));
    if (drifted) rebuild();
}

void DynamicTree::rebuild() {
    sinceRebuild_ = 0;
    if (table_.size() < 2) return;
    std::vector<int>& leaves = scratch_;
    leaves.clear();
    for (ItemId id : table_.ids()) {
        const int leaf = leafOf_[id];
        // A moved item's fat box is centred on it again, so it has its whole margin (the one its last re-insertion
        // gave it) before its next re-insertion.
        if (nodes_[leaf].left == kFattened) {
            const AABB& b = nodes_[leaf].box;
            const AABB& f = fat_[leaf];
            const std::int64_t kept = ((std::int64_t(f.maxX) - f.minX) - (std::int64_t(b.maxX) - b.minX)) / 2;
            fat_[leaf] = fattened(b, int(std::clamp<std::int64_t>(kept, margin_, kMostMargins * margin_)));
        }
        leaves.push_back(leaf);
    }
    layOut(leaves);
    ++rebuilds_;
}

void DynamicTree::layOut(std::vector<int>& leaves) {
    const std::size_t count = 2 * leaves.size();  // slot 0 unused, the root in slot 1, then n - 1 pairs
    spareNodes_.assign(count, Node{});
    spareFat_.assign(count, AABB{});
    // The centres are read once into a flat array that the splits reorder, instead of through the pool at every
    // comparison (two scattered reads each).
    placing_.resize(leaves.size());
    for (std::size_t i = 0; i < leaves.size(); ++i) {
        const AABB& b = bound(leaves[i]);
        placing_[i] = {{centre2(b, 0), centre2(b, 1)}, leaves[i]};
    }
    int next = kRootSlot + 1;
    place(placing_.data(), int(leaves.size()), kRootSlot, kNull, next);
    spareNodes_[0].height = -1;
    nodes_.swap(spareNodes_);
    fat_.swap(spareFat_);
    root_ = kRootSlot;
    freeList_ = kNull;
}

void DynamicTree::place(Placing* leaves, int n, int slot, int parent, int& next) {
    // Reads the old pool (nodes_, fat_), writes the new one (spareNodes_, spareFat_) in depth-first order with
    // the two children of every branch side by side.
    if (n == 1) {
        const int leaf = leaves[0].leaf;
        spareNodes_[slot] = nodes_[leaf];
        spareNodes_[slot].parent = parent;
        spareFat_[slot] = bound(leaf);  // every slot of spareFat_ holds its node's bound while placing
        leafOf_[spareNodes_[slot].right] = slot;
        return;
    }
    std::int64_t lo[2] = {INT64_MAX, INT64_MAX}, hi[2] = {INT64_MIN, INT64_MIN};
    for (int i = 0; i < n; ++i) {
        for (int a = 0; a < 2; ++a) {
            const std::int64_t c = leaves[i].centre[a];
            lo[a] = std::min(lo[a], c);
            hi[a] = std::max(hi[a], c);
        }
    }
    const int axis = hi[0] - lo[0] >= hi[1] - lo[1] ? 0 : 1;
    const int mid = n / 2;
    std::nth_element(leaves, leaves + mid, leaves + n,
                     [axis](const Placing& x, const Placing& y) { return x.centre[axis] < y.centre[axis]; });
    const int l = next;
    next += 2;
    place(leaves, mid, l, slot, next);
    place(leaves + mid, n - mid, l + 1, slot, next);
    Node& p = spareNodes_[slot];
    p.left = l;
    p.right = l + 1;
    p.parent = parent;
    p.box = merge(spareFat_[l], spareFat_[l + 1]);  // children were placed first: their fat_ slots hold bounds
    p.height = 1 + std::max(spareNodes_[l].height, spareNodes_[l + 1].height);
    spareFat_[slot] = p.box;  // unused for a branch, kept equal for readability
}

void DynamicTree::clear() {
    nodes_.clear();
    fat_.clear();
    for (ItemId id : table_.ids()) leafOf_[id] = kNull;
    table_.clear();
    root_ = freeList_ = kNull;
    sinceRebuild_ = 0;
    anyFattened_ = false;
}

void DynamicTree::build(const std::vector<Item>& items) {
    clear();
    if (items.empty()) return;
    // The leaves are written to the pool in item order first (slots 2, 3, ...), then laid out as a rebuild does.
    nodes_.resize(2 + items.size());
    std::vector<int>& leaves = scratch_;
    leaves.clear();
    for (const Item& it : items) {
        table_.add(it.id, it.box);
        const int slot = int(leaves.size()) + 2;
        setLeaf(slot, it.id, it.box, nullptr);
        leaves.push_back(slot);
    }
    layOut(leaves);
    sinceRebuild_ = 0;
}

SetStats DynamicTree::findHits(const AABB& q, FunctionRef<bool(ItemId)> onHit) const {
    if (root_ == kNull) return {};
    const Node* nodes = nodes_.data();
    const Node& root = nodes[root_];
    if (root.left < 0) {  // a single leaf
        if (collide(root.box, q)) onHit(root.right);
        return {1, 1};
    }
    if (!collide(root.box, q)) return {0, 1};
    std::uint64_t visited = 1, tests = 0;
    descend(nodes, root.left, Overlap(q), visited, tests, onHit);
    return {tests, visited};
}

SetStats DynamicTree::findPairs(FunctionRef<bool(ItemId, ItemId)> onPair) const {
    if (root_ == kNull || nodes_[root_].left < 0) return {};
    const Node* nodes = nodes_.data();
    std::uint64_t visited = 0, tests = 0;
    bool go = true;
    // Node pairs still to walk (a == b: a's own pairs). Each entry popped pushes at most four whose heights sum to
    // at least one less, so the stack never holds more than 3 x (twice the height) + 1 entries.
    std::array<std::pair<int, int>, kPairStackSize> work;
    int top = 0;
    // Node boxes bound everything below them (a leaf's is its exact box), so two nodes whose boxes miss hold no pair.
    // A met pair of leaves is reported at once; any other met pair is walked later.
    // Whether two boxes meet is a coin toss for the branch predictor: the test and the push are written without
    // branches (the entry is always written, and kept by moving the top), only a met pair of leaves branches.
    const auto meet = [&](int a, int b) {
        ++visited;
        const Node &na = nodes[a], &nb = nodes[b];
        const AABB &x = na.box, &y = nb.box;
        const bool met = (x.maxX >= y.minX) & (x.minX <= y.maxX) & (x.maxY >= y.minY) & (x.minY <= y.maxY);
        const bool branch = std::max(na.left, nb.left) >= 0;  // at least one of them
        assert(top < kPairStackSize);
        work[top] = {a, b};
        top += int(met & branch);
        if (met & !branch) {
            ++tests;
            go = onPair(std::min(na.right, nb.right), std::max(na.right, nb.right));
        }
    };
    work[top++] = {root_, root_};
    while (go && top > 0) {
        const auto [a, b] = work[--top];
        const Node &na = nodes[a], &nb = nodes[b];
        if (a == b) {  // a branch's own pairs: each child's, then those between the children
            if (nodes[na.left].left >= 0) work[top++] = {na.left, na.left};
            if (nodes[na.left + 1].left >= 0) work[top++] = {na.left + 1, na.left + 1};
            meet(na.left, na.left + 1);
        } else if (na.left < 0) {  // a leaf against a branch's children
            meet(a, nb.left);
            if (go) meet(a, nb.left + 1);
        } else if (nb.left < 0) {
            meet(na.left, b);
            if (go) meet(na.left + 1, b);
        } else {  // two branches: their children two by two (two cache lines)
            for (int i = 0; i < 2 && go; ++i) {
                meet(na.left + i, nb.left);
                if (go) meet(na.left + i, nb.left + 1);
            }
        }
    }
    return {tests, visited};
}

}  // namespace engine
