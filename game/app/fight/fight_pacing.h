#pragma once
// When the view steps the fight: every tick, one tick in four in slow motion, or only on the frame-step key while
// frozen; a super's start holds the fight still for a moment (the super flash) and a round's K.O. plays its next
// frames at a third of the speed. A press shorter than a step (a tap between two slow-motion steps, or while frozen) is carried to the next
// step, so no press is lost to the pacing; held buttons are read at the step itself. Presentation only: the rules
// see the same buttons they would see at full speed, one step per frame. Header-only and free of SFML, so the
// app tests check it without a window.
#include "game/sim/fight.h"

namespace app {

/// The view's pacing of a paced source.
class FramePacer {
public:
    static constexpr int kSlowFactor = 4;         ///< slow motion runs one step every kSlowFactor ticks
    static constexpr int kSuperFreezeTicks = 30;  ///< ticks a super's start holds both fighters still
    static constexpr int kKoSlowFactor = 3;       ///< the K.O. slow-down runs one step every kKoSlowFactor ticks
    static constexpr int kKoSlowSteps = 30;       ///< steps after a K.O. played slowed down

    /// A super started: the next kSuperFreezeTicks ticks step nothing (presses are carried on).
    void superFreeze() { holdTicks_ = kSuperFreezeTicks; }
    /// A round ended on a K.O.: the next kKoSlowSteps steps come one every kKoSlowFactor ticks.
    void koSlowdown() { koSteps_ = kKoSlowSteps; }
    /// Ticks the super freeze still holds (0: none).
    int superFreezeLeft() const { return holdTicks_; }
    /// True while the K.O. slow-down plays.
    bool koSlow() const { return koSteps_ > 0; }

    /// Freezes or unfreezes (the pause key).
    void toggleFrozen() { frozen_ = !frozen_; }
    /// Slow motion on or off.
    void toggleSlow() { slow_ = !slow_; }
    /// True while frozen.
    bool frozen() const { return frozen_; }
    /// True in slow motion.
    bool slow() const { return slow_; }
    /// Forgets carried presses, a super freeze and a K.O. slow-down (a restarted match).
    void clearCarried() {
        carried_ = {};
        holdTicks_ = 0;
        koSteps_ = 0;
    }

    /// One tick (`tick` counts ticks from 1): adds this tick's presses to the carried ones and, when this tick
    /// steps, writes the frame's buttons (held now or pressed since the last step) to out and returns true.
    bool next(long tick, const sim::FrameInput& held, const sim::FrameInput& pressed, bool stepKey,
              sim::FrameInput& out) {
        for (int p = 0; p < 2; ++p) carried_.buttons[p] |= pressed.buttons[p];
        if (frozen_) {
            if (!stepKey) return false;
        } else if (holdTicks_ > 0) {
            --holdTicks_;
            return false;
        } else if (slow_ ? tick % kSlowFactor != 0 : koSteps_ > 0 && tick % kKoSlowFactor != 0) {
            return false;
        }
        if (koSteps_ > 0) --koSteps_;
        for (int p = 0; p < 2; ++p) out.buttons[p] = std::uint16_t(held.buttons[p] | carried_.buttons[p]);
        carried_ = {};
        return true;
    }

private:
    bool frozen_ = false;
    bool slow_ = false;
    sim::FrameInput carried_;  // presses seen since the last step
    int holdTicks_ = 0;        // super freeze ticks left
    int koSteps_ = 0;          // K.O. slow-down steps left
};

}  // namespace app
