// The spectator stream on the direct path (no lobby, the empty secret): its key derives from both sides' nonces, so
// a third party who knows the empty secret and even the cookie, but never saw the nonces, cannot forge inputs, an
// end, a refusal or a rematch to a spectator, nor acknowledgements to the host; one on the path who saw them can
// (the control, so the test can fail). Golden bytes of version 3, and what each side does with another version.
#include "game/net/crypto/hmac.h"
#include "game/net/crypto/sha256.h"
#include "game/net/memory_transport.h"
#include "game/net/spectate.h"
#include "spectate_test_util.h"

#include <doctest/doctest.h>

namespace {

net::Packet welcome() {
    net::Packet w;
    w.type = net::PacketType::Welcome;
    w.setup.fighter[0] = "a";
    w.setup.fighter[1] = "b";
    return w;
}

sim::FrameInput frameInput(std::int64_t frame) {
    sim::FrameInput in;
    in.buttons[0] = std::uint16_t(frame % 300);
    in.buttons[1] = std::uint16_t((frame * 3) % 400);
    return in;
}

/// What a third party forges with the empty secret and the cookie, guessing the nonces (all zeros; any guess is as
/// good): false inputs with a false end, a refusal, a rematch.
std::deque<std::vector<std::uint8_t>> forgeries(const spectest::Wire& w, std::uint32_t nextFrame, const net::Nonce& guess) {
    net::SpectateMessage lie;
    lie.type = net::SpectateType::Inputs;
    lie.cookie = w.cookie;
    lie.lastFrame = nextFrame;
    lie.newest = nextFrame;
    lie.firstFrame = nextFrame;
    lie.inputs.resize(1);
    lie.inputs[0].buttons[0] = 0x1ff;
    net::SpectateMessage refuse;
    refuse.type = net::SpectateType::Refuse;
    net::SpectateMessage rematch;
    rematch.type = net::SpectateType::Setup;
    rematch.cookie = w.cookie;
    rematch.match = 9;
    rematch.nonce = guess;
    rematch.welcome = net::encodePacket(welcome());
    const net::Key guessed = net::spectateStreamKey({}, guess, guess, w.cookie);
    return {net::encodeSpectate(lie),           // version 2's direct path: the empty key
            net::encodeSpectate(lie, guessed),  // the stream key with guessed nonces
            net::encodeSpectate(refuse),        // a refusal under the empty secret, without the Watch's nonce
            net::encodeSpectate(refuse, {}, &guess),
            net::encodeSpectate(rematch, guessed)};
}

}  // namespace

TEST_CASE("spectate direct path: a third party with the empty secret and the cookie but not the nonces forges nothing") {
    net::MemoryNetwork network;
    auto& hostEnd = network.add(1, {}, 1);
    auto& watcherEnd = network.add(2, {}, 2);
    spectest::Wire wire(watcherEnd);
    net::SpectatorHub hub(2);  // no key: the direct path
    net::SpectateDemux demux(hostEnd, hub);
    net::SpectatorClient client(wire, 1);
    hub.startMatch(welcome(), 0);
    std::vector<sim::FrameInput> played;
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    std::int64_t forgedSent = 0, forgedWatches = 0;
    net::Nonce guess{};
    for (std::int64_t t = 0; t <= 20000; t += 16) {  // bounded: 20 s of fake time
        const std::int64_t frame = t / 16;
        if (frame >= 1 && frame <= 600) {
            hub.confirmed(frameInput(frame));
            played.push_back(frameInput(frame));
        }
        if (frame == 600) hub.setLastFrame(600);
        if (frame % 10 == 5 && client.state() == net::SpectatorState::Watching) {
            guess[std::size_t(frame) % guess.size()] ^= std::uint8_t(frame);  // a new guess each time
            wire.queued = forgeries(wire, std::uint32_t(client.inputs().size() + 1), guess);
            forgedSent += std::int64_t(wire.queued.size());
            // Towards the host, from the spectator's address: an acknowledgement of every frame (the host would
            // skip what the spectator lacks), under the empty key and under a guessed stream key.
            net::SpectateMessage ack;
            ack.type = net::SpectateType::Watch;
            ack.cookie = wire.cookie;
            ack.ackFrame = 600;
            for (const net::Key& k : {net::Key{}, net::spectateStreamKey({}, guess, guess, wire.cookie)}) {
                const std::vector<std::uint8_t> b = net::encodeSpectate(ack, k);
                hub.handle(b.data(), b.size(), 2, demux, t);
                ++forgedWatches;
            }
        }
        while (demux.receive(data, from, t)) FAIL("a spectator datagram reached the match");
        hub.tick(demux, t);
        client.tick(t);
    }
    CHECK(client.failure() == "");
    CHECK(client.lastFrame() == 600);
    spectest::requireSameInputs(client.inputs(), played);
    CHECK(forgedSent > 100);
    CHECK(client.forged() == forgedSent);  // every one counted and dropped before decoding
    CHECK(client.malformed() == 0);
    CHECK(hub.forged() == forgedWatches);
    CHECK(hub.malformed() == 0);
}

