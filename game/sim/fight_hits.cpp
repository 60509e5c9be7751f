// Hits and throws: projectiles fly and cancel, attack boxes are searched for in the opponent's agent BVH, hits and
// blocks are resolved, and throws hold, break or land.
//
// Why it looks like this: an attack box is first tested against the opponent agent's ROOT box and only on a root
// hit is the tree walked; the leaves reached are the members hit and the nearest one to the attack box takes the
// hit. Attacks are found for both fighters first and applied after, so they trade. Blocking rule: a fighter guards
// when it holds BACK (away from the opponent) while standing, walking, crouching or already in blockstun; mid
// attacks are blocked either way, lows only crouching, overheads (`guard high`, jump-ins) only standing.
#include "game/sim/fight.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace sim {

namespace {

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

constexpr int kTechPush = 40;       ///< units each fighter slides apart when a throw is broken
constexpr int kCounterHitstun = 4;  ///< extra hitstun frames of a counter hit

}  // namespace

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
    if (f.action == Action::Knockdown) return true;  // lying down: nothing touches a fighter until it stands
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

bool Fight::juggleFull(int victim, int anim) const {
    // A juggled victim takes hits only while its juggle points stay within kJuggleLimit; past it, attacks pass.
    const FighterState& v = s_.fighters[victim];
    const int owner = 1 - victim;
    return v.launched && v.airborne && v.juggle + defs_[owner].anims[std::size_t(anim)].juggle > kJuggleLimit;
}

void Fight::gainMeter(int p, int amount) {
    s_.fighters[p].meter = std::clamp(s_.fighters[p].meter + amount, 0, kMeterMax);
}

bool Fight::findAttackHit(int p, int& member, engine::AABB& where, bool& grab) {
    const FighterState& f = s_.fighters[p];
    if (f.action != Action::Attack || f.attackLanded) return false;
    const int victim = 1 - p;
    if (s_.fighters[victim].action == Action::KO || invincible(victim) || juggleFull(victim, f.anim)) return false;
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
        if (grabs[p]) {
            const bool early = pressedThrowJustBefore(1 - p);  // the genre's option select: an early press breaks it
            grab(p, member[p]);
            if (early) tech(1 - p);
        } else applyHit(p, 1 - p, anim[p], member[p], where[p], false);
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
    if (!pr.alive || s_.fighters[victim].action == Action::KO || invincible(victim) || juggleFull(victim, pr.anim))
        return;
    int member = -1;
    engine::AABB where;
    if (!searchAgent(victim, pr.box, member, where)) return;
    pr.alive = false;
    applyHit(owner, victim, pr.anim, member, where, true);
}

void Fight::applyHit(int attacker, int victim, int anim, int member, const engine::AABB& where, bool projectile) {
    const AnimDef& a = defs_[attacker].anims[anim];
    FighterState& v = s_.fighters[victim];
    const bool canGuard = v.action == Action::Idle || v.action == Action::Walk || v.action == Action::Crouch ||
                          v.action == Action::Blockstun;
    const bool guardOk = a.guard == Guard::Mid || a.guard == Guard::High || (a.guard == Guard::Low && v.crouching) ||
                         (a.guard == Guard::Overhead && !v.crouching);
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
    const AnimDef& va = defs_[victim].anims[std::size_t(v.anim)];
    const bool armored = !blocked && !projectile && a.guard != Guard::Throw && v.action == Action::Attack &&
                         !v.armorUsed && va.armorFirst > 0 && v.animFrame >= va.armorFirst &&
                         v.animFrame <= va.armorLast;
    int stun = 0;
    if (blocked) {
        stun = blockHit(attacker, victim, a, e);
    } else if (armored) {
        // Armour: the hit's damage lands, its stun does not; the move goes on (one hit per move).
        e.armor = true;
        e.damage = std::min(a.damage, v.health);
        v.armorUsed = true;
        gainMeter(attacker, a.damage / 4);
    } else {
        stun = strikeHit(attacker, victim, a, member, e);
    }
    v.health -= e.damage;
    ++stats_.hits;
    events_.push_back(e);
    pushBack(attacker, victim, a, projectile);
    s_.hitstop = std::max(s_.hitstop, a.hitstop);
    // The victim acts again `stun` steps from now (its stun runs out on that step and it is free at once); the
    // attacker on the step its animation passes its last frame, or on the next one when it is no longer in it.
    FighterState& att = s_.fighters[attacker];
    const int attackerFree = (att.action == Action::Attack && att.anim == anim) ? a.length - att.animFrame + 1 : 1;
    att.lastAdvantage = stun - attackerFree;
    att.hasAdvantage = true;
    placeBoxes(victim);
    placeBoxes(attacker);
}

