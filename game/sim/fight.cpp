// The fight's step and its states: setup and rounds, the order of one step, reading input (motions, dashes, the
// buffer), each fighter's state machine and the animation that places its hurtboxes in its agent BVH.
//
// Why it looks like this: everything the rules read lives in FightState so a copy is a save state and a hash is
// a checksum (GGPO style). Loops run over the two fighters and the two projectile slots in index order and nothing
// depends on memory addresses. The rest of the rules live beside this file: hits and throws (fight_hits.cpp),
// push boxes and walls (fight_push.cpp), a frame's members and boxes (fight_boxes.cpp), the CPU and the training
// dummy (fight_cpu.cpp, fight_dummy.cpp), the hash (fight_hash.cpp).
#include "game/sim/fight.h"

#include "game/sim/determinism.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace sim {

namespace {

/// Numpad notation of held directions for a fighter facing `facing`: 5 neutral, 6 forward, 2 down, 3 down-forward,
/// 4 back, 8 up... (left and right are never both held: SOCD cleaning runs first).
int numpad(std::uint16_t dirs, int facing) {
    const std::uint16_t fwd = facing > 0 ? kRight : kLeft;
    const std::uint16_t back = facing > 0 ? kLeft : kRight;
    const int row = (dirs & kDown) ? 0 : (dirs & kUp) ? 6 : 3;
    const int col = (dirs & back) ? 1 : (dirs & fwd) ? 3 : 2;
    return row + col;
}

/// A set of numpad directions as bits (bit n = direction n), for motion steps.
constexpr std::uint16_t dirSet(int a, int b = 0) { return std::uint16_t((1u << a) | (b ? (1u << b) : 0u)); }

}  // namespace

engine::AABB toWorld(const engine::AABB& r, int x, int y, int facing) {
    if (facing > 0) return {x + r.minX, y + r.minY, x + r.maxX, y + r.maxY};
    return {x - r.maxX, y + r.minY, x - r.minX, y + r.maxY};
}

// ---------------------------------------------------------------------------------------------------------------
// Setup and rounds

Fight::Fight(const MatchSetup& setup, const FighterDef& p1, const FighterDef& p2) : setup_(setup) {
    defs_[0] = p1;
    defs_[1] = p2;
    for (FighterDef& d : defs_) {
        assert(int(d.members.size()) <= kMaxMembers);  // the loader refuses more
        d.resolveIds();                                // once per match: the rules switch animations by id
    }
    s_.rng = seedRandom(setup.seed);
    if (setup.mode == Mode::Training && !setup.reversal.empty())
        reversalSteps_ = reversalInput(defs_[1], setup.reversal, setup.style[1]);
    for (int p = 0; p < 2; ++p) s_.fighters[p].meter = std::clamp(setup.startMeter[p], 0, kMeterMax);
    for (int p = 0; p < 2; ++p) {
        FighterState& f = s_.fighters[p];
        for (const MemberDef& m : defs_[p].members) {
            // The member's index rides in the leaf as user data: a query hands it straight back.
            const int member = int(f.memberLeaf.size());
            f.memberLeaf.push_back(f.body.addLeaf(toWorld(m.box, setup.startX[p], 0, 1), member));
        }
    }
    startRound();
}

void Fight::startRound() {
    s_.timer = setup_.roundFrames;
    s_.roundFrame = 0;
    s_.hitstop = 0;
    s_.roundOver = false;
    s_.roundEndTimer = 0;
    s_.roundWinner = -1;
    for (Projectile& pr : s_.projectiles) pr = Projectile{};
    resetFighter(0);
    resetFighter(1);
    faceEachOther();
    placeBoxes(0);
    placeBoxes(1);
}

void Fight::resetFighter(int p) {
    FighterState& f = s_.fighters[p];
    f.x = setup_.startX[p];
    f.y = f.vx = f.vy = 0;
    f.facing = p == 0 ? 1 : -1;
    f.action = Action::Idle;
    f.anim = defs_[p].ids.stand;
    f.animFrame = 1;
    f.health = setup_.startHealth[p] > 0 ? setup_.startHealth[p] : defs_[p].health;
    f.hitstun = f.blockstun = 0;
    f.blocking = f.crouching = f.airborne = f.attackLanded = false;
    f.combo = 0;
    f.buffered = -1;
    f.bufferTimer = 0;
    f.juggle = 0;
    f.launched = f.armorUsed = f.rose = false;
    f.cpu = CpuState{};
    f.dummy = DummyMemory{};
}

