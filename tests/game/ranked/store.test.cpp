#include "game/ranked/pages.h"
#include "game/ranked/store.h"
#include "game/ranked/sql_connection.h"
#include "ranked_test_util.h"

#include <doctest/doctest.h>

#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

using namespace ranked;
using rankedtest::TempDir;

namespace rankedtest {

// The checks every backend passes: players, a decided match with both ratings and its replay, a result counted once.
void checkStoreBasics(Store& s) {
    std::string why;
    REQUIRE(s.savePlayer(rankedtest::player("aa", "Ann"), why));
    REQUIRE(s.savePlayer(rankedtest::player("bb", "Bob"), why));
    REQUIRE(s.savePlayer(rankedtest::player("aa", "Annie"), why));  // a rename keeps the rating
    REQUIRE(s.savePlayer(rankedtest::player("zz", "Zed"), why));    // plays no rated game: not ranked
    PlayerRecord ann;
    REQUIRE(s.player("aa", ann, why));
    CHECK(ann.name == "Annie");
    CHECK(ann.rating.rating == 1500.0);
    std::string id;
    REQUIRE(s.playerByCode("code-bb", id, why));
    CHECK(id == "bb");
    CHECK_FALSE(s.playerByCode("nobody", id, why));

    REQUIRE(s.createMatch(rankedtest::match(41, "aa", "bb"), why));
    CHECK_FALSE(s.createMatch(rankedtest::match(41, "aa", "bb"), why));  // the id is taken
    Decision d{41, "verified", 0, "", "fightreplay 1\n"};
    REQUIRE(s.decide(d, why));
    MatchRecord m;
    REQUIRE(s.match(41, m, why));
    CHECK(m.state == "verified");
    CHECK(m.winner == 0);
    CHECK(m.seed == 0xfedcba9876543210ULL);
    CHECK(m.change[0] > 0.0);
    CHECK(m.change[0] == doctest::Approx(-m.change[1]));  // equals: the same step each way
    PlayerRecord bob;
    REQUIRE(s.player("bb", bob, why));
    CHECK(bob.rating.rating == doctest::Approx(1500.0 + m.change[1]));
    CHECK(bob.rating.games == 1);

    CHECK_FALSE(s.decide(Decision{41, "verified", 1, "", "x"}, why));  // a replayed result
    CHECK(why.find("already decided") != std::string::npos);
    REQUIRE(s.player("bb", bob, why));
    CHECK(bob.rating.games == 1);
    CHECK_FALSE(s.decide(Decision{99, "verified", 1, "", "x"}, why));
    CHECK(why.find("unknown match") != std::string::npos);

    std::string text;
    REQUIRE(s.replay(41, text, why));
    CHECK(text == "fightreplay 1\n");
    std::vector<Standing> board;
    REQUIRE(s.leaderboard(10, board, why));
    REQUIRE(board.size() == 2);      // Zed, at 1500 with no rated game, is not listed
    CHECK(board[0].player == "aa");  // both provisional: by rating
    CHECK(board[1].player == "bb");
    std::vector<MatchRecord> hist;
    REQUIRE(s.history("bb", 10, hist, why));
    REQUIRE(hist.size() == 1);
    CHECK(hist[0].id == 41);
}

// A history page of 20 matches against 20 players names every one by the name the store knows now, read in one
// statement (before, one statement a player: 22 for this page).
void checkHistoryNames(Store& s) {
    std::string why;
    REQUIRE(s.savePlayer(rankedtest::player("hh", "Hana"), why));
    std::map<std::string, std::string> named{{"hh", "Hana"}};
    for (int i = 0; i < 20; ++i) {
        const std::string id = "h" + std::to_string(100 + i), name = "Opponent " + std::to_string(i);
        REQUIRE(s.savePlayer(rankedtest::player(id, name + " before"), why));
        REQUIRE(s.savePlayer(rankedtest::player(id, name), why));  // renamed: the page says the name now
        named[id] = name;
        REQUIRE(s.createMatch(rankedtest::match(9000 + i, i % 2 ? "hh" : id, i % 2 ? id : "hh"), why));
    }
    const std::int64_t before = s.statements();
    std::string page;
    REQUIRE_MESSAGE(historyPage(s, "hh", page, why), why);
    CHECK(s.statements() - before == 2);  // the matches, then every name at once
    const std::vector<HistoryRow> rows = parseHistory(page);
    REQUIRE(rows.size() == 20);
    for (const HistoryRow& r : rows)
        for (int p = 0; p < 2; ++p) {
            CAPTURE(r.player[p]);
            CHECK(r.name[p] == named[r.player[p]]);
        }
}

// The leaderboard's pages (text and JSON) name each of their 12 players, each renamed after its first name, as the
// store knows them now, read in one statement (before, one statement a player: 13 for these pages, 101 for a full
// leaderboard).
void checkLeaderboardNames(Store& s) {
    std::string why;
    std::map<std::string, std::string> named;  // id -> its name now
    for (int i = 0; i < 12; ++i) {
        const std::string id = "lb" + std::to_string(10 + i), name = "Player " + std::to_string(i);
        REQUIRE(s.savePlayer(rankedtest::player(id, name + " before"), why));
        REQUIRE(s.savePlayer(rankedtest::player(id, name), why));
        named[id] = name;
    }
    for (int i = 0; i < 6; ++i) {  // each player one rated game: on the leaderboard
        const std::string a = "lb" + std::to_string(10 + 2 * i), b = "lb" + std::to_string(11 + 2 * i);
        REQUIRE(s.createMatch(rankedtest::match(8000 + i, a, b), why));
        REQUIRE_MESSAGE(s.decide(Decision{8000 + i, "verified", 0, "", "fightreplay 1\n"}, why), why);
    }
    std::int64_t before = s.statements();
    std::string page;
    REQUIRE_MESSAGE(leaderboardPage(s, page, why), why);
    CHECK(s.statements() - before == 2);  // the standings, then every name at once
    std::istringstream lines(page);
    int rows = 0, found = 0;  // a store other cases wrote to (PostgreSQL's) lists their players too
    for (std::string line; std::getline(lines, line); ++rows) {
        CAPTURE(line);  // RANK CODE RATING DEVIATION GAMES provisional NAME
        std::istringstream words(line);
        std::string rank, code, rating, deviation, games, provisional, name;
        words >> rank >> code >> rating >> deviation >> games >> provisional;
        std::getline(words >> std::ws, name);
        CHECK(rank == std::to_string(rows + 1));
        const auto it = named.find(code.rfind("code-", 0) == 0 ? code.substr(5) : "");
        if (it == named.end()) continue;
        CHECK(provisional == "provisional");
        CHECK(name == it->second);
        ++found;
    }
    CHECK(found == 12);
    before = s.statements();
    const std::string json = leaderboardJson(s);
    CHECK(s.statements() - before == 2);
    for (const auto& [id, name] : named) {
        const std::string& key = id;  // CAPTURE takes no structured binding (clang)
        CAPTURE(key);
        CHECK(json.find("\"key\":\"" + id + "\",\"code\":\"code-" + id + "\",\"name\":\"" + name + "\"") !=
              std::string::npos);
    }
    before = s.statements();
    const std::string history = historyJson(s, "lb10");
    CHECK(s.statements() - before == 2);
    CHECK(history.find("\"players\":[\"Player 0\",\"Player 1\"]") != std::string::npos);
}

}  // namespace rankedtest

