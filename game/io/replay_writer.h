#pragma once
// Recording a match as a replay file (format in run_file.h): the header on open, one line per frame, a hash
// checkpoint every kCheckpointEvery frames and an `end` line. The file is an io::AtomicFile: it grows as a
// temporary file beside the target and is renamed into place by finish(), so an older file of that name stays
// whole until the new one is complete. Frames collect in the file's append buffer and go to disk together at each
// checkpoint (one write() call a second of play instead of one a frame) and at finish(), so the file on disk
// always ends with a whole frame. What a stopped recording keeps: a SIGINT, SIGTERM or SIGHUP writes the frames
// waiting in the buffer and renames the file into place (every frame played, with no `end` line: a replay cut
// short); a crash or a SIGKILL keeps the frames up to the last checkpoint, and loses at most the kCheckpointEvery
// - 1 frames since (about a second). ok() turns false on the first failed write (a full disk), which shows at the
// checkpoint that writes it, and stays false: the caller stops recording and says error() at once; the temporary
// file is then removed and the target untouched.
#include "game/io/atomic_file.h"
#include "game/io/run_file.h"

#include <cstdint>
#include <string>

namespace sim {

/// Records a match to a file.
class ReplayWriter {
public:
    /// Opens path's temporary file and writes the header of start's match (start: the fight before its first step,
    /// whose hash an `end 0` line carries); check ok() afterwards.
    ReplayWriter(const std::string& path, const Fight& start) : ReplayWriter(path, start.setup(), start.hash()) {}
    /// The same from the match's setup and the hash of its fight before the first step (a recorder that opens the
    /// file only once a frame was played keeps these two, not the fight).
    ReplayWriter(const std::string& path, const MatchSetup& setup, std::uint64_t startHash);
    /// Finishes the file (its `end` line, then into place) if finish() was not called.
    ~ReplayWriter();
    ReplayWriter(const ReplayWriter&) = delete;
    ReplayWriter& operator=(const ReplayWriter&) = delete;
    /// True when the file was opened and every write so far (and the final rename, after finish()) succeeded.
    bool ok() const { return !file_.failed(); }
    /// `PATH: cannot write: REASON` once ok() is false, else "".
    const std::string& error() const { return file_.error(); }
    /// The temporary file being written beside the target until finish() ("" once finished or failed).
    const std::string& tempPath() const { return file_.tempPath(); }
    /// Appends the input of the step just taken and, every kCheckpointEvery frames, the fight's hash after it (and
    /// then writes the frames since the last checkpoint).
    /// The `end` line needs the last frame's hash too: with mayBeLast (the default) every frame is hashed in case it
    /// is the last; a caller that knows which frame is its last passes false for the others, and only the frames
    /// whose hash is written are hashed (the same file, at a 60th of the hashing).
    void frame(const FrameInput& in, const Fight& after, bool mayBeLast = true);
    /// Writes a bug report's note at `frame` (its text through noteText; nothing when that leaves no text).
    void note(std::int64_t frame, const std::string& text);
    /// Writes a `stall` line: the player of `seat` (0 = P1) was not heard for `ms` ms, with the frames so far played.
    void stall(int seat, std::int64_t ms);
    /// Writes the `ending` line (why the match ended: endingWord's word, the seat it names or -1, the silence in
    /// ms that ended it or 0); at most once, before finish().
    void ending(const std::string& word, int seat, std::int64_t silenceMs);
    /// Writes the `end` line with the final hash and puts the file in place.
    void finish();
    /// Drops the file (nothing to keep: no frame was played); the target stays as it was.
    void abandon();
    /// For a replay named by its date (MatchRecorder): finish() never replaces a file of the same name that another
    /// process made meanwhile, and takes a free `NAME-N.freplay` instead (io::AtomicFile::keepExisting).
    void keepExisting() { file_.keepExisting(); }
    /// Where finish() put the file ("" before, or when it failed).
    const std::string& placedPath() const { return file_.placedPath(); }
    /// Frames written so far.
    std::int64_t frames() const { return frames_; }

private:
    io::AtomicFile file_;
    std::int64_t frames_ = 0;
    std::uint64_t lastHash_ = 0;
    bool finished_ = false;
    bool ended_ = false;
};

/// A recording built in memory, line for line what ReplayWriter writes to a file: the header, one line a frame, a
/// `check` line every kCheckpointEvery frames and the `end` line. For logs a program makes to send, not to keep
/// (the online simulator's players, the ranked tests and benchmark).
struct ReplayText {
    std::string text;
    std::int64_t frames = 0;
    std::uint64_t startHash = 0;  ///< the fight's hash before its first step (an `end 0` line carries it)
    bool ended = false;
    /// Starts with start's header (the fight before its first step).
    void start(const Fight& fight);
    /// Appends the input of the step just taken, and every kCheckpointEvery frames the hash after it.
    void frame(const FrameInput& in, const Fight& after);
    /// Appends the `end` line (finalHash: the hash after the last frame), once.
    void finish(std::uint64_t finalHash);
};

}  // namespace sim
