#pragma once
// The training room's tools, apart from the view that shows any fight: the hotkeys (dummy stance, guard and
// reversal modes, the reversal move, throw techs, counter hits, start positions), three recording slots that let
// P1's keys drive the dummy and then play one tape or a random one back, and what the training HUD reads (the frame meter, both players' input history, the combo
// readout on the dummy).
//
// Every change the hotkeys make is a change of the match setup (it is in the replay header), so a change is handed
// to the view as a new setup plus the banner that names it; the view restarts its source with it. The tools keep
// the tape and the position preset across those restarts and forget the rest.
#include "game/app/fight/fight_source.h"
#include "game/view/frame_meter.h"

#include <SFML/Graphics/Color.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace app {

struct Tick;

/// A training change: the setup to restart with and the banner that names it.
struct TrainingChange {
    sim::MatchSetup setup;  ///< the new setup (started where the fighters stand, or at a preset)
    std::string banner;     ///< "DUMMY: crouch", "POSITION: mid-screen", ...
    int ticks = 60;         ///< how long the banner stays
    sf::Color color;        ///< its colour
};

/// One row of an input display: buttons held for a number of frames.
struct InputRow {
    std::uint16_t buttons = 0;  ///< the rules' buttons (after SOCD cleaning)
    int frames = 0;             ///< frames they were held
};

/// Training's hotkeys, recording slot and HUD data.
class TrainingTools {
public:
    /// Applies a change (restarts the source with its setup); called at once, so a second hotkey in the same tick
    /// sees the first one's match.
    using Apply = std::function<void(const TrainingChange&)>;
    static constexpr int kHistoryRows = 14;  ///< input display rows kept per player

    /// Tools for a training match; `hotkeys`: the match is played here (a watched training script only shows the HUD).
    explicit TrainingTools(bool hotkeys) : hotkeys_(hotkeys) {}

    /// The hotkeys of one tick, for the match `src` shows; `b` names the keys in banners.
    void keys(const Tick& in, const FightSource& src, const Bindings& b, const Apply& apply);
    /// After each step: the meter, the input history and, while recording, the dummy's tape (a full tape switches
    /// to playback through apply).
    void afterStep(const FightSource& src, const Bindings& b, const Apply& apply);
    /// An event of the step just taken (the combo readout counts hits on P2).
    void onEvent(const sim::Event& e, const sim::Fight& fight);
    /// A new match began: forgets the meter, the input history and the combo (keeps the tape and the position).
    void clear();

    /// The frame meter.
    const FrameMeter& meter() const { return meter_; }
    /// Player p's input display rows, newest first.
    const std::vector<InputRow>& history(int p) const { return history_[p]; }
    /// Hits in P2's current or last combo.
    int comboHits() const { return lastCombo_; }
    /// That combo's damage.
    int comboDamage() const { return comboDamage_; }
    /// Frames on the tape of the recording slot in use.
    std::size_t tapeFrames() const { return tapes_[recordSlot_ - 1].size(); }
    /// Frames on recording slot n (1..sim::kTapeSlots).
    std::size_t tapeFrames(int n) const { return tapes_[n - 1].size(); }
    /// The slot the next recording goes to (1..sim::kTapeSlots) and the one playback plays (0 = a random filled one).
    int recordSlot() const { return recordSlot_; }
    int playSlot() const { return playSlot_; }
    /// Chooses the slot the next recording fills (wraps; nothing restarts).
    void chooseRecordSlot(int n) { recordSlot_ = (n - 1 + 3 * sim::kTapeSlots) % sim::kTapeSlots + 1; }
    /// Chooses what playback plays: slot 1..kTapeSlots or 0 = random (wraps; nothing restarts).
    void choosePlaySlot(int n) { playSlot_ = (n + 3 * (sim::kTapeSlots + 1)) % (sim::kTapeSlots + 1); }

    /// The change to dummy behaviour d, started where the fighters stand.
    TrainingChange dummyChange(const FightSource& src, sim::DummyMode d) const;
    /// Recording: the first call lets P1's keys drive the dummy, the next plays the tape back in a loop.
    TrainingChange recordingChange(const FightSource& src, const Bindings& b);
    /// Plays the recordings again in a loop, from the chosen play slot (nothing new recorded).
    TrainingChange playbackChange(const FightSource& src) const;
    /// The dummy's reversal move (`move` of the dummy's fighter, "" = none), started where the fighters stand.
    TrainingChange reversalChange(const FightSource& src, const std::string& move) const;
    /// Whether the dummy breaks throws, started where the fighters stand.
    TrainingChange techChange(const FightSource& src, sim::DummyTech tech) const;
    /// The next start position preset (F7).
    TrainingChange positionChange(const FightSource& src);
    /// Start position preset `index` (0..positions()-1).
    TrainingChange positionChangeTo(const FightSource& src, int index);
    /// The counter-hit rule `rule`, started where the fighters stand.
    TrainingChange counterChange(const FightSource& src, sim::CounterHits rule) const;
    /// The start position preset in use, how many there are and the name of one.
    int position() const { return position_; }
    static int positions();
    static const char* positionName(int index);

private:
    void recordInput(int p, std::uint16_t buttons);

    bool hotkeys_;
    FrameMeter meter_;
    std::vector<InputRow> history_[2];
    int position_ = 0;                                   // the start position preset in use
    std::vector<std::uint16_t> tapes_[sim::kTapeSlots];  // the dummy's recordings (relative directions)
    int recordSlot_ = 1;                                 // the slot F8 records into
    int playSlot_ = 1;                                   // what playback plays: a slot, or 0 = a random filled one
    int lastCombo_ = 0;
    int comboDamage_ = 0;
};

}  // namespace app
