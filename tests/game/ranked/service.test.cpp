#include "game/net/lobby_packet.h"
#include "game/ranked/client.h"
#include "game/ranked/service.h"
#include "ranked_test_util.h"

#include <doctest/doctest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>

using namespace ranked;

namespace {

struct World {
    rankedtest::TempDir dir;
    std::unique_ptr<Store> store;
    std::unique_ptr<MatchService> service;
    net::Identity ann, bob, eve;
    std::int64_t now = 1000000;
    explicit World(std::int64_t maxPages = 0) {
        std::string why;
        store = openSqliteStore(dir.file("ranked.db"), why, maxPages);
        REQUIRE_MESSAGE(store, why);
        ServiceConfig config;
        config.rules = rankedtest::testRules();
        service = std::make_unique<MatchService>(*store, config);
        REQUIRE(net::makeIdentity("Ann", ann));
        REQUIRE(net::makeIdentity("Bob", bob));
        REQUIRE(net::makeIdentity("Eve", eve));
        for (const net::Identity* id : {&ann, &bob, &eve}) REQUIRE(send(*id, RequestKind::Hello, "").ok);
    }
    Reply send(const net::Identity& id, RequestKind kind, const std::string& body) {
        return rankedtest::handle(*service, signRequest(id, kind, body, now), now);
    }
    // Ann and Bob queue for ranked and are paired.
    MatchRecord rankedMatch() {
        REQUIRE(send(ann, RequestKind::Queue, "ranked ryo 00112233").ok);
        REQUIRE(send(bob, RequestKind::Queue, "ranked brick 00112233").ok);
        const auto made = rankedtest::tick(*service, now);
        REQUIRE(made.size() == 1);
        return made[0].match;
    }
    Reply sendLog(const net::Identity& id, const MatchRecord& m, const std::string& rec,
                  const std::vector<net::Countersign>& countersigns = {}) {
        SignedLog log = signLog(id, m.id, m.rules, rec);
        log.countersigns = countersigns;
        return send(id, RequestKind::Result, resultBody(log));
    }
};

}  // namespace

TEST_CASE("The service refuses an unsigned, late, replayed, oversized or flooding request") {
    World w;
    Request r = signRequest(w.ann, RequestKind::Queue, "ranked ryo 00112233", w.now);
    Request forged = r;
    forged.body = "quick ryo";
    CHECK(w.service->handle(forged, w.now).text == "the request's signature does not check");
    CHECK(w.service->handle(r, w.now + 31000).text.find("more than 30 s from the service's") != std::string::npos);
    CHECK(w.service->handle(r, w.now).ok);
    CHECK(w.service->handle(r, w.now).text == "a request seen before (replayed)");
    CHECK(w.service->queued() == 1);
    CHECK(w.send(w.bob, RequestKind::Queue, std::string(kMaxLogBytes + 300, 'x')).text.find("request is larger than") !=
          std::string::npos);
    int refused = 0;
    for (int i = 0; i < 40; ++i)
        refused += w.send(w.eve, RequestKind::Leave, "").text == "too many requests; wait a little";
    CHECK(refused == 40 - 19);  // a burst of 20, one spent on hello
    CHECK(w.send(w.bob, RequestKind::Queue, "ranked nobody 00112233").text == "no fighter 'nobody' on this service");
    CHECK(w.send(w.bob, RequestKind::Queue, "bogus ryo 00112233").text == "queue must be quick or ranked, not 'bogus'");
    CHECK(w.send(w.bob, RequestKind::Queue, "ranked ryo 99").text ==
          "this service simulates rules 00112233, your build 99 (update the game or the service)");
}

TEST_CASE("A ranked match from the queue is decided from both logs, and its result counts once") {
    World w;
    const MatchRecord m = w.rankedMatch();
    CHECK(m.player[0] == keyHex(w.ann.publicKey));
    const std::string rec = rankedtest::recordMatch(m, rankedtest::testRules(), 1, 3);
    CHECK(w.sendLog(w.eve, m, rec).text.find("does not play in") != std::string::npos);  // a stranger
    REQUIRE(w.sendLog(w.ann, m, rec).ok);
    REQUIRE(w.sendLog(w.bob, m, rec).ok);
    MatchRecord after;
    std::string why;
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "verified");
    CHECK(after.winner == 1);
    PlayerRecord bob;
    REQUIRE(w.store->player(keyHex(w.bob.publicKey), bob, why));
    CHECK(bob.rating.rating > 1500.0);
    CHECK(w.sendLog(w.ann, m, rec).text.find("already decided") != std::string::npos);  // an old result again
    REQUIRE(w.store->player(keyHex(w.bob.publicKey), bob, why));
    CHECK(bob.rating.games == 1);
}

