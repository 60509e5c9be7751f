// The PostgreSQL store on a throwaway cluster: initdb and pg_ctl in a temporary folder (as `nobody` when the tests
// run as root, since PostgreSQL refuses root), one cluster for the file, stopped at the end. Without the server
// programs it prints SKIPPED and checks nothing (tests/game/ctest.cmake turns that into a skip).
#include "game/ranked/service.h"
#include "game/ranked/sql_connection.h"
#include "game/ranked/store.h"
#include "ranked_test_util.h"

#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

using namespace ranked;

namespace {

std::string findPgBin() {
    std::error_code ec;
    std::string best;
    for (const auto& e : std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
        const std::string bin = e.path().string() + "/bin";
        if (std::filesystem::exists(bin + "/initdb") && std::filesystem::exists(bin + "/pg_ctl") && bin > best)
            best = bin;
    }
    return best;
}

// One cluster in a temporary folder; conninfo is empty (and skipped says why) when it could not start.
struct Cluster {
    rankedtest::TempDir dir;
    std::string bin, as, conninfo, skipped;
    Cluster() {
        bin = findPgBin();
        if (bin.empty()) {
            skipped = "no PostgreSQL server programs under /usr/lib/postgresql (apt-get install postgresql)";
            return;
        }
        if (geteuid() == 0) {
            as = "runuser -u nobody -- ";
            if (chown(dir.path.c_str(), 65534, 65534) != 0) skipped = "cannot hand the temporary folder to nobody";
        }
        const std::string d = dir.path;
        if (skipped.empty() && std::system((as + bin + "/initdb -D " + d + "/data -A trust -U bvh --no-sync -E UTF8 >" +
                                            d + "/initdb.log 2>&1")
                                               .c_str()) != 0)
            skipped = "initdb failed (see its log in a kept run)";
        if (skipped.empty() &&
            std::system((as + bin + "/pg_ctl -D " + d + "/data -l " + d + "/pg.log -w -s -o \"-k " + d +
                         " -c listen_addresses='' -c fsync=off -c full_page_writes=off\" start >/dev/null 2>&1")
                            .c_str()) != 0)
            skipped = "pg_ctl could not start the cluster";
        if (skipped.empty()) conninfo = "host=" + d + " user=bvh dbname=postgres";
    }
    ~Cluster() {
        if (!conninfo.empty())
            std::system(
                (as + bin + "/pg_ctl -D " + dir.path + "/data -m immediate -w -s stop >/dev/null 2>&1").c_str());
    }
};

// One cluster for the file's test cases (starting one costs about a second), stopped when the program ends.
Cluster& cluster() {
    static Cluster pg;
    return pg;
}

// A process deciding every match in ids, in that order (a second service process); killIn > 0: SIGKILLs itself
// mid-transaction (at the decision's fourth statement) while deciding that match.
pid_t decideAllInChild(const std::string& conninfo, const std::vector<std::int64_t>& ids, std::int64_t killIn) {
    const pid_t child = fork();
    if (child != 0) return child;
    std::string why;
    auto s = openPostgresStore(conninfo, why);
    if (!s) _exit(3);
    std::int64_t deciding = 0;
    setDecisionStatementHook([&](int step) {
        if (killIn > 0 && deciding == killIn && step == 4) kill(getpid(), SIGKILL);
    });
    for (std::int64_t id : ids) {
        deciding = id;
        s->decide(Decision{id, "verified", int(id % 2), "", "replay"}, why);
    }
    _exit(0);
}

}  // namespace

