#include "game/ranked/verify.h"
#include "ranked_test_util.h"

#include <doctest/doctest.h>

using namespace ranked;

namespace {

struct Fixture {
    net::Identity ann, bob, eve;
    VerifyRules rules = rankedtest::testRules();
    MatchRecord m;
    Fixture() {
        REQUIRE(net::makeIdentity("Ann", ann));
        REQUIRE(net::makeIdentity("Bob", bob));
        REQUIRE(net::makeIdentity("Eve", eve));
        m = rankedtest::match(77, keyHex(ann.publicKey), keyHex(bob.publicKey));
        m.rules = rules.rules;
    }
    std::string admit(const net::Identity& who, const std::string& recording, AdmittedLog& out) const {
        return admitLog(m, signLog(who, m.id, rules.rules, recording), rules, out);
    }
    /// Both logs signed by their players and admitted (whatever they hold), then the match decided from them.
    Decision decideBoth(const std::string& p1Log, const std::string& p2Log) const {
        AdmittedLog a, b;
        REQUIRE(admit(ann, p1Log, a) == "");
        REQUIRE(admit(bob, p2Log, b) == "");
        const AdmittedLog* logs[2] = {&a, &b};
        return decideMatch(m, logs, rules);
    }
};

// The recording with frame line `frame` (1-based) replaced by "- -", its hashes left as they were.
std::string withFrameChanged(const std::string& rec, int frame) {
    const std::size_t framesAt = rec.find("\nframes\n") + 8;
    std::size_t at = framesAt;
    for (int f = 1; f < frame;) {
        const std::size_t next = rec.find('\n', at) + 1;
        if (rec.compare(at, 6, "check ") != 0) ++f;
        at = next;
    }
    const std::size_t end = rec.find('\n', at);
    return rec.substr(0, at) + "- -" + rec.substr(end);
}

}  // namespace

TEST_CASE("Two agreeing logs are verified with the winner the service simulates") {
    Fixture f;
    for (int attacker : {0, 1}) {
        const std::string rec = rankedtest::recordMatch(f.m, f.rules, attacker, 5);
        AdmittedLog a, b;
        REQUIRE(f.admit(f.ann, rec, a) == "");
        REQUIRE(f.admit(f.bob, rec, b) == "");
        CHECK(a.side == 0);
        CHECK(b.side == 1);
        const AdmittedLog* logs[2] = {&a, &b};
        const Decision d = decideMatch(f.m, logs, f.rules);
        CHECK(d.state == "verified");
        CHECK(d.winner == attacker);  // the side that attacked a standing opponent wins the round
        CHECK(d.flags == "");
        CHECK(d.replay == rec);
    }
}

TEST_CASE("A log for another match, a decided match, a stranger, a bad signature or other rules is refused") {
    Fixture f;
    const std::string rec = rankedtest::recordMatch(f.m, f.rules, 0, 5);
    AdmittedLog out;
    CHECK(admitLog(f.m, signLog(f.ann, 78, f.rules.rules, rec), f.rules, out) == "a log for match 78, not match 77");
    CHECK(f.admit(f.eve, rec, out).find("does not play in match 77") != std::string::npos);
    SignedLog tampered = signLog(f.ann, f.m.id, f.rules.rules, rec);
    tampered.recording[tampered.recording.size() / 2] ^= 1;
    CHECK(admitLog(f.m, tampered, f.rules, out) == "the log's signature does not check (forged or damaged)");
    CHECK(f.admit(f.ann, "hello\n", out).find("not a recording") != std::string::npos);
    MatchRecord other = f.m;
    other.seed = 99;  // the same players' recording of another match
    CHECK(f.admit(f.ann, rankedtest::recordMatch(other, f.rules, 0, 5), out).find("another match's setup") !=
          std::string::npos);
    MatchRecord decided = f.m;
    decided.state = "verified";
    CHECK(admitLog(decided, signLog(f.ann, f.m.id, f.rules.rules, rec), f.rules, out).find("already decided") !=
          std::string::npos);
    MatchRecord oldRules = f.m;
    oldRules.rules = "ffff";
    CHECK(admitLog(oldRules, signLog(f.ann, f.m.id, "ffff", rec), f.rules, out).find("this service simulates") !=
          std::string::npos);
    CHECK(out.side == -1);  // nothing was admitted
}

