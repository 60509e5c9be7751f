#pragma once
// `game_headless --spectate HOST[:PORT]`: watches a match a host runs (net::SpectatorClient), playing its
// confirmed inputs a few frames behind; a late spectator first catches up by simulating from frame 0 as fast as
// it can. Prints the result and the final hash like a peer; --record OUT writes what it played as a replay (the
// players' recordings, byte for byte).
#include "game/io/flag_table.h"

#include <string>

namespace run {

/// True when the command line asks for --spectate (known: every flag of the program's modes, io::flagGiven).
bool wantsSpectator(int argc, char** argv, const io::FlagTable& known);
/// The spectator's flags, each refusing itself: its part of a program's known flags.
io::FlagTable knownSpectatorFlags();
/// Runs it: 0 when the whole match was watched, 1 when refused / no answer / connection lost, 2 for bad flags.
int runSpectator(int argc, char** argv, const std::string& defaultDataDir);

}  // namespace run
