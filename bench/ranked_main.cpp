// Ranked play's figures (bench/RESULTS.md): matches verified per second per core, database statements and time
// per decided match (SQLite, WAL, synchronous=FULL), queue-to-match times with 2, 20 and 10,000 players on a
// virtual clock, memory per queued player, friends' challenges and the scan for matches past their deadlines.
// Single-threaded; medians over repeats.
#include "game/io/fighter_file.h"
#include "game/io/flag_table.h"
#include "game/io/replay_writer.h"
#include "game/io/text.h"
#include "game/ranked/queue.h"
#include "game/ranked/store.h"
#include "game/ranked/verify.h"
#include "game/sim/determinism.h"
#include "engine/write_signals.h"

#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::map<std::string, sim::FighterDef> gFighters;

ranked::VerifyRules benchRules() {
    for (const char* id : {"ryo", "brick"}) gFighters[id] = sim::loadFighterById(BVH_DATA_DIR, id).def;
    ranked::VerifyRules r;
    r.rules = "bench";
    r.setup.mode = sim::Mode::Versus;  // the full ranked match: best of three, 99-second rounds
    r.setup.counter = sim::CounterHits::On;
    r.fighter = [](const std::string& id) { return &gFighters.at(id); };
    return r;
}

// Both sides walk in and press light or heavy at random when close: a match that ends by KO, as a real one does.
std::string recordBrawl(const ranked::MatchRecord& m, const ranked::VerifyRules& rules, std::uint64_t seed) {
    const sim::MatchSetup setup = ranked::matchSetupOf(m, rules.setup);
    sim::Fight fight(setup, *rules.fighter(setup.fighter[0]), *rules.fighter(setup.fighter[1]));
    sim::ReplayText rec;
    rec.start(fight);
    std::uint64_t rng = sim::seedRandom(seed);
    while (!fight.state().matchOver && rec.frames < 30000) {
        sim::FrameInput in;
        for (int p = 0; p < 2; ++p) {
            const int dx = fight.state().fighters[1 - p].x - fight.state().fighters[p].x;
            const std::uint64_t roll = sim::nextRandom(rng) % 8;
            if (dx > 140 || dx < -140) in.buttons[p] = dx > 0 ? sim::kRight : sim::kLeft;
            else in.buttons[p] = roll == 0 ? sim::kLight : roll == 1 ? sim::kHeavy : roll == 2 ? sim::kDown : 0;
        }
        fight.step(in);
        rec.frame(in, fight);
    }
    rec.finish(fight.hash());
    return rec.text;
}

void benchVerification() {
    const ranked::VerifyRules rules = benchRules();
    net::Identity a, b;
    net::makeIdentity("a", a);
    net::makeIdentity("b", b);
    std::vector<double> perMatch;
    std::int64_t frames = 0, bytes = 0;
    const int matches = 20;
    for (int i = 0; i < matches; ++i) {
        ranked::MatchRecord m;
        m.id = 1000 + i;
        m.player[0] = ranked::keyHex(a.publicKey);
        m.player[1] = ranked::keyHex(b.publicKey);
        m.fighter[0] = "ryo";
        m.fighter[1] = "brick";
        m.seed = std::uint64_t(i + 1);
        m.rules = rules.rules;
        const std::string rec = recordBrawl(m, rules, std::uint64_t(i) * 7 + 1);
        const ranked::SignedLog la = ranked::signLog(a, m.id, rules.rules, rec),
                                lb = ranked::signLog(b, m.id, rules.rules, rec);
        const auto t = Clock::now();
        ranked::AdmittedLog x, y;
        ranked::admitLog(m, la, rules, x);
        ranked::admitLog(m, lb, rules, y);
        const ranked::AdmittedLog* logs[2] = {&x, &y};
        const ranked::Decision d = ranked::decideMatch(m, logs, rules);
        perMatch.push_back(secondsSince(t));
        frames += x.run.frames;
        bytes += std::int64_t(rec.size());
        if (d.state != "verified") std::printf("match %d: %s %s\n", i, d.state.c_str(), d.flags.c_str());
    }
    std::sort(perMatch.begin(), perMatch.end());
    const double median = perMatch[perMatch.size() / 2];
    std::printf(
        "| verification | %d matches | %.0f frames/match | %.0f KB/log | median %.2f ms/match (2 logs) | %.0f "
        "matches/s/core |\n",
        matches, double(frames) / matches, double(bytes) / matches / 1024.0, median * 1000.0, 1.0 / median);
}

