#pragma once
// Recording a match as a replay file (format in run_file.h): the header on open, one flushed line per frame,
// a hash checkpoint every kCheckpointEvery frames and an `end` line. Every write is checked: ok() turns false on
// the first failed one (a full disk, a closed pipe) and stays false, so the caller can say the recording failed.
#include "game/io/run_file.h"

#include <cstdint>
#include <fstream>
#include <string>

namespace sim {

/// Records a match to a file.
class ReplayWriter {
public:
    /// Opens path and writes the header of start's match (start: the fight before its first step, whose hash an
    /// `end 0` line carries); check ok() afterwards.
    ReplayWriter(const std::string& path, const Fight& start);
    /// Writes the `end` line if finish() was not called.
    ~ReplayWriter();
    ReplayWriter(const ReplayWriter&) = delete;
    ReplayWriter& operator=(const ReplayWriter&) = delete;
    /// True when the file is open and every write so far succeeded.
    bool ok() const { return bool(out_); }
    /// Appends the input of the step just taken and, every kCheckpointEvery frames, the fight's hash after it.
    void frame(const FrameInput& in, const Fight& after);
    /// Writes a bug report's note at `frame` (its text through noteText; nothing when that leaves no text).
    void note(std::int64_t frame, const std::string& text);
    /// Writes the `end` line with the final hash and closes the file.
    void finish();

private:
    std::ofstream out_;
    std::int64_t frames_ = 0;
    std::uint64_t lastHash_ = 0;
    bool finished_ = false;
};

}  // namespace sim