TEST_CASE("A missing log lets the other decide and flags the silent side") {
    Fixture f;
    AdmittedLog a;
    const std::string rec = rankedtest::recordMatch(f.m, f.rules, 1, 5);
    REQUIRE(f.admit(f.ann, rec, a) == "");
    a.countersigns = rankedtest::countersignsOf(rec, f.bob, f.m);  // Bob played it: he signed its checkpoints
    REQUIRE_FALSE(a.countersigns.empty());
    const AdmittedLog* logs[2] = {&a, nullptr};
    const Decision d = decideMatch(f.m, logs, f.rules);
    CHECK(d.state == "verified");
    CHECK(d.winner == 1);
    CHECK(d.flags == "p2 sent no log");
}

TEST_CASE("A log alone with nothing of the absent player behind it is not rated: a made-up match cannot win alone") {
    Fixture f;
    // Ann's made-up match (she wins it) and Bob never sends his: no countersignature, no hashes of Bob's.
    const std::string madeUp = rankedtest::recordMatch(f.m, f.rules, 0, 5);
    AdmittedLog a;
    REQUIRE(f.admit(f.ann, madeUp, a) == "");
    const AdmittedLog* logs[2] = {&a, nullptr};
    const std::string alone =
        "p2 sent no log; p1's log stands alone with nothing of p2's behind it (no "
        "countersignature of theirs that checks, no hashes of theirs that match it): not rated "
        "(p1 flagged for review)";
    Decision d = decideMatch(f.m, logs, f.rules);
    CHECK(d.state == "disputed");
    CHECK(d.winner == -1);
    CHECK(d.flags == alone);
    CHECK(d.replay == madeUp);  // kept for review
    // Her own signatures passed off as Bob's are refused, and change nothing else.
    a.countersigns = rankedtest::countersignsOf(madeUp, f.ann, f.m);
    REQUIRE_FALSE(a.countersigns.empty());
    d = decideMatch(f.m, logs, f.rules);
    CHECK(d.state == "disputed");
    CHECK(d.flags == alone + "; " + std::to_string(a.countersigns.size()) +
                         " countersignature(s) in p1's log do not check (refused, p1 flagged)");
    // Bob's hashes sent during the match that match it back it (a client that does not countersign); other hashes
    // do not.
    a.countersigns.clear();
    Claims claims[2];
    for (const sim::Checkpoint& c : a.run.checkpoints) claims[1][c.frame] = c.hash;
    REQUIRE_FALSE(claims[1].empty());
    d = decideMatch(f.m, logs, f.rules, claims);
    CHECK(d.state == "verified");
    CHECK(d.winner == 0);
    CHECK(d.flags == "p2 sent no log; p2's own hashes sent during the match are p1's log");
    claims[1].rbegin()->second ^= 1;
    CHECK(decideMatch(f.m, logs, f.rules, claims).state == "disputed");
}

TEST_CASE("A log whose inputs were changed after the match is outvoted by its own hashes and flagged") {
    Fixture f;
    const std::string rec = rankedtest::recordMatch(f.m, f.rules, 0, 5);
    const std::string forged = withFrameChanged(rec, 100);
    REQUIRE(forged != rec);
    const Decision d = f.decideBoth(rec, forged);  // the forged log is signed by its player: admitted, then judged
    CHECK(d.state == "verified");
    CHECK(d.winner == 0);
    CHECK(d.flags == "p2 log does not replay to its own hashes");
}

TEST_CASE("Two consistent logs of different inputs are disputed: no winner, both flagged") {
    Fixture f;
    const Decision d =
        f.decideBoth(rankedtest::recordMatch(f.m, f.rules, 0, 5), rankedtest::recordMatch(f.m, f.rules, 1, 5));
    CHECK(d.state == "disputed");
    CHECK(d.winner == -1);
    CHECK(d.flags.find("disagree") != std::string::npos);
}

