// What an observer with a full capture, and a spoofer mid-join, can do to a match of protocol 5 (the authenticated
// exchange and the sealed channel, peer.h and channel.h). Each case broke a version-4 match: its match key was a MAC
// of the room secret and two nonces that travelled in clear, so whoever saw the lobby's answers and the handshake
// could forge a leave or inputs, and an 8-byte other-version datagram from the host's address ended a join.
#include "shared_names.h"
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

struct TrustPair {
    net::PeerConfig hostCfg, joinCfg;
    std::vector<std::uint16_t> buttons[2] = {nettest::randomButtons(5, 2000), nettest::randomButtons(6, 2000)};
    TrustPair() {
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
std::vector<net::ChannelKey> observerKeys(const TrustPair& pair,
                                          const std::vector<std::vector<std::uint8_t>>& capture) {
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
    TrustPair pair;
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
    TrustPair pair;
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& j = network.add(nettest::kJoiner, {}, 2);
    net::Transport& spoofer = network.add(nettest::kHost, {}, 3);
    net::NetPeer host(h, pair.hostCfg, nettest::dataLoader());
    net::NetPeer joiner(j, pair.joinCfg, nettest::dataLoader());
    joiner.tick(0, 0);
    host.tick(1, 0);    // the Challenge
    joiner.tick(2, 0);  // the Hello with the cookie: the join is in progress
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
    TrustPair pair;
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

namespace {

/// A host that decides who sits down (admission) and a joiner, with their identities, on the in-memory network.
struct Door {
    TrustPair pair;
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& j = network.add(nettest::kJoiner, {}, 2);
    std::unique_ptr<net::NetPeer> host, joiner;
    std::vector<nettest::Driven> d;
    explicit Door(net::Admission admission, const std::string& acceptFingerprint = "") {
        REQUIRE(net::makeIdentity("alice", pair.hostCfg.identity));
        REQUIRE(net::makeIdentity("bob", pair.joinCfg.identity));
        pair.hostCfg.admission = admission;
        pair.hostCfg.acceptFingerprint = acceptFingerprint;
        host = std::make_unique<net::NetPeer>(h, pair.hostCfg, nettest::dataLoader());
        joiner = std::make_unique<net::NetPeer>(j, pair.joinCfg, nettest::dataLoader());
        d = nettest::drivers(*host, *joiner, pair.buttons);
    }
};

}  // namespace

TEST_CASE("a host that asks sees the joiner's name and fingerprint before any Welcome, and its yes starts the match") {
    Door door(net::Admission::Ask);
    const std::int64_t now = nettest::drive(door.d, 3000);  // the host's player has not decided yet
    REQUIRE(door.host->joinerAsking(now));
    CHECK(door.host->askingName() == "bob");
    CHECK(door.host->askingKey() == door.pair.joinCfg.identity.publicKey);
    CHECK(door.host->state() == net::PeerState::Waiting);
    CHECK(door.joiner->state() == net::PeerState::Connecting);  // no Welcome, no key exchange yet
    CHECK(door.joiner->hostDeciding());
    CHECK_FALSE(door.joiner->opponentKnown());
    door.host->admitJoiner(true, now);
    nettest::drive(door.d, 60000);
    CHECK(door.host->endMessage() == "match over");
    CHECK(door.joiner->endMessage() == "match over");
    CHECK(door.host->opponentKey() == door.pair.joinCfg.identity.publicKey);
}

TEST_CASE("a host that asks and waits longer than the joiner's connect timeout keeps it: the joiner is told to wait") {
    Door door(net::Admission::Ask);
    const std::int64_t now = nettest::drive(door.d, door.pair.joinCfg.connectTimeoutMs + 5000);
    REQUIRE(door.host->joinerAsking(now));
    CHECK(door.joiner->state() == net::PeerState::Connecting);
    door.host->admitJoiner(true, now);
    nettest::drive(door.d, 80000);
    CHECK(door.joiner->endMessage() == "match over");
}

TEST_CASE("a joiner the host's player refuses is told so, and so is its next try with the same key") {
    Door door(net::Admission::Ask);
    const std::int64_t now = nettest::drive(door.d, 2000);
    REQUIRE(door.host->joinerAsking(now));
    door.host->admitJoiner(false, now);
    nettest::drive(door.d, 4000);
    CHECK(door.joiner->endReason() == net::PeerEnd::Refused);
    CHECK(door.joiner->endMessage() == "refused: the host did not accept you");
    CHECK(door.host->state() == net::PeerState::Waiting);  // free for the next
    net::NetPeer again(door.j, door.pair.joinCfg, nettest::dataLoader());
    std::vector<nettest::Driven> d2 = nettest::drivers(*door.host, again, door.pair.buttons);
    for (auto& x : d2) x.nextUs = 4000 * 1000;
    nettest::drive(d2, 8000);
    CHECK(again.endMessage() == "refused: the host did not accept you");
    CHECK_FALSE(door.host->joinerAsking(8000));
}

TEST_CASE("a joiner that stops asking while the host decides frees the question for the next") {
    Door door(net::Admission::Ask);
    door.d[1].stopAtMs = 1500;  // the joiner's machine gives up (or vanishes) while asking
    nettest::drive(door.d, 1500);
    REQUIRE(door.host->joinerAsking(1500));
    nettest::drive(door.d, 1500 + net::NetPeer::kAskingHoldMs + 100);
    CHECK_FALSE(door.host->joinerAsking(1500 + net::NetPeer::kAskingHoldMs + 100));
    door.host->admitJoiner(true, 4000);  // too late: nobody is asking, nothing is welcomed
    CHECK(door.host->state() == net::PeerState::Waiting);
}

TEST_CASE("a host that takes one key (--accept-key) refuses every other with a clear message and plays that one") {
    {
        Door wrong(net::Admission::Key, "0000-0000-0000-0000");
        nettest::drive(wrong.d, 5000);
        CHECK(wrong.joiner->endMessage() == "refused: the host did not accept you");
        CHECK(wrong.host->state() == net::PeerState::Waiting);
    }
    Door right(net::Admission::Key);
    right.pair.hostCfg.acceptFingerprint = net::fingerprint(right.pair.joinCfg.identity.publicKey);
    net::NetPeer host(right.h, right.pair.hostCfg, nettest::dataLoader());
    std::vector<nettest::Driven> d = nettest::drivers(host, *right.joiner, right.pair.buttons);
    nettest::drive(d, 60000);
    CHECK(host.endMessage() == "match over");
}

TEST_CASE("a Hello whose signature does not fit the name and key it carries gets no Welcome") {
    TrustPair pair;
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& s = network.add(nettest::kJoiner, {}, 2);
    net::NetPeer host(h, pair.hostCfg, nettest::dataLoader());
    net::Identity real;
    REQUIRE(net::makeIdentity("bob", real));
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "brick";
    net::KxKey secret;
    REQUIRE(net::makeKxPair(hello.ephemeral, secret));
    hello.identity = real.publicKey;
    hello.name = "bob";
    hello.signature = net::signDigest(real, net::helloDigest(hello));
    hello.name = "mallory";  // the name changed after signing: what a squatter would claim
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    for (int round = 0; round < 2; ++round) {  // the first answer is the Challenge; the second would be a Welcome
        const std::vector<std::uint8_t> bytes = net::sealPacket(hello, pair.hostCfg.secret);
        s.sendTo(nettest::kHost, bytes.data(), bytes.size(), round * 10);
        host.tick(round * 10 + 1, 0);
        while (s.receive(data, from, round * 10 + 2)) {
            net::Packet p;
            REQUIRE(net::decodePacket(data.data(), data.size(), p));
            CHECK(p.type != net::PacketType::Welcome);
            if (p.type == net::PacketType::Challenge) hello.cookie = p.cookie;
        }
    }
    CHECK(host.counters().forged == 1);
    CHECK(host.state() == net::PeerState::Waiting);
}

TEST_CASE("a fingerprint typed for --accept-key is read in either case, and anything else is not one") {
    CHECK(net::normalFingerprint("3F2A-91bc-07DE-55a1") == "3f2a-91bc-07de-55a1");
    net::Identity id;
    REQUIRE(net::makeIdentity("bob", id));
    CHECK(net::normalFingerprint(net::fingerprint(id.publicKey)) == net::fingerprint(id.publicKey));
    // Typed without dashes, with them elsewhere, or pasted with spaces: the same 16 digits.
    for (const char* same :
         {"3f2a91bc07de55a1", "3F2A91BC-07DE55A1", " 3f2a 91bc 07de 55a1 ", "3f2a-91bc-07de-55a1-"}) {
        CAPTURE(same);
        CHECK(net::normalFingerprint(same) == "3f2a-91bc-07de-55a1");
    }
    for (const char* bad : {"", "3f2a-91bc-07de-55a", "3f2a-91bc-07de-55a10", "3f2a-91bc-07de-55ag",
                            "3f2a_91bc_07de_55a1", "3f2a-91bc-07de-55a1\t"}) {
        CAPTURE(bad);
        CHECK(net::normalFingerprint(bad).empty());
    }
}
