// The balance report: every pairing of the shipped fighters, CPU against CPU at the same level, headless.
//
// For each CPU level asked for (default 1-4) and each pairing of the fighters found in DATA/fighters (every
// *.fighter file, sorted by id, so a fighter added as data is in the report with no code), MATCHES matches (default
// 400) under the rules of a live match (counter hits on, best of three, 99-second rounds, motion input style).
// Each match has its own seed; the first fighter of the pairing plays player 1 in even matches and player 2 in odd
// ones, so both sides count equally. A match not over after kMaxFrames frames is a draw; a draw counts half a win.
//
// Why 400: a win rate measured over n independent matches has a 95% interval of about 1.96 * sqrt(p (1 - p) / n),
// widest at p = 0.5, where n = 385 gives +-5.0%; 400 matches give at most +-4.9%.
//
// Printed per level (Markdown): each pairing's match and round win rates with the interval, the level's matrix,
// each fighter's damage per hit, and how often each move lands (per move started: hit, blocked).
//
//   bench_balance [--matches N] [--level L]... [--data DIR]
//   bench_balance --check [--matches N]   level 4 only, different fighters only (default 100 matches a pairing):
//                                         exit 1 when a pairing's win rate lies outside 40-60% by more than its
//                                         95% interval (1.96 * sqrt(0.25 / N)), so noise alone does not fail it
#include "game/io/button_file.h"
#include "game/io/fighter_file.h"
#include "game/io/flag_table.h"
#include "game/sim/fight.h"
#include "engine/write_signals.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

constexpr int kMaxFrames = 3 * 99 * 60 + 3 * 600;  // three full rounds and their pauses, with room to spare
constexpr double kBandLow = 0.40, kBandHigh = 0.60;

/// What one move of one fighter did over a set of matches.
struct MoveCount {
    int started = 0, hits = 0, blocked = 0;
    long long damage = 0;  // on hit
};

/// One pairing's results at one level (fighter a against fighter b, counted from a's side).
struct Pairing {
    int a = 0, b = 0;
    int matches = 0, winsA = 0, winsB = 0, draws = 0, roundsA = 0, roundsB = 0;
};

/// A fighter's totals at one level.
struct FighterTotals {
    int hits = 0;
    long long damage = 0;
    std::map<std::string, MoveCount> moves;
};

struct Options {
    int matches = 400;
    std::vector<int> levels;
    std::string data = BVH_DATA_DIR;
    bool check = false;
};

std::vector<sim::FighterDef> loadFighters(const std::string& data) {
    std::vector<sim::FighterDef> defs;
    for (const std::string& id : sim::fighterIdsIn(data)) {
        sim::FighterLoad load = sim::loadFighterById(data, id);
        if (!load.ok) {
            std::fprintf(stderr, "%s\n", load.error.text().c_str());
            std::exit(2);
        }
        defs.push_back(load.def);
    }
    if (defs.size() < 2) {
        std::fprintf(stderr, "%s/fighters: fewer than two .fighter files\n", data.c_str());
        std::exit(2);
    }
    return defs;
}

/// Counts the moves started this step (a fresh first frame) and the hits and blocks it dealt.
void countStep(const sim::Fight& fight, const sim::FightState& before, FighterTotals* const* side) {
    const sim::FightState& now = fight.state();
    for (int p = 0; p < 2; ++p) {
        const sim::FighterState& f = now.fighters[p];
        const sim::FighterState& was = before.fighters[p];
        const bool fresh = f.action == sim::Action::Attack && f.animFrame == 1 &&
                           !(was.action == sim::Action::Attack && was.anim == f.anim && was.animFrame == 1);
        if (fresh) ++side[p]->moves[fight.animName(p)].started;
    }
    for (const sim::Event& e : fight.events()) {
        if ((e.type != sim::EventType::Hit && e.type != sim::EventType::Block) || e.attacker < 0) continue;
        MoveCount& m = side[e.attacker]->moves[e.move];
        if (e.type == sim::EventType::Block) {
            ++m.blocked;
            continue;
        }
        ++m.hits;
        m.damage += e.damage;
        ++side[e.attacker]->hits;
        side[e.attacker]->damage += e.damage;
    }
}

