// The CPU adapts to its opponent's habits, and makes wake-up choices of its own.
//
// Habits: every frame the CPU looks at what the opponent did. When the opponent leaves blockstun (it has just
// blocked) or stands up after a knockdown, the CPU watches what it does first: attacks, a reversal (an attack
// with invincible frames), a throw, a jump, a back dash, or nothing for kWatchFrames (it waits or blocks). The
// counts per situation live in CpuState::habits, so they are part of the hashed, rolled-back state like every
// other decision. Once a situation has been seen often enough (more often for a lower level), the CPU answers
// the most common choice the next time that situation comes:
//   after its own attack is blocked       a mash or reversal: guard  | a throw: jab (a strike beats a throw)
//                                         a jump: anti-air (623)     | a back dash: chase (fireball or walk in)
//                                         waiting / blocking: throw
//   the opponent lying after a knockdown  a mash or throw: a meaty low, timed so it is active on the wake-up frame
//                                         a reversal: guard         | waiting / blocking: a throw on the wake-up
//                                         a jump: anti-air          | a back dash: chase
// Its own wake-up (level 2 up): level 2 blocks; levels 3 and 4 reverse with the invincible 623 + special when the
// opponent is close (level 3 half the time, level 4 always when it is attacking), else block. Levels 3 and 4 also
// break throws (50 and 85 times in 100).
#include "game/sim/fight.h"

#include <algorithm>
#include <cstdlib>

