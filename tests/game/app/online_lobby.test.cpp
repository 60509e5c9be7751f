// The connecting screen's words and the host's answer (game/app/online/lobby_status.h) on two real peers over the
// in-memory network, on a fake clock: the host's player is asked `NAME (FP) wants to play    Enter: accept    N:
// refuse` before anyone is welcomed, Enter lets the joiner in, N turns it away; the joiner knows the host's name and
// fingerprint once welcomed, before the round intro ends (what the fight view's opening card shows).
#include "game/app/online/lobby_status.h"
#include "game/app/online/match_flow.h"
#include "game/net/net_test_util.h"

#include <doctest/doctest.h>

namespace {

/// A host and a joiner on the in-memory network, their settings, and the fake clock both tick on.
struct TwoPeers {
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& j = network.add(nettest::kJoiner, {}, 2);
    net::PeerConfig hostCfg, joinCfg;
    std::unique_ptr<net::NetPeer> host, joiner;
    std::int64_t now = 0;

    /// Ticks both 16 ms apart until `done` holds (at most 30 s of fake time); true when it did.
    template <class Done>
    bool until(Done&& done) {
        for (int i = 0; i < 1875 && !done(); ++i) {
            now += 16;
            host->tick(now, 0);
            joiner->tick(now, 0);
        }
        return done();
    }
};

struct AskingHost : TwoPeers {
    AskingHost() {
        REQUIRE(net::makeIdentity("alice", hostCfg.identity));
        hostCfg.host = true;
        hostCfg.fighter = "ryo";
        hostCfg.admission = net::Admission::Ask;  // the window's host
        hostCfg.setup.intro = sim::kLiveIntro;    // the window's round intro
        joinCfg = hostCfg;
        REQUIRE(net::makeIdentity("bob", joinCfg.identity));
        joinCfg.host = false;
        joinCfg.fighter = "brick";
        joinCfg.hostAddress = nettest::kHost;
        joinCfg.admission = net::Admission::Any;
        host = std::make_unique<net::NetPeer>(h, hostCfg, nettest::dataLoader());
        joiner = std::make_unique<net::NetPeer>(j, joinCfg, nettest::dataLoader());
    }
};

app::PeerScene scene(bool hostSide) {
    app::PeerScene s;
    s.hostSide = hostSide;
    return s;
}

}  // namespace

TEST_CASE("The window's host is asked who wants to play, by name and fingerprint, and Enter lets the joiner in") {
    AskingHost t;
    REQUIRE(t.until([&t] { return t.host->joinerAsking(t.now); }));
    const std::string bob = "bob (" + net::fingerprint(t.joinCfg.identity.publicKey) + ")";
    const app::StatusLine asked = app::peerStatus(*t.host, scene(true), t.now);
    CHECK(asked.text == bob + " wants to play    Enter: accept    N: refuse");
    CHECK(asked.tone == app::StatusTone::Question);
    REQUIRE(t.until([&t] { return t.joiner->hostDeciding(); }));
    CHECK(app::peerStatus(*t.joiner, scene(false), t.now).text ==
          "the host sees you as " + bob + ": waiting for them to accept");
    CHECK_FALSE(app::answerJoiner(*t.host, false, false, t.now));  // no key pressed: still asking
    CHECK(t.host->joinerAsking(t.now));
    CHECK(app::answerJoiner(*t.host, true, false, t.now));  // Enter
    REQUIRE(t.until(
        [&t] { return t.joiner->state() == net::PeerState::Playing && t.host->state() == net::PeerState::Playing; }));
    // The joiner knows who it plays before any move counts: the round intro locks inputs out for its first frames.
    REQUIRE(t.joiner->opponentKnown());
    CHECK(t.joiner->session()->frame() < t.joiner->setup().intro + 60);
    CHECK(app::whoText(t.joiner->opponentName(), t.joiner->opponentKey()) ==
          "alice (" + net::fingerprint(t.hostCfg.identity.publicKey) + ")");
}

