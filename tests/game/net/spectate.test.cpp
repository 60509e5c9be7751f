// The spectator protocol: the codec's bounds (a full Inputs packet round-trips, one byte more or a bad button does
// not), a Watch is never smaller than the host's answer, and a hub and clients over the in-memory network with
// loss: a client that comes late gets every frame from 1, a full hub refuses, a silent watcher is dropped, and a
// watcher never learns the match's token. Tags: a datagram is authentic only under its key, and a spectator drops
// forged datagrams from the host's own address (wrong tag, no tag, the empty key's tag) and still gets the match.
#include "game/net/lobby_packet.h"
#include "game/net/memory_transport.h"
#include "game/net/spectate.h"
#include "spectate_test_util.h"

#include <doctest/doctest.h>

namespace {

net::Key keyOf(std::uint8_t fill) {
    net::Secret room;
    room.fill(fill);
    const net::Secret s = net::spectatorSecret(room);
    return net::Key(s.begin(), s.end());
}

net::Packet longestWelcome() {
    net::Packet w;
    w.type = net::PacketType::Welcome;
    w.token = 0x12345678;
    w.setup.fighter[0] = std::string(net::kMaxFighterIdLength, 'a');
    w.setup.fighter[1] = std::string(net::kMaxFighterIdLength, 'b');
    return w;
}

}  // namespace

TEST_CASE("spectate codec: a full Inputs packet round-trips, cut, long or bad-button ones are refused") {
    net::SpectateMessage m;
    m.type = net::SpectateType::Inputs;
    m.cookie = 7;
    m.firstFrame = 1;
    m.inputs.resize(net::kMaxSpectateFrames);
    for (std::size_t i = 0; i < m.inputs.size(); ++i) m.inputs[i].buttons[i % 2] = std::uint16_t(i % 512);
    std::vector<std::uint8_t> b = net::encodeSpectate(m);
    CHECK(b.size() == net::kMaxSpectateSize);
    net::SpectateMessage back;
    REQUIRE(net::decodeSpectate(b.data(), b.size(), back));
    CHECK(back.inputs.size() == m.inputs.size());
    CHECK(back.inputs[49].buttons[1] == 49);
    CHECK_FALSE(net::decodeSpectate(b.data(), b.size() - 1, back));
    b.push_back(0);
    CHECK_FALSE(net::decodeSpectate(b.data(), b.size(), back));
    b.pop_back();
    b[22 + 1] = 0xff;  // the first frame's P1 buttons: bits past the nine buttons
    CHECK_FALSE(net::decodeSpectate(b.data(), b.size(), back));
    net::SpectateMessage watch;
    watch.type = net::SpectateType::Watch;
    std::vector<std::uint8_t> w = net::encodeSpectate(watch);
    REQUIRE(net::decodeSpectate(w.data(), w.size(), back));
    w[40] = 1;  // the padding (after the nonce, from byte 28) must be zeros
    CHECK_FALSE(net::decodeSpectate(w.data(), w.size(), back));
}

TEST_CASE("spectate codec: no Setup is larger than the Watch it answers (no amplification)") {
    net::SpectateMessage s;
    s.type = net::SpectateType::Setup;
    s.welcome = net::encodePacket(longestWelcome());
    CHECK(net::encodeSpectate(s).size() <= net::kWatchSize);
}

TEST_CASE("spectate tags: authentic only under the key it was made with, no tag or a changed byte fails") {
    net::SpectateMessage m;
    m.type = net::SpectateType::Inputs;
    m.cookie = 9;
    m.firstFrame = 1;
    m.inputs.resize(3);
    const net::Key k = keyOf(1), other = keyOf(2);
    std::vector<std::uint8_t> b = net::encodeSpectate(m, k);
    CHECK(net::spectateAuthentic(k, b.data(), b.size()));
    CHECK_FALSE(net::spectateAuthentic(other, b.data(), b.size()));
    CHECK_FALSE(net::spectateAuthentic({}, b.data(), b.size()));
    CHECK(net::spectateAuthentic({}, net::encodeSpectate(m).data(), b.size()));  // the direct path's (empty) key
    b[10] ^= 1;
    CHECK_FALSE(net::spectateAuthentic(k, b.data(), b.size()));
    b[10] ^= 1;
    b.resize(b.size() - net::kTagSize);  // the body alone
    CHECK_FALSE(net::spectateAuthentic(k, b.data(), b.size()));
}

