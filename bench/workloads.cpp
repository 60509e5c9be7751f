#include "bench/workloads.h"

#include "engine/splitmix64.h"

#include <algorithm>
#include <ctime>

namespace bench {

namespace {

using engine::AABB;
using engine::ItemId;
constexpr int kWorld = 4096;
constexpr int kClusters = 16;
constexpr int kClusterSide = 145;  // 16 * 145^2 = 336,400 ~ 2% of 4096^2 = 335,544

/// Seeded, the same on every platform (engine::splitmix64).
struct Rng {
    std::uint64_t s;
    std::uint64_t next() { return engine::splitmix64(s); }
    int range(int lo, int hi) { return lo + int(next() % std::uint64_t(hi - lo + 1)); }
};

std::uint64_t seedFor(int workload, Distribution d, int n) {
    return 0x5EED0000ull + std::uint64_t(workload) * 1000003ull + std::uint64_t(d) * 7919ull + std::uint64_t(n);
}

/// This thread's CPU time: on a shared machine another process's work is not counted (wall time would be).
double nowNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

/// The mean: W2 and W4 count every frame, so work a structure does only now and then (a rebuild) is paid for.
/// A median over frames would leave it out whenever it runs in fewer than half of them.
double mean(const std::vector<double>& v) {
    double sum = 0;
    for (const double x : v) sum += x;
    return v.empty() ? 0 : sum / double(v.size());
}

/// A box of the distribution with its corner at a random place; clusters are fixed by the scene's seed.
struct Placer {
    Distribution d;
    std::vector<AABB> clusters;
    Placer(Distribution dist, Rng& r) : d(dist) {
        for (int c = 0; c < kClusters; ++c) {
            const int x = r.range(0, kWorld - kClusterSide), y = r.range(0, kWorld - kClusterSide);
            clusters.push_back({x, y, x + kClusterSide, y + kClusterSide});
        }
    }
    AABB box(Rng& r, int w, int h) const {
        if (d == Distribution::Uniform) {
            const int x = r.range(0, kWorld - w), y = r.range(0, kWorld - h);
            return {x, y, x + w, y + h};
        }
        const AABB& c = clusters[std::size_t(r.range(0, kClusters - 1))];
        const int cx = r.range(c.minX, c.maxX), cy = r.range(c.minY, c.maxY);
        const int x = std::clamp(cx - w / 2, 0, kWorld - w), y = std::clamp(cy - h / 2, 0, kWorld - h);
        return {x, y, x + w, y + h};
    }
    AABB item(Rng& r) const {
        const int w = r.range(1, 20), h = r.range(1, 20);
        return box(r, w, h);
    }
};

std::vector<engine::Item> asItems(const std::vector<AABB>& boxes) {
    std::vector<engine::Item> items;
    items.reserve(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) items.push_back({ItemId(i), boxes[i]});
    return items;
}

std::uint64_t countHits(const engine::CollisionSet& set, const AABB& q) {
    std::uint64_t hits = 0;
    set.query(q, [&hits](ItemId) {
        ++hits;
        return true;
    });
    return hits;
}

Result skipped(const std::string& name, const char* workload, Distribution d, int n) {
    Result r{name, workload, distributionName(d), n};
    r.skipped = true;
    return r;
}

/// One step of -2..2 per axis, turned back at the world's border.
AABB stepped(Rng& r, const AABB& b) {
    int dx = r.range(-2, 2), dy = r.range(-2, 2);
    if (b.minX + dx < 0 || b.maxX + dx > kWorld) dx = -dx;
    if (b.minY + dy < 0 || b.maxY + dy > kWorld) dy = -dy;
    return engine::translated(b, dx, dy);
}

/// W2 (pairs() after the moves) or W2q (a query per box for the same pairs, CollisionSet::pairsByQueries).
Result runFrameWith(const std::string& name, const SetFactory& make, Distribution d, int n, const Sizes& s,
                    bool byQueries) {
    const char* workload = byQueries ? "W2q-frame" : "W2-frame";
    const int frames = n >= 100000 ? std::min(s.frames, s.bigFrames) : s.frames;
    if (name == "array" && std::uint64_t(frames) * n * n / (byQueries ? 1 : 2) > s.bruteForceBudget)
        return skipped(name, workload, d, n);
    std::vector<AABB> boxes = makeBoxes(d, n, seedFor(2, d, n));
    const auto set = make();
    set->build(asItems(boxes));
    Rng r{seedFor(2, d, n) ^ 0xF7A3ull};
    std::vector<double> times;
    std::uint64_t hits = 0;
    const auto count = [&hits](ItemId, ItemId) {
        ++hits;
        return true;
    };
    for (int f = 0; f < frames; ++f) {
        for (AABB& b : boxes) b = stepped(r, b);  // the same steps for every structure, not timed
        const double t0 = nowNs();
        for (int i = 0; i < n; ++i) set->update(i, boxes[std::size_t(i)]);
        if (byQueries) {
            for (int i = 0; i < n; ++i)
                set->query(boxes[std::size_t(i)], [&](ItemId other) { return other <= i || count(i, other); });
        } else {
            set->pairs(count);
        }
        times.push_back((nowNs() - t0) / n);
    }
    return {name, workload, distributionName(d), n, mean(times), hits};
}

}  // namespace

const char* distributionName(Distribution d) { return d == Distribution::Uniform ? "uniform" : "clustered"; }

std::vector<AABB> makeBoxes(Distribution d, int n, std::uint64_t seed) {
    Rng r{seed};
    const Placer p(d, r);
    std::vector<AABB> boxes;
    boxes.reserve(std::size_t(n));
    for (int i = 0; i < n; ++i) boxes.push_back(p.item(r));
    return boxes;
}

Result runBuild(const std::string& name, const SetFactory& make, Distribution d, int n, const Sizes& s) {
    const std::vector<engine::Item> items = asItems(makeBoxes(d, n, seedFor(1, d, n)));
    std::vector<double> times;
    std::unique_ptr<engine::CollisionSet> set;
    for (int rep = 0; rep < s.reps; ++rep) {
        set = make();
        const double t0 = nowNs();
        set->build(items);
        times.push_back((nowNs() - t0) / n);
    }
    std::uint64_t hits = 0;
    for (int i = 0; i < std::min(n, 1000); ++i) hits += countHits(*set, items[std::size_t(i)].box);
    return {name, "W1-build", distributionName(d), n, median(times), hits};
}

Result runFrame(const std::string& name, const SetFactory& make, Distribution d, int n, const Sizes& s) {
    return runFrameWith(name, make, d, n, s, false);
}

Result runFrameQueries(const std::string& name, const SetFactory& make, Distribution d, int n, const Sizes& s) {
    return runFrameWith(name, make, d, n, s, true);
}

void makeQueryScene(Distribution d, int n, int queries, std::vector<engine::Item>& items, std::vector<AABB>& qs) {
    Rng r{seedFor(3, d, n)};
    const Placer p(d, r);  // the queries use the boxes' clusters
    std::vector<AABB> boxes;
    for (int i = 0; i < n; ++i) boxes.push_back(p.item(r));
    items = asItems(boxes);
    qs.clear();
    for (int i = 0; i < queries; ++i) qs.push_back(p.box(r, 32, 32));
}

Result runQuery(const std::string& name, const SetFactory& make, Distribution d, int n, const Sizes& s) {
    if (name == "array" && std::uint64_t(s.queries) * n > s.bruteForceBudget) return skipped(name, "W3-query", d, n);
    std::vector<engine::Item> items;
    std::vector<AABB> queries;
    makeQueryScene(d, n, s.queries, items, queries);
    const auto set = make();
    set->build(items);
    std::vector<double> times;
    std::uint64_t hits = 0;
    for (int rep = 0; rep < s.reps; ++rep) {
        std::uint64_t h = 0;
        const double t0 = nowNs();
        for (const AABB& q : queries) h += countHits(*set, q);
        times.push_back((nowNs() - t0) / s.queries);
        hits = h;
    }
    return {name, "W3-query", distributionName(d), n, median(times), hits};
}

Result runChurn(const std::string& name, const SetFactory& make, Distribution d, int n, const Sizes& s) {
    Rng r{seedFor(4, d, n)};
    const Placer p(d, r);  // new boxes go to the same clusters
    std::vector<AABB> boxes;
    for (int i = 0; i < n; ++i) boxes.push_back(p.item(r));
    const auto set = make();
    set->build(asItems(boxes));
    const int k = std::max(1, n / 10);
    std::vector<ItemId> order(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) order[std::size_t(i)] = i;
    std::vector<double> times;
    for (int f = 0; f < s.churnFrames; ++f) {
        for (int i = 0; i < k; ++i) std::swap(order[std::size_t(i)], order[std::size_t(r.range(i, n - 1))]);
        for (int i = 0; i < k; ++i) boxes[std::size_t(order[std::size_t(i)])] = p.item(r);  // not timed
        const double t0 = nowNs();
        for (int i = 0; i < k; ++i) set->remove(order[std::size_t(i)]);
        for (int i = 0; i < k; ++i) set->add(order[std::size_t(i)], boxes[std::size_t(order[std::size_t(i)])]);
        times.push_back((nowNs() - t0) / (2.0 * k));
    }
    std::uint64_t hits = 0;
    for (const AABB& b : boxes) hits += countHits(*set, b);
    return {name, "W4-churn", distributionName(d), n, mean(times), hits};
}

}  // namespace bench