TEST_CASE("A match left unfinished goes to the side ahead") {
    Fixture f;
    AdmittedLog a;
    // p1 (ryo, 1000 health) attacks p2 (brick, 1200) for 170 frames: both have 1000 health points left then (brick
    // took 200), but p2 has a smaller part of its own, so p1 is ahead (a count of points would call it a draw).
    REQUIRE(f.admit(f.ann, rankedtest::recordMatch(f.m, f.rules, 0, 5, 170), a) == "");
    const Replayed r = replayLog(a, f.rules);
    CHECK(r.consistent);
    CHECK_FALSE(r.finished);
    CHECK(r.frames == 170);
    CHECK(r.winner == 0);
}

namespace {
// The recording with an `ending` line put before its `end` line (what an online peer writes when a match stops).
std::string withEnding(const std::string& rec, const std::string& ending) {
    const std::size_t end = rec.rfind("end ");
    return rec.substr(0, end) + "ending " + ending + "\n" + rec.substr(end);
}
}  // namespace

TEST_CASE("A player who leaves or goes silent takes the loss, even while ahead") {
    Fixture f;
    // 170 frames of p1 attacking: p1 is ahead (the test above); p1 then leaves, so p2 wins.
    AdmittedLog a;
    const std::string left = withEnding(rankedtest::recordMatch(f.m, f.rules, 0, 5, 170), "left P1");
    REQUIRE(f.admit(f.ann, left, a) == "");
    a.countersigns = rankedtest::countersignsOf(left, f.bob, f.m);
    const AdmittedLog* logs[2] = {&a, nullptr};
    Decision d = decideMatch(f.m, logs, f.rules);
    CHECK(d.state == "verified");
    CHECK(d.winner == 1);
    CHECK(d.flags == "p2 sent no log; p1 left while ahead: the loss is theirs");
    // p2 attacks (p2 ahead), then goes silent for 3 s: p1 wins, from both logs of the same bytes.
    const std::string silent = withEnding(rankedtest::recordMatch(f.m, f.rules, 1, 5, 170), "silent P2 3000");
    AdmittedLog b1, b2;
    REQUIRE(f.admit(f.ann, silent, b1) == "");
    REQUIRE(f.admit(f.bob, silent, b2) == "");
    const AdmittedLog* both[2] = {&b1, &b2};
    d = decideMatch(f.m, both, f.rules);
    CHECK(d.winner == 0);
    CHECK(d.flags == "p2 went silent while ahead: the loss is theirs");
}

TEST_CASE("Two logs that blame different players for the ending blame neither: the side ahead wins") {
    Fixture f;
    const std::string rec = rankedtest::recordMatch(f.m, f.rules, 0, 5, 170);  // p1 ahead
    const Decision d = f.decideBoth(withEnding(rec, "silent P2 3000"), withEnding(rec, "silent P1 3000"));
    CHECK(d.state == "verified");
    CHECK(d.winner == 0);
    CHECK(d.flags == "unfinished: the side ahead wins");
}

TEST_CASE("Two consistent logs that differ are told apart by the hashes each side sent during the match") {
    Fixture f;
    const std::string played = rankedtest::recordMatch(f.m, f.rules, 0, 5);     // the match as it was: p1 won
    const std::string rewritten = rankedtest::recordMatch(f.m, f.rules, 1, 5);  // p2's log, rewritten afterwards
    AdmittedLog a, b;
    REQUIRE(f.admit(f.ann, played, a) == "");
    REQUIRE(f.admit(f.bob, rewritten, b) == "");
    Claims sent[2];
    for (const sim::Checkpoint& c : a.run.checkpoints) sent[0][c.frame] = sent[1][c.frame] = c.hash;  // both, live
    REQUIRE(sent[1].size() > 2);
    const AdmittedLog* logs[2] = {&a, &b};
    Decision d = decideMatch(f.m, logs, f.rules, sent);
    CHECK(d.state == "verified");
    CHECK(d.winner == 0);
    CHECK(d.flags == "the two logs disagree: p2's own hashes sent during the match are p1's log (p2 flagged)");
    CHECK(d.replay == played);
    // Only p1 sent hashes: its own claims attest nothing of p2's log, and nobody attests p1's: disputed.
    Claims onlyP1[2] = {sent[0], {}};
    CHECK(decideMatch(f.m, logs, f.rules, onlyP1).state == "disputed");
    // One hash of p2's claims that is not the played match's: p2's claims attest neither log.
    Claims bad[2] = {sent[0], sent[1]};
    bad[1].rbegin()->second ^= 1;
    CHECK(decideMatch(f.m, logs, f.rules, bad).state == "disputed");
}

