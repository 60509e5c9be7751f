#pragma once
// Recording the matches played in the window: each match (a live one, or an online one's confirmed frames) goes to
// its own replay file in the replay folder, named by time, mode and fighters, through the one io::ReplayWriter.
// Shared by the live and the online source so both name, open and close their files the same way; a restart
// (Reset, Rematch, a training change) closes the file and opens the next. The file (and the folder, when missing)
// is made at the match's first frame, not when it is opened: a window that never played a frame (no display, a
// stop signal while paused at frame 0, a restart before the first step) leaves no recording of zero frames and no
// folder behind, as the headless peer does. A write that fails (a full disk, a
// read-only or missing folder) stops the recording at once: the file is not put in place, active() turns false (the
// REC mark goes) and takeFailure() hands the reason to the view, which says it.
#include "game/io/replay_writer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

namespace app {

/// A path in `dir` (made beforehand with io::makeFolder, whose failure names the reason) for a new replay:
/// `dir/YYYYMMDD-HHMMSS-NAME.freplay`, with `-2`, `-3` ... added when files of that name exist (several in one
/// second).
std::string freshReplayPath(const std::string& dir, const std::string& name);

/// The replay file of the match being played, if recording is on.
class MatchRecorder {
public:
    /// Records into `dir` (created when missing); an empty dir records nothing.
    explicit MatchRecorder(std::string dir) : dir_(std::move(dir)) {}
    /// Closes the previous file and starts recording the match `start` begins (the fight before its first step):
    /// its file is made by the first frame(). On failure records nothing until the next open (takeFailure() says
    /// why).
    void open(const sim::MatchSetup& setup, const sim::Fight& start);
    /// Appends the input of the step just taken, making the file first at the match's first frame (no-op when not
    /// recording).
    void frame(const sim::FrameInput& in, const sim::Fight& after);
    /// An online opponent's stall and why an online match ended (ReplayWriter::stall, ::ending; no-op with no file).
    void stall(int seat, std::int64_t ms);
    void ending(const std::string& word, int seat, std::int64_t silenceMs);
    /// Writes the `end` line and closes the file (no-op when none is open).
    void finish();
    /// True while recording: a file is open, or will be at the first frame.
    bool active() const { return writer_ != nullptr || pending_; }
    /// The last file opened ("" when recording is off, before the first frame or when the open failed); after
    /// finish(), where it was put (another game's replay of the same name made in the same second is kept: this one
    /// then takes `NAME-N.freplay`).
    const std::string& path() const { return path_; }
    /// The write that failed since the last call (`PATH: cannot write: REASON (recording stopped)`), or "".
    std::string takeFailure() { return std::exchange(failure_, std::string()); }

private:
    /// Makes the pending match's file (and the folder): its first frame is about to be written.
    void makeFile();
    /// Stops a recording whose write failed and keeps why.
    void check();

    std::string failure_;
    std::string dir_;
    std::string path_;
    std::unique_ptr<sim::ReplayWriter> writer_;
    bool pending_ = false;         // open() was called and no frame played yet: no file, no folder made
    sim::MatchSetup setup_;        // the pending match's, for the file's header
    std::uint64_t startHash_ = 0;  // its fight's hash before the first step (an `end 0` line carries it)
};

}  // namespace app