using rankedtest::checkStoreBasics;

TEST_CASE("The SQLite store keeps players, a decided match with both ratings, and counts a result once") {
    TempDir dir;
    std::string why;
    auto s = openSqliteStore(dir.file("ranked.db"), why);
    REQUIRE_MESSAGE(s, why);
    checkStoreBasics(*s);
    CHECK(std::filesystem::exists(dir.file("ranked.db-wal")));  // write-ahead log
    s.reset();
    auto again = openSqliteStore(dir.file("ranked.db"), why);  // reopening migrates nothing and keeps it all
    REQUIRE(again);
    MatchRecord m;
    CHECK(again->match(41, m, why));
}

TEST_CASE("A history page names each player of its matches as the SQLite store knows them now, in one statement") {
    TempDir dir;
    std::string why;
    auto s = openSqliteStore(dir.file("ranked.db"), why);
    REQUIRE_MESSAGE(s, why);
    rankedtest::checkHistoryNames(*s);
}

TEST_CASE("The leaderboard's pages name each player as the SQLite store knows them now, in one statement") {
    TempDir dir;
    std::string why;
    auto s = openSqliteStore(dir.file("ranked.db"), why);
    REQUIRE_MESSAGE(s, why);
    rankedtest::checkLeaderboardNames(*s);
}