namespace {

// Both logs admitted with the opponent's countersignatures they carry, then the match decided (no claims).
Decision decideCountersigned(const Fixture& f, const std::string& p1Log, std::vector<net::Countersign> p1Signs,
                             const std::string& p2Log, std::vector<net::Countersign> p2Signs) {
    AdmittedLog a, b;
    REQUIRE(f.admit(f.ann, p1Log, a) == "");
    REQUIRE(f.admit(f.bob, p2Log, b) == "");
    a.countersigns = std::move(p1Signs);
    b.countersigns = std::move(p2Signs);
    const AdmittedLog* logs[2] = {&a, &b};
    return decideMatch(f.m, logs, f.rules);
}

std::int64_t lastFrameOf(const std::string& rec) { return std::int64_t(rankedtest::inputsOf(rec).size()); }

}  // namespace

TEST_CASE("A made-up match played in step against a bot loses to the log the real opponent countersigned") {
    Fixture f;
    // p1 cheats: it lost the real match (p2 attacked) and sends a match it played against a bot (p1 attacks).
    const std::string played = rankedtest::recordMatch(f.m, f.rules, 1, 5);
    const std::string madeUp = rankedtest::recordMatch(f.m, f.rules, 0, 5);
    const std::int64_t end = lastFrameOf(played);
    // What each held at the end: p2 Ann's signatures of the real match, p1 Bob's of the real match too (useless to
    // its made-up log: they sign other hashes).
    for (bool carriesBobs : {false, true}) {
        const Decision d = decideCountersigned(
            f, madeUp, carriesBobs ? rankedtest::countersignsOf(played, f.bob, f.m) : std::vector<net::Countersign>{},
            played, rankedtest::countersignsOf(played, f.ann, f.m));
        CHECK(d.state == "verified");
        CHECK(d.winner == 1);
        CHECK(d.replay == played);
        const std::string why =
            "the two logs part at frame 1: p1 countersigned p2's log at frame " + std::to_string(end) + " (p1 flagged)";
        CHECK(d.flags == (carriesBobs
                              ? why + "; " + std::to_string(rankedtest::countersignsOf(played, f.bob, f.m).size()) +
                                    " countersignature(s) in p1's log do not check (refused, p1 flagged)"
                              : why));
    }
}

TEST_CASE("A forged, another match's, another frame's or the player's own countersignature is refused") {
    Fixture f;
    const std::string played = rankedtest::recordMatch(f.m, f.rules, 0, 5);  // p1 won
    const std::string madeUp = rankedtest::recordMatch(f.m, f.rules, 1, 5);  // p2's log of a match against a bot
    const std::vector<net::Countersign> bobs = rankedtest::countersignsOf(played, f.bob, f.m);
    net::IdentityKey p1 = f.ann.publicKey, p2 = f.bob.publicKey;
    // p2 forges Ann's signatures over its made-up match's hashes, one way each.
    const std::vector<net::Countersign> own = rankedtest::countersignsOf(madeUp, f.ann, f.m);
    REQUIRE(own.size() >= 2);
    std::vector<std::vector<net::Countersign>> forged(4);
    for (const net::Countersign& c : own) {
        forged[0].push_back(net::signCheckpoint(f.eve, f.m.id, c.frame, c.hash, p1, p2));      // Eve's key
        forged[1].push_back(net::signCheckpoint(f.ann, f.m.id + 1, c.frame, c.hash, p1, p2));  // match 78
        forged[3].push_back(net::signCheckpoint(f.bob, f.m.id, c.frame, c.hash, p1, p2));      // Bob's own
    }
    net::Countersign replayed = own[0];  // Ann's signature of the first checkpoint, presented for the second
    replayed.frame = own[1].frame;
    replayed.hash = own[1].hash;
    forged[2].push_back(replayed);
    for (const auto& signs : forged) {
        CAPTURE(signs.size());
        const Decision d = decideCountersigned(f, played, bobs, madeUp, signs);
        CHECK(d.state == "verified");
        CHECK(d.winner == 0);
        CHECK(d.flags.find("p2 countersigned p1's log at frame " + std::to_string(lastFrameOf(played))) !=
              std::string::npos);
        CHECK(d.flags.find(std::to_string(signs.size()) +
                           " countersignature(s) in p2's log do not check (refused, p2 flagged)") != std::string::npos);
    }
    // Ann's real signatures of both matches (her key signed two): neither log is believed.
    const Decision d = decideCountersigned(f, played, bobs, madeUp, own);
    CHECK(d.state == "disputed");
    CHECK(d.flags ==
          "the two logs part at frame 1, and each is countersigned past it: a key signed two matches (both "
          "flagged)");
}

