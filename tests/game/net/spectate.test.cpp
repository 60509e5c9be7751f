// The spectator protocol: the codec's bounds (a full sealed Inputs packet round-trips, one byte more, one changed
// or a bad button does not), a Watch is never smaller than the host's answer, the host's identity signs the setup,
// and a hub and clients over the in-memory network with loss: a client that comes late gets every frame from 1, a
// full hub refuses, a silent watcher is dropped, and a watcher never learns the match's token.
#include "game/net/memory_transport.h"
#include "game/net/spectate.h"
#include "spectate_test_util.h"

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

/// Two ends of one stream's channel under fixed keys: the host's and the spectator's.
struct ChannelPair {
    net::Channel host, spectator;
    ChannelPair() {
        net::ChannelKey a, b;
        a.fill(1);
        b.fill(2);
        host = net::Channel(a, b);
        spectator = net::Channel(b, a);
    }
};

/// Ticks a hub (behind its demux) and clients over fake time [from, to) in 16 ms steps.
template <typename... Clients>
void run(net::SpectateDemux& demux, net::SpectatorHub& hub, std::int64_t from, std::int64_t to, Clients&... clients) {
    std::vector<std::uint8_t> data;
    net::Address addr = 0;
    for (std::int64_t t = from; t < to; t += 16) {
        while (demux.receive(data, addr, t)) FAIL("a spectator datagram reached the match");
        hub.tick(demux, t);
        (clients.tick(t), ...);
    }
}

}  // namespace

TEST_CASE(
    "spectate codec: a full sealed Inputs packet round-trips, cut, long, changed or bad-button ones are refused") {
    ChannelPair c;
    net::SpectateMessage m;
    m.type = net::SpectateType::Inputs;
    m.cookie = 7;
    m.firstFrame = 1;
    m.inputs.resize(net::kMaxSpectateFrames);
    for (std::size_t i = 0; i < m.inputs.size(); ++i) m.inputs[i].buttons[i % 2] = std::uint16_t(i % 512);
    const std::vector<std::uint8_t> b = net::encodeSpectate(m, &c.host);
    // 8 of header, 8 of counter, 14 of frames and count, 4 per frame, 16 of tag.
    CHECK(b.size() == 8 + 8 + 14 + 4 * std::size_t(net::kMaxSpectateFrames) + 16);
    CHECK(b.size() <= net::kMaxPacketSize);
    net::SpectateMessage back;
    REQUIRE(net::readSpectate(b.data(), b.size(), back, &c.spectator) == net::SpectateRead::Ok);
    CHECK(back.cookie == 7);
    CHECK(back.inputs.size() == m.inputs.size());
    CHECK(back.inputs[49].buttons[1] == 49);
    CHECK(net::readSpectate(b.data(), b.size(), back, &c.spectator) == net::SpectateRead::Forged);  // a replay
    std::vector<std::uint8_t> next = net::encodeSpectate(m, &c.host);
    CHECK(net::readSpectate(next.data(), next.size() - 1, back, &c.spectator) == net::SpectateRead::Forged);
    next.push_back(0);
    CHECK(net::readSpectate(next.data(), next.size(), back, &c.spectator) == net::SpectateRead::Forged);
    next.pop_back();
    next[4] ^= 1;  // the cookie is in clear but authenticated
    CHECK(net::readSpectate(next.data(), next.size(), back, &c.spectator) == net::SpectateRead::Forged);
    next[4] ^= 1;
    REQUIRE(net::readSpectate(next.data(), next.size(), back, &c.spectator) == net::SpectateRead::Ok);
    m.inputs[0].buttons[0] = 0xff00;  // bits past the nine buttons, sealed by a broken host
    const std::vector<std::uint8_t> bad = net::encodeSpectate(m, &c.host);
    CHECK(net::readSpectate(bad.data(), bad.size(), back, &c.spectator) == net::SpectateRead::Malformed);
    CHECK(net::readSpectate(bad.data(), bad.size(), back) == net::SpectateRead::Forged);  // no channel: nothing opens
    net::SpectateMessage watch;
    watch.type = net::SpectateType::Watch;
    watch.key.fill(9);
    std::vector<std::uint8_t> w = net::encodeSpectate(watch);
    REQUIRE(w.size() == net::kWatchSize);
    REQUIRE(net::readSpectate(w.data(), w.size(), back) == net::SpectateRead::Ok);
    CHECK(back.key == watch.key);
    w[40] = 1;  // the padding (after the key, from byte 36) must be zeros: the tag catches it first
    CHECK(net::readSpectate(w.data(), w.size(), back) == net::SpectateRead::Forged);
}

TEST_CASE("spectate codec: no Setup is larger than the Watch it answers (no amplification)") {
    ChannelPair c;
    net::SpectateMessage s;
    s.type = net::SpectateType::Setup;
    s.cookie = 1;
    s.name = std::string(net::kMaxPlayerNameLength, 'n');
    s.welcome = net::encodePacket([] {
        net::Packet w = longestWelcome();
        w.token = 0;
        return w;
    }());
    const std::vector<std::uint8_t> b = net::encodeSpectate(s, &c.host);
    CHECK(b.size() <= net::kWatchSize);
    net::SpectateMessage back;
    REQUIRE(net::readSpectate(b.data(), b.size(), back, &c.spectator) == net::SpectateRead::Ok);
    CHECK(back.name == s.name);
    CHECK(back.welcome == s.welcome);
    net::SpectateMessage refuse;
    refuse.type = net::SpectateType::Refuse;
    refuse.refusal = net::SpectateRefusal::Version;
    refuse.hostVersion = 9;
    CHECK(net::encodeSpectate(refuse).size() <= net::kWatchSize);
}

