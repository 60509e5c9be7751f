// The TURN client against a small TURN server written here from RFC 8656 (in memory, lossy, fake clock), so the
// client is tested where coturn is not installed too: the 401 challenge then signed requests, a 438 stale nonce
// retried with the new nonce, permissions installed before anything is relayed, Send and Data indications both
// ways, Refresh at half the lifetime, a forged answer (wrong integrity) and a Data indication from a peer with no
// permission refused, and a 401 to signed credentials (a wrong password) final.
#include "shared_names.h"
#include "game/net/memory_transport.h"
#include "game/net/turn/stun.h"
#include "game/net/turn/turn_client.h"

#include <doctest/doctest.h>

#include <set>

namespace {

using nettest::bytesOf;

using net::stun::Message;
using Bytes = std::vector<std::uint8_t>;

/// A TURN server for one client: server endpoint `self`, relayed endpoint `relay`.
struct FakeTurn {
    FakeTurn(net::MemoryNetwork::Endpoint& s, net::MemoryNetwork::Endpoint& r) : self(s), relay(r) {}
    net::MemoryNetwork::Endpoint& self;
    net::MemoryNetwork::Endpoint& relay;
    std::string password = "pw";
    int staleOnce = 1;  // answer the first signed request 438 (a new nonce)
    std::string nonce = "n1";
    net::Address client = 0;
    std::set<std::uint32_t> permitted;
    int allocates = 0, refreshes = 0, permissions = 0, sends = 0;
    bool forgeNext = false;  // answer the next request with a wrong MESSAGE-INTEGRITY

    Bytes key() const { return net::stun::longTermKey("user", "test.realm", password); }

    void reply(const Message& req, std::uint8_t cls, std::vector<net::stun::Attribute> attrs, bool sign,
               std::int64_t now) {
        Message m;
        m.method = req.method;
        m.cls = cls;
        m.id = req.id;
        m.attrs = std::move(attrs);
        Bytes k = sign ? key() : Bytes();
        if (sign && forgeNext) {
            k = bytesOf("forged");
            forgeNext = false;
        }
        const Bytes b = net::stun::encodeStun(m, k, true);
        self.sendTo(client, b.data(), b.size(), now);
    }

    void error(const Message& req, int code, std::int64_t now) {
        Bytes e = {0, 0, std::uint8_t(code / 100), std::uint8_t(code % 100)};
        reply(req, net::stun::kError,
              {{net::stun::kErrorCode, e, 0},
               {net::stun::kRealm, bytesOf("test.realm"), 0},
               {net::stun::kNonce, bytesOf(nonce), 0}},
              false, now);
    }

    void poll(std::int64_t now) {
        Bytes d;
        net::Address from = 0;
        while (self.receive(d, from, now)) {
            Message m;
            REQUIRE(net::stun::decodeStun(d.data(), d.size(), m));
            client = from;
            if (m.cls == net::stun::kIndication) {
                net::Address peer = 0;
                REQUIRE(m.method == net::stun::kSend);
                REQUIRE(net::stun::readXorAddress(m.find(net::stun::kXorPeerAddress)->value, peer));
                if (permitted.count(std::uint32_t(peer >> 16)) == 0) continue;  // RFC 8656: no permission, dropped
                ++sends;
                const Bytes& payload = m.find(net::stun::kDataAttr)->value;
                relay.sendTo(peer, payload.data(), payload.size(), now);
                continue;
            }
            CHECK(net::stun::checkFingerprint(d.data(), d.size(), m));  // every request carries one
            if (m.find(net::stun::kMessageIntegrity) == nullptr) {
                error(m, 401, now);
                continue;
            }
            if (!net::stun::checkIntegrity(d.data(), d.size(), m, key())) {
                error(m, 401, now);
                continue;
            }
            if (staleOnce > 0) {
                --staleOnce;
                nonce = "n2";
                error(m, 438, now);
                continue;
            }
            CHECK(m.find(net::stun::kNonce)->value == bytesOf(nonce));
            if (m.method == net::stun::kAllocate) {
                ++allocates;
                reply(m, net::stun::kSuccess,
                      {{net::stun::kXorRelayedAddress, net::stun::xorAddress(relay.address()), 0},
                       {net::stun::kXorMappedAddress, net::stun::xorAddress(from), 0},
                       {net::stun::kLifetime, net::stun::u32(600), 0}},
                      true, now);
            } else if (m.method == net::stun::kCreatePermission) {
                ++permissions;
                net::Address peer = 0;
                REQUIRE(net::stun::readXorAddress(m.find(net::stun::kXorPeerAddress)->value, peer));
                permitted.insert(std::uint32_t(peer >> 16));
                reply(m, net::stun::kSuccess, {}, true, now);
            } else if (m.method == net::stun::kRefresh) {
                ++refreshes;
                reply(m, net::stun::kSuccess, {{net::stun::kLifetime, net::stun::u32(600), 0}}, true, now);
            }
        }
        while (relay.receive(d, from, now)) {  // a peer sent to the relayed address: a Data indication if permitted
            if (permitted.count(std::uint32_t(from >> 16)) == 0) continue;
            Message m;
            m.method = net::stun::kData;
            m.cls = net::stun::kIndication;
            m.attrs = {{net::stun::kXorPeerAddress, net::stun::xorAddress(from), 0}, {net::stun::kDataAttr, d, 0}};
            const Bytes b = net::stun::encodeStun(m, {}, false);
            self.sendTo(client, b.data(), b.size(), now);
        }
    }
};

// Addresses as IPv4 << 16 | port: the server, its relayed address, the client, the peer.
constexpr net::Address kServer = (net::Address(0x0a000001) << 16) | 3478;
constexpr net::Address kRelay = (net::Address(0x0a000001) << 16) | 50000;
constexpr net::Address kClient = (net::Address(0x0a000002) << 16) | 4000;
constexpr net::Address kPeer = (net::Address(0x0a000003) << 16) | 7000;

}  // namespace