TEST_CASE(
    "A match is decided in three steps: the service answers others while the logs re-simulate, a match in "
    "hand is taken once, and a second commit changes nothing") {
    World w;
    const MatchRecord m = w.rankedMatch();
    const std::string rec = rankedtest::recordMatch(m, rankedtest::testRules(), 1, 3);
    for (const net::Identity* id : {&w.ann, &w.bob}) {  // not w.sendLog: that one decides at once
        const Request r = signRequest(*id, RequestKind::Result, resultBody(signLog(*id, m.id, m.rules, rec)), w.now);
        REQUIRE(w.service->handle(r, w.now).ok);
    }
    const std::vector<DecisionInputs> due = w.service->takeDue();
    REQUIRE(due.size() == 1);
    CHECK(due[0].match.id == m.id);
    CHECK(due[0].text[0] == rec);
    CHECK(due[0].text[1] == rec);
    // Meanwhile the match is open, other requests are answered, and neither the deadline nor a second look takes it
    // again.
    MatchRecord after;
    std::string why;
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "open");
    CHECK(w.send(w.eve, RequestKind::Queue, "quick ryo 00112233").ok);
    w.service->tick(w.now + 61000);
    CHECK(w.service->takeDue().empty());
    w.service->release(m.id);  // as when its re-simulation failed: the next time it is due it is taken again
    w.service->tick(w.now + 61500);
    const std::vector<DecisionInputs> again = w.service->takeDue();
    REQUIRE(again.size() == 1);
    CHECK(again[0].match.id == m.id);
    const Decision d = decideFrom(again[0], w.service->rules());
    CHECK(d.state == "verified");
    w.service->commit({d});
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "verified");
    CHECK(after.winner == 1);
    w.service->commit({d});  // as when another process decided it meanwhile: the store takes a match once
    PlayerRecord bob;
    REQUIRE(w.store->player(keyHex(w.bob.publicKey), bob, why));
    CHECK(bob.rating.games == 1);
    w.service->tick(w.now + 62000);
    CHECK(w.service->takeDue().empty());  // decided: not due again
}

TEST_CASE("A match with one log is decided at the deadline, the silent side flagged") {
    World w;
    const MatchRecord m = w.rankedMatch();
    const std::string rec = rankedtest::recordMatch(m, rankedtest::testRules(), 0, 3);
    REQUIRE(w.sendLog(w.ann, m, rec, rankedtest::countersignsOf(rec, w.bob, m)).ok);  // Bob signed as they played
    rankedtest::tick(*w.service, w.now + 59000);
    MatchRecord after;
    std::string why;
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "open");
    rankedtest::tick(*w.service, w.now + 60000);
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "verified");
    CHECK(after.winner == 0);
    CHECK(after.flags == "p2 sent no log");
}

TEST_CASE("A lone log that nothing of the opponent's backs is not rated at the deadline") {
    World w;
    const MatchRecord m = w.rankedMatch();
    // A made-up match Ann wins, sent without Bob's countersignatures; Bob sends nothing.
    REQUIRE(w.sendLog(w.ann, m, rankedtest::recordMatch(m, rankedtest::testRules(), 0, 3)).ok);
    rankedtest::tick(*w.service, w.now + 60000);
    MatchRecord after;
    std::string why;
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "disputed");
    CHECK(after.winner == -1);
    CHECK(after.flags.find("p1's log stands alone with nothing of p2's behind it") != std::string::npos);
    PlayerRecord ann;
    REQUIRE(w.store->player(keyHex(w.ann.publicKey), ann, why));
    CHECK(ann.rating.games == 0);  // not rated
    CHECK(ann.rating.rating == doctest::Approx(1500));
    PlayerRecord bob;
    REQUIRE(w.store->player(keyHex(w.bob.publicKey), bob, why));
    CHECK(bob.rating.games == 0);  // nor is the absent player
    CHECK(bob.rating.rating == doctest::Approx(1500));
}

TEST_CASE("Friends meet by entering each other's codes, unranked") {
    World w;
    const std::string annCode = net::fingerprint(w.ann.publicKey), bobCode = net::fingerprint(w.bob.publicKey);
    CHECK(w.send(w.ann, RequestKind::Challenge, bobCode + " ryo").text.find("challenge sent") == 0);
    CHECK(rankedtest::tick(*w.service, w.now).empty());
    CHECK(w.send(w.bob, RequestKind::Challenge, annCode + " brick").ok);
    const auto made = rankedtest::tick(*w.service, w.now);
    REQUIRE(made.size() == 1);
    CHECK_FALSE(made[0].match.ranked);
    CHECK(made[0].match.player[0] == keyHex(w.ann.publicKey));
    CHECK(made[0].match.fighter[1] == "brick");
    CHECK(w.send(w.ann, RequestKind::Challenge, "0000-0000-0000-0000 ryo").text.find("no player has the code") == 0);
}

TEST_CASE("A request survives its text form, and a damaged one is refused with the line") {
    World w;
    const Request r = signRequest(w.ann, RequestKind::Queue, "ranked ryo 00112233", w.now);
    Request back;
    std::string why;
    REQUIRE(parseRequestText(requestText(r), 1000, back, why));
    CHECK(w.service->handle(back, w.now).ok);  // the signature still checks
    CHECK(w.send(w.ann, RequestKind::Poll, "").text == "waiting");
    CHECK_FALSE(parseRequestText(requestText(r) + "x", 1000, back, why));
    CHECK(why.find("request:8: the body is 20 bytes, not 19") == 0);
    CHECK_FALSE(parseRequestText("GET / HTTP/1.1\n", 1000, back, why));
    CHECK(why == "request:1: expected `bvh-ranked-request 1`");
    std::string text = requestText(r);
    text.replace(text.find("kind 2"), 6, "kind 9");
    CHECK_FALSE(parseRequestText(text, 1000, back, why));
    CHECK_FALSE(parseRequestText(requestText(r), 5, back, why));  // over the bound
}