TEST_CASE("spectate: forged datagrams from the host's address are dropped before decoding, the stream is whole") {
    net::MemoryNetwork network;
    auto& hostEnd = network.add(1, {}, 1);
    auto& watcherEnd = network.add(2, {}, 2);
    spectest::Wire forger(watcherEnd);
    const net::Key key = keyOf(7);
    net::SpectatorHub hub(2);
    hub.setKey(key);
    net::SpectateDemux demux(hostEnd, hub);
    net::SpectatorClient client(forger, 1);
    client.setKey(key);
    hub.startMatch(longestWelcome(), 0);
    std::vector<sim::FrameInput> played;
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    std::int64_t forgedSent = 0;
    for (std::int64_t t = 0; t <= 20000; t += 16) {  // bounded: 20 s of fake time
        const std::int64_t frame = t / 16;
        if (frame >= 1 && frame <= 600) {
            sim::FrameInput in;
            in.buttons[0] = std::uint16_t(frame % 300);
            in.buttons[1] = std::uint16_t((frame * 5) % 400);
            hub.confirmed(in);
            played.push_back(in);
        }
        if (frame == 600) hub.setLastFrame(600);
        if (frame % 10 == 5 && client.state() == net::SpectatorState::Watching) {
            // The right format with false inputs for the next frames and a false end, under a wrong key, under
            // the empty key, and without a tag; and a false refusal.
            net::SpectateMessage lie;
            lie.type = net::SpectateType::Inputs;
            lie.cookie = forger.cookie;  // on the path: it saw the real stream's cookie
            lie.lastFrame = std::uint32_t(client.inputs().size() + 1);
            lie.newest = lie.lastFrame;
            lie.firstFrame = std::uint32_t(client.inputs().size() + 1);
            lie.inputs.resize(1);
            lie.inputs[0].buttons[0] = 0x1ff;
            net::SpectateMessage refuse;
            refuse.type = net::SpectateType::Refuse;
            std::vector<std::uint8_t> noTag = net::encodeSpectate(lie, keyOf(8));
            noTag.resize(noTag.size() - net::kTagSize);
            forger.queued = {net::encodeSpectate(lie, keyOf(8)), net::encodeSpectate(lie), noTag,
                             net::encodeSpectate(refuse, keyOf(8))};
            forgedSent += 4;
        }
        while (demux.receive(data, from, t)) FAIL("a spectator datagram reached the match");
        hub.tick(demux, t);
        client.tick(t);
    }
    CHECK(client.failure() == "");
    CHECK(client.lastFrame() == 600);
    spectest::requireSameInputs(client.inputs(), played);
    CHECK(forgedSent > 100);
    CHECK(client.forged() == forgedSent);
    CHECK(client.malformed() == 0);  // dropped for their tag, before anything else was looked at
}

