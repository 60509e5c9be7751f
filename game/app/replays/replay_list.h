#pragma once
// The replay browser's list without the screen: the recorded matches in a folder, newest first, and what each one
// was (date, fighters, winner, length), found by reading the file and playing its inputs through the rules once.
// No SFML, so the app tests check it on files they write.
#include "game/io/run_file.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace app {

/// What the browser shows of one replay file.
struct ReplayInfo {
    std::string path;        ///< the file
    std::string date;        ///< "2026-11-25 17:41" (from the file name the recorder gives), or ""
    bool described = false;  ///< describeReplay has run
    std::string error;       ///< why it cannot be played (`FILE:LINE: what`), or ""
    sim::Mode mode = sim::Mode::Versus;
    std::string fighter[2];   ///< fighter ids
    std::int64_t frames = 0;  ///< frames recorded
    bool finished = false;    ///< the match reached its end (not left or reset half-way)
    bool cut = false;         ///< a recording cut by a crash, adopted at start (its name ends `-cut`)
    int winner = -1;          ///< 0 or 1, or -1 (a draw, or not finished)
};

/// Most files listed (the newest).
constexpr std::size_t kMaxListedReplays = 200;

/// The `*.freplay` files in dir, newest first (the recorder's names start with the time; others sort by name
/// after them), at most kMaxListedReplays; none when dir is missing. Only paths and dates: describeReplay fills
/// in the rest, one file at a time.
std::vector<ReplayInfo> listReplays(const std::string& dir);
/// "YYYY-MM-DD HH:MM" from a recorder's file name `YYYYMMDD-HHMMSS-...`, else "".
std::string dateOfReplayName(const std::string& fileName);
/// True for the name adoptCutRecordings gives: `NAME-cut.freplay` or `NAME-cut-N.freplay`.
bool isCutReplayName(const std::string& fileName);

/// What adoptCutRecordings did.
struct AdoptedRecordings {
    std::vector<std::string> adopted;  ///< the new files' names, e.g. `20261128-095400-versus-ryo-vs-brick-cut.freplay`
    std::vector<std::string> problems;  ///< `PATH: cannot adopt: REASON` for a file left as it was
};

/// A recording whose process was killed (SIGKILL, a power cut) is left as the recorder's hidden temporary file
/// `.NAME.freplay.tmp-PID-N`. For each such file in dir whose PID is no longer running, renames it to
/// `NAME-cut.freplay` (`-cut-2` ... when taken), where the browser lists it as cut; an empty one (killed before its
/// header) is removed. A file of a running process (another window recording now) is left alone.
AdoptedRecordings adoptCutRecordings(const std::string& dir);
/// The one line that says what adoptCutRecordings did (`DIR: 2 recordings cut by a crash kept as cut replays: A, B`,
/// then each problem), or "" when it did nothing.
std::string adoptedRecordingsText(const std::string& dir, const AdoptedRecordings& a);

/// Reads r.path and plays it to its end with the fighters `fighterById` gives (nullptr = not loaded: an error).
void describeReplay(ReplayInfo& r, const std::function<const sim::FighterDef*(const std::string&)>& fighterById);
/// "M:SS" of a frame count at 60 frames per second.
std::string lengthText(std::int64_t frames);

}  // namespace app