void Fight::emit(EventType type, int attacker, int victim) {
    Event e;
    e.type = type;
    e.attacker = attacker;
    e.victim = victim;
    events_.push_back(e);
}

// ---------------------------------------------------------------------------------------------------------------
// The step

void Fight::step(const FrameInput& input) {
    events_.clear();
    stats_.broadTests = stats_.broadHits = stats_.nodesVisited = stats_.hits = stats_.pushSeparations = 0;
    for (int p = 0; p < 2; ++p) {
        stats_.touched[p].clear();
        stats_.touchedHit[p].clear();
    }
    ++s_.frame;
    if (s_.matchOver) {
        roundEndPoses();
        return;
    }
    if (s_.roundOver) {
        if (--s_.roundEndTimer <= 0) {
            ++s_.round;
            startRound();
        } else {
            roundEndPoses();
        }
        return;
    }
    if (s_.roundFrame == 0) emit(EventType::RoundStart, -1, -1);
    ++s_.roundFrame;
    if (s_.roundFrame <= setup_.intro) return;  // the round intro: inputs locked out, the timer waits
    const std::uint16_t buttons[2] = {inputFor(0, input), inputFor(1, input)};
    if (s_.hitstop > 0) {
        --s_.hitstop;  // frozen: only the held buttons are remembered (so a press is not seen twice)
        readInput(0, buttons[0]);
        readInput(1, buttons[1]);
        return;
    }
    updateFighter(0, buttons[0]);
    updateFighter(1, buttons[1]);
    faceEachOther();
    placeBoxes(0);
    placeBoxes(1);
    moveProjectiles();
    projectileClash();
    resolveAttacks();
    resolveProjectile(0);
    resolveProjectile(1);
    pushApart();
    if (setup_.mode == Mode::Training) trainingRefill();
    updateRound();
}

std::uint16_t relativeToAbsolute(std::uint16_t b, int facing) {
    if (facing > 0) return b;
    const std::uint16_t lr = b & (kLeft | kRight);  // mirror: forward is screen-left for a fighter facing left
    const std::uint16_t swapped = std::uint16_t(((lr & kLeft) ? kRight : 0) | ((lr & kRight) ? kLeft : 0));
    return std::uint16_t((b & ~(kLeft | kRight)) | swapped);
}

std::uint16_t Fight::inputFor(int p, const FrameInput& in) {
    std::uint16_t b = setup_.isCpu(p)     ? cpuInput(p)
                      : setup_.isDummy(p) ? trainingDummy(p, in)
                                          : std::uint16_t(in.buttons[p] & ~kStart);
    // SOCD cleaning: left + right held together is neither (a keyboard player cannot guard both sides at once).
    if ((b & (kLeft | kRight)) == (kLeft | kRight)) b = std::uint16_t(b & ~(kLeft | kRight));
    return b;
}

// ---------------------------------------------------------------------------------------------------------------
// Fighter state machine

bool Fight::motion(int p, const std::uint16_t* steps, int count) const {
    // The steps must appear in order, one frame each at least, within the fighter's motion window (this frame
    // included; twice the window for a six-step motion); other directions in between are allowed (the leniency).
    return stepsMatched(p, steps, count, std::min(defs_[p].windows.motion * (count > 5 ? 2 : 1), kHistory)) == count;
}

int Fight::stepsMatched(int p, const std::uint16_t* steps, int count, int frames) const {
    // How many of the steps appear in order in the last `frames` frames of directions, oldest first.
    const FighterState& f = s_.fighters[p];
    int step = 0;
    for (int i = frames - 1; i >= 0 && step < count; --i) {
        if (steps[step] & (1u << numpad(f.dirs[i], f.facing))) ++step;
    }
    return step;
}

int Fight::dashInput(int p) const {
    // A dash is a tap, neutral for at most the dash window, and a second tap this frame: 6 5 6 (or 4 5 4).
    const FighterState& f = s_.fighters[p];
    const InputWindows& w = defs_[p].windows;
    if (w.dash <= 0) return 0;
    const int limit = std::min(w.dash, kHistory - 1);
    for (int dir : {6, 4}) {
        if (numpad(f.dirs[0], f.facing) != dir || numpad(f.dirs[1], f.facing) != 5) continue;
        int i = 1;
        while (i <= limit && numpad(f.dirs[i], f.facing) == 5) ++i;
        if (i <= limit && numpad(f.dirs[i], f.facing) == dir) return dir == 6 ? 1 : -1;
    }
    return 0;
}

