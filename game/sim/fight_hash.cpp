// The fight's state hash: 64-bit FNV-1a over every field of FightState in a fixed order, the checksum that
// replays, scripts and the netcode's desync check compare.
//
// Why it is its own file: the hash is a contract with every recorded replay, so it changes only with the rules
// version (kRulesVersion: a replay of other rules is refused, so no field is ever left out or fed specially to keep
// old checkpoints: the CPU's habit memory and the dummy's memory are fed like every other field), and a reader checking
// that a new state field is hashed should find the field list in one place. The tripwires below stop the build when a field is added and not fed to the hash.
#include "game/sim/fight.h"

#include "game/sim/determinism.h"

namespace sim {

namespace {

// Tripwires (determinism.h): a new field changes a size and stops the build here until the hash below feeds it.
// The state is plain data of fixed-size integers, so the sizes are the same on every 64-bit platform; the fighter's
// body and lists are hashed item by item and left out. (A field small enough to fit into the padding before a
// 64-byte-aligned member changes no size: add it to the hash all the same.)
static_assert(sizeof(FightState) - 2 * sizeof(FighterState) - 2 * sizeof(Projectile) == 120,
              "hash the new FightState field");
static_assert(sizeof(FighterState) - sizeof(Body) - sizeof(FighterState::memberLeaf) - sizeof(FighterState::attacks) ==
                  248,
              "hash the new FighterState field");
static_assert(sizeof(Projectile) == 36 && sizeof(CpuState) == 40 && sizeof(AttackBox) == 20 && sizeof(DummyMemory) == 8,
              "hash the new field");

/// The CPU's and the training dummy's memory, in the hash's order.
void hashMinds(Hasher& hs, const FighterState& f) {
    for (int si = 0; si < kSituations; ++si) {
        for (int h = 0; h < kHabits; ++h) hs.num(f.cpu.habits[si][h]);
    }
    for (int v : {int(f.cpu.watching), int(f.cpu.watchFrames), int(f.cpu.seen), int(f.cpu.answer),
                  int(f.cpu.answerFrames), int(f.cpu.wakeup), int(f.dummy.guarding), int(f.dummy.quietFrames),
                  int(f.dummy.techCoin), int(f.dummy.reversalLeft), int(f.dummy.playSlot), int(f.dummy.playFrame)}) {
        hs.num(v);
    }
}

/// The agent BVH of the body, its member leaves, the attack boxes, the push box and the input history.
void hashBody(Hasher& hs, const FighterState& f) {
    hs.num(f.body.root());
    hs.num(f.body.poolSize());
    for (int i = 0; i < f.body.poolSize(); ++i) {
        hs.num(f.body.isLive(i));
        if (!f.body.isLive(i)) continue;
        const engine::AgentNode& n = f.body.node(i);
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
        hs.num(a.grab);
    }
    hs.box(f.push);
    for (std::uint8_t d : f.dirs) hs.num(d);
}

void hashFighter(Hasher& hs, const FighterState& f) {
    for (std::int64_t v : {std::int64_t(f.x),
                           std::int64_t(f.y),
                           std::int64_t(f.vx),
                           std::int64_t(f.vy),
                           std::int64_t(f.facing),
                           std::int64_t(f.action),
                           std::int64_t(f.anim),
                           std::int64_t(f.animFrame),
                           std::int64_t(f.health),
                           std::int64_t(f.hitstun),
                           std::int64_t(f.blockstun),
                           std::int64_t(f.blocking),
                           std::int64_t(f.crouching),
                           std::int64_t(f.airborne),
                           std::int64_t(f.attackLanded),
                           std::int64_t(f.combo),
                           std::int64_t(f.lastAdvantage),
                           std::int64_t(f.hasAdvantage),
                           std::int64_t(f.held),
                           std::int64_t(f.prevHeld),
                           std::int64_t(f.buffered),
                           std::int64_t(f.bufferTimer),
                           std::int64_t(f.cpu.plan),
                           std::int64_t(f.cpu.planFrames),
                           std::int64_t(f.cpu.think),
                           std::int64_t(f.cpu.motion),
                           std::int64_t(f.cpu.fireballWait),
                           std::int64_t(f.techTimer),
                           std::int64_t(f.grabMember),
                           std::int64_t(f.meter),
                           std::int64_t(f.juggle),
                           std::int64_t(f.launched),
                           std::int64_t(f.armorUsed),
                           std::int64_t(f.rose)}) {
        hs.num(v);
    }
    hashMinds(hs, f);
    hashBody(hs, f);
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

}  // namespace sim
