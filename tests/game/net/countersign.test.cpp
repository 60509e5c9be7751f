// Countersigned checkpoints (game/net/countersign.h): what a signature binds, the lock step, refusals, and two
// peers of a service match exchanging them over the in-memory network.
#include "game/net/countersign.h"
#include "two_peers.h"

#include <doctest/doctest.h>

namespace {

struct SigningPair {
    net::Identity ann, bob, eve;
    std::vector<std::uint64_t> hashes;  // both sides' confirmed hashes (the same match)
    SigningPair() {
        REQUIRE(net::makeIdentity("ann", ann));
        REQUIRE(net::makeIdentity("bob", bob));
        REQUIRE(net::makeIdentity("eve", eve));
        for (std::uint64_t f = 1; f <= 700; ++f) hashes.push_back(f * 0x9e3779b97f4a7c15ULL);
    }
    std::vector<std::uint64_t> upTo(std::int64_t frame) const {
        return std::vector<std::uint64_t>(hashes.begin(), hashes.begin() + frame);
    }
};

// Ann's countersigner's packet after she confirmed `frame` frames (and held what she held).
net::Packet packetFrom(net::Countersigner& signer, const std::vector<std::uint64_t>& confirmed) {
    signer.update(confirmed, 0);
    net::Packet p;
    signer.fill(p);
    return p;
}

}  // namespace

TEST_CASE("A countersignature binds its match, frame, hash and both keys, and only the signer's key checks it") {
    SigningPair s;
    const net::IdentityKey& p1 = s.ann.publicKey;
    const net::IdentityKey& p2 = s.bob.publicKey;
    const net::Countersign c = net::signCheckpoint(s.ann, 77, 120, 0x1234, p1, p2);
    CHECK(net::countersignChecks(c, p1, 77, p1, p2));
    CHECK_FALSE(net::countersignChecks(c, p2, 77, p1, p2));  // presented as Bob's own
    CHECK_FALSE(net::countersignChecks(c, p1, 78, p1, p2));  // another match
    CHECK_FALSE(net::countersignChecks(c, p1, 77, p2, p1));  // the seats swapped
    net::Countersign moved = c;
    moved.frame = 240;  // replayed for another frame
    CHECK_FALSE(net::countersignChecks(moved, p1, 77, p1, p2));
    net::Countersign other = c;
    other.hash ^= 1;  // another state
    CHECK_FALSE(net::countersignChecks(other, p1, 77, p1, p2));
    CHECK_FALSE(net::countersignChecks(net::signCheckpoint(s.eve, 77, 120, 0x1234, p1, p2), p1, 77, p1, p2));
    // The text a log carries reads back to the same signatures; a damaged line is refused with its number.
    const std::vector<net::Countersign> two = {c, net::signCheckpoint(s.ann, 77, 240, 0x5678, p1, p2)};
    std::vector<net::Countersign> back;
    std::string why;
    REQUIRE(net::parseCountersigns(net::countersignText(two), back, why));
    REQUIRE(back.size() == 2);
    CHECK(back[1].frame == 240);
    CHECK(back[1].hash == 0x5678);
    CHECK(back[1].signature == two[1].signature);
    std::string text = net::countersignText(two);
    text[text.size() - 2] = 'g';
    CHECK_FALSE(net::parseCountersigns(text, back, why));
    CHECK(why == "countersigns:2: expected `countersign FRAME HASH SIGNATURE`");
    CHECK_FALSE(net::parseCountersigns(net::countersignText({two[1], two[0]}), back, why));
    CHECK(why == "countersigns:2: frame 120 is not after the line before");
}