TEST_CASE("Logs that part after the last countersigned checkpoint are judged as the match stood there") {
    Fixture f;
    // The real match: p1 attacks a standing p2 and wins. p2 stopped countersigning after frame 240 and rewrote
    // everything after it: in its log p2 attacks from frame 241 on.
    const std::vector<sim::FrameInput> real = rankedtest::inputsOf(rankedtest::recordMatch(f.m, f.rules, 0, 5));
    REQUIRE(real.size() > 300);
    const std::vector<sim::FrameInput> p2sFlip =
        rankedtest::inputsOf(rankedtest::recordMatch(f.m, f.rules, 1, 5));  // p2's attacking inputs
    std::vector<sim::FrameInput> rewritten(real.begin(), real.begin() + 240);
    for (std::size_t i = 0; i < 360; ++i) {
        sim::FrameInput in;
        in.buttons[1] = p2sFlip[std::min(i, p2sFlip.size() - 1)].buttons[1];
        rewritten.push_back(in);
    }
    REQUIRE(rewritten[240].buttons[1] != real[240].buttons[1]);  // the logs part at frame 241
    const std::string played = rankedtest::recordInputs(f.m, f.rules, real);
    const std::string p2Log = rankedtest::recordInputs(f.m, f.rules, rewritten);
    // By hand: p2 pressed nothing in the first 240 frames, so p1's hits left p2 behind there.
    const sim::MatchSetup setup = matchSetupOf(f.m, f.rules.setup);
    sim::Fight at240(setup, *f.rules.fighter("ryo"), *f.rules.fighter("brick"));
    for (int i = 0; i < 240; ++i) at240.step(real[std::size_t(i)]);
    REQUIRE(at240.state().fighters[1].health < f.rules.fighter("brick")->health);
    REQUIRE(at240.state().fighters[0].health == f.rules.fighter("ryo")->health);
    const Decision d = decideCountersigned(f, played, rankedtest::countersignsOf(played, f.bob, f.m, 240), p2Log,
                                           rankedtest::countersignsOf(p2Log, f.ann, f.m, 240));
    CHECK(d.state == "verified");
    CHECK(d.winner == 0);
    CHECK(d.flags ==
          "the two logs part at frame 241, after the last countersigned checkpoint (frame 240): judged as "
          "the match stood there");
    // p2 could rewrite no earlier: Ann's signature of frame 240 is p1's log's, so a log parting before it is beaten.
    std::vector<sim::FrameInput> earlier = rewritten;
    earlier[200].buttons[1] = sim::kLight;
    const std::string p2Earlier = rankedtest::recordInputs(f.m, f.rules, earlier);
    const Decision e = decideCountersigned(f, played, rankedtest::countersignsOf(played, f.bob, f.m, 240), p2Earlier,
                                           rankedtest::countersignsOf(p2Earlier, f.ann, f.m, 120));
    CHECK(e.state == "verified");
    CHECK(e.winner == 0);
    CHECK(e.flags.rfind("the two logs part at frame 201: p2 countersigned p1's log at frame 240 (p2 flagged)", 0) == 0);
}

