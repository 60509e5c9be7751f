// The Online screen's service pages without a window or a socket: Quick match, Ranked, a friend's challenge and
// the Profile through ranked::RankedClient against the matchmaking service in-process (its logic and its SQLite
// store, the same GET pages bvh_matchd serves), on a virtual clock; every failure in a player's words.
#include "game/app/online/match_flow.h"
#include "game/app/online/service_flow.h"
#include "game/io/run_file.h"
#include "game/ranked/pages.h"
#include "game/ranked/ranked_test_util.h"
#include "game/ranked/service.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

namespace {

/// The service in-process: POST /request and the GET pages as bvh_matchd answers them, on a virtual clock.
struct InProcessService {
    rankedtest::TempDir dir;
    std::unique_ptr<ranked::Store> store;
    std::unique_ptr<ranked::MatchService> service;
    std::int64_t now = 1700000000000;
    bool up = true;  ///< false: nothing answers (the service is down or unreachable)

    InProcessService() {
        std::string why;
        store = ranked::openSqliteStore(dir.file("ranked.db"), why);
        REQUIRE_MESSAGE(store, why);
        ranked::ServiceConfig config;
        config.rules = rankedtest::testRules();
        config.lobbyPort = 7201;
        service = std::make_unique<ranked::MatchService>(*store, config);
    }

    ranked::ServiceAnswer answer(const std::string& method, const std::string& path, const std::string& body) {
        ranked::ServiceAnswer a;
        if (!up) return a;
        a.reached = true;
        a.status = 200;
        std::string why;
        const auto after = [&path](const char* prefix) { return path.substr(std::string(prefix).size()); };
        if (method == "POST" && path == "/request") {
            ranked::Request r;
            if (!ranked::parseRequestText(body, 1 << 20, r, why)) return a.status = 400, a.text = "refused " + why, a;
            const ranked::Reply reply = rankedtest::handle(*service, r, now);
            a.status = reply.ok ? 200 : 403;
            a.text = (reply.ok ? "ok " : "refused ") + reply.text;
        } else if (path.rfind("/player/", 0) == 0) {
            if (!ranked::playerPage(*store, after("/player/"), a.text, why)) a.status = 404, a.text = why;
        } else if (path.rfind("/history/", 0) == 0) {
            if (!ranked::historyPage(*store, after("/history/"), a.text, why)) a.text = "error " + why;
        } else if (path.rfind("/replay/", 0) == 0) {
            if (!store->replay(std::stoll(after("/replay/")), a.text, why)) a.status = 404, a.text = why;
        } else {
            a.status = 404;
        }
        while (!a.text.empty() && a.text.back() == '\n') a.text.pop_back();  // as the HTTP call does
        return a;
    }

    /// A player of this service, its clock `skewMs` off the service's.
    ranked::RankedClient client(const std::string& name, std::int64_t skewMs = 0) {
        net::Identity id;
        REQUIRE(net::makeIdentity(name, id));
        return ranked::RankedClient(
            [this](const std::string& m, const std::string& p, const std::string& b) { return answer(m, p, b); }, id,
            [this, skewMs] { return now + skewMs; });
    }
};

/// Ticks the flows and the service 250 ms apart until every flow is found or failed (at most 2 virtual minutes).
void runUntilSettled(InProcessService& svc, std::vector<app::SeekFlow*> flows) {
    const auto settled = [&flows] {
        for (app::SeekFlow* f : flows)
            if (f->stage() != app::SeekFlow::Stage::Found && f->stage() != app::SeekFlow::Stage::Failed) return false;
        return true;
    };
    for (int i = 0; i < 480 && !settled(); ++i) {
        svc.now += 250;
        rankedtest::tick(*svc.service, svc.now);
        for (app::SeekFlow* f : flows) f->tick(svc.now);
    }
}

const char* const kRules = "00112233";  // rankedtest::testRules()'s

}  // namespace

