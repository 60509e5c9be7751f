// The waits and resends of `game_headless --ranked` (client.h: joinQueue, awaitMatch, awaitRoom, nameRoom, sendLog,
// awaitDecision, ClaimSender) against the service in-process (its SQLite store, the history page bvh_matchd
// serves), on a virtual clock that the clients' waits move: a wait ticks the service every 250 ms, as bvh_matchd does.
#include "game/ranked/pages.h"
#include "game/ranked/ranked_test_util.h"
#include "game/ranked/sql_connection.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>

using namespace ranked;

namespace {

const char* const kWaitRules = "00112233";  // rankedtest::testRules()'s

struct WaitWorld {
    rankedtest::TempDir dir;
    std::unique_ptr<Store> store;
    std::unique_ptr<MatchService> service;
    std::int64_t now = 1700000000000;
    std::vector<std::string> refusals;  ///< every refusal the service answered, in order
    int results = 0;                    ///< Result requests the service got
    std::function<void()> during;       ///< run at each 250 ms of a wait: what the other side does meanwhile

    bool sharedQueue = false;  ///< the queue in the store's table (as on PostgreSQL), not the service's memory

    explicit WaitWorld(std::int64_t maxPages = 0, bool shared = false) : sharedQueue(shared) { open(maxPages); }

    /// (Re)opens the store and a service on it; maxPages caps the file (a full disk).
    void open(std::int64_t maxPages) {
        service.reset();
        std::string why;
        store = openSqliteStore(dir.file("ranked.db"), why, maxPages);
        REQUIRE_MESSAGE(store, why);
        ServiceConfig config;
        config.rules = rankedtest::testRules();
        config.lobbyPort = 7201;
        config.sharedQueue = sharedQueue;
        service = std::make_unique<MatchService>(*store, config);
    }

    ServiceAnswer answer(const std::string& method, const std::string& path, const std::string& body) {
        ServiceAnswer a{true, 200, ""};
        std::string why;
        if (method == "POST" && path == "/request") {
            Request r;
            REQUIRE(parseRequestText(body, kMaxLogBytes + 256, r, why));
            results += r.kind == RequestKind::Result;
            const Reply reply = rankedtest::handle(*service, r, now);
            a.status = reply.ok ? 200 : 403;
            a.text = (reply.ok ? "ok " : "refused ") + reply.text;
            if (!reply.ok) refusals.push_back(reply.text);
        } else if (path.rfind("/history/", 0) == 0) {
            if (!historyPage(*store, path.substr(9), a.text, why)) a.status = 404, a.text = why;
        } else {
            a.status = 404;
        }
        return a;
    }

    /// Renames a table of the store through a connection of its own: until it is named back, the service's
    /// statements on it fail as on a database that fails (`no such table: NAME`).
    void renameTable(const std::string& from, const std::string& to) {
        std::string why;
        std::unique_ptr<SqlConnection> db = openSqliteConnection(dir.file("ranked.db"), why);
        REQUIRE_MESSAGE(db, why);
        SqlRows rows;
        REQUIRE_MESSAGE(db->exec("ALTER TABLE " + from + " RENAME TO " + to, {}, rows, why), why);
    }

    /// The table away for 4 s of the clients' waits, then back (tableBack()).
    void tableAwayFor4s(const std::string& table) {
        renameTable(table, table + "_away");
        away = table;
        const std::int64_t from = now;
        during = [this, from] {
            if (now - from == 4000) tableBack();
        };
    }
    /// The table sent away back, if it is not yet.
    void tableBack() {
        if (!away.empty()) renameTable(away + "_away", away);
        away.clear();
    }
    std::string away;  ///< the table tableAwayFor4s() renamed, until it is back

    /// Spends the player's allowance of requests (the service's rate limit): its next request is refused for now.
    void spendAllowance(RankedClient& c) {
        for (int i = 0; i < kRequestBurst + 2; ++i) c.poll();
        REQUIRE(!refusals.empty());
        refusals.clear();
    }

    RankedClient client(const std::string& name) {
        net::Identity id;
        REQUIRE(net::makeIdentity(name, id));
        RankedClient c(
            [this](const std::string& m, const std::string& p, const std::string& b) { return answer(m, p, b); }, id,
            [this] { return now; });
        REQUIRE(c.hello().ok());
        return c;
    }

    /// Ann (ryo) and Bob (brick) queue for ranked at once; the match the service makes of them, as Ann hears it.
    MatchFound matched(RankedClient& ann, RankedClient& bob) {
        REQUIRE(ann.queue("ranked", "ryo", kWaitRules).ok());
        REQUIRE(bob.queue("ranked", "brick", kWaitRules).ok());
        MatchFound m;
        REQUIRE(awaitMatch(ann, pace(), 5000, m));
        return m;
    }