TEST_CASE("Polling tells a queued player the match it was given") {
    World w;
    const MatchRecord m = w.rankedMatch();
    const std::string answer = w.send(w.bob, RequestKind::Poll, "").text;
    const std::string head = "match " + std::to_string(m.id) + " ranked " + m.player[0] + " " + m.player[1] +
                             " ryo brick " + std::to_string(m.seed) + " 0 ";  // no lobby port configured
    CHECK(answer == head + "- - found Ann (1500), latency unknown");          // no room yet, no round trips said
    CHECK(w.send(w.eve, RequestKind::Poll, "").text == "idle");
    // p1 hosts and names its lobby room; p2 reads it from its next poll. Only p1, only its own match, only a code.
    CHECK(w.send(w.bob, RequestKind::Room, std::to_string(m.id) + " ABCD23").text ==
          "p1 hosts the match: only p1 names its room");
    CHECK(w.send(w.eve, RequestKind::Room, std::to_string(m.id) + " ABCD23").text.find("is not being set up for you") !=
          std::string::npos);
    CHECK(w.send(w.ann, RequestKind::Room, std::to_string(m.id) + " ab!").text == "not a lobby room code");
    const std::string code = "ABCD23";
    REQUIRE(net::validCode(code));
    CHECK(w.send(w.ann, RequestKind::Room, std::to_string(m.id) + " " + code).ok);
    CHECK(w.send(w.bob, RequestKind::Poll, "").text == head + code + " - found Ann (1500), latency unknown");
    REQUIRE(
        w.send(w.bob, RequestKind::Queue, "quick brick 00112233").ok);  // queued again: the old match is not answered
    CHECK(w.send(w.bob, RequestKind::Poll, "").text == "waiting");
}

TEST_CASE("A log the service acknowledged survives its restart: the next one decides the match") {
    World w;
    const MatchRecord m = w.rankedMatch();
    const std::string rec = rankedtest::recordMatch(m, rankedtest::testRules(), 0, 3);
    REQUIRE(w.sendLog(w.ann, m, rec).ok);
    CHECK(w.sendLog(w.ann, m, rec).text == "this side's log is already in");
    // The process ends (its memory gone); a new one on the same file gets Bob's log and decides from both.
    ServiceConfig config;
    config.rules = rankedtest::testRules();
    w.service = std::make_unique<MatchService>(*w.store, config);
    REQUIRE(w.sendLog(w.bob, m, rec).ok);
    MatchRecord after;
    std::string why;
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "verified");
    CHECK(after.winner == 0);
    CHECK(after.flags == "");
    CHECK(w.send(w.ann, RequestKind::Poll, "").text == "idle");  // the match is over
}

TEST_CASE("A player's history lists its matches newest first") {
    World w;
    std::vector<std::int64_t> made;
    for (int i = 0; i < 4; ++i, w.now += 5000) made.insert(made.begin(), w.rankedMatch().id);  // random ids
    std::vector<MatchRecord> rows;
    std::string why;
    REQUIRE(w.store->history(keyHex(w.ann.publicKey), 10, rows, why));
    REQUIRE(rows.size() == 4);
    for (std::size_t i = 0; i < rows.size(); ++i) CHECK(rows[i].id == made[i]);
}

TEST_CASE("Checkpoints sent during a match decide between two logs that disagree; bad ones are refused") {
    World w;
    const MatchRecord m = w.rankedMatch();
    const std::string played = rankedtest::recordMatch(m, rankedtest::testRules(), 0, 3);
    io::Error error;
    sim::RunFile run;
    REQUIRE(sim::parseReplay(played, "played", run, error));
    std::string body = std::to_string(m.id);
    for (const sim::Checkpoint& c : run.checkpoints) body += " " + std::to_string(c.frame) + " " + sim::hashHex(c.hash);
    CHECK(w.send(w.eve, RequestKind::Checkpoint, body).text.find("not an open match of yours") != std::string::npos);
    CHECK(w.send(w.ann, RequestKind::Checkpoint, std::to_string(m.id) + " 60 xyz")
              .text.find("a checkpoint is FRAME HASH") == 0);
    CHECK(w.send(w.ann, RequestKind::Checkpoint, std::to_string(m.id)).text == "no checkpoint");
    REQUIRE(w.send(w.ann, RequestKind::Checkpoint, body).ok);
    REQUIRE(w.send(w.bob, RequestKind::Checkpoint, body).ok);
    REQUIRE(w.sendLog(w.ann, m, played).ok);
    REQUIRE(w.sendLog(w.bob, m, rankedtest::recordMatch(m, rankedtest::testRules(), 1, 3)).ok);  // rewritten: p2 wins
    MatchRecord after;
    std::string why;
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "verified");
    CHECK(after.winner == 0);
    CHECK(after.flags.find("(p2 flagged)") != std::string::npos);
    CHECK(w.send(w.ann, RequestKind::Checkpoint, body).text.find("not an open match of yours") != std::string::npos);
}