/// Plays match m of pairing (a, b) at `level` and adds it to the pairing and both fighters' totals.
void playMatch(const std::vector<sim::FighterDef>& defs, int level, int m, Pairing& pr,
               std::vector<FighterTotals>& totals) {
    const int aSide = m % 2;  // fighter a is player 1 in even matches, player 2 in odd ones
    const int p1 = aSide == 0 ? pr.a : pr.b, p2 = aSide == 0 ? pr.b : pr.a;
    sim::MatchSetup setup;
    setup.mode = sim::Mode::CpuVsCpu;
    setup.seed = 1000003ull * std::uint64_t(level) + 7919ull * std::uint64_t(m) +
                 104729ull * std::uint64_t(pr.a * 64 + pr.b) + 1;
    setup.fighter[0] = defs[std::size_t(p1)].id;
    setup.fighter[1] = defs[std::size_t(p2)].id;
    setup.counter = sim::CounterHits::On;
    setup.style[0] = setup.style[1] = sim::InputStyle::Motion;
    setup.cpuLevel = setup.cpuLevelP1 = level;
    sim::Fight fight(setup, defs[std::size_t(p1)], defs[std::size_t(p2)]);
    FighterTotals* side[2] = {&totals[std::size_t(p1)], &totals[std::size_t(p2)]};
    for (int frame = 0; frame < kMaxFrames && !fight.state().matchOver; ++frame) {
        const sim::FightState before = fight.state();
        fight.step(sim::FrameInput{});
        countStep(fight, before, side);
    }
    const sim::FightState& end = fight.state();
    ++pr.matches;
    pr.roundsA += end.wins[aSide];
    pr.roundsB += end.wins[1 - aSide];
    if (!end.matchOver || end.matchWinner == 2) ++pr.draws;
    else if (end.matchWinner == aSide) ++pr.winsA;
    else ++pr.winsB;
}

double rateA(const Pairing& p) { return (p.winsA + 0.5 * p.draws) / std::max(1, p.matches); }
double halfWidth(int n) { return 1.96 * std::sqrt(0.25 / std::max(1, n)); }

std::vector<Pairing> runLevel(const std::vector<sim::FighterDef>& defs, int level, int matches, bool mirrors,
                              std::vector<FighterTotals>& totals) {
    std::vector<Pairing> out;
    const int n = int(defs.size());
    for (int a = 0; a < n; ++a) {
        for (int b = a; b < n; ++b) {
            if (a == b && !mirrors) continue;
            Pairing pr;
            pr.a = a;
            pr.b = b;
            for (int m = 0; m < matches; ++m) playMatch(defs, level, m, pr, totals);
            out.push_back(pr);
        }
    }
    return out;
}

void printPairings(const std::vector<sim::FighterDef>& defs, const std::vector<Pairing>& prs) {
    std::printf(
        "| pairing (A vs B) | matches | A wins | draws | B wins | A's match win rate (95%%) | A's rounds won |\n");
    std::printf("|---|---|---|---|---|---|---|\n");
    for (const Pairing& p : prs) {
        const int rounds = std::max(1, p.roundsA + p.roundsB);
        std::printf("| %s vs %s | %d | %d | %d | %d | %.1f%% ± %.1f | %.1f%% (%d-%d) |\n",
                    defs[std::size_t(p.a)].id.c_str(), defs[std::size_t(p.b)].id.c_str(), p.matches, p.winsA, p.draws,
                    p.winsB, 100.0 * rateA(p), 100.0 * halfWidth(p.matches), 100.0 * p.roundsA / rounds, p.roundsA,
                    p.roundsB);
    }
}

void printMatrix(const std::vector<sim::FighterDef>& defs, const std::vector<Pairing>& prs) {
    std::printf("\nMatch win rate of the row's fighter against the column's:\n\n|  |");
    for (const sim::FighterDef& d : defs) std::printf(" %s |", d.id.c_str());
    std::printf("\n|---|");
    for (std::size_t i = 0; i < defs.size(); ++i) std::printf("---|");
    std::printf("\n");
    for (int r = 0; r < int(defs.size()); ++r) {
        std::printf("| %s |", defs[std::size_t(r)].id.c_str());
        for (int c = 0; c < int(defs.size()); ++c) {
            double v = -1;
            for (const Pairing& p : prs) {
                if (p.a == r && p.b == c) v = rateA(p);
                else if (p.a == c && p.b == r) v = 1.0 - rateA(p);
            }
            if (v < 0) std::printf(" - |");
            else std::printf(" %.0f%% |", 100.0 * v);
        }
        std::printf("\n");
    }
}

