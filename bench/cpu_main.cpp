// The CPU measured: its win-rate ladder and its reaction times, headless (no SFML, no window).
//
// 1. The ladder: for each level L = 2, 3, 4, MATCHES matches (default 200) of level L against level L - 1, CPU vs
//    CPU under the rules of a live match (counter hits on, best of three, 99-second rounds). Each match has its own
//    seed; the fighter pairing walks through every pairing of the roster (each fighter in data/fighters against
//    each, mirrors included) and the higher level changes sides every match. A match that has not ended after kMaxFrames frames counts as a draw.
// 2. Reaction times, per level, from probes: in a match against the CPU, player 1 (driven by the bench) stands
//    for a drawn number of frames (60-179, so the event falls at any point of the CPU's own rhythm), walks up to
//    within 220 units, and when the CPU is free to answer (standing, walking or crouching) jumps in at it (even
//    probes) or starts its heavy attack (odd ones). The reaction is the number of frames from the event (the frame
//    player 1 leaves the ground or starts the attack) to the CPU's first answer: it starts holding back to guard,
//    or starts an attack (an anti-air, a counter-attack). Levels 1-3 answer only through a decision made after the
//    event (their think counter running out and drawn again); level 4 also reacts frame by frame. A probe is
//    missed when the jump lands, the attack ends or the CPU is hit before any answer. Printed: probes, the share
//    answered, and the answered ones' quartiles and median.
//
//    bench_cpu [--matches N] [--smoke]     --smoke: 6 matches a level pair and 20 probes a level (checks it runs)
#include "game/io/button_file.h"
#include "game/io/fighter_file.h"
#include "game/io/flag_table.h"
#include "game/sim/fight.h"
#include "engine/write_signals.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kMaxFrames = 3 * 99 * 60 + 3 * 600;  // three full rounds and their pauses, with room to spare
constexpr int kMaxAnswer = 90;                     // frames after an event the bench waits for an answer

sim::FighterDef loadOrDie(const std::string& id) {
    sim::FighterLoad load = sim::loadFighterById(BVH_DATA_DIR, id);
    if (!load.ok) {
        std::fprintf(stderr, "%s\n", load.error.text().c_str());
        std::exit(2);
    }
    return load.def;
}

/// One pending reactable event of the opponent, watched for the CPU's answer.
struct Watch {
    bool open = false;
    bool jump = false;       // a jump (else an attack)
    std::int64_t since = 0;  // frame of the event
    bool decided = false;    // the CPU has made a decision since the event
};

/// Reaction samples of one CPU level.
struct Reactions {
    std::vector<int> frames;  // answered events: frames from the event to the answer
    int events = 0;
};

bool free(const sim::FighterState& f) {
    return f.action == sim::Action::Idle || f.action == sim::Action::Walk || f.action == sim::Action::Crouch;
}

std::uint16_t backOf(const sim::FighterState& f) { return f.facing > 0 ? sim::kLeft : sim::kRight; }