TEST_CASE("The PostgreSQL store passes the SQLite store's checks and two processes never decide a match twice") {
    Cluster& pg = cluster();
    if (!pg.skipped.empty()) {
        std::printf("PostgreSQL store SKIPPED: %s\n", pg.skipped.c_str());
        return;
    }
    std::string why;
    auto s = openPostgresStore(pg.conninfo, why);
    REQUIRE_MESSAGE(s, why);
    auto second = openPostgresStore(pg.conninfo, why);  // a second process's migration finds the schema done
    REQUIRE_MESSAGE(second, why);
    rankedtest::checkStoreBasics(*s);

    std::vector<std::int64_t> ids, reversed;
    REQUIRE(s->savePlayer(rankedtest::player("cc", "Cid"), why));
    REQUIRE(s->savePlayer(rankedtest::player("dd", "Dee"), why));
    for (std::int64_t id = 100; id < 140; ++id) REQUIRE(s->createMatch(rankedtest::match(id, "cc", "dd"), why));
    // Two service processes decide the same 30 matches (110-139) from both ends; then the first goes on to ten only
    // it decides (100-109) and is killed mid-transaction in the sixth of them. Killing it in a match only it
    // decides makes the kill certain: the other process cannot have decided that match first.
    for (std::int64_t id = 110; id < 140; ++id) ids.push_back(id), reversed.insert(reversed.begin(), id);
    for (std::int64_t id = 100; id < 110; ++id) ids.push_back(id);
    const pid_t a = decideAllInChild(pg.conninfo, ids, 105);
    const pid_t b = decideAllInChild(pg.conninfo, reversed, 0);
    int statusA = 0, statusB = 0;
    REQUIRE(waitpid(a, &statusA, 0) == a);
    REQUIRE(waitpid(b, &statusB, 0) == b);
    CHECK(WIFSIGNALED(statusA));
    CHECK(WEXITSTATUS(statusB) == 0);
    std::vector<MatchRecord> open;
    REQUIRE(s->openMatches(open, why));
    for (const MatchRecord& m : open) {  // the killed one's unfinished matches: a restarted process decides them
        REQUIRE(s->decide(Decision{m.id, "verified", int(m.id % 2), "", "replay"}, why));
    }
    PlayerRecord cid;
    REQUIRE(s->player("cc", cid, why));
    CHECK(cid.rating.games == 40);  // every match rated exactly once
    REQUIRE(s->openMatches(open, why));
    CHECK(open.empty());
}

namespace {

ServiceConfig sharedConfig() {
    ServiceConfig c;
    c.rules = rankedtest::testRules();
    c.sharedQueue = true;
    c.pairBatch = 4;  // small passes, so two processes pairing at once take turns over the table
    return c;
}

Reply ask(MatchService& s, const net::Identity& id, RequestKind kind, const std::string& body, std::int64_t now) {
    return rankedtest::handle(s, signRequest(id, kind, body, now), now);
}

// A child process: a service of its own on the store; run() does its work, then it exits 0 (or 3: no store).
template <class Work>
pid_t serviceInChild(const std::string& conninfo, Work run) {
    const pid_t child = fork();
    if (child != 0) return child;
    std::string why;
    auto store = openPostgresStore(conninfo, why);
    if (!store) _exit(3);
    MatchService service(*store, sharedConfig());
    run(service);
    _exit(0);
}

int exitOf(pid_t child) {
    int status = 0;
    if (waitpid(child, &status, 0) != child) return -1;
    return WIFSIGNALED(status) ? 100 + WTERMSIG(status) : WEXITSTATUS(status);
}

}  // namespace