int Fight::blockHit(int attacker, int victim, const AnimDef& a, Event& e) {
    FighterState& v = s_.fighters[victim];
    e.damage = std::min(a.chip, v.health);
    v.blockstun = a.blockstun;
    v.action = Action::Blockstun;
    v.anim = v.crouching ? defs_[victim].ids.crouchblock : defs_[victim].ids.block;
    v.animFrame = 1;
    gainMeter(attacker, a.damage / 4);
    gainMeter(victim, a.damage / 8);
    return a.blockstun;
}

int Fight::strikeHit(int attacker, int victim, const AnimDef& a, int member, Event& e) {
    FighterState& v = s_.fighters[victim];
    const AnimDef& va = defs_[victim].anims[std::size_t(v.anim)];
    // A counter hit: the victim was caught in its own attack's startup frames (or, with Always, it is the
    // training dummy). 20% more damage and 4 more frames of hitstun.
    const bool caught = v.action == Action::Attack && v.animFrame <= va.startup;
    e.counter = (setup_.counter == CounterHits::On && caught) ||
                (setup_.counter == CounterHits::Always && (caught || setup_.isDummy(victim)));
    e.damage = std::min(a.damage + (e.counter ? a.damage / 5 : 0), v.health);
    const bool juggled = v.launched && v.airborne;
    v.combo = v.action == Action::Hitstun ? v.combo + 1 : 1;
    v.hitstun = a.hitstun + (e.counter ? kCounterHitstun : 0);
    v.action = Action::Hitstun;
    v.anim = hitReaction(victim, a, member);
    v.animFrame = 1;
    v.blocking = v.crouching = false;
    v.buffered = -1;
    v.bufferTimer = 0;
    v.techTimer = 0;
    v.grabMember = -1;
    gainMeter(attacker, a.damage / 2);
    gainMeter(victim, a.damage / 4);
    if (juggled) {  // a juggle hit pops the falling victim up a little and costs juggle points
        v.juggle += a.juggle;
        v.vy = std::max(v.vy, kJuggleVy);
    } else if (a.launcher || (a.knockdown && v.airborne)) {
        v.launched = true;
        v.juggle = a.juggle;
        if (a.launcher) {
            v.airborne = true;
            v.vy = std::max(v.vy, kLaunchVy);
        }
    } else if (a.knockdown) {
        v.action = Action::Knockdown;
        v.hitstun = kDownFrames;
        v.anim = defs_[victim].ids.down >= 0 ? defs_[victim].ids.down : defs_[victim].ids.ko;
        v.rose = false;
    }
    if (v.launched && v.airborne) v.vx = (v.x >= s_.fighters[attacker].x ? 1 : -1) * 2;  // drifts away while falling
    return v.hitstun;
}

void Fight::pushBack(int attacker, int victim, const AnimDef& a, bool projectile) {
    // The victim slides away; what the wall stops is paid back by a close-range attacker.
    FighterState& att = s_.fighters[attacker];
    FighterState& v = s_.fighters[victim];
    const int dir = projectile ? (s_.projectiles[attacker].vx >= 0 ? 1 : -1) : (v.x >= att.x ? 1 : -1);
    const int before = v.x;
    v.x += dir * a.pushback;
    clampToStage(victim);
    const int lost = a.pushback - std::abs(v.x - before);
    if (!projectile && lost > 0) {
        att.x -= dir * lost;
        clampToStage(attacker);
    }
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

bool Fight::pressedThrowJustBefore(int p) const {
    // The victim's own throw started at most kEarlyTech frames ago (still in its startup: had it connected, the
    // victim would be the thrower): its throw press counts as a tech, so a press a little early is not punished.
    const FighterState& f = s_.fighters[p];
    if (f.action != Action::Attack || f.animFrame > kEarlyTech) return false;
    return defs_[p].anims[std::size_t(f.anim)].guard == Guard::Throw;
}

void Fight::updateThrown(int p) {
    FighterState& f = s_.fighters[p];
    const FighterState& a = s_.fighters[1 - p];
    const bool techable = !defs_[1 - p].anims[std::size_t(a.anim)].noTech;  // the thrower holds its grab's frame
    if (techable && ((f.held & ~f.prevHeld) & defs_[p].techButtons)) {
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
        const bool throwing = f.action == Action::Attack && defs_[p].anims[std::size_t(f.anim)].guard == Guard::Throw;
        if (f.action == Action::Thrown || throwing) neutral(p, 0);
        f.x += (p == 0 ? -dir : dir) * kTechPush;
        clampToStage(p);
        placeBoxes(p);
    }
}

}  // namespace sim
