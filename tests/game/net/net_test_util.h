#pragma once
// Helpers for the netcode tests: the fighters, the offline reference run, and short names for the fake-clock
// driver in game/net/loopback.h.
#include "game/io/fighter_file.h"
#include "game/net/loopback.h"
#include "game/net/memory_transport.h"
#include "game/net/peer.h"
#include "game/sim/fight.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace nettest {

constexpr net::Address kHost = 1;    ///< host endpoint address
constexpr net::Address kJoiner = 2;  ///< joiner endpoint address

/// Loads fighters from the project's data/.
inline net::FighterLoader dataLoader() {
    return [](const std::string& id, sim::FighterDef& out, std::string& error) {
        sim::FighterLoad load = sim::loadFighterById(testpaths::data(), id);
        error = load.error.text();
        if (load.ok) out = std::move(load.def);
        return load.ok;
    };
}

/// Plays the offline fight of setup through frames 1..frames of the buttons (frame f takes buttons[p][f], or
/// nothing past their end) and shows the fight to onFrame after every step.
template <class OnFrame>
void playOffline(const sim::MatchSetup& setup, const std::vector<std::uint16_t> (&buttons)[2], std::int64_t frames,
                 OnFrame&& onFrame) {
    sim::FighterDef defs[2];
    std::string error;
    for (int p = 0; p < 2; ++p) REQUIRE_MESSAGE(dataLoader()(setup.fighter[p], defs[p], error), error);
    sim::Fight fight(setup, defs[0], defs[1]);
    for (std::int64_t f = 1; f <= frames; ++f) {
        sim::FrameInput in;
        for (int p = 0; p < 2; ++p)
            in.buttons[p] = f < std::int64_t(buttons[p].size()) ? buttons[p][std::size_t(f)] : 0;
        fight.step(in);
        onFrame(static_cast<const sim::Fight&>(fight));
    }
}

/// The offline run of the same inputs: the hash after every frame 1..frames (index f - 1).
inline std::vector<std::uint64_t> offlineHashes(const sim::MatchSetup& setup,
                                                const std::vector<std::uint16_t> (&buttons)[2], std::int64_t frames) {
    std::vector<std::uint64_t> hashes;
    playOffline(setup, buttons, frames, [&hashes](const sim::Fight& fight) { hashes.push_back(fight.hash()); });
    return hashes;
}

/// Seeded buttons (see net::randomButtons).
inline std::vector<std::uint16_t> randomButtons(std::uint64_t seed, int frames) {
    return net::randomButtons(seed, frames);
}
/// A driven peer (see net::DrivenPeer).
using Driven = net::DrivenPeer;
/// Ticks the peers on a fake clock (see net::driveOnFakeClock).
inline std::int64_t drive(std::vector<Driven>& peers, std::int64_t limitMs) {
    return net::driveOnFakeClock(peers, limitMs);
}

/// A host and a joiner driven with their own button sequences (which must outlive the result).
inline std::vector<Driven> drivers(net::NetPeer& host, net::NetPeer& joiner,
                                   const std::vector<std::uint16_t>* buttons) {
    std::vector<Driven> d(2);
    d[0].peer = &host;
    d[0].buttons = &buttons[0];
    d[1].peer = &joiner;
    d[1].buttons = &buttons[1];
    return d;
}

/// Makes welcome (an answer to hello) carry a fresh host key pair and identity and the identity's signature of
/// the transcript, as a real host's: a joiner then gets past its checks of the keys to the fields under test.
inline void signWelcome(const net::Packet& hello, net::Packet& welcome) {
    net::Identity id;
    REQUIRE(net::makeIdentity("fakehost", id));
    net::KxKey secret;
    REQUIRE(net::makeKxPair(welcome.ephemeral, secret));
    welcome.identity = id.publicKey;
    welcome.name = id.name;
    welcome.signature = net::signDigest(id, net::handshakeTranscript(hello, welcome));
}

/// Checks that the next datagram `to` receives (by time nowMs) is a Refuse for a wrong protocol version.
inline void checkVersionRefusal(net::Transport& to, std::int64_t nowMs) {
    std::vector<std::uint8_t> answer;
    net::Address from = 0;
    REQUIRE(to.receive(answer, from, nowMs));
    net::Packet p;
    REQUIRE(net::decodePacket(answer.data(), answer.size(), p));
    CHECK(p.type == net::PacketType::Refuse);
    CHECK(p.reason == net::RefuseReason::Version);
}

}  // namespace nettest