void printMoves(const std::vector<sim::FighterDef>& defs, const std::vector<FighterTotals>& totals) {
    std::printf("\n| fighter | damage per hit | move | started | hit | blocked | hit / started | damage per hit |\n");
    std::printf("|---|---|---|---|---|---|---|---|\n");
    for (std::size_t i = 0; i < defs.size(); ++i) {
        const FighterTotals& t = totals[i];
        const double perHit = t.hits ? double(t.damage) / t.hits : 0.0;
        bool first = true;
        for (const sim::AnimDef& a : defs[i].anims) {  // file order
            if (!a.isMove) continue;
            auto it = t.moves.find(a.name);
            const MoveCount m = it == t.moves.end() ? MoveCount{} : it->second;
            std::printf("| %s | %s | %s | %d | %d | %d | %.0f%% | %s |\n", first ? defs[i].id.c_str() : "",
                        first ? (std::to_string(int(perHit + 0.5))).c_str() : "", a.name.c_str(), m.started, m.hits,
                        m.blocked, m.started ? 100.0 * m.hits / m.started : 0.0,
                        m.hits ? std::to_string(int(double(m.damage) / m.hits + 0.5)).c_str() : "-");
            first = false;
        }
    }
}

/// --check: the level-4 band. Returns the exit status.
int check(const std::vector<sim::FighterDef>& defs, int matches) {
#if defined(BVH_SANITIZED)
    (void)defs;
    (void)matches;
    std::printf(
        "BALANCE CHECK SKIPPED: bench_balance --check plays %d matches a pairing; under AddressSanitizer that is "
        "minutes (the release build runs it in about a second)\n",
        matches);
    return 0;
#else
    std::vector<FighterTotals> totals(defs.size());
    const std::vector<Pairing> prs = runLevel(defs, 4, matches, false, totals);
    const double hw = halfWidth(matches);
    int bad = 0;
    for (const Pairing& p : prs) {
        const double r = rateA(p);
        const bool out = r < kBandLow - hw || r > kBandHigh + hw;
        std::printf("%s vs %s at level 4: %.1f%% over %d matches (band 40-60%%, interval ±%.1f): %s\n",
                    defs[std::size_t(p.a)].id.c_str(), defs[std::size_t(p.b)].id.c_str(), 100.0 * r, p.matches,
                    100.0 * hw, out ? "OUTSIDE THE BAND" : "ok");
        bad += out ? 1 : 0;
    }
    std::printf("%d of %zu pairings outside the band by more than their interval\n", bad, prs.size());
    return bad ? 1 : 0;
#endif
}

constexpr const char* kUsage = "bench_balance [--matches N] [--level L]... [--data DIR] [--check]";

Options parseOptions(int argc, char** argv) {
    Options o;
    bool matchesGiven = false;
    const io::FlagTable table = {
        io::switchFlag("--check", o.check),
        io::noting(io::numberInto("--matches", 1, 100000, o.matches), matchesGiven),
        io::numberFlag("--level", 1, sim::kMaxCpuLevel, [&o](std::int64_t l) { o.levels.push_back(int(l)); }),
        io::textFlag("--data", o.data),
    };
    std::string error;
    if (io::helpAsked(argc, argv)) {
        std::printf("usage: %s\n", kUsage);
        std::exit(0);
    }
    if (!io::parseFlags(argc, argv, table, error)) {
        std::fprintf(stderr, "bench_balance: %s\nusage: %s\n", error.c_str(), kUsage);
        std::exit(2);
    }
    if (o.check && !matchesGiven) o.matches = 100;
    if (o.levels.empty()) {
        for (int l = 1; l <= sim::kMaxCpuLevel; ++l) o.levels.push_back(l);
    }
    return o;
}

}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();     // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout("bench_balance");  // the table is the result: lost on a full disk, the exit status says so
    const Options o = parseOptions(argc, argv);
    io::Error error;
    if (!sim::loadButtons(o.data, error)) {
        std::fprintf(stderr, "%s\n", error.text().c_str());
        return 2;
    }
    const std::vector<sim::FighterDef> defs = loadFighters(o.data);
    if (o.check) return check(defs, o.matches);
    for (int level : o.levels) {
        std::vector<FighterTotals> totals(defs.size());
        const std::vector<Pairing> prs = runLevel(defs, level, o.matches, true, totals);
        std::printf("\n### CPU level %d against level %d (%d matches a pairing)\n\n", level, level, o.matches);
        printPairings(defs, prs);
        printMatrix(defs, prs);
        printMoves(defs, totals);
    }
    return 0;
}
