#pragma once
// Small pieces of screen logic kept out of SFML so the app tests run them: where the match-over menu stands, the
// confirmation Esc needs to leave an online match, the Blaster's ready moment and drawn-frame rate, and where the Controls screen puts each action (player buttons
// apart from the menu, view and training keys).
#include "game/app/input/bindings.h"

namespace app {

/// True when player p's fighter is drawn in its alternate colours: the colour each player chose on fighter select
/// (`alt`), except that in a mirror match where both chose the same, player 2 wears the other so the two read apart.
inline bool wearsAltColors(int p, bool mirror, const bool alt[2]) {
    const bool clash = mirror && alt[0] == alt[1];
    return p == 1 && clash ? !alt[1] : alt[p];
}

/// The centre x of the match-over menu's panel in a picture `width` wide: over the loser's half (the side of the
/// stage it stands on, `loserX` against the winner's `winnerX`), so the winner's pose shows beside it; the middle
/// for a draw (`winner` not 0 or 1).
inline float matchOverPanelX(float width, int winner, int winnerX, int loserX) {
    if (winner != 0 && winner != 1) return width / 2.f;
    return loserX < winnerX ? width / 4.f : width * 3.f / 4.f;
}

/// Leaving a match in progress takes Esc twice within kWindowTicks (the first shows a question); any other
/// confirm press, or the time running out, takes the question back.
class LeaveConfirm {
public:
    static constexpr long kWindowTicks = 3 * 60;
    /// One tick: `back` and `cancel` pressed this tick, `now` the tick count. True when the player leaves.
    bool tick(bool back, bool cancel, long now) {
        if (asking() && (cancel || now - askedAt_ > kWindowTicks)) askedAt_ = -1;
        if (!back) return false;
        if (asking()) return true;
        askedAt_ = now;
        return false;
    }
    /// True while the question is up.
    bool asking() const { return askedAt_ >= 0; }

private:
    long askedAt_ = -1;
};

/// The Blaster's ready moment, as a fight has its round start: a run flown by hand (the first, and each after a
/// restart) waits kHoldTicks ticks under READY, then plays with GO! up for kGoTicks more. The window's pacing only:
/// the world steps the same frames with the same inputs, a second later, so its recordings do not change.
class ReadyCount {
public:
    static constexpr int kHoldTicks = 60;  ///< ticks the run waits before its first step (one second)
    static constexpr int kGoTicks = 30;    ///< ticks GO! stays up once it plays
    /// A new run: READY from now.
    void start() { ticks_ = 0; }
    /// One tick: true while the run still waits (nothing steps this tick).
    bool holds() {
        if (ticks_ < kHoldTicks + kGoTicks) ++ticks_;
        return ticks_ <= kHoldTicks;
    }
    /// What the screen says now: "READY", "GO!", or "" once the run has played a moment.
    const char* word() const { return ticks_ <= kHoldTicks ? "READY" : ticks_ < kHoldTicks + kGoTicks ? "GO!" : ""; }

private:
    int ticks_ = kHoldTicks + kGoTicks;  // no moment: nothing held, nothing said
};

/// Frames drawn per second of real time, over the last second or so (not the simulation's tick rate).
class DrawRate {
public:
    /// Counts one drawn frame that took `seconds` since the previous one; returns the rate now.
    float frame(float seconds) {
        ++frames_;
        elapsed_ += seconds;
        if (elapsed_ >= 0.5f) {
            rate_ = float(frames_) / elapsed_;
            frames_ = 0;
            elapsed_ = 0.f;
        }
        return rate_;
    }
    float rate() const { return rate_; }

private:
    int frames_ = 0;
    float elapsed_ = 0.f;
    float rate_ = 0.f;
};

/// Where the Controls screen shows an action: column 0 or 1, row from the top. Player buttons fill rows 0-8 (P1
/// left, P2 right), then the extra slots the button table fills; the menu, view, training and Blaster keys start at
/// controlsOtherRow(), under their own heading. An unused extra slot has no place (column and row -1).
struct ControlsSlot {
    int column = 0;
    int row = 0;
};
/// The first row of the menu, view, training and Blaster keys (one blank row under the player buttons).
inline int controlsOtherRow() { return 10 + extraSlotsInUse(); }
inline ControlsSlot controlsSlot(Action a) {
    int player = 0, index = 0;
    if (extraSlotOf(a, player, index))
        return index < extraSlotsInUse() ? ControlsSlot{player, 9 + index} : ControlsSlot{-1, -1};
    if (a < kStart) return {a < kP2Up ? 0 : 1, a < kP2Up ? int(a) : int(a - kP2Up)};
    const int i = int(a - kStart), perColumn = (kActionCount - kStart + 1) / 2;
    return {i / perColumn, controlsOtherRow() + i % perColumn};
}
/// The action at a slot, or -1 for an empty one.
inline int controlsActionAt(int column, int row) {
    for (int a = 0; a < kActionCount; ++a) {
        const ControlsSlot s = controlsSlot(Action(a));
        if (s.column == column && s.row == row) return a;
    }
    return -1;
}

}  // namespace app