void benchStore() {
    const std::string dir = "/tmp/bvh-bench-ranked-" + std::to_string(getpid());
    std::filesystem::create_directories(dir);
    std::string why;
    auto s = ranked::openSqliteStore(dir + "/ranked.db", why);
    if (!s) {
        std::printf("store: %s\n", why.c_str());
        return;
    }
    for (int p = 0; p < 100; ++p)
        s->savePlayer(ranked::PlayerRecord{"p" + std::to_string(p), "n", "c" + std::to_string(p), {}}, why);
    const std::int64_t before = s->statements();
    const int matches = 500;
    const std::string replay(60000, 'x');  // a typical recording's size
    const auto t = Clock::now();
    for (int i = 0; i < matches; ++i) {
        ranked::MatchRecord m;
        m.id = i + 1;
        m.player[0] = "p" + std::to_string(i % 100);
        m.player[1] = "p" + std::to_string((i * 7 + 1) % 100);
        if (m.player[0] == m.player[1]) m.player[1] = "p" + std::to_string((i + 1) % 100);
        m.fighter[0] = "ryo";
        m.fighter[1] = "brick";
        s->createMatch(m, why);
        s->decide(ranked::Decision{m.id, "verified", i % 2, "", replay}, why);
    }
    const double secs = secondsSince(t);
    std::printf(
        "| sqlite store | %d matches | %.1f statements/match (create + decide) | %.2f ms/match | %.0f matches/s |\n",
        matches, double(s->statements() - before) / matches, secs * 1000.0 / matches, matches / secs);
    s.reset();
    std::filesystem::remove_all(dir);
}

struct Arrival {
    std::int64_t at;
    std::string id;
    double rating;
    ranked::PlayerLatency latency;
};

// Where simulated players come from (data/regions.cfg's regions) and how many of them: the service in na-east.
struct RegionShare {
    const char* name;
    int percent;
};
constexpr RegionShare kRegionShares[] = {{"eu-west", 30},   {"na-east", 25}, {"na-west", 15}, {"sa-east", 8},
                                         {"asia-east", 10}, {"asia-se", 7},  {"oceania", 5}};

// Ratings uniform in 1000..2000, arrivals uniform over the spread; with regions, each player's region by the shares
// above and its round trip to the service (in na-east): the table's figure less one player's own line (10 ms),
// plus 0..20 ms of its own.
std::vector<Arrival> makeArrivals(int players, std::int64_t spreadMs, const ranked::RegionTable* regions) {
    std::uint64_t rng = sim::seedRandom(11);
    std::vector<Arrival> arrivals;
    for (int i = 0; i < players; ++i) {
        const double rating = 1000.0 + double(sim::nextRandom(rng) % 1001);
        const std::int64_t at = spreadMs ? std::int64_t(sim::nextRandom(rng) % std::uint64_t(spreadMs)) : 0;
        arrivals.push_back({at, std::string(64, 'a') + std::to_string(i), rating, {}});
        if (!regions) continue;
        int pick = int(sim::nextRandom(rng) % 100), r = 0;
        while (pick >= kRegionShares[r].percent) pick -= kRegionShares[r++].percent;
        const int region = regions->regionIndex(kRegionShares[r].name);
        const int toService = regions->regionRttMs(region, regions->regionIndex("na-east")) - 10;
        arrivals.back().latency = {toService + int(sim::nextRandom(rng) % 21), region};
    }
    std::sort(arrivals.begin(), arrivals.end(), [](const Arrival& x, const Arrival& y) { return x.at < y.at; });
    return arrivals;
}

struct QueueRun {
    std::vector<double> waits, latencies;  // seconds each paired player waited; each pair's estimate (ms)
    double pairSeconds = 0, longestPass = 0;
    int passes = 0;
    std::size_t mostExamined = 0;  // the most candidates one pass examined (the pass's work, as a count)
};

