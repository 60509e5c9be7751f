#pragma once
// A set of lessons (the tutorial's, or a fighter's combo trials) played in order and graded live, without a window
// or files: the window's TutorialSource and the web page both play lessons through it, so both follow and grade the
// player the same way.
//
// Each lesson is an action script. Its `p2` lines are the opponent's part and run as written; its `p1` lines are the
// answer (what the headless test plays), and live the player's buttons take their place. The lesson's `expect` lines
// are graded by the one replay player (io::ReplayPlayer::stepWith), its `say` lines are the instructions on screen
// and its `title` its name. A lesson is passed when every expectation is met (it may end early) and failed at the
// first missed one; a failed lesson starts again, a passed one gives way to the next. The lesson follows the player:
// once every goal of the instruction on screen is met, the script's clock skips to the next `say` (the opponent's
// waiting is dropped), so a quick player never waits and each goal's window still starts when its instruction
// appears. An instruction whose answer starts at once (a stance: hold back, crouch) waits for the player: the
// opponent stands and the script's clock stays until player 1 first presses anything, so a slow reader meets the
// opponent's part as a quick one does. A tech goal also counts as met when the player throws the opponent first (a
// throw beats a throw too), and the note says so.
#include "game/io/player.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace app {

/// The words a set of lessons uses on screen: the tutorial's, or the combo trials'.
struct LessonWords {
    std::string label = "TUTORIAL";              ///< the HUD's title: "TUTORIAL 3/8: Dash"
    std::string passed = "LESSON COMPLETE";      ///< the banner of a passed lesson
    std::string finished = "TUTORIAL COMPLETE";  ///< the banner of the last one passed
};

/// The messages shown when a tech goal is met by throwing the opponent first, or by throwing on the same frame.
extern const char* const kThrewFirstNote;
extern const char* const kBothThrewNote;

/// The lessons played in order, graded live.
class LessonPlay {
public:
    /// Where the current lesson stands.
    enum class Phase { Playing, Passed, Failed, Finished };
    /// Ticks a lesson's result stays up before the next lesson (or the retry) starts.
    static constexpr int kResultTicks = 150;
    /// Finds a fighter by id (the lessons' fighters must all be found, and outlive the LessonPlay).
    using FighterLookup = std::function<const sim::FighterDef*(const std::string& id)>;
    /// What one tick did: the fight to show (nullptr: nothing stepped), and whether a lesson started again.
    struct Step {
        const sim::Fight* fight = nullptr;
        bool restarted = false;
    };

    /// Plays `lessons` (not empty) from lesson `first` with the fighters `find` gives.
    LessonPlay(FighterLookup find, std::vector<sim::RunFile> lessons, int first = 0, LessonWords words = {});
    /// Called with each lesson as it is passed (the combo trials save their progress there).
    void onPassed(std::function<void(const sim::RunFile&)> f) { onPassed_ = std::move(f); }

    /// One 60 Hz tick with player 1's buttons (nullptr: the fight is paused; nothing happens).
    Step tick(const std::uint16_t* p1);
    /// The current lesson from its first frame.
    void restart() { start(index_); }
    /// The next lesson from its first frame; false (nothing changes) at the last one.
    bool skipLesson();

    const sim::Fight& fight() const { return player_->fight(); }
    const sim::RunFile& run() const { return lessons_[std::size_t(index_)]; }
    const sim::FighterDef& fighter(int p) const { return *defs_[p]; }
    /// "TUTORIAL 3/8: Dash".
    std::string title() const;
    /// The lesson being played (0-based) and how many there are.
    int lesson() const { return index_; }
    int lessons() const { return int(lessons_.size()); }
    Phase phase() const { return phase_; }
    /// The instruction in force now ("" before the first `say`); once the lesson failed, the missed one (the
    /// script's clock has passed it by then, and the panel should not show the next one under "NOT YET").
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
    /// Waiting for the player, and the opponent has a part under this instruction (the panel then says so).
    bool opponentWaits() const { return waitingForPlayer() && opponentActs(waitingSay()); }
    /// Off: the opponent keeps the script's clock whatever the player does (the measurement's earlier version).
    void setOpponentWaits(bool on) { opponentWaits_ = on; }
    /// True when goal i is met by the script's own check (the panel's filled dot).
    bool checked(std::size_t i) const { return player_->met(i); }
    /// True when goal i is met (by the script's check, or another way the lessons accept).
    bool goalMet(std::size_t i) const;
    /// Goals met so far and in all.
    int goalsMet() const;
    int goals() const { return int(run().expectations.size()); }
    /// The result banner's head ("NOT YET", the words' passed or finished) and its line under it ("" while playing).
    std::string resultHead() const;
    std::string resultLine() const;

private:
    void start(int index);
    std::string captionAt(std::int64_t frame) const;
    void followPlayer();
    int waitingSay() const;
    bool opponentActs(int say) const;
    /// Whether the player's keys this tick start instruction `say`, which waits for them.
    bool startsInstruction(int say, std::uint16_t keys);
    void creditThrowFirst();
    const io::RunFailure* firstFailure() const;
    void grade();

    FighterLookup find_;
    std::vector<sim::RunFile> lessons_;
    int index_ = 0;
    const sim::FighterDef* defs_[2] = {nullptr, nullptr};
    std::unique_ptr<sim::ReplayPlayer> player_;
    Phase phase_ = Phase::Playing;
    int resultTicks_ = 0;
    std::string missed_;
    bool missedSay_ = false;       // missed_ is the missed goal's instruction (the panel goes on showing it)
    std::vector<char> started_;    // per instruction: the player has started it (the opponent waits no more)
    int heldFor_ = -1;             // the waiting instruction heldAtSay_ belongs to
    std::uint16_t heldAtSay_ = 0;  // keys held as it appeared (0 once let go)
    bool opponentWaits_ = true;
    std::vector<char> otherwise_;  // per expectation: met another way the lessons accept
    std::string note_;
    LessonWords words_;
    std::function<void(const sim::RunFile&)> onPassed_;
};

}  // namespace app
