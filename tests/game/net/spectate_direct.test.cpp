// The spectator stream against an attacker on the path (no lobby: nothing of a lobby's goes into its keys anyway):
// one who captured every datagram of a stream, both ways, forges nothing (no inputs, end, refusal, rematch or
// acknowledgement, no move of the stream); the control shows the same forgeries work under the stream's real keys,
// so the test can fail. A spectator whose NAT changes its port keeps its stream, moved only by an authentic Ack.
// Golden bytes of version 4's clear parts, and what each side does with another version (version 3 is told).
#include "game/net/crypto/hmac.h"
#include "game/net/crypto/sha256.h"
#include "game/net/memory_transport.h"
#include "game/net/spectate.h"
#include "spectate_test_util.h"
#include "two_peers.h"

#include <doctest/doctest.h>

namespace {

/// Ticks a hub (behind its demux) and a client over fake time [from, to), confirming frames 1..lastFrame on the
/// way (frame = t / 16) and ending the match at lastFrame; `each` runs before every tick.
template <typename Each>
void play(net::SpectateDemux& demux, net::SpectatorHub& hub, net::SpectatorClient& client, std::int64_t from,
          std::int64_t to, std::int64_t lastFrame, std::vector<sim::FrameInput>& played, Each each) {
    std::vector<std::uint8_t> data;
    net::Address addr = 0;
    for (std::int64_t t = from; t < to; t += 16) {
        const std::int64_t frame = t / 16;
        if (frame >= 1 && frame <= lastFrame && std::int64_t(played.size()) < frame) {
            hub.confirmed(spectest::frameInput(frame));
            played.push_back(spectest::frameInput(frame));
        }
        if (frame == lastFrame) hub.setLastFrame(lastFrame);
        each(t);
        while (demux.receive(data, addr, t)) FAIL("a spectator datagram reached the match");
        hub.tick(demux, t);
        client.tick(t);
    }
}

/// A captured sealed datagram with one byte changed after its clear `B S VERSION TYPE` and cookie (the header's
/// first bytes changed make another type or version: not a forgery of this stream).
std::vector<std::uint8_t> changed(std::vector<std::uint8_t> b, std::size_t at) {
    b[8 + at % (b.size() - 8)] ^= 0x40;
    return b;
}

}  // namespace

TEST_CASE(
    "spectate: an observer with a full capture forges nothing: no inputs, end, refusal, rematch or acknowledgement") {
    nettest::HubAndWatcher rig;
    rig.hub.startMatch(spectest::welcome(), 0);
    std::vector<sim::FrameInput> played;
    std::int64_t toSpectator = 0, toHost = 0;
    play(rig.demux, rig.hub, rig.client, 0, 20000, 600, played, [&](std::int64_t t) {
        if ((t / 16) % 10 != 5 || rig.client.state() != net::SpectatorState::Watching || rig.wire.got.size() < 2)
            return;
        // Towards the spectator, from the host's address: every datagram of the capture again (replays), each with
        // a byte changed, a Refuse with the spectator's key from its Watch as context (all the clear tag needs).
        const std::vector<std::uint8_t>& setup = *std::find_if(rig.wire.got.begin(), rig.wire.got.end(), [](auto& b) {
            return b[3] == std::uint8_t(net::SpectateType::Setup);
        });
        const std::vector<std::uint8_t>& inputs = rig.wire.got.back();
        net::SpectateMessage refuse;
        refuse.type = net::SpectateType::Refuse;
        rig.wire.queued = {setup,
                           inputs,
                           changed(setup, std::size_t(t)),
                           changed(inputs, std::size_t(t)),
                           changed(setup, 48),
                           net::encodeSpectate(refuse, nullptr, &rig.wire.spectatorKey)};
        toSpectator += std::int64_t(rig.wire.queued.size());
        // Towards the host: the spectator's last Ack again, from its address and from another (to move the stream
        // there), and with a byte changed.
        const std::vector<std::uint8_t>& ack = rig.wire.sent.back();
        REQUIRE(ack[3] == std::uint8_t(net::SpectateType::Ack));
        for (const auto& [bytes, from] : {std::pair{ack, net::Address(2)}, std::pair{ack, net::Address(9)},
                                          std::pair{changed(ack, std::size_t(t)), net::Address(2)}}) {
            rig.hub.handle(bytes.data(), bytes.size(), from, rig.demux, t);
            ++toHost;
        }
    });
    CHECK(rig.client.failure() == "");
    CHECK(rig.client.lastFrame() == 600);
    spectest::requireSameInputs(rig.client.inputs(), played);
    CHECK(toSpectator > 100);
    // Every one counted and dropped before decoding: as forged, or (a Setup whose clear cookie or key was changed)
    // as another stream's Setup, which a watching spectator cannot open (one of the six each round at most).
    CHECK(rig.client.forged() + rig.client.strays() == toSpectator);
    CHECK(rig.client.strays() <= toSpectator / 6);
    CHECK(rig.client.malformed() == 0);
    CHECK(rig.hub.forged() == toHost);
    CHECK(rig.hub.moved() == 0);
    // And the capture holds nothing of the match in clear: no datagram carries the fighters' names.
    const std::string names = "a\1b";
    for (const auto& b : rig.wire.got) CHECK(std::search(b.begin(), b.end(), names.begin(), names.end()) == b.end());
}

