// The connecting screen's words and the host's answer (game/app/online/lobby_status.h) on two real peers over the
// in-memory network, on a fake clock: the host's player is asked `NAME (FP) wants to play    Enter: accept    N:
// refuse` before anyone is welcomed, Enter lets the joiner in, N turns it away; the joiner knows the host's name and
// fingerprint once welcomed, before the round intro ends (what the fight view's opening card shows).
#include "game/app/online/lobby_status.h"
#include "game/net/net_test_util.h"

#include <doctest/doctest.h>

namespace {

struct AskingHost {
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& j = network.add(nettest::kJoiner, {}, 2);
    net::PeerConfig hostCfg, joinCfg;
    std::unique_ptr<net::NetPeer> host, joiner;
    std::int64_t now = 0;

    AskingHost() {
        REQUIRE(net::makeIdentity("alice", hostCfg.identity));
        hostCfg.host = true;
        hostCfg.fighter = "ryo";
        hostCfg.admission = net::Admission::Ask;  // the window's host
        hostCfg.setup.intro = sim::kLiveIntro;     // the window's round intro
        joinCfg = hostCfg;
        REQUIRE(net::makeIdentity("bob", joinCfg.identity));
        joinCfg.host = false;
        joinCfg.fighter = "brick";
        joinCfg.hostAddress = nettest::kHost;
        joinCfg.admission = net::Admission::Any;
        host = std::make_unique<net::NetPeer>(h, hostCfg, nettest::dataLoader());
        joiner = std::make_unique<net::NetPeer>(j, joinCfg, nettest::dataLoader());
    }
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
    CHECK(app::peerStatus(*t.joiner, scene(false), t.now).text == "the host sees you as " + bob + ": waiting for them to accept");
    CHECK_FALSE(app::answerJoiner(*t.host, false, false, t.now));  // no key pressed: still asking
    CHECK(t.host->joinerAsking(t.now));
    CHECK(app::answerJoiner(*t.host, true, false, t.now));  // Enter
    REQUIRE(t.until([&t] { return t.joiner->state() == net::PeerState::Playing && t.host->state() == net::PeerState::Playing; }));
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
