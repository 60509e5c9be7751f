// The benchmark: every collision set and Box2D 2.4.1's b2DynamicTree on the same workloads (W1 build, W2 frame of
// moves and all pairs, W3 query, W4 churn; W2q on request) over uniform and clustered scenes. It checks that every structure finds the same hits,
// prints a markdown table of ns per operation (W1, W3: median of repetitions; W2, W4: mean over frames), and can write CSV. Structure columns are named by
// engine::setKindName, plus "dynamic-tree-inc" (the same tree filled by insertions only and never rebuilt, the way
// Box2D fills its tree) and "box2d"; the table ends with box2d's time over each of the two dynamic-tree columns and
// the dynamic tree's over sort-and-sweep's. Times are CPU time of the bench's thread. Exit status: 0 fine, 1 hit counts
// disagree, 2 bad command line.
#include "bench/box2d_set.h"
#include "bench/incremental_tree.h"
#include "bench/workloads.h"
#include "engine/sets/dynamic_tree.h"
#include "engine/sets/registry.h"
#include "game/io/atomic_file.h"
#include "game/io/flag_table.h"
#include "engine/write_signals.h"

#include <cstdio>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <cstdlib>
#include <algorithm>
#include <functional>
#include <iostream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace {

using bench::Distribution;
using bench::Result;

const char* const kUsageText =
    "usage: bench [--quick | --smoke] [--csv FILE] [--only S,T,...] [--margin M] [--frames F] [--sizes N,M]\n"
    "             [--dist D] [--rebuild P] [--workloads W1,W2,W2q,W3,W4] [--fresh-memory]\n"
    "       bench --shape [--quick | --smoke] [--sizes N,M] [--margin M] [--only S,T] [--dist D]\n"
    "  (default)   n = 1000, 10000, 100000; W2 100 frames (10 at n = 100000); W4 100 frames; W3 100000 queries;\n"
    "              5 repetitions (W2 and W4: mean over frames)\n"
    "  --quick     n = 1000, 10000; W2 and W4 10 frames; W3 20000 queries; 3 repetitions (under a minute)\n"
    "  --smoke     n = 500; 3 frames; 2000 queries; 1 repetition (a few seconds; used by CTest)\n"
    "  --csv FILE  also write structure,workload,distribution,n,ns_per_op,hits to FILE\n"
    "  --only S,T  run only these structures: the engine's (@) plus dynamic-tree-inc box2d\n"
    "  --margin M  the dynamic tree's fattening margin (default: SetOptions::fatMargin)\n"
    "  --frames F  W2 and W4 frames at every n (after --quick / --smoke, overrides them)\n"
    "  --sizes N,M the n values to run (after --quick / --smoke, overrides them)\n"
    "  --dist D    only this distribution: uniform or clustered (default both)\n"
    "  --workloads only these workloads (default W1 W2 W3 W4; W2q, W2's pairs by one query per box, only when\n"
    "              named)\n"
    "  --rebuild P dynamic-tree rebuilds after P x n incremental insertions (default 0.5; 0 = never);\n"
    "              dynamic-tree-inc never rebuilds and never bulk-builds\n"
    "  --fresh-memory leave the C library's memory policy alone: large freed blocks go back to the system, so\n"
    "              a structure filled again gets fresh pages and pays their page faults (by default the bench\n"
    "              keeps freed memory in the process, so every structure refills warm memory)\n"
    "  --shape     instead of timing: the shape of the three dynamic trees on W3's static scenes (height,\n"
    "              perimeter ratio, nodes and leaves tested per query), to explain the W3 timings\n";

const char* const kIncremental = "dynamic-tree-inc";

/// The usage text with the registry's structure names in place of '@'.
std::string usage() {
    std::string text = kUsageText;
    text.replace(text.find('@'), 1, engine::setKindNames());
    return text;
}

/// Column order: the engine's kinds (named by engine::setKindName), then the incremental tree, then Box2D.
std::vector<std::string> structureNames() {
    std::vector<std::string> names;
    for (int k = 0; k < engine::kSetKindCount; ++k) names.push_back(engine::setKindName(engine::SetKind(k)));
    names.push_back(kIncremental);
    names.push_back("box2d");
    return names;
}

const std::vector<std::string> kStructures = structureNames();

struct Config {
    std::vector<int> sizes{1000, 10000, 100000};
    bench::Sizes work;
    std::string csv;
    std::string only;
    int margin = -1;
    double rebuild = engine::DynamicTree::kDefaultRebuildPeriod;
    bool shape = false;
    bool freshMemory = false;
    std::string workloads;  // ",W1,W4," or empty for all
    std::vector<Distribution> distributions{Distribution::Uniform, Distribution::Clustered};
};

