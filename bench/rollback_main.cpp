// `bench_rollback`: what rollback netcode costs on this machine, kept apart from the collision-structure table.
//
// 1. The worst-case rollback: restore a saved FightState, re-simulate 8 frames saving each one (exactly what
//    net::Session does), against the 16.7 ms frame budget. Measured at every frame of a seeded 3000-frame match
//    (each point the median of 5 repetitions, so one scheduler hiccup is not reported as the game's cost); the
//    table gives the median, the 99th percentile and the maximum over frames.
// 2. Save and restore alone, per call, over the states of a seeded 3000-frame match (median of 7 passes): a save
//    into a ring slot (what net::Session does every frame), a restore (Fight::restore) and a new copy (what the
//    sync test and this benchmark's rollback take).
// 3. Rollbacks at 50/100/200 ms one-way delay: two peers over the in-memory network on a fake clock (game/net
//    loopback, 20 s matches (input delay 2, and 4 at 200 ms) of seeded random buttons, jitter = delay / 10, no loss), frames re-simulated per second.
#include "game/io/flag_table.h"
#include "game/io/fighter_file.h"
#include "game/net/loopback.h"
#include "game/sim/fight.h"
#include "engine/write_signals.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace {

constexpr int kRollbackFrames = 8;

sim::FighterDef loadOrDie(const std::string& id) {
    sim::FighterLoad load = sim::loadFighterById(BVH_DATA_DIR, id);
    if (!load.ok) {
        std::fprintf(stderr, "%s\n", load.error.text().c_str());
        std::exit(2);
    }
    return load.def;
}

double percentile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(q * double(v.size())))];
}

/// Microseconds for one restore + kRollbackFrames (step + save) starting from `saved`, median of `reps`.
double rollbackMicros(sim::Fight& fight, const sim::FightState& saved, const std::vector<sim::FrameInput>& in,
                      std::size_t from, std::vector<sim::FightState>& ring, int reps) {
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        fight.restore(saved);
        for (int k = 0; k < kRollbackFrames; ++k) {
            fight.step(in[from + std::size_t(k)]);
            ring[std::size_t(k)] = fight.state();
        }
        t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
    }
    return percentile(t, 0.5);
}

void measureRollbackCost(int frames) {
    sim::MatchSetup setup;
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "brick";
    const sim::FighterDef p1 = loadOrDie("ryo"), p2 = loadOrDie("brick");
    const std::vector<std::uint16_t> b0 = net::randomButtons(11, frames + kRollbackFrames + 1);
    const std::vector<std::uint16_t> b1 = net::randomButtons(12, frames + kRollbackFrames + 1);
    std::vector<sim::FrameInput> in(b0.size());
    for (std::size_t f = 0; f < in.size(); ++f) in[f].buttons[0] = b0[f], in[f].buttons[1] = b1[f];
    sim::Fight live(setup, p1, p2), scratch(setup, p1, p2);
    std::vector<sim::FightState> ring(kRollbackFrames + 2, live.state());
    std::vector<double> cost;
    for (int f = 1; f <= frames; ++f) {
        const sim::FightState saved = live.state();
        cost.push_back(rollbackMicros(scratch, saved, in, std::size_t(f), ring, 5));
        live.step(in[std::size_t(f)]);
    }
    std::printf("| rollback (restore + %d frames re-simulated and saved) | median | p99 | max | frame budget |\n",
                kRollbackFrames);
    std::printf("|---|---|---|---|---|\n");
    std::printf("| ryo vs brick, %d frames measured | %.1f us | %.1f us | %.1f us | 16667 us |\n", frames,
                percentile(cost, 0.5), percentile(cost, 0.99), *std::max_element(cost.begin(), cost.end()));
}

/// Nanoseconds per call of `op(k)` over k = 0..count-1, the median of `reps` timed passes.
template <class Op>
double nanosPerCall(std::size_t count, int reps, Op&& op) {
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        for (std::size_t k = 0; k < count; ++k) op(k);
        t.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
                    double(count));
    }
    return percentile(t, 0.5);
}