TEST_CASE(
    "Ranked from the window: two players queue, are paired, and each sees the other's name, fingerprint and rating") {
    InProcessService svc;
    auto runner = app::makeInlineRunner();
    ranked::RankedClient ann = svc.client("ann"), bob = svc.client("bob");
    app::SeekFlow a(ann, *runner, app::SeekKind::Ranked, "ryo", "", kRules, "svc:7200");
    auto runnerB = app::makeInlineRunner();
    app::SeekFlow b(bob, *runnerB, app::SeekKind::Ranked, "brick", "", kRules, "svc:7200");
    a.tick(svc.now);
    for (int i = 0; i < 5; ++i) a.tick(svc.now += 100);  // hello, leave, queue: ann waits alone
    CHECK(a.stage() == app::SeekFlow::Stage::Waiting);
    runUntilSettled(svc, {&a, &b});
    REQUIRE(a.stage() == app::SeekFlow::Stage::Found);
    REQUIRE(b.stage() == app::SeekFlow::Stage::Found);
    CHECK(a.match().id == b.match().id);
    CHECK(a.match().ranked);
    CHECK(a.opponent().name == "bob");
    CHECK(a.opponent().code == net::fingerprint(bob.identity().publicKey));
    CHECK(b.opponent().name == "ann");
    CHECK(b.opponent().code == net::fingerprint(ann.identity().publicKey));
    CHECK(b.opponent().rating == 1500);  // a new player: 1500 +- 350, provisional (docs/ranked.md)
    CHECK(b.opponent().deviation == 350);
    CHECK(b.opponent().provisional);
    CHECK(a.match().fighter[a.opponentSeat()] == "brick");
    CHECK(b.match().fighter[b.opponentSeat()] == "ryo");
    CHECK(a.waitedMs(svc.now + 60000) == a.waitedMs(svc.now));  // the queue time stops at the match found
    CHECK(a.waitedMs(svc.now) > 0);
}

TEST_CASE("Quick match pairs two players unranked; leaving the queue takes a player out before anyone is found") {
    InProcessService svc;
    auto r1 = app::makeInlineRunner(), r2 = app::makeInlineRunner(), spare = app::makeInlineRunner();
    app::SeekFlow a(svc.client("ann"), *r1, app::SeekKind::Quick, "ryo", "", kRules, "svc:7200");
    for (int i = 0; i < 6; ++i) a.tick(svc.now += 100);
    REQUIRE(a.stage() == app::SeekFlow::Stage::Waiting);
    CHECK(svc.service->queued() == 1);
    a.cancel(*spare);  // Esc on the queue page
    CHECK(svc.service->queued() == 0);
    app::SeekFlow c(svc.client("cat"), *r1, app::SeekKind::Quick, "ryo", "", kRules, "svc:7200");
    app::SeekFlow d(svc.client("dan"), *r2, app::SeekKind::Quick, "brick", "", kRules, "svc:7200");
    runUntilSettled(svc, {&c, &d});
    REQUIRE(c.stage() == app::SeekFlow::Stage::Found);
    CHECK_FALSE(c.match().ranked);
    CHECK(c.opponent().name == "dan");
}

TEST_CASE("The queue page polls on through a Poll refused for now (too many requests), as headless, and is paired") {
    InProcessService svc;
    ranked::RankedClient ann = svc.client("ann");
    auto r1 = app::makeInlineRunner(), r2 = app::makeInlineRunner();
    app::SeekFlow a(ann, *r1, app::SeekKind::Ranked, "ryo", "", kRules, "svc:7200");
    for (int i = 0; i < 6; ++i) a.tick(svc.now += 100);
    REQUIRE(a.stage() == app::SeekFlow::Stage::Waiting);
    for (int i = 0; i < 3; ++i) a.tick(svc.now += 250);
    // Ann's allowance spent (another window of the same player, say): her next Poll meets the rate limit.
    svc.now += 250;
    for (int i = 0; i < ranked::kRequestBurst + 2; ++i) ann.poll();
    REQUIRE(ann.poll().text.find("too many requests") != std::string::npos);
    a.tick(svc.now);                                    // the Poll, a second after the last
    a.tick(svc.now += 250);                             // its answer taken
    CHECK(a.stage() == app::SeekFlow::Stage::Waiting);  // refused for now, not failed
    CHECK(a.message().rfind("The service is busy: asking it again", 0) == 0);
    app::SeekFlow b(svc.client("bob"), *r2, app::SeekKind::Ranked, "brick", "", kRules, "svc:7200");
    runUntilSettled(svc, {&a, &b});
    CHECK(a.stage() == app::SeekFlow::Stage::Found);
    CHECK(b.stage() == app::SeekFlow::Stage::Found);
}

