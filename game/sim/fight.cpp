// The fight rules: state machines, animation-driven hurtboxes in each fighter's agent BVH, hit detection through
// the engine (root test, then tree walk), hit/block resolution, push boxes, rounds, the CPU and the state hash.
//
// Why it looks like this: everything the rules read lives in FightState so a copy is a save state and a hash is
// a checksum (GGPO style). Loops run over the two fighters and the two projectile slots in index order and nothing
// depends on memory addresses. Attacks are found for both fighters first and applied after, so they trade. Blocking rule: a fighter guards
// when it holds BACK (away from the opponent) while standing, walking, crouching or already in blockstun; mid
// attacks are blocked either way, lows only crouching, overheads (`guard high`, jump-ins) only standing.
#include "game/sim/fight.h"

#include "game/sim/determinism.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace sim {

namespace {

/// A box given relative to a fighter facing right, placed at (x, y) with the given facing.
engine::AABB toWorld(const engine::AABB& r, int x, int y, int facing) {
    if (facing > 0) return {x + r.minX, y + r.minY, x + r.maxX, y + r.maxY};
    return {x - r.maxX, y + r.minY, x - r.minX, y + r.maxY};
}

/// The overlap of two colliding boxes (where a spark goes).
engine::AABB overlap(const engine::AABB& a, const engine::AABB& b) {
    return {std::max(a.minX, b.minX), std::max(a.minY, b.minY), std::min(a.maxX, b.maxX), std::min(a.maxY, b.maxY)};
}

/// Squared distance between box centres, in doubled units so it stays integer.
std::int64_t centreDistance2(const engine::AABB& a, const engine::AABB& b) {
    const std::int64_t dx = (std::int64_t(a.minX) + a.maxX) - (std::int64_t(b.minX) + b.maxX);
    const std::int64_t dy = (std::int64_t(a.minY) + a.maxY) - (std::int64_t(b.minY) + b.maxY);
    return dx * dx + dy * dy;
}

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

constexpr int kTechPush = 40;  ///< units each fighter slides apart when a throw is broken
constexpr int kCounterHitstun = 4;  ///< extra hitstun frames of a counter hit

// Tripwires (determinism.h): a new field changes a size and stops the build here until the hash below feeds it.
// Sizes are those of x86-64 with libstdc++; the body (an engine::AgentBVH) is hashed node by node and excluded.
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(FightState) - 2 * sizeof(FighterState) - 2 * sizeof(Projectile) == 64, "hash the new FightState field");
static_assert(sizeof(FighterState) - sizeof(engine::AgentBVH) == 200, "hash the new FighterState field");
static_assert(sizeof(Projectile) == 36 && sizeof(CpuState) == 20 && sizeof(AttackBox) == 20, "hash the new field");
#endif

/// Fields added after the first recorded replays (issue 12: input history, throws) are fed as (tag, value) pairs
/// only when they are not zero, so a match that never uses them (every Classic match without the throw button)
/// hashes exactly as before and the shipped checkpoints still hold; tags keep the encoding unambiguous.
void sparse(Hasher& hs, int tag, std::int64_t v) {
    if (v == 0) return;
    hs.num(tag);
    hs.num(v);
}

void hashFighter(Hasher& hs, const FighterState& f) {
    for (std::int64_t v : {std::int64_t(f.x), std::int64_t(f.y), std::int64_t(f.vx), std::int64_t(f.vy),
                           std::int64_t(f.facing), std::int64_t(f.action), std::int64_t(f.anim),
                           std::int64_t(f.animFrame), std::int64_t(f.health), std::int64_t(f.hitstun),
                           std::int64_t(f.blockstun), std::int64_t(f.blocking), std::int64_t(f.crouching),
                           std::int64_t(f.airborne), std::int64_t(f.attackLanded), std::int64_t(f.combo),
                           std::int64_t(f.lastAdvantage), std::int64_t(f.hasAdvantage), std::int64_t(f.held),
                           std::int64_t(f.prevHeld), std::int64_t(f.buffered), std::int64_t(f.bufferTimer),
                           std::int64_t(f.cpu.plan), std::int64_t(f.cpu.planFrames), std::int64_t(f.cpu.think)}) {
        hs.num(v);
    }
    hs.num(f.body.root());
    hs.num(f.body.poolSize());
    for (int i = 0; i < f.body.poolSize(); ++i) {
        hs.num(f.body.isLive(i));
        if (!f.body.isLive(i)) continue;
        const engine::AgentBVH::Node& n = f.body.node(i);
        hs.box(n.box);
        hs.num(n.parent);
        hs.num(n.left);
        hs.num(n.right);
    }
    for (int leaf : f.memberLeaf) hs.num(leaf);
    hs.num(std::int64_t(f.attacks.size()));
    for (const AttackBox& a : f.attacks) {
        hs.box(a.box);
        hs.num(a.active);
        sparse(hs, 1000, a.grab);
    }
    hs.box(f.push);
    for (int i = 0; i < kHistory; ++i) sparse(hs, 1100 + i, f.dirs[i]);
    sparse(hs, 1200, f.techTimer);
    sparse(hs, 1201, f.grabMember + 1);
    sparse(hs, 1202, f.cpu.motion);
    sparse(hs, 1203, f.cpu.fireballWait);
}

}  // namespace