    Pacing pace() {
        return {[this] { return now; },
                [this](std::int64_t ms) {
                    for (std::int64_t left = ms; left > 0; left -= 250) {
                        now += std::min<std::int64_t>(250, left);
                        rankedtest::tick(*service, now);
                        if (during) during();
                    }
                }};
    }
};

}  // namespace

TEST_CASE(
    "A client waiting in the queue longer than its burst of requests lasts is never refused, and names its room") {
    WaitWorld w;
    RankedClient ann = w.client("Ann"), bob = w.client("Bob");
    REQUIRE(ann.queue("ranked", "ryo", kWaitRules).ok());
    const std::int64_t start = w.now;
    w.during = [&] {  // Bob comes 40 s later: more polls than the burst of 20 would allow at once
        if (w.now - start == 40000) REQUIRE(bob.queue("ranked", "brick", kWaitRules).ok());
    };
    MatchFound m;
    REQUIRE(awaitMatch(ann, w.pace(), 60000, m));
    w.during = nullptr;
    CHECK(w.now - start >= 40000);
    CHECK(w.refusals.empty());
    REQUIRE(seatOf(m, ann.identity().publicKey) == 0);  // the longest waiting is p1: Ann hosts
    CHECK(nameRoom(ann, m.id, "ABCDEF", w.pace()).ok());
    CHECK(awaitRoom(bob, m.id, w.pace(), 30000) == "ABCDEF");
    CHECK(w.refusals.empty());
}

TEST_CASE("A Room refused for too many requests is sent again after a wait and taken; one refused for good once") {
    WaitWorld w;
    RankedClient ann = w.client("Ann"), bob = w.client("Bob");
    const MatchFound m = w.matched(ann, bob);
    w.spendAllowance(ann);  // the Room meets the limit
    std::vector<std::string> said;
    const std::int64_t sentAt = w.now;
    const ServiceAnswer a =
        nameRoom(ann, m.id, "ABCDEF", w.pace(), [&](const ServiceAnswer& r) { said.push_back(r.text); });
    CHECK(a.ok());
    REQUIRE(!said.empty());
    CHECK(said[0] == "refused too many requests; wait a little");
    CHECK(int(said.size()) < kRequestPersistence.sends);
    CHECK(w.now - sentAt <= kRequestPersistence.withinMs);
    CHECK(awaitRoom(bob, m.id, w.pace(), 30000) == "ABCDEF");
    // p2 may not name the room: said once, not sent again.
    said.clear();
    w.refusals.clear();
    CHECK(!nameRoom(bob, m.id, "ABCDEF", w.pace(), [&](const ServiceAnswer& r) { said.push_back(r.text); }).ok());
    CHECK(said.empty());
    CHECK(w.refusals == std::vector<std::string>{"p1 hosts the match: only p1 names its room"});
}

TEST_CASE("A log refused on a full disk is sent again and the match is decided; a bad log is sent once") {
    WaitWorld w(60);
    RankedClient ann = w.client("Ann"), bob = w.client("Bob");
    const MatchFound m = w.matched(ann, bob);
    MatchRecord match;
    std::string why;
    REQUIRE(w.store->match(m.id, match, why));
    const std::string rec = rankedtest::recordMatch(match, rankedtest::testRules(), 0, 3);
    std::vector<std::string> said;
    const auto say = [&](const ServiceAnswer& r) { said.push_back(r.text); };
    // A log that is not a recording cannot become one: refused once, not sent again.
    CHECK(sendLog(ann, m.id, kWaitRules, "hello\n", {}, w.pace(), say).text.find("not a recording") !=
          std::string::npos);
    CHECK(w.results == 1);
    CHECK(said.empty());
    REQUIRE(sendLog(ann, m.id, kWaitRules, rec, {}, w.pace(), say).ok());
    // The disk fills (another match's replay nearly fills a page, then players fill the file to its cap).
    REQUIRE(w.store->createMatch(
        rankedtest::match(99, keyHex(ann.identity().publicKey), keyHex(bob.identity().publicKey)), why));
    REQUIRE(w.store->decide(Decision{99, "disputed", -1, "", std::string(4000, 'r')}, why));
    for (int i = 0; i < 1000; ++i)
        if (!w.store->savePlayer(rankedtest::player("filler" + std::to_string(i), std::string(12000, 'x')), why)) break;
    REQUIRE(why.find("full") != std::string::npos);
    const std::int64_t sentAt = w.now;
    w.during = [&] {  // room again (the same file, no cap) some 8 s later: Bob's third send is kept
        if (w.now - sentAt == 8000) w.open(0);
    };
    w.results = 0;
    const ServiceAnswer a = sendLog(bob, m.id, kWaitRules, rec, {}, w.pace(), say);
    w.during = nullptr;
    CHECK(a.ok());
    CHECK(w.results == 3);
    REQUIRE(said.size() == 2);
    CHECK(said[0] == "refused the store: database or disk is full");
    HistoryRow row;
    REQUIRE(awaitDecision(bob, m.id, w.pace(), 10000, row));
    CHECK(row.state == "verified");  // from both logs: Ann's alone, with nothing of Bob's behind it, is not rated
    CHECK(row.winner == 0);
}