TEST_CASE("A wait left from before (a window closed in the ranked queue) does not keep a quick match from pairing") {
    InProcessService svc;
    ranked::RankedClient ann = svc.client("ann");
    REQUIRE(ann.hello().ok());
    REQUIRE(ann.queue("ranked", "ryo", kRules).ok());  // then the window closed without leaving
    auto r1 = app::makeInlineRunner(), r2 = app::makeInlineRunner();
    app::SeekFlow a(ann, *r1, app::SeekKind::Quick, "ryo", "", kRules, "svc:7200");
    app::SeekFlow b(svc.client("bob"), *r2, app::SeekKind::Quick, "brick", "", kRules, "svc:7200");
    runUntilSettled(svc, {&a, &b});
    REQUIRE(a.stage() == app::SeekFlow::Stage::Found);
    CHECK_FALSE(a.match().ranked);
    CHECK(a.opponent().name == "bob");
}

TEST_CASE("A player of another build, a wrong clock or a service that does not answer is told so in words") {
    InProcessService svc;
    auto runner = app::makeInlineRunner();
    app::SeekFlow other(svc.client("ann"), *runner, app::SeekKind::Ranked, "ryo", "", "ffffffff", "svc:7200");
    runUntilSettled(svc, {&other});
    CHECK(other.stage() == app::SeekFlow::Stage::Failed);
    CHECK(other.message() ==
          "Your game and the online service are different versions: update the game to play online.");
    app::SeekFlow late(svc.client("bob", 45000), *runner, app::SeekKind::Quick, "ryo", "", kRules, "svc:7200");
    runUntilSettled(svc, {&late});
    CHECK(late.message() == "Your computer's clock is more than 30 seconds off: set the right time and try again.");
    svc.up = false;
    app::SeekFlow down(svc.client("cat"), *runner, app::SeekKind::Quick, "ryo", "", kRules, "svc:7200");
    runUntilSettled(svc, {&down});
    CHECK(down.stage() == app::SeekFlow::Stage::Failed);
    CHECK(down.message() ==
          "The online service (svc:7200) does not answer. Check your connection, or the service "
          "address on the Advanced page.");
    // The default address, this computer: nothing there is no service set up, not a connection to check.
    ranked::ServiceAnswer silent;
    for (const char* here : {"localhost:7200", "127.0.0.1:7200", "[::1]:7200"}) {
        CHECK(app::serviceProblem(silent, here) ==
              "No online service runs on this computer (" + std::string(here) +
                  "). Put a service's address on the Advanced page, or play a friend from there with Direct.");
    }
}

TEST_CASE("The service's other refusals are said for a player, and an unknown one is quoted") {
    const auto said = [](int status, const std::string& text) {
        ranked::ServiceAnswer a;
        a.reached = true, a.status = status, a.text = text;
        return app::serviceProblem(a, "svc:7200");
    };
    CHECK(said(403, "refused too many requests; wait a little") ==
          "The service is busy with your requests: wait a minute and try again.");
    CHECK(said(403, "refused no player has the code 0000-0000-0000-0000") ==
          "Nobody has that code: check it with your friend.");
    CHECK(said(403, "refused that is your own code") == "That is your own code: type your friend's.");
    CHECK(said(403, "refused no fighter 'zed' on this service") ==
          "The service does not have your fighter: pick another one.");
    CHECK(said(403, "refused the queue is full (100000)") == "The service said: the queue is full (100000).");
    CHECK(said(502, "Bad Gateway") == "The service answered something this game does not understand (HTTP 502).");
}

