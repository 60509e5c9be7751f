#pragma once
// One simulated online world, run from a schedule: the real lobby::Server, two players (each a LobbyClient, then
// a NetPeer; the host with its SpectatorHub and, when the schedule says, the TURN relay model), spectators (a
// LobbyClient, then a SpectatorClient) and an attacker, on the simulated network (sim_network.h) with one virtual
// clock. Nothing sleeps and nothing reads a clock but the real-time guard. After the run the invariants are
// checked (docs/testing.md, "The online simulator"):
//   - each player's confirmed hashes equal the offline replay of its recording, and a completed match's two
//     recordings are the same bytes; a cut-short one is a prefix of the other's;
//   - each player's own inputs in its recording are the buttons its driver gave it (no packet, an attacker's
//     included, changed an input); the attacker's intruder never plays, and no attacker address holds the seat;
//   - a spectator's recording is a prefix of the players' (the same bytes when it saw the whole match);
//   - every peer ends, within a bound after its last confirmed frame, with a reason; a failure is allowed only when
//     the schedule has a fault that explains it (blamed on a side), or the two NATs cannot meet without a relay;
//   - rollbacks never deeper than the window; memory bounded (datagrams in flight, the lobby's rooms).
#include "game/net/peer.h"
#include "game/simnet/schedule.h"

#include <cstdint>
#include <string>
#include <vector>

namespace simnet {

/// A bug planted on purpose, to show that the explorer catches it.
enum class Plant : std::uint8_t {
    None,
    CorruptInput,      ///< the joiner's game hands its session a wrong button on one frame
    CorruptSpectator,  ///< the host forwards one wrong input to its spectators
    DropEnd,           ///< the host's datagrams stop once its match has ended (the end never reaches the joiner)
};
const char* plantName(Plant p);
/// False for an unknown name.
bool plantByName(const std::string& name, Plant& out);

struct RunOptions {
    Plant plant = Plant::None;
    std::int64_t realTimeLimitMs = 20000;  ///< a run longer than this (wall clock) fails as "over its real-time bound"
    std::vector<std::string> roster;       ///< the fighters each side is drawn from (sim::fighterIdsIn of the data
                                           ///< folder); empty: "ryo" alone
};

struct RunResult {
    bool ok = true;
    std::vector<std::string> violations;  ///< the invariants that failed
    std::vector<std::string> log;         ///< what happened, in simulated time
    std::int64_t simulatedMs = 0;
    std::int64_t framesPlayed = 0;  ///< confirmed frames of the host's (last) match
    std::string outcome;            ///< one line: how each side ended
};

/// Runs the schedule to its end; fighters come from loader (their ids drawn from options.roster).
RunResult runSchedule(const Schedule& s, const net::FighterLoader& loader, const RunOptions& options = {});

/// Whether the two NATs let host and joiner meet without a relay (hole punching through the lobby).
bool directReachable(NatKind host, NatKind joiner);

}  // namespace simnet
