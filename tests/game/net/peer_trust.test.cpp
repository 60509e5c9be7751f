// What an observer with a full capture, and a spoofer mid-join, can do to a match of protocol 5 (the authenticated
// exchange and the sealed channel, peer.h and channel.h). Each case broke a version-4 match: its match key was a MAC
// of the room secret and two nonces that travelled in clear, so whoever saw the lobby's answers and the handshake
// could forge a leave or inputs, and an 8-byte other-version datagram from the host's address ended a join.
#include "game/net/channel.h"
#include "game/net/packet.h"
#include "net_test_util.h"

#include <doctest/doctest.h>

namespace {

/// A transport that records every datagram its inner transport sends and receives: the capture of a passive
/// observer on the path.
class Tap : public net::Transport {
public:
    explicit Tap(net::Transport& inner) : inner_(inner) {}
    void sendTo(net::Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override {
        sent.emplace_back(data, data + size);
        inner_.sendTo(to, data, size, nowMs);
    }
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t nowMs) override {
        if (!inner_.receive(data, from, nowMs)) return false;
        received.push_back(data);
        return true;
    }
    std::vector<std::vector<std::uint8_t>> sent, received;

private:
    net::Transport& inner_;
};

struct Pair {
    net::PeerConfig hostCfg, joinCfg;
    std::vector<std::uint16_t> buttons[2] = {nettest::randomButtons(5, 2000), nettest::randomButtons(6, 2000)};
    Pair() {
        hostCfg.host = true;
        hostCfg.fighter = "ryo";
        hostCfg.frameLimit = 300;
        hostCfg.secret = {1, 2, 3, 4, 5, 6, 7, 8};  // the lobby's room secret: the observer has it too
        joinCfg = hostCfg;
        joinCfg.host = false;
        joinCfg.fighter = "brick";
        joinCfg.hostAddress = nettest::kHost;
    }
};

/// Every key an observer can compute from the capture: the version-4 match key's recipe over each 16- and
/// 32-byte field the handshake showed, and the raw fields themselves.
std::vector<net::ChannelKey> observerKeys(const Pair& pair, const std::vector<std::vector<std::uint8_t>>& capture) {
    std::vector<net::ChannelKey> keys;
    std::vector<net::Packet> seen;
    for (const auto& b : capture) {
        net::Packet p;
        if (net::decodePacket(b.data(), b.size(), p) && !net::sealedType(p.type)) seen.push_back(p);
    }
    for (const net::Packet& a : seen) {
        for (const net::Packet& b : seen) {
            net::Nonce na{}, nb{};
            std::copy(a.ephemeral.begin(), a.ephemeral.begin() + 16, na.begin());
            std::copy(b.ephemeral.begin(), b.ephemeral.begin() + 16, nb.begin());
            const net::Key k = net::nonceKey(pair.hostCfg.secret, "bf match key v4", na, nb, b.token);
            net::ChannelKey ck;
            std::copy(k.begin(), k.end(), ck.begin());
            keys.push_back(ck);
        }
        keys.push_back(a.ephemeral);
    }
    return keys;
}

}  // namespace

TEST_CASE("a passive observer with the room secret and a full capture can forge neither a leave nor an input") {
    Pair pair;
    net::MemoryNetwork network;
    net::Transport& hRaw = network.add(nettest::kHost, {}, 1);
    net::Transport& jRaw = network.add(nettest::kJoiner, {}, 2);
    net::Transport& spoofer = network.add(nettest::kJoiner, {}, 3);  // sends with the joiner's address
    Tap h(hRaw), j(jRaw);
    net::NetPeer host(h, pair.hostCfg, nettest::dataLoader());
    net::NetPeer joiner(j, pair.joinCfg, nettest::dataLoader());
    std::vector<nettest::Driven> d = nettest::drivers(host, joiner, pair.buttons);
    nettest::drive(d, 1500);
    REQUIRE(host.state() == net::PeerState::Playing);
    std::vector<std::vector<std::uint8_t>> capture = j.sent;
    capture.insert(capture.end(), j.received.begin(), j.received.end());
    int tried = 0;
    for (const net::ChannelKey& k : observerKeys(pair, capture)) {
        net::Channel forger(k, k);
        net::Packet leave;
        leave.type = net::PacketType::Input;
        leave.token = net::Packet().token;
        for (const auto& b : j.sent) {  // the joiner's token, from its captured inputs
            net::Packet p;
            if (net::decodePacket(b.data(), b.size(), p) && p.type == net::PacketType::Input) leave.token = p.token;
        }
        leave.flags = net::kFlagLeaving;
        leave.firstFrame = 1;
        leave.buttons.assign(60, sim::kSpecial);
        for (int i = 0; i < 3; ++i) {
            const std::vector<std::uint8_t> bytes = net::sealOnChannel(leave, forger);
            spoofer.sendTo(nettest::kHost, bytes.data(), bytes.size(), 1500);
            ++tried;
        }
    }
    for (const auto& b : j.sent) spoofer.sendTo(nettest::kHost, b.data(), b.size(), 1500);  // and every datagram again
    REQUIRE(tried > 0);
    nettest::drive(d, 60000);
    CHECK(host.endMessage() == "match over");
    CHECK(joiner.endMessage() == "match over");
    CHECK(host.counters().forged + host.counters().replayed >= tried);
    CHECK(host.session()->confirmedHashes() == nettest::offlineHashes(host.setup(), pair.buttons, 300));
}

