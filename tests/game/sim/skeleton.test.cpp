// Skeletons: the integer sine table, easing, key-pose interpolation, forward kinematics and the hurtbox of a
// member as the outward-rounded AABB of its bones' capsules. Every expected value below is computed by hand from
// the definitions in game/sim/skeleton.h (the working is in the comments).
#include "game/sim/skeleton.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>

TEST_CASE("The Q14 sine table: exact at the quarter turns, symmetric, and within one step of sin everywhere") {
    CHECK(sim::sinQ14(0) == 0);
    CHECK(sim::sinQ14(1024) == 16384);
    CHECK(sim::sinQ14(2048) == 0);
    CHECK(sim::sinQ14(3072) == -16384);
    CHECK(sim::cosQ14(0) == 16384);
    CHECK(sim::sinQ14(512) == 11585);  // 16384 * 0.70710678 = 11585.24
    CHECK(sim::sinQ14(-512) == -11585);
    CHECK(sim::sinQ14(4096 + 100) == sim::sinQ14(100));
    int worst = 0;
    for (int a = 0; a < 4096; ++a) {
        CHECK(sim::sinQ14(a) == -sim::sinQ14(-a));
        CHECK(sim::sinQ14(a) == sim::sinQ14(2048 - a));
        // The test may use libm: it checks the table, it is not the simulation.
        const int exact = int(std::lround(std::sin(double(a) * 2.0 * 3.14159265358979323846 / 4096.0) * 16384.0));
        worst = std::max(worst, std::abs(exact - sim::sinQ14(a)));
    }
    CHECK(worst <= 1);
    CHECK(sim::degreesToAngle(90) == 1024);
    CHECK(sim::degreesToAngle(-45) == -512);
    CHECK(sim::degreesToAngle(1) == 11);  // 4096 / 360 = 11.38
}

TEST_CASE("Easing: hold, linear, in, out and in-out at the quarter points") {
    // t = 1/4 of the way (1024 of 4096): linear 1024; in t^2 = 256; out 1 - (3/4)^2 = 7/16 -> 1792;
    // in-out 3t^2 - 2t^3 = 3/16 - 2/64 = 10/64 -> 640.
    CHECK(sim::easeQ12(sim::Ease::Linear, 1, 4) == 1024);
    CHECK(sim::easeQ12(sim::Ease::In, 1, 4) == 256);
    CHECK(sim::easeQ12(sim::Ease::Out, 1, 4) == 1792);
    CHECK(sim::easeQ12(sim::Ease::InOut, 1, 4) == 640);
    CHECK(sim::easeQ12(sim::Ease::InOut, 2, 4) == 2048);
    CHECK(sim::easeQ12(sim::Ease::Hold, 3, 4) == 0);
    for (auto e : {sim::Ease::Hold, sim::Ease::Linear, sim::Ease::In, sim::Ease::Out, sim::Ease::InOut}) {
        CHECK(sim::easeQ12(e, 0, 6) == 0);
        CHECK(sim::easeQ12(e, 6, 6) == 4096);
    }
}

TEST_CASE("Key poses: before, after and between keys, the short way round, with the segment's easing") {
    sim::KeyPose a, b;
    a.frame = 1;
    a.pose.angle[0] = 4000;  // 96 short of a turn
    a.pose.rootY = 100;
    a.ease = sim::Ease::Linear;
    b.frame = 5;
    b.pose.angle[0] = 100;  // the short way from 4000 is +196, through 0
    b.pose.rootY = 60;
    const std::vector<sim::KeyPose> keys = {a, b};
    CHECK(sim::poseAt(keys, 0).angle[0] == 4000);
    CHECK(sim::poseAt(keys, 9).angle[0] == 100);
    // Frame 3 is half way: 4000 + 196 / 2 = 4098 (one turn plus 2: angles are not wrapped until placed);
    // root 100 - 40 / 2 = 80.
    CHECK(sim::poseAt(keys, 3).angle[0] == 4098);
    CHECK(sim::poseAt(keys, 3).rootY == 80);
    // Frame 2 = a quarter: 4000 + 49 = 4049; root 100 - 10 = 90.
    CHECK(sim::poseAt(keys, 2).angle[0] == 4049);
    CHECK(sim::poseAt(keys, 2).rootY == 90);
}

TEST_CASE("Forward kinematics and capsule boxes of a three-bone arm, checked by hand") {
    sim::SkeletonDef skel;
    skel.bones = {
        {"spine", -1, false, 100, 12},  // from the root, pointing up
        {"upper", 0, false, 50, 8},     // from the spine's end
        {"leg", 0, true, 80, 10},       // from the spine's start (the hip)
    };
    skel.memberBones = {{0}, {1}, {0, 1}, {2}};
    sim::Pose pose;
    pose.rootX = 10;
    pose.rootY = 90;
    pose.angle[0] = 1024;         // up
    pose.angle[1] = -1024 + 512;  // relative: world 1024 - 512 = 512, 45 degrees up-forward
    pose.angle[2] = 2048;         // relative: world 1024 + 2048 = 3072, straight down
    const std::vector<sim::BonePlacement> p = sim::placeBones(skel, pose);
    // Spine: from (10, 90) to (10, 190) exactly.
    CHECK(p[0].x0 == 10 * 256);
    CHECK(p[0].y1 == 190 * 256);
    CHECK(p[0].worldAngle == 1024);
    // Upper arm: 50 * 11585 / 64 = 9050 (Q8) = 35.35 units both ways, from (10, 190).
    CHECK(p[1].worldAngle == 512);
    CHECK(p[1].x1 == 10 * 256 + 9050);
    CHECK(p[1].y1 == 190 * 256 + 9050);
    // Leg: from the hip (10, 90) straight down 80 to (10, 10).
    CHECK(p[2].y1 == 10 * 256);
    CHECK(p[2].x1 == 10 * 256);

    // Spine capsule radius 12: x 10 +- 12, y 90 - 12 .. 190 + 12.
    CHECK(sim::memberBox(skel, p, 0) == engine::AABB{-2, 78, 22, 202});
    // Arm radius 8: x from 10 - 8 = 2 to 10 + 35.35 + 8 = 53.35 -> 54 (outwards); y 182 .. 233.35 -> 234.
    CHECK(sim::memberBox(skel, p, 1) == engine::AABB{2, 182, 54, 234});
    // Spine and arm together: the union.
    CHECK(sim::memberBox(skel, p, 2) == engine::AABB{-2, 78, 54, 234});
    // Leg radius 10: x 0 .. 20, y 0 .. 100.
    CHECK(sim::memberBox(skel, p, 3) == engine::AABB{0, 0, 20, 100});
    // No bones or a member out of range: an empty box at the origin.
    CHECK(sim::memberBox(skel, p, 9) == engine::AABB{0, 0, 0, 0});
}

TEST_CASE("A capsule's box rounds outwards on both sides of zero") {
    sim::BonePlacement b;
    b.x0 = -300;  // -1.17 units
    b.y0 = -10;   // -0.04
    b.x1 = 300;   // 1.17
    b.y1 = 10;
    CHECK(sim::capsuleBox(b, 0) == engine::AABB{-2, -1, 2, 1});
    CHECK(sim::capsuleBox(b, 3) == engine::AABB{-5, -4, 5, 4});
}