TEST_CASE("A lone log of a match that ended before its first checkpoint is rated only with the opponent's signature") {
    Fixture f;
    // Ann's log of 100 frames (she walks in; the match stops there, unfinished): before frame 120 only the last frame
    // is a checkpoint, so nothing of Bob's can back it unless he signed that frame.
    const std::string shortLog = rankedtest::recordMatch(f.m, f.rules, 0, 5, 100);
    REQUIRE(lastFrameOf(shortLog) == 100);
    AdmittedLog a;
    REQUIRE(f.admit(f.ann, shortLog, a) == "");
    const AdmittedLog* logs[2] = {&a, nullptr};
    Decision d = decideMatch(f.m, logs, f.rules);
    CHECK(d.state == "disputed");
    CHECK(d.winner == -1);
    CHECK(d.flags.find("p1's log stands alone with nothing of p2's behind it") != std::string::npos);
    a.countersigns = rankedtest::countersignsOf(shortLog, f.bob, f.m);
    REQUIRE(a.countersigns.size() == 1);  // the last frame's
    REQUIRE(a.countersigns[0].frame == 100);
    d = decideMatch(f.m, logs, f.rules);
    CHECK(d.state == "verified");
    CHECK(d.flags.rfind("p2 sent no log", 0) == 0);
}

namespace {

// p2's log of the real match (p1 attacks a standing p2) up to frame 240, then `tail` frames in which both stand for
// `idle` frames and then p2 attacks and p1 stands (the recording ends earlier if p2 wins the match by then): a cheater
// who stopped countersigning at 240 and rewrote everything after.
std::string rewrittenAfter240(const Fixture& f, std::size_t tail, std::size_t idle = 0) {
    const std::vector<sim::FrameInput> real = rankedtest::inputsOf(rankedtest::recordMatch(f.m, f.rules, 0, 5));
    const std::vector<sim::FrameInput> p2Attacks = rankedtest::inputsOf(rankedtest::recordMatch(f.m, f.rules, 1, 5));
    REQUIRE(real.size() > 240);
    std::vector<sim::FrameInput> out(real.begin(), real.begin() + 240);
    for (std::size_t i = 0; i < tail; ++i) {
        sim::FrameInput in;  // idle, or past p2's match of attacks: both stand
        if (i >= idle && i - idle < p2Attacks.size()) in.buttons[1] = p2Attacks[i - idle].buttons[1];
        out.push_back(in);
    }
    return rankedtest::recordInputs(f.m, f.rules, out);
}

}  // namespace

TEST_CASE("A lone log running further past its last countersignature than the lock step allows is judged there") {
    Fixture f;
    // Ann countersigned p2's log up to frame 240 and then never sent hers. By hand: in the first 240 frames only p1
    // pressed buttons (p2 stood), so p1 was ahead at frame 240; p2's tail of its own attacks (p1 standing) wins
    // p2 the match, which is what the log would win without the bound.
    const std::string p2Log = rewrittenAfter240(f, 700);
    REQUIRE(lastFrameOf(p2Log) > 240 + kLoneLogTailFrames);
    AdmittedLog b;
    REQUIRE(f.admit(f.bob, p2Log, b) == "");
    b.countersigns = rankedtest::countersignsOf(p2Log, f.ann, f.m, 240);
    REQUIRE(b.countersigns.back().frame == 240);
    REQUIRE(replayLog(b, f.rules).winner == 1);  // the rewritten end: p2 ahead
    const AdmittedLog* logs[2] = {nullptr, &b};
    const Decision d = decideMatch(f.m, logs, f.rules);
    CHECK(d.state == "verified");
    CHECK(d.winner == 0);
    CHECK(d.replay == p2Log);
    CHECK(d.flags == "p1 sent no log; p2's log runs " + std::to_string(lastFrameOf(p2Log) - 240) +
                         " frames past p1's last countersignature (frame 240), more than the lock step lets a match "
                         "go on unsigned (450): judged as the match stood there");
    // Within the bound the log stands as it is: what a cheater can still rewrite alone, at most 450 frames (here
    // enough for p2 to get ahead: the limit docs/ranked.md states).
    const std::string shortTail = rewrittenAfter240(f, std::size_t(kLoneLogTailFrames));
    AdmittedLog c;
    REQUIRE(f.admit(f.bob, shortTail, c) == "");
    c.countersigns = rankedtest::countersignsOf(shortTail, f.ann, f.m, 240);
    const AdmittedLog* within[2] = {nullptr, &c};
    const Decision e = decideMatch(f.m, within, f.rules);
    CHECK(e.state == "verified");
    CHECK(e.winner == replayLog(c, f.rules).winner);  // its own end decides (whoever is ahead there)
    CHECK(e.flags.find("judged as the match stood there") == std::string::npos);
}

