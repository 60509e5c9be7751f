// Rigged fighters in the fight: each member's hurtbox is the bounds of its bones' capsules at the frame's pose
// (hand-computed for a few poses below), mirrored for a fighter facing left, and every frame of every animation of
// every shipped fighter and of a test rigged fighter leaves the agent BVH valid with every member leaf equal to the
// box its bones (or, in the old format, its `box` lines) give.
#include "game/sim/rig.h"
#include "game/sim/fight_test_util.h"
#include "game/io/button_file.h"

#include <doctest/doctest.h>

#include <string>

namespace {

// A three-member rig with right angles (exact sines) and 45 degrees (sin = cos = 11585 / 16384 in Q14).
const char* const kHandRig = R"(fighter h
health 100
walk 6 4
jump 20 1 5
push -10 0 10 50
bone hip - 30 10
bone spine hip 40 12
bone arm spine 20 5
bone fore arm 20 4
bone leg hip 40 6 start
member torso bones hip spine
member arm bones arm fore
member leg bones leg
pose square root 0 90 hip 90 arm -90 fore 90 leg 180
pose diag like square arm -45
pose up like square arm 0
anim stand 1
key 1 square
end
anim swing 5
key 1 square
key 5 up
end
anim walk 1
key 1 diag
end
)";

sim::FighterDef handRig() {
    std::string text = kHandRig;
    for (const char* a : {"crouch", "jump", "block", "crouchblock", "hitstun", "ko"})
        text += std::string("anim ") + a + " 1\nkey 1 square\nend\n";
    text += "move light\nstartup 1\nactive 1\nkey 1 square\nend\nmove heavy\nstartup 1\nactive 1\nkey 1 square\nend\n";
    text += "move special\nstartup 1\nactive 1\nprojectile 5 10 0 0 5 5\nkey 1 square\nend\n";
    sim::FighterLoad load = sim::parseFighter(text, "h.fighter");
    REQUIRE_MESSAGE(load.ok, load.error.text());
    return load.def;
}

engine::AABB memberAt(const sim::FighterDef& d, const char* anim, int frame, const char* member) {
    sim::BoneArray placed;
    const int n = sim::posedBones(d, d.anim(anim), frame, placed);
    return sim::posedMemberBox(d, placed, n, d.member(member));
}

}  // namespace

TEST_CASE("A member's box is the bounds of its bones' capsules, hand-computed for three poses") {
    const sim::FighterDef d = handRig();
    // Pose `square`: hip from the root (0, 90) up 30 to (0, 120), r 10 -> -10 80 10 130; spine on up 40 to
    // (0, 160), r 12 -> -12 108 12 172; torso = the union -12 80 12 172.
    CHECK(memberAt(d, "stand", 1, "torso") == engine::AABB{-12, 80, 12, 172});
    // arm: -90 from the spine (up) = forward, (0, 160) to (20, 160), r 5 -> -5 155 25 165; fore: +90 = up, (20, 160)
    // to (20, 180), r 4 -> 16 156 24 184; union -5 155 25 184.
    CHECK(memberAt(d, "stand", 1, "arm") == engine::AABB{-5, 155, 25, 184});
    // leg hangs from the hip's START (the root) and turns 180 from it: down 40, (0, 90) to (0, 50), r 6 -> -6 44 6 96.
    CHECK(memberAt(d, "stand", 1, "leg") == engine::AABB{-6, 44, 6, 96});
    // Pose `diag`: the arm at 45 degrees. In Q8: x1 = 20 * 11585 / 64 = 3620 (3620.3 truncated), y1 = 160 * 256 +
    // 3620 = 44580; r 5 = 1280: minX floor(-1280 / 256) = -5, maxX ceil(4900 / 256 = 19.1) = 20, minY
    // floor(39680 / 256) = 155, maxY ceil(45860 / 256 = 179.1) = 180. fore at 135: x1 = 3620 - 3620 = 0, y1 = 44580
    // + 3620 = 48200; r 4 = 1024: minX floor(-1024 / 256) = -4, maxX ceil(4644 / 256 = 18.1) = 19, minY
    // floor(43556 / 256 = 170.1) = 170, maxY ceil(49224 / 256 = 192.3) = 193. Union: -5 155 20 193.
    CHECK(memberAt(d, "walk", 1, "arm") == engine::AABB{-5, 155, 20, 193});
    // Between keys: `swing` goes linearly from square (arm -90) on frame 1 to up (arm 0) on frame 5; frame 3 is half
    // way, arm -45: the diag pose's box.
    CHECK(memberAt(d, "swing", 3, "arm") == engine::AABB{-5, 155, 20, 193});
    CHECK(memberAt(d, "swing", 1, "arm") == engine::AABB{-5, 155, 25, 184});
    // Frame 5, pose up: arm (0, 160) to (0, 180) r 5 -> -5 155 5 185; fore +90 = back, (0, 180) to (-20, 180) r 4
    // -> -24 176 4 184; union -24 155 5 185.
    CHECK(memberAt(d, "swing", 5, "arm") == engine::AABB{-24, 155, 5, 185});
}

