#pragma once
// A recording that fails while a match goes on (an online peer's or a spectator's --record): the failure is said
// at once, once, and the temporary file removed (the file of that name stays as it was); the match or the watching
// goes on, since the opponent should not lose a match to this side's disk, and the exit status says it at the end.
#include "game/io/replay_writer.h"

#include <iostream>

namespace run {

/// Says w's failure the first time it is seen (`said` remembers it) and drops its temporary file; nothing when w is
/// fine or was said already. `goesOn` ends the line ("the match goes on", "watching goes on").
inline void sayRecordingFailedOnce(sim::ReplayWriter& w, bool& said, const char* goesOn) {
    if (said || w.ok()) return;
    said = true;
    std::cerr << w.error() << " (recording stopped at frame " << w.frames() << "; that file was left as it was; "
              << goesOn << ")" << std::endl;
    w.abandon();
}

}  // namespace run
