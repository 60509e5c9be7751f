// The PostgreSQL store on a throwaway cluster: initdb and pg_ctl in a temporary folder (as `nobody` when the tests
// run as root, since PostgreSQL refuses root), one cluster for the file, stopped at the end. Without the server
// programs it prints SKIPPED and checks nothing (tests/game/ctest.cmake turns that into a skip).
#include "game/ranked/store.h"
#include "ranked_test_util.h"

#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

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
        if (skipped.empty() &&
            std::system((as + bin + "/initdb -D " + d + "/data -A trust -U bvh --no-sync -E UTF8 >" + d +
                         "/initdb.log 2>&1").c_str()) != 0)
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
            std::system((as + bin + "/pg_ctl -D " + dir.path + "/data -m immediate -w -s stop >/dev/null 2>&1").c_str());
    }
};

// A process deciding every match in ids (a second service process); killAt > 0: SIGKILLs itself at that step of its
// killAt-th decision, mid-transaction.
pid_t decideAllInChild(const std::string& conninfo, const std::vector<std::int64_t>& ids, int killAfter) {
    const pid_t child = fork();
    if (child != 0) return child;
    std::string why;
    auto s = openPostgresStore(conninfo, why);
    if (!s) _exit(3);
    int decided = 0;
    setDecisionStatementHook([&](int step) {
        if (killAfter > 0 && decided == killAfter && step == 4) kill(getpid(), SIGKILL);
    });
    for (std::int64_t id : ids) {
        s->decide(Decision{id, "verified", int(id % 2), "", "replay"}, why);
        ++decided;
    }
    _exit(0);
}

}  // namespace

TEST_CASE("The PostgreSQL store passes the SQLite store's checks and two processes never decide a match twice") {
    // One cluster for both halves: starting one costs about a second.
    Cluster pg;
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
    for (std::int64_t id = 100; id < 140; ++id) {
        REQUIRE(s->createMatch(rankedtest::match(id, "cc", "dd"), why));
        ids.push_back(id);
        reversed.insert(reversed.begin(), id);
    }
    // Two service processes decide the same 40 matches from both ends; one is killed mid-transaction on its 10th.
    const pid_t a = decideAllInChild(pg.conninfo, ids, 10);
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
