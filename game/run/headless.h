#pragma once
// The headless entry point shared by `game --headless` and `game_headless`: no SFML anywhere below it.

#include "game/io/flag_table.h"

#include <string>

namespace run {

/// Runs `--headless --replay FILE [...]`: picks the fight or Blaster runner by the file's first word
/// (`blaster` starts a Blaster script), returns the process exit code (0 pass, 1 failed check, 2 bad file/flags).
/// Fighters come from --data DIR, else the data folder found above the file, else defaultDataDir.
int runHeadless(int argc, char** argv, const std::string& defaultDataDir);

/// For a mode of game_headless that takes only some of a replay run's flags (--bisect, --spectate, an online peer,
/// --ranked): its own table, with each run flag it lacks added refusing itself, `FLAG does not work with WHY`
/// (io::onlyFlags), so `--bisect A B --sync 5` says why, where it said `unknown flag '--sync'`.
io::FlagTable withRunFlagsRefused(io::FlagTable own, const std::string& why);

/// Every flag of `game --headless`'s modes (a replay run and its pages, --bisect, --spectate, an online peer), each
/// refusing itself: what tells a mode's flag from another flag's value (io::flagGiven) before the mode is chosen.
io::FlagTable knownHeadlessFlags();

}  // namespace run