TEST_CASE("The service settles for the log its opponent countersigned over a made-up match sent against it") {
    World w;
    const MatchRecord m = w.rankedMatch();
    const std::string played = rankedtest::recordMatch(m, rankedtest::testRules(), 0, 3);  // p1 won
    const std::string madeUp = rankedtest::recordMatch(m, rankedtest::testRules(), 1, 3);  // p2 against a bot
    SignedLog bad = signLog(w.ann, m.id, m.rules, played);
    std::string body = resultBody(bad);
    body.insert(body.find("fightreplay"), "countersign 120 zz\n");
    CHECK(w.send(w.ann, RequestKind::Result, body).text ==
          "countersigns:1: expected `countersign FRAME HASH SIGNATURE`");
    REQUIRE(w.sendLog(w.ann, m, played, rankedtest::countersignsOf(played, w.bob, m)).ok);
    REQUIRE(w.sendLog(w.bob, m, madeUp).ok);
    MatchRecord after;
    std::string why;
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "verified");
    CHECK(after.winner == 0);
    CHECK(after.flags.rfind("the two logs part at frame 1: p2 countersigned p1's log at frame ", 0) == 0);
    CHECK(after.change[0] > 0);
}

void rankedtest::checkLatencyPairing(Store& store, bool sharedQueue) {
    ServiceConfig config;
    config.rules = rankedtest::testRules();
    config.sharedQueue = sharedQueue;
    std::string why;
    REQUIRE(
        config.regions.parse("region near 10\nregion far 15\nrtt near far 250\nprefix 203.0.113.0/24 near\n"
                             "prefix 198.51.100.0/24 far\n",
                             "two.cfg", why));
    MatchService service(store, config);
    std::int64_t now = 1000000;
    const auto send = [&](const net::Identity& id, RequestKind kind, const std::string& body, const char* address) {
        Request r = signRequest(id, kind, body, now);
        r.address = address;
        return rankedtest::handle(service, r, now);
    };
    net::Identity ann, bob, cid, dan;
    struct Joiner {
        net::Identity* id;
        const char *name, *address, *rtt;
    };
    const Joiner joiners[] = {{&ann, "Ann", "203.0.113.5", "40"},
                              {&bob, "Bob", "198.51.100.7", "120"},
                              {&cid, "Cid", "203.0.113.9", "45"},
                              {&dan, "Dan", "192.0.2.1", "20"}};
    const auto join = [&](const Joiner& j) {
        REQUIRE(net::makeIdentity(j.name, *j.id));
        REQUIRE(send(*j.id, RequestKind::Hello, "", j.address).ok);
        REQUIRE(send(*j.id, RequestKind::Queue, std::string("ranked ryo 00112233 ") + j.rtt, j.address).ok);
    };
    for (int i = 0; i < 3; ++i) join(joiners[i]);  // dan comes later
    // By hand: ann-cid min(10 in a region, 40 + 45) = 10; ann-bob min(250, 160) = 160 and bob-cid 165, over 80.
    const auto made = rankedtest::tick(service, now);
    REQUIRE(made.size() == 1);
    CHECK(made[0].match.latencyMs == 10);
    CHECK(send(ann, RequestKind::Poll, "", "").text.find(" 10 found Cid (1500), about 10 ms") != std::string::npos);
    CHECK(send(bob, RequestKind::Poll, "", "").text == "waiting");
    // dan, in no region, 20 ms from the service: bob-dan 120 + 20 = 140, accepted once both limits reach it (12 s).
    join(joiners[3]);
    CHECK(rankedtest::tick(service, now + 11900).empty());
    const auto later = rankedtest::tick(service, now + 12000);
    REQUIRE(later.size() == 1);
    CHECK(later[0].match.latencyMs == 140);
    CHECK(later[0].waitedMs[0] == 12000);
    now += 12000;
    CHECK(send(dan, RequestKind::Poll, "", "").text.find("found Bob (1500), about 140 ms") != std::string::npos);
    CHECK(service.queued() == 0);
}

TEST_CASE("The queue pairs the nearer player by region and round trip, and says whom it found and how far") {
    for (const bool shared : {false, true}) {
        CAPTURE(shared);
        rankedtest::TempDir dir;
        std::string why;
        auto store = openSqliteStore(dir.file("ranked.db"), why);
        REQUIRE_MESSAGE(store, why);
        rankedtest::checkLatencyPairing(*store, shared);
    }
    World w;  // a round trip that is not whole milliseconds up to 5000 is refused
    CHECK(w.send(w.ann, RequestKind::Queue, "ranked ryo 00112233 9000").text ==
          "a round trip is whole milliseconds up to 5000, not '9000'");
    CHECK(w.send(w.ann, RequestKind::Queue, "ranked ryo 00112233 -5").text ==
          "a round trip is whole milliseconds up to 5000, not '-5'");
}

