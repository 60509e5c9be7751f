// What a third party can do to a direct match, over the in-memory network: each case here broke a match (or the
// host) before version 4 of the protocol. A spoofed datagram of another version from the host's address, a
// stranger's Hello taking the host's seat, a Hello making the host send far more than it got to any address,
// forged inputs, a peer that sends but never lets a frame be confirmed, other fighter data, and a room secret.
#include "shared_names.h"
#include "game/net/packet.h"
#include "two_peers.h"

#include <doctest/doctest.h>

namespace {

using nettest::kStranger;

/// A hand-made Hello as a real joiner sends it: a name and an identity key, signed.
void signHello(net::Packet& hello) {
    net::Identity id;
    REQUIRE(net::makeIdentity("stranger", id));
    hello.identity = id.publicKey;
    hello.name = id.name;
    hello.signature = net::signDigest(id, net::helloDigest(hello));
}

/// The shared pair with buttons of seeds 5 and 6.
struct SecurityPair : nettest::Pair {
    explicit SecurityPair(std::uint32_t frameLimit = 300) : nettest::Pair(frameLimit, 5) {}
};

/// Takes every datagram waiting at t by nowMs; returns how many and their total size.
std::pair<int, std::size_t> drain(net::Transport& t, std::int64_t nowMs, std::vector<net::Packet>* out = nullptr) {
    std::vector<std::uint8_t> bytes;
    net::Address from = 0;
    int n = 0;
    std::size_t total = 0;
    while (t.receive(bytes, from, nowMs)) {
        ++n;
        total += bytes.size();
        net::Packet p;
        if (out && net::decodePacket(bytes.data(), bytes.size(), p)) out->push_back(p);
    }
    return {n, total};
}

}  // namespace

TEST_CASE("a spoofed 8-byte datagram of another version from the host's address does not end the joiner's match") {
    SecurityPair pair;
    nettest::TwoPeers two(pair);
    net::Transport& spoofer = two.network.add(nettest::kHost, {}, 3);  // sends with the host's address
    nettest::drive(two.d, 1500);
    REQUIRE(two.joiner.state() == net::PeerState::Playing);
    for (std::uint8_t type = 1; type <= 4; ++type) {
        const std::uint8_t spoof[] = {'B', 'F', 2, type, 1, 2, 3, 4};
        spoofer.sendTo(nettest::kJoiner, spoof, sizeof spoof, 1500);
    }
    nettest::drive(two.d, 60000);
    CHECK(two.joiner.endMessage() == "match over");
    CHECK(two.joiner.counters().otherVersion == 4);
    CHECK(two.joiner.session()->confirmedHashes() == two.host.session()->confirmedHashes());
}

TEST_CASE("a stranger's Hello that is never followed by inputs does not take the host's seat from the real joiner") {
    SecurityPair pair;
    nettest::TwoPeers two(pair);
    net::Transport& s = two.network.add(kStranger, {}, 3);
    // The stranger completes the cookie exchange (it does receive at its address), gets a Welcome, then goes quiet.
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "brick";
    net::KxKey secret;
    REQUIRE(net::makeKxPair(hello.ephemeral, secret));
    signHello(hello);
    std::vector<std::uint8_t> bytes = net::sealPacket(hello, {});
    s.sendTo(nettest::kHost, bytes.data(), bytes.size(), 0);
    two.host.tick(0, 0);
    std::vector<net::Packet> got;
    drain(s, 1, &got);
    REQUIRE(got.size() == 1);
    REQUIRE(got[0].type == net::PacketType::Challenge);
    hello.cookie = got[0].cookie;
    bytes = net::sealPacket(hello, {});
    s.sendTo(nettest::kHost, bytes.data(), bytes.size(), 1);
    two.host.tick(2, 0);
    got.clear();
    drain(s, 3, &got);
    REQUIRE(got.size() == 1);
    REQUIRE(got[0].type == net::PacketType::Welcome);  // the seat is offered; the stranger never plays
    two.d[0].nextUs = 3000;
    two.d[1].nextUs = 300000;  // the real joiner comes 0.3 s later
    nettest::drive(two.d, 60000);
    CHECK(two.joiner.endMessage() == "match over");
    CHECK(two.host.endMessage() == "match over");
    CHECK(two.host.session()->confirmedHashes() == nettest::offlineHashes(two.host.setup(), pair.buttons, 300));
}

