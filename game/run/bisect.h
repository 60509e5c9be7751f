#pragma once
// `game_headless --bisect A.freplay B.freplay [--data DIR]`: the first frame where two recordings of one match
// differ, and the names of the FightState fields that differ there (see docs/netcode.md, "Desync bisection").
#include "game/io/flag_table.h"

#include <string>

namespace run {

/// True when the command line asks for --bisect (known: every flag of the program's modes, io::flagGiven).
bool wantsBisect(int argc, char** argv, const io::FlagTable& known);
/// --bisect's flags, each refusing itself: its part of a program's known flags.
io::FlagTable knownBisectFlags();
/// Runs it: exit 0 when the two agree everywhere, 1 when they differ (printed), 2 for bad flags or files.
int runBisect(int argc, char** argv, const std::string& defaultDataDir);

}  // namespace run
