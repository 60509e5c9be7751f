#pragma once
// `game_headless --simulate SEEDS`: the fault-schedule explorer. For each seed a random schedule (schedule.h) is run
// in the simulated world (world.h) and its invariants checked; a failing seed prints its violations, its event log
// and the one command that replays it. `--schedule FILE` runs a schedule kept in a file; `--minutes M` explores
// from the first seed on for M minutes. Exit 0 when every run held, 1 when one failed, 2 for bad flags or files.
#include "game/io/flag_table.h"

#include <cstdint>
#include <string>
#include <vector>

namespace simnet {

/// True when the command line asks for --simulate or --schedule (known: every flag of the program's modes,
/// io::flagGiven).
bool wantsSimulate(int argc, char** argv, const io::FlagTable& known);
/// The explorer's flags, each refusing itself: its part of a program's known flags.
io::FlagTable knownSimulateFlags();
/// Runs the explorer (output on stdout, errors on stderr). `refused`: the program's other flags, each refusing
/// itself (`--sync does not work with ...`) so that one of them is not said as an unknown flag; an entry whose name
/// the explorer takes (--data, --log) is left out.
int runSimulate(int argc, char** argv, const std::string& defaultDataDir, const io::FlagTable& refused = {});
/// Reads "N", "A-B" or a comma list of them; false with error for anything else (or more than 10^6 seeds).
bool parseSeeds(const std::string& text, std::vector<std::uint64_t>& out, std::string& error);

}  // namespace simnet