TEST_CASE("TURN client: allocates through 401 and 438, relays both ways, refreshes, refuses forgeries") {
    net::NetConditions lossy;
    lossy.delayMs = 15;
    lossy.lossPercent = 10;
    net::MemoryNetwork network;
    FakeTurn server(network.add(kServer, lossy, 1), network.add(kRelay, lossy, 2));
    auto& clientEnd = network.add(kClient, lossy, 3);
    auto& peer = network.add(kPeer, lossy, 4);
    net::TurnConfig cfg;
    cfg.server = kServer;
    cfg.user = "user";
    cfg.password = "pw";
    net::TurnTransport turn(clientEnd, cfg);
    turn.start(0);
    int toPeer = 0, fromPeer = 0;
    Bytes d;
    net::Address from = 0;
    for (std::int64_t t = 0; t <= 400000; t += 16) {  // bounded: 400 s of fake time (past one Refresh at 300 s)
        server.poll(t);
        if (t == 20000) server.forgeNext = true;  // the next answer (a permission renewal or refresh) is forged
        while (turn.receive(d, from, t)) {
            CHECK(from == kPeer);
            CHECK(d == bytesOf("from peer"));
            ++fromPeer;
        }
        if (turn.state() == net::TurnState::Ready && t % 160 == 0) {
            const Bytes hi = bytesOf("to peer");
            turn.sendTo(kPeer, hi.data(), hi.size(), t);
        }
        while (peer.receive(d, from, t)) {
            CHECK(from == kRelay);  // the peer sees only the relayed address
            ++toPeer;
            const Bytes back = bytesOf("from peer");
            peer.sendTo(kRelay, back.data(), back.size(), t);
        }
    }
    REQUIRE(turn.state() == net::TurnState::Ready);
    CHECK(turn.relayedAddress() == kRelay);
    CHECK(turn.mappedAddress() == kClient);
    CHECK(server.allocates == 1);
    CHECK(server.refreshes >= 1);
    CHECK(server.permissions >= 2);  // installed, then renewed every 4 minutes
    CHECK(toPeer > 1000);
    CHECK(fromPeer > 1000);
    CHECK(turn.counters().refused >= 1);  // the forged answer
    CHECK(turn.counters().direct == 0);
}

TEST_CASE("TURN client: a wrong password ends in a clear failure, and a silent server too") {
    net::MemoryNetwork network;
    FakeTurn server(network.add(kServer, {}, 1), network.add(kRelay, {}, 2));
    server.staleOnce = 0;
    auto& clientEnd = network.add(kClient, {}, 3);
    net::TurnConfig cfg;
    cfg.server = kServer;
    cfg.user = "user";
    cfg.password = "not the password";
    net::TurnTransport turn(clientEnd, cfg);
    turn.start(0);
    Bytes d;
    net::Address from = 0;
    for (std::int64_t t = 0; t <= 5000 && turn.state() == net::TurnState::Allocating; t += 16) {
        server.poll(t);
        while (turn.receive(d, from, t)) {}
    }
    CHECK(turn.state() == net::TurnState::Failed);
    CHECK(turn.error().rfind("the TURN server refused the allocation: 401", 0) == 0);

    auto& lonely = network.add(kPeer, {}, 4);
    cfg.server = (net::Address(0x0a0000ff) << 16) | 3478;  // nobody there
    net::TurnTransport silent(lonely, cfg);
    silent.start(0);
    for (std::int64_t t = 0; t <= 200000 && silent.state() == net::TurnState::Allocating; t += 16) {
        while (silent.receive(d, from, t)) {}
    }
    CHECK(silent.state() == net::TurnState::Failed);
    CHECK(silent.error() == "the TURN server did not answer");
    CHECK(silent.counters().retransmits == net::TurnTransport::kMaxTries - 1);
}
