// The rigged Brick and Tasha keep the hurt area of their old per-frame boxes, so the fight's balance and the
// scripts' expectations still hold: their neutral member boxes (the first frame of `stand`) and the reach of the
// striking limb on each attack's first active frame stay within a few units of the old files' boxes.
//
// The reference boxes are copied by hand from data/fighters/brick.fighter and tasha.fighter as they were before
// the rig (the `member` lines, and the `box` line of the striking member covering the first active frame); the
// tolerances are what the skeletons can reach, checked frame by frame against those files with `game_headless
// --boxes` while posing. Edges where two members meet (a head's neck reaching down to the shoulders, a thigh
// starting inside the pelvis, an arm hanging from the spine's end) are not compared: a bone that hangs from
// another bone necessarily starts inside it, and only the outline of the body decides what is hit.
#include "game/sim/rig.h"
#include "game/sim/fight_test_util.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

struct OldBox {
    const char* member;
    engine::AABB box;
};

engine::AABB memberAt(const sim::FighterDef& d, const char* anim, int frame, int member) {
    sim::BoneArray placed{};
    const int count = sim::posedBones(d, d.anim(anim), frame, placed);
    REQUIRE(count > 0);
    return sim::posedMemberBox(d, placed, count, member);
}

engine::AABB unionOf(const engine::AABB& a, const engine::AABB& b) {
    return {std::min(a.minX, b.minX), std::min(a.minY, b.minY), std::max(a.maxX, b.maxX), std::max(a.maxY, b.maxY)};
}

/// Which edges of a member are on the body's outline in the neutral stance (minX, minY, maxX, maxY).
struct Outline {
    bool minX, minY, maxX, maxY;
};
Outline outlineOf(const std::string& m) {
    if (m == "head") return {true, false, true, true};
    if (m == "torso") return {true, false, true, false};
    if (m == "arm-front") return {false, true, true, true};
    if (m == "arm-back") return {true, true, false, true};
    if (m == "leg-front") return {false, true, true, false};
    return {true, true, false, false};  // leg-back
}

void checkNeutral(const char* id, const OldBox (&old)[6], int edgeTolerance) {
    CAPTURE(id);
    const sim::FighterDef d = fighttest::fighter(id);
    REQUIRE(d.rigged());
    REQUIRE(d.members.size() == 6);
    engine::AABB oldAll = old[0].box, newAll{};
    bool first = true;
    for (const OldBox& o : old) {
        CAPTURE(o.member);
        const int m = d.member(o.member);
        REQUIRE(m >= 0);
        const engine::AABB now = memberAt(d, "stand", 1, m);
        // The loader's neutral box is the same first frame of `stand`.
        CHECK(now == d.members[std::size_t(m)].box);
        const Outline e = outlineOf(o.member);
        if (e.minX) CHECK(std::abs(now.minX - o.box.minX) <= edgeTolerance);
        if (e.minY) CHECK(std::abs(now.minY - o.box.minY) <= edgeTolerance);
        if (e.maxX) CHECK(std::abs(now.maxX - o.box.maxX) <= edgeTolerance);
        if (e.maxY) CHECK(std::abs(now.maxY - o.box.maxY) <= edgeTolerance);
        oldAll = unionOf(oldAll, o.box);
        newAll = first ? now : unionOf(newAll, now);
        first = false;
    }
    // The whole body's outline: within 3 units on every side.
    CHECK(std::abs(newAll.minX - oldAll.minX) <= 3);
    CHECK(std::abs(newAll.minY - oldAll.minY) <= 3);
    CHECK(std::abs(newAll.maxX - oldAll.maxX) <= 3);
    CHECK(std::abs(newAll.maxY - oldAll.maxY) <= 3);
}

/// The striking limb on an attack's first active frame (startup + 1): how far it reached in the old file.
struct Reach {
    const char* move;
    const char* member;
    int oldMaxX;    ///< the old box's maxX: the limb's forward reach
    int oldMinY;    ///< the old box's minY (a low's leg on the floor)
    int tolerance;  ///< what this pose reaches (see the comment at the top)
};

void checkReach(const char* id, const Reach* reach, int n) {
    const sim::FighterDef d = fighttest::fighter(id);
    for (int i = 0; i < n; ++i) {
        const Reach& r = reach[i];
        CAPTURE(id);
        CAPTURE(r.move);
        const int a = d.anim(r.move);
        REQUIRE(a >= 0);
        const engine::AABB now = memberAt(d, r.move, d.anims[std::size_t(a)].startup + 1, d.member(r.member));
        CHECK(std::abs(now.maxX - r.oldMaxX) <= r.tolerance);
        CHECK(std::abs(now.minY - r.oldMinY) <= r.tolerance);
    }
}

}  // namespace