TEST_CASE("A crash between a result's writes leaves the match open and both ratings as they were") {
    TempDir dir;
    std::string why;
    {
        auto s = openSqliteStore(dir.file("ranked.db"), why);
        REQUIRE(s);
        REQUIRE(s->savePlayer(rankedtest::player("aa", "Ann"), why));
        REQUIRE(s->savePlayer(rankedtest::player("bb", "Bob"), why));
        REQUIRE(s->createMatch(rankedtest::match(7, "aa", "bb"), why));
    }
    for (int crashAt : {3, 4, 5, 6}) {  // after the match row, after one rating, after both, before COMMIT
        const pid_t child = fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            std::string w;
            auto s = openSqliteStore(dir.file("ranked.db"), w);
            setDecisionStatementHook([crashAt](int step) {
                if (step == crashAt) _exit(9);
            });
            if (s) s->decide(Decision{7, "verified", 0, "", "replay"}, w);
            _exit(0);
        }
        int status = 0;
        REQUIRE(waitpid(child, &status, 0) == child);
        CHECK(WEXITSTATUS(status) == 9);
        auto s = openSqliteStore(dir.file("ranked.db"), why);
        REQUIRE(s);
        MatchRecord m;
        REQUIRE(s->match(7, m, why));
        CHECK(m.state == "open");
        PlayerRecord ann, bob;
        REQUIRE(s->player("aa", ann, why));
        REQUIRE(s->player("bb", bob, why));
        CHECK(ann.rating.games == 0);
        CHECK(bob.rating.games == 0);
        std::string text;
        CHECK_FALSE(s->replay(7, text, why));
    }
    auto s = openSqliteStore(dir.file("ranked.db"), why);
    REQUIRE(s->decide(Decision{7, "verified", 0, "", "replay"}, why));  // the result still lands afterwards
}

TEST_CASE("A full disk refuses a result with the reason and changes nothing") {
    TempDir dir;
    std::string why;
    auto s = openSqliteStore(dir.file("ranked.db"), why, 40);  // 40 pages of 4 KiB: the replay below cannot fit
    REQUIRE_MESSAGE(s, why);
    REQUIRE(s->savePlayer(rankedtest::player("aa", "Ann"), why));
    REQUIRE(s->savePlayer(rankedtest::player("bb", "Bob"), why));
    REQUIRE(s->createMatch(rankedtest::match(5, "aa", "bb"), why));
    CHECK_FALSE(s->decide(Decision{5, "verified", 1, "", std::string(400000, 'x')}, why));
    CHECK(why.find("full") != std::string::npos);
    MatchRecord m;
    REQUIRE(s->match(5, m, why));
    CHECK(m.state == "open");
    PlayerRecord bob;
    REQUIRE(s->player("bb", bob, why));
    CHECK(bob.rating.games == 0);
}

namespace {

/// Runs body in a forked child (a process limit or another user stays there) and returns the text it gave, passed
/// back through a pipe; the child must end with status 0.
template <class Body>
std::string saidInChild(Body body) {
    int out[2];
    REQUIRE(pipe(out) == 0);
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        close(out[0]);
        const std::string why = body();
        const ssize_t wrote = write(out[1], why.data(), why.size());
        _exit(wrote == ssize_t(why.size()) ? 0 : 1);
    }
    close(out[1]);
    std::string said;
    char buf[256];
    for (ssize_t n; (n = read(out[0], buf, sizeof buf)) > 0;) said.append(buf, std::size_t(n));
    close(out[0]);
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    CHECK(WEXITSTATUS(status) == 0);
    return said;
}

}  // namespace