TEST_CASE("A Hello or a Queue refused for too many requests is sent again after a wait and taken") {
    WaitWorld w;
    RankedClient ann = w.client("Ann");
    w.spendAllowance(ann);
    std::string refusedFirst;
    SUBCASE("the Hello") { refusedFirst = "Hello"; }
    SUBCASE("the Queue") {
        w.now += 1000;  // one request's worth refills: the Hello is taken, the Queue meets the limit
        refusedFirst = "Queue";
    }
    std::vector<std::string> said;
    const std::int64_t sentAt = w.now;
    const ServiceAnswer a = joinQueue(
        ann, "ranked", "ryo", kWaitRules, w.pace(),
        [&](const char* request, const ServiceAnswer& r) { said.push_back(std::string(request) + ": " + r.text); });
    CHECK(a.text == "ok waiting for a ranked match");
    REQUIRE(!said.empty());
    CHECK(said[0] == refusedFirst + ": refused too many requests; wait a little");
    CHECK(int(said.size()) < kRequestPersistence.sends);
    CHECK(w.now - sentAt <= kRequestPersistence.withinMs);
    CHECK(w.service->queued() == 1);
}

TEST_CASE("A Queue refused for good is sent once, and a Hello not taken is not followed by a Queue") {
    WaitWorld w;
    RankedClient ann = w.client("Ann");
    std::vector<std::string> said;
    const auto say = [&](const char* request, const ServiceAnswer& r) { said.push_back(request + r.text); };
    CHECK(joinQueue(ann, "ranked", "nobody", kWaitRules, w.pace(), say).text ==
          "refused no fighter 'nobody' on this service");
    CHECK(said.empty());
    CHECK(w.refusals.size() == 1);
    net::Identity nameless = ann.identity();
    nameless.name = "";  // a Hello the service refuses for good
    RankedClient bad(
        [&w](const std::string& m, const std::string& p, const std::string& b) { return w.answer(m, p, b); }, nameless,
        [&w] { return w.now; });
    w.refusals.clear();
    CHECK(joinQueue(bad, "ranked", "ryo", kWaitRules, w.pace(), say).text.rfind("refused a name is", 0) == 0);
    CHECK(w.refusals.size() == 1);  // no Queue after it
    CHECK(w.service->queued() == 0);
}

TEST_CASE("A batch of checkpoints refused for too many requests is sent again and kept; one refused for good once") {
    WaitWorld w;
    RankedClient ann = w.client("Ann"), bob = w.client("Bob");
    const MatchFound m = w.matched(ann, bob);
    w.spendAllowance(ann);
    const std::int64_t sentAt = w.now;
    {
        ClaimSender sender(ann, m.id, w.pace());  // its thread alone touches the world until it is joined
        sender.send(Claims{{600, 0x1111}, {1200, 0x2222}});
        sender.send(Claims{{99999999999, 0x3333}});  // not a frame: refused for good
    }
    CHECK(w.now - sentAt <= kRequestPersistence.withinMs);
    REQUIRE(!w.refusals.empty());
    CHECK(w.refusals[0] == "too many requests; wait a little");
    CHECK(w.refusals.back().rfind("a checkpoint is FRAME HASH", 0) == 0);
    CHECK(std::count(w.refusals.begin(), w.refusals.end(), w.refusals.back()) == 1);
    Claims kept[2];
    std::string why;
    REQUIRE(w.store->claims(m.id, kept, why));
    CHECK(kept[0] == Claims{{600, 0x1111}, {1200, 0x2222}});
    CHECK(kept[1].empty());
}

TEST_CASE("A Room or a log met by a database failing in the service's look-up is refused for now and sent again") {
    WaitWorld w;
    RankedClient ann = w.client("Ann"), bob = w.client("Bob");
    const MatchFound m = w.matched(ann, bob);
    std::vector<std::string> said;
    const auto say = [&](const ServiceAnswer& r) { said.push_back(r.text); };
    // The player's own row (every request), p1's assignment and the match: each looked up for a Room.
    for (const std::string table : {"ratings", "assignments", "matches"}) {
        CAPTURE(table);
        said.clear();
        w.tableAwayFor4s(table);
        CHECK(nameRoom(ann, m.id, "ABCDEF", w.pace(), say).ok());
        w.tableBack();  // (when the Room was not sent again)
        CHECK((said.empty() ? "" : said[0]) == "refused the store: no such table: " + table);
    }
    MatchRecord match;
    std::string why;
    REQUIRE(w.store->match(m.id, match, why));
    const std::string rec = rankedtest::recordMatch(match, rankedtest::testRules(), 0, 3);
    int side = 0;
    for (const std::string table : {"ratings", "matches"}) {  // the sender's row, the match a log names
        CAPTURE(table);
        said.clear();
        w.tableAwayFor4s(table);
        CHECK(sendLog(side++ == 0 ? ann : bob, m.id, kWaitRules, rec, {}, w.pace(), say).ok());
        w.tableBack();
        CHECK((said.empty() ? "" : said[0]) == "refused the store: no such table: " + table);
    }
    w.during = nullptr;
    HistoryRow row;
    REQUIRE(awaitDecision(bob, m.id, w.pace(), 5000, row));
    CHECK(row.state == "verified");
}