TEST_CASE("N turns the joiner away: it is told the host did not accept it, and nobody asks any more") {
    AskingHost t;
    REQUIRE(t.until([&t] { return t.host->joinerAsking(t.now); }));
    CHECK(app::answerJoiner(*t.host, false, true, t.now));  // N
    REQUIRE(t.until([&t] { return t.joiner->state() == net::PeerState::Done; }));
    const app::StatusLine told = app::peerStatus(*t.joiner, scene(false), t.now);
    CHECK(told.text == "refused: the host did not accept you");
    CHECK(told.tone == app::StatusTone::Problem);
    CHECK_FALSE(t.host->joinerAsking(t.now));
    CHECK(app::peerStatus(*t.host, scene(true), t.now).text == "waiting for an opponent");
    CHECK_FALSE(app::answerJoiner(*t.host, true, false, t.now));  // nobody to answer
}

namespace {

/// A service match's two seats (ranked::planMatch of one offer), and a peer of each on the in-memory network with
/// the window's settings for it (applyServiceSeat); `joinerName` is who actually takes the room.
struct ServiceSeats : TwoPeers {
    net::Identity p1, p2, stranger;
    app::ServiceSeat seat[2];

    explicit ServiceSeats(bool strangerJoins) {
        REQUIRE(net::makeIdentity("ann", p1));
        REQUIRE(net::makeIdentity("bob", p2));
        REQUIRE(net::makeIdentity("eve", stranger));
        ranked::MatchFound m;
        m.id = 9, m.ranked = true, m.key[0] = p1.publicKey, m.key[1] = p2.publicKey;
        m.fighter[0] = "ryo", m.fighter[1] = "brick", m.seed = 77, m.lobbyPort = 7201;
        for (int s = 0; s < 2; ++s) {
            const ranked::MatchPlan plan = ranked::planMatch(m, s, "svc.example:7200");
            seat[s] = app::ServiceSeat{plan.host, plan.lobby, plan.opponent, "K7QWM2", plan.setup, plan.matchId};
        }
        hostCfg.identity = p1;
        hostCfg.host = true;
        hostCfg.admission = net::Admission::Ask;  // the window's room host, before the seat says otherwise
        app::applyServiceSeat(seat[0], hostCfg);
        joinCfg.identity = strangerJoins ? stranger : p2;
        joinCfg.host = false;
        joinCfg.hostAddress = nettest::kHost;
        app::applyServiceSeat(seat[1], joinCfg);
        host = std::make_unique<net::NetPeer>(h, hostCfg, nettest::dataLoader());
        joiner = std::make_unique<net::NetPeer>(j, joinCfg, nettest::dataLoader());
    }
};

}  // namespace

TEST_CASE("A service match's room admits the opponent the service named without asking, on the service's setup") {
    ServiceSeats t(false);
    CHECK(t.hostCfg.admission == net::Admission::Key);
    CHECK(t.hostCfg.acceptFingerprint == net::fingerprint(t.p2.publicKey));
    CHECK(t.joinCfg.fighter == "brick");
    REQUIRE(t.until(
        [&t] { return t.joiner->state() == net::PeerState::Playing && t.host->state() == net::PeerState::Playing; }));
    CHECK_FALSE(t.host->joinerAsking(t.now));
    CHECK(t.joiner->setup().seed == 77);
    CHECK(t.joiner->setup().fighter[0] == "ryo");
    CHECK(t.joiner->setup().fighter[1] == "brick");
    CHECK(app::wrongOpponent(*t.joiner, t.seat[1].opponent).empty());  // the host is p1
    CHECK(app::wrongOpponent(*t.host, t.seat[0].opponent).empty());
}

TEST_CASE("A service match's room turns away any other key, and a joiner finds a host that is not the one named") {
    ServiceSeats t(true);
    REQUIRE(t.until([&t] { return t.joiner->state() == net::PeerState::Done; }));
    CHECK(t.host->state() != net::PeerState::Playing);
    CHECK(t.joiner->session() == nullptr);
    // The joiner's side of the same check: a host other than the one named is said, with both fingerprints.
    ServiceSeats u(false);
    REQUIRE(u.until([&u] { return u.joiner->opponentKnown(); }));
    CHECK(app::wrongOpponent(*u.joiner, net::fingerprint(u.stranger.publicKey)) ==
          "the opponent is " + net::fingerprint(u.p1.publicKey) + ", not " + net::fingerprint(u.stranger.publicKey) +
              " (the one the service named)");
}