// Joins the arrivals as their time comes and pairs every 250 ms of virtual time, until endMs or at most one waits.
QueueRun runQueue(ranked::MatchQueue& q, const std::vector<Arrival>& arrivals, std::int64_t endMs) {
    QueueRun run;
    std::size_t next = 0;
    for (std::int64_t now = 0; now <= endMs && (next < arrivals.size() || q.size() > 1); now += 250) {
        for (; next < arrivals.size() && arrivals[next].at <= now; ++next)
            q.join(arrivals[next].id, arrivals[next].rating, now, arrivals[next].latency);
        const auto t = Clock::now();
        for (const ranked::Pairing& p : q.pair(now)) {
            run.waits.push_back(double(p.waitedMs[0]) / 1000.0);
            run.waits.push_back(double(p.waitedMs[1]) / 1000.0);
            run.latencies.push_back(double(p.latencyMs));
        }
        run.pairSeconds += secondsSince(t);
        run.longestPass = std::max(run.longestPass, secondsSince(t));
        run.mostExamined = std::max(run.mostExamined, q.lastPassExamined());
        ++run.passes;
    }
    std::sort(run.waits.begin(), run.waits.end());
    std::sort(run.latencies.begin(), run.latencies.end());
    return run;
}

double percentile(const std::vector<double>& sorted, double f) {
    return sorted.empty() ? 0.0 : sorted[std::size_t(f * double(sorted.size() - 1))];
}

void benchQueue(int players, std::int64_t arrivalSpreadMs) {
    ranked::MatchQueue q;
    const QueueRun run = runQueue(q, makeArrivals(players, arrivalSpreadMs, nullptr), arrivalSpreadMs + 60000);
    std::printf(
        "| queue | %d players over %.0f s | paired %zu, left %zu | wait median %.2f s, p95 %.2f s, max %.2f s | %.3f "
        "ms per pass |\n",
        players, double(arrivalSpreadMs) / 1000.0, run.waits.size(), q.size(), percentile(run.waits, 0.5),
        percentile(run.waits, 0.95), percentile(run.waits, 1.0), run.pairSeconds * 1000.0 / run.passes);
}

// The same players spread over data/regions.cfg's regions, paired with the latency rule or on rating alone; with
// maxCandidates 0 the walks are unbounded (the queue before the bound), for a comparison in the same run.
void benchRegionQueue(const ranked::RegionTable& regions, int players, std::int64_t arrivalSpreadMs, bool byLatency,
                      std::size_t maxCandidates = ranked::QueueRules{}.maxCandidates) {
    ranked::QueueRules rules;
    rules.byLatency = byLatency;
    rules.maxCandidates = maxCandidates ? maxCandidates : std::numeric_limits<std::size_t>::max();
    ranked::MatchQueue q(rules, &regions);
    const QueueRun run = runQueue(q, makeArrivals(players, arrivalSpreadMs, &regions), arrivalSpreadMs + 120000);
    std::printf(
        "| queue, 7 regions, %s%s | %d players over %.0f s | paired %zu, left %zu | wait median %.2f s, p95 %.2f s | "
        "pair latency median %.0f ms, p95 %.0f ms, max %.0f ms | %.3f ms per pass, longest %.1f ms | most examined "
        "in a pass %zu |\n",
        byLatency ? "latency rule" : "rating alone", maxCandidates ? "" : ", no bound", players,
        double(arrivalSpreadMs) / 1000.0, run.waits.size(), q.size(), percentile(run.waits, 0.5),
        percentile(run.waits, 0.95), percentile(run.latencies, 0.5), percentile(run.latencies, 0.95),
        percentile(run.latencies, 1.0), run.pairSeconds * 1000.0 / run.passes, run.longestPass * 1000.0,
        run.mostExamined);
}

