// The state's named fields (desync bisection): one changed field is named alone, and the list follows the hash.
#include "game/sim/fight_fields.h"
#include "tests/game/sim/fight_test_util.h"

#include <doctest/doctest.h>

#include <set>

namespace {

sim::Fight steppedFight(int frames) {
    sim::Fight f(fighttest::setupAt(500, 700), fighttest::fighter("ryo"), fighttest::fighter("ryo"));
    for (int i = 0; i < frames; ++i) f.step(fighttest::input(i % 20 < 10 ? sim::kRight : sim::kLight, sim::kLeft));
    return f;
}

}  // namespace

TEST_CASE("fight fields: every name is distinct and two equal states have no differing field") {
    const sim::Fight f = steppedFight(40);
    const std::vector<sim::StateField> a = sim::stateFields(f.state());
    std::set<std::string> names;
    for (const sim::StateField& x : a) CHECK_MESSAGE(names.insert(x.name).second, x.name);
    CHECK(names.count("p2.health") == 1);
    CHECK(names.count("rng") == 1);
    CHECK(sim::differingFields(a, sim::stateFields(f.state())).empty());
}

TEST_CASE("fight fields: one changed field is named alone, and the hash moves with it") {
    const sim::Fight f = steppedFight(40);
    struct Case {
        const char* name;
        void (*change)(sim::FightState&);
    };
    const Case cases[] = {
        {"p2.health", [](sim::FightState& s) { s.fighters[1].health -= 7; }},
        {"rng", [](sim::FightState& s) { s.rng ^= 1u; }},
        {"timer", [](sim::FightState& s) { s.timer += 1; }},
        {"p1.cpu.think", [](sim::FightState& s) { s.fighters[0].cpu.think += 3; }},
        {"p1.push.maxX", [](sim::FightState& s) { s.fighters[0].push.maxX += 1; }},
        {"p2.dirs[5]", [](sim::FightState& s) { s.fighters[1].dirs[5] ^= 1u; }},
        {"proj[1].life", [](sim::FightState& s) { s.projectiles[1].life += 1; }},
    };
    for (const Case& c : cases) {
        sim::FightState changed = f.state();
        c.change(changed);
        const std::vector<std::string> d = sim::differingFields(sim::stateFields(f.state()), sim::stateFields(changed));
        REQUIRE_MESSAGE(d.size() == 1, c.name);
        CHECK(d[0] == c.name);
        CHECK(sim::Fight::hashState(changed) != sim::Fight::hashState(f.state()));
    }
}

TEST_CASE("the adapting CPU's memory and the training dummy's named memory reach the hash field by field") {
    // A match of two players: every such field is 0, and each one set alone is named alone and moves the hash, as
    // every other field does (none is fed only when something is set).
    const sim::Fight f = steppedFight(40);
    using Change = void (*)(sim::FightState&);
    const std::pair<const char*, Change> cases[] = {
        {"p1.cpu.habits[1][2]", [](sim::FightState& s) { s.fighters[0].cpu.habits[1][2] = 1; }},
        {"p2.cpu.watching", [](sim::FightState& s) { s.fighters[1].cpu.watching = 1; }},
        {"p2.cpu.watchFrames", [](sim::FightState& s) { s.fighters[1].cpu.watchFrames = 1; }},
        {"p2.cpu.seen", [](sim::FightState& s) { s.fighters[1].cpu.seen = 1; }},
        {"p2.cpu.answer", [](sim::FightState& s) { s.fighters[1].cpu.answer = sim::Answer::Throw; }},
        {"p2.cpu.answerFrames", [](sim::FightState& s) { s.fighters[1].cpu.answerFrames = 1; }},
        {"p2.cpu.wakeup", [](sim::FightState& s) { s.fighters[1].cpu.wakeup = 2; }},
        {"p2.dummy.guarding", [](sim::FightState& s) { s.fighters[1].dummy.guarding = 1; }},
        {"p2.dummy.quietFrames", [](sim::FightState& s) { s.fighters[1].dummy.quietFrames = 1; }},
        {"p2.dummy.techCoin", [](sim::FightState& s) { s.fighters[1].dummy.techCoin = 2; }},
        {"p2.dummy.reversalLeft", [](sim::FightState& s) { s.fighters[1].dummy.reversalLeft = 1; }},
        {"p2.dummy.playSlot", [](sim::FightState& s) { s.fighters[1].dummy.playSlot = 3; }},
        {"p2.dummy.playFrame", [](sim::FightState& s) { s.fighters[1].dummy.playFrame = 1; }},
    };
    for (const auto& one : cases) {  // no structured binding: CAPTURE's lambda may not capture one in C++17 (clang)
        const auto& name = one.first;
        const auto& change = one.second;
        CAPTURE(name);
        sim::FightState changed = f.state();
        change(changed);
        const std::vector<std::string> d = sim::differingFields(sim::stateFields(f.state()), sim::stateFields(changed));
        REQUIRE(d.size() == 1);
        CHECK(d[0] == name);
        CHECK(sim::Fight::hashState(changed) != sim::Fight::hashState(f.state()));
    }
    // Two CPU memories that differ only in which habit was counted hash differently too.
    sim::FightState a = f.state(), b = f.state();
    a.fighters[1].cpu.habits[0][1] = 1;
    b.fighters[1].cpu.habits[1][0] = 1;
    CHECK(sim::Fight::hashState(a) != sim::Fight::hashState(b));
}

TEST_CASE("fight fields: a name in one list only counts as differing") {
    const std::vector<sim::StateField> a = {{"x", 1}, {"y", 2}};
    const std::vector<sim::StateField> b = {{"y", 2}, {"z", 3}};
    CHECK(sim::differingFields(a, b) == std::vector<std::string>{"x", "z"});
}