TEST_CASE("Friends: each enters the other's code, and both find the match; a code nobody has is said") {
    InProcessService svc;
    auto r1 = app::makeInlineRunner(), r2 = app::makeInlineRunner();
    ranked::RankedClient ann = svc.client("ann"), bob = svc.client("bob");
    REQUIRE(bob.hello().ok());  // bob has used the service before: his code is known
    const std::string annCode = net::fingerprint(ann.identity().publicKey);
    const std::string bobCode = net::fingerprint(bob.identity().publicKey);
    app::SeekFlow a(ann, *r1, app::SeekKind::Challenge, "ryo", bobCode, kRules, "svc:7200");
    for (int i = 0; i < 6; ++i) a.tick(svc.now += 100);
    REQUIRE(a.stage() == app::SeekFlow::Stage::Waiting);
    CHECK(a.message() == "Challenge sent: waiting for your friend to enter your code.");
    app::SeekFlow b(bob, *r2, app::SeekKind::Challenge, "brick", annCode, kRules, "svc:7200");
    runUntilSettled(svc, {&a, &b});
    REQUIRE(a.stage() == app::SeekFlow::Stage::Found);
    REQUIRE(b.stage() == app::SeekFlow::Stage::Found);
    CHECK_FALSE(a.match().ranked);
    CHECK(a.opponent().name == "bob");
    CHECK(b.opponent().name == "ann");
    app::SeekFlow nobody(svc.client("cat"), *r1, app::SeekKind::Challenge, "ryo", "0000-0000-0000-0000", kRules,
                         "svc:7200");
    runUntilSettled(svc, {&nobody});
    CHECK(nobody.message() == "Nobody has that code: check it with your friend.");
}

namespace {

/// Match 77, ann (P1) against bob (P2), decided in the store: bob won, rated. The decision (its replay).
ranked::Decision bobBeatAnn(InProcessService& svc, ranked::RankedClient& ann, ranked::RankedClient& bob) {
    REQUIRE(ann.hello().ok());
    REQUIRE(bob.hello().ok());
    ranked::MatchRecord m =
        rankedtest::match(77, ranked::keyHex(ann.identity().publicKey), ranked::keyHex(bob.identity().publicKey));
    m.rules = kRules;
    std::string why;
    REQUIRE_MESSAGE(svc.store->createMatch(m, why), why);
    ranked::Decision d;
    d.matchId = 77, d.winner = 1;  // bob (P2) won
    d.replay = rankedtest::recordMatch(m, rankedtest::testRules(), 1, 5, 300);
    REQUIRE_MESSAGE(svc.store->decide(d, why), why);
    return d;
}

/// The Profile of a player, once it has read its card and history (Ready).
void readProfile(InProcessService& svc, app::ProfileFlow& p) {
    for (int i = 0; i < 5 && p.stage() != app::ProfileFlow::Stage::Ready; ++i) p.tick(svc.now += 100);
    REQUIRE(p.stage() == app::ProfileFlow::Stage::Ready);
}

}  // namespace

TEST_CASE("The Profile shows the rating, the rank, the last matches from the player's side, and fetches a replay") {
    InProcessService svc;
    ranked::RankedClient ann = svc.client("ann"), bob = svc.client("bob");
    const ranked::Decision d = bobBeatAnn(svc, ann, bob);
    auto runner = app::makeInlineRunner();
    app::ProfileFlow p(bob, *runner, "svc:7200");
    readProfile(svc, p);
    CHECK(p.card().name == "bob");
    CHECK(p.card().code == net::fingerprint(bob.identity().publicKey));
    CHECK(p.card().rating > 1500);  // won his first rated game
    CHECK(p.card().deviation < 350);
    CHECK(p.card().games == 1);
    CHECK(p.card().provisional);  // fewer than 5 games
    CHECK(p.card().rank == 1);    // both provisional: the higher rating first
    REQUIRE(p.matches().size() == 1);
    CHECK(p.matches()[0].row.id == 77);
    CHECK(p.matches()[0].mySeat == 1);
    CHECK(p.matches()[0].result == "won");
    CHECK(p.matches()[0].opponentCode == net::fingerprint(ann.identity().publicKey));
    CHECK(p.matches()[0].opponent == "ann");  // listed by name, not by fingerprint
    CHECK(p.matches()[0].change.rfind("+", 0) == 0);
    p.fetchReplay(0);
    p.tick(svc.now += 100);
    std::string text;
    std::int64_t id = 0;
    REQUIRE(p.takeReplay(text, id));
    CHECK(id == 77);
    CHECK(text == d.replay);
    sim::RunFile run;
    io::Error error;
    CHECK_MESSAGE(sim::parseRunFile(text, "ranked-77.freplay", run, error), error.text());
}