TEST_CASE("a spoofed other-version datagram from the host's address after its Challenge does not end the join") {
    Pair pair;
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& j = network.add(nettest::kJoiner, {}, 2);
    net::Transport& spoofer = network.add(nettest::kHost, {}, 3);
    net::NetPeer host(h, pair.hostCfg, nettest::dataLoader());
    net::NetPeer joiner(j, pair.joinCfg, nettest::dataLoader());
    joiner.tick(0, 0);
    host.tick(1, 0);   // the Challenge
    joiner.tick(2, 0); // the Hello with the cookie: the join is in progress
    const std::uint8_t spoof[] = {'B', 'F', 4, 3, 0, 0, 0, 0};
    spoofer.sendTo(nettest::kJoiner, spoof, sizeof spoof, 3);
    // The host is slow to welcome (here: silent for a second), longer than the old 0.75 s grace.
    for (std::int64_t t = 3; t < 1000; t += 17) joiner.tick(t, 0);
    CHECK(joiner.state() == net::PeerState::Connecting);
    std::vector<nettest::Driven> d = nettest::drivers(host, joiner, pair.buttons);
    d[0].nextUs = d[1].nextUs = 1000000;
    nettest::drive(d, 60000);
    CHECK(joiner.endMessage() == "match over");
    CHECK(host.endMessage() == "match over");
}

TEST_CASE("each side learns the other's name and identity key from the signed handshake") {
    Pair pair;
    REQUIRE(net::makeIdentity("alice", pair.hostCfg.identity));
    REQUIRE(net::makeIdentity("bob", pair.joinCfg.identity));
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& j = network.add(nettest::kJoiner, {}, 2);
    net::NetPeer host(h, pair.hostCfg, nettest::dataLoader());
    net::NetPeer joiner(j, pair.joinCfg, nettest::dataLoader());
    std::vector<nettest::Driven> d = nettest::drivers(host, joiner, pair.buttons);
    nettest::drive(d, 1500);
    REQUIRE(host.opponentKnown());
    REQUIRE(joiner.opponentKnown());
    CHECK(host.opponentName() == "bob");
    CHECK(host.opponentKey() == pair.joinCfg.identity.publicKey);
    CHECK(joiner.opponentName() == "alice");
    CHECK(joiner.opponentKey() == pair.hostCfg.identity.publicKey);
}

TEST_CASE("the replay window takes each counter once, in any order within 64, and nothing older") {
    net::ReplayWindow w;
    CHECK(w.fresh(0));
    w.accept(0);
    CHECK_FALSE(w.fresh(0));
    w.accept(5);
    CHECK(w.fresh(3));
    w.accept(3);
    CHECK_FALSE(w.fresh(3));
    w.accept(100);
    CHECK_FALSE(w.fresh(36));  // 64 behind 100
    CHECK(w.fresh(37));
    CHECK_FALSE(w.fresh(100));
    CHECK(w.fresh(101));
}

TEST_CASE("a sealed datagram opens only under its direction's key, once, and with every byte as sealed") {
    net::ChannelKey a{}, b{};
    a[0] = 1;
    b[0] = 2;
    net::Channel alice(a, b), bob(b, a), eve(a, b);  // eve: alice's own keys, whose receive key is b
    const std::uint8_t header[4] = {'h', 'd', 'r', 0};
    const std::uint8_t text[5] = {'i', 'n', 'p', 'u', 't'};
    const std::vector<std::uint8_t> sealed = alice.seal(header, 4, text, 5);
    CHECK(sealed.size() == 4 + 5 + net::kSealOverhead);
    std::vector<std::uint8_t> plain;
    CHECK_FALSE(eve.open(sealed.data(), sealed.size(), 4, plain));  // alice's receive key is not her send key
    for (std::size_t i = 0; i < sealed.size(); ++i) {
        std::vector<std::uint8_t> changed = sealed;
        changed[i] ^= 1;
        CHECK_FALSE(bob.open(changed.data(), changed.size(), 4, plain));
    }
    REQUIRE(bob.open(sealed.data(), sealed.size(), 4, plain));
    CHECK(plain == std::vector<std::uint8_t>(text, text + 5));
    CHECK_FALSE(bob.open(sealed.data(), sealed.size(), 4, plain));  // a replay
    CHECK(bob.replays() == 1);
}