TEST_CASE("spectate direct path: one on the path who saw both nonces can forge (the control)") {
    net::MemoryNetwork network;
    auto& hostEnd = network.add(1, {}, 1);
    auto& watcherEnd = network.add(2, {}, 2);
    spectest::Wire wire(watcherEnd);
    net::SpectatorHub hub(2);
    net::SpectateDemux demux(hostEnd, hub);
    net::SpectatorClient client(wire, 1);
    hub.startMatch(welcome(), 0);
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    for (std::int64_t t = 0; t <= 1000 && client.state() != net::SpectatorState::Watching; t += 16) {
        while (demux.receive(data, from, t)) {}
        hub.tick(demux, t);
        client.tick(t);
    }
    REQUIRE(client.state() == net::SpectatorState::Watching);
    // The same false input and end as above, under the key the nonces it saw give.
    net::SpectateMessage lie;
    lie.type = net::SpectateType::Inputs;
    lie.cookie = wire.cookie;
    lie.lastFrame = 1;
    lie.newest = 1;
    lie.firstFrame = 1;
    lie.inputs.resize(1);
    lie.inputs[0].buttons[0] = 0x1ff;
    wire.queued = {net::encodeSpectate(lie, net::spectateStreamKey({}, wire.spectatorNonce, wire.hostNonce, wire.cookie))};
    client.tick(1100);
    CHECK(client.forged() == 0);
    REQUIRE(client.inputs().size() == 1);
    CHECK(client.inputs()[0].buttons[0] == 0x1ff);
    CHECK(client.lastFrame() == 1);
    net::SpectateMessage refuse;
    refuse.type = net::SpectateType::Refuse;
    wire.queued = {net::encodeSpectate(refuse, {}, &wire.spectatorNonce)};
    client.tick(1116);
    CHECK(client.failure() == "refused: the host takes no more spectators");
}