TEST_CASE("spectate: a Watch under another key gets no Setup, the forger's tool works under the right key") {
    net::MemoryNetwork network;
    auto& hostEnd = network.add(1, {}, 1);
    auto& watcherEnd = network.add(2, {}, 2);
    net::SpectatorHub hub(2);
    hub.setKey(keyOf(7));
    net::SpectateDemux demux(hostEnd, hub);
    net::SpectatorClient stranger(watcherEnd, 1);
    stranger.setKey(keyOf(8));
    hub.startMatch(longestWelcome(), 0);
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    for (std::int64_t t = 0; t <= 1000; t += 16) {
        while (demux.receive(data, from, t)) {}
        hub.tick(demux, t);
        stranger.tick(t);
    }
    CHECK(hub.count() == 0);
    CHECK(hub.forged() >= 3);
    CHECK(stranger.state() == net::SpectatorState::Asking);
    // Control: the same injection under the key the spectator holds does end it (so the test above can fail).
    auto& other = network.add(3, {}, 3);
    spectest::Wire forger(other);
    net::SpectatorClient victim(forger, 1);
    victim.setKey(keyOf(7));
    net::Nonce nonce;
    nonce.fill(3);
    victim.setNonce(nonce);
    net::SpectateMessage refuse;
    refuse.type = net::SpectateType::Refuse;
    forger.queued = {net::encodeSpectate(refuse, keyOf(7), &nonce)};
    victim.tick(0);
    CHECK(victim.failure() == "refused: the host takes no more spectators");
}

TEST_CASE("spectate: a late watcher over a lossy network gets every frame from 1, a full hub refuses, silence drops") {
    net::NetConditions lossy;
    lossy.delayMs = 20;
    lossy.lossPercent = 10;
    net::MemoryNetwork network;
    auto& hostEnd = network.add(1, lossy, 1);
    auto& early = network.add(2, lossy, 2);
    auto& late = network.add(3, lossy, 3);
    auto& extra = network.add(4, lossy, 4);
    net::SpectatorHub hub(2);
    net::SpectateDemux demux(hostEnd, hub);
    net::SpectatorClient a(early, 1), b(late, 1), c(extra, 1);
    hub.startMatch(longestWelcome(), 0);
    std::vector<sim::FrameInput> played;
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    for (std::int64_t t = 0; t <= 20000; t += 16) {  // bounded: 20 s of fake time
        const std::int64_t frame = t / 16;
        if (frame >= 1 && frame <= 900) {
            sim::FrameInput in;
            in.buttons[0] = std::uint16_t(frame % 300);
            in.buttons[1] = std::uint16_t((frame * 7) % 500);
            hub.confirmed(in);
            played.push_back(in);
        }
        if (frame == 900) hub.setLastFrame(900);
        while (demux.receive(data, from, t)) FAIL("a spectator datagram reached the match");
        hub.tick(demux, t);
        a.tick(t);
        if (t >= 8000) b.tick(t);             // comes 500 frames late
        if (t >= 9000 && t < 10000) c.tick(t);  // a third, while two watch: refused
    }
    CHECK(a.failure() == "");
    CHECK(b.failure() == "");
    REQUIRE(a.inputs().size() == played.size());
    spectest::requireSameInputs(b.inputs(), played);
    CHECK(a.lastFrame() == 900);
    CHECK(a.welcome().token == 0);  // the token stays between the players
    CHECK(c.failure() == "refused: the host takes no more spectators");
    CHECK(hub.refused() >= 1);
    CHECK(hub.allCaughtUp());
}

TEST_CASE("spectate: a watcher that goes silent is dropped and frees its place") {
    net::MemoryNetwork network;
    auto& hostEnd = network.add(1, {}, 1);
    auto& quiet = network.add(2, {}, 2);
    net::SpectatorHub hub(1);
    net::SpectatorClient q(quiet, 1);
    hub.startMatch(longestWelcome(), 0);
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    net::SpectateDemux demux(hostEnd, hub);
    for (std::int64_t t = 0; t <= 500; t += 16) {
        while (demux.receive(data, from, t)) {}
        hub.tick(demux, t);
        q.tick(t);
    }
    CHECK(hub.count() == 1);
    for (std::int64_t t = 516; t <= 500 + net::kSpectatorTimeoutMs + 100; t += 16) {  // q stops ticking: silent
        while (demux.receive(data, from, t)) {}
        hub.tick(demux, t);
    }
    CHECK(hub.count() == 0);
    CHECK(hub.dropped() == 1);
}