TEST_CASE("The client sends the median of its measured round trips with Queue, and reads whom it was found with") {
    World w;
    std::vector<std::int64_t> trips = {30, 90, 40, 10, 10};  // what the call says each exchange took, in turn
    std::vector<std::string> sent;                           // each request's kind and body
    std::size_t next = 0;
    const ServiceCall call = [&](const std::string&, const std::string&, const std::string& text) {
        Request r;
        std::string why;
        REQUIRE(parseRequestText(text, kMaxLogBytes + 256, r, why));
        sent.push_back(std::to_string(int(r.kind)) + " " + r.body);
        const Reply reply = rankedtest::handle(*w.service, r, w.now);
        ServiceAnswer a{true, reply.ok ? 200 : 403, (reply.ok ? "ok " : "refused ") + reply.text};
        a.roundTripMs = next < trips.size() ? trips[next++] : -1;
        return a;
    };
    RankedClient ann(call, w.ann, [&] { return w.now; });
    CHECK(ann.roundTripMs() == -1);
    REQUIRE(ann.hello().ok());
    REQUIRE(ann.queue("ranked", "ryo", "00112233").ok());
    // Hello measured one; two Polls measured two more (90, 40) before the Queue: the median of 30, 90, 40 is 40.
    REQUIRE(sent.size() == 4);
    CHECK(sent[1] == "6 ");
    CHECK(sent[2] == "6 ");
    CHECK(sent[3] == "2 ranked ryo 00112233 40");
    REQUIRE(w.send(w.bob, RequestKind::Queue, "ranked brick 00112233 25").ok);
    REQUIRE(rankedtest::tick(*w.service, w.now).size() ==
            1);  // 10 (the Queue's own exchange) is not what was sent: 40 + 25
    MatchFound m;
    REQUIRE(parseMatchFound(ann.poll().text, m));
    CHECK(m.latencyMs == 65);
    CHECK(m.found == "found Bob (1500), about 65 ms");
    CHECK(ann.roundTripMs() == 30);  // the last five: 30, 90, 40, 10, 10
    // An in-process call measures nothing: no Polls first, no round trip in the Queue.
    RankedClient eve(
        [&](const std::string& method, const std::string& path, const std::string& body) {
            ServiceAnswer a = call(method, path, body);
            a.roundTripMs = -1;
            return a;
        },
        w.eve, [&] { return w.now; });
    sent.clear();
    REQUIRE(eve.queue("quick", "ryo", "00112233").ok());
    REQUIRE(sent.size() == 1);
    CHECK(sent[0] == "2 quick ryo 00112233");
}

namespace rankedtest {
namespace {

ServiceConfig plainConfig() {
    ServiceConfig c;
    c.rules = testRules();
    return c;
}

// Two service processes on one store (a connection each): Ann and Bob said hello, one to each.
struct TwoServices {
    MatchService a, b;
    net::Identity ann, bob;
    std::int64_t now = 1000000;
    TwoServices(Store& sa, Store& sb) : a(sa, plainConfig()), b(sb, plainConfig()) {
        REQUIRE(net::makeIdentity("Ann", ann));
        REQUIRE(net::makeIdentity("Bob", bob));
        REQUIRE(send(a, ann, RequestKind::Hello, "").ok);
        REQUIRE(send(b, bob, RequestKind::Hello, "").ok);
    }
    Reply send(MatchService& s, const net::Identity& id, RequestKind kind, const std::string& body) {
        return rankedtest::handle(s, signRequest(id, kind, body, now), now);
    }
};

}  // namespace

void checkChallengesAcrossServices(Store& sa, Store& sb) {
    TwoServices t(sa, sb);
    const std::string annCode = net::fingerprint(t.ann.publicKey), bobCode = net::fingerprint(t.bob.publicKey);
    CHECK(t.send(t.a, t.ann, RequestKind::Challenge, bobCode + " ryo").text.find("challenge sent") == 0);
    CHECK(rankedtest::tick(t.b, t.now).empty());
    const Reply answer = t.send(t.b, t.bob, RequestKind::Challenge, annCode + " brick");  // the other process
    REQUIRE(answer.ok);
    const auto made = rankedtest::tick(t.b, t.now);
    REQUIRE(made.size() == 1);
    const MatchRecord& m = made[0].match;
    CHECK(answer.text == "match " + std::to_string(m.id));
    CHECK(m.player[0] == keyHex(t.ann.publicKey));  // the first to challenge is p1
    CHECK(m.fighter[0] == "ryo");
    CHECK(m.fighter[1] == "brick");
    CHECK_FALSE(m.ranked);
    CHECK(t.send(t.a, t.ann, RequestKind::Poll, "").text.rfind("match " + std::to_string(m.id) + " unranked", 0) == 0);
    CHECK(rankedtest::tick(t.a, t.now).empty());  // made once, by the process that made it
    // A challenge taken back, or one answered after it lapsed, meets nobody.
    CHECK(t.send(t.a, t.ann, RequestKind::Challenge, bobCode + " ryo").ok);
    CHECK(t.send(t.a, t.ann, RequestKind::Leave, "").text == "challenge withdrawn");
    CHECK(t.send(t.b, t.bob, RequestKind::Challenge, annCode + " brick").text.find("challenge sent") == 0);
    t.now += plainConfig().challengeLifeMs + 1;
    CHECK(t.send(t.a, t.ann, RequestKind::Challenge, bobCode + " ryo").text.find("challenge sent") == 0);
    CHECK(t.send(t.b, t.bob, RequestKind::Challenge, annCode + " brick").text.rfind("match ", 0) == 0);
}

void checkExpiryAcrossServices(Store& sa, Store& sb) {
    TwoServices t(sa, sb);
    const std::string ann = keyHex(t.ann.publicKey), bob = keyHex(t.bob.publicKey);
    const std::int64_t paired = t.now;
    std::string why;
    for (std::int64_t id : {11, 12, 13}) {  // ranked: a rating would move if one were decided verified
        MatchRecord m = match(id, ann, bob);
        m.created = paired / 1000;
        REQUIRE(sa.createMatch(m, why));
    }
    REQUIRE(t.send(t.a, t.ann, RequestKind::Checkpoint, "12 600 0123456789abcdef").ok);  // only Ann shows in 12
    REQUIRE(t.send(t.a, t.ann, RequestKind::Checkpoint, "13 600 0123456789abcdef").ok);  // both in 13
    REQUIRE(t.send(t.b, t.bob, RequestKind::Checkpoint, "13 600 0123456789abcdef").ok);
    const auto state = [&](std::int64_t id) {
        MatchRecord m;
        REQUIRE(sa.match(id, m, why));
        return m.state + " " + std::to_string(m.winner) + " " + m.flags;
    };
    const std::int64_t connect = plainConfig().connectDeadlineMs, final = plainConfig().matchDeadlineMs;
    rankedtest::tick(t.a, paired + connect - 1000);
    CHECK(state(11) == "open -1 ");
    rankedtest::tick(t.b, paired + connect);  // whichever process ticks first closes it; the other finds it closed
    rankedtest::tick(t.a, paired + connect);
    CHECK(state(11) == "void -1 nobody connected");
    CHECK(state(12) == "open -1 ");
    rankedtest::tick(t.a, paired + final - 1000);
    CHECK(state(13) == "open -1 ");
    rankedtest::tick(t.a, paired + final);
    rankedtest::tick(t.b, paired + final);
    CHECK(state(12) == "forfeit 0 p2 never showed: the loss is theirs (no log, not rated)");
    CHECK(state(13) == "void -1 no log from either player");
    for (const std::string& p : {ann, bob}) {
        PlayerRecord r;
        REQUIRE(sa.player(p, r, why));
        CHECK(r.rating.games == 0);  // none of them was verified: no rating moved
    }
    std::string text;
    CHECK_FALSE(sa.replay(12, text, why));  // nothing was played: no replay
    CHECK(t.send(t.b, t.bob, RequestKind::Poll, "").text == "idle");
}

}  // namespace rankedtest