[[noreturn]] void badFlag(const std::string& what) {
    std::cerr << "bench: " << what << "\n" << usage();
    std::exit(2);
}

/// A value flag whose value is a comma-separated list: `start` forgets an earlier one, then each item is checked
/// and kept by `item` (false with error set).
io::Flag listFlag(std::string name, std::function<void()> start,
                  std::function<bool(const std::string& item, std::string& error)> item) {
    return {std::move(name), io::Flag::Takes::Value, [start, item](const std::string& value, std::string& error) {
                start();
                std::size_t from = 0;
                for (std::size_t comma = value.find(',');; comma = value.find(',', from)) {
                    if (!item(value.substr(from, comma - from), error)) return false;
                    if (comma == std::string::npos) return true;
                    from = comma + 1;
                }
            }};
}

/// A switch that runs `set` (the presets --quick and --smoke).
io::Flag presetFlag(std::string name, std::function<void()> set) {
    return {std::move(name), io::Flag::Takes::Nothing, [set](const std::string&, std::string&) {
                set();
                return true;
            }};
}

/// The bench's flags (io::parseFlags: numbers by the files' rules, so `--frames +5` is refused).
io::FlagTable flagTable(Config& c, bool& help) {
    const auto known = [](const std::string& one, std::string& error) {
        if (std::find(kStructures.begin(), kStructures.end(), one) != kStructures.end()) return true;
        error = io::badFlagValue("--only", "structures of the list below", one);
        return false;
    };
    return {
        presetFlag("--quick",
                   [&c] {
                       c.sizes = {1000, 10000}, c.work.frames = c.work.churnFrames = 10, c.work.queries = 20000,
                       c.work.reps = 3;
                   }),
        presetFlag(
            "--smoke",
            [&c] { c.sizes = {500}, c.work.frames = c.work.churnFrames = 3, c.work.queries = 2000, c.work.reps = 1; }),
        io::switchFlag("--fresh-memory", c.freshMemory),
        io::switchFlag("--shape", c.shape),
        io::textFlag("--csv", c.csv),
        listFlag(
            "--only", [&c] { c.only.clear(); },
            [&c, known](const std::string& one, std::string& error) {
                c.only += (c.only.empty() ? "," : "") + one + ",";
                return known(one, error);
            }),
        io::numberInto("--margin", 0, 1000000, c.margin),
        io::numberFlag("--frames", 1, 1000000,
                       [&c](std::int64_t v) { c.work.frames = c.work.churnFrames = c.work.bigFrames = int(v); }),
        listFlag(
            "--sizes", [&c] { c.sizes.clear(); },
            [&c](const std::string& one, std::string& error) {
                std::int64_t n = 0;
                if (!io::flagNumber("--sizes", one, 1, 1000000, n, error)) return false;
                c.sizes.push_back(int(n));
                return true;
            }),
        listFlag(
            "--workloads", [&c] { c.workloads.clear(); },
            [&c](const std::string& one, std::string& error) {
                c.workloads += (c.workloads.empty() ? "," : "") + one + ",";
                if (one == "W1" || one == "W2" || one == "W2q" || one == "W3" || one == "W4") return true;
                error = io::badFlagValue("--workloads", "W1, W2, W2q, W3 or W4", one);
                return false;
            }),
        io::decimalFlag("--rebuild", 0, 100, c.rebuild),
        io::wordFlag(
            "--dist", {"uniform", "clustered"},
            [&c](std::size_t i) { c.distributions = {i == 0 ? Distribution::Uniform : Distribution::Clustered}; }),
        io::switchFlag("--help", help),
        io::switchFlag("-h", help),
    };
}

Config parseArgs(int argc, char** argv) {
    Config c;
    bool help = false;
    std::string error;
    if (!io::parseFlags(argc, argv, flagTable(c, help), error)) badFlag(error);
    if (help) {
        std::cout << usage();
        std::exit(0);
    }
    return c;
}

bench::SetFactory factoryFor(const std::string& name, const Config& c) {
    if (name == "box2d") return [] { return std::make_unique<bench::Box2dSet>(); };
    engine::SetOptions o;
    if (c.margin >= 0) o.fatMargin = c.margin;
    if (name == kIncremental) return [o] { return std::make_unique<bench::IncrementalTree>(o); };
    engine::SetKind kind{};
    if (!engine::parseSetKind(name, kind)) return nullptr;
    if (kind == engine::SetKind::DynamicTree)
        return [o, c] { return std::make_unique<engine::DynamicTree>(o, c.rebuild); };
    return [kind, o] { return engine::makeCollisionSet(kind, o); };
}

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, v < 100 ? "%.1f" : "%.0f", v);
    return buf;
}

