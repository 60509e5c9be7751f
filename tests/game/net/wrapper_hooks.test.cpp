// The transports that sit in front of the match's (the host's spectator demux, the lobby demux, the TURN client in
// either mode) pass the UDP socket's hooks through: the kernel's arrival time of the datagram they hand up (so the
// ping measures the network, not the 60 Hz tick that read it) and its "port unreachable" reports (so a join to a
// closed port fails at once). Without them the wrappers answered -1 and nothing, and a host with spectators showed
// a ping that included its tick pacing.
#include "game/net/lobby_client.h"
#include "game/net/spectate.h"
#include "game/net/turn/turn_client.h"

#include <doctest/doctest.h>

#include <deque>

namespace {

/// A transport whose datagrams carry made-up arrival times, and which holds unreachable reports.
class StampedTransport : public net::Transport {
public:
    struct Datagram {
        std::vector<std::uint8_t> data;
        net::Address from = 0;
        std::int64_t arrivedMs = 0;
    };
    std::deque<Datagram> in;
    std::deque<net::Address> unreachable;
    std::vector<net::Address> sentTo;

    void sendTo(net::Address to, const std::uint8_t*, std::size_t, std::int64_t) override { sentTo.push_back(to); }
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t) override {
        if (in.empty()) return false;
        data = in.front().data;
        from = in.front().from;
        last_ = in.front().arrivedMs;
        in.pop_front();
        return true;
    }
    std::int64_t lastArrivalMs() const override { return last_; }
    bool takeUnreachable(net::Address& to) override {
        if (unreachable.empty()) return false;
        to = unreachable.front();
        unreachable.pop_front();
        return true;
    }
    std::string addressName(net::Address a) const override { return "addr" + std::to_string(a); }

private:
    std::int64_t last_ = -1;
};

const std::vector<std::uint8_t> kGame = {'B', 'F', 4, 4, 1, 2, 3, 4};  // not a spectator's or the lobby's datagram

/// The checks every wrapper must pass: a game datagram handed up with its own arrival time (after a datagram the
/// wrapper keeps for itself, with another), the unreachable report passed on, the inner names.
void checkHooks(StampedTransport& inner, net::Transport& wrapper, const std::vector<std::uint8_t>& kept,
                net::Address keptFrom) {
    inner.in.push_back({kept, keptFrom, 900});
    inner.in.push_back({kGame, 42, 1234});
    std::vector<std::uint8_t> got;
    net::Address from = 0;
    REQUIRE(wrapper.receive(got, from, 2000));
    CHECK(got == kGame);
    CHECK(from == 42);
    CHECK(wrapper.lastArrivalMs() == 1234);  // the datagram's own arrival, not the read's (2000) nor "unknown" (-1)
    CHECK_FALSE(wrapper.receive(got, from, 2000));
    inner.unreachable.push_back(42);
    net::Address to = 0;
    REQUIRE(wrapper.takeUnreachable(to));
    CHECK(to == 42);
    CHECK_FALSE(wrapper.takeUnreachable(to));
    CHECK(wrapper.addressName(42) == "addr42");
}

}  // namespace

TEST_CASE("the spectator demux passes the socket's arrival times, unreachable reports and names through") {
    StampedTransport inner;
    net::SpectatorHub hub(4);
    net::SpectateDemux demux(inner, hub);
    net::SpectateMessage watch;
    watch.type = net::SpectateType::Watch;
    checkHooks(inner, demux, net::encodeSpectate(watch), 7);  // a spectator's Watch goes to the hub, not up
}

TEST_CASE("the lobby demux passes the socket's arrival times, unreachable reports and names through") {
    StampedTransport inner;
    net::LobbyClientConfig cfg;
    cfg.lobby = 5;
    net::LobbyClient client(inner, cfg);
    net::LobbyDemux demux(inner, client);
    net::LobbyMessage status;  // the lobby's, but not an answer to this client's nonce: kept, never handed up
    status.type = net::LobbyType::Status;
    checkHooks(inner, demux, net::encodeLobby(status), 5);
}

TEST_CASE(
    "the TURN client passes the socket's arrival times, unreachable reports (not the server's) and names through") {
    for (const bool directFirst : {false, true}) {
        CAPTURE(directFirst);
        StampedTransport inner;
        net::TurnConfig cfg;
        cfg.server = 9;
        cfg.user = "u";
        cfg.password = "p";
        cfg.directFirst = directFirst;
        net::TurnTransport turn(inner, cfg);
        inner.unreachable.push_back(9);            // about the server: its requests fail on their own, not reported up
        checkHooks(inner, turn, {0x01, 0x02}, 9);  // a malformed datagram from the server: refused, not handed up
        if (directFirst) {  // a peer not heard through the relay gets our datagrams straight from the socket
            const std::uint8_t one = 1;
            turn.sendTo(42, &one, 1, 2000);
            CHECK(inner.sentTo.back() == 42);
            CHECK_FALSE(turn.relayedPeer(42));
        }
    }
}