/// Follows player p's reactions over one step (before = the state before it, now = after it).
void watchReaction(int p, int level, const sim::FightState& before, const sim::FightState& now, Watch& w,
                   Reactions& out) {
    const sim::FighterState& f = now.fighters[p];
    const sim::FighterState& o = now.fighters[1 - p];
    const sim::FighterState& fb = before.fighters[p];
    const sim::FighterState& ob = before.fighters[1 - p];
    if (now.roundOver || now.matchOver) {
        w.open = false;
        return;
    }
    if (w.open) {
        // Levels 1-3 decide only when their think counter runs out (it is then drawn again, so it grows): what
        // they do before their first decision after the event is a plan made before it, not an answer.
        if (level >= 4 || f.cpu.think > fb.cpu.think || f.cpu.motion > fb.cpu.motion) w.decided = true;
        const bool guards = ((f.held & backOf(f)) != 0 && (fb.held & backOf(fb)) == 0) || (f.blocking && !fb.blocking);
        const bool acts = guards || (f.action == sim::Action::Attack && fb.action != sim::Action::Attack);
        const bool answered = acts && w.decided;
        const bool over = w.jump ? !o.airborne : o.action != sim::Action::Attack;
        const bool hurt =
            f.action == sim::Action::Hitstun || f.action == sim::Action::Knockdown || f.action == sim::Action::Thrown;
        if (answered) {
            out.frames.push_back(int(now.frame - w.since));
            w.open = false;
        } else if (over || hurt || now.frame - w.since > kMaxAnswer) {
            w.open = false;
        }
        return;
    }
    const int dist = std::abs(o.x - f.x);
    if (!free(fb) || !free(f)) return;
    const bool attack =
        o.action == sim::Action::Attack && ob.action != sim::Action::Attack && !o.airborne && dist < 300;
    const bool jump = o.airborne && !ob.airborne && o.action == sim::Action::Air && dist < 400;
    if (attack || jump) {
        w = Watch{true, jump, now.frame, false};
        ++out.events;
    }
}

/// One reaction probe against a CPU of `level` (see the top); returns false when the CPU was never free for it.
bool probe(int level, int n, const std::vector<sim::FighterDef>& defs, const std::vector<std::string>& ids,
           Reactions& out) {
    sim::MatchSetup setup;
    setup.mode = sim::Mode::VersusCpu;
    setup.cpuLevel = level;
    setup.counter = sim::CounterHits::On;
    setup.seed = 104729ull * std::uint64_t(level) + 31ull * std::uint64_t(n) + 5;
    const std::size_t count = ids.size(), a = std::size_t(n) % count, b = (std::size_t(n) / count) % count;
    setup.fighter[0] = ids[a];
    setup.fighter[1] = ids[b];
    sim::Fight fight(setup, defs[a], defs[b]);
    const int stand = 60 + int((setup.seed * 2654435761ull) % 120);
    const bool jumpIn = n % 2 == 0;
    Watch w;
    const int before = out.events;
    sim::FightState prev = fight.state();
    bool issued = false;
    for (int frame = 0; frame < stand + 400; ++frame) {
        const sim::FighterState& me = prev.fighters[0];
        const sim::FighterState& cpu = prev.fighters[1];
        const std::uint16_t fwd = me.x < cpu.x ? sim::kRight : sim::kLeft;
        sim::FrameInput in;
        if (frame >= stand && !issued) {
            const bool ready = free(cpu) && free(me);
            if (std::abs(cpu.x - me.x) > 220) in.buttons[0] = fwd;
            else if (ready) {
                in.buttons[0] = jumpIn ? std::uint16_t(sim::kUp | fwd) : std::uint16_t(sim::kHeavy);
                issued = true;
            }
        } else if (issued && jumpIn && me.airborne) {
            in.buttons[0] = sim::kHeavy;  // the jump-in attack
        }
        fight.step(in);
        const sim::FightState& now = fight.state();
        if (issued) watchReaction(1, level, prev, now, w, out);
        prev = now;
        if (issued && !w.open && out.events > before) return true;
        if (now.roundOver) return false;
    }
    return out.events > before;
}

int quantile(std::vector<int> v, int num, int den) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, v.size() * std::size_t(num) / std::size_t(den))];
}

}  // namespace