std::string fmt2(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

/// The ratio columns, "A / B": how many times longer A took than B ("-" when a column is missing). Box2D over both
/// dynamic-tree columns, and the dynamic tree over the sort-and-sweep baseline.
const std::pair<const char*, const char*> kRatios[] = {
    {"box2d", "dynamic-tree"}, {"box2d", "dynamic-tree-inc"}, {"dynamic-tree", "sort-and-sweep"}};

std::string ratio(std::map<std::string, double>& ns, const char* top, const char* over) {
    const bool both = ns.count(top) && ns.count(over) && ns[over] > 0;
    return both ? (ns[top] / ns[over] < 10 ? fmt2(ns[top] / ns[over]) : fmt(ns[top] / ns[over])) + "x" : "-";
}

/// One markdown row per (workload, distribution, n); a column per structure; then box2d over each dynamic tree.
void printTable(const std::vector<Result>& results, const std::vector<std::string>& names) {
    std::cout << "\n| workload | distribution | n | hits |";
    for (const std::string& s : names) std::cout << ' ' << s << " |";
    for (const auto& [top, over] : kRatios) std::cout << ' ' << top << " / " << over << " |";
    std::cout << "\n|---|---|---|---:|";
    for (std::size_t i = 0; i < names.size() + std::size(kRatios); ++i) std::cout << "---:|";
    std::cout << "\n";
    for (std::size_t i = 0; i < results.size(); i += names.size()) {
        const Result& first = results[i];
        std::uint64_t hits = 0;
        std::map<std::string, double> ns;
        for (std::size_t j = i; j < i + names.size(); ++j) {
            if (!results[j].skipped) {
                hits = results[j].hits;
                ns[results[j].structure] = results[j].nsPerOp;
            }
        }
        std::cout << "| " << first.workload << " | " << first.distribution << " | " << first.n << " | " << hits << " |";
        for (std::size_t j = i; j < i + names.size(); ++j)
            std::cout << ' ' << (results[j].skipped ? "skip" : fmt(results[j].nsPerOp)) << " |";
        for (const auto& [top, over] : kRatios) std::cout << ' ' << ratio(ns, top, over) << " |";
        std::cout << '\n';
    }
}

/// --shape: why the trees' W3 times differ. Each tree is filled from W3's scene the way the timed run fills it
/// and answers the same queries; counters come from the structures' own stats (Box2D reports no node visits,
/// only the candidates its fat leaves return).
void printShapes(const Config& c) {
    std::cout << "| distribution | n | structure | height | perimeter ratio | nodes tested per query | leaf tests per "
                 "query | hits per query |\n"
              << "|---|---:|---|---:|---:|---:|---:|---:|\n";
    char buf[256];
    for (const Distribution d : c.distributions) {
        for (const int n : c.sizes) {
            std::vector<engine::Item> items;
            std::vector<engine::AABB> queries;
            bench::makeQueryScene(d, n, c.work.queries, items, queries);
            for (const std::string name : {"dynamic-tree", kIncremental, "box2d"}) {
                if (!c.only.empty() && c.only.find("," + name + ",") == std::string::npos) continue;
                const auto set = factoryFor(name, c)();
                set->build(items);  // dynamic-tree bulk-builds; the other two insert one box at a time
                std::uint64_t hits = 0;
                engine::SetStats work;
                for (const engine::AABB& q : queries)
                    work += set->query(q, [&hits](engine::ItemId) {
                        ++hits;
                        return true;
                    });
                int height = -1;
                double ratio = 0;
                std::string nodes = "-";
                double leafTests = double(work.boxTests);  // Box2D: its candidates (fat leaves met)
                const double perQuery = 1.0 / double(queries.size());
                if (const auto* b = dynamic_cast<const bench::Box2dSet*>(set.get())) {
                    height = b->height();
                    ratio = b->perimeterRatio();
                } else {
                    const auto* inc = dynamic_cast<const bench::IncrementalTree*>(set.get());
                    const engine::DynamicTree& t = inc ? inc->tree() : dynamic_cast<const engine::DynamicTree&>(*set);
                    height = t.height();
                    ratio = t.perimeterRatio();
                    nodes = fmt(double(work.nodesVisited) * perQuery);
                }
                std::snprintf(buf, sizeof buf, "| %s | %d | %s | %d | %.1f | %s | %s | %s |\n",
                              bench::distributionName(d), n, name.c_str(), height, ratio, nodes.c_str(),
                              fmt(leafTests * perQuery).c_str(), fmt(double(hits) * perQuery).c_str());
                std::cout << buf;
            }
        }
    }
}

/// Runs every chosen workload, distribution and size on each named structure, printing progress to stderr and rows
/// to csv (when open); false when the structures' hit counts disagree anywhere.
bool runWorkloads(const Config& c, const std::vector<std::string>& names, io::AtomicFile* csv,
                  std::vector<Result>& results) {
    using Run = Result (*)(const std::string&, const bench::SetFactory&, Distribution, int, const bench::Sizes&);
    const std::pair<const char*, Run> runs[] = {{"W1", bench::runBuild},
                                                {"W2", bench::runFrame},
                                                {"W2q", bench::runFrameQueries},
                                                {"W3", bench::runQuery},
                                                {"W4", bench::runChurn}};
    bool agree = true;
    for (const auto& [workload, run] : runs) {
        const bool named = c.workloads.find("," + std::string(workload) + ",") != std::string::npos;
        if (!named && (!c.workloads.empty() || std::string(workload) == "W2q")) continue;
        for (const Distribution d : c.distributions) {
            for (const int n : c.sizes) {
                std::uint64_t expected = 0;
                bool haveExpected = false;
                for (const std::string& s : names) {
                    const Result r = run(s, factoryFor(s, c), d, n, c.work);
                    results.push_back(r);
                    std::cerr << r.workload << ' ' << r.distribution << " n=" << n << ' ' << s << ": "
                              << (r.skipped ? std::string("skipped (brute force over budget)")
                                            : fmt(r.nsPerOp) + " ns/op, hits " + std::to_string(r.hits))
                              << '\n';
                    if (r.skipped) continue;
                    if (csv)  // a failed write is kept and said at the commit
                        csv->write(s + ',' + r.workload + ',' + r.distribution + ',' + std::to_string(n) + ',' +
                                   fmt(r.nsPerOp) + ',' + std::to_string(r.hits) + '\n');
                    if (!haveExpected) {
                        expected = r.hits;
                        haveExpected = true;
                    } else if (r.hits != expected) {
                        std::cerr << "MISMATCH: " << s << " found " << r.hits << " hits, " << names.front() << " found "
                                  << expected << '\n';
                        agree = false;
                    }
                }
            }
        }
    }
    return agree;
}

}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();  // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout("bench");       // the table is the result: lost on a full disk, the exit status says so
    const Config c = parseArgs(argc, argv);