TEST_CASE(
    "Two service processes share one PostgreSQL queue: nobody matched twice, no result lost, one killed mid-match") {
    Cluster& pg = cluster();
    if (!pg.skipped.empty()) {
        std::printf("PostgreSQL shared queue SKIPPED: %s\n", pg.skipped.c_str());
        return;
    }
    std::string why;
    auto store = openPostgresStore(pg.conninfo, why);
    REQUIRE_MESSAGE(store, why);
    MatchService front(*store, sharedConfig());
    const std::int64_t now = 1000000;
    std::vector<net::Identity> players(20);
    std::map<std::string, const net::Identity*> byKey;
    for (std::size_t i = 0; i < players.size(); ++i) {
        REQUIRE(net::makeIdentity("P" + std::to_string(i), players[i]));
        byKey[keyHex(players[i].publicKey)] = &players[i];
        REQUIRE(ask(front, players[i], RequestKind::Hello, "", now).ok);
        REQUIRE(ask(front, players[i], RequestKind::Queue, "ranked brick 00112233", now).ok);
    }
    CHECK(ask(front, players[0], RequestKind::Queue, "ranked brick 00112233", now).text == "already waiting");
    CHECK(front.queued() == 20);
    // Two processes pair the one queue at once (four players a pass each).
    const auto pairAll = [](MatchService& s) {
        for (int pass = 0; pass < 50 && s.queued() > 0; ++pass) rankedtest::tick(s, now);
    };
    const pid_t a = serviceInChild(pg.conninfo, pairAll), b = serviceInChild(pg.conninfo, pairAll);
    CHECK(exitOf(a) == 0);
    CHECK(exitOf(b) == 0);
    std::vector<MatchRecord> open;
    REQUIRE(store->openMatches(open, why));
    REQUIRE(open.size() == 10);
    std::set<std::string> seen;
    for (const MatchRecord& m : open) seen.insert({m.player[0], m.player[1]});
    CHECK(seen.size() == 20);  // every player in exactly one match
    CHECK(front.queued() == 0);
    CHECK(ask(front, players[0], RequestKind::Poll, "", now).text.rfind("match ", 0) == 0);  // made by another process

    // Process A takes every p1 log and the p2 logs of the first five matches; it is SIGKILLed inside its third
    // decision's transaction (after the ratings were read, before they were written).
    std::vector<std::string> rec;
    for (const MatchRecord& m : open) rec.push_back(rankedtest::recordMatch(m, sharedConfig().rules, 0, 5));
    const auto sendLog = [&](MatchService& s, int side, std::size_t i) {
        const net::Identity& id = *byKey[open[i].player[side]];
        return ask(s, id, RequestKind::Result, resultBody(signLog(id, open[i].id, open[i].rules, rec[i])), now);
    };
    const pid_t killed = serviceInChild(pg.conninfo, [&](MatchService& s) {
        int decisions = 0;
        setDecisionStatementHook([&](int step) {
            if (step == 0) ++decisions;
            if (decisions == 3 && step == 4) kill(getpid(), SIGKILL);
        });
        for (std::size_t i = 0; i < open.size(); ++i) sendLog(s, 0, i);
        for (std::size_t i = 0; i < 5; ++i) sendLog(s, 1, i);
    });
    CHECK(exitOf(killed) == 100 + SIGKILL);
    // Process B takes the other five p2 logs: it decides those matches from the p1 logs A kept.
    CHECK(exitOf(serviceInChild(pg.conninfo, [&](MatchService& s) {
              for (std::size_t i = 5; i < open.size(); ++i) REQUIRE(sendLog(s, 1, i).ok);
          })) == 0);
    // A restarted: its first tick decides the match it died in; the two p2 logs it never answered come again.
    CHECK(exitOf(serviceInChild(pg.conninfo, [&](MatchService& s) {
              rankedtest::tick(s, now);
              for (std::size_t i = 3; i < 5; ++i) REQUIRE(sendLog(s, 1, i).ok);
          })) == 0);
    for (const MatchRecord& m : open) {
        MatchRecord after;
        REQUIRE(store->match(m.id, after, why));
        CHECK(after.state == "verified");
        CHECK(after.winner == 0);  // p1 attacked a standing p2
        for (const std::string& p : m.player) {
            PlayerRecord r;
            REQUIRE(store->player(p, r, why));
            CHECK(r.rating.games == 1);  // rated exactly once
        }
    }
}

TEST_CASE("A history page names each player of its matches as the PostgreSQL store knows them now, in one statement") {
    Cluster& pg = cluster();
    if (!pg.skipped.empty()) {
        std::printf("PostgreSQL history names SKIPPED: %s\n", pg.skipped.c_str());
        return;
    }
    std::string why;
    auto s = openPostgresStore(pg.conninfo, why);
    REQUIRE_MESSAGE(s, why);
    rankedtest::checkHistoryNames(*s);
}

TEST_CASE("The leaderboard's pages name each player as the PostgreSQL store knows them now, in one statement") {
    Cluster& pg = cluster();
    if (!pg.skipped.empty()) {
        std::printf("PostgreSQL leaderboard names SKIPPED: %s\n", pg.skipped.c_str());
        return;
    }
    std::string why;
    auto s = openPostgresStore(pg.conninfo, why);
    REQUIRE_MESSAGE(s, why);
    rankedtest::checkLeaderboardNames(*s);
}