TEST_CASE("spectate: the control: the observer's forgeries under the stream's real keys are believed") {
    nettest::HubAndWatcher rig;
    net::KxKey pub, secret;  // the test holds the spectator's secret: what no observer has
    REQUIRE(net::makeKxPair(pub, secret));
    rig.client.setKeyPair(pub, secret);
    rig.hub.startMatch(spectest::welcome(), 0);
    std::vector<sim::FrameInput> played;
    play(rig.demux, rig.hub, rig.client, 0, 200, 0, played, [](std::int64_t) {});
    REQUIRE(rig.client.state() == net::SpectatorState::Watching);
    net::ChannelKey tx, rx;
    REQUIRE(net::channelKeys(true, pub, secret, rig.wire.hostKey,
                             net::spectateTranscript(pub, rig.wire.hostKey, rig.wire.cookie), tx, rx));
    net::Channel asHost(rx, tx);                                         // seals what the spectator opens
    for (int i = 0; i < 1000; ++i) asHost.seal(nullptr, 0, nullptr, 0);  // past the counters the host used
    net::SpectateMessage lie;
    lie.type = net::SpectateType::Inputs;
    lie.cookie = rig.wire.cookie;
    lie.lastFrame = 1;
    lie.newest = 1;
    lie.firstFrame = 1;
    lie.inputs.resize(1);
    lie.inputs[0].buttons[0] = 0x1ff;
    rig.wire.queued = {net::encodeSpectate(lie, &asHost)};
    rig.client.tick(300);
    CHECK(rig.client.forged() == 0);
    REQUIRE(rig.client.inputs().size() == 1);
    CHECK(rig.client.inputs()[0].buttons[0] == 0x1ff);
    CHECK(rig.client.lastFrame() == 1);
    // A Refuse with the right context does end a spectator that is still asking: an observer's one power before
    // the stream exists (it could as well drop the Setup).
    auto& otherEnd = rig.network.add(3, {}, 3);
    spectest::Wire other(otherEnd);
    net::SpectatorClient asking(other, 1);
    asking.tick(0);
    net::SpectateMessage refuse;
    refuse.type = net::SpectateType::Refuse;
    other.queued = {net::encodeSpectate(refuse, nullptr, &other.spectatorKey)};
    asking.tick(16);
    CHECK(asking.failure() == "refused: the host takes no more spectators");
}

TEST_CASE("spectate: a spectator whose NAT changes its port keeps the stream, moved only by an authentic Ack") {
    nettest::HubAndWatcher rig;
    auto& after = rig.network.add(3, {}, 3);
    rig.hub.startMatch(spectest::welcome(), 0);
    std::vector<sim::FrameInput> played;
    play(rig.demux, rig.hub, rig.client, 0, 20000, 900, played, [&](std::int64_t t) {
        if (t == 4000) {
            // Someone sends a captured Ack of the spectator's (a replay) and a changed one from a third address:
            // the stream stays where it is.
            const std::vector<std::uint8_t> ack = rig.wire.sent[rig.wire.sent.size() - 5];
            rig.hub.handle(ack.data(), ack.size(), 9, rig.demux, t);
            const std::vector<std::uint8_t> bad = changed(ack, 20);
            rig.hub.handle(bad.data(), bad.size(), 9, rig.demux, t);
            CHECK(rig.hub.moved() == 0);
            CHECK(rig.hub.forged() == 2);
        }
        if (t == 5008) rig.wire.moveTo(after);  // the NAT's mapping changed: from now on the spectator is seen at 3
    });
    CHECK(rig.client.failure() == "");
    CHECK(rig.client.lastFrame() == 900);
    spectest::requireSameInputs(rig.client.inputs(), played);
    CHECK(rig.hub.moved() == 1);
    CHECK(rig.hub.dropped() == 0);
}

