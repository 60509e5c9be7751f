#pragma once
// A failed check of a run (a fight replay or script, a Blaster script), as data: what kind, where, at which frame.
//
// Why typed: the window and the runners decide what to show from the kind (a hash mismatch is a desync, shown in
// red; a failed expectation is listed), so nobody searches a message for a phrase to learn what happened, and a
// reworded message cannot silently turn a desync into an expectation.
#include "game/io/text.h"

#include <cstdint>
#include <string>

namespace io {

/// What a failed check was.
enum class FailureKind : std::uint8_t {
    Expectation,   ///< an `expect` line did not hold
    HashMismatch,  ///< a recorded hash checkpoint differs from the simulation (a desync)
    SyncTest,      ///< re-simulating from a saved state gave another hash (--sync)
};

/// One failed check.
struct RunFailure {
    FailureKind kind = FailureKind::Expectation;  ///< what failed
    std::string file;                             ///< the run's file
    int line = 0;                                 ///< its line (0: the run as a whole, e.g. the sync test)
    std::int64_t frame = 0;                       ///< the frame the check failed at
    std::string what;                             ///< what went wrong, without FILE:LINE

    /// `FILE:LINE: what`, or `FILE: what` when line is 0 (io::Error's form).
    std::string text() const { return Error{file, line, what}.text(); }
    /// Same kind, place, frame and words.
    bool operator==(const RunFailure& o) const {
        return kind == o.kind && file == o.file && line == o.line && frame == o.frame && what == o.what;
    }
    /// Not operator==.
    bool operator!=(const RunFailure& o) const { return !(*this == o); }
};

}  // namespace io