TEST_CASE("Rigged Brick and Tasha stand in the outline of their old neutral boxes") {
    // brick.fighter before the rig: member head -16 190 18 222, torso -38 110 36 190, arm-front 18 120 52 175,
    // arm-back -52 115 -30 170, leg-front 4 0 34 110, leg-back -34 0 -4 110.
    const OldBox brick[6] = {{"head", {-16, 190, 18, 222}},     {"torso", {-38, 110, 36, 190}},
                             {"arm-front", {18, 120, 52, 175}}, {"arm-back", {-52, 115, -30, 170}},
                             {"leg-front", {4, 0, 34, 110}},    {"leg-back", {-34, 0, -4, 110}}};
    checkNeutral("brick", brick, 4);
    // tasha.fighter before the rig: member head -12 160 14 186, torso -26 95 24 160, arm-front 12 108 40 152,
    // arm-back -36 104 -16 152, leg-front 2 0 24 95, leg-back -24 0 -2 95. Her head sits a little back on her
    // neck (its back edge 10 units behind the old box, inside the torso's outline) and her hanging front arm
    // reaches 11 lower than the old box, in front of her hip: 12.
    const OldBox tasha[6] = {{"head", {-12, 160, 14, 186}},     {"torso", {-26, 95, 24, 160}},
                             {"arm-front", {12, 108, 40, 152}}, {"arm-back", {-36, 104, -16, 152}},
                             {"leg-front", {2, 0, 24, 95}},     {"leg-back", {-24, 0, -2, 95}}};
    checkNeutral("tasha", tasha, 12);
}

TEST_CASE("Rigged Brick and Tasha reach as far as their old boxes on each attack's first active frame") {
    // Old boxes (brick.fighter before the rig) on frame startup + 1: light arm-front 18 142 96 168, medium
    // 10 120 109 162, heavy 18 110 120 158, throw 18 120 80 175, crouchmedium 10 64 90 110, low leg-front 0 0 116 28,
    // crouchheavy leg-front 0 0 140 22. Brick's arms and legs fall short of the longest old boxes by up to 19
    // units (a bone chain long enough would not fold into his neutral boxes).
    const Reach brick[] = {{"light", "arm-front", 96, 142, 4},       {"medium", "arm-front", 109, 120, 6},
                           {"heavy", "arm-front", 120, 110, 15},     {"throw", "arm-front", 80, 120, 4},
                           {"crouchmedium", "arm-front", 90, 64, 4}, {"low", "leg-front", 116, 0, 8},
                           {"crouchheavy", "leg-front", 140, 0, 20}};
    checkReach("brick", brick, int(sizeof(brick) / sizeof(brick[0])));
    // tasha.fighter before the rig: light arm-front 12 126 80 148, medium 10 104 95 142, heavy 20 120 110 150,
    // rising 12 110 84 150, throw 12 110 70 150, super 10 110 80 150, crouchmedium 10 60 75 95, low leg-front
    // 0 0 86 24, crouchheavy leg-front 0 0 112 22.
    const Reach tasha[] = {{"light", "arm-front", 80, 126, 4},       {"medium", "arm-front", 95, 104, 4},
                           {"heavy", "arm-front", 110, 120, 10},     {"rising", "arm-front", 84, 110, 4},
                           {"throw", "arm-front", 70, 110, 4},       {"super", "arm-front", 80, 110, 4},
                           {"crouchmedium", "arm-front", 75, 60, 4}, {"low", "leg-front", 86, 0, 4},
                           {"crouchheavy", "leg-front", 112, 0, 16}};
    checkReach("tasha", tasha, int(sizeof(tasha) / sizeof(tasha[0])));
}

TEST_CASE("A rigged fighter's members sit where its bones put them on every frame, rolled back or not") {
    // The fight keeps recent poses by anim and frame; whatever it finds there must be the pose the bones give now.
    // Each frame is stepped, then rolled back three frames and stepped again, as a rollback session does.
    using namespace fighttest;
    const sim::FighterDef ryo = fighter("ryo"), brick = fighter("brick");
    sim::Fight fight(setupAt(300, 500, "ryo", "brick"), ryo, brick);
    std::vector<sim::FightState> history{fight.state()};
    std::uint32_t seed = 12345;
    std::vector<sim::FrameInput> inputs;
    int wrong = 0;
    for (int frame = 0; frame < 400; ++frame) {
        seed = seed * 1664525u + 1013904223u;
        inputs.push_back(input(std::uint16_t(seed >> 20), std::uint16_t(seed >> 8)));
        const std::size_t back = std::min<std::size_t>(3, inputs.size() - 1);
        fight.restore(history[history.size() - 1 - back]);
        for (std::size_t k = inputs.size() - 1 - back; k < inputs.size(); ++k) fight.step(inputs[k]);
        history.push_back(fight.state());
        for (int p = 0; p < 2; ++p) {
            const sim::FighterState& f = fight.state().fighters[p];
            const sim::FighterDef& d = fight.def(p);
            sim::BoneArray placed;
            const int n = sim::posedBones(d, f.anim, f.animFrame, placed);
            for (int m = 0; m < int(d.members.size()); ++m) {
                const engine::AABB expected = sim::toWorld(sim::posedMemberBox(d, placed, n, m), f.x, f.y, f.facing);
                wrong += fight.memberBox(p, m) != expected;
            }
        }
    }
    CHECK(wrong == 0);
}