TEST_CASE("Countersigning goes in lock step, and a forged, another match's or replayed signature is refused") {
    SigningPair s;
    net::Countersigner ann(s.ann, s.bob.publicKey, 0, 77), bob(s.bob, s.ann.publicKey, 1, 77);
    // Ann confirmed 300 frames: she signs the first checkpoint (free), not 240 (Bob has not signed 120 yet).
    net::Packet p = packetFrom(ann, s.upTo(300));
    CHECK(p.signFrame == 120);
    bob.receive(p, s.upTo(300), 0);
    REQUIRE(bob.held().size() == 1);
    CHECK(bob.held()[0].frame == 120);
    CHECK(bob.held()[0].hash == s.hashes[119]);
    // Bob, holding her 120, may sign up to 240; Ann, holding his 240, may sign 360 once confirmed.
    net::Packet q = packetFrom(bob, s.upTo(300));
    CHECK(q.signFrame == 240);
    CHECK(q.signAck == 120);
    ann.receive(q, s.upTo(300), 0);
    CHECK(packetFrom(ann, s.upTo(300)).signFrame == 240);
    CHECK(packetFrom(ann, s.upTo(400)).signFrame == 360);
    // The same packet again changes nothing and is not counted as bad.
    bob.receive(p, s.upTo(300), 0);
    CHECK(bob.held().size() == 1);
    CHECK(bob.refused() == 0);
    // Bob's own signature sent back to him, a signature for another match, Eve's, one frame's for another frame.
    net::Packet reflected = q;
    reflected.signFrame = 360;
    net::Packet otherMatch = p, eves = p, moved = p;
    otherMatch.signFrame = eves.signFrame = 360;
    otherMatch.countersign =
        net::signCheckpoint(s.ann, 78, 360, s.hashes[359], s.ann.publicKey, s.bob.publicKey).signature;
    eves.countersign = net::signCheckpoint(s.eve, 77, 360, s.hashes[359], s.ann.publicKey, s.bob.publicKey).signature;
    moved.signFrame = 360;  // Ann's signature of 120, replayed for 360
    for (const net::Packet* bad : {&reflected, &otherMatch, &eves, &moved}) {
        net::Countersigner fresh = bob;
        fresh.receive(*bad, s.upTo(400), 0);
        CHECK(fresh.refused() == 1);
        CHECK(fresh.held().size() == 1);
        fresh.receive(*bad, s.upTo(400), 0);  // said again until acknowledged: checked once
        CHECK(fresh.refused() == 1);
    }
    // A signature of a frame not confirmed here yet waits, and is checked once it is.
    net::Countersigner late(s.bob, s.ann.publicKey, 1, 77);
    late.receive(p, s.upTo(100), 0);
    CHECK(late.held().empty());
    late.update(s.upTo(130), 0);
    CHECK(late.held().size() == 1);
}

TEST_CASE("Two peers of a service match countersign every checkpoint and the last frame, and end only when both hold") {
    nettest::Pair pair(700, 31);
    REQUIRE(net::makeIdentity("host", pair.hostCfg.identity));
    REQUIRE(net::makeIdentity("joiner", pair.joinCfg.identity));
    pair.hostCfg.serviceMatch = pair.joinCfg.serviceMatch = 4242;
    nettest::TwoPeers t(pair, net::NetConditions{});
    nettest::drive(t.d, 30000);
    REQUIRE(t.host.state() == net::PeerState::Done);
    REQUIRE(t.joiner.state() == net::PeerState::Done);
    CHECK(t.host.endReason() == net::PeerEnd::MatchOver);
    CHECK(t.joiner.endReason() == net::PeerEnd::MatchOver);
    const net::IdentityKey& p1 = pair.hostCfg.identity.publicKey;
    const net::IdentityKey& p2 = pair.joinCfg.identity.publicKey;
    for (const net::NetPeer* peer : {&t.host, &t.joiner}) {
        REQUIRE(peer->countersigner() != nullptr);
        const std::vector<net::Countersign>& held = peer->countersigner()->held();
        REQUIRE(held.size() >= 2);
        CHECK(held.back().frame == 700);  // the last frame too, exchanged while lingering
        const net::IdentityKey& signer = peer == &t.host ? p2 : p1;
        for (const net::Countersign& c : held) {
            CHECK(net::countersignChecks(c, signer, 4242, p1, p2));
            CHECK(c.hash == t.host.session()->confirmedHashes()[c.frame - 1]);
        }
        CHECK(peer->counters().badCountersigns == 0);
    }
}

TEST_CASE("A peer whose opponent stops countersigning, or signs for another match, ends the match naming it") {
    for (std::int64_t joinerMatch : {std::int64_t(0), std::int64_t(4243)}) {
        CAPTURE(joinerMatch);
        nettest::Pair pair(3000, 32);
        REQUIRE(net::makeIdentity("host", pair.hostCfg.identity));
        REQUIRE(net::makeIdentity("joiner", pair.joinCfg.identity));
        pair.hostCfg.serviceMatch = 4242;
        pair.joinCfg.serviceMatch = joinerMatch;  // 0: this joiner never countersigns
        nettest::TwoPeers t(pair, net::NetConditions{});
        nettest::drive(t.d, 30000);
        REQUIRE(t.host.state() == net::PeerState::Done);
        CHECK(t.host.endReason() == net::PeerEnd::Unsigned);
        CHECK(t.host.endMessage() == "the opponent stopped countersigning at frame 120");
        CHECK(t.host.endSeat() == 1);
        CHECK(std::string(net::endingWord(t.host.endReason(), 0)) == "left");  // its log blames the joiner
        CHECK(t.host.session()->confirmedFrame() < 120 + net::kCountersignGraceFrames + 30);
        CHECK(t.host.counters().badCountersigns == (joinerMatch == 0 ? 0 : 1));
    }
}