namespace sim {

namespace {

constexpr int kWatchFrames = 20;   // frames after a situation in which the opponent's first choice is counted
constexpr int kAnswerFrames = 40;  // frames an answer waits for its moment before it is dropped
constexpr int kAdaptLevel = 2;     // the lowest level that adapts

// Observations of a situation before the CPU trusts the habit: level 2 needs 4, level 3 3, level 4 2.
int trustAfter(int level) { return std::max(2, 6 - level); }

bool freeAction(Action a) { return a == Action::Idle || a == Action::Walk || a == Action::Crouch; }

}  // namespace

void Fight::cpuObserve(int p) {
    const FighterState& o = s_.fighters[1 - p];
    CpuState& c = s_.fighters[p].cpu;
    const Action before = Action(c.seen);
    c.seen = std::uint8_t(o.action);
    if (s_.roundOver || s_.hitstop > 0) return;
    if (before == Action::Blockstun && o.action != Action::Blockstun && o.action != Action::Hitstun) {
        c.watching = 1 + std::uint8_t(Situation::AfterBlock);
        c.watchFrames = 0;
    } else if (before == Action::Knockdown && o.action != Action::Knockdown) {
        c.watching = 1 + std::uint8_t(Situation::WakeUp);
        c.watchFrames = 0;
    }
    if (c.watching == 0) return;
    int choice = -1;
    const FighterDef& od = defs_[1 - p];
    if (o.action == Action::Attack) {
        const AnimDef& a = od.anims[std::size_t(o.anim)];
        choice = a.guard == Guard::Throw ? int(Habit::Throw)
                 : a.invFirst > 0        ? int(Habit::Reversal)
                                         : int(Habit::Attack);
    } else if (o.action == Action::Air || o.airborne) {
        choice = int(Habit::Jump);
    } else if (o.action == Action::Dash) {
        choice = o.vx * o.facing < 0 ? int(Habit::Backdash) : int(Habit::Attack);
    } else if (!freeAction(o.action) || ++c.watchFrames >= kWatchFrames) {
        choice = int(Habit::Wait);  // it blocked again, was hit or thrown while waiting, or did nothing
    }
    if (choice < 0) return;
    std::uint8_t& n = c.habits[c.watching - 1][choice];
    if (n < 255) ++n;
    c.watching = 0;
    c.watchFrames = 0;
}

int Fight::cpuHabit(int p, Situation s) const {
    // The opponent's most common choice in situation s (ties to the first Habit), or -1 until it is trusted.
    const std::uint8_t* row = s_.fighters[p].cpu.habits[int(s)];
    int total = 0, best = 0;
    for (int h = 0; h < kHabits; ++h) {
        total += row[h];
        if (row[h] > row[best]) best = h;
    }
    return total >= trustAfter(setup_.levelOf(p)) && row[best] >= 2 ? best : -1;
}

bool Fight::cpuAdapt(int p, std::uint16_t& out) {
    cpuObserve(p);
    if (s_.roundOver) return false;
    if (cpuLying(p, out)) return true;
    if (s_.fighters[p].cpu.motion > 0) return false;
    if (setup_.levelOf(p) >= kAdaptLevel && (cpuOwnWakeup(p, out) || cpuOffence(p, out))) return true;
    return cpuPlayAnswer(p, out);  // a habit's answer, or a throw the close-range mix walks in for (cpuThrowIn)
}

bool Fight::cpuLying(int p, std::uint16_t& out) {
    // Lying after a knockdown, until the wake-up choice 5 frames before it stands: on its first lying frame past the
    // hit's freeze the CPU chooses whether to quick rise (never at level 1, a quarter of the time at level 2, half
    // at level 3; level 4 always when the opponent is too far to be waiting over it, else three times in four),
    // presses down once on the next frame if so, and otherwise presses nothing (a motion it was entering when it
    // fell is dropped too), so no held button rises by accident.
    FighterState& f = s_.fighters[p];
    CpuState& c = f.cpu;
    if (f.action != Action::Knockdown || f.hitstun <= 5) {
        if (c.wakeup >= 4) c.wakeup = 0;
        return false;
    }
    out = 0;
    if (s_.hitstop > 0) return true;  // the knockdown's hit freezes both fighters: a press now would be lost
    if (c.wakeup == 5) {
        out = kDown;
        c.wakeup = 4;
    } else if (c.wakeup != 4 && !f.rose && f.hitstun > kQuickRise + 1) {
        const int level = setup_.levelOf(p);
        const int chance[4] = {0, 25, 50, 75};
        const bool far = gap(p) > 200;
        const int r = int(nextRandom() % 100);
        c.wakeup = (level >= 4 && far) || r < chance[std::clamp(level, 1, 4) - 1] ? 5 : 4;
        c.planFrames = 0;  // the plan it had when it fell is over: it decides afresh once it stands
        c.think = 0;
        c.motion = 0;
    }
    return true;
}

bool Fight::cpuOwnWakeup(int p, std::uint16_t& out) {
    FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    const FighterDef& d = defs_[p];
    CpuState& c = f.cpu;
    const int level = setup_.levelOf(p);
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    if (f.action == Action::Thrown) {
        // A throw break, rolled once per grab on the frame it is caught (levels 3 and 4), pressed 2 frames later.
        if (level >= 3 && f.techTimer == d.windows.tech)
            c.wakeup = int(nextRandom() % 100) < (level >= 4 ? 85 : 50) ? 3 : 0;
        out = c.wakeup == 3 && f.techTimer == d.windows.tech - 2 ? kThrow : 0;
        return true;
    }
    if (f.action != Action::Knockdown) {
        if (c.wakeup == 3) c.wakeup = 0;
        return false;
    }
    // Lying: the choice is made 5 frames before it stands (a press in the last frames of lying comes out on the
    // wake-up frame), from where the opponent is and what it does then.
    if (f.hitstun == 5 && c.wakeup == 0) {
        const bool close = gap(p) <= (d.ids.rising >= 0 ? reach(p, d.ids.rising) + 30 : 0);
        const int r = int(nextRandom() % 100);
        const bool reverse =
            d.ids.rising >= 0 && close && level >= 3 && (level >= 4 ? (o.action == Action::Attack || r < 50) : r < 50);
        c.wakeup = reverse ? 2 : 1;
        if (reverse) c.motion = 3;  // 6, 2, 3 + special in the last frames: the uppercut comes out on wake-up
    }
    if (c.motion > 0) {
        out = cpuMotion(p);
        return true;
    }
    if (c.wakeup == 1 && f.hitstun <= 5) {
        out = std::uint16_t(back | kDown);  // guard low on the wake-up frame (overheads only come from jumps)
        if (f.hitstun == 1) {
            c.answer = Answer::Guard;
            c.answerFrames = 12;
        }
        return true;
    }
    if (f.hitstun == 1) c.wakeup = 0;
    return f.hitstun <= 5;
}

bool Fight::cpuOffence(int p, std::uint16_t& out) {
    FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    const FighterDef& d = defs_[p];
    CpuState& c = f.cpu;
    if (f.action == Action::Knockdown || f.action == Action::Thrown) return false;
    // Its attack was blocked: the answer to what the opponent does after blocking waits for the blockstun's end.
    if (o.action == Action::Blockstun && f.action == Action::Attack && f.attackLanded) {
        const int habit = cpuHabit(p, Situation::AfterBlock);
        if (habit < 0) return false;
        const Habit h = Habit(habit);
        c.answer = h == Habit::Attack || h == Habit::Reversal ? Answer::Guard
                   : h == Habit::Throw                        ? Answer::Strike
                   : h == Habit::Jump                         ? Answer::AntiAir
                   : h == Habit::Backdash                     ? Answer::Chase
                                                              : Answer::Throw;
        c.answerFrames = kAnswerFrames;
        return false;  // its own move plays on
    }
    if (o.action != Action::Knockdown || o.launched) return false;
    const int habit = cpuHabit(p, Situation::WakeUp);
    if (habit < 0) return false;
    const Habit h = Habit(habit);
    const std::uint16_t fwd = f.facing > 0 ? kRight : kLeft;
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    if (h == Habit::Attack || h == Habit::Throw || h == Habit::Wait) {
        // A meaty: its active frames cover the frame the opponent stands on (it stands on the step that takes its
        // lying frames to 0, o.hitstun - 1 steps after this one; a move pressed now is active from `startup` steps
        // on). Arriving late, it presses at once: a throw a frame after the wake-up still catches a blocker.
        const bool low = h != Habit::Wait;
        const int anim = low ? d.ids.low : d.ids.grab;
        if (anim < 0) return false;
        const AnimDef& a = d.anims[std::size_t(anim)];
        if (!freeAction(f.action)) return true;  // recovering: nothing to add
        if (gap(p) > reach(p, anim) - 8) {
            out = fwd;
            return true;
        }
        const int hitAt = a.startup + 1 + (low ? (a.active - 1) / 2 : 0);
        const std::uint16_t press = low ? std::uint16_t(kDown | kLight) : std::uint16_t(kThrow);
        out = o.hitstun <= hitAt ? press : low ? std::uint16_t(kDown) : std::uint16_t(0);  // late: as soon as it can
        return true;
    }
    if (o.hitstun > 2) {
        out = h == Habit::Reversal ? std::uint16_t(back | kDown) : 0;
        return true;
    }
    c.answer = h == Habit::Reversal ? Answer::Guard : h == Habit::Jump ? Answer::AntiAir : Answer::Chase;
    c.answerFrames = kAnswerFrames;
    out = h == Habit::Reversal ? std::uint16_t(back | kDown) : 0;
    return true;
}

bool Fight::cpuPlayAnswer(int p, std::uint16_t& out) {
    FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    CpuState& c = f.cpu;
    if (c.answer == Answer::None) return false;
    if (c.answerFrames == 0 || f.action == Action::Hitstun || f.action == Action::Thrown) {
        c.answer = Answer::None;
        c.answerFrames = 0;
        return false;
    }
    --c.answerFrames;
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    if (c.answer == Answer::Guard) {
        if (f.action == Action::Blockstun && f.blockstun <= 1) return false;  // its punish, if it has one
        out = std::uint16_t(back | kDown);
        return true;
    }
    // The other answers begin once both are free to act: the CPU out of its move, the opponent out of blockstun.
    if (!freeAction(f.action) || o.action == Action::Blockstun) return true;
    return cpuAnswerPress(p, out);
}

bool Fight::cpuAnswerPress(int p, std::uint16_t& out) {
    FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    const FighterDef& d = defs_[p];
    CpuState& c = f.cpu;
    const std::uint16_t fwd = f.facing > 0 ? kRight : kLeft;
    auto done = [&](std::uint16_t b) {
        c.answer = Answer::None;
        c.answerFrames = 0;
        out = b;
        return true;
    };
    switch (c.answer) {
    case Answer::Strike: return done(kLight);
    case Answer::AntiAir:
        if (o.airborne && d.ids.rising >= 0) {
            c.motion = 3;
            c.answer = Answer::None;
            out = cpuMotion(p);
            return true;
        }
        out = 0;
        return true;
    case Answer::Chase:
        if (!s_.projectiles[p].alive && cpuCanLand(p, d.ids.special)) {  // a strike special only in its reach
            c.motion = 13;
            c.answer = Answer::None;
            out = cpuMotion(p);
            return true;
        }
        out = fwd;
        return true;
    case Answer::Throw:
        if (d.ids.grab < 0) return done(0);
        if (gap(p) > reach(p, d.ids.grab) - 8) {
            out = fwd;
            return true;
        }
        if (!throwable(1 - p)) {  // in the air or in a stun no throw takes: it waits (the answer's frames bound it)
            out = 0;
            return true;
        }
        return done(kThrow);
    case Answer::None:
    case Answer::Guard: break;
    }
    return false;
}

}  // namespace sim