void benchRegionQueues() {
    ranked::RegionTable regions;
    std::string why;
    if (!regions.load(std::string(BVH_DATA_DIR) + "/regions.cfg", why)) return (void)std::printf("%s\n", why.c_str());
    for (const auto& [players, spreadMs] :
         std::vector<std::pair<int, std::int64_t>>{{2, 0}, {20, 0}, {20, 60000}, {10000, 0}, {10000, 600000}})
        for (const bool byLatency : {false, true}) benchRegionQueue(regions, players, spreadMs, byLatency);
    // The case the bound is for, without it: each first-pass walk goes until the gap alone outweighs the best found.
    benchRegionQueue(regions, 10000, 0, true, 0);
}

void benchQueueMemory() {
    const int players = 10000;
    ranked::MatchQueue q;
    const std::size_t before = mallinfo2().uordblks;
    for (int i = 0; i < players; ++i) q.join(std::string(64, 'a') + std::to_string(i), 1000.0 + i % 1000, 0);
    const std::size_t after = mallinfo2().uordblks;
    std::printf("| queue memory | %d players (64-hex-digit ids) | %.0f bytes per queued player |\n", players,
                double(after - before) / players);
}

// The shared queue on PostgreSQL (BVH_BENCH_POSTGRES=CONNINFO, a database of its own): 2,000 players queued at
// once, then pairing passes of the 1,000 longest waiting (SELECT ... FOR UPDATE SKIP LOCKED, each match written in
// the pass's transaction) every 250 ms of a virtual clock until the queue is empty or 60 s passed.
void benchSharedQueue(const char* conninfo) {
    std::string why;
    auto s = ranked::openPostgresStore(conninfo, why);
    if (!s) return (void)std::printf("shared queue: %s\n", why.c_str());
    const int players = 2000;
    std::uint64_t rng = sim::seedRandom(12);
    const std::string run = std::to_string(getpid()) + "-";
    for (int i = 0; i < players; ++i)
        s->savePlayer(ranked::PlayerRecord{run + std::to_string(i), "n", "c" + run + std::to_string(i), {}}, why);
    std::int64_t before = s->statements();
    auto t = Clock::now();
    for (int i = 0; i < players; ++i)
        s->enqueue(ranked::QueuedPlayer{run + std::to_string(i), "ranked", "ryo",
                                        1000.0 + double(sim::nextRandom(rng) % 1001), 0, -1, ""},
                   why);
    const double enqueueMs = secondsSince(t) * 1000.0 / players;
    const double enqueueStatements = double(s->statements() - before) / players;
    std::int64_t made = 0, id = 1000000 * std::int64_t(getpid());
    double passSeconds = 0;
    int passes = 0;
    before = s->statements();
    for (std::int64_t now = 0; now <= 60000; now += 250, ++passes) {
        const auto choose = [now](const std::vector<ranked::QueuedPlayer>& waiting) {
            ranked::MatchQueue q;
            std::map<std::string, std::size_t> index;
            for (std::size_t i = 0; i < waiting.size(); ++i)
                q.join(waiting[i].player, waiting[i].rating, waiting[i].joinedMs), index[waiting[i].player] = i;
            std::vector<std::pair<std::size_t, std::size_t>> pairs;
            for (const ranked::Pairing& p : q.pair(now)) pairs.emplace_back(index[p.player[0]], index[p.player[1]]);
            return pairs;
        };
        const auto make = [&](const ranked::QueuedPlayer&, const ranked::QueuedPlayer&) {
            ranked::MatchRecord m;
            m.id = ++id;
            return m;
        };
        std::vector<ranked::MatchRecord> out;
        t = Clock::now();
        s->pairQueue("ranked", 1000, choose, make, out, why);
        passSeconds += secondsSince(t);
        made += std::int64_t(out.size());
        std::int64_t left = 0;
        if (s->queued(left, why) && left < 2) break;
    }
    std::printf(
        "| shared queue (PostgreSQL) | %d players | enqueue %.2f ms, %.0f statements | %lld matches in %d passes, "
        "%.1f ms per pass, %.1f statements per match paired |\n",
        players, enqueueMs, enqueueStatements, static_cast<long long>(made), passes, passSeconds * 1000.0 / passes,
        double(s->statements() - before) / double(std::max<std::int64_t>(made, 1)));
}