TEST_CASE("a Hello from an address that never answers gets one Challenge no larger than itself, and no Welcome") {
    SecurityPair pair;
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& victim = network.add(kStranger, {}, 3);
    net::NetPeer host(h, pair.hostCfg, nettest::dataLoader());
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "ryo";
    signHello(hello);
    const std::vector<std::uint8_t> bytes = net::sealPacket(hello, {});
    victim.sendTo(nettest::kHost, bytes.data(), bytes.size(), 0);  // as if spoofed: the "victim" never answers
    for (int t = 0; t < 120; ++t) host.tick(t * 17, 0);            // two seconds of the host's ticks
    std::vector<net::Packet> got;
    const auto [count, size] = drain(victim, 5000, &got);
    CHECK(count == 1);
    CHECK(size <= bytes.size());
    REQUIRE(got.size() == 1);
    CHECK(got[0].type == net::PacketType::Challenge);
    CHECK(host.state() == net::PeerState::Waiting);
}

TEST_CASE("a peer that keeps sending but lets no frame be confirmed ends the match after the progress timeout") {
    SecurityPair pair(0);
    pair.hostCfg.progressMs = 2000;
    pair.joinCfg.timeoutMs = 1000000;  // the joiner never gives up: it hears nothing and keeps sending
    net::NetConditions deaf;
    deaf.lossPercent = 100;
    nettest::TwoPeers two(pair);
    nettest::drive(two.d, 1000);
    REQUIRE(two.host.state() == net::PeerState::Playing);
    // From now on nothing the host sends arrives: the joiner's window fills and it stops at its last frame, while its
    // packets (acks, timing, no new inputs) keep the host from ever being silent.
    static_cast<net::MemoryNetwork::Endpoint&>(two.h).setConditions(deaf);
    nettest::drive(two.d, 30000);
    CHECK(two.host.endReason() == net::PeerEnd::ConnectionLost);
    CHECK(two.host.endMessage() == "connection lost: no frame confirmed for 2 s");
    CHECK(two.d[0].doneAtMs < 1000 + 2000 + 2000);
}

TEST_CASE("a joiner whose fighter data differ from the host's copy is refused at the handshake, not desynced") {
    SecurityPair pair;
    pair.hostCfg.rulesHash = [](const std::string& id) { return id == "brick" ? 111u : 222u; };
    pair.joinCfg.rulesHash = [](const std::string& id) { return id == "brick" ? 112u : 222u; };  // its brick differs
    nettest::TwoPeers two(pair);
    two.d[0].stopAtMs = 3000;
    nettest::drive(two.d, 5000);
    CHECK(two.joiner.endMessage() == "refused: the host runs another build or other fighter data");
    CHECK(two.host.state() == net::PeerState::Waiting);
    // The host's own fighter differing is caught by the joiner from the Welcome.
    SecurityPair other;
    other.hostCfg.rulesHash = [](const std::string& id) { return id == "ryo" ? 1u : 2u; };
    other.joinCfg.rulesHash = [](const std::string& id) { return id == "ryo" ? 3u : 2u; };
    net::MemoryNetwork network2;
    net::Transport& h2 = network2.add(nettest::kHost, {}, 1);
    net::Transport& j2 = network2.add(nettest::kJoiner, {}, 2);
    net::NetPeer host2(h2, other.hostCfg, nettest::dataLoader());
    net::NetPeer joiner2(j2, other.joinCfg, nettest::dataLoader());
    std::vector<nettest::Driven> d2 = drivers(host2, joiner2, other);
    d2[0].stopAtMs = 3000;
    nettest::drive(d2, 5000);
    CHECK(joiner2.endMessage() == "refused: the host runs another build or other data for fighter 'ryo'");
}

TEST_CASE(
    "with a room secret only a joiner holding it gets in, and one with the room's code but not its secret cannot") {
    SecurityPair pair;
    pair.hostCfg.secret = pair.joinCfg.secret = net::Key{'s', 'e', 'c', 'r', 'e', 't'};
    nettest::TwoPeers two(pair);
    net::Transport& s = two.network.add(kStranger, {}, 3);
    net::PeerConfig intruderCfg = pair.joinCfg;
    intruderCfg.secret = net::Key{'g', 'u', 'e', 's', 's'};
    intruderCfg.connectTimeoutMs = 2000;
    net::NetPeer intruder(s, intruderCfg, nettest::dataLoader());
    two.d[1].nextUs = 500000;  // the intruder is first
    two.d.emplace_back();
    two.d[2].peer = &intruder;
    nettest::drive(two.d, 60000);
    CHECK(intruder.endMessage() == "no answer from the host");
    CHECK(two.host.counters().forged >= 1);
    CHECK(two.joiner.endMessage() == "match over");
    CHECK(two.host.session()->confirmedHashes() == nettest::offlineHashes(two.host.setup(), pair.buttons, 300));
}