TEST_CASE("The Profile lists an opponent by the name the service knows now, renamed or not") {
    InProcessService svc;
    ranked::RankedClient ann = svc.client("ann"), bob = svc.client("bob");
    bobBeatAnn(svc, ann, bob);
    net::Identity renamed = ann.identity();
    renamed.name = "Ann Lee";  // a name may hold spaces
    ranked::RankedClient annLee(
        [&svc](const std::string& m, const std::string& p, const std::string& b) { return svc.answer(m, p, b); },
        renamed, [&svc] { return svc.now; });
    REQUIRE(annLee.hello().ok());  // the same key, a new name
    auto runner = app::makeInlineRunner();
    app::ProfileFlow p(bob, *runner, "svc:7200");
    readProfile(svc, p);
    REQUIRE(p.matches().size() == 1);
    CHECK(p.matches()[0].row.name[0] == "Ann Lee");
    CHECK(p.matches()[0].row.name[1] == "bob");
    CHECK(p.matches()[0].opponent == "Ann Lee");
}

TEST_CASE("A player with no rated game is unranked: off the leaderboard, and the Profile says so") {
    InProcessService svc;
    ranked::RankedClient ann = svc.client("ann"), bob = svc.client("bob"), cat = svc.client("cat");
    bobBeatAnn(svc, ann, bob);
    REQUIRE(cat.hello().ok());  // at 1500 like everyone new, above ann (who lost), but never rated
    auto runner = app::makeInlineRunner();
    app::ProfileFlow catsProfile(cat, *runner, "svc:7200");
    readProfile(svc, catsProfile);
    CHECK(catsProfile.card().games == 0);
    CHECK(catsProfile.card().rank == 0);
    CHECK(app::rankText(catsProfile.card()) == "unranked (no rated game yet)");
    app::ProfileFlow annsProfile(ann, *runner, "svc:7200");
    readProfile(svc, annsProfile);
    CHECK(annsProfile.card().rank == 2);  // behind bob; cat is not counted
    CHECK(app::rankText(annsProfile.card()) == "rank 2 on the leaderboard");
    ranked::PlayerCard far;
    far.games = 3;  // rated, but beyond the places counted
    CHECK(app::rankText(far) == "not among the leaderboard's first 10000");
}

TEST_CASE("A history page reads from either player's side, an undecided or disputed match says so") {
    // Worked by hand: ann (key a...) beat bob in match 5 (+12.4 / -12.4 rounds to +12 / -12), match 6 is open,
    // match 7 disputed; a line that does not read is skipped.
    const std::string a(64, 'a'), b(64, 'b');
    const std::string page = "5 verified 0 ryo brick 12.4 -12.4 " + a + " " + b + "\n6 open -1 ryo ryo 0 0 " + b + " " +
                             a + "\nnot a line\n7 disputed -1 brick ryo 0 0 " + a + " " + b + "\n";
    const std::vector<app::ProfileMatch> fromB = app::profileMatches(ranked::parseHistory(page), b);
    REQUIRE(fromB.size() == 3);
    CHECK(fromB[0].result == "lost");
    CHECK(fromB[0].change == "-12");
    CHECK(fromB[0].mySeat == 1);
    CHECK(fromB[1].result == "not decided");
    CHECK(fromB[1].mySeat == 0);
    CHECK(fromB[1].change.empty());
    CHECK(fromB[2].result == "disputed");
    CHECK(app::profileMatches(ranked::parseHistory(page), a)[0].change == "+12");
    // A page from an older service names nobody: the opponent is listed by fingerprint.
    net::IdentityKey keyA{};
    keyA.fill(0xaa);
    CHECK(fromB[0].opponent == net::fingerprint(keyA));
    // The names come after the rows, once per player (a name may hold spaces); a reader of the rows alone skips them.
    const std::string named =
        page + "name " + a + " Ann Lee\nname " + b + " bob\nname " + std::string(64, 'c') + " x\n";
    const std::vector<ranked::HistoryRow> rows = ranked::parseHistory(named);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].name[0] == "Ann Lee");
    CHECK(rows[1].name[0] == "bob");
    CHECK(app::profileMatches(rows, b)[0].opponent == "Ann Lee");
    CHECK(app::profileMatches(rows, a)[0].opponent == "bob");
    CHECK(app::clockText(0) == "0:00");
    CHECK(app::clockText(92500) == "1:32");
}