std::uint64_t Fight::hashState(const FightState& s) {
    Hasher hs;
    for (std::int64_t v : {std::int64_t(s.frame), std::int64_t(s.round), std::int64_t(s.roundFrame),
                           std::int64_t(s.wins[0]), std::int64_t(s.wins[1]), std::int64_t(s.timer),
                           std::int64_t(s.hitstop), std::int64_t(s.roundOver), std::int64_t(s.roundEndTimer),
                           std::int64_t(s.roundWinner), std::int64_t(s.matchOver), std::int64_t(s.matchWinner)}) {
        hs.num(v);
    }
    hs.bytes(s.rng);
    for (const FighterState& f : s.fighters) hashFighter(hs, f);
    for (const Projectile& p : s.projectiles) {
        hs.box(p.box);
        for (int v : {p.owner, p.vx, p.life, p.anim, int(p.alive)}) hs.num(v);
    }
    return hs.h;
}

// ---------------------------------------------------------------------------------------------------------------
// Setup and rounds

Fight::Fight(const MatchSetup& setup, const FighterDef& p1, const FighterDef& p2) : setup_(setup) {
    defs_[0] = p1;
    defs_[1] = p2;
    for (FighterDef& d : defs_) d.resolveIds();  // once per match: the rules switch animations by id
    s_.rng = seedRandom(setup.seed);
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
    f.cpu = CpuState{};
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
    if (s_.matchOver) return;
    if (s_.roundOver) {
        if (--s_.roundEndTimer <= 0) {
            ++s_.round;
            startRound();
        }
        return;
    }
    if (s_.roundFrame == 0) emit(EventType::RoundStart, -1, -1);
    ++s_.roundFrame;
    if (s_.roundFrame <= setup_.intro) return;  // the round intro: inputs locked out, the timer waits
    const std::uint16_t buttons[2] = {inputFor(0, input), inputFor(1, input)};
    if (s_.hitstop > 0) {
        --s_.hitstop;   // frozen: only the held buttons are remembered (so a press is not seen twice)
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
    std::uint16_t b = setup_.isCpu(p) ? cpuInput(p) : setup_.isDummy(p) ? dummyInput(p, in) : std::uint16_t(in.buttons[p] & ~kStart);
    // SOCD cleaning: left + right held together is neither (a keyboard player cannot guard both sides at once).
    if ((b & (kLeft | kRight)) == (kLeft | kRight)) b = std::uint16_t(b & ~(kLeft | kRight));
    return b;
}

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
        case DummyMode::Record:
        case DummyMode::Playback: break;  // handled above
    }
    return 0;
}

