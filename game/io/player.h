#pragma once
// The one replay player: steps a RunFile (replay or compiled script) one frame at a time and checks, after each
// frame, the expectations and hash checkpoints that fall on it, plus an optional GGPO-style sync test (save,
// restore, re-simulate, compare hashes). The headless runner calls run() to the end; the window's replay screen
// calls step() once per tick and draws the fight in between, so both report the same failures, typed
// (io::RunFailure) so the window tells a desync from a failed expectation by its kind.
//
// Checks are indexed by frame when the player is built (state checks and window ends by their frame, event
// windows opened and closed by frame), so a step costs the checks that fall on it, not a scan of every line.
#include "game/io/run_failure.h"
#include "game/io/run_file.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sim {

/// Result of running a RunFile.
struct RunResult {
    std::int64_t frames = 0;               ///< steps taken
    std::uint64_t finalHash = 0;           ///< hash after the last step
    std::vector<std::uint64_t> hashes;     ///< hash after every step (when asked)
    std::vector<io::RunFailure> failures;  ///< every failed expectation, checkpoint and sync test, in order
    FightState finalState;                 ///< state at the end
    std::int64_t broadTests = 0;           ///< attack/projectile boxes tested against an agent root, whole run
    std::int64_t broadHits = 0;            ///< of those, root hits (the tree was searched)
    std::int64_t nodesVisited = 0;         ///< BVH nodes tested by those searches
    std::int64_t hits = 0;                 ///< hits and blocks resolved
};

/// Checks a state expectation against the fight now; on failure, fills why with the actual value.
bool checkState(const Expectation& e, const Fight& fight, std::string& why);
/// True when the event matches an event expectation (kind, players, member, move).
bool eventMatches(const Expectation& e, const Event& ev);

/// Steps a run frame by frame with its checks.
class ReplayPlayer {
public:
    /// Prepares run (which must outlive the player) with the two fighters. syncEvery > 0 adds the sync test every
    /// syncEvery frames; keepHashes stores every frame's hash in the result.
    ReplayPlayer(const RunFile& run, const FighterDef& p1, const FighterDef& p2, int syncEvery = 0,
                 bool keepHashes = false);
    /// True when every frame of the run has been stepped.
    bool done() const { return frame_ >= run_.frames; }
    /// Steps one frame (no-op when done) and checks what falls on it.
    void step();
    /// Steps one frame as step() does, but player 1 holds `p1` instead of the run's input for that frame (a
    /// tutorial lesson: the player's keys on one side, the script's opponent on the other, the same checks).
    void stepWith(std::uint16_t p1);
    /// Moves the script's clock on to `frame` without stepping the fight (a tutorial lesson whose goals are met
    /// early skips what the script gave the player to reach them). The skipped frames' inputs are dropped; their
    /// checks run once, on the fight as it is (no event is seen twice); an unmet window ending there fails as it
    /// would have. No-op when frame is not ahead.
    void skipTo(std::int64_t frame);
    /// Steps the fight one frame with both players neutral, leaving the script's clock where it is (a lesson's
    /// opponent waiting for the player to start): no input of the script is used and no check runs.
    void idle();
    /// True when expectation i (an index into the run's expectations) is met: its event happened, or its windowed
    /// state held, or its state check passed on its frame. A `no` event is met once its window closed clean.
    bool met(std::size_t i) const { return i < met_.size() && met_[i] != 0; }
    /// True when every expectation is met (a lesson may end before its last scripted frame).
    bool allMet() const { return metCount_ == met_.size(); }
    /// Steps to the end, calling onFrame(frame, input, fight) after each frame.
    void run(const std::function<void(std::int64_t, const FrameInput&, const Fight&)>& onFrame = {});
    /// Frames stepped so far.
    std::int64_t frame() const { return frame_; }
    /// The input of the last frame stepped.
    const FrameInput& lastInput() const { return lastInput_; }
    /// The fight as it is now.
    const Fight& fight() const { return fight_; }
    /// Failures so far, typed (kind, file, line, frame).
    const std::vector<io::RunFailure>& failures() const { return result_.failures; }
    /// The result so far (frames, hashes, counters, final state: complete once done()).
    RunResult result() const;

private:
    void checkFrame(bool withEvents = true);
    /// Failures found at this frame: (expectation, message), reported in line order.
    using DueFailures = std::vector<std::pair<int, std::string>>;
    void openExpectations(DueFailures& due, const std::string& at);
    void watchOpen(DueFailures& due, const std::string& at, bool withEvents);
    void closeExpectations(DueFailures& due);
    void checkCheckpoints(const std::string& at);
    void syncTest(std::uint64_t hash);
    void fail(io::FailureKind kind, int line, const std::string& what);
    void failSync(std::int64_t frame, const std::string& what);
    FrameInput inputAt(std::int64_t frame) const;
    void stepInput(const FrameInput& in);
    void setMet(int i);

    const RunFile& run_;
    Fight fight_;
    int syncEvery_ = 0;
    bool keepHashes_ = false;
    std::int64_t frame_ = 0;
    FrameInput lastInput_;
    RunResult result_;
    std::vector<int> byFirst_;  // expectation indices by first frame (state checks and event windows)
    std::vector<int> byLast_;   // event expectation indices by last frame (window ends)
    std::size_t nextFirst_ = 0, nextLast_ = 0, nextCheckpoint_ = 0;
    std::vector<int> open_;        // event windows open now, in line order
    std::vector<char> seen_;       // per expectation: its event happened
    std::vector<char> closed_;     // per expectation: its event window has ended
    std::vector<int> openStates_;  // windowed state checks open now and not yet true
    std::vector<char> met_;        // per expectation: met (see met())
    std::size_t metCount_ = 0;
    FightState snapshot_;  // sync test: state at the last snapshot
    std::int64_t snapshotFrame_ = 0;
    std::vector<std::uint64_t> window_;  // sync test: hashes since the snapshot
};

/// Runs a RunFile to the end (a ReplayPlayer's run()), calling onFrame after every frame when given.
RunResult runFile(const RunFile& run, const FighterDef& p1, const FighterDef& p2, int syncEvery, bool keepHashes,
                  const std::function<void(std::int64_t, const FrameInput&, const Fight&)>& onFrame = {});

}  // namespace sim
