#pragma once
// The benchmark's scenes and workloads, run through the CollisionSet interface so every structure (ours and
// Box2D's) does exactly the same work on exactly the same boxes. All randomness is seeded per (workload,
// distribution, n), never per structure, so hit counts must agree across structures and are checked.
#include "engine/collision_set.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bench {

/// Where boxes are placed.
enum class Distribution { Uniform, Clustered };
/// Name used in tables and CSV ("uniform", "clustered").
const char* distributionName(Distribution d);

/// How much work each workload does (times are this thread's CPU time).
struct Sizes {
    int frames = 100;       ///< W2 frames (every frame: move every box, then find every pair)
    int bigFrames = 10;     ///< W2 frames when n >= 100000 (100 frames of 100k clustered boxes take Box2D ~15 min)
    int churnFrames = 100;  ///< W4 frames (remove and re-insert 10% of the boxes)
    int queries = 100000;   ///< W3 queries per repetition
    int reps = 5;           ///< repetitions for W1 and W3 (W2 and W4 take the mean over frames)
    std::uint64_t bruteForceBudget = 2000000000ull;  ///< the array skips a run needing more box tests than this
};

/// One measured (or skipped) run.
struct Result {
    std::string structure, workload, distribution;
    int n = 0;
    double nsPerOp = 0;      ///< W1, W3: median over repetitions; W2, W4: mean over frames
    std::uint64_t hits = 0;  ///< what the workload found (identical for every structure, or a bug)
    bool skipped = false;    ///< brute force beyond its budget
};

/// Makes a fresh structure.
using SetFactory = std::function<std::unique_ptr<engine::CollisionSet>()>;

/// n boxes with sides 1..20 in the 4096 x 4096 world: uniform, or in 16 squares covering 2% of the world.
std::vector<engine::AABB> makeBoxes(Distribution d, int n, std::uint64_t seed);

/// W1: build() from n boxes; ns per inserted box. Hits: queries with the first 1000 boxes afterwards.
Result runBuild(const std::string& name, const SetFactory& make, Distribution d, int n, const Sizes& s);
/// W2: per frame every box takes a step of -2..2 on each axis (update), then the set reports every colliding pair
/// (pairs()); ns per box per frame (one update plus its share of the pairs), mean over frames (every frame counted).
/// Hits: the pairs, summed over all frames.
Result runFrame(const std::string& name, const SetFactory& make, Distribution d, int n, const Sizes& s);
/// W2q: W2's frames with the pairs found by one query per box (each pair counted from its smaller id), the way W2
/// was run before sets had pairs(): what a structure's own pair walk saves. Same hits as W2.
Result runFrameQueries(const std::string& name, const SetFactory& make, Distribution d, int n, const Sizes& s);
/// W3: s.queries random 32 x 32 queries (centres drawn like the boxes) on a static built set; ns per query.
Result runQuery(const std::string& name, const SetFactory& make, Distribution d, int n, const Sizes& s);
/// W3's static scene exactly as runQuery makes it: n boxes as items (ids 0..n-1) and `queries` query boxes.
void makeQueryScene(Distribution d, int n, int queries, std::vector<engine::Item>& items,
                    std::vector<engine::AABB>& qs);
/// W4: per frame remove 10% of the boxes and insert as many new ones; ns per remove or insert, mean over
/// frames (every frame counted). Hits: every box queries its own box after the last frame.
Result runChurn(const std::string& name, const SetFactory& make, Distribution d, int n, const Sizes& s);

}  // namespace bench