std::uint16_t Fight::dummyGuard(int p) {
    FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    CpuState& c = f.cpu;
    if (c.motion > 0) return cpu4Motion(p);
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    const bool stunned = f.action == Action::Blockstun || f.action == Action::Hitstun;
    const int left = f.action == Action::Blockstun ? f.blockstun : f.hitstun;
    if (setup_.dummy == DummyMode::Reversal && stunned && left == 3 && defs_[p].ids.rising >= 0 && liveStyle(p)) {
        c.motion = 3;  // 6 now, 2, then 3 + special on the last stun frame: the uppercut starts on the first free frame
        return cpu4Motion(p);
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
// Fighter state machine

bool Fight::motion(int p, const std::uint16_t* steps, int count) const {
    // The steps must appear in order, one frame each at least, within the fighter's motion window (this frame
    // included); other directions in between are allowed (that is the leniency).
    const FighterState& f = s_.fighters[p];
    const int window = std::min(defs_[p].windows.motion, kHistory);
    int step = 0;
    for (int i = window - 1; i >= 0 && step < count; --i) {
        if (steps[step] & (1u << numpad(f.dirs[i], f.facing))) ++step;
    }
    return step == count;
}

int Fight::dashInput(int p) const {
    // A dash is a tap, neutral for at most the dash window, and a second tap this frame: 6 5 6 (or 4 5 4).
    const FighterState& f = s_.fighters[p];
    const InputWindows& w = defs_[p].windows;
    if (!liveStyle(p) || w.dash <= 0) return 0;
    const int limit = std::min(w.dash, kHistory - 1);
    for (int dir : {6, 4}) {
        if (numpad(f.dirs[0], f.facing) != dir || numpad(f.dirs[1], f.facing) != 5) continue;
        int i = 1;
        while (i <= limit && numpad(f.dirs[i], f.facing) == 5) ++i;
        if (i <= limit && numpad(f.dirs[i], f.facing) == dir) return dir == 6 ? 1 : -1;
    }
    return 0;
}

int Fight::pickAttack(int p, std::uint16_t pressed) const {
    const FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    if (f.airborne) return (pressed & (kLight | kHeavy)) ? d.ids.air : -1;
    if ((pressed & kThrow) && d.ids.grab >= 0) return d.ids.grab;
    if ((pressed & kSpecial) && setup_.style[p] != InputStyle::Classic) {
        static const std::uint16_t kDragon[] = {dirSet(6), dirSet(2, 1), dirSet(3)};   // 623
        static const std::uint16_t kQuarter[] = {dirSet(2), dirSet(3), dirSet(6)};     // 236
        if (d.ids.rising >= 0 && motion(p, kDragon, 3)) return d.ids.rising;  // 623 wins over 236 (6236)
        if (motion(p, kQuarter, 3)) return d.ids.special;
        if (setup_.style[p] == InputStyle::Motion) return -1;
        const bool forward = numpad(f.dirs[0], f.facing) == 6;
        return forward && d.ids.rising >= 0 ? d.ids.rising : d.ids.special;  // Simple: S, 6S
    }
    if (pressed & kSpecial) return d.ids.special;
    if (pressed & kHeavy) return d.ids.heavy;
    if (pressed & kLight) {
        const int low = d.ids.low;
        return ((f.held & kDown) && low >= 0) ? low : d.ids.light;
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
    if (liveStyle(p)) {
        std::copy_backward(f.dirs, f.dirs + kHistory - 1, f.dirs + kHistory);
        f.dirs[0] = std::uint8_t(buttons & (kUp | kDown | kLeft | kRight));
    }
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
        case Action::KO:
            return;
        case Action::Thrown:
            updateThrown(p);
            break;
        case Action::Dash:
            if (++f.animFrame > d.anims[f.anim].length) neutral(p, f.held);
            break;
        case Action::Hitstun:
        case Action::Blockstun:
            updateStun(p);
            break;
        case Action::Attack:
            updateAttack(p);
            break;
        case Action::Air:
            if (f.buffered >= 0 && f.buffered == d.ids.air) {
                startAnim(p, f.buffered, Action::Attack);
                f.animFrame = 1;
                f.attackLanded = false;
                f.buffered = -1;
                f.bufferTimer = 0;
            }
            break;
        case Action::Idle:
        case Action::Walk:
        case Action::Crouch:
            neutral(p, f.held);
            break;
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
    if (--f.hitstun <= 0) {
        f.hitstun = 0;
        f.combo = 0;
        if (f.airborne) startAnim(p, defs_[p].ids.jump, Action::Air);
        else neutral(p, f.held);
    }
}

void Fight::updateAttack(int p) {
    FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    const AnimDef& a = d.anims[f.anim];
    if (f.anim == d.ids.grab && s_.fighters[1 - p].action == Action::Thrown) return;  // holding the opponent
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
    if (f.airborne) {
        f.x += f.vx;
        f.y += f.vy;
        f.vy -= d.gravity;
        if (f.y <= 0) land(p);
    } else if (f.action == Action::Walk || f.action == Action::Dash) {
        f.x += f.vx;
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
        const bool fireballBusy = d.anims[a].projectile && s_.projectiles[p].alive;
        if (!fireballBusy && a != d.ids.air) {
            f.buffered = -1;
            f.bufferTimer = 0;
            f.attackLanded = false;
            f.crouching = (a == d.ids.low);
            startAnim(p, a, Action::Attack);
            f.animFrame = 1;
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
}

void Fight::clampToStage(int p) {
    FighterState& f = s_.fighters[p];
    const engine::AABB pb = toWorld(defs_[p].push, f.x, f.y, f.facing);
    if (pb.minX < 0) f.x -= pb.minX;
    else if (pb.maxX > kStageWidth) f.x -= pb.maxX - kStageWidth;
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
// Boxes: the animation frame places every member through the agent BVH

void Fight::placeBoxes(int p) {
    FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    const AnimDef& a = d.anims[f.anim];
    const int frame = f.animFrame;
    for (int m = 0; m < int(d.members.size()); ++m) {
        engine::AABB rel = d.members[m].box;
        for (const Placement& pl : a.boxes) {
            if (pl.target == m && frame >= pl.first && frame <= pl.last) rel = pl.box;
        }
        f.body.moveLeaf(f.memberLeaf[m], toWorld(rel, f.x, f.y, f.facing));
    }
    engine::AABB push = d.push;
    f.attacks.clear();
    const bool activeWindow = a.isMove && frame > a.startup && frame <= a.startup + a.active;
    for (const Placement& pl : a.boxes) {
        if (frame < pl.first || frame > pl.last) continue;
        if (pl.target == kPlacePush) push = pl.box;
        if (pl.target == kPlaceAttack || pl.target == kPlaceThrow) {
            f.attacks.push_back({toWorld(pl.box, f.x, f.y, f.facing), activeWindow, pl.target == kPlaceThrow});
        }
    }
    f.push = toWorld(push, f.x, f.y, f.facing);
}

engine::AABB Fight::memberBox(int p, int m) const {
    const FighterState& f = s_.fighters[p];
    return f.body.node(f.memberLeaf[m]).box;
}

// ---------------------------------------------------------------------------------------------------------------
// Projectiles

void Fight::moveProjectiles() {
    for (Projectile& pr : s_.projectiles) {
        if (!pr.alive) continue;
        pr.box = engine::translated(pr.box, pr.vx, 0);
        if (--pr.life <= 0 || pr.box.maxX < 0 || pr.box.minX > kStageWidth) pr.alive = false;
    }
}

void Fight::projectileClash() {
    Projectile& a = s_.projectiles[0];
    Projectile& b = s_.projectiles[1];
    if (!a.alive || !b.alive || !engine::collide(a.box, b.box)) return;
    a.alive = b.alive = false;
    emit(EventType::ProjectileCancel, -1, -1);
    events_.back().projectile = true;
    events_.back().where = overlap(a.box, b.box);
}

// ---------------------------------------------------------------------------------------------------------------
// Hit detection: broad test against the agent's root, then the tree walk

bool Fight::searchAgent(int victim, const engine::AABB& box, int& memberOut, engine::AABB& whereOut) {
    const FighterState& v = s_.fighters[victim];
    ++stats_.broadTests;
    if (v.body.root() == engine::AgentBVH::kNull || !engine::collide(v.body.node(v.body.root()).box, box)) {
        stats_.touched[victim].push_back(v.body.root());
        stats_.touchedHit[victim].push_back(0);
        return false;
    }
    ++stats_.broadHits;
    int best = -1;
    std::int64_t bestDist = 0;
    const int visited = v.body.walk(
        box,
        [&](int leaf) {
            const int m = v.body.node(leaf).userData;
            assert(m >= 0 && m < int(v.memberLeaf.size()) && v.memberLeaf[m] == leaf);
            const std::int64_t dist = centreDistance2(v.body.node(leaf).box, box);
            if (best < 0 || dist < bestDist || (dist == bestDist && m < best)) {
                best = m;
                bestDist = dist;
            }
            return true;
        },
        [&](int node, bool hit) {
            stats_.touched[victim].push_back(node);
            stats_.touchedHit[victim].push_back(hit ? 1 : 0);
        });
    stats_.nodesVisited += visited;
    if (best < 0) return false;
    memberOut = best;
    whereOut = overlap(v.body.node(v.memberLeaf[best]).box, box);
    return true;
}

bool Fight::invincible(int p) const {
    const FighterState& f = s_.fighters[p];
    if (f.action != Action::Attack) return false;
    const AnimDef& a = defs_[p].anims[f.anim];
    return a.invFirst > 0 && f.animFrame >= a.invFirst && f.animFrame <= a.invLast;
}

bool Fight::throwable(int p) const {
    // Grounded and not in hit/block stun (the genre's throw protection), not already held, not invincible.
    const FighterState& f = s_.fighters[p];
    const bool state = f.action == Action::Idle || f.action == Action::Walk || f.action == Action::Crouch ||
                       f.action == Action::Attack || f.action == Action::Dash;
    return state && !f.airborne && !invincible(p);
}

bool Fight::findAttackHit(int p, int& member, engine::AABB& where, bool& grab) {
    const FighterState& f = s_.fighters[p];
    if (f.action != Action::Attack || f.attackLanded) return false;
    const int victim = 1 - p;
    if (s_.fighters[victim].action == Action::KO || invincible(victim)) return false;
    for (const AttackBox& ab : f.attacks) {
        if (!ab.active || (ab.grab && !throwable(victim))) continue;
        if (searchAgent(victim, ab.box, member, where)) {
            grab = ab.grab;
            return true;
        }
    }
    return false;
}

void Fight::resolveAttacks() {
    // Find both hits on the same positions first, then apply them: simultaneous attacks trade.
    bool hit[2] = {false, false};
    bool grabs[2] = {false, false};
    int member[2] = {-1, -1};
    int anim[2] = {0, 0};
    engine::AABB where[2];
    for (int p = 0; p < 2; ++p) {
        hit[p] = findAttackHit(p, member[p], where[p], grabs[p]);
        anim[p] = s_.fighters[p].anim;
    }
    for (int p = 0; p < 2; ++p) {
        // A strike that connects on the same frame beats a throw: the thrower is hit out of it.
        if (hit[p] && grabs[p] && hit[1 - p] && !grabs[1 - p]) hit[p] = false;
    }
    if (hit[0] && hit[1] && grabs[0] && grabs[1]) {  // two throws on the same frame break each other
        s_.fighters[0].attackLanded = s_.fighters[1].attackLanded = true;
        tech(-1);
        return;
    }
    for (int p = 0; p < 2; ++p) {
        if (!hit[p]) continue;
        s_.fighters[p].attackLanded = true;
        if (grabs[p]) grab(p, member[p]);
        else applyHit(p, 1 - p, anim[p], member[p], where[p], false);
    }
    if (hit[0] && hit[1]) {
        // A trade: both are in hitstun now, so each one's advantage is the other's stun minus its own.
        for (int p = 0; p < 2; ++p) {
            s_.fighters[p].lastAdvantage = s_.fighters[1 - p].hitstun - s_.fighters[p].hitstun;
        }
    }
}

void Fight::resolveProjectile(int owner) {
    Projectile& pr = s_.projectiles[owner];
    const int victim = 1 - owner;
    if (!pr.alive || s_.fighters[victim].action == Action::KO || invincible(victim)) return;
    int member = -1;
    engine::AABB where;
    if (!searchAgent(victim, pr.box, member, where)) return;
    pr.alive = false;
    applyHit(owner, victim, pr.anim, member, where, true);
}

void Fight::applyHit(int attacker, int victim, int anim, int member, const engine::AABB& where, bool projectile) {
    const AnimDef& a = defs_[attacker].anims[anim];
    FighterState& att = s_.fighters[attacker];
    FighterState& v = s_.fighters[victim];
    const bool canGuard = v.action == Action::Idle || v.action == Action::Walk || v.action == Action::Crouch ||
                          v.action == Action::Blockstun;
    const bool guardOk = a.guard == Guard::Mid || (a.guard == Guard::Low && v.crouching) ||
                         (a.guard == Guard::High && !v.crouching);
    const bool blocked = canGuard && v.blocking && !v.airborne && guardOk;
    Event e;
    e.type = blocked ? EventType::Block : EventType::Hit;
    e.attacker = attacker;
    e.victim = victim;
    e.move = a.name;
    e.member = defs_[victim].members[member].name;
    e.heavy = a.heavy;
    e.projectile = projectile;
    e.where = where;
    int stun = 0;
    if (blocked) {
        e.damage = std::min(a.chip, v.health);
        v.blockstun = stun = a.blockstun;
        v.action = Action::Blockstun;
        v.anim = v.crouching ? defs_[victim].ids.crouchblock : defs_[victim].ids.block;
        v.animFrame = 1;
    } else {
        // A counter hit: the victim was caught in its own attack's startup or active frames (or, with Always, it
        // is the training dummy). 20% more damage and 4 more frames of hitstun.
        const AnimDef& va = defs_[victim].anims[std::size_t(v.anim)];
        const bool caught = v.action == Action::Attack && v.animFrame <= va.startup + va.active;
        e.counter = (setup_.counter == CounterHits::On && caught) ||
                    (setup_.counter == CounterHits::Always && (caught || setup_.isDummy(victim)));
        e.damage = std::min(a.damage + (e.counter ? a.damage / 5 : 0), v.health);
        v.combo = v.action == Action::Hitstun ? v.combo + 1 : 1;
        v.hitstun = stun = a.hitstun + (e.counter ? kCounterHitstun : 0);
        v.action = Action::Hitstun;
        v.anim = defs_[victim].ids.hitstun;
        v.animFrame = 1;
        v.blocking = v.crouching = false;
        v.buffered = -1;
        v.bufferTimer = 0;
        v.techTimer = 0;
        v.grabMember = -1;
    }
    v.health -= e.damage;
    ++stats_.hits;
    events_.push_back(e);
    // Pushback: the victim slides away; what the wall stops is paid back by a close-range attacker.
    const int dir = projectile ? (s_.projectiles[attacker].vx >= 0 ? 1 : -1) : (v.x >= att.x ? 1 : -1);
    const int before = v.x;
    v.x += dir * a.pushback;
    clampToStage(victim);
    const int lost = a.pushback - std::abs(v.x - before);
    if (!projectile && lost > 0) {
        att.x -= dir * lost;
        clampToStage(attacker);
    }
    s_.hitstop = std::max(s_.hitstop, a.hitstop);
    const int remaining = (att.action == Action::Attack && att.anim == anim) ? a.length - att.animFrame : 0;
    att.lastAdvantage = stun - remaining;
    att.hasAdvantage = true;
    placeBoxes(victim);
    placeBoxes(attacker);
}

// ---------------------------------------------------------------------------------------------------------------
// Throws: a throw box that reaches a throwable opponent holds it for the victim's tech window; a throw press in
// that window breaks it (both slide apart), otherwise the throw's damage and hitstun land (it cannot be blocked).

void Fight::grab(int attacker, int member) {
    const int victim = 1 - attacker;
    FighterState& v = s_.fighters[victim];
    const FighterDef& vd = defs_[victim];
    v.action = Action::Thrown;
    v.anim = vd.ids.thrown >= 0 ? vd.ids.thrown : vd.ids.hitstun;
    v.animFrame = 1;
    v.techTimer = vd.windows.tech;
    v.grabMember = member;
    v.blocking = v.crouching = false;
    v.vx = 0;
    v.buffered = -1;
    v.bufferTimer = 0;
    Event e;
    e.type = EventType::Throw;
    e.attacker = attacker;
    e.victim = victim;
    e.move = defs_[attacker].anims[s_.fighters[attacker].anim].name;
    e.member = vd.members[member].name;
    e.where = memberBox(victim, member);
    events_.push_back(e);
    placeBoxes(victim);
}

void Fight::updateThrown(int p) {
    FighterState& f = s_.fighters[p];
    const FighterState& a = s_.fighters[1 - p];
    const bool techable = !defs_[1 - p].anims[std::size_t(a.anim)].noTech;  // the thrower holds its grab's frame
    if (techable && ((f.held & ~f.prevHeld) & kThrow)) {
        tech(p);
        return;
    }
    if (--f.techTimer > 0) return;
    const int member = f.grabMember;
    const int attacker = 1 - p;
    applyHit(attacker, p, s_.fighters[attacker].anim, member, memberBox(p, member), false);
}

void Fight::tech(int victim) {
    emit(EventType::Tech, victim < 0 ? -1 : 1 - victim, victim);
    const int dir = s_.fighters[1].x >= s_.fighters[0].x ? 1 : -1;  // +1 when p2 stands on the right
    for (int p = 0; p < 2; ++p) {
        FighterState& f = s_.fighters[p];
        f.techTimer = 0;
        f.grabMember = -1;
        f.buffered = -1;
        f.bufferTimer = 0;
        if (f.action == Action::Thrown || (f.action == Action::Attack && f.anim == defs_[p].ids.grab)) neutral(p, 0);
        f.x += (p == 0 ? -dir : dir) * kTechPush;
        clampToStage(p);
        placeBoxes(p);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Push boxes

void Fight::pushApart() {
    FighterState& a = s_.fighters[0];
    FighterState& b = s_.fighters[1];
    const int ox = std::min(a.push.maxX, b.push.maxX) - std::max(a.push.minX, b.push.minX);
    const int oy = std::min(a.push.maxY, b.push.maxY) - std::max(a.push.minY, b.push.minY);
    if (ox <= 0 || oy <= 0) return;
    ++stats_.pushSeparations;
    // The fighter further left goes left; on equal x the one facing right is the left one (p1 on a full tie).
    const bool aLeft = a.x != b.x ? a.x < b.x : (a.facing != b.facing ? a.facing > 0 : true);
    const int left = aLeft ? 0 : 1;
    const int right = 1 - left;
    FighterState& l = s_.fighters[left];
    FighterState& r = s_.fighters[right];
    const int lWant = (ox + 1) / 2;
    const int lBefore = l.x;
    l.x -= lWant;
    clampToStage(left);
    const int rWant = ox - (lBefore - l.x);
    const int rBefore = r.x;
    r.x += rWant;
    clampToStage(right);
    const int rShort = rWant - (r.x - rBefore);
    if (rShort > 0) {
        l.x -= rShort;
        clampToStage(left);
    }
    placeBoxes(0);
    placeBoxes(1);
}

// ---------------------------------------------------------------------------------------------------------------
// Rounds, timer, training

void Fight::trainingRefill() {
    // Training never ends a round: health is refilled as soon as a fighter is out of hit/block stun, and a combo
    // that would KO leaves 1 point so the combo counter keeps running.
    for (int p = 0; p < 2; ++p) {
        FighterState& f = s_.fighters[p];
        const bool busy = f.action == Action::Hitstun || f.action == Action::Blockstun;
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

// ---------------------------------------------------------------------------------------------------------------
// The CPU: decides a plan (buttons to hold for some frames) after a reaction delay, using the state's RNG.

std::uint64_t Fight::nextRandom() { return sim::nextRandom(s_.rng); }

std::uint16_t Fight::cpuInput(int p) {
    if (setup_.cpuLevel >= 4) return cpu4Input(p);
    CpuState& c = s_.fighters[p].cpu;
    if (s_.hitstop == 0 && --c.think <= 0) {
        cpuDecide(p);
        const int level = std::clamp(setup_.cpuLevel, 1, 3);
        const int base[3] = {26, 16, 9};
        c.think = base[level - 1] + int(nextRandom() % 8);
    }
    if (c.planFrames <= 0) return 0;
    --c.planFrames;
    return c.plan;
}

void Fight::cpuDecide(int p) {
    FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    CpuState& c = f.cpu;
    const std::uint16_t fwd = f.facing > 0 ? kRight : kLeft;
    const std::uint16_t back = f.facing > 0 ? kLeft : kRight;
    const int dist = std::abs(o.x - f.x);
    const int r = int(nextRandom() % 100);
    const int blockChance[3] = {25, 55, 80};
    const int level = std::clamp(setup_.cpuLevel, 1, 3);
    const Projectile& theirs = s_.projectiles[1 - p];
    const bool fireballComing = theirs.alive && std::abs(theirs.box.minX - f.x) < 400;
    const bool attacked = o.action == Action::Attack && dist < 260;
    auto plan = [&](std::uint16_t b, int frames) {
        c.plan = b;
        c.planFrames = frames;
    };
    if ((attacked || fireballComing) && r < blockChance[level - 1]) {
        const bool low = o.action == Action::Attack && defs_[1 - p].anims[o.anim].guard == Guard::Low;
        plan(std::uint16_t(back | (low ? kDown : 0)), 24);
    } else if (fireballComing && r < 90) {
        plan(std::uint16_t(kUp | fwd), 4);
    } else if (dist > 350) {
        if (!s_.projectiles[p].alive && r < 45) plan(kSpecial, 2);
        else plan(fwd, 20);
    } else if (dist > 170) {
        if (r < 45) plan(fwd, 12);
        else if (r < 60 && !s_.projectiles[p].alive) plan(kSpecial, 2);
        else if (r < 72) plan(std::uint16_t(kUp | fwd), 4);
        else plan(back, 10);
    } else {
        if (r < 35) plan(kLight, 2);
        else if (r < 58) plan(kHeavy, 2);
        else if (r < 70) plan(std::uint16_t(kDown | kLight), 2);
        else if (r < 88) plan(back, 16);
        else plan(std::uint16_t(kUp | back), 4);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// CPU level 4: reads the fighters' frame data instead of rolling dice on every decision. Every frame it first
// checks what a player could react to (kCpuReaction frames into an attack it guards, high or low as the move
// says; anything faster it only blocks if it was already guarding), anti-airs a jump-in with its 623 + special,
// and punishes a blocked move whose remaining recovery is longer than its fastest answer's startup. Otherwise it
// follows a plan chosen with the state's RNG: footsies at mid range, fireballs at varying intervals, a close-range
// mix of jab, low, throw and a guard stance. Levels 1-3 are untouched (the recorded replays use them).

int Fight::reach(int p, int anim) const {
    int r = 0;  // how far ahead of the origin its attack or throw boxes go
    for (const Placement& pl : defs_[p].anims[std::size_t(anim)].boxes) {
        if (pl.target == kPlaceAttack || pl.target == kPlaceThrow) r = std::max(r, pl.box.maxX);
    }
    return r;
}

int Fight::gap(int p) const {
    // Distance from p's origin to the near edge of the opponent's push box (what an attack box has to cross).
    const FighterState& f = s_.fighters[p];
    const FighterState& o = s_.fighters[1 - p];
    return f.x < o.x ? o.push.minX - f.x : f.x - o.push.maxX;
}

std::uint16_t Fight::cpu4Motion(int p) {
    // The next frame of the motion being entered: 11-13 is 236 + special, 1-3 is 623 + special (3 = first step).
    CpuState& c = s_.fighters[p].cpu;
    const std::uint16_t fwd = s_.fighters[p].facing > 0 ? kRight : kLeft;
    const bool quarter = c.motion > 10;
    const int step = c.motion % 10;
    c.motion = step == 1 ? 0 : c.motion - 1;
    const std::uint16_t down = kDown;
    if (quarter) return step == 3 ? down : step == 2 ? std::uint16_t(down | fwd) : std::uint16_t(fwd | kSpecial);
    return step == 3 ? fwd : step == 2 ? down : std::uint16_t(down | fwd | kSpecial);
}

std::uint16_t Fight::cpu4Input(int p) {
    CpuState& c = s_.fighters[p].cpu;
    if (c.fireballWait > 0) --c.fireballWait;
    if (c.motion > 0) return cpu4Motion(p);
    const std::uint16_t react = cpu4React(p);
    if (react != 0 || c.motion > 0) return c.motion > 0 ? cpu4Motion(p) : react;
    if (s_.hitstop == 0 && --c.think <= 0) {
        cpu4Decide(p);
        c.think = 4 + int(nextRandom() % 5);
    }
    if (c.motion > 0) return cpu4Motion(p);
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
    const bool motions = liveStyle(p) && d.ids.rising >= 0;
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
        for (int anim : {d.ids.heavy, d.ids.light}) {
            if (remaining > d.anims[std::size_t(anim)].startup && gap(p) <= reach(p, anim)) return anim == d.ids.heavy ? kHeavy : kLight;
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
        if (liveStyle(p)) c.motion = 13;
        else plan(kSpecial, 1);
    };
    const bool canFireball = !s_.projectiles[p].alive && c.fireballWait == 0;
    if (dist > 320) {
        if (canFireball && r < 50) fireball();
        else plan(fwd, 10 + int(nextRandom() % 20));
    } else if (gap(p) > reach(p, d.ids.heavy)) {
        if (r < 55) plan(fwd, 6 + int(nextRandom() % 10));
        else if (r < 75) plan(back, 8);
        else if (r < 85 && canFireball) fireball();
        else plan(std::uint16_t(kUp | fwd), 3);
    } else {
        if (r < 25) plan(kLight, 1);
        else if (r < 40) plan(std::uint16_t(kDown | kLight), 1);
        else if (r < 55 && d.ids.grab >= 0) plan(kThrow, 1);
        else if (r < 70) plan(kHeavy, 1);
        else plan(std::uint16_t(back | (r < 85 ? kDown : 0)), 12);  // a guard stance: blocks what it cannot see
    }
}

}  // namespace sim