#if defined(__GLIBC__)
    // W1 fills a new structure in every repetition. With glibc's default policy a large freed block goes back to
    // the system (and the threshold for that moves with what was freed before), so whether a fill lands on fresh
    // pages, paying a page fault per 4 KiB, depended on what ran earlier in the process: W1 at 10k moved by 25%
    // with the order of the columns. Keeping freed memory in the process measures every structure on warm memory,
    // the way a game that refills its sets sees them. --fresh-memory turns this off.
    if (!c.freshMemory) {
        mallopt(M_MMAP_THRESHOLD, 256 << 20);
        mallopt(M_TRIM_THRESHOLD, 1 << 30);
    }
#endif
    if (c.shape) {
        printShapes(c);
        return 0;
    }
    io::AtomicFile csv;  // temporary file beside it, renamed over it once every row is in
    if (!c.csv.empty() && !(csv.open(c.csv) && csv.write("structure,workload,distribution,n,ns_per_op,hits\n"))) {
        std::cerr << csv.error() << "\n";  // PATH: cannot write: REASON, before any workload runs
        return 2;
    }
    std::vector<std::string> names;
    for (const std::string& s : kStructures) {
        if (c.only.empty() || c.only.find("," + s + ",") != std::string::npos) names.push_back(s);
    }
    std::vector<Result> results;
    const bool agree = runWorkloads(c, names, c.csv.empty() ? nullptr : &csv, results);
    if (!c.csv.empty() && !csv.commit()) {
        std::cerr << csv.error() << "\n";
        return 2;
    }
    printTable(results, names);
    std::cout << (agree ? "\nhit counts: every structure agrees\n" : "\nhit counts: MISMATCH (see stderr)\n");
    return agree ? 0 : 1;
}