TEST_CASE("The PostgreSQL shared queue pairs by latency like the in-memory queue") {
    Cluster& pg = cluster();
    if (!pg.skipped.empty()) {
        std::printf("PostgreSQL latency queue SKIPPED: %s\n", pg.skipped.c_str());
        return;
    }
    std::string why;
    auto store = openPostgresStore(pg.conninfo, why);
    REQUIRE_MESSAGE(store, why);
    rankedtest::checkLatencyPairing(*store, true);
}

TEST_CASE("On PostgreSQL a challenge meets across processes, at once from both sides once, and stale matches close") {
    Cluster& pg = cluster();
    if (!pg.skipped.empty()) {
        std::printf("PostgreSQL challenges and expiry SKIPPED: %s\n", pg.skipped.c_str());
        return;
    }
    std::string why;
    auto a = openPostgresStore(pg.conninfo, why);
    REQUIRE_MESSAGE(a, why);
    auto b = openPostgresStore(pg.conninfo, why);
    REQUIRE_MESSAGE(b, why);
    rankedtest::checkChallengesAcrossServices(*a, *b);
    rankedtest::checkExpiryAcrossServices(*a, *b);

    // Thirty pairs challenge each other at the same time, each side through its own process: every pair meets once.
    MatchService front(*a, sharedConfig());
    const std::int64_t now = 1000000;
    std::vector<net::Identity> left(30), right(30);
    for (std::size_t i = 0; i < left.size(); ++i) {
        REQUIRE(net::makeIdentity("L" + std::to_string(i), left[i]));
        REQUIRE(net::makeIdentity("R" + std::to_string(i), right[i]));
        REQUIRE(ask(front, left[i], RequestKind::Hello, "", now).ok);
        REQUIRE(ask(front, right[i], RequestKind::Hello, "", now).ok);
    }
    // A barrier before each pair: each child tells the other it is ready (a byte down its pipe) and waits for the
    // other's, so both send pair i's challenges at the same moment.
    int pipes[2][2];
    REQUIRE(pipe(pipes[0]) == 0);
    REQUIRE(pipe(pipes[1]) == 0);
    const auto challengeAll = [&](int me, const std::vector<net::Identity>& from,
                                  const std::vector<net::Identity>& to) {
        return [&, me](MatchService& s) {
            for (std::size_t i = 0; i < from.size(); ++i) {
                char c = 'r';
                if (write(pipes[me][1], &c, 1) != 1 || read(pipes[1 - me][0], &c, 1) != 1) _exit(4);
                ask(s, from[i], RequestKind::Challenge, net::fingerprint(to[i].publicKey) + " ryo", now);
            }
        };
    };
    const pid_t p = serviceInChild(pg.conninfo, challengeAll(0, left, right));
    const pid_t q = serviceInChild(pg.conninfo, challengeAll(1, right, left));
    for (auto& fds : pipes) close(fds[0]), close(fds[1]);
    CHECK(exitOf(p) == 0);
    CHECK(exitOf(q) == 0);
    std::vector<MatchRecord> open;
    REQUIRE(a->openMatches(open, why));
    std::map<std::string, int> matchesOf;
    for (const MatchRecord& m : open)
        for (const std::string& player : m.player) ++matchesOf[player];
    for (std::size_t i = 0; i < left.size(); ++i) {
        CHECK(matchesOf[keyHex(left[i].publicKey)] == 1);                   // met, once
        CHECK_FALSE(a->withdrawChallenge(keyHex(left[i].publicKey), why));  // no challenge left waiting
        CHECK_FALSE(a->withdrawChallenge(keyHex(right[i].publicKey), why));
    }
}

TEST_CASE("A PostgreSQL store whose connection the server ended connects again for the next statement") {
    Cluster& pg = cluster();
    if (!pg.skipped.empty()) {
        std::printf("PostgreSQL reconnect SKIPPED: %s\n", pg.skipped.c_str());
        return;
    }
    std::string why;
    auto s = openPostgresStore(pg.conninfo, why);
    REQUIRE_MESSAGE(s, why);
    std::int64_t count = -1;
    REQUIRE_MESSAGE(s->queued(count, why), why);
    // An administrator (or a server restart) ends every other session, the store's among them.
    auto admin = openPostgresConnection(pg.conninfo, why);
    REQUIRE_MESSAGE(admin, why);
    SqlRows rows;
    REQUIRE_MESSAGE(admin->exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
                                "AND backend_type = 'client backend'",
                                {}, rows, why),
                    why);
    CHECK_FALSE(s->queued(count, why));  // the statement in flight when it went: failed, said
    CHECK_FALSE(why.empty());
    CHECK_MESSAGE(s->queued(count, why), why);  // the next one: on a new connection
    CHECK(s->savePlayer(rankedtest::player("re", "Reconnected"), why));
}

