#pragma once
// A bug report in one file: a replay of the match so far with a note on the frame where something looked wrong.
// The window's pause menu writes one from the inputs a live match has stepped; the replay re-simulates those inputs
// from the match's setup, so the file carries the same checkpoint hashes as a recording made while playing, and
// the headless runner and the web viewer replay it and open it at its note.
#include "game/sim/fight.h"

#include <string>
#include <vector>

namespace sim {

/// Writes the match of `setup` between p1 and p2, stepped with `inputs` from its start, to `path` (through an
/// atomic file: an existing file of that name stays whole unless the new one is complete), with `text` as the
/// note on the last frame. Returns "" on success, else `PATH: cannot write: REASON` or why nothing was written
/// (a note with no text left after noteText). With `placed`, path is a name the program chose (dated): the report
/// never replaces a file there, takes the first free `STEM-N.EXT` instead, and `placed` says where it went.
std::string writeBugReport(const std::string& path, const MatchSetup& setup, const FighterDef& p1, const FighterDef& p2,
                           const std::vector<FrameInput>& inputs, const std::string& text,
                           std::string* placed = nullptr);

}  // namespace sim