TEST_CASE("Under a file-size limit a write is refused with the system's reason, not SQLite's disk I/O error") {
    // In a child: the limit (RLIMIT_FSIZE, `ulimit -f`) is the process's. The store is opened first, then may grow
    // its files 16 KiB more; players are added until one is refused. The child writes the refusal to a pipe.
    TempDir dir;
    const std::string said = saidInChild([&] {
        std::signal(SIGXFSZ, SIG_IGN);  // as bvh_matchd does (engine::failWritesInsteadOfDying): the write fails
        std::string why;
        auto s = openSqliteStore(dir.file("ranked.db"), why);
        std::error_code ec;
        const auto size = [&](const char* tail) {
            return rlim_t(std::filesystem::file_size(dir.file("ranked.db") + tail, ec));
        };
        const rlimit limit{std::max(size(""), size("-wal")) + 16384, RLIM_INFINITY};
        if (s && setrlimit(RLIMIT_FSIZE, &limit) == 0) {
            for (int i = 0; i < 100; ++i)
                if (!s->savePlayer(rankedtest::player("p" + std::to_string(i), "P"), why)) break;
        }
        return why;
    });
    CHECK(said == "cannot write: File too large");
}

TEST_CASE("A store of a newer schema is refused, saying so") {
    TempDir dir;
    std::string why;
    {
        auto s = openSqliteStore(dir.file("ranked.db"), why);
        REQUIRE(s);
    }
    {
        auto raw = openSqliteConnection(dir.file("ranked.db"), why);
        REQUIRE(raw);
        SqlRows rows;
        REQUIRE(raw->exec("UPDATE schema_version SET version = 99", {}, rows, why));
    }
    CHECK_FALSE(openSqliteStore(dir.file("ranked.db"), why));
    CHECK(why.find("schema version 99, newer than this service's") != std::string::npos);
}

namespace {

/// A SQLite file made by another program: `sql` run on a fresh file through SQLite alone.
void makeForeignDatabase(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
}

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("Another program's database is refused, naming its tables, and nothing in it is changed") {
    TempDir dir;
    const std::string path = dir.file("other.db");
    std::string tables;
    SUBCASE("a table named as one of ours (the migrations stopped at `table players already exists`)") {
        makeForeignDatabase(path, "CREATE TABLE players (id INTEGER PRIMARY KEY, nick TEXT); CREATE TABLE notes (x)");
        tables = "players, notes";
    }
    SUBCASE("unrelated tables (they were adopted: our tables added beside them)") {
        makeForeignDatabase(path, "CREATE TABLE notes (x)");
        tables = "notes";
    }
    const std::string before = readAll(path);
    const std::string said =
        path + ": not a bvh_matchd store (it has tables " + tables + "; give a new file or one bvh_matchd made)";
    std::string why;
    CHECK_FALSE(sqliteFileIsStoreOrNew(path, why));
    CHECK(why == said);
    CHECK_FALSE(openSqliteStore(path, why));
    CHECK(why == said);
    CHECK(readAll(path) == before);  // still in its rollback journal (WAL is a byte in the header), no table added
    CHECK_FALSE(std::filesystem::exists(path + "-wal"));
    // A new file and one the store made pass.
    CHECK(sqliteFileIsStoreOrNew(dir.file("new.db"), why));
    REQUIRE(openSqliteStore(dir.file("ours.db"), why));
    CHECK(sqliteFileIsStoreOrNew(dir.file("ours.db"), why));
    CHECK(openSqliteStore(dir.file("ours.db"), why));
}

TEST_CASE("A read-only -shm left beside a database writable again is named, not only `readonly database`") {
    // In a child that cannot write what is read-only: as root (CI) permission bits stop no write, so the child
    // becomes nobody (65534) first. A start on a read-only database leaves -wal and -shm made with its mode.
    TempDir dir;
    std::filesystem::permissions(dir.path, std::filesystem::perms::all);
    const std::string said = saidInChild([&] {
        std::string why = "cannot become nobody";
        const std::string path = dir.file("r.db");
        if (getuid() != 0 || (setgid(65534) == 0 && setuid(65534) == 0)) {
            openSqliteStore(path, why);
            chmod(path.c_str(), 0444);
            openSqliteStore(path, why);
            chmod(path.c_str(), 0644);
            if (openSqliteStore(path, why)) why = "opened";
        }
        return why;
    });
    CHECK(said == dir.file("r.db") + ": attempt to write a readonly database (" + dir.file("r.db") +
                      "-shm is read-only: make it writable)");
}
