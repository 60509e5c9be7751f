#pragma once
// The training frame meter (Street Fighter 6 / Guilty Gear Strive style): one cell per simulated frame for each
// fighter, coloured by what it is doing (startup, active, recovery, hit/block stun, held by a throw, moving), and
// the frame advantage the last exchange left, read off where each fighter's busy frames ended.
//
// Why it lives here, apart from the drawing: it only reads the fight's state after each step (nothing flows back
// into the rules), and as plain data it can be tested without a window. Hitstop frames, the round intro and the
// pause between rounds are not counted (the genre's meters skip them too), so the cells are the frames the
// frame data speaks of.
#include "game/sim/fight.h"

#include <cstdint>
#include <vector>

namespace app {

/// What one fighter did on one frame.
enum class FrameKind : std::uint8_t { Free, Startup, Active, Recovery, Hitstun, Blockstun, Held, Moving };

/// What fighter p is doing in the fight's current state.
FrameKind frameKind(const sim::Fight& fight, int p);

/// The meter: a sequence starts when either fighter leaves neutral and ends on the first frame both are free.
class FrameMeter {
public:
    static constexpr int kCells = 80;  ///< most frames shown per row (older ones scroll out)

    /// Reads the state after one Fight::step (call it after every step).
    void record(const sim::Fight& fight);
    /// Forgets everything (a reset match).
    void clear() { *this = FrameMeter{}; }
    /// The current (or last) sequence's frames for player p, oldest first.
    const std::vector<FrameKind>& row(int p) const { return rows_[p]; }
    /// True once an exchange in which both fighters were busy has ended.
    bool hasAdvantage() const { return hasAdvantage_; }
    /// P1's frame advantage from that exchange (+ = p1 free first); p2's is the negation.
    int advantage() const { return advantage_; }
    /// Player p's startup in the current sequence: the number of its first active frame (0 = none yet).
    int startup(int p) const { return startup_[p]; }

private:
    std::vector<FrameKind> rows_[2];
    bool open_ = false;  // a sequence is being recorded
    bool busy_[2] = {false, false};
    int lastBusy_[2] = {-1, -1};  // frame index (within the sequence) of each fighter's last busy frame
    int length_ = 0;              // frames in the sequence (may exceed kCells)
    int startup_[2] = {0, 0};
    int prevHitstop_ = 0;
    bool hasAdvantage_ = false;
    int advantage_ = 0;
};

}  // namespace app
