#pragma once
// When the view steps the fight: every tick, one tick in four in slow motion, or only on the frame-step key while
// frozen. A press shorter than a step (a tap between two slow-motion steps, or while frozen) is carried to the next
// step, so no press is lost to the pacing; held buttons are read at the step itself. Presentation only: the rules
// see the same buttons they would see at full speed, one step per frame. Header-only and free of SFML, so the
// app tests check it without a window.
#include "game/sim/fight.h"

namespace app {

/// The view's pacing of a paced source.
class FramePacer {
public:
    static constexpr int kSlowFactor = 4;  ///< slow motion runs one step every kSlowFactor ticks

    /// Freezes or unfreezes (the pause key).
    void toggleFrozen() { frozen_ = !frozen_; }
    /// Slow motion on or off.
    void toggleSlow() { slow_ = !slow_; }
    /// True while frozen.
    bool frozen() const { return frozen_; }
    /// True in slow motion.
    bool slow() const { return slow_; }
    /// Forgets carried presses (a restarted match).
    void clearCarried() { carried_ = {}; }

    /// One tick (`tick` counts ticks from 1): adds this tick's presses to the carried ones and, when this tick
    /// steps, writes the frame's buttons (held now or pressed since the last step) to out and returns true.
    bool next(long tick, const sim::FrameInput& held, const sim::FrameInput& pressed, bool stepKey, sim::FrameInput& out) {
        for (int p = 0; p < 2; ++p) carried_.buttons[p] |= pressed.buttons[p];
        if (frozen_ ? !stepKey : slow_ && tick % kSlowFactor != 0) return false;
        for (int p = 0; p < 2; ++p) out.buttons[p] = std::uint16_t(held.buttons[p] | carried_.buttons[p]);
        carried_ = {};
        return true;
    }

private:
    bool frozen_ = false;
    bool slow_ = false;
    sim::FrameInput carried_;  // presses seen since the last step
};

}  // namespace app
