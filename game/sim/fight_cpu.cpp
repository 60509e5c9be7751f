// Who plays when no human does: the training dummy (player 2 in Training) and the CPU opponents, levels 1-4.
//
// Why it looks like this: both produce buttons for a frame, exactly as a human's input slot would, so the rules
// downstream cannot tell them apart and a replay needs only the human inputs. Everything they remember (plan,
// reaction delay, a motion being entered) lives in FighterState::cpu and every random choice comes from the
// state's generator, so a replay or a rollback re-simulates their decisions bit for bit.
#include "game/sim/fight.h"

#include "game/sim/determinism.h"
#include "game/sim/move_list.h"

#include <algorithm>
#include <cstdlib>

namespace sim {

namespace {
constexpr int kCpuCloseLunge = 8;     // levels 2-3 up close: chance in 100 of a strike special that reaches
constexpr int kCpuLongestWait = 600;  // frames a waiting decision counts (the countdown's floor, -600)

/// The buttons that start a plain move (a button, with down or a direction held) as the fighter's file enters it,
/// so the CPU presses a move by what it is whatever the button table calls its button; `fallback` for a fighter
/// without the move (or one entered only by a motion).
std::uint16_t pressFor(const FighterDef& d, int anim, int facing, std::uint16_t fallback) {
    if (anim < 0) return fallback;
    for (const MoveInput& in : d.anims[std::size_t(anim)].inputs) {
        if (in.simple || in.motion != Motion::None || in.button == 0) continue;
        const std::uint16_t fwd = facing > 0 ? kRight : kLeft, back = facing > 0 ? kLeft : kRight;
        const std::uint16_t vertical = in.dir >= 1 && in.dir <= 3 ? kDown : in.dir >= 7 ? kUp : 0;
        const int column = in.dir == 0 ? 1 : (in.dir - 1) % 3;  // 0 back, 1 neutral, 2 forward (numpad, facing right)
        const std::uint16_t horizontal = column == 1 ? 0 : column == 0 ? back : fwd;
        return std::uint16_t(in.button | vertical | horizontal);
    }
    return fallback;
}
}  // namespace

// ---------------------------------------------------------------------------------------------------------------
// The training dummy

std::uint16_t Fight::dummyInput(int p, const FrameInput& in) {
    if (setup_.dummy == DummyMode::Record) return std::uint16_t(in.buttons[p] & ~kStart);
    if (setup_.dummy == DummyMode::Playback) {
        if (setup_.tape.empty()) return 0;
        const std::size_t at = std::size_t(s_.roundFrame - 1 - setup_.intro) % setup_.tape.size();
        return relativeToAbsolute(setup_.tape[at], s_.fighters[p].facing);
    }
    if (setup_.dummy == DummyMode::RandomBlock || setup_.dummy == DummyMode::Reversal) return dummyGuard(p);
    const std::uint16_t back = s_.fighters[p].facing > 0 ? kLeft : kRight;
    // A standing blocker holds back only while something threatens it: holding back with nothing coming is a
    // walk away, and a dummy that walks into the corner is no use for practice.
    const bool threatened = s_.fighters[1 - p].action == Action::Attack || s_.projectiles[1 - p].alive;
    switch (setup_.dummy) {
    case DummyMode::Stand: return 0;
    case DummyMode::Crouch: return kDown;
    case DummyMode::Block: return threatened ? back : 0;
    case DummyMode::CrouchBlock: return std::uint16_t(kDown | back);
    case DummyMode::Jump: return kUp;
    case DummyMode::RandomBlock:
    case DummyMode::Reversal:
    case DummyMode::AfterHit:  // fight_dummy.cpp
    case DummyMode::Record:
    case DummyMode::Playback: break;  // handled above
    }
    return 0;
}

std::uint16_t Fight::dummyGuard(int p) {
    FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    CpuState& c = f.cpu;
    if (c.motion > 0) return cpuMotion(p);
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    const bool stunned = f.action == Action::Blockstun || f.action == Action::Hitstun;
    const int left = f.action == Action::Blockstun ? f.blockstun : f.hitstun;
    if (setup_.dummy == DummyMode::Reversal && reversalSteps_.empty() && stunned && left == 3 &&
        defs_[p].ids.rising >= 0) {
        c.motion = 3;  // 6 now, 2, then 3 + special on the last stun frame: the uppercut starts on the first free frame
        return cpuMotion(p);
    }
    const bool low = o.action == Action::Attack && defs_[1 - p].anims[std::size_t(o.anim)].guard == Guard::Low;
    const std::uint16_t guard = std::uint16_t(back | (low ? kDown : 0));
    const bool threatened = o.action == Action::Attack || s_.projectiles[1 - p].alive;
    if (f.action == Action::Blockstun) return guard;
    if (setup_.dummy == DummyMode::Reversal) return threatened ? guard : 0;
    // Random block: one coin per attack, tossed on its first frame and kept in the plan until it ends.
    if (!threatened) {
        c.plan = 0;
        c.planFrames = 0;
        return 0;
    }
    if (c.planFrames == 0) {
        c.planFrames = 1;
        c.plan = (nextRandom() & 1) ? std::uint16_t(1) : std::uint16_t(2);  // 1 = guard this one, 2 = let it in
    }
    return c.plan == 1 ? guard : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// The CPU: decides a plan (buttons to hold for some frames) after a reaction delay, using the state's RNG.

std::uint64_t Fight::nextRandom() { return sim::nextRandom(s_.rng); }

std::uint16_t Fight::cpuInput(int p) {
    std::uint16_t adapted = 0;
    if (cpuAdapt(p, adapted)) return adapted;  // habits and wake-up: fight_cpu_adapt.cpp
    if (setup_.levelOf(p) >= 4) return cpu4Input(p);
    CpuState& c = s_.fighters[p].cpu;
    if (s_.fighters[p].action == Action::Air) return cpuAir(p);
    if (c.motion > 0 || cpuConfirm(p)) return cpuMotion(p);  // a motion being entered plays out first
    if (cpuDecisionDue(p)) {
        cpuDecide(p);
        const int level = std::clamp(setup_.levelOf(p), 1, 3);
        const int base[3] = {40, 16, 9};  // level 1 thinks slowly: a beginner's first opponent
        cpuThinkAgain(p, base[level - 1] + int(nextRandom() % 8));
        if (c.motion > 0) return cpuMotion(p);
    }
    if (c.planFrames <= 0) return 0;
    --c.planFrames;
    return c.plan;
}

bool Fight::cpuDecisionDue(int p) {
    // The CPU thinks at its level's pace (the countdown runs outside hitstop whatever its fighter does), but a player
    // decides what to do next only where they can do it: grounded and in neutral. A decision due in the air, in an
    // attack or a dash, or in stun waits for the first free frame, so it is the CPU's answer to the landing or the
    // recovery. A hit ends the plan it was following (it decides afresh when it can act again). Below 0 the
    // countdown counts how long the decision has waited (cpuThinkAgain).
    FighterState& f = s_.fighters[p];
    CpuState& c = f.cpu;
    if (f.action == Action::Hitstun) c.planFrames = 0;
    if (s_.hitstop > 0) return false;
    if (c.think > -kCpuLongestWait) --c.think;
    const bool free = f.action == Action::Idle || f.action == Action::Walk || f.action == Action::Crouch;
    return c.think <= 0 && free && !f.airborne;
}

void Fight::cpuThinkAgain(int p, int period) {
    // A decision that waited for a free frame keeps the CPU's rhythm: the next one comes when it would have come had
    // the waited one been made on time (period - wait, counted in whole periods), not a whole period after the
    // landing or the recovery. Else every decision that waited would make the CPU slower to answer what the
    // opponent does next than a CPU deciding at any time (bench_cpu's reaction probes start on such frames).
    CpuState& c = s_.fighters[p].cpu;
    const int waited = std::max(0, -c.think);
    c.think = period - waited % period;
}

std::uint16_t Fight::cpuAir(int p) {
    // In its own jump a player can press only the jump attack (the move `from air`): the CPU drops what it planned
    // on the ground (a walk, a dash, a motion; their presses would be dropped or buffered into the landing). Level 4
    // presses the jump attack when it will reach the opponent as it comes down, else nothing. Levels 1-3 land
    // without it: none of them answers a jump-in (no anti-air on sight, a guard only at a decision), so a kick timed
    // to land tilted level 3 to the far jumpers (Ryo 82% against Brick; docs/balance.md). Its thinking goes on
    // counting (cpuDecisionDue), so a decision that comes due in the air is made on landing.
    FighterState& f = s_.fighters[p];
    CpuState& c = f.cpu;
    c.plan = 0;
    c.planFrames = 0;
    c.motion = 0;
    cpuDecisionDue(p);
    if (setup_.levelOf(p) < 4) return 0;
    return cpuJumpAttackLands(p) ? pressFor(defs_[p], defs_[p].ids.air, f.facing, kLight) : 0;
}

bool Fight::cpuJumpAttackLands(int p) const {
    // The jump attack pressed now starts on this frame (Fight's Action::Air), so its frame n is placed after n moves
    // of the fall (moveFighter: x += vx, y += vy, then vy -= gravity); it lands if one of its attack boxes meets the
    // opponent's push box, taken where it is now, on an active frame before the fighter lands (landing ends it).
    const FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    const int air = d.ids.air;
    if (air < 0 || !d.anims[std::size_t(air)].fromAir || !canStart(p, air)) return false;
    const AnimDef& a = d.anims[std::size_t(air)];
    const engine::AABB& body = s_.fighters[1 - p].push;
    int x = f.x, y = f.y, vy = f.vy;
    for (int n = 1; n <= a.startup + a.active; ++n) {
        x += f.vx;
        y += vy;
        vy -= d.gravity;
        if (y <= 0) return false;
        if (n <= a.startup) continue;
        for (const Placement& pl : a.boxes) {
            if (pl.target == kPlaceAttack && n >= pl.first && n <= pl.last &&
                engine::collide(toWorld(pl.box, x, y, f.facing), body))
                return true;
        }
    }
    return false;
}

void Fight::cpuDecide(int p) {
    FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    CpuState& c = f.cpu;
    const std::uint16_t fwd = f.facing > 0 ? kRight : kLeft;
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    const int dist = std::abs(o.x - f.x);
    const int r = int(nextRandom() % 100);
    const int blockChance[3] = {10, 55, 80};
    const int level = std::clamp(setup_.levelOf(p), 1, 3);
    const Projectile& theirs = s_.projectiles[1 - p];
    const bool fireballComing = theirs.alive && std::abs(theirs.box.minX - f.x) < 400;
    const bool attacked = o.action == Action::Attack && dist < 260;
    auto plan = [&](std::uint16_t b, int frames) {
        c.plan = b;
        c.planFrames = frames;
    };
    auto fireball = [&]() {
        plan(0, 0);
        c.motion = 13;  // 236 + special, entered over the next three frames
    };
    // The special as what it is: a projectile is thrown from range while none of its own flies; a strike (a lunge
    // with `advance` too) only where it can land, and out of its reach the CPU walks in instead.
    const int special = defs_[p].ids.special;
    const bool projectileSpecial = special >= 0 && defs_[p].anims[std::size_t(special)].projectile;
    const bool canSpecial = projectileSpecial ? !s_.projectiles[p].alive : cpuCanLand(p, special);
    if ((attacked || fireballComing) && r < blockChance[level - 1]) {
        const bool low = o.action == Action::Attack && defs_[1 - p].anims[o.anim].guard == Guard::Low;
        plan(std::uint16_t(back | (low ? kDown : 0)), 24);
    } else if (fireballComing && r < 90) {
        plan(std::uint16_t(kUp | fwd), 4);
    } else if (dist > 350) {
        if (canSpecial && r < (level == 1 ? 15 : 45)) fireball();
        else plan(fwd, 20);
    } else if (dist > 170) {
        if (r < 45) plan(fwd, 12);
        else if (r < 60 && level == 1) plan(0, 20);  // level 1 rarely throws a fireball: it walks in or waits
        else if (r < 60 && canSpecial) fireball();
        else if (r < 60 && !projectileSpecial) plan(fwd, 12);  // a strike special out of reach: close in
        else if (r < 72) cpuCloseIn(p, level);
        else if (r < 80 && level >= 2 && defs_[p].ids.backdash >= 0) c.motion = 33;  // a back dash: 4, 5, 4
        else plan(back, 10);
    } else {
        cpuDecideClose(p, r, level);
    }
}

void Fight::cpuCloseIn(int p, int level) {
    // Levels 1-3 close in from mid range on the ground: a jump in would come down with nothing (they land without
    // the jump attack, cpuAir), a leap that looks aimless. Levels 2 and 3 dash in (6, 5, 6), level 1, a beginner,
    // walks in.
    CpuState& c = s_.fighters[p].cpu;
    if (level >= 2 && defs_[p].ids.dash >= 0) {
        c.plan = 0;
        c.planFrames = 0;
        c.motion = 43;
        return;
    }
    c.plan = s_.fighters[p].facing > 0 ? kRight : kLeft;
    c.planFrames = 12;
}

void Fight::cpuDecideClose(int p, int r, int level) {
    // Levels 1-3 up close: normals (from level 2 the mediums too), the sweep, a throw from its reach (walking in
    // for it), a guard; a strike special (a lunge) where it reaches; the super where it can land.
    FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    CpuState& c = f.cpu;
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    auto plan = [&](std::uint16_t b, int frames) {
        c.plan = b;
        c.planFrames = frames;
    };
    const int special = d.ids.special;
    const bool lunge = special >= 0 && !d.anims[std::size_t(special)].projectile && cpuCanLand(p, special);
    if (level == 1) {  // a beginner's first opponent: up close it mostly stands or backs off, rarely attacks
        if (r < 18) plan(kLight, 2);
        else if (r < 28) plan(kHeavy, 2);
        else if (r < 36) plan(std::uint16_t(kDown | kLight), 2);
        else if (r < 75) plan(0, 20);
        else plan(back, 16);
        return;
    }
    if (level >= 3 && (cpuGrabSuper(p) ? cpuRawGrabSuper(p, r) : r < 30 && cpuSuperLands(p))) c.motion = 26;
    else if (r < 27) plan(kLight, 2);
    else if (r < 35) plan(pressFor(d, d.ids.medium, f.facing, kLight), 2);
    else if (r < 50) plan(kHeavy, 2);
    else if (r < 58) plan(pressFor(d, d.ids.crouchheavy, f.facing, std::uint16_t(kDown | kHeavy)), 2);  // the sweep
    else if (r < 64) plan(std::uint16_t(kDown | kLight), 2);
    else if (r < 70) plan(pressFor(d, d.ids.crouchmedium, f.facing, std::uint16_t(kDown | kLight)), 2);
    else if (r < 76 && d.ids.grab >= 0) cpuThrowIn(p, 16);
    else if (r < 76 + kCpuCloseLunge && lunge) {
        plan(0, 0);
        c.motion = 13;  // 236 + special
    } else if (r < 92) plan(back, 16);
    else plan(std::uint16_t(kUp | back), 4);
}

// ---------------------------------------------------------------------------------------------------------------
// CPU level 4: reads the fighters' frame data instead of rolling dice on every decision. Every frame it first
// checks what a player could react to (kCpuReaction frames into an attack it guards, high or low as the move
// says; anything faster it only blocks if it was already guarding), anti-airs a jump-in with its 623 + special,
// and punishes a blocked move whose remaining recovery is longer than its fastest answer's startup. Otherwise it
// follows a plan chosen with the state's RNG: footsies at mid range (walks, dashes in and out, jumps), fireballs at
// varying intervals, a close-range mix of every normal (jab, medium, heavy, low, crouching medium, sweep), a throw
// where its box reaches (the heavy where it does not), a grab super where it can hold, and a guard stance.

int Fight::reach(int p, int anim) const {
    // How far ahead of the origin where the move starts its attack or throw boxes go: a box placed after the move
    // has carried its fighter forward (`advance`) reaches that much further.
    const AnimDef& a = defs_[p].anims[std::size_t(anim)];
    const int lastActive = a.startup + a.active;
    int r = 0;
    for (const Placement& pl : a.boxes) {
        if (pl.target != kPlaceAttack && pl.target != kPlaceThrow) continue;
        r = std::max(r, pl.box.maxX + advancedBy(a, std::min(pl.last, lastActive)));
    }
    return r;
}

bool Fight::cpuCanLand(int p, int anim) const {
    // What a move is decides where the CPU starts it: a projectile travels, so it may go from any range (the
    // caller picks the range); a strike or a grab lands only if its boxes reach the opponent from here, the ground
    // its `advance` covers by then included (reach()).
    if (anim < 0) return false;
    return defs_[p].anims[std::size_t(anim)].projectile || gap(p) <= reach(p, anim);
}

bool Fight::cpuSuperReady(int p) const {
    // It has a super and the rules let it start now (canStart: the meter holds its cost, and a projectile super
    // waits while the fighter's own projectile flies).
    const int super = defs_[p].ids.super;
    return super >= 0 && canStart(p, super);
}

bool Fight::cpuSuperLands(int p) const {
    // The super when the meter holds it and it reaches (cpuCanLand); a grab super only on an opponent a throw can
    // take (grounded, out of hit and block stun), since a grab that finds no one to hold just whiffs.
    if (!cpuSuperReady(p) || !cpuCanLand(p, defs_[p].ids.super)) return false;
    return !cpuGrabSuper(p) || throwable(1 - p);
}

bool Fight::cpuGrabSuper(int p) const {
    // Its super grabs (sim::isGrab: a throw box, as the rules' throw protection reads it, or the throw level).
    const int super = defs_[p].ids.super;
    return super >= 0 && isGrab(defs_[p].anims[std::size_t(super)]);
}

bool Fight::cpuRawGrabSuper(int p, int r) const {
    // A grab super cannot follow a confirmed hit (hit stun protects from grabs), so it goes raw, and a raw
    // untechable grab that lands whenever the opponent stands in reach is too strong to press at every chance:
    // levels 3 and 4 keep it to finish the round (the opponent has no more health than it takes) and, now and
    // then, as a surprise (5 decisions in 100 with the meter and the reach for it).
    if (!cpuGrabSuper(p) || !cpuSuperLands(p)) return false;
    return s_.fighters[1 - p].health <= defs_[p].anims[std::size_t(defs_[p].ids.super)].damage || r < 5;
}

bool Fight::cpuSuperByAccident(int p) const {
    // With a full meter, a second 236 + special soon after the first reads as 236236 + special: a player's super by
    // accident. The CPU does not enter that 236 when the super would not land (it waits instead); when the super
    // would land, the accident is welcome.
    if (!cpuSuperReady(p) || cpuSuperLands(p)) return false;
    const auto& ins = defs_[p].anims[std::size_t(defs_[p].ids.super)].inputs;
    const bool doubleQcf = std::any_of(
        ins.begin(), ins.end(), [](const MoveInput& in) { return in.motion == Motion::QCF2 && in.button == kSpecial; });
    return doubleQcf && qcfMakesSuper(p);
}

void Fight::cpuThrowIn(int p, int frames) {
    // A throw is pressed only where its box reaches: the answer walks in first, and is dropped after `frames`.
    CpuState& c = s_.fighters[p].cpu;
    c.plan = 0;
    c.planFrames = 0;
    c.answer = Answer::Throw;
    c.answerFrames = std::uint8_t(frames);
}

int Fight::gap(int p) const {
    // Distance from p's origin to the near edge of the opponent's push box (what an attack box has to cross).
    const FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    return f.x < o.x ? o.push.minX - f.x : f.x - o.push.maxX;
}

std::uint16_t Fight::cpuMotion(int p) {
    // The next frame of the motion being entered: 21-26 is 236236 + special (the super), 11-13 is 236 + special,
    // 1-3 is 623 + special, 31-33 a back dash (4, 5, 4), 41-43 a dash (6, 5, 6); the highest number is the first
    // step.
    CpuState& c = s_.fighters[p].cpu;
    const std::uint16_t fwd = s_.fighters[p].facing > 0 ? kRight : kLeft;
    const std::uint16_t back = s_.fighters[p].facing > 0 ? kLeft : kRight;
    const int kind = c.motion / 10;
    const int step = c.motion % 10;
    if (kind == 1 && step == 3 && cpuSuperByAccident(p)) {
        c.motion = 0;
        return 0;
    }
    c.motion = step == 1 ? 0 : c.motion - 1;
    if (kind == 3 || kind == 4) return step == 2 ? 0 : kind == 3 ? back : fwd;
    const std::uint16_t down = kDown;
    if (kind == 2) {
        const int k = (step - 1) % 3;  // 2 1 0 2 1 0 for steps 6..1: down, down-forward, forward
        const std::uint16_t dir = k == 2 ? down : k == 1 ? std::uint16_t(down | fwd) : fwd;
        return step == 1 ? std::uint16_t(dir | kSpecial) : dir;
    }
    if (kind == 1) return step == 3 ? down : step == 2 ? std::uint16_t(down | fwd) : std::uint16_t(fwd | kSpecial);
    return step == 3 ? fwd : step == 2 ? down : std::uint16_t(down | fwd | kSpecial);
}

bool Fight::cpuConfirm(int p) {
    // A hit confirm: on the last frame of the hitstop of its own normal that hit, the CPU may cancel it into its
    // fireball, or into its super with a full meter. Whether it does is rolled once per hit: levels 2, 3 and 4
    // confirm 40, 70 and 90 times in 100 (the rest are the execution errors of a player of that level). Levels 3
    // and 4 chain half of the confirmed lights (and lows) into the medium (crouching medium) where it reaches;
    // that hit is confirmed in turn, so a combo reads light, medium, fireball.
    const FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    if (setup_.levelOf(p) < 2 || s_.hitstop != 1 || f.action != Action::Attack || !f.attackLanded ||
        s_.fighters[1 - p].action != Action::Hitstun) {
        return false;
    }
    const AnimDef& a = d.anims[std::size_t(f.anim)];
    auto lists = [&](int anim) {
        return anim >= 0 && std::find(a.cancels.begin(), a.cancels.end(), anim) != a.cancels.end();
    };
    const int chance[3] = {40, 70, 90};
    if (int(nextRandom() % 100) >= chance[std::min(setup_.levelOf(p), 4) - 2]) return false;
    if (setup_.levelOf(p) >= 3 && lists(d.ids.super) && cpuSuperReady(p) && cpuCanLand(p, d.ids.super)) {
        s_.fighters[p].cpu.motion = 26;
        return true;
    }
    const int chain = f.crouching ? d.ids.crouchmedium : d.ids.medium;
    if (setup_.levelOf(p) >= 3 && lists(chain) && cpuCanLand(p, chain) && nextRandom() % 2 == 0) {
        CpuState& c = s_.fighters[p].cpu;  // pressed now, it is buffered and starts as the cancel window allows
        c.plan = pressFor(d, chain, f.facing, kLight);
        c.planFrames = 1;
        return false;
    }
    if (lists(d.ids.special) && !s_.projectiles[p].alive && cpuCanLand(p, d.ids.special)) {
        s_.fighters[p].cpu.motion = 13;
        return true;
    }
    return false;
}

std::uint16_t Fight::cpu4Input(int p) {
    CpuState& c = s_.fighters[p].cpu;
    if (c.fireballWait > 0) --c.fireballWait;
    if (s_.fighters[p].action == Action::Air) return cpuAir(p);
    if (c.motion > 0 || cpuConfirm(p)) return cpuMotion(p);
    const std::uint16_t react = cpu4React(p);
    if (react != 0 || c.motion > 0) return c.motion > 0 ? cpuMotion(p) : react;
    if (cpuDecisionDue(p)) {
        cpu4Decide(p);
        cpuThinkAgain(p, 4 + int(nextRandom() % 5));
    }
    if (c.motion > 0) return cpuMotion(p);
    if (c.planFrames <= 0) return 0;
    --c.planFrames;
    return c.plan;
}

std::uint16_t Fight::cpu4React(int p) {
    const FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    const FighterDef& d = defs_[p];
    CpuState& c = s_.fighters[p].cpu;
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    const bool motions = d.ids.rising >= 0;
    // Punish: on its last blockstun frame, if the blocked move leaves the opponent stuck long enough for the
    // answer's startup (the uppercut needs two more frames for its motion).
    if (f.action == Action::Blockstun && f.blockstun == 1 && o.action == Action::Attack) {
        const AnimDef& a = defs_[1 - p].anims[std::size_t(o.anim)];
        const int remaining = a.length - o.animFrame - 1;
        const int rising = d.ids.rising;
        if (motions && remaining > d.anims[std::size_t(rising)].startup + 2 && gap(p) <= reach(p, rising)) {
            c.motion = 3;
            return 0;
        }
        for (int anim : {d.ids.heavy, d.ids.medium, d.ids.light}) {  // the strongest answer that is in time
            if (anim >= 0 && remaining > d.anims[std::size_t(anim)].startup && gap(p) <= reach(p, anim))
                return pressFor(d, anim, f.facing, anim == d.ids.heavy ? kHeavy : kLight);
        }
    }
    const bool free = f.action == Action::Idle || f.action == Action::Walk || f.action == Action::Crouch;
    if (!free && f.action != Action::Blockstun) return 0;
    // Anti-air: the opponent comes down towards it, close enough for the uppercut's box.
    const bool towards = (o.x - f.x) * o.vx < 0;
    if (motions && free && o.airborne && o.vy < 0 && towards && std::abs(o.x - f.x) < 190 && o.y < 230 && o.y > 60) {
        c.motion = 3;
        return 0;
    }
    // Guard on reaction: an attack seen for kCpuReaction frames that is not over yet, or a fireball on its way.
    if (o.action == Action::Attack && o.animFrame >= kCpuReaction) {
        const AnimDef& a = defs_[1 - p].anims[std::size_t(o.anim)];
        if (o.animFrame <= a.startup + a.active && gap(p) <= reach(1 - p, o.anim) + 40) {
            return std::uint16_t(back | (a.guard == Guard::Low ? kDown : 0));
        }
    }
    const Projectile& pr = s_.projectiles[1 - p];
    if (pr.alive && std::abs((pr.box.minX + pr.box.maxX) / 2 - f.x) < 220) return back;
    if (f.action == Action::Blockstun) return std::uint16_t(back | (f.crouching ? kDown : 0));
    return 0;
}

void Fight::cpu4Decide(int p) {
    FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    CpuState& c = f.cpu;
    const std::uint16_t fwd = f.facing > 0 ? kRight : kLeft;
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    const int dist = std::abs(s_.fighters[1 - p].x - f.x);
    const int r = int(nextRandom() % 100);
    auto plan = [&](std::uint16_t b, int frames) {
        c.plan = b;
        c.planFrames = frames;
    };
    auto fireball = [&]() {
        c.fireballWait = 40 + int(nextRandom() % 120);  // varies its rhythm: 40-159 frames between fireballs
        c.motion = 13;
    };
    // Its special where it can land (a projectile from any range, a strike within its reach), at varying intervals.
    const bool canFireball = !s_.projectiles[p].alive && c.fireballWait == 0 && cpuCanLand(p, d.ids.special);
    if (dist > 320) {
        if (canFireball && r < 50) fireball();
        else plan(fwd, 10 + int(nextRandom() % 20));
    } else if (gap(p) > reach(p, d.ids.heavy)) {
        if (r < 45) plan(fwd, 6 + int(nextRandom() % 10));
        else if (r < 55 && d.ids.dash >= 0) c.motion = 43;  // a dash in: 6, 5, 6
        else if (r < 65) plan(back, 8);
        else if (r < 75 && d.ids.backdash >= 0) c.motion = 33;  // a back dash out: 4, 5, 4
        else if (r < 85 && canFireball) fireball();
        else plan(std::uint16_t(kUp | fwd), 3);
    } else if (cpuRawGrabSuper(p, r)) {
        c.motion = 26;
    } else {
        if (r < 17) plan(kLight, 1);
        else if (r < 25) plan(pressFor(d, d.ids.medium, f.facing, kLight), 1);
        else if (r < 33) plan(std::uint16_t(kDown | kLight), 1);
        else if (r < 40) plan(pressFor(d, d.ids.crouchmedium, f.facing, std::uint16_t(kDown | kLight)), 1);
        else if (r < 55 && d.ids.grab >= 0) plan(cpuCanLand(p, d.ids.grab) ? kThrow : kHeavy, 1);
        else if (r < 64) plan(kHeavy, 1);
        else if (r < 70) plan(pressFor(d, d.ids.crouchheavy, f.facing, kHeavy), 1);  // the sweep
        else plan(std::uint16_t(back | (r < 85 ? kDown : 0)), 12);  // a guard stance: blocks what it cannot see
    }
}

}  // namespace sim