// Friends' challenges in the store (SQLite): statements and time per pair that meets; then the scan every tick
// makes for matches past their deadlines, over the open matches those pairs made (each with checkpoints from both
// sides, as live matches have: the scan reads them and closes none).
void benchChallengesAndExpiry() {
    const std::string dir = "/tmp/bvh-bench-ranked-ch-" + std::to_string(getpid());
    std::filesystem::create_directories(dir);
    std::string why;
    auto s = ranked::openSqliteStore(dir + "/ranked.db", why);
    if (!s) return (void)std::printf("challenges: %s\n", why.c_str());
    const int pairs = 1000;
    for (int p = 0; p < 2 * pairs; ++p)
        s->savePlayer(ranked::PlayerRecord{"p" + std::to_string(p), "n", "c" + std::to_string(p), {}}, why);
    std::int64_t nextId = 1;
    const auto make = [&] {
        ranked::MatchRecord m;
        m.id = nextId++;
        m.created = 1000;
        return m;
    };
    const std::int64_t before = s->statements();
    const auto t = Clock::now();
    int met = 0;
    for (int i = 0; i < pairs; ++i) {
        const std::string a = "p" + std::to_string(2 * i), b = "p" + std::to_string(2 * i + 1);
        ranked::MatchRecord m;
        bool matched = false;
        s->challenge(a, b, "ryo", 1000000, 0, make, m, matched, why);
        s->challenge(b, a, "brick", 1000000, 0, make, m, matched, why);
        met += matched;
    }
    const double secs = secondsSince(t);
    std::printf("| challenges (sqlite) | %d pairs, %d met | %.1f statements/pair | %.2f ms/pair |\n", pairs, met,
                double(s->statements() - before) / pairs, secs * 1000.0 / pairs);
    for (std::int64_t id = 1; id < nextId; ++id)
        for (int side = 0; side < 2; ++side) s->addClaims(id, side, {{600, 1}, {1200, 2}}, why);
    std::vector<double> scans;
    std::vector<ranked::StaleMatch> stale;
    for (int r = 0; r < 21; ++r) {
        const auto t2 = Clock::now();
        s->staleMatches(1000, 999, stale, why);  // past the connect deadline, not the final one
        scans.push_back(secondsSince(t2));
    }
    std::sort(scans.begin(), scans.end());
    std::printf("| expiry scan (sqlite) | %lld open matches with checkpoints, %zu stale | median %.3f ms/scan |\n",
                static_cast<long long>(nextId - 1), stale.size(), scans[scans.size() / 2] * 1000.0);
    s.reset();
    std::filesystem::remove_all(dir);
}

constexpr const char* kUsage = "usage: bench_ranked [queue]   (queue: the region queue lines alone)\n";

// False with the message and usage printed for anything but nothing or the word `queue` (a mistyped flag used to
// run the whole bench).
bool parseArgs(int argc, char** argv, bool& queueOnly) {
    queueOnly = argc == 2 && std::string(argv[1]) == "queue";
    if (argc == 1 || queueOnly) return true;
    const std::string bad = argv[argc == 2 || std::string(argv[1]) != "queue" ? 1 : 2];
    std::fprintf(stderr, "bench_ranked: %s %s\n%s", bad.rfind('-', 0) == 0 ? "unknown flag" : "unexpected argument",
                 io::quote(bad).c_str(), kUsage);
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();    // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout("bench_ranked");  // the table is the result: lost on a full disk, the exit status says so
    if (io::helpAsked(argc, argv)) return std::printf("%s", kUsage), 0;
    bool queueOnly = false;
    if (!parseArgs(argc, argv, queueOnly)) return 2;
    if (queueOnly) return benchRegionQueues(), 0;  // the queue lines alone
    benchVerification();
    benchStore();
    benchQueue(2, 0);
    benchQueue(20, 0);
    benchQueue(20, 60000);
    benchQueue(10000, 0);
    benchQueue(10000, 600000);
    benchRegionQueues();
    benchQueueMemory();
    benchChallengesAndExpiry();
    if (const char* pg = std::getenv("BVH_BENCH_POSTGRES")) benchSharedQueue(pg);
    return 0;
}