TEST_CASE("spectate: the spectator knows the host by the identity that signed its setup, not by the name it claims") {
    net::MemoryNetwork network;
    auto& hostEnd = network.add(1, {}, 1);
    auto& watcherEnd = network.add(2, {}, 2);
    net::Identity alice;
    REQUIRE(net::makeIdentity("alice", alice));
    net::SpectatorHub hub(2);
    hub.setIdentity(alice);
    net::SpectateDemux demux(hostEnd, hub);
    net::SpectatorClient client(watcherEnd, 1);
    hub.startMatch(spectest::welcome(), 0);
    run(demux, hub, 0, 500, client);
    REQUIRE(client.state() == net::SpectatorState::Watching);
    CHECK(client.hostName() == "alice");
    CHECK(client.hostKey() == alice.publicKey);

    // One on the path answers a fresh spectator's Watch itself: its own X25519 key and a seal the spectator opens,
    // naming alice's identity but signed by another key. Refused; signed by the key it names, taken (the control).
    net::Identity mallory;
    REQUIRE(net::makeIdentity("mallory", mallory));
    for (const bool honest : {false, true}) {
        auto& victimEnd = network.add(honest ? 4 : 3, {}, honest ? 4 : 3);
        spectest::Wire wire(victimEnd);
        net::SpectatorClient victim(wire, 1);
        victim.tick(0);  // its Watch: the key is on the wire
        net::SpectateMessage s;
        s.type = net::SpectateType::Setup;
        s.cookie = 5;
        net::KxKey secret;
        REQUIRE(net::makeKxPair(s.key, secret));
        const auto transcript = net::spectateTranscript(wire.spectatorKey, s.key, s.cookie);
        net::ChannelKey tx, rx;
        REQUIRE(net::channelKeys(false, s.key, secret, wire.spectatorKey, transcript, tx, rx));
        net::Channel channel(tx, rx);
        s.identity = honest ? mallory.publicKey : alice.publicKey;
        s.name = "alice";
        s.welcome = net::encodePacket(spectest::welcome());
        s.signature = net::signDigest(mallory, net::setupDigest(transcript, s));
        wire.queued = {net::encodeSpectate(s, &channel)};
        victim.tick(16);
        CHECK(victim.state() == (honest ? net::SpectatorState::Watching : net::SpectatorState::Asking));
        CHECK(victim.forged() == (honest ? 0 : 1));
        if (honest) CHECK(victim.hostKey() == mallory.publicKey);  // who signed: what the screen would show
    }
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
            hub.confirmed(spectest::frameInput(frame));
            played.push_back(spectest::frameInput(frame));
        }
        if (frame == 900) hub.setLastFrame(900);
        while (demux.receive(data, from, t)) FAIL("a spectator datagram reached the match");
        hub.tick(demux, t);
        a.tick(t);
        if (t >= 8000) b.tick(t);               // comes 500 frames late
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
    CHECK(hub.moved() == 0);
}

TEST_CASE("spectate: a watcher that goes silent is dropped and frees its place") {
    net::MemoryNetwork network;
    auto& hostEnd = network.add(1, {}, 1);
    auto& quiet = network.add(2, {}, 2);
    net::SpectatorHub hub(1);
    net::SpectatorClient q(quiet, 1);
    hub.startMatch(longestWelcome(), 0);
    net::SpectateDemux demux(hostEnd, hub);
    run(demux, hub, 0, 500, q);
    CHECK(hub.count() == 1);
    run(demux, hub, 516, 500 + net::kSpectatorTimeoutMs + 100);  // q stops ticking: silent
    CHECK(hub.count() == 0);
    CHECK(hub.dropped() == 1);
}

TEST_CASE(
    "spectate: spoofed Watches take no place: an address that never answers gets a Challenge no larger, no Setup") {
    net::MemoryNetwork network;
    auto& hostEnd = network.add(1, {}, 1);
    auto& victim = network.add(9, {}, 9);  // the spoofed source: it never answers
    net::SpectatorHub hub(1);
    net::SpectateDemux demux(hostEnd, hub);
    hub.startMatch(spectest::welcome(), 0);
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    for (int i = 0; i < 8; ++i) {  // eight different spectator keys, as a flood of spoofed Watches would carry
        net::SpectateMessage w;
        w.type = net::SpectateType::Watch;
        w.key.fill(std::uint8_t(i + 1));
        const std::vector<std::uint8_t> bytes = net::encodeSpectate(w);
        victim.sendTo(1, bytes.data(), bytes.size(), i);
        while (demux.receive(data, from, i)) FAIL("a spectator datagram reached the match");
        hub.tick(demux, i);
    }
    CHECK(hub.count() == 0);  // before: each made a watcher, with a key exchange, and the first took the only place
    CHECK(hub.challenged() == 8);
    int answers = 0;
    while (victim.receive(data, from, 100)) {
        ++answers;
        CHECK(data.size() == 36);  // 'B' 'S' 4 6, the cookie, the tag: never more than the 336 bytes it answers
        CHECK(data[3] == std::uint8_t(net::SpectateType::Challenge));
    }
    CHECK(answers == 8);
    // The real spectator, which receives at its address, still gets the only place at once.
    auto& watcherEnd = network.add(2, {}, 2);
    net::SpectatorClient client(watcherEnd, 1);
    run(demux, hub, 200, 400, client);
    CHECK(client.state() == net::SpectatorState::Watching);
    CHECK(hub.count() == 1);
}