TEST_CASE("spectate version 4 golden bytes: a Watch, a Refuse and the transcript, by hand") {
    net::KxKey sk, hk;
    for (std::size_t i = 0; i < sk.size(); ++i) {
        sk[i] = std::uint8_t(0x10 + i);
        hk[i] = std::uint8_t(0x40 + i);
    }
    // A Watch: 'B' 'S' 4 1, the spectator's key 10 11 .. 2f (bytes 4-35), zeros to byte 319, then the tag (bytes
    // 320-335): the first 16 bytes of HMAC-SHA-256 under the empty key of "bf spectate v4" and bytes 0-319. Golden
    // from Python's hmac module (an implementation not ours):
    //   hmac.new(b'', b'bf spectate v4' + bytes([0x42, 0x53, 4, 1]) + bytes(range(16, 48)) + bytes(284),
    //            hashlib.sha256).hexdigest()[:32]
    net::SpectateMessage w;
    w.type = net::SpectateType::Watch;
    w.key = sk;
    const std::vector<std::uint8_t> wb = net::encodeSpectate(w);
    REQUIRE(wb.size() == 336);
    std::vector<std::uint8_t> golden = {0x42, 0x53, 4, 1};
    golden.insert(golden.end(), sk.begin(), sk.end());
    golden.resize(320, 0);
    const std::uint8_t watchTag[16] = {0x84, 0x27, 0xf0, 0x17, 0x1d, 0xa3, 0x35, 0x70,
                                       0xe1, 0x1d, 0xff, 0xa3, 0x25, 0x66, 0x23, 0x92};
    golden.insert(golden.end(), watchTag, watchTag + 16);
    CHECK(wb == golden);

    // The Refuse "full" answering that Watch: 'B' 'S' 4 4, reason 1, then the tag under the empty key of
    // "bf spectate v4", the Watch's key and those 5 bytes (Python's hmac as above). 21 bytes.
    net::SpectateMessage r;
    r.type = net::SpectateType::Refuse;
    const std::vector<std::uint8_t> rb = net::encodeSpectate(r, nullptr, &sk);
    const std::vector<std::uint8_t> goldenRefuse = {0x42, 0x53, 4,    4,    1,    0x0b, 0x9e, 0x10, 0x97, 0xbb, 0x74,
                                                    0x6c, 0xe3, 0x8c, 0x5a, 0x67, 0x3c, 0x7e, 0x81, 0x77, 0x56};
    CHECK(rb == goldenRefuse);
    net::SpectateMessage back;
    CHECK(net::readSpectate(rb.data(), rb.size(), back, nullptr, &sk) == net::SpectateRead::Ok);
    CHECK(net::readSpectate(rb.data(), rb.size(), back, nullptr, &hk) == net::SpectateRead::Forged);
    CHECK(net::readSpectate(rb.data(), rb.size(), back) == net::SpectateRead::Forged);

    // The transcript: BLAKE2b-256 (unkeyed) of "bf spectate transcript v4", both keys and the cookie 0x04030201
    // as 01 02 03 04 (Python: hashlib.blake2b(..., digest_size=32)).
    const auto tr = net::spectateTranscript(sk, hk, 0x04030201);
    const std::array<std::uint8_t, 32> goldenTranscript = {
        0xfa, 0x2a, 0x52, 0xac, 0xd3, 0x7f, 0xaa, 0x5e, 0xb7, 0xd8, 0x7d, 0x0b, 0x2a, 0x55, 0xd6, 0xe8,
        0x18, 0xd4, 0x48, 0x68, 0x8b, 0xa2, 0x75, 0x26, 0x2e, 0xd9, 0xdf, 0xff, 0x57, 0x12, 0x85, 0x1e};
    CHECK(tr == goldenTranscript);
    CHECK(net::spectateTranscript(sk, hk, 0x04030202) != tr);  // the cookie counts
    CHECK(net::spectateTranscript(hk, sk, 0x04030201) != tr);  // so does which key is whose
}