bool Fight::qcfMakesSuper(int p) const {
    // Would a 236 entered over the next three frames (2, 3, 6 with the button on the 6) complete a 236236 too? The
    // super's motion, matched as motion() does over twice the motion window, finds its first steps in the history
    // that will still be inside that window then, and the rest in the new 2, 3, 6.
    static const std::uint16_t kQcf2[] = {dirSet(2), dirSet(3), dirSet(6), dirSet(2), dirSet(3), dirSet(6)};
    int step = stepsMatched(p, kQcf2, 6, std::min(defs_[p].windows.motion * 2, kHistory) - 3);
    for (int dir : {2, 3, 6}) {
        if (step < 6 && (kQcf2[step] & (1u << dir))) ++step;
    }
    return step == 6;
}

bool Fight::motionDone(int p, Motion m) const {
    // Each step is a set of numpad directions (bit n = direction n).
    static const std::uint16_t kQcf[] = {dirSet(2), dirSet(3), dirSet(6)};
    static const std::uint16_t kDp[] = {dirSet(6, 3), dirSet(2, 1), dirSet(3)};  // 3-2-3 is a 623 too
    static const std::uint16_t kQcb[] = {dirSet(2), dirSet(1), dirSet(4)};
    static const std::uint16_t kHcf[] = {dirSet(4), dirSet(1), dirSet(2), dirSet(3), dirSet(6)};
    static const std::uint16_t kUpOrNeutral = std::uint16_t(dirSet(4, 5) | dirSet(6, 7) | dirSet(8, 9));
    static const std::uint16_t kDownDown[] = {dirSet(2), kUpOrNeutral, dirSet(2)};
    static const std::uint16_t kQcf2[] = {dirSet(2), dirSet(3), dirSet(6), dirSet(2), dirSet(3), dirSet(6)};
    switch (m) {
    case Motion::None: return true;
    case Motion::QCF: return motion(p, kQcf, 3);
    case Motion::DP: return motion(p, kDp, 3);
    case Motion::QCB: return motion(p, kQcb, 3);
    case Motion::HCF: return motion(p, kHcf, 5);
    case Motion::DownDown: return motion(p, kDownDown, 3);
    case Motion::QCF2: return motion(p, kQcf2, 6);
    }
    return false;
}

namespace {

/// How specific an input is: a longer or stricter motion first (236236, 41236, then 623 over 236 and 214, then 22), then a
/// held direction, then the button alone; a Simple-style shortcut loses a tie to a regular input.
int inputRank(const MoveInput& in) {
    static const int kMotionRank[] = {0, 3, 4, 3, 5, 2, 6};  // None, 236, 623, 214, 41236, 22, 236236
    const int shape = in.motion != Motion::None ? kMotionRank[int(in.motion)] : in.dir != 0 ? 1 : 0;
    return shape * 2 + (in.simple ? 0 : 1);
}

}  // namespace

int Fight::pickAttack(int p, std::uint16_t pressed) const {
    // The pressed buttons are tried from the last row of the button table to the first (throw before special before
    // heavy before light); for one button the most specific matching input of a move usable in the fighter's
    // state wins (inputRank), ties going to the move declared first.
    const FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    const int now = numpad(f.dirs[0], f.facing);
    for (int b = kMaxButtons - 1; b >= 0; --b) {
        const std::uint16_t bit = std::uint16_t(1u << b);
        if (!(pressed & bit)) continue;
        int best = -1;
        int bestRank = -1;
        for (int i = 0; i < int(d.anims.size()); ++i) {
            const AnimDef& a = d.anims[std::size_t(i)];
            if (!a.isMove || !(f.airborne ? a.fromAir : a.fromGround) || a.cost > f.meter) continue;
            for (const MoveInput& in : a.inputs) {
                if (in.button != bit || (in.simple && setup_.style[p] != InputStyle::Simple)) continue;
                if (in.dir == 2 ? (now < 1 || now > 3) : (in.dir != 0 && now != in.dir)) continue;
                if (!motionDone(p, in.motion)) continue;
                const int rank = inputRank(in);
                if (rank > bestRank) {
                    best = i;
                    bestRank = rank;
                }
            }
        }
        if (best >= 0) return best;
    }
    return -1;
}

