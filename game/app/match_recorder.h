#pragma once
// Recording the matches played in the window: each match (a live one, or an online one's confirmed frames) goes to
// its own replay file in the replay folder, named by time, mode and fighters, through the one io::ReplayWriter.
// Shared by the live and the online source so both name, open and close their files the same way; a restart
// (Reset, Rematch, a training change) closes the file and opens the next.
#include "game/io/replay_writer.h"

#include <memory>
#include <string>

namespace app {

/// The replay file of the match being played, if recording is on.
class MatchRecorder {
public:
    /// Records into `dir` (created when missing); an empty dir records nothing.
    explicit MatchRecorder(std::string dir) : dir_(std::move(dir)) {}
    /// Closes the previous file and opens one for the match `start` begins (the fight before its first step); on
    /// failure says so on stderr and records nothing until the next open.
    void open(const sim::MatchSetup& setup, const sim::Fight& start);
    /// Appends the input of the step just taken (no-op when no file is open).
    void frame(const sim::FrameInput& in, const sim::Fight& after);
    /// Writes the `end` line and closes the file (no-op when none is open).
    void finish();
    /// True while a file is open.
    bool active() const { return writer_ != nullptr; }
    /// The last file opened ("" when recording is off or the open failed); kept after finish().
    const std::string& path() const { return path_; }

private:
    std::string dir_;
    std::string path_;
    std::unique_ptr<sim::ReplayWriter> writer_;
};

}  // namespace app
