#pragma once
// The one view of a fight. Whatever a FightSource supplies (a match played here, a replay, an online match), this
// screen draws it the same way: stage, fighters, fireballs, the hitbox overlay, the HUD, effects and banners, the
// status line and the alarms. For a paced source it also owns the presentation of time (freeze, frame step, slow
// motion) and the menus over the fight (pause, match over); in training it hosts the training tools and their
// panel. Only the buttons a source is handed flow from keys into the rules.
#include "game/app/fight/fight_effects.h"
#include "game/app/fight/fight_hints.h"
#include "game/app/fight/fight_pacing.h"
#include "game/app/fight/fight_source.h"
#include "game/app/screen.h"
#include "game/app/training/training.h"
#include "game/io/run_file.h"
#include "game/view/rig_draw.h"

#include <memory>
#include <string>
#include <vector>

namespace app {

/// A fight on screen, fed by a source.
class FightScreen : public Screen {
public:
    /// Shows `source`'s fight; in training mode with the training tools (their hotkeys when the source takes setups).
    FightScreen(Context& ctx, std::unique_ptr<FightSource> source);
    /// Finishes the source's recording and says a failure to write it.
    ~FightScreen() override;

    /// Handles the view's keys and, for a paced source, the pacing and menus; then lets the source advance.
    void tick(const Tick& in) override;
    /// Draws stage, fighters, fireballs, overlay, effects, HUD and the source's own additions.
    void draw(sf::RenderTarget& target) override;
    /// Restarts the match from round 1 (a live match starts a new replay file).
    void resetMatch();
    /// A lesson: goes on to the next one (nothing at the last).
    void skipLesson();
    /// Where the fight on screen comes from (the pause menu's bug report reads its inputs, its move list its fighters).
    const FightSource& source() const { return *source_; }
    FightSource& source() { return *source_; }
    /// Makes this match a stage of an arcade run: at match over the arcade's panel opens instead of the menu.
    void setArcade(std::shared_ptr<ArcadeLadder> run) { arcade_ = std::move(run); }
    /// True when this view plays a recording (a replay or script), not a match.
    bool watching() const { return source_->paced() && !source_->offersRematch(); }
    /// True when the source records only on request (training).
    bool recordsOnRequest() const { return source_->recordsOnRequest(); }
    /// True while a replay is being recorded.
    bool recording() const { return source_->recording(); }
    /// Starts (restarting the match where it stands) or stops a recording made on request.
    void setRecording(bool on);
    /// The training tools (training mode only, else nullptr): the pause menu's training page reads and sets them.
    TrainingTools* trainingTools() const { return training_.get(); }
    /// Restarts the source with a training change and shows its banner (what a training hotkey does).
    void applyTrainingChange(const TrainingChange& c) { applyTraining(c); }

private:
    void resetPresentation();
    /// Says a failed write of the recording (reportWriteFailure), if the source had one.
    void sayWriteFailure(bool closing);
    void applyTraining(const TrainingChange& c);
    void handleViewKeys(const Tick& in);
    void handlePacedKeys(const Tick& in);
    /// True when freeze, frame step, slow motion and reset act here (practiceKeysAct: not in a match).
    bool practiceKeys() const { return practiceKeysAct(source_->setup().mode, source_->offersRematch()); }
    void afterStep(const sim::Fight& stepped);
    /// A super started in the frame just stepped: the flash, and (paced, not a fixed-length run) the freeze.
    void noticeSupers(const sim::Fight& stepped);
    /// Darkens the stage behind the fighters while a super flashes; `front` draws the flash over its fighter.
    void drawSuperFlash(sf::RenderTarget& t, const StageView& v, bool front) const;

    void drawHud(sf::RenderTarget& t);
    void drawHealth(sf::RenderTarget& t, int p);
    /// The counters panel's lines (--names, F2): this step's counters and the source's own.
    std::vector<std::string> counterLines() const;
    /// The counters panel's place on this screen (a match, training, a lesson).
    CountersPlace countersPlace() const;
    void drawCounters(sf::RenderTarget& t, const StageView& v, const std::vector<std::string>& lines);
    void drawStatus(sf::RenderTarget& t);
    void drawNotice(sf::RenderTarget& t);

    Context& ctx_;
    std::unique_ptr<FightSource> source_;
    std::unique_ptr<TrainingTools> training_;  // training mode only
    FightEffects effects_;
    FramePacer pacer_;
    OverlayOptions overlay_;
    sim::StepStats lastQuery_;         // the latest step that tested anything (kept through hitstop)
    std::int64_t lastQueryFrame_ = 0;  // the frame it was taken
    long ticks_ = 0;
    int stage_ = 0;  // the stage it is drawn on: Context::stage when it opened
    int matchOverTicks_ = 0;
    bool menuOpened_ = false;               // the match-over menu was opened for this match
    std::shared_ptr<ArcadeLadder> arcade_;  // the arcade run this match is a stage of, or none
    view::SecondaryMotion motion_[2];       // each player's drawn-only spring chains (never in the simulation)
    int lastAnim_[2] = {-1, -1};            // each fighter's anim at the last step (a super's start is a change)
    int superFlash_ = 0;                    // ticks the super flash is still up
    int superPlayer_ = -1;                  // whose super flashes
};

/// Makes a live fight for a setup; nullptr (with the error printed and ctx.quit set) when a fighter is unknown.
std::unique_ptr<Screen> makeFight(Context& ctx, const sim::MatchSetup& setup);
/// Watches a replay or action script whose fighters the app has loaded.
std::unique_ptr<Screen> makeReplayFight(Context& ctx, const sim::RunFile& run);

}  // namespace app