void Fight::startAnim(int p, int anim, Action action) {
    FighterState& f = s_.fighters[p];
    if (f.anim != anim || f.action != action) {
        if (f.anim != anim) f.animFrame = 1;
        f.anim = anim;
        f.action = action;
    }
}

bool Fight::readInput(int p, std::uint16_t buttons) {
    FighterState& f = s_.fighters[p];
    f.prevHeld = f.held;
    f.held = buttons;
    std::copy_backward(f.dirs, f.dirs + kHistory - 1, f.dirs + kHistory);
    f.dirs[0] = std::uint8_t(buttons & (kUp | kDown | kLeft | kRight));
    const int attack = pickAttack(p, std::uint16_t(f.held & ~f.prevHeld));
    if (attack < 0) return false;
    f.buffered = attack;
    f.bufferTimer = kInputBuffer;
    return true;
}

void Fight::updateFighter(int p, std::uint16_t buttons) {
    FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    if (!readInput(p, buttons) && f.bufferTimer > 0 && --f.bufferTimer == 0) f.buffered = -1;
    switch (f.action) {
    case Action::KO: return;
    case Action::Thrown: updateThrown(p); break;
    case Action::Dash: {
        // A forward dash held forward becomes a run (fighters with a `run` speed) until forward is released or
        // an attack is pressed.
        const std::uint16_t fwd = f.facing > 0 ? kRight : kLeft;
        const bool running = d.windows.run > 0 && f.vx * f.facing > 0 && (f.held & fwd) && f.buffered < 0;
        if (++f.animFrame > d.anims[f.anim].length) {
            if (running) {
                f.animFrame = 1;
                f.vx = d.windows.run * f.facing;
            } else {
                neutral(p, f.held);
            }
        } else if (d.windows.run > 0 && f.vx == d.windows.run * f.facing && !running) {
            neutral(p, f.held);
        }
        break;
    }
    case Action::Knockdown: updateDown(p); break;
    case Action::Hitstun:
    case Action::Blockstun: updateStun(p); break;
    case Action::Attack: updateAttack(p); break;
    case Action::Air:
        if (f.buffered >= 0 && d.anims[std::size_t(f.buffered)].fromAir && canStart(p, f.buffered)) {
            const bool crouching = f.crouching;
            startMove(p, f.buffered);
            f.crouching = crouching;
        }
        break;
    case Action::Idle:
    case Action::Walk:
    case Action::Crouch: neutral(p, f.held); break;
    }
    moveFighter(p);
}

void Fight::updateStun(int p) {
    FighterState& f = s_.fighters[p];
    if (f.action == Action::Blockstun) {
        const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
        f.blocking = (f.held & back) != 0;
        if (--f.blockstun <= 0) {
            f.blockstun = 0;
            neutral(p, f.held);
        }
        return;
    }
    if (f.launched && f.airborne) {  // juggled: the stun lasts until the fall ends (land() knocks it down)
        f.hitstun = std::max(f.hitstun - 1, 1);
        return;
    }
    if (--f.hitstun <= 0) {
        f.hitstun = 0;
        f.combo = 0;
        if (f.airborne) startAnim(p, defs_[p].ids.jump, Action::Air);
        else neutral(p, f.held);
    }
}

void Fight::updateDown(int p) {
    // Lying after a knockdown: a fixed wake-up (kDownFrames from the hit), shortened once by a quick rise (a down
    // press while lying). On the last frame the fighter stands and acts at once: a buffered press is a reversal.
    FighterState& f = s_.fighters[p];
    if (!f.rose && ((f.held & ~f.prevHeld) & kDown) && f.hitstun > kQuickRise) {
        f.rose = true;
        f.hitstun -= kQuickRise;
        f.animFrame = std::min(f.animFrame + kQuickRise, defs_[p].anims[f.anim].length);  // the get-up comes sooner
    }
    if (--f.hitstun > 0) return;
    f.hitstun = 0;
    f.combo = 0;
    f.juggle = 0;
    f.launched = f.rose = false;
    neutral(p, f.held);
}

