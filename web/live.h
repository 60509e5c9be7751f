#pragma once
// A match played in the page: the page's keys (or gamepads) give player 1's buttons each 60 Hz step, the rules
// drive the CPU, and every step is recorded by the game's own ReplayWriter into Emscripten's in-memory file system,
// so the page can hand the player a `.freplay` that `game_headless --replay` plays to the same final hash. What is
// drawn (the camera, the round banners, the events that make sounds) is derived from the fight as the game's
// window derives it (game/view: camera, live_rules, round_calls), never fed back into the rules.
#include "game/io/replay_writer.h"
#include "game/view/camera.h"
#include "game/view/draw_list.h"
#include "game/view/frame_meter.h"
#include "game/view/lesson.h"
#include "game/view/round_calls.h"

#include <deque>
#include <map>
#include <memory>
#include <string>

namespace web {

/// The shapes of a picture as the page's JSON rows [kind, role, player, depth, additive, fill, line, thickness,
/// [x, y, ...]] (colours packed as 0xRRGGBBAA).
std::string shapesJson(const view::DrawList& list);

/// A JSON string literal (control bytes escaped).
std::string jsonString(const std::string& s);

/// One live match in the page.
class LiveMatch {
public:
    /// Starts `setup` with the fighters of dataDir/fighters (the window's live rules applied by the caller) and
    /// records it to recordPath; false with error() when a fighter does not load or the file cannot be written.
    bool start(const sim::MatchSetup& setup, const std::string& dataDir, const std::string& recordPath);
    /// Starts the lessons dataDir/NAME for each of `names` (one a line, played in that order; the tutorial's, or a
    /// fighter's combo trials under `words`), graded live as the window grades them (app::LessonPlay), not
    /// recorded, from lesson `first` (0-based, clamped to the list, as the window's page starts from its cursor);
    /// false with error() when a lesson or its fighters do not load.
    bool startLessons(const std::string& dataDir, const std::string& names, const app::LessonWords& words,
                      int first = 0);
    /// The lesson being played (nullptr in a match).
    const app::LessonPlay* lesson() const { return lesson_.get(); }
    /// Moves a lesson on: +1 the next one, 0 the current one again.
    void lessonGo(int delta);
    /// One 60 Hz step with both players' buttons (a CPU's side is ignored by the rules), recorded; in a lesson,
    /// player 1's buttons take the answer's place.
    void step(std::uint16_t p1, std::uint16_t p2);
    /// Finishes the recording (its `end` line, then into place); "" or why it failed.
    std::string finish();
    /// Training's recording slots (1..sim::kTapeSlots), as the window's F8: the first call restarts where the
    /// fighters stand with player 1's keys driving the dummy, each frame it plays kept in `slot`; the next call (or a
    /// full tape) restarts with the dummy playing that slot back in a loop. Each restart starts a new recording.
    void recordSlot(int slot);
    /// Frames recorded in slot n (1..sim::kTapeSlots).
    int tapeFrames(int n) const { return n >= 1 && n <= sim::kTapeSlots ? int(tapes_[n - 1].size()) : 0; }
    /// The last error.
    const std::string& error() const { return error_; }
    /// True once a match is running.
    bool running() const { return fight() != nullptr; }
    /// The state for the page's HUD and sounds as JSON: frame, hash, round, timer, wins, health, meter, the intro
    /// or round-end banner, the last step's events, the fireballs alive and training's frame meter (the game's:
    /// one digit per frame, app::FrameKind, per player; the advantage once an exchange has ended).
    std::string stateJson() const;
    /// The picture for a canvas of width x height on `stage`, through the game's camera.
    std::string shapesJson(int width, int height, int stage, bool overlay) const;

private:
    void advanceBanner();
    void restartWith(sim::MatchSetup setup);
    void afterStep(const sim::Fight& fight);
    const sim::Fight* fight() const { return lesson_ ? &lesson_->fight() : fight_.get(); }
    const sim::FighterDef& def(int p) const { return lesson_ ? lesson_->fighter(p) : defs_[p]; }
    const sim::MatchSetup& setup() const { return lesson_ ? lesson_->run().setup : setup_; }
    std::string lessonJson() const;

    sim::MatchSetup setup_;
    sim::FighterDef defs_[2];
    std::unique_ptr<sim::Fight> fight_;
    std::unique_ptr<sim::ReplayWriter> writer_;
    std::string error_;
    view::Camera camera_;
    sim::StepStats lastQuery_;
    std::deque<app::RoundCall> calls_;  // round-end calls waiting for the one on screen
    app::RoundCall banner_;             // the call on screen (ticks: frames left)
    int koVictim_ = -1;
    app::FrameMeter meter_;
    std::map<std::string, sim::FighterDef> lessonDefs_;  // the lessons' fighters by id
    std::unique_ptr<app::LessonPlay> lesson_;
    std::string recordPath_;
    std::vector<std::uint16_t> tapes_[sim::kTapeSlots];  // the dummy's recordings (relative to its facing)
    int recordingSlot_ = 1;
};

}  // namespace web
