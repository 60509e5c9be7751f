// The spectator protocol: the codec's bounds (a full Inputs packet round-trips, one byte more or a bad button does
// not), a Watch is never smaller than the host's answer, and a hub and clients over the in-memory network with
// loss: a client that comes late gets every frame from 1, a full hub refuses, a silent watcher is dropped, and a
// watcher never learns the match's token.
#include "game/net/memory_transport.h"
#include "game/net/spectate.h"

#include <doctest/doctest.h>

namespace {

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
    w[20] = 1;  // the padding must be zeros
    CHECK_FALSE(net::decodeSpectate(w.data(), w.size(), back));
}

TEST_CASE("spectate codec: no Setup is larger than the Watch it answers (no amplification)") {
    net::SpectateMessage s;
    s.type = net::SpectateType::Setup;
    s.welcome = net::encodePacket(longestWelcome());
    CHECK(net::encodeSpectate(s).size() <= net::kWatchSize);
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
    REQUIRE(b.inputs().size() == played.size());
    for (std::size_t i = 0; i < played.size(); ++i) {
        REQUIRE(b.inputs()[i].buttons[0] == played[i].buttons[0]);
        REQUIRE(b.inputs()[i].buttons[1] == played[i].buttons[1]);
    }
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