TEST_CASE("spectate version 3 golden bytes: a Watch, a Refuse and the stream key, by hand") {
    net::Nonce sn, hn;
    for (std::size_t i = 0; i < sn.size(); ++i) {
        sn[i] = std::uint8_t(0x10 + i);
        hn[i] = std::uint8_t(0x20 + i);
    }
    // The stream key: HMAC-SHA-256 under the empty secret of "bf spectate key v3", 10 11 .. 1f, 20 21 .. 2f and the
    // cookie 0x04030201 as 01 02 03 04. Golden from Python's hmac module (an implementation not ours):
    //   hmac.new(b'', b'bf spectate key v3' + bytes(range(16, 32)) + bytes(range(32, 48)) + bytes([1, 2, 3, 4]),
    //            hashlib.sha256).hexdigest()
    const net::Key key = net::spectateStreamKey({}, sn, hn, 0x04030201);
    const std::uint8_t goldenKey[32] = {0xd5, 0xc2, 0xa9, 0xf8, 0x59, 0x2e, 0x67, 0x88, 0x51, 0x0a, 0x69,
                                        0x65, 0x31, 0x5f, 0xc2, 0x7b, 0xb7, 0xc0, 0x40, 0x22, 0x78, 0x87,
                                        0xf4, 0x9f, 0x33, 0x47, 0xbb, 0x8f, 0x2b, 0x2c, 0x47, 0xb8};
    CHECK(key == net::Key(goldenKey, goldenKey + 32));
    CHECK(net::spectateStreamKey({}, sn, hn, 0x04030202) != key);  // the cookie counts
    CHECK(net::spectateStreamKey({1}, sn, hn, 0x04030201) != key);  // the secret counts

    // A Watch echoing that cookie: 'B' 'S' 3 1, cookie 01 02 03 04, ack 0x08070605 as 05 06 07 08, the spectator's
    // nonce 10 .. 1f (bytes 12-27), zeros to byte 191, then the tag (bytes 192-207): the first 16 bytes of
    // HMAC-SHA-256 under the stream key of "bf spectate v3" and bytes 0-191 (from Python's hmac as above).
    net::SpectateMessage w;
    w.type = net::SpectateType::Watch;
    w.cookie = 0x04030201;
    w.ackFrame = 0x08070605;
    w.nonce = sn;
    const std::vector<std::uint8_t> wb = net::encodeSpectate(w, key);
    REQUIRE(wb.size() == 208);
    std::vector<std::uint8_t> golden = {0x42, 0x53, 3, 1, 1, 2, 3, 4, 5, 6, 7, 8};
    golden.insert(golden.end(), sn.begin(), sn.end());
    golden.resize(192, 0);
    const std::uint8_t watchTag[16] = {0x9d, 0x36, 0xf9, 0x9e, 0x6d, 0x70, 0xc6, 0x49,
                                       0xc4, 0x0b, 0x8e, 0x6f, 0x2f, 0x3d, 0x41, 0x0f};
    golden.insert(golden.end(), watchTag, watchTag + 16);
    CHECK(wb == golden);
    CHECK(net::spectateAuthentic(key, wb.data(), wb.size()));
    CHECK_FALSE(net::spectateAuthentic({}, wb.data(), wb.size()));

    // The Refuse "full" answering a Watch with nonce sn: 'B' 'S' 3 4, reason 1, then the tag under the empty
    // secret of "bf spectate v3", the Watch's nonce and those 5 bytes (Python's hmac as above). 21 bytes.
    net::SpectateMessage r;
    r.type = net::SpectateType::Refuse;
    const std::vector<std::uint8_t> rb = net::encodeSpectate(r, {}, &sn);
    const std::vector<std::uint8_t> goldenRefuse = {0x42, 0x53, 3,    4,    1,    0x85, 0xf4, 0x8d, 0x8c, 0x09, 0x3b,
                                                    0xbe, 0xa0, 0xc1, 0x11, 0x79, 0x9d, 0xa4, 0xd0, 0xc4, 0xf4};
    CHECK(rb == goldenRefuse);
    CHECK(net::spectateAuthentic({}, rb.data(), rb.size(), &sn));
    CHECK_FALSE(net::spectateAuthentic({}, rb.data(), rb.size()));  // without the nonce it fails
    CHECK_FALSE(net::spectateAuthentic({}, rb.data(), rb.size(), &hn));

    // A Refuse "another version": reason 3 and the host's version, 22 bytes; the host's own version is no reason.
    r.refusal = net::SpectateRefusal::Version;
    r.hostVersion = 4;
    const std::vector<std::uint8_t> vb = net::encodeSpectate(r, {}, &sn);
    REQUIRE(vb.size() == 22);
    CHECK(std::vector<std::uint8_t>(vb.begin(), vb.begin() + 6) == std::vector<std::uint8_t>{0x42, 0x53, 3, 4, 3, 4});
    net::SpectateMessage back;
    REQUIRE(net::decodeSpectate(vb.data(), vb.size(), back));
    CHECK(back.hostVersion == 4);
    r.hostVersion = net::kSpectateVersion;
    const std::vector<std::uint8_t> same = net::encodeSpectate(r);
    CHECK_FALSE(net::decodeSpectate(same.data(), same.size(), back));
    CHECK(vb.size() <= net::kWatchSize);  // no answer is larger than a Watch

    // A Setup: 'B' 'S' 3 2, cookie, match, the host's nonce (bytes 9-24), then the Welcome.
    net::SpectateMessage s;
    s.type = net::SpectateType::Setup;
    s.cookie = 0x04030201;
    s.match = 7;
    s.nonce = hn;
    s.welcome = net::encodePacket(welcome());
    const std::vector<std::uint8_t> sb = net::encodeSpectate(s, key);
    std::vector<std::uint8_t> head = {0x42, 0x53, 3, 2, 1, 2, 3, 4, 7};
    head.insert(head.end(), hn.begin(), hn.end());
    CHECK(std::vector<std::uint8_t>(sb.begin(), sb.begin() + 25) == head);
    CHECK(std::vector<std::uint8_t>(sb.begin() + 25, sb.end() - 16) == s.welcome);
}