TEST_CASE("A poll's match and a player page read back; anything else is not taken for one") {
    const std::string a(64, 'a'), b(64, 'b');
    ranked::MatchFound m;
    REQUIRE(ranked::parseMatchFound("ok match 42 ranked " + a + " " + b + " ryo brick", m));
    CHECK(m.id == 42);
    CHECK(m.ranked);
    CHECK(m.fighter[1] == "brick");
    CHECK(m.key[0][0] == 0xaa);
    CHECK(m.lobbyPort == 0);  // an answer without the hand-off's tail
    REQUIRE(ranked::parseMatchFound("ok match 42 unranked " + a + " " + b + " ryo brick 77 7201 -", m));
    CHECK(m.seed == 77);
    CHECK(m.lobbyPort == 7201);
    CHECK(m.room.empty());
    REQUIRE(ranked::parseMatchFound("ok match 42 unranked " + a + " " + b + " ryo brick 77 7201 K7QW-M2PX", m));
    CHECK(m.room == "K7QW-M2PX");
    net::IdentityKey keyB{};
    keyB.fill(0xbb);
    CHECK(ranked::seatOf(m, keyB) == 1);
    const ranked::MatchPlan plan = ranked::planMatch(m, 1, "example.org:7200");
    CHECK_FALSE(plan.host);
    CHECK(plan.lobby == "example.org:7201");
    CHECK(plan.opponent == net::fingerprint(m.key[0]));
    CHECK(plan.setup.seed == 77);
    CHECK_FALSE(ranked::parseMatchFound("ok match 42 ranked " + a + " " + b + " ryo brick 77 99999 -", m));
    CHECK_FALSE(ranked::parseMatchFound("ok waiting", m));
    CHECK_FALSE(ranked::parseMatchFound("ok match 42 ranked " + a + " xyz ryo brick", m));
    CHECK_FALSE(ranked::parseMatchFound("refused match 42 ranked " + a + " " + b + " ryo brick", m));
    ranked::PlayerCard c;
    REQUIRE(ranked::parsePlayerCard("name Ann Lee\ncode 1234-5678-9abc-def0\nrating 1612 87 9 established\nrank 3", c));
    CHECK(c.name == "Ann Lee");
    CHECK(c.rating == 1612);
    CHECK_FALSE(c.provisional);
    CHECK(c.rank == 3);
    CHECK_FALSE(ranked::parsePlayerCard("name Ann\ncode x\nrank 3", c));  // no rating line
    CHECK(app::ratingText(c) == "1612 \u00b1 87");
}