namespace {

/// Two service processes' connections to one SQLite file.
struct TwoConnections {
    rankedtest::TempDir dir;
    std::unique_ptr<Store> a, b;
    TwoConnections() {
        std::string why;
        a = openSqliteStore(dir.file("ranked.db"), why);
        REQUIRE_MESSAGE(a, why);
        b = openSqliteStore(dir.file("ranked.db"), why);
        REQUIRE_MESSAGE(b, why);
    }
};

}  // namespace

TEST_CASE("A friend's challenge made on one service process is answered on another sharing the SQLite file") {
    TwoConnections two;
    rankedtest::checkChallengesAcrossServices(*two.a, *two.b);
}

TEST_CASE("A match nobody finishes is closed at its deadline: void, or forfeit by the side never seen, unrated") {
    TwoConnections two;
    rankedtest::checkExpiryAcrossServices(*two.a, *two.b);
}

TEST_CASE("A flood of queue joins is refused and changes nothing: the player waits once") {
    World w;
    int waiting = 0, already = 0, tooMany = 0;
    for (int i = 0; i < 40; ++i) {
        const std::string text = w.send(w.ann, RequestKind::Queue, "ranked ryo 00112233").text;
        waiting += text == "waiting for a ranked match";
        already += text == "already waiting";
        tooMany += text == "too many requests; wait a little";
    }
    CHECK(waiting == 1);
    CHECK(already == 18);  // a burst of 20, one spent on hello
    CHECK(tooMany == 21);
    CHECK(w.service->queued() == 1);
}

TEST_CASE("A refused log changes nothing: not a recording, another match's, a stranger's") {
    World w;
    const MatchRecord m = w.rankedMatch();
    MatchRecord other = m;
    other.seed ^= 1;
    CHECK(w.sendLog(w.ann, m, "hello\n").text.find("not a recording") != std::string::npos);
    CHECK(w.sendLog(w.ann, m, rankedtest::recordMatch(other, rankedtest::testRules(), 0, 3))
              .text.find("another match's setup") != std::string::npos);
    CHECK(
        w.sendLog(w.eve, m, rankedtest::recordMatch(m, rankedtest::testRules(), 0, 3)).text.find("does not play in") !=
        std::string::npos);
    std::string logs[2], why;
    REQUIRE(w.store->logs(m.id, logs, why));
    CHECK(logs[0].empty());
    CHECK(logs[1].empty());
    MatchRecord after;
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "open");
}

