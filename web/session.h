#pragma once
// One replay or action script opened in the web viewer: loaded with the game's own loaders (so a bad file gets the
// same `FILE:LINE: what` as game_headless), run to the end by the game's own ReplayPlayer (so the final hash,
// results and failed expectations are the native runner's), a few frames at a time so the page never stalls, and
// then shown at any frame by restoring the nearest saved state and stepping forward.
//
// Why the files go through a file system: the loaders take paths and say the path in their messages. The page
// writes the opened file as NAME in the current folder and the fighters as data/fighters/ID.fighter (Emscripten's
// in-memory file system), so the loaders, their limits and their messages are the native ones, unchanged.
#include "game/io/player.h"
#include "game/view/draw_list.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace web {

/// One event of the run, with where both fighters stood (as `game_headless --events` prints it).
struct EventRecord {
    std::int64_t frame = 0;  ///< frame it happened on
    sim::Event event;        ///< what happened
    int x[2] = {0, 0};       ///< both fighters' x after the step
    std::string anim[2];     ///< both fighters' animation after the step
};

/// A viewer session: open, load fighters, run in slices, then look at any frame.
class Session {
public:
    /// Frames between saved states at first; the spacing doubles whenever more than kMaxSnapshots are kept, so a
    /// run of any length holds a bounded number of states and seeking steps at most snapshotEvery() frames.
    static constexpr int kSnapshotEvery = 30;
    /// Most saved states kept (each is one FightState, about 6 KB).
    static constexpr std::size_t kMaxSnapshots = 2048;

    /// Loads a replay or script from path (any earlier session is dropped); false with error() on a bad file.
    bool open(const std::string& path);
    /// The fighter ids the opened file names (valid after open).
    const std::string& fighter(int p) const { return run_.setup.fighter[p]; }
    /// Loads both fighters from dataDir and checks the file against them; false with error() on failure.
    bool loadFighters(const std::string& dataDir);
    /// Runs up to maxFrames more frames; true once the whole run is done.
    bool runSlice(int maxFrames);
    /// True once the whole run is done.
    bool done() const { return player_ != nullptr && player_->done(); }
    /// The last error as `FILE:LINE: what`.
    const std::string& error() const { return error_; }
    /// Frames the run takes (known after open).
    std::int64_t totalFrames() const { return run_.frames; }
    /// Frames run so far.
    std::int64_t framesRun() const { return player_ ? player_->frame() : 0; }

    /// The result as JSON: frames, final hash, rounds, winner, health, checks, failures.
    std::string resultJson() const;
    /// Every event as JSON rows [frame, type, victim, attacker, move, member, damage, counter, x1, anim1, x2, anim2].
    std::string eventsJson() const;
    /// The frame meter as two strings of digits (app::FrameKind per frame, '9' = not counted), frame 1 first.
    std::string meterJson() const;
    /// Hash after `frame` steps as 16 hex digits (frame 0: the starting state).
    std::string hashAt(std::int64_t frame) const;
    /// FNV-1a (64-bit) over the lines "HASH\n" of frames 1..framesRun() as 16 hex digits: one number that changes
    /// when any frame's hash does (the same lines `game_headless --print-hashes` prints, without "frame N ").
    std::string hashDigest() const;
    /// Frames between the saved states kept now.
    std::int64_t snapshotEvery() const { return every_; }

    /// Shows `frame` (clamped to what has been run): restores the nearest saved state and steps forward.
    void seek(std::int64_t frame);
    /// The frame shown.
    std::int64_t shownFrame() const { return shown_; }
    /// The picture of the shown frame as JSON shapes (see draw_list.h), for a canvas of the view's size.
    std::string shapesJson(const view::View& v, bool overlay) const;
    /// The input history up to the shown frame, as the game's training page lists it: per player the latest `rows`
    /// runs of identical file input, newest first, as JSON [[[letters, frames], ...], [...]] (at most 3,600
    /// frames back, so a long held button costs bounded time).
    std::string inputHistoryJson(int rows) const;
    /// The shown frame's state for the page: health, timer, round, wins, both players' held buttons and moves.
    std::string stateJson() const;

private:
    void record();
    void thinSnapshots();

    sim::RunFile run_;
    sim::FighterDef defs_[2];
    std::unique_ptr<sim::ReplayPlayer> player_;
    std::string error_;
    std::vector<sim::FightState> snapshots_;  // state after k * every_ frames
    std::int64_t every_ = kSnapshotEvery;
    std::vector<std::uint64_t> hashes_;  // hash after each frame, [0] = the starting state
    std::vector<EventRecord> events_;
    std::string meter_[2];
    std::unique_ptr<sim::Fight> shownFight_;  // the frame on screen
    sim::StepStats lastQuery_;                // the latest step on screen that tested anything
    std::int64_t shown_ = 0;
    int prevHitstop_ = 0;
};

}  // namespace web
