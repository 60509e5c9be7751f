#pragma once
// The tutorial: the lessons in DATA/tutorial/*.fscript (file-name order), each an action script. Its `p2` lines are
// the opponent's part and run as written; its `p1` lines are the answer (what the headless test plays), and in the
// window player 1's keys take their place. The lesson's `expect` lines are graded live by the one replay player
// (io::ReplayPlayer::stepWith), its `say` lines are the instructions on screen and its `title` its name. A lesson
// is passed when every expectation is met (it may end early) and failed at the first missed one; a failed lesson
// starts again, a passed one gives way to the next. The lesson follows the player: once every goal of the
// instruction on screen is met, the script's clock skips to the next `say` (the opponent's waiting is dropped), so
// a quick player never waits and each goal's window still starts when its instruction appears. Lessons have no
// round timer. An instruction whose answer starts at once (a stance: hold back, crouch) waits for the player: the
// opponent stands and the script's clock stays until player 1 first presses anything, so a slow reader meets the
// opponent's part as a quick one does. A tech goal also counts as met when the player throws the opponent first (a throw beats a throw
// too), and the panel says so.
#include "game/app/fight/fight_source.h"
#include "game/io/player.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace app {

/// Reads every DIR/*.fscript in file-name order as lessons (action scripts, no round timer); false with the first
/// error (FILE:LINE: what), or when the folder has none.
bool loadLessonFolder(const std::string& dir, std::vector<sim::RunFile>& out, io::Error& error);
/// Reads every DATA/tutorial/*.fscript in file-name order; false with the first error (FILE:LINE: what).
bool loadLessons(const std::string& dataDir, std::vector<sim::RunFile>& out, io::Error& error);
/// True when every lesson's fighters are loaded in ctx and its checks name their members and moves; else false
/// with the first problem.
bool checkLessons(const Context& ctx, const std::vector<sim::RunFile>& lessons, io::Error& error);

/// The words a set of lessons uses on screen: the tutorial's, or the combo trials'.
struct LessonWords {
    std::string label = "TUTORIAL";               ///< the HUD's title: "TUTORIAL 3/8: Dash"
    std::string passed = "LESSON COMPLETE";       ///< the banner of a passed lesson
    std::string finished = "TUTORIAL COMPLETE";   ///< the banner of the last one passed
};

/// The lessons played in order, graded live.
class TutorialSource : public FightSource {
public:
    /// Where the current lesson stands.
    enum class Phase { Playing, Passed, Failed, Finished };
    /// Ticks a lesson's result stays up before the next lesson (or the retry) starts.
    static constexpr int kResultTicks = 150;

    /// Plays `lessons` from lesson `first` with the fighters they name (looked up in ctx; they must outlive it).
    TutorialSource(const Context& ctx, std::vector<sim::RunFile> lessons, int first = 0, LessonWords words = {});
    /// Called with each lesson as it is passed (the combo trials save their progress there).
    void onPassed(std::function<void(const sim::RunFile&)> f) { onPassed_ = std::move(f); }

    const sim::Fight& fight() const override { return player_->fight(); }
    const sim::MatchSetup& setup() const override { return lessons_[std::size_t(index_)].setup; }
    const sim::FighterDef& fighter(int p) const override { return *defs_[p]; }
    Advance tick(const Tick& in, const sim::FrameInput* keys) override;
    /// The current lesson from its first frame.
    void restart() override;
    /// "TUTORIAL 3/8: Dash".
    std::string title() const override;
    /// The instruction, the goals, player 1's direction keys and the lesson's result, over the HUD.
    void drawOver(sf::RenderTarget& t, const Context& ctx) const override;
    bool isLesson() const override { return true; }
    /// Remembers the higher fighter's top: the panel moves to the bottom while a fighter is up in its band.
    void seeFighters(float topY) override { fighterTop_ = topY; }
    /// The pixel row of the instruction panel's top for a picture `height` high (under the HUD, or near the bottom
    /// while a fighter reaches into the top band).
    float panelTop(float height) const;
    /// The next lesson from its first frame; false (nothing changes) at the last one.
    bool skipLesson() override;

    /// The lesson being played (0-based) and how many there are.
    int lesson() const { return index_; }
    int lessons() const { return int(lessons_.size()); }
    /// Where the lesson stands.
    Phase phase() const { return phase_; }
    /// The instruction in force now ("" before the first `say`).
    std::string caption() const;
    /// Why the lesson failed: the instruction of the missed goal (or the failure's text when it has none).
    const std::string& missed() const { return missed_; }
    /// The script's clock: frames of the lesson's script played or skipped (the answer's frame for player 1).
    std::int64_t scriptFrame() const { return player_->frame(); }
    /// The line explaining a goal met another way ("You threw him first ..."), or "".
    const std::string& note() const { return note_; }
    /// The opponent waits for the player: the instruction on screen starts with the player's part and the player
    /// has pressed nothing since it appeared (the script's clock stands still meanwhile).
    bool waitingForPlayer() const { return waitingSay() >= 0; }
    /// Off: the opponent keeps the script's clock whatever the player does (the measurement's earlier version).
    void setOpponentWaits(bool on) { opponentWaits_ = on; }
    /// True when goal i is met (by the script's check, or another way the tutorial accepts).
    bool goalMet(std::size_t i) const;
    /// Goals met so far and in all.
    int goalsMet() const;
    int goals() const { return int(run().expectations.size()); }

private:
    const sim::RunFile& run() const { return lessons_[std::size_t(index_)]; }
    void start(int index);
    std::string captionAt(std::int64_t frame) const;
    void followPlayer();
    int waitingSay() const;
    /// True when the opponent has inputs under instruction `say` (the panel then says it waits for the player).
    bool opponentActs(int say) const;
    void creditThrowFirst();
    const io::RunFailure* firstFailure() const;
    bool allGoalsMet() const { return goalsMet() == goals(); }

    const Context& ctx_;
    std::vector<sim::RunFile> lessons_;
    int index_ = 0;
    const sim::FighterDef* defs_[2] = {nullptr, nullptr};
    std::unique_ptr<sim::ReplayPlayer> player_;
    Phase phase_ = Phase::Playing;
    int resultTicks_ = 0;
    std::string missed_;
    std::vector<char> started_;    // per instruction: the player has started it (the opponent waits no more)
    bool opponentWaits_ = true;
    std::vector<char> otherwise_;  // per expectation: met another way the tutorial accepts
    std::string note_;
    float fighterTop_ = 1e9f;
    LessonWords words_;
    std::function<void(const sim::RunFile&)> onPassed_;
};

/// The messages shown when a tech goal is met by throwing the opponent first, or by throwing on the same frame.
extern const char* const kThrewFirstNote;
extern const char* const kBothThrewNote;

}  // namespace app