TEST_CASE("On a full disk a log is refused with the reason, and a decision waits until there is room") {
    World w(60);
    const MatchRecord m = w.rankedMatch();
    const std::string rec = rankedtest::recordMatch(m, rankedtest::testRules(), 0, 3);
    REQUIRE(w.sendLog(w.ann, m, rec).ok);
    std::string why;  // another match's replay nearly fills the replays table's page: this one needs a new page
    REQUIRE(w.store->createMatch(rankedtest::match(5, keyHex(w.ann.publicKey), keyHex(w.eve.publicKey)), why));
    REQUIRE(w.store->decide(Decision{5, "disputed", -1, "", std::string(4000, 'r')}, why));
    for (int i = 0; i < 1000; ++i)  // fill the file to its cap
        if (!w.store->savePlayer(rankedtest::player("filler" + std::to_string(i), std::string(12000, 'x')), why)) break;
    REQUIRE(why.find("full") != std::string::npos);
    CHECK(w.sendLog(w.bob, m, rec).text.find("full") != std::string::npos);  // said, not dropped
    rankedtest::tick(*w.service, w.now + 60000);  // Ann's log is due, but the decision cannot be written
    MatchRecord after;
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "open");
    // Room again (the same file, no cap): the next tick decides from the log kept.
    w.service.reset();
    w.store = openSqliteStore(w.dir.file("ranked.db"), why);
    REQUIRE_MESSAGE(w.store, why);
    w.service = std::make_unique<MatchService>(*w.store, rankedtest::plainConfig());
    rankedtest::tick(*w.service, w.now + 61000);
    REQUIRE(w.store->match(m.id, after, why));
    CHECK(after.state == "disputed");  // decided: a lone log with no countersignature of Bob's is not rated
    CHECK(after.flags.rfind("p2 sent no log; p1's log stands alone", 0) == 0);
}

TEST_CASE("Claims are sent on a thread of their own, in order: queuing one never waits for the service") {
    // A service slow to answer: each call waits until the test lets it go (at most 10 s, so a failing run ends).
    World w;
    std::mutex m;
    std::condition_variable cv;
    bool release = false;
    std::vector<std::string> bodies;  // each Checkpoint's body, in the order the service got them
    const ServiceCall call = [&](const std::string&, const std::string&, const std::string& text) {
        Request r;  // on the sender's thread: no doctest assertion here, what it got is checked after
        std::string why;
        const bool parsed = parseRequestText(text, kMaxLogBytes + 256, r, why);
        std::unique_lock<std::mutex> lock(m);
        bodies.push_back(parsed ? r.body : "unreadable: " + why);
        cv.notify_all();
        cv.wait_for(lock, std::chrono::seconds(10), [&] { return release; });
        return ServiceAnswer{true, 200, "ok"};
    };
    {
        ClaimSender sender(RankedClient(call, w.ann, [&] { return w.now; }), 7);
        sender.send(Claims{{60, 0x1111}});
        sender.send(Claims{{120, 0x2222}});  // back at once, though the service has not answered the first
        std::unique_lock<std::mutex> lock(m);
        cv.wait_for(lock, std::chrono::seconds(10), [&] { return !bodies.empty(); });
        CHECK(bodies.size() == 1);  // the first is with the service, the second waits its turn
        release = true;
        cv.notify_all();
    }  // the sender's end sends what is queued
    REQUIRE(bodies.size() == 2);
    CHECK(bodies[0].find("60 ") != std::string::npos);
    CHECK(bodies[1].find("120 ") != std::string::npos);
}

TEST_CASE("A store failing in a request or a tick is said to the service's failure hook, its own refusals are not") {
    World w(60);
    std::vector<std::string> said;
    ServiceConfig config = rankedtest::plainConfig();
    config.onStoreFailure = [&said](const std::string& why) { said.push_back(why); };
    w.service = std::make_unique<MatchService>(*w.store, config);
    const MatchRecord m = w.rankedMatch();
    const std::string rec = rankedtest::recordMatch(m, rankedtest::testRules(), 0, 3);
    REQUIRE(w.sendLog(w.ann, m, rec).ok);
    net::Identity zed;
    REQUIRE(net::makeIdentity("Zed", zed));
    CHECK(w.send(zed, RequestKind::Queue, "ranked ryo 00112233").text == "say hello first (unknown player)");
    std::string why;  // as in the full-disk case above: a decided match, then the file filled to its cap
    REQUIRE(w.store->createMatch(rankedtest::match(5, keyHex(w.ann.publicKey), keyHex(w.eve.publicKey)), why));
    REQUIRE(w.store->decide(Decision{5, "disputed", -1, "", std::string(4000, 'r')}, why));
    w.service->commit({Decision{5, "void", -1, "", ""}});  // already decided: the store's own refusal
    CHECK(said.empty());
    for (int i = 0; i < 1000; ++i)
        if (!w.store->savePlayer(rankedtest::player("filler" + std::to_string(i), std::string(12000, 'x')), why)) break;
    REQUIRE(why.find("full") != std::string::npos);
    CHECK(w.sendLog(w.bob, m, rec).text == "the store: " + why);  // the player is told, and so is the hook
    REQUIRE(said.size() == 1);
    CHECK(said[0] == why);
    rankedtest::tick(*w.service, w.now + 60000);  // Ann's log is due: its decision cannot be written
    REQUIRE(said.size() == 2);
    CHECK(said[1] == why);
}