namespace {

/// Version 2's Watch as that build encoded it (git history of game/net/spectate.*): 'B' 'S' 2 1, cookie, ack,
/// zeros to 176 bytes, the tag under the empty key: HMAC-SHA-256 of "bf spectate v2" and those 176 bytes.
std::vector<std::uint8_t> version2Watch() {
    std::vector<std::uint8_t> b = {0x42, 0x53, 2, 1};
    b.resize(176, 0);
    static const char label[] = "bf spectate v2";
    net::crypto::Hmac<net::crypto::Sha256> mac(nullptr, 0);
    mac.update(label, sizeof label - 1);
    mac.update(b.data(), b.size());
    const auto d = mac.finish();
    b.insert(b.end(), d.begin(), d.begin() + 16);
    return b;
}

}  // namespace

TEST_CASE("spectate versions: the host answers an older version's Watch with nothing, and counts it") {
    net::MemoryNetwork network;
    auto& hostEnd = network.add(1, {}, 1);
    auto& old = network.add(2, {}, 2);
    net::SpectatorHub hub(2);
    net::SpectateDemux demux(hostEnd, hub);
    hub.startMatch(welcome(), 0);
    const std::vector<std::uint8_t> w = version2Watch();
    REQUIRE(w.size() == 192);
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    for (std::int64_t t = 0; t <= 1000; t += 250) {
        old.sendTo(1, w.data(), w.size(), t);
        while (demux.receive(data, from, t)) FAIL("a spectator datagram reached the match");
        hub.tick(demux, t);
    }
    CHECK(hub.otherVersion() == 5);
    CHECK(hub.count() == 0);
    CHECK(hub.forged() == 0);
    CHECK_FALSE(old.receive(data, from, 2000));  // no answer: version 2 has no true reason to give
}

TEST_CASE("spectate versions: another version's datagram from the host ends the asking after 0.75 s, not before") {
    const std::vector<std::uint8_t> v4 = {0x42, 0x53, 4, 4, 1, 2, 3};  // a future host's answer, any layout
    {
        net::MemoryNetwork network;
        auto& me = network.add(2, {}, 2);
        spectest::Wire wire(me);
        net::SpectatorClient client(wire, 1);
        client.tick(0);
        wire.queued = {v4};
        client.tick(100);
        for (std::int64_t t = 116; t < 850; t += 16) {
            client.tick(t);
            REQUIRE(client.state() == net::SpectatorState::Asking);  // within the grace
        }
        client.tick(850);
        CHECK(client.failure() == "refused: the host runs spectator stream version 4, this game 3");
        CHECK(client.forged() == 0);
    }
    {   // A Setup of this version within the grace: the host speaks it, the stream goes on.
        net::MemoryNetwork network;
        auto& hostEnd = network.add(1, {}, 1);
        auto& me = network.add(2, {}, 2);
        spectest::Wire wire(me);
        net::SpectatorHub hub(2);
        net::SpectateDemux demux(hostEnd, hub);
        net::SpectatorClient client(wire, 1);
        hub.startMatch(welcome(), 0);
        wire.queued = {v4};
        std::vector<std::uint8_t> data;
        net::Address from = 0;
        for (std::int64_t t = 0; t <= 2000; t += 16) {
            while (demux.receive(data, from, t)) {}
            hub.tick(demux, t);
            client.tick(t);
        }
        CHECK(client.failure() == "");
        CHECK(client.state() == net::SpectatorState::Watching);
    }
    {   // A later host answering in this version's layout: the Refuse with the reason "version" ends it at once.
        net::MemoryNetwork network;
        auto& me = network.add(2, {}, 2);
        spectest::Wire wire(me);
        net::SpectatorClient client(wire, 1);
        net::Nonce n;
        n.fill(5);
        client.setNonce(n);
        net::SpectateMessage r;
        r.type = net::SpectateType::Refuse;
        r.refusal = net::SpectateRefusal::Version;
        r.hostVersion = 7;
        wire.queued = {net::encodeSpectate(r, {}, &n)};
        client.tick(0);
        CHECK(client.failure() == "refused: the host runs spectator stream version 7, this game 3");
    }
}
