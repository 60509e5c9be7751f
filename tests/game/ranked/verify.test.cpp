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
    REQUIRE(f.admit(f.ann, rankedtest::recordMatch(f.m, f.rules, 1, 5), a) == "");
    const AdmittedLog* logs[2] = {&a, nullptr};
    const Decision d = decideMatch(f.m, logs, f.rules);
    CHECK(d.state == "verified");
    CHECK(d.winner == 1);
    CHECK(d.flags == "p2 sent no log");
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
    REQUIRE(f.admit(f.ann, withEnding(rankedtest::recordMatch(f.m, f.rules, 0, 5, 170), "left P1"), a) == "");
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