TEST_CASE("A pair whose match the store fails to write waits on in its place, and the next tick pairs it") {
    // The pair was taken out of the queue and the failure said on stderr only: both players were idle, not waiting.
    World w;
    rankedtest::FailingStore store(*w.store);
    std::vector<std::string> said;
    ServiceConfig config = rankedtest::plainConfig();
    config.onStoreFailure = [&said](const std::string& why) { said.push_back(why); };
    w.service = std::make_unique<MatchService>(store, config);
    const std::int64_t joined = w.now;
    REQUIRE(w.send(w.ann, RequestKind::Queue, "ranked ryo 00112233").ok);
    REQUIRE(w.send(w.bob, RequestKind::Queue, "ranked brick 00112233").ok);
    store.createMatchFails = "database is locked";
    w.now += 1000;
    CHECK(rankedtest::tick(*w.service, w.now).empty());
    CHECK(said == std::vector<std::string>{"database is locked"});
    CHECK(w.service->queued() == 2);
    CHECK(w.send(w.ann, RequestKind::Poll, "").text == "waiting");
    CHECK(w.send(w.bob, RequestKind::Poll, "").text == "waiting");
    store.createMatchFails.clear();
    w.now += 1000;
    const std::vector<MatchStart> made = rankedtest::tick(*w.service, w.now);
    REQUIRE(made.size() == 1);
    CHECK(made[0].match.player[0] == keyHex(w.ann.publicKey));  // the longest waiting first, as before
    CHECK(made[0].match.fighter[0] == "ryo");
    CHECK(made[0].match.fighter[1] == "brick");
    CHECK(made[0].waitedMs[0] == w.now - joined);  // the wait counts from the Queue, not from the failed tick
    CHECK(w.service->queued() == 0);
    CHECK(w.send(w.ann, RequestKind::Poll, "").text.rfind("match " + std::to_string(made[0].match.id), 0) == 0);
}

TEST_CASE(
    "A store failing a Leave, the opponent a Poll names or the shared queue's count is said: to the player as the "
    "store's, and to the failure hook") {
    // Each was dropped: a Leave answered `left the queue` (or `not waiting`) with the challenge or the queue row
    // still in the store, a Poll's match answered without `found NAME`, the count short, and nothing said.
    World w;
    rankedtest::FailingStore store(*w.store);
    std::vector<std::string> said;
    ServiceConfig config = rankedtest::plainConfig();
    config.onStoreFailure = [&said](const std::string& why) { said.push_back(why); };
    w.service = std::make_unique<MatchService>(store, config);
    REQUIRE(w.send(w.ann, RequestKind::Queue, "ranked ryo 00112233").ok);
    store.withdrawFails = "disk I/O error";
    CHECK(w.send(w.ann, RequestKind::Leave, "").text == "the store: disk I/O error");
    CHECK(said == std::vector<std::string>{"disk I/O error"});
    CHECK(w.service->queued() == 0);  // what could be done was: out of this process's queue
    store.withdrawFails.clear();
    CHECK(w.send(w.ann, RequestKind::Leave, "").text == "not waiting");  // sent again: nothing left to leave
    // The opponent's name in a Poll's answer: refused for now, as the match itself is when it cannot be read.
    const MatchRecord m = w.rankedMatch();
    store.playerFails = "no such table: players";
    store.playerFailsFor = keyHex(w.bob.publicKey);
    said.clear();
    CHECK(w.send(w.ann, RequestKind::Poll, "").text == "the store: no such table: players");
    CHECK(said == std::vector<std::string>{"no such table: players"});
    store.playerFails.clear();
    const Reply poll = w.send(w.ann, RequestKind::Poll, "");
    CHECK(poll.text.rfind("match " + std::to_string(m.id) + " ranked ", 0) == 0);
    CHECK(poll.text.find(" found Bob (1500), latency unknown") != std::string::npos);
    // The shared queue (in the store's table: any process pairs it): its Leave and its count.
    config.sharedQueue = true;
    w.service = std::make_unique<MatchService>(store, config);
    REQUIRE(w.send(w.eve, RequestKind::Queue, "quick ryo 00112233").ok);
    CHECK(w.service->queued() == 1);
    store.queuedFails = "database is locked";
    said.clear();
    CHECK(w.service->queued() == 0);
    CHECK(said == std::vector<std::string>{"database is locked"});
    store.dequeueFails = "database is locked";
    said.clear();
    CHECK(w.send(w.eve, RequestKind::Leave, "").text == "the store: database is locked");
    CHECK(said == std::vector<std::string>{"database is locked"});
    store.dequeueFails.clear();
    CHECK(w.send(w.eve, RequestKind::Leave, "").text == "left the queue");
    CHECK(w.send(w.eve, RequestKind::Leave, "").text == "not waiting");
}

TEST_CASE(
    "A friend-code look-up met by a database failing is refused for now and taken when sent again; a code of "
    "nobody for good") {
    World w;
    rankedtest::FailingStore store(*w.store);
    w.service = std::make_unique<MatchService>(store, rankedtest::plainConfig());
    const std::string bobCode = net::fingerprint(w.bob.publicKey);
    store.codeLookupFails = "no such table: players";
    const Reply failed = w.send(w.ann, RequestKind::Challenge, bobCode + " ryo");
    CHECK(failed.text == "the store: no such table: players");
    CHECK(refusedForNow(ServiceAnswer{true, 403, "refused " + failed.text}));  // the client sends it again ...
    store.codeLookupFails.clear();
    CHECK(w.send(w.ann, RequestKind::Challenge, bobCode + " ryo").text.find("challenge sent") == 0);  // ... taken
    const Reply nobody = w.send(w.ann, RequestKind::Challenge, "0000-0000-0000-0000 ryo");
    CHECK(nobody.text == "no player has the code 0000-0000-0000-0000");
    CHECK_FALSE(refusedForNow(ServiceAnswer{true, 403, "refused " + nobody.text}));
}
