#pragma once
// Driving peers on a fake clock: the harness the netcode tests and the rollback benchmark share. Each peer ticks at
// its own period (a slower machine has a longer one) on one simulated clock, over the in-memory network, taking its
// buttons for the frame its session asks for; nothing sleeps, so a minute of play runs in milliseconds.
#include "game/net/conditions.h"
#include "game/net/peer.h"

#include <string>

#include <cstdint>
#include <vector>

namespace net {

/// A peer with its tick period and its player's buttons.
struct DrivenPeer {
    NetPeer* peer = nullptr;                              ///< the peer (not owned)
    std::int64_t periodUs = 16667;                        ///< tick period in µs (16667 = 60 Hz)
    const std::vector<std::uint16_t>* buttons = nullptr;  ///< buttons by frame (index = frame); missing = none
    std::int64_t nextUs = 0;                              ///< time of the next tick
    std::int64_t stopAtMs = -1;                           ///< stops ticking from this time on (the machine vanished)
    std::int64_t doneAtMs = -1;                           ///< when the peer reached Done (-1 = not yet)
};

/// Ticks every peer at its own rate until all are Done, stopped, or limitMs passes; returns the clock in ms.
std::int64_t driveOnFakeClock(std::vector<DrivenPeer>& peers, std::int64_t limitMs);

/// Seeded buttons for frames 0..frames (index = frame; frames 0..4 idle, so every input delay 0..4 plays the
/// same match): holds of 1..20 frames drawn from common combinations (walks, jumps, attacks, blocks).
std::vector<std::uint16_t> randomButtons(std::uint64_t seed, int frames);

/// A whole match between a host and a joiner over the in-memory network.
struct LoopbackSpec {
    NetConditions toJoiner;                 ///< what the host's datagrams suffer
    NetConditions toHost;                   ///< what the joiner's datagrams suffer
    SessionConfig session;                  ///< both sides' delay and rollback window (me is set by the role)
    sim::MatchSetup setup;                  ///< the match (fighter[1] and style[1] are the joiner's)
    std::uint32_t frameLimit = 900;         ///< end after this many frames (0 = at match over)
    std::int64_t joinerPeriodUs = 16667;    ///< the joiner's tick period (17500 = 5% slower)
    std::uint64_t seed = 1;                 ///< the conditions' generators
    std::vector<std::uint16_t> buttons[2];  ///< each player's buttons by frame
    FighterLoader loader;                   ///< fighters by id
    std::int64_t limitMs = 600000;          ///< give up after this much simulated time
};

/// What a loopback match left behind, per side (0 = host, 1 = joiner).
struct LoopbackResult {
    std::string message[2];                ///< endMessage()
    bool failed[2] = {true, true};         ///< failed()
    std::vector<std::uint64_t> hashes[2];  ///< confirmed hash of every frame
    std::int64_t endFrame[2] = {0, 0};     ///< the confirmed frame that ended the match
    sim::MatchSetup setup[2];              ///< the setup each side played (the handshake's)
    SessionStats stats[2];                 ///< the sessions' counters at the end
    std::int64_t endMs = 0;                ///< simulated time when both were done
};

/// Plays the match to its end on the fake clock.
LoopbackResult playLoopback(const LoopbackSpec& spec);

}  // namespace net