TEST_CASE(
    "The window's request runner hands back a job's answer once, and a job outliving its runner finishes harmlessly") {
    auto runner = app::makeThreadRunner();
    runner->start([] {
        ranked::ServiceAnswer a;
        a.reached = true, a.status = 200, a.text = "ok welcome";
        return a;
    });
    ranked::ServiceAnswer got;
    bool taken = false;
    for (int i = 0; i < 10000 && !taken; ++i) {  // waits for the job's state, bounded
        taken = runner->take(got);
        if (!taken) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    REQUIRE(taken);
    CHECK(got.text == "ok welcome");
    CHECK_FALSE(runner->busy());
    CHECK_FALSE(runner->take(got));  // once
    // A screen left while its request is out: the runner goes, the job ends later into a state nobody reads.
    std::promise<void> release;
    std::shared_future<void> go = release.get_future().share();
    auto finished = std::make_shared<std::atomic<bool>>(false);
    runner->start([go, finished] {
        go.wait();
        finished->store(true);
        return ranked::ServiceAnswer{};
    });
    CHECK(runner->busy());
    runner.reset();
    release.set_value();
    for (int i = 0; i < 10000 && !finished->load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    CHECK(finished->load());
}

namespace {

/// Two players of svc paired for a ranked match through the window's SeekFlow (ann p1 or p2, as the service drew).
struct PairedMatch {
    ranked::RankedClient ann, bob;
    std::unique_ptr<app::RequestRunner> runA = app::makeInlineRunner(), runB = app::makeInlineRunner();
    ranked::MatchFound found;
    explicit PairedMatch(InProcessService& svc) : ann(svc.client("ann")), bob(svc.client("bob")) {
        app::SeekFlow a(ann, *runA, app::SeekKind::Ranked, "ryo", "", kRules, "svc:7200");
        app::SeekFlow b(bob, *runB, app::SeekKind::Ranked, "brick", "", kRules, "svc:7200");
        runUntilSettled(svc, {&a, &b});
        REQUIRE(a.stage() == app::SeekFlow::Stage::Found);
        REQUIRE(b.stage() == app::SeekFlow::Stage::Found);
        found = a.match();
    }
    /// The client sitting in seat 0 (hosts) or 1 (joins).
    ranked::RankedClient& seat(int s) { return ranked::seatOf(found, ann.identity().publicKey) == s ? ann : bob; }
};

void runFlows(InProcessService& svc, std::vector<app::MatchFlow*> flows, int ticks) {
    for (int i = 0; i < ticks; ++i) {
        svc.now += 250;
        rankedtest::tick(*svc.service, svc.now);
        for (app::MatchFlow* f : flows) f->tick(svc.now);
    }
}

}  // namespace

TEST_CASE(
    "A match found in the window: p1 names the room it hosts for p2's key alone, p2 joins it, both logs decide it") {
    InProcessService svc;
    PairedMatch pm(svc);
    auto runHost = app::makeInlineRunner(), runJoin = app::makeInlineRunner();
    app::MatchFlow host(pm.seat(0), *runHost, pm.found, "svc.example:7200", kRules);
    app::MatchFlow join(pm.seat(1), *runJoin, pm.found, "svc.example:7200", kRules);
    CHECK(host.stage() == app::MatchFlow::Stage::Hosting);
    CHECK(join.stage() == app::MatchFlow::Stage::AwaitingRoom);
    // The hand-off: both meet on the service's lobby, p1 admits only p2's key and p2 expects p1's.
    CHECK(host.plan().host);
    CHECK_FALSE(join.plan().host);
    CHECK(host.plan().lobby == "svc.example:7201");
    CHECK(host.plan().opponent == net::fingerprint(pm.seat(1).identity().publicKey));
    CHECK(join.plan().opponent == net::fingerprint(pm.seat(0).identity().publicKey));
    CHECK(host.plan().setup.fighter[0] == pm.found.fighter[0]);
    CHECK(host.plan().setup.seed == pm.found.seed);
    runFlows(svc, {&host, &join}, 8);
    CHECK(join.stage() == app::MatchFlow::Stage::AwaitingRoom);  // nobody named a room yet
    CHECK(app::matchStatusText(join) == "Waiting for your opponent to open the match's room...");
    host.roomHosted("K7QWM2");
    runFlows(svc, {&host, &join}, 8);
    CHECK(host.stage() == app::MatchFlow::Stage::Playing);
    REQUIRE(join.stage() == app::MatchFlow::Stage::Playing);
    CHECK(join.room() == "K7QWM2");
    // The match: p1 walks in and attacks, p2 stands; both record the same inputs and send the same log.
    ranked::MatchRecord m;
    std::string why;
    REQUIRE(svc.store->match(pm.found.id, m, why));
    const std::string log = rankedtest::recordMatch(m, rankedtest::testRules(), 0, 7);
    for (app::MatchFlow* f : {&host, &join}) {
        for (std::int64_t frame = 60; frame <= 660; frame += 60) f->checkpoint(frame, std::uint64_t(frame) * 3);
        f->finished(log);
    }
    runFlows(svc, {&host, &join}, 20);
    REQUIRE(host.stage() == app::MatchFlow::Stage::Decided);
    REQUIRE(join.stage() == app::MatchFlow::Stage::Decided);
    CHECK(host.row().state == "verified");
    CHECK(host.resultText() == "You won.");
    CHECK(join.resultText() == "You lost.");
    CHECK(host.changeText().front() == '+');
    CHECK(app::matchStatusText(host) == "You won. Rating " + host.changeText() + ".");
    CHECK(join.changeText().front() == '-');
    ranked::Claims claims[2];
    REQUIRE(svc.store->claims(pm.found.id, claims, why));
    CHECK(claims[0].size() == 11);  // a batch of 10, then the last one with the log
    CHECK(claims[1].size() == 11);
}

TEST_CASE("A match found in the window: a Room refused for too many requests is sent again and taken, as headless") {
    InProcessService svc;
    PairedMatch pm(svc);
    auto runHost = app::makeInlineRunner(), runJoin = app::makeInlineRunner();
    app::MatchFlow host(pm.seat(0), *runHost, pm.found, "svc.example:7200", kRules);
    app::MatchFlow join(pm.seat(1), *runJoin, pm.found, "svc.example:7200", kRules);
    // p1's allowance spent (another window of the same player, say): its Room meets the rate limit.
    for (int i = 0; i < ranked::kRequestBurst + 2; ++i) pm.seat(0).poll();
    REQUIRE(pm.seat(0).poll().text.find("too many requests") != std::string::npos);
    host.roomHosted("K7QWM2");
    runFlows(svc, {&host, &join}, 2);
    CHECK(host.stage() == app::MatchFlow::Stage::NamingRoom);  // refused for now, not failed
    runFlows(svc, {&host, &join}, 40);                         // 10 s: the limit refills a request a second
    CHECK(host.stage() == app::MatchFlow::Stage::Playing);
    REQUIRE(join.stage() == app::MatchFlow::Stage::Playing);
    CHECK(join.room() == "K7QWM2");
}

TEST_CASE("A match found in the window: a checkpoint batch refused for too many requests is sent again, as headless") {
    InProcessService svc;
    PairedMatch pm(svc);
    auto runHost = app::makeInlineRunner();
    app::MatchFlow host(pm.seat(0), *runHost, pm.found, "svc.example:7200", kRules);
    host.roomHosted("K7QWM2");
    runFlows(svc, {&host}, 4);
    REQUIRE(host.stage() == app::MatchFlow::Stage::Playing);
    for (int i = 0; i < ranked::kRequestBurst + 2; ++i) pm.seat(0).poll();
    REQUIRE(pm.seat(0).poll().text.find("too many requests") != std::string::npos);
    for (std::int64_t frame = 60; frame <= 600; frame += 60) host.checkpoint(frame, std::uint64_t(frame) * 3);
    runFlows(svc, {&host}, 1);  // the batch meets the rate limit
    ranked::Claims claims[2];
    std::string why;
    REQUIRE(svc.store->claims(pm.found.id, claims, why));
    CHECK(claims[0].empty());
    runFlows(svc, {&host}, 40);  // 10 s: the limit refills a request a second
    REQUIRE(svc.store->claims(pm.found.id, claims, why));
    CHECK(claims[0].size() == 10);
}

TEST_CASE(
    "A match found in the window: a log that is not a recording is refused with the reason, and p2 gives up on a room "
    "never named") {
    InProcessService svc;
    PairedMatch pm(svc);
    auto runHost = app::makeInlineRunner(), runJoin = app::makeInlineRunner();
    app::MatchFlow host(pm.seat(0), *runHost, pm.found, "svc.example:7200", kRules);
    app::MatchFlow join(pm.seat(1), *runJoin, pm.found, "svc.example:7200", kRules);
    host.roomHosted("K7QWM2");
    runFlows(svc, {&host}, 4);
    REQUIRE(host.stage() == app::MatchFlow::Stage::Playing);
    host.finished("not a recording\n");
    runFlows(svc, {&host}, 8);
    REQUIRE(host.stage() == app::MatchFlow::Stage::Failed);
    CHECK(host.message().rfind("The service refused your match log: ", 0) == 0);
    runFlows(svc, {&join}, 4);
    CHECK(join.stage() == app::MatchFlow::Stage::Playing);  // the room was named before p2 first asked
    InProcessService other;
    PairedMatch lonely(other);
    auto runLonely = app::makeInlineRunner();
    app::MatchFlow waiting(lonely.seat(1), *runLonely, lonely.found, "svc.example:7200", kRules);
    runFlows(other, {&waiting}, 4 * (app::MatchFlow::kRoomWaitMs / 1000) + 8);
    CHECK(waiting.stage() == app::MatchFlow::Stage::Failed);
    CHECK(waiting.message() == "Your opponent did not open the match's room: no match.");
}
