#pragma once
// Every program's first line: a write that cannot be done is an error the program reports (its message, its exit
// status, its temporary file removed), not a signal that kills it silently. Two signals stand in the way by
// default: SIGPIPE when the reader of a pipe went away (`bvh a b | head -1` died with status 141) and SIGXFSZ when
// a file would grow past the size limit (`ulimit -f`: every program died with status 153, "File size limit
// exceeded", leaving a recording's temporary file behind). Ignored, the write fails instead, with EPIPE or EFBIG
// ("File too large"), and goes through the same failure paths as a full disk. Header-only and in the engine, like
// printable.h, so that the `bvh` program (the engine alone) and the game's programs share it.
#include <csignal>

namespace engine {

/// Makes SIGPIPE and SIGXFSZ fail the write (EPIPE, EFBIG) instead of ending the process. Call first thing in main.
inline void failWritesInsteadOfDying() {
    std::signal(SIGPIPE, SIG_IGN);
    std::signal(SIGXFSZ, SIG_IGN);
}

}  // namespace engine