namespace {

/// --smoke and --matches N by the flag table; false (after the message) on a bad command line.
bool parseArgs(int argc, char** argv, int& matches, int& probes) {
    bool smoke = false, matchesGiven = false;
    const io::FlagTable table = {io::switchFlag("--smoke", smoke),
                                 io::noting(io::numberInto("--matches", 1, 100000, matches), matchesGiven)};
    std::string error;
    if (!io::parseFlags(argc, argv, table, error)) {
        std::fprintf(stderr, "bench_cpu: %s\nusage: bench_cpu [--matches N] [--smoke]\n", error.c_str());
        return false;
    }
    if (matchesGiven) probes = 2 * matches;
    else if (smoke) matches = 6, probes = 20;
    return true;
}

/// Each level against the one below it, `matches` CPU-vs-CPU matches, sides and fighters alternating.
void ladderTable(const std::vector<sim::FighterDef>& defs, const std::vector<std::string>& ids, int matches) {
    std::printf(
        "| higher vs lower | matches | higher wins | draws | lower wins | higher's win rate | rounds won "
        "(higher-lower) |\n");
    std::printf("|---|---|---|---|---|---|---|\n");
    for (int high = 2; high <= sim::kMaxCpuLevel; ++high) {
        int wins = 0, losses = 0, draws = 0, roundsHigh = 0, roundsLow = 0;
        for (int m = 0; m < matches; ++m) {
            const int highSide = m % 2;  // the higher level plays p1 on even matches, p2 on odd ones
            const std::size_t count = ids.size(), a = std::size_t(m / 2) % count,
                              b = std::size_t(m / 2) / count % count;
            sim::MatchSetup setup;
            setup.mode = sim::Mode::CpuVsCpu;
            setup.seed = 1000003ull * std::uint64_t(high) + 7919ull * std::uint64_t(m) + 1;
            setup.fighter[0] = ids[a];
            setup.fighter[1] = ids[b];
            setup.counter = sim::CounterHits::On;
            setup.cpuLevel = highSide == 1 ? high : high - 1;  // player 2's level
            setup.cpuLevelP1 = highSide == 0 ? high : high - 1;
            sim::Fight fight(setup, defs[a], defs[b]);
            for (int frame = 0; frame < kMaxFrames && !fight.state().matchOver; ++frame) fight.step(sim::FrameInput{});
            const sim::FightState& end = fight.state();
            roundsHigh += end.wins[highSide];
            roundsLow += end.wins[1 - highSide];
            if (!end.matchOver || end.matchWinner == 2) ++draws;
            else if (end.matchWinner == highSide) ++wins;
            else ++losses;
        }
        std::printf("| %d vs %d | %d | %d | %d | %d | %.1f%% | %d-%d |\n", high, high - 1, matches, wins, draws, losses,
                    100.0 * (wins + 0.5 * draws) / matches, roundsHigh, roundsLow);
    }
}
}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();  // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout("bench_cpu");   // the table is the result: lost on a full disk, the exit status says so
    int matches = 200, probes = 400;
    if (io::helpAsked(argc, argv)) {
        std::printf(
            "usage: bench_cpu [--matches N] [--smoke]   (the top of bench/cpu_main.cpp says what it measures)\n");
        return 0;
    }
    if (!parseArgs(argc, argv, matches, probes)) return 2;
    io::Error error;
    if (!sim::loadButtons(BVH_DATA_DIR, error)) {
        std::fprintf(stderr, "%s\n", error.text().c_str());
        return 2;
    }
    const std::vector<std::string> ids = sim::fighterIdsIn(BVH_DATA_DIR);
    if (ids.empty()) {
        std::fprintf(stderr, "%s/fighters: no .fighter files\n", BVH_DATA_DIR);
        return 2;
    }
    std::vector<sim::FighterDef> defs;
    for (const std::string& id : ids) defs.push_back(loadOrDie(id));
    ladderTable(defs, ids, matches);
    std::printf(
        "\n| level | probes | answered | reaction: 25%% | median | 75%% (frames) |\n|---|---|---|---|---|---|\n");
    for (int level = 1; level <= sim::kMaxCpuLevel; ++level) {
        Reactions r;
        for (int n = 0, tries = 0; r.events < probes && tries < 4 * probes; ++n, ++tries) probe(level, n, defs, ids, r);
        std::printf("| %d | %d | %.0f%% | %d | %d | %d |\n", level, r.events,
                    r.events ? 100.0 * double(r.frames.size()) / r.events : 0.0, quantile(r.frames, 1, 4),
                    quantile(r.frames, 1, 2), quantile(r.frames, 3, 4));
    }
    return 0;
}