bool Fight::canStart(int p, int anim) const {
    const AnimDef& a = defs_[p].anims[std::size_t(anim)];
    return !(a.projectile && s_.projectiles[p].alive) && a.cost <= s_.fighters[p].meter;
}

void Fight::startMove(int p, int anim) {
    FighterState& f = s_.fighters[p];
    const AnimDef& a = defs_[p].anims[std::size_t(anim)];
    f.buffered = -1;
    f.bufferTimer = 0;
    f.attackLanded = false;
    f.armorUsed = false;
    f.crouching = a.crouching;
    f.meter = std::clamp(f.meter - a.cost + a.meterGain, 0, kMeterMax);
    startAnim(p, anim, Action::Attack);
    f.animFrame = 1;
}

void Fight::updateAttack(int p) {
    FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    const AnimDef& a = d.anims[f.anim];
    // A cancel: once the move connected (hit or block), until cancelWindow frames after its last active frame, a
    // buffered move it lists under `cancel` starts at once.
    if (f.buffered >= 0 && f.attackLanded && f.animFrame <= a.startup + a.active + a.cancelWindow &&
        std::find(a.cancels.begin(), a.cancels.end(), f.buffered) != a.cancels.end() && canStart(p, f.buffered) &&
        (f.airborne ? d.anims[std::size_t(f.buffered)].fromAir : d.anims[std::size_t(f.buffered)].fromGround)) {
        startMove(p, f.buffered);
        return;
    }
    if (a.guard == Guard::Throw && s_.fighters[1 - p].action == Action::Thrown) return;  // holding the opponent
    ++f.animFrame;
    if (a.projectile && f.animFrame == a.startup + 1 && !s_.projectiles[p].alive) {
        Projectile& pr = s_.projectiles[p];
        pr.alive = true;
        pr.owner = p;
        pr.anim = f.anim;
        pr.life = a.projLife;
        pr.vx = a.projSpeed * f.facing;
        pr.box = toWorld(a.projBox, f.x, f.y, f.facing);
    }
    if (f.animFrame > a.length) {
        if (f.airborne) startAnim(p, d.ids.jump, Action::Air);
        else neutral(p, f.held);
    }
}

void Fight::moveFighter(int p) {
    FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    advanceReaction(p);
    if (f.airborne) {
        f.x += f.vx;
        f.y += f.vy;
        f.vy -= d.gravity;
        if (f.y <= 0) land(p);
    } else if (f.action == Action::Walk || f.action == Action::Dash) {
        f.x += f.vx;
    }
    if (f.action == Action::Attack) {
        // A move's own motion (`advance`) moves the origin as a walk would: the wall below, the push boxes later.
        const AnimDef& a = d.anims[f.anim];
        if (f.animFrame >= a.advanceFirst && f.animFrame <= a.advanceLast) f.x += a.advanceDx * f.facing;
    }
    if (f.action == Action::Idle || f.action == Action::Walk || f.action == Action::Crouch) {
        const AnimDef& a = d.anims[f.anim];
        if (++f.animFrame > a.length) f.animFrame = 1;
    }
    clampToStage(p);
}

void Fight::neutral(int p, std::uint16_t held) {
    FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    // Re-face first: after a cross-up the buffered attack and the back/forward reading use the new side.
    const FighterState& o = s_.fighters[1 - p];
    if (!f.airborne && o.x != f.x) f.facing = o.x > f.x ? 1 : -1;
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    const std::uint16_t fwd = f.facing > 0 ? kRight : kLeft;
    f.blocking = false;
    f.crouching = false;
    f.vx = 0;
    if (f.buffered >= 0) {
        const int a = f.buffered;
        if (canStart(p, a) && d.anims[std::size_t(a)].fromGround) {
            startMove(p, a);
            return;
        }
    }
    const int dash = dashInput(p);
    const int dashAnim = dash > 0 ? d.ids.dash : dash < 0 ? d.ids.backdash : -1;
    if (dashAnim >= 0) {
        f.vx = (dash > 0 ? d.windows.dashForward : -d.windows.dashBack) * f.facing;
        startAnim(p, dashAnim, Action::Dash);
        f.animFrame = 1;
        return;
    }
    if (held & kUp) {
        f.airborne = true;
        f.vy = d.jumpVy;
        f.vx = (held & fwd) ? d.jumpVx * f.facing : (held & back) ? -d.jumpVx * f.facing : 0;
        startAnim(p, d.ids.jump, Action::Air);
        f.animFrame = 1;
        return;
    }
    if (held & kDown) {
        f.crouching = true;
        f.blocking = (held & back) != 0;
        startAnim(p, f.blocking ? d.ids.crouchblock : d.ids.crouch, Action::Crouch);
        return;
    }
    if (held & (fwd | back)) {
        const bool forward = (held & fwd) != 0;
        f.blocking = !forward;
        f.vx = forward ? d.walkForward * f.facing : -d.walkBack * f.facing;
        startAnim(p, d.ids.walk, Action::Walk);
        return;
    }
    startAnim(p, d.ids.stand, Action::Idle);
}