TEST_CASE(
    "A lone log backed only by claims, running further past the last claimed checkpoint than allowed, is judged "
    "there") {
    Fixture f;
    // Ann sent the service her hashes up to frame 240 (claims, no countersignatures in p2's log: a client that does
    // not countersign, or a cheater who stripped them) and never sent her log. The bound by hand: one batch of 10
    // claims unsent (600 frames) + the countersignature tail (450) = 1050. p2's log runs 1200 frames past 240, so it
    // is judged at frame 240, where p1 was ahead (only p1 pressed buttons before it). p2's tail: both stand for 900
    // frames, then p2 attacks until it wins (a round of 6000 frames, so that the match lasts that long).
    f.rules.setup.roundFrames = 6000;
    REQUIRE(kClaimTailFrames == 1050);
    const std::string p2Log = rewrittenAfter240(f, 2000, 900);
    const std::int64_t tail = lastFrameOf(p2Log) - 240;
    REQUIRE(tail > 1050);
    AdmittedLog b;
    REQUIRE(f.admit(f.bob, p2Log, b) == "");
    REQUIRE(replayLog(b, f.rules).winner == 1);  // the rewritten end: p2 ahead
    Claims sent[2];
    for (const sim::Checkpoint& c : b.run.checkpoints)
        if (c.frame <= 240) sent[0][c.frame] = c.hash;  // the real match's first 240 frames: what ann saw too
    REQUIRE(sent[0].size() == 4);
    const AdmittedLog* logs[2] = {nullptr, &b};
    const Decision d = decideMatch(f.m, logs, f.rules, sent);
    CHECK(d.state == "verified");
    CHECK(d.winner == 0);
    CHECK(d.replay == p2Log);
    CHECK(d.flags == "p1 sent no log; p1's own hashes sent during the match are p2's log; p2's log runs " +
                         std::to_string(tail) +
                         " frames past p1's last claimed checkpoint (frame 240), more than a player's unsent claims "
                         "and the lock step allow (1050): judged as the match stood there");
    // Within the bound the log stands as it is: both stand for 100 frames, then p2 attacks and wins.
    const std::string within = rewrittenAfter240(f, 2000, 100);
    REQUIRE(lastFrameOf(within) - 240 <= 1050);
    AdmittedLog c;
    REQUIRE(f.admit(f.bob, within, c) == "");
    REQUIRE(replayLog(c, f.rules).winner == 1);
    const AdmittedLog* one[2] = {nullptr, &c};
    const Decision e = decideMatch(f.m, one, f.rules, sent);
    CHECK(e.state == "verified");
    CHECK(e.winner == replayLog(c, f.rules).winner);
    CHECK(e.flags == "p1 sent no log; p1's own hashes sent during the match are p2's log");
}

TEST_CASE("A log longer than any match of its setup can run is refused before it is re-simulated") {
    Fixture f;
    // The test rules: one round to win, 600-frame rounds. By hand: at most 2 x 1 - 1 = 1 round of intro + 3 x 600 +
    // 90 (the round's end), plus 600 frames to spare: 2490 + intro.
    const sim::MatchSetup setup = matchSetupOf(f.m, f.rules.setup);
    REQUIRE(maxMatchFrames(setup) == setup.intro + 2490);
    sim::Fight fight(setup, *f.rules.fighter(setup.fighter[0]), *f.rules.fighter(setup.fighter[1]));
    sim::ReplayText idle;  // both stand, and the recording goes on past the match's end
    idle.start(fight);
    const std::int64_t frames = maxMatchFrames(setup) + 1;
    for (std::int64_t i = 0; i < frames; ++i) {
        fight.step(sim::FrameInput{});
        idle.frame(sim::FrameInput{}, fight);
    }
    idle.finish(fight.hash());
    AdmittedLog out;
    CHECK(f.admit(f.ann, idle.text, out) == "the log runs " + std::to_string(frames) +
                                                " frames, more than a match of its setup can (" +
                                                std::to_string(frames - 1) + ")");
    CHECK(out.side == -1);
    // A whole real match stays far within it.
    const std::string played = rankedtest::recordMatch(f.m, f.rules, 0, 5);
    CHECK(lastFrameOf(played) < maxMatchFrames(setup) / 2);
    CHECK(f.admit(f.ann, played, out) == "");
}
