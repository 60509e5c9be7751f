// FightState as named fields (see fight_fields.h). Kept beside fight_hash.cpp's list: the same tripwires stop the
// build when a field is added to the state, so the two lists are updated together.
#include "game/sim/fight_fields.h"

#include <unordered_map>

namespace sim {

namespace {

static_assert(sizeof(FightState) - 2 * sizeof(FighterState) - 2 * sizeof(Projectile) == 120,
              "list the new FightState field");
static_assert(sizeof(FighterState) - sizeof(Body) - sizeof(FighterState::memberLeaf) - sizeof(FighterState::attacks) ==
                  248,
              "list the new FighterState field");
static_assert(sizeof(Projectile) == 36 && sizeof(CpuState) == 40 && sizeof(AttackBox) == 20 && sizeof(DummyMemory) == 8,
              "list the new field");

class Lister {
public:
    explicit Lister(std::vector<StateField>& out) : out_(out) {}
    void num(const std::string& name, std::int64_t v) { out_.push_back({name, v}); }
    void box(const std::string& name, const engine::AABB& b) {
        num(name + ".minX", b.minX);
        num(name + ".minY", b.minY);
        num(name + ".maxX", b.maxX);
        num(name + ".maxY", b.maxY);
    }

private:
    std::vector<StateField>& out_;
};

std::string indexed(const std::string& base, int i) { return base + "[" + std::to_string(i) + "]"; }

/// The CPU's plan and habit memory and the training dummy's memory: hashed like everything else.
void listMinds(Lister& l, const std::string& p, const FighterState& f) {
    l.num(p + "cpu.plan", f.cpu.plan);
    l.num(p + "cpu.planFrames", f.cpu.planFrames);
    l.num(p + "cpu.think", f.cpu.think);
    l.num(p + "cpu.motion", f.cpu.motion);
    l.num(p + "cpu.fireballWait", f.cpu.fireballWait);
    for (int si = 0; si < kSituations; ++si) {
        for (int h = 0; h < kHabits; ++h) {
            l.num(p + "cpu.habits[" + std::to_string(si) + "][" + std::to_string(h) + "]", f.cpu.habits[si][h]);
        }
    }
    l.num(p + "cpu.watching", f.cpu.watching);
    l.num(p + "cpu.watchFrames", f.cpu.watchFrames);
    l.num(p + "cpu.seen", f.cpu.seen);
    l.num(p + "cpu.answer", int(f.cpu.answer));
    l.num(p + "cpu.answerFrames", f.cpu.answerFrames);
    l.num(p + "cpu.wakeup", f.cpu.wakeup);
    l.num(p + "dummy.guarding", f.dummy.guarding);
    l.num(p + "dummy.quietFrames", f.dummy.quietFrames);
    l.num(p + "dummy.techCoin", f.dummy.techCoin);
    l.num(p + "dummy.reversalLeft", f.dummy.reversalLeft);
    l.num(p + "dummy.playSlot", f.dummy.playSlot);
    l.num(p + "dummy.playFrame", f.dummy.playFrame);
}

/// The fighter's hurtbox tree, node by node, its member leaves, attack boxes, push box and direction history.
void listBody(Lister& l, const std::string& p, const FighterState& f) {
    l.num(p + "body.root", f.body.root());
    l.num(p + "body.poolSize", f.body.poolSize());
    for (int i = 0; i < f.body.poolSize(); ++i) {
        const std::string n = indexed(p + "body.node", i);
        l.num(n + ".live", f.body.isLive(i));
        if (!f.body.isLive(i)) continue;
        const engine::AgentNode& node = f.body.node(i);
        l.box(n + ".box", node.box);
        l.num(n + ".parent", node.parent);
        l.num(n + ".left", node.left);
        l.num(n + ".right", node.right);
    }
    for (int i = 0; i < int(f.memberLeaf.size()); ++i)
        l.num(indexed(p + "memberLeaf", i), f.memberLeaf[std::size_t(i)]);
    l.num(p + "attacks.size", std::int64_t(f.attacks.size()));
    for (int i = 0; i < int(f.attacks.size()); ++i) {
        const AttackBox& a = f.attacks[std::size_t(i)];
        const std::string n = indexed(p + "attacks", i);
        l.box(n + ".box", a.box);
        l.num(n + ".active", a.active);
        l.num(n + ".grab", a.grab);
    }
    l.box(p + "push", f.push);
    for (int i = 0; i < kHistory; ++i) l.num(indexed(p + "dirs", i), f.dirs[i]);
}

void listFighter(Lister& l, const std::string& p, const FighterState& f) {
    l.num(p + "x", f.x);
    l.num(p + "y", f.y);
    l.num(p + "vx", f.vx);
    l.num(p + "vy", f.vy);
    l.num(p + "facing", f.facing);
    l.num(p + "action", std::int64_t(f.action));
    l.num(p + "anim", f.anim);
    l.num(p + "animFrame", f.animFrame);
    l.num(p + "health", f.health);
    l.num(p + "hitstun", f.hitstun);
    l.num(p + "blockstun", f.blockstun);
    l.num(p + "blocking", f.blocking);
    l.num(p + "crouching", f.crouching);
    l.num(p + "airborne", f.airborne);
    l.num(p + "attackLanded", f.attackLanded);
    l.num(p + "combo", f.combo);
    l.num(p + "lastAdvantage", f.lastAdvantage);
    l.num(p + "hasAdvantage", f.hasAdvantage);
    l.num(p + "held", f.held);
    l.num(p + "prevHeld", f.prevHeld);
    l.num(p + "buffered", f.buffered);
    l.num(p + "bufferTimer", f.bufferTimer);
    listMinds(l, p, f);
    l.num(p + "techTimer", f.techTimer);
    l.num(p + "grabMember", f.grabMember);
    l.num(p + "meter", f.meter);
    l.num(p + "juggle", f.juggle);
    l.num(p + "launched", f.launched);
    l.num(p + "armorUsed", f.armorUsed);
    l.num(p + "rose", f.rose);
    listBody(l, p, f);
}

}  // namespace

std::vector<StateField> stateFields(const FightState& s) {
    std::vector<StateField> out;
    Lister l(out);
    l.num("frame", s.frame);
    l.num("round", s.round);
    l.num("roundFrame", s.roundFrame);
    l.num("wins[0]", s.wins[0]);
    l.num("wins[1]", s.wins[1]);
    l.num("timer", s.timer);
    l.num("hitstop", s.hitstop);
    l.num("roundOver", s.roundOver);
    l.num("roundEndTimer", s.roundEndTimer);
    l.num("roundWinner", s.roundWinner);
    l.num("matchOver", s.matchOver);
    l.num("matchWinner", s.matchWinner);
    l.num("rng", std::int64_t(s.rng));  // the bits of the 64-bit state, read back as the same bits
    listFighter(l, "p1.", s.fighters[0]);
    listFighter(l, "p2.", s.fighters[1]);
    for (int i = 0; i < 2; ++i) {
        const Projectile& p = s.projectiles[i];
        const std::string n = indexed("proj", i);
        l.box(n + ".box", p.box);
        l.num(n + ".owner", p.owner);
        l.num(n + ".vx", p.vx);
        l.num(n + ".life", p.life);
        l.num(n + ".anim", p.anim);
        l.num(n + ".alive", p.alive);
    }
    return out;
}

std::vector<std::string> differingFields(const std::vector<StateField>& a, const std::vector<StateField>& b) {
    std::unordered_map<std::string, std::int64_t> inB;
    for (const StateField& f : b) inB.emplace(f.name, f.value);
    std::unordered_map<std::string, bool> inA;
    std::vector<std::string> out;
    for (const StateField& f : a) {
        inA.emplace(f.name, true);
        const auto it = inB.find(f.name);
        if (it == inB.end() || it->second != f.value) out.push_back(f.name);
    }
    for (const StateField& f : b) {
        if (inA.find(f.name) == inA.end()) out.push_back(f.name);
    }
    return out;
}

}  // namespace sim