namespace {

// A new database `name` in the cluster, `sql` run in it (one statement each) as another program would; its conninfo.
std::string databaseWith(const std::string& name, const std::vector<std::string>& sql) {
    std::string why;
    auto admin = openPostgresConnection(cluster().conninfo, why);
    REQUIRE_MESSAGE(admin, why);
    SqlRows rows;
    REQUIRE_MESSAGE(admin->exec("CREATE DATABASE " + name, {}, rows, why), why);
    const std::string conninfo = "host=" + cluster().dir.path + " user=bvh dbname=" + name;
    auto db = openPostgresConnection(conninfo, why);
    REQUIRE_MESSAGE(db, why);
    for (const std::string& s : sql) REQUIRE_MESSAGE(db->exec(s, {}, rows, why), why);
    return conninfo;
}

// The relations of a database as schema.name, in name order.
std::vector<std::string> relationsOf(const std::string& conninfo) {
    std::string why;
    auto db = openPostgresConnection(conninfo, why);
    REQUIRE_MESSAGE(db, why);
    SqlRows rows;
    REQUIRE_MESSAGE(db->exec("SELECT table_schema || '.' || table_name FROM information_schema.tables"
                             " WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1",
                             {}, rows, why),
                    why);
    std::vector<std::string> out;
    for (const auto& r : rows.rows) out.push_back(r[0]);
    return out;
}

}  // namespace

TEST_CASE("Another program's PostgreSQL database is refused, naming its tables, and nothing in it is changed") {
    Cluster& pg = cluster();
    if (!pg.skipped.empty()) {
        std::printf("PostgreSQL foreign database SKIPPED: %s\n", pg.skipped.c_str());
        return;
    }
    std::string name, tables;
    std::vector<std::string> sql;
    SUBCASE("a table named as one of ours (the migrations stopped at `relation \"players\" already exists`)") {
        name = "foreign_named";
        sql = {"CREATE TABLE players (id INTEGER PRIMARY KEY, nick TEXT)", "CREATE TABLE notes (x INTEGER)"};
        tables = "players, notes";
    }
    SUBCASE("unrelated tables (they were adopted: our tables added beside them)") {
        name = "foreign_unrelated";
        sql = {"CREATE TABLE notes (x INTEGER)"};
        tables = "notes";
    }
    const std::string conninfo = databaseWith(name, sql);
    const std::vector<std::string> before = relationsOf(conninfo);
    std::string why;
    CHECK_FALSE(openPostgresStore(conninfo, why));
    CHECK(why == "postgresql: " + name + " (schema public): not a bvh_matchd store (it has tables " + tables +
                     "; give an empty database or schema, or one bvh_matchd made)");
    CHECK(relationsOf(conninfo) == before);  // no table added
}

TEST_CASE("A PostgreSQL store is made beside another program's tables kept in another schema") {
    Cluster& pg = cluster();
    if (!pg.skipped.empty()) {
        std::printf("PostgreSQL other schema SKIPPED: %s\n", pg.skipped.c_str());
        return;
    }
    // Only the schema the store uses (the search_path's first, public here) counts.
    const std::string conninfo =
        databaseWith("other_schema", {"CREATE SCHEMA app", "CREATE TABLE app.players (id INTEGER, nick TEXT)"});
    std::string why;
    auto s = openPostgresStore(conninfo, why);
    REQUIRE_MESSAGE(s, why);
    rankedtest::checkStoreBasics(*s);
    const std::vector<std::string> after = relationsOf(conninfo);
    CHECK(std::count(after.begin(), after.end(), "app.players") == 1);
    CHECK(std::count(after.begin(), after.end(), "public.schema_version") == 1);
    s.reset();
    CHECK_MESSAGE(openPostgresStore(conninfo, why), why);  // ours now: opened again
}