TEST_CASE("The fight places a rigged fighter's members from its pose, mirrored when it faces left") {
    const sim::FighterDef d = handRig();
    sim::Fight fight(fighttest::setupAt(300, 600), d, d);
    sim::FightState s = fight.state();
    s.fighters[1].anim = d.anim("walk");
    s.fighters[1].animFrame = 1;
    s.fighters[1].x = 600;
    s.fighters[1].facing = -1;
    fight.restore(s);
    fight.placeAll();
    // Facing left the diag arm's -5 155 20 193 mirrors about x = 600: 600 - 20 .. 600 + 5.
    CHECK(fight.memberBox(1, d.member("arm")) == engine::AABB{580, 155, 605, 193});
    CHECK(fight.memberBox(0, d.member("torso")) == engine::AABB{300 - 12, 80, 300 + 12, 172});
    CHECK(fight.state().fighters[1].body.validate().empty());
}

namespace {

/// The box of member m from posedBones alone: the union of its bones' capsule boxes.
engine::AABB fromBones(const sim::FighterDef& d, const sim::BoneArray& placed, int n, int m) {
    engine::AABB box{0, 0, 0, 0};
    bool first = true;
    for (int b : d.skeleton.memberBones[std::size_t(m)]) {
        REQUIRE(b < n);
        const engine::AABB c = sim::capsuleBox(placed[std::size_t(b)], d.skeleton.bones[std::size_t(b)].radius);
        box = first ? c
                    : engine::AABB{std::min(box.minX, c.minX), std::min(box.minY, c.minY), std::max(box.maxX, c.maxX),
                                   std::max(box.maxY, c.maxY)};
        first = false;
    }
    return box;
}

/// Walks fighter 0 of a fight between two `d` through every frame of every animation, facing right then left, and
/// counts frames where the BVH does not validate or a member leaf differs from its expected box.
void everyFrame(const sim::FighterDef& d, int& frames, int& bad, int& distinct) {
    sim::Fight fight(fighttest::setupAt(400, 800), d, d);
    engine::AABB last{};
    for (int facing : {1, -1}) {
        for (int a = 0; a < int(d.anims.size()); ++a) {
            const sim::AnimDef& anim = d.anims[std::size_t(a)];
            for (int frame = 1; frame <= anim.length; ++frame) {
                sim::FightState s = fight.state();
                sim::FighterState& f = s.fighters[0];
                f.anim = a;
                f.animFrame = frame;
                f.facing = facing;
                f.x = 400 + (frame * 7) % 90;
                f.y = (frame % 4) * 15;
                fight.restore(s);
                fight.placeAll();
                ++frames;
                const std::string why = fight.state().fighters[0].body.validate();
                bool ok = why.empty();
                sim::BoneArray placed;
                const int n = sim::posedBones(d, a, frame, placed);
                CHECK(n == int(d.skeleton.bones.size()));
                for (int m = 0; m < int(d.members.size()); ++m) {
                    const engine::AABB rel =
                        d.rigged() ? fromBones(d, placed, n, m) : sim::boxedMemberBox(d, anim, frame, m);
                    const engine::AABB got = fight.memberBox(0, m);
                    ok = ok && got == sim::toWorld(rel, f.x, f.y, facing);
                    if (m == 1 && !(rel == last)) ++distinct;
                    if (m == 1) last = rel;
                }
                if (!ok) {
                    ++bad;
                    MESSAGE(d.id << " " << anim.name << " frame " << frame << " facing " << facing << ": " << why);
                }
            }
        }
    }
}

}  // namespace