namespace {

/// Version 3's first Watch as that build encoded it (git history of game/net/spectate.*): 'B' 'S' 3 1, cookie 0,
/// ack 0, the nonce (bytes 12-27), zeros to 192 bytes, the tag under key: HMAC-SHA-256 of "bf spectate v3" and
/// those 192 bytes; and version 2's: 'B' 'S' 2 1, zeros to 176 bytes, its tag under the empty key of
/// "bf spectate v2".
std::vector<std::uint8_t> oldWatch(int version, const net::Key& key, std::uint8_t nonceFill) {
    std::vector<std::uint8_t> b = {0x42, 0x53, std::uint8_t(version), 1};
    b.resize(version == 3 ? 192 : 176, 0);
    if (version == 3) std::fill(b.begin() + 12, b.begin() + 28, nonceFill);
    const std::string label = "bf spectate v" + std::to_string(version);
    net::crypto::Hmac<net::crypto::Sha256> mac(key.data(), key.size());
    mac.update(label.data(), label.size());
    mac.update(b.data(), b.size());
    const auto d = mac.finish();
    b.insert(b.end(), d.begin(), d.begin() + 16);
    return b;
}

}  // namespace

TEST_CASE("spectate versions: version 3 is told in its own layout, version 2 gets nothing; both are counted") {
    net::MemoryNetwork network;
    auto& hostEnd = network.add(1, {}, 1);
    auto& old = network.add(2, {}, 2);
    net::SpectatorHub hub(2);
    net::SpectateDemux demux(hostEnd, hub);
    hub.startMatch(spectest::welcome(), 0);
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    // The version-3 lobby path's key: HMAC-SHA-256 under 32 zero bytes of "bf spectators v1" (Python's hmac).
    const net::Key lobbyKey = {0x9e, 0xd9, 0xe0, 0x67, 0xd1, 0x4b, 0xf8, 0x1e, 0xea, 0xf0, 0x39,
                               0x59, 0x6e, 0x36, 0xc5, 0x90, 0x4d, 0xdc, 0xaf, 0x02, 0xdf, 0x55,
                               0x50, 0xcd, 0x3a, 0xb6, 0xf9, 0xfb, 0xbb, 0x61, 0x81, 0x47};
    // Its answer: 'B' 'S' 3 4, reason 3, version 4, then HMAC-SHA-256 under the key of "bf spectate v3", the
    // Watch's nonce (16 bytes of 0x33) and those 6 bytes, truncated to 16 (Python's hmac).
    const std::vector<std::uint8_t> direct = {0x42, 0x53, 3,    4,    3,    4,    0xfb, 0xba, 0xd6, 0x5e, 0xe5,
                                              0x53, 0xa5, 0xbb, 0xb8, 0x81, 0xae, 0xbe, 0xbc, 0xaa, 0x45, 0x4e};
    const std::vector<std::uint8_t> lobby = {0x42, 0x53, 3,    4,    3,    4,    0xcf, 0x9e, 0x58, 0xa0, 0x12,
                                             0xd8, 0xd4, 0x03, 0x07, 0x0d, 0x6a, 0xbc, 0x2b, 0xb5, 0x89, 0xee};
    for (const auto& [key, answer] : {std::pair{net::Key{}, direct}, std::pair{lobbyKey, lobby}}) {
        const std::vector<std::uint8_t> w = oldWatch(3, key, 0x33);
        REQUIRE(w.size() == 208);
        old.sendTo(1, w.data(), w.size(), 0);
        while (demux.receive(data, from, 0)) FAIL("a spectator datagram reached the match");
        REQUIRE(old.receive(data, from, 100));
        CHECK(data == answer);
        CHECK(data.size() < w.size());  // never more bytes than it got
    }
    const std::vector<std::uint8_t> v2 = oldWatch(2, {}, 0);
    REQUIRE(v2.size() == 192);
    for (std::int64_t t = 0; t <= 1000; t += 250) {
        old.sendTo(1, v2.data(), v2.size(), t);
        while (demux.receive(data, from, t)) FAIL("a spectator datagram reached the match");
        hub.tick(demux, t);
    }
    CHECK(hub.otherVersion() == 7);
    CHECK(hub.count() == 0);
    CHECK(hub.forged() == 0);
    CHECK_FALSE(old.receive(data, from, 2000));  // no answer: version 2 has no true reason to give
}

