// Blaster budgets against the CPU: for a set of scripts, the work units the parser charges (Script::workUnits) and
// the CPU time blaster::runScript takes, as nanoseconds per unit. The budget (kMaxWorkUnits, 8 x 10^10) is meant to
// be at most about 80 s of CPU, so every scene must cost at most about 1 ns per unit, with margin. Each scene is a
// short run (a few hundred million units at most) of a script that would be refused at the budget only by length;
// the cost per unit does not depend on the length (the same frames and rebuilds repeated). CPU time of this process
// (CLOCK_PROCESS_CPUTIME_ID), median of --reps runs, so the load of other processes counts little.
// Usage: bench_blaster_budget [--reps N] [--smoke]   (--smoke: one small run per scene)
#include "game/io/flag_table.h"
#include "game/io/blaster_script.h"
#include "engine/write_signals.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace {

struct Scene {
    const char* name;
    std::string header;  // structure and `set` lines
    std::string body;    // one repeat of the commands
    int repeats;         // repeats in a measured run
};

std::string repeated(const std::string& body, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += body;
    return out;
}

std::vector<Scene> scenes() {
    const std::string stars = "set starCount 20000\n";
    return {
        {"restart storm, grid gridCell 1, 20,000 stars", "structure grid\nset gridCell 1\n" + stars,
         "restart\nwait 1\n", 20},
        {"restart storm, grid gridCell 1, defaults", "structure grid\nset gridCell 1\n", "restart\nwait 1\n", 200},
        {"array, 20,000 stars", "structure array\n" + stars, "wait 1\n", 3},
        {"array, defaults (600 stars)", "structure array\n", "wait 100\n", 20},
        {"grid gridCell 1, hold fire", "structure grid\nset gridCell 1\n", "hold fire 100\n", 20},
        {"dynamic-tree, 20,000 stars", "structure dynamic-tree\n" + stars, "wait 10\n", 3},
        {"agent-bvh, 20,000 stars", "structure agent-bvh\n" + stars, "wait 10\n", 3},
        {"quadtree-leaves depth 10, 20,000 stars", "structure quadtree-leaves\nset quadMaxDepth 10\n" + stars,
         "wait 10\n", 3},
        {"switch storm grid / quadtree-leaves, 20,000 stars", "structure grid\nset gridCell 1\n" + stars,
         "switch grid\nswitch quadtree-leaves\n", 3},
        {"restart storm, dynamic-tree, 20,000 stars", "structure dynamic-tree\n" + stars, "restart\nwait 1\n", 10},
    };
}

double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

/// ns per unit of one scene (median of reps), or a negative value when the script does not parse (printed).
double measure(const Scene& s, int repeats, int reps, double& units) {
    const std::string text = "blaster 1\n" + s.header + repeated(s.body, repeats);
    blaster::Script script;
    io::Error error;
    if (!blaster::parseScript(text, "bench.blaster", script, error)) {
        std::printf("| %s | refused: %s |\n", s.name, error.text().c_str());
        return -1;
    }
    units = script.workUnits;
    std::vector<double> ns;
    for (int r = 0; r < reps; ++r) {
        const double start = cpuSeconds();
        blaster::runScript(script, "bench.blaster");
        ns.push_back((cpuSeconds() - start) * 1e9 / units);
    }
    std::sort(ns.begin(), ns.end());
    return ns[ns.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();  // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout(
        "bench_blaster_budget");  // the table is the result: lost on a full disk, the exit status says so
    int reps = 5;
    bool smoke = false;
    std::string error;
    if (io::helpAsked(argc, argv)) {
        std::printf("usage: bench_blaster_budget [--reps N] [--smoke]\n");
        return 0;
    }
    if (!io::parseFlags(argc, argv, {io::switchFlag("--smoke", smoke), io::numberInto("--reps", 1, 1000, reps)},
                        error)) {
        std::fprintf(stderr, "bench_blaster_budget: %s\nusage: bench_blaster_budget [--reps N] [--smoke]\n",
                     error.c_str());
        return 2;
    }
    if (smoke) reps = 1;
    std::printf("| scene | units | ns per unit (median of %d) | at the budget (8e10 units) |\n|---|---:|---:|---:|\n",
                reps);
    double worst = 0;
    for (const Scene& s : scenes()) {
        double units = 0;
        const double ns = measure(s, smoke ? 1 : s.repeats, reps, units);
        if (ns < 0) continue;
        worst = std::max(worst, ns);
        std::printf("| %s | %.3g | %.3f | %.0f s |\n", s.name, units, ns, ns * 80.0);
    }
    std::printf("worst: %.3f ns per unit, %.0f s of CPU at the budget\n", worst, worst * 80.0);
    return 0;
}