void measureSaveRestore(int frames) {
    sim::MatchSetup setup;
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "brick";
    const sim::FighterDef p1 = loadOrDie("ryo"), p2 = loadOrDie("brick");
    const std::vector<std::uint16_t> b0 = net::randomButtons(11, frames + 1);
    const std::vector<std::uint16_t> b1 = net::randomButtons(12, frames + 1);
    sim::Fight fight(setup, p1, p2);
    std::vector<sim::FightState> states;  // the states of a real match, so the copies hold what a match holds
    for (int f = 0; f < frames; ++f) {
        sim::FrameInput in;
        in.buttons[0] = b0[std::size_t(f)];
        in.buttons[1] = b1[std::size_t(f)];
        fight.step(in);
        states.push_back(fight.state());
    }
    std::vector<sim::FightState> ring(kRollbackFrames + 2, fight.state());
    std::int64_t frameSum = 0;
    const double save = nanosPerCall(states.size(), 7, [&](std::size_t k) { ring[k % ring.size()] = states[k]; });
    const double restore = nanosPerCall(states.size(), 7, [&](std::size_t k) { fight.restore(states[k]); });
    const double fresh = nanosPerCall(states.size(), 7, [&](std::size_t k) {
        const sim::FightState copy(states[k]);
        asm volatile("" : : "r"(&copy) : "memory");  // the whole copy must exist, not just the field read below
        frameSum += copy.frame;
    });
    volatile std::int64_t sink = frameSum + ring[0].frame + fight.state().frame;  // keeps the copies observable
    (void)sink;
    std::printf("\n| one FightState (%zu bytes) | save into a ring slot | restore | a new copy |\n",
                sizeof(sim::FightState));
    std::printf("|---|---|---|---|\n");
    std::printf("| ryo vs brick, %d states, median of 7 passes | %.0f ns | %.0f ns | %.0f ns |\n", frames, save,
                restore, fresh);
}

void measureRollbackRates(int seconds) {
    std::printf(
        "\n| one-way delay (jitter) | input delay | rollbacks/s | frames re-simulated/s | longest | stalled ticks/s "
        "|\n");
    std::printf("|---|---|---|---|---|---|\n");
    const int rows[][2] = {{50, 2}, {100, 2}, {200, 2}, {200, 4}};  // one-way delay, input delay
    for (const auto& row : rows) {
        const int delay = row[0];
        net::LoopbackSpec spec;
        spec.toJoiner.delayMs = spec.toHost.delayMs = delay;
        spec.toJoiner.jitterMs = spec.toHost.jitterMs = delay / 10;
        spec.setup.fighter[0] = "ryo";
        spec.setup.fighter[1] = "brick";
        spec.setup.roundsToWin = 99;  // never ends early
        spec.frameLimit = std::uint32_t(seconds * sim::kFps);
        spec.session.inputDelay = row[1];
        for (int p = 0; p < 2; ++p)
            spec.buttons[p] = net::randomButtons(21 + std::uint64_t(p), int(spec.frameLimit) + 10);
        spec.loader = [](const std::string& id, sim::FighterDef& out, std::string&) {
            out = loadOrDie(id);
            return true;
        };
        const net::LoopbackResult r = net::playLoopback(spec);
        const double secs = double(r.endMs) / 1000.0;
        const net::SessionStats& s = r.stats[0];
        std::printf("| %d ms (%d) | %d | %.1f | %.1f | %d | %.1f |%s\n", delay, delay / 10, row[1],
                    double(s.rollbacks) / secs, double(s.rolledBackFrames) / secs, s.longestRollback,
                    double(s.stallTicks) / secs,
                    r.hashes[0] == r.hashes[1] && !r.failed[0] ? "" : "  (sides disagree!)");
    }
}

}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();      // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout("bench_rollback");  // the table is the result: lost on a full disk, the exit status says so
    bool smoke = false;
    std::string error;
    if (io::helpAsked(argc, argv)) {
        std::printf("usage: bench_rollback [--smoke]\n");
        return 0;
    }
    if (!io::parseFlags(argc, argv, {io::switchFlag("--smoke", smoke)}, error)) {
        std::fprintf(stderr, "bench_rollback: %s\nusage: bench_rollback [--smoke]\n", error.c_str());
        return 2;
    }
    measureRollbackCost(smoke ? 200 : 3000);
    measureSaveRestore(smoke ? 200 : 3000);
    measureRollbackRates(smoke ? 5 : 20);
    return 0;
}