TEST_CASE("spectate versions: another version's datagram from the host is named only when the asking times out") {
    const std::vector<std::uint8_t> v5 = {0x42, 0x53, 5, 4, 1, 2, 3};  // a future host's answer, any layout
    {  // Nothing of this version ever comes: the asking runs its whole 30 s, then names the version it heard.
        net::MemoryNetwork network;
        auto& me = network.add(2, {}, 2);
        spectest::Wire wire(me);
        net::SpectatorClient client(wire, 1);
        client.tick(0);
        wire.queued = {v5};
        client.tick(100);
        for (std::int64_t t = 116; t <= 30000; t += 16) {
            client.tick(t);
            REQUIRE(client.state() == net::SpectatorState::Asking);  // anyone can send those bytes
        }
        client.tick(30016);
        CHECK(client.failure() == "refused: the host runs spectator stream version 5, this game 4");
        CHECK(client.forged() == 0);
    }
    {  // Without it, the same silence ends as no answer.
        net::MemoryNetwork network;
        auto& me = network.add(2, {}, 2);
        spectest::Wire wire(me);
        net::SpectatorClient client(wire, 1);
        client.tick(0);
        client.tick(30016);
        CHECK(client.failure() == "no answer from the host");
    }
    {  // A Setup of this version after it: the host speaks it, the stream goes on.
        nettest::HubAndWatcher rig;
        rig.hub.startMatch(spectest::welcome(), 0);
        rig.wire.queued = {v5};
        std::vector<sim::FrameInput> played;
        play(rig.demux, rig.hub, rig.client, 0, 2000, 0, played, [](std::int64_t) {});
        CHECK(rig.client.failure() == "");
        CHECK(rig.client.state() == net::SpectatorState::Watching);
    }
    {  // A later host answering in this version's layout: the Refuse with the reason "version" ends it at once.
        net::MemoryNetwork network;
        auto& me = network.add(2, {}, 2);
        spectest::Wire wire(me);
        net::SpectatorClient client(wire, 1);
        client.tick(0);
        net::SpectateMessage r;
        r.type = net::SpectateType::Refuse;
        r.refusal = net::SpectateRefusal::Version;
        r.hostVersion = 7;
        wire.queued = {net::encodeSpectate(r, nullptr, &wire.spectatorKey)};
        client.tick(16);
        CHECK(client.failure() == "refused: the host runs spectator stream version 7, this game 4");
    }
}

namespace {

/// A spectator that reaches the host by two paths, as on a LAN with a public address too: what it sends to the
/// host's second address (4) leaves from the spectator's second endpoint (3) and comes in at the host's one (1);
/// the host's answers come back on both.
class TwoPaths : public net::Transport {
public:
    TwoPaths(net::Transport& first, net::Transport& second) : first_(first), second_(second) {}
    void sendTo(net::Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override {
        if (to == 4) return second_.sendTo(1, data, size, nowMs);
        first_.sendTo(to, data, size, nowMs);
    }
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t nowMs) override {
        return first_.receive(data, from, nowMs) || second_.receive(data, from, nowMs);
    }

private:
    net::Transport& first_;
    net::Transport& second_;
};

}  // namespace

TEST_CASE(
    "spectate: a spectator heard at two of its addresses keeps one place once it acknowledges, and sees no "
    "forgery") {
    net::MemoryNetwork network;
    net::Transport& hostEnd = network.add(1, {}, 1);
    TwoPaths paths(network.add(2, {}, 2), network.add(3, {}, 3));
    net::SpectatorHub hub(2);
    net::SpectateDemux demux(hostEnd, hub);
    net::SpectatorClient client(paths, 1);
    client.setCandidates({4}, 0, 0);
    hub.startMatch(spectest::welcome(), 0);
    std::vector<sim::FrameInput> played;
    int most = 0, afterWatching = 0;
    std::int64_t watchingAt = -1;
    play(demux, hub, client, 0, 12000, 600, played, [&](std::int64_t t) {
        most = std::max(most, hub.count());
        if (watchingAt < 0 && client.state() == net::SpectatorState::Watching) watchingAt = t;
        if (watchingAt >= 0 && t >= watchingAt + 500) afterWatching = std::max(afterWatching, hub.count());
    });
    CHECK(client.failure() == "");
    CHECK(client.lastFrame() == 600);
    spectest::requireSameInputs(client.inputs(), played);
    CHECK(most <= 2);           // one watcher a path, until the spectator's first Ack
    CHECK(afterWatching == 1);  // then one place: the other path's watcher is gone, not held until silent
    CHECK(hub.twins() > 0);
    CHECK(hub.dropped() == 0);
    CHECK(client.forged() == 0);  // the other path's late Challenge and Setup are no forgeries
    CHECK(client.malformed() == 0);
}