void Fight::land(int p) {
    FighterState& f = s_.fighters[p];
    f.y = 0;
    f.vy = 0;
    f.vx = 0;
    f.airborne = false;
    if (f.action == Action::Air || f.action == Action::Attack) neutral(p, f.held);
    if (f.launched && f.action == Action::Hitstun) {  // a juggled fighter lands lying down
        f.action = Action::Knockdown;
        f.hitstun = kDownFrames;
        f.anim = defs_[p].ids.down >= 0 ? defs_[p].ids.down : defs_[p].ids.ko;
        f.animFrame = 1;
    }
}

void Fight::faceEachOther() {
    for (int p = 0; p < 2; ++p) {
        FighterState& f = s_.fighters[p];
        const FighterState& o = s_.fighters[1 - p];
        const bool free = f.action == Action::Idle || f.action == Action::Walk || f.action == Action::Crouch;
        if (!free || f.airborne || o.x == f.x) continue;
        f.facing = o.x > f.x ? 1 : -1;
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Rounds, timer, training

void Fight::trainingRefill() {
    // Training never ends a round: health is refilled as soon as a fighter is out of hit/block stun, and a combo
    // that would KO leaves 1 point so the combo counter keeps running.
    for (int p = 0; p < 2; ++p) {
        FighterState& f = s_.fighters[p];
        const bool busy = f.action == Action::Hitstun || f.action == Action::Blockstun || f.action == Action::Knockdown;
        if (!busy) f.health = defs_[p].health;
        else if (f.health <= 0) f.health = 1;
    }
}

void Fight::updateRound() {
    const bool ko[2] = {s_.fighters[0].health <= 0, s_.fighters[1].health <= 0};
    if (ko[0] || ko[1]) {
        for (int p = 0; p < 2; ++p) {
            if (!ko[p]) continue;
            FighterState& f = s_.fighters[p];
            f.health = 0;
            f.action = Action::KO;
            f.anim = defs_[p].ids.ko;
            f.animFrame = 1;
            f.y = f.vx = f.vy = 0;
            f.airborne = f.blocking = f.crouching = false;
            placeBoxes(p);
            emit(EventType::KO, 1 - p, p);
        }
        endRound(ko[0] && ko[1] ? 2 : (ko[0] ? 1 : 0));
        return;
    }
    if (setup_.mode == Mode::Training) return;
    if (--s_.timer > 0) return;
    s_.timer = 0;
    emit(EventType::TimeOver, -1, -1);
    // Compare health as a fraction of each fighter's full health (cross-multiplied, integer).
    const std::int64_t h0 = std::int64_t(s_.fighters[0].health) * defs_[1].health;
    const std::int64_t h1 = std::int64_t(s_.fighters[1].health) * defs_[0].health;
    endRound(h0 == h1 ? 2 : (h0 > h1 ? 0 : 1));
}

void Fight::endRound(int winner) {
    s_.roundOver = true;
    s_.roundEndTimer = kRoundEndFrames;
    s_.roundWinner = winner;
    for (int p = 0; p < 2; ++p) {
        if (winner == p || winner == 2) ++s_.wins[p];
    }
    const bool done0 = s_.wins[0] >= setup_.roundsToWin;
    const bool done1 = s_.wins[1] >= setup_.roundsToWin;
    if (done0 || done1) {
        s_.matchOver = true;
        s_.matchWinner = done0 && done1 ? 2 : (done0 ? 0 : 1);
        emit(EventType::MatchOver, -1, s_.matchWinner);
    }
}

}  // namespace sim
