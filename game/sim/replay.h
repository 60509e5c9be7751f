#pragma once
// Replays and the common "run file" that both replays and action scripts compile to.
//
// Replay format (version 1), text, one record per line, '#' starts a comment:
//   fightreplay 1                   first line: magic word and format version
//   seed N | mode WORD | fighters ID1 ID2 | rounds N | roundframes N | dummy WORD | cpulevel N
//   start X1 X2 | health H1 H2     (header settings, any order; omitted ones keep MatchSetup's defaults)
//   frames                          end of header
//   P1 P2                           one line per frame: each player's held buttons as letters (buttonLetters), "-" = none
//   check FRAME HASH                hash (16 hex digits) after FRAME steps; written every 60 frames
//   end FRAME HASH                  last line: total frames and final hash (missing after a crash: still playable,
//                                   and the runner's summary says `(truncated: no end line, N frames)`)
// Each header setting may appear once. A replay holds at most kMaxRunFrames frame lines.
// The writer flushes every line so a crash leaves a readable, playable prefix.
#include "game/sim/fight.h"
#include "game/sim/script.h"

#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace sim {

/// Replay format version written and accepted.
constexpr int kReplayVersion = 1;
/// Frames between hash checkpoints in recorded replays.
constexpr int kCheckpointEvery = 60;
/// Most frames a script or replay may run (about 4.6 hours of play); more is refused as a bad file.
constexpr std::int64_t kMaxRunFrames = 1000000;

/// A hash the state must have after `frame` steps.
struct Checkpoint {
    std::int64_t frame = 0;  ///< steps taken
    std::uint64_t hash = 0;  ///< expected Fight::hash()
    int line = 0;            ///< where it was written
};

/// A replay or a compiled script: what to run and what to check.
struct RunFile {
    std::string path;                 ///< file it came from
    bool isReplay = false;            ///< replay (true) or action script (false)
    MatchSetup setup;                 ///< match settings
    std::vector<FrameInput> inputs;   ///< per-frame input, frame 1 first
    std::vector<Checkpoint> checkpoints;     ///< replay hash checks (in frame order)
    std::vector<Expectation> expectations;   ///< script checks (in line order)
    std::int64_t frames = 0;          ///< frames to run (>= inputs.size(); covers every expectation window)
    int fightersLine = 0;             ///< line of the `fighters` record (0 = defaults were used)
    int healthLine = 0;               ///< line of the `health` record (0 = none)
    bool truncated = false;           ///< a replay with no `end` line (a crashed recording)
};

/// Parses a replay's text; on failure returns false and sets error to `FILE:LINE: what`.
bool parseReplay(const std::string& text, const std::string& fileName, RunFile& out, std::string& error);
/// Parses an action script's text (see script.cpp); same error convention.
bool parseScript(const std::string& text, const std::string& fileName, RunFile& out, std::string& error);
/// The first word of a text, skipping blank lines and '#' comments ("" when there is none).
std::string firstWordOf(const std::string& text);
/// Loads a replay (first word `fightreplay`) or an action script from a file; same error convention (an
/// unreadable file or a directory gives `PATH: is a directory` / `PATH: cannot open: REASON`).
bool loadRunFile(const std::string& path, RunFile& out, std::string& error);
/// Checks what a run names against the loaded fighters: start health within each fighter's full health, and every
/// member, move and anim named in an expectation exists. On failure sets error to `FILE:LINE: what`.
bool checkRunAgainstFighters(const RunFile& run, const FighterDef& p1, const FighterDef& p2, std::string& error);
/// The replay header text for a setup (ends with the `frames` line).
std::string replayHeader(const MatchSetup& setup);
/// One frame line ("P1 P2").
std::string replayFrameLine(const FrameInput& in);
/// Lower-case 16-digit hex of a hash.
std::string hashHex(std::uint64_t h);

/// Records a match to a file: header on open, one flushed line per frame, checkpoints every kCheckpointEvery frames.
class ReplayWriter {
public:
    /// Opens path and writes the header; check ok() afterwards.
    ReplayWriter(const std::string& path, const MatchSetup& setup);
    /// Writes the `end` line if finish() was not called.
    ~ReplayWriter();
    ReplayWriter(const ReplayWriter&) = delete;
    ReplayWriter& operator=(const ReplayWriter&) = delete;
    /// True when the file is open and every write so far succeeded.
    bool ok() const { return bool(out_); }
    /// Appends the input of the step just taken and, every kCheckpointEvery frames, the fight's hash after it.
    void frame(const FrameInput& in, const Fight& after);
    /// Writes the `end` line with the final hash and closes the file.
    void finish();

private:
    std::ofstream out_;
    std::int64_t frames_ = 0;
    std::uint64_t lastHash_ = 0;
    bool finished_ = false;
};

/// Result of running a RunFile headless.
struct RunResult {
    std::int64_t frames = 0;                 ///< steps taken
    std::uint64_t finalHash = 0;             ///< hash after the last step
    std::vector<std::uint64_t> hashes;       ///< hash after every step (when asked)
    std::vector<std::string> failures;       ///< `FILE:LINE: what` per failed expectation or checkpoint
    FightState finalState;                   ///< state at the end
    std::int64_t broadTests = 0;             ///< attack/projectile boxes tested against an agent root, whole run
    std::int64_t broadHits = 0;              ///< of those, root hits (the tree was searched)
    std::int64_t nodesVisited = 0;           ///< BVH nodes tested by those searches
    std::int64_t hits = 0;                   ///< hits and blocks resolved
};

/// Called after each frame of a run (not for the sync test's re-simulated frames): the frame number, its input
/// and the fight right after the step (events() are that step's events).
using FrameHook = std::function<void(std::int64_t frame, const FrameInput& in, const Fight& fight)>;

/// Runs a RunFile to the end. syncEvery > 0 also saves, restores and re-simulates every syncEvery frames and
/// reports any hash difference as a failure (GGPO-style sync test). keepHashes stores every frame's hash.
RunResult runFile(const RunFile& run, const FighterDef& p1, const FighterDef& p2, int syncEvery, bool keepHashes);
/// The same, calling onFrame after every frame (for event logs and recordings without a second run).
RunResult runFile(const RunFile& run, const FighterDef& p1, const FighterDef& p2, int syncEvery, bool keepHashes,
                  const FrameHook& onFrame);

/// Finds the data folder for a file: walks up from its folder looking for `fighters/` or `data/fighters/`.
std::string findDataDir(const std::string& filePath);

}  // namespace sim