TEST_CASE("with automatic delay each side picks its input delay and rollback window from the handshake's round trip") {
    net::SessionConfig c;
    net::autoSessionConfig(0, c);
    CHECK(c.inputDelay == 1);
    CHECK(c.maxRollback == 8);
    net::autoSessionConfig(80, c);  // 40 ms each way
    CHECK(c.inputDelay == 3);
    CHECK(c.maxRollback == 11);
    net::autoSessionConfig(400, c);
    CHECK(c.inputDelay == 4);
    CHECK(c.maxRollback == 30);
    SecurityPair pair;
    pair.hostCfg.autoDelay = pair.joinCfg.autoDelay = true;
    net::NetConditions slow;
    slow.delayMs = 40;
    nettest::TwoPeers two(pair, slow);
    nettest::drive(two.d, 60000);
    for (net::NetPeer* p : {&two.host, &two.joiner}) {
        CHECK(p->handshakeRttMs() >= 80);
        CHECK(p->handshakeRttMs() <= 80 + 34);  // plus at most a tick of waiting on each side
        net::SessionConfig want;
        net::autoSessionConfig(p->handshakeRttMs(), want);
        CHECK(p->session()->config().inputDelay == want.inputDelay);
        CHECK(p->session()->config().maxRollback == want.maxRollback);
        CHECK(p->session()->config().inputDelay >= 3);
    }
    CHECK(two.host.endMessage() == "match over");
    CHECK(two.host.session()->confirmedHashes() == two.joiner.session()->confirmedHashes());
}

TEST_CASE(
    "a flood of Hellos from 200 spoofed addresses gets a Challenge each, no larger, and the real joiner still plays") {
    // 200 spoofed sources send 25 signed Hellos each over the first two seconds (half with a made-up cookie): 5,000
    // Hellos, 2,500 a second, while the real joiner calls. None may cost the host a seat, a Welcome or more bytes
    // out than came in (the answer is a Challenge, or Busy once the match is on); the real joiner must be playing within two seconds and the match must end as offline.
    SecurityPair pair;
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& j = network.add(nettest::kJoiner, {}, 2);
    std::vector<net::Transport*> spoofers;
    for (int i = 0; i < 200; ++i) spoofers.push_back(&network.add(net::Address(1000 + i), {}, std::uint64_t(10 + i)));
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "brick";
    net::KxKey secret;
    REQUIRE(net::makeKxPair(hello.ephemeral, secret));
    signHello(hello);
    const std::vector<std::uint8_t> plain = net::sealPacket(hello, {});
    hello.cookie[0] = 0x5a;  // a cookie the host never gave
    const std::vector<std::uint8_t> guessed = net::sealPacket(hello, {});
    for (int k = 0; k < 25; ++k) {
        for (std::size_t i = 0; i < spoofers.size(); ++i) {
            const std::vector<std::uint8_t>& bytes = (k + int(i)) % 2 ? plain : guessed;
            spoofers[i]->sendTo(nettest::kHost, bytes.data(), bytes.size(), std::int64_t(k) * 80);
        }
    }
    net::NetPeer host(h, pair.hostCfg, nettest::dataLoader());
    net::NetPeer joiner(j, pair.joinCfg, nettest::dataLoader());
    std::vector<nettest::Driven> d = nettest::drivers(host, joiner, pair);
    nettest::drive(d, 2000);
    CHECK(joiner.state() == net::PeerState::Playing);
    nettest::drive(d, 60000);
    CHECK(joiner.endMessage() == "match over");
    CHECK(host.session()->confirmedHashes() == nettest::offlineHashes(host.setup(), pair.buttons, 300));
    int challenges = 0, busy = 0, others = 0;
    for (net::Transport* s : spoofers) {
        std::vector<net::Packet> got;
        const auto [count, size] = drain(*s, 70000, &got);
        CHECK(size <= std::size_t(count) * plain.size());
        for (const net::Packet& p : got) {
            if (p.type == net::PacketType::Challenge) ++challenges;
            else if (p.type == net::PacketType::Refuse && p.reason == net::RefuseReason::Busy) ++busy;
            else ++others;
        }
    }
    CHECK(challenges > 0);
    CHECK(challenges + busy <= 5000);  // at most one answer a Hello
    CHECK(others == 0);  // no Welcome, no other refusal: the cookie's question, or "a match is on" once it is
}