TEST_CASE("Every frame of every animation keeps the agent BVH valid and each member leaf equal to its box") {
    std::vector<sim::FighterDef> defs = {fighttest::fighter("ryo"), fighttest::fighter("brick"),
                                         fighttest::fighter("tasha")};
    sim::FighterLoad stick = sim::loadFighter(std::string(BVH_TEST_SOURCE_DIR) + "/game/rigged/stick.fighter");
    REQUIRE_MESSAGE(stick.ok, stick.error.text());
    REQUIRE(stick.def.rigged());
    defs.push_back(stick.def);
    for (const sim::FighterDef& d : defs) {
        int frames = 0, bad = 0, distinct = 0;
        everyFrame(d, frames, bad, distinct);
        INFO(d.id);
        CHECK(frames > 100);
        CHECK(bad == 0);
        if (d.rigged()) CHECK(distinct > 20);  // the torso really moves from frame to frame
    }
}

TEST_CASE("Ryo's knockdown plays its whole down anim: the get-up ends on the frame it stands") {
    // data/replays/40_sweep_knockdown_wakeup.fscript's sweep: it hits on frame 10 (down frame 1, 40 frames of
    // knockdown), 10 frames of hitstop freeze everything (11-20), then each step advances the anim one frame: frame
    // 21 shows down frame 2, frame 59 (the last lying frame) down frame 40 = kDownFrames, its last; frame 60 stands.
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    REQUIRE(ryo.anims[std::size_t(ryo.anim("down"))].length == sim::kDownFrames);
    sim::Fight f(fighttest::setupAt(400, 480), ryo, ryo);
    f.step(fighttest::input(sim::kDown | sim::kHeavy));
    for (int i = 2; i <= 20; ++i) f.step(fighttest::input(0));
    CHECK(f.animName(1) == "down");
    CHECK(f.state().fighters[1].animFrame == 1);
    f.step(fighttest::input(0));  // frame 21
    CHECK(f.state().fighters[1].animFrame == 2);
    for (int i = 22; i <= 59; ++i) f.step(fighttest::input(0));
    CHECK(f.animName(1) == "down");
    CHECK(f.state().fighters[1].animFrame == 40);
    CHECK(f.state().fighters[1].body.validate().empty());
    f.step(fighttest::input(0));  // frame 60
    CHECK(f.animName(1) == "stand");
}

TEST_CASE("Win and lose poses follow the call after the match's last round too, and leave its timing alone") {
    // One round to win: p1's jab K.O.s p2 (health 40) on frame 5, which ends the match at once (matchOver); the
    // call is up for frames 6..59 and the poses start on frame 60, while the match stays over.
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    sim::MatchSetup s = fighttest::setupAt(400, 480);
    s.roundsToWin = 1;
    s.startHealth[1] = 40;
    sim::Fight f(s, ryo, ryo);
    f.step(fighttest::input(sim::kLight));
    for (int i = 2; i <= 5; ++i) f.step(fighttest::input(0));
    REQUIRE(f.state().matchOver);
    for (int i = 6; i <= 59; ++i) f.step(fighttest::input(0));
    CHECK(f.animName(0) == "light");
    f.step(fighttest::input(0));  // frame 60
    CHECK(f.animName(0) == "win");
    CHECK(f.animName(1) == "lose");
    for (int i = 61; i <= 200; ++i) f.step(fighttest::input(0));
    CHECK(f.state().matchOver);
    CHECK(f.state().frame == 200);
    CHECK(f.state().fighters[0].animFrame == ryo.anims[std::size_t(ryo.anim("win"))].length);  // held at its end
    CHECK(f.state().fighters[0].body.validate().empty());
    // An old-format fighter without win, lose or a longer ko (the data-only Ninja, Ryo's old body) keeps its whole
    // state through the match's end: 100 more steps change nothing but the frame counter.
    sim::FighterLoad ninja = sim::loadFighterById(std::string(BVH_TEST_SOURCE_DIR) + "/game/fighter4", "ninja");
    io::Error buttons;
    REQUIRE(sim::loadButtons(testpaths::data(), buttons));
    REQUIRE_MESSAGE(ninja.ok, ninja.error.text());
    REQUIRE(ninja.def.anims[std::size_t(ninja.def.anim("ko"))].length == 1);
    sim::MatchSetup b = fighttest::setupAt(400, 480, "ninja", "ninja");
    b.roundsToWin = 1;
    b.startHealth[1] = 10;
    sim::Fight g(b, ninja.def, ninja.def);
    g.step(fighttest::input(sim::kLight));
    for (int i = 2; i <= 12; ++i) g.step(fighttest::input(0));
    REQUIRE(g.state().matchOver);
    sim::FightState before = g.state();
    for (int i = 0; i < 100; ++i) g.step(fighttest::input(0));
    before.frame = g.state().frame;
    CHECK(sim::Fight::hashState(before) == g.hash());
}
