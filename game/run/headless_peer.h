#pragma once
// `game_headless --host [PORT] --replay FILE` / `game_headless --join HOST[:PORT] --replay FILE`: an online peer
// with no window, taking its own player's buttons from a replay or action script (frame f's buttons drive frame
// f of the online match), in real time or --fast, then printing a summary and the final hash.

#include "game/io/flag_table.h"
#include "game/net/countersign.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace run {

/// What a caller that arranged the match (the ranked client) adds to the peer's flags.
struct PeerHooks {
    /// Host through a lobby: called once with the room's code, as soon as the lobby gave it.
    std::function<void(const std::string& code)> onRoomCode;
    /// Joiner: the fingerprint the opponent must have (net::fingerprint); any other identity ends the run before
    /// the match. A host says the same with --accept-key.
    std::string expectOpponent;
    /// With --record: called with each `check` line the recording gets (every 60 confirmed frames: the frame and
    /// the fight's hash after it), as the match goes.
    std::function<void(std::int64_t frame, std::uint64_t hash)> onCheckpoint;
    /// The service's id of the match (net::PeerConfig::serviceMatch): the peers countersign its checkpoints.
    std::int64_t serviceMatch = 0;
    /// At the end, with the opponent's countersignatures the peer held (what the Result sends with the log).
    std::function<void(const std::vector<net::Countersign>&)> onCountersigns;
    /// With --record: called once when the recording cannot be written, during the match or at its end, with the
    /// reason (`PATH: cannot write: REASON`); the match goes on, and the file at PATH stays as it was.
    std::function<void(const std::string& why)> onRecordingFailed;
};

/// True when argv asks for a headless peer (--host, --join or --code as a flag; known: every flag of the program's
/// modes, io::flagGiven).
bool wantsHeadlessPeer(int argc, char** argv, const io::FlagTable& known);
/// The peer's flags, each refusing itself: its part of a program's known flags.
io::FlagTable knownPeerFlags();
/// Runs the headless peer (fighters from --data, else found above the file, else defaultDataDir); returns the exit
/// code: 0 match completed, 1 desync / connection lost / refused / no opponent, 2 bad flags or files.
int runHeadlessPeer(int argc, char** argv, const std::string& defaultDataDir);
/// The same, with a caller's hooks.
int runHeadlessPeer(int argc, char** argv, const std::string& defaultDataDir, const PeerHooks& hooks);

}  // namespace run