TEST_CASE(
    "A batch of checkpoints met by a database failing to keep it is sent again and kept; one over the limit once") {
    WaitWorld w;
    RankedClient ann = w.client("Ann"), bob = w.client("Bob");
    const MatchFound m = w.matched(ann, bob);
    w.tableAwayFor4s("claims");
    {
        ClaimSender sender(ann, m.id, w.pace());  // its thread alone touches the world until it is joined
        sender.send(Claims{{600, 0x1111}, {1200, 0x2222}});
    }
    w.tableBack();  // (when the batch was not sent again)
    w.during = nullptr;
    REQUIRE(!w.refusals.empty());
    CHECK(w.refusals[0] == "the store: no such table: claims");
    Claims kept[2];
    std::string why;
    REQUIRE(w.store->claims(m.id, kept, why));
    CHECK(kept[0] == Claims{{600, 0x1111}, {1200, 0x2222}});
    // A side at the store's limit: its next batch is refused for good, in the store's own words, and sent once.
    Claims full;
    for (std::int64_t frame = 1; frame <= kMaxClaimsPerSide; ++frame) full[frame * 600] = std::uint64_t(frame);
    REQUIRE(w.store->addClaims(m.id, 1, full, why));
    w.refusals.clear();
    {
        ClaimSender sender(bob, m.id, w.pace());
        sender.send(Claims{{600 * (kMaxClaimsPerSide + 1), 0x3333}});
    }
    CHECK(w.refusals == std::vector<std::string>{kTooManyClaims});
}

TEST_CASE("A Poll met by a database failing to read its match is refused for now, not idle; a match gone is idle") {
    WaitWorld w;
    RankedClient ann = w.client("Ann"), bob = w.client("Bob");
    const MatchFound m = w.matched(ann, bob);
    w.renameTable("matches", "matches_away");
    const ServiceAnswer a = ann.poll();
    CHECK(a.text == "refused the store: no such table: matches");  // before: `ok idle`, the match hidden
    CHECK(refusedForNow(a));
    w.renameTable("matches_away", "matches");
    MatchFound again;
    REQUIRE(parseMatchFound(ann.poll().text, again));
    CHECK(again.id == m.id);
    // The match's row gone (deleted by hand, foreign keys off): a match the store does not have is idle.
    std::string why;
    std::unique_ptr<SqlConnection> db = openSqliteConnection(w.dir.file("ranked.db"), why);
    REQUIRE_MESSAGE(db, why);
    SqlRows rows;
    REQUIRE_MESSAGE(db->exec("PRAGMA foreign_keys=OFF", {}, rows, why), why);
    REQUIRE_MESSAGE(db->exec("DELETE FROM matches WHERE id = $1", {std::to_string(m.id)}, rows, why), why);
    CHECK(ann.poll().text == "ok idle");
}

TEST_CASE("A Queue the shared queue's table fails to take is refused for now and sent again; already waiting once") {
    WaitWorld w(0, true);  // the queue as PostgreSQL keeps it: a table of the store
    RankedClient ann = w.client("Ann");
    std::vector<std::string> said;
    const auto say = [&](const char* request, const ServiceAnswer& r) {
        said.push_back(std::string(request) + ": " + r.text);
    };
    w.tableAwayFor4s("queue");
    const ServiceAnswer a = joinQueue(ann, "ranked", "ryo", kWaitRules, w.pace(), say);
    w.tableBack();  // (when the Queue was not sent again)
    w.during = nullptr;
    CHECK(a.text == "ok waiting for a ranked match");
    REQUIRE(!said.empty());
    CHECK(said[0] == "Queue: refused the store: no such table: queue");  // before: the bare words, sent once
    CHECK(w.service->queued() == 1);
    // In the table already: the store's own refusal, for good, sent once.
    said.clear();
    w.refusals.clear();
    CHECK(joinQueue(ann, "ranked", "ryo", kWaitRules, w.pace(), say).text == "refused already waiting");
    CHECK(said.empty());
    CHECK(w.refusals == std::vector<std::string>{kAlreadyWaiting});
}
