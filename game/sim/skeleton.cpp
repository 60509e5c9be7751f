// Skeletons (see skeleton.h).
#include "game/sim/skeleton.h"

#include <algorithm>

namespace sim {
namespace {

/// sin(x) for x in [0, pi/2] by its Taylor series to x^19 (error far below 1/16384), evaluated by the compiler:
/// only the integer table below reaches the program, so every build and platform gets the same numbers.
constexpr double taylorSin(double x) {
    double term = x, sum = x;
    for (int n = 1; n < 10; ++n) {
        term *= -x * x / double((2 * n) * (2 * n + 1));
        sum += term;
    }
    return sum;
}

/// A quarter wave: kQuarterTable[i] = round(sin(i / 1024 of a quarter turn) * 16384), i = 0..1024.
constexpr int kQuarter = kTurn / 4;
constexpr std::array<int, kQuarter + 1> makeQuarter() {
    std::array<int, kQuarter + 1> t{};
    constexpr double kHalfPi = 1.57079632679489661923;
    for (int i = 0; i <= kQuarter; ++i)
        t[std::size_t(i)] = int(taylorSin(kHalfPi * double(i) / double(kQuarter)) * kTrigOne + 0.5);
    return t;
}
constexpr std::array<int, kQuarter + 1> kQuarterTable = makeQuarter();
static_assert(kQuarterTable[0] == 0 && kQuarterTable[kQuarter] == kTrigOne, "the quarter wave runs from 0 to one");
static_assert(kQuarterTable[kQuarter / 2] == 11585, "sin 45 degrees = 0.70711 in Q14");

/// Floor and ceiling of a / b for b > 0 (C++ division truncates towards zero).
std::int64_t floorDiv(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return -floorDiv(-a, b); }

/// The difference b - a the short way round a turn, in [-kTurn/2, kTurn/2).
int shortTurn(int a, int b) {
    int d = (b - a) % kTurn;
    if (d < -kTurn / 2) d += kTurn;
    if (d >= kTurn / 2) d -= kTurn;
    return d;
}

/// a + (b - a) * t / 4096, for positions and turned angles alike.
int lerpQ12(int a, int delta, int t) { return a + int(std::int64_t(delta) * t / 4096); }

}  // namespace

int sinQ14(int angle) {
    const int a = ((angle % kTurn) + kTurn) % kTurn;
    if (a <= kQuarter) return kQuarterTable[std::size_t(a)];
    if (a <= 2 * kQuarter) return kQuarterTable[std::size_t(2 * kQuarter - a)];
    if (a <= 3 * kQuarter) return -kQuarterTable[std::size_t(a - 2 * kQuarter)];
    return -kQuarterTable[std::size_t(kTurn - a)];
}

int cosQ14(int angle) { return sinQ14(angle + kQuarter); }

int degreesToAngle(int degrees) {
    const std::int64_t scaled = std::int64_t(degrees) * kTurn;
    return int(scaled >= 0 ? (scaled + 180) / 360 : -((-scaled + 180) / 360));
}

int SkeletonDef::bone(const std::string& name) const {
    for (std::size_t i = 0; i < bones.size(); ++i) {
        if (bones[i].name == name) return int(i);
    }
    return -1;
}

int easeQ12(Ease e, int step, int steps) {
    if (steps <= 0 || step >= steps) return e == Ease::Hold && step < steps ? 0 : 4096;
    if (step <= 0) return 0;
    const std::int64_t t = std::int64_t(step) * 4096 / steps;
    switch (e) {
    case Ease::Hold: return 0;
    case Ease::Linear: return int(t);
    case Ease::In: return int(t * t / 4096);
    case Ease::Out: return int(4096 - (4096 - t) * (4096 - t) / 4096);
    case Ease::InOut: return int((3 * t * t - 2 * t * t * t / 4096) / 4096);
    }
    return int(t);
}

Pose poseAt(const std::vector<KeyPose>& keys, int frame) {
    if (keys.empty()) return Pose{};
    if (frame <= keys.front().frame) return keys.front().pose;
    if (frame >= keys.back().frame) return keys.back().pose;
    std::size_t i = 0;
    while (i + 1 < keys.size() && keys[i + 1].frame <= frame) ++i;
    const KeyPose& a = keys[i];
    const KeyPose& b = keys[i + 1];
    const int t = easeQ12(a.ease, frame - a.frame, b.frame - a.frame);
    Pose p;
    for (int k = 0; k < kMaxBones; ++k) {
        const auto j = std::size_t(k);
        p.angle[j] = lerpQ12(a.pose.angle[j], shortTurn(a.pose.angle[j], b.pose.angle[j]), t);
    }
    p.rootX = lerpQ12(a.pose.rootX, b.pose.rootX - a.pose.rootX, t);
    p.rootY = lerpQ12(a.pose.rootY, b.pose.rootY - a.pose.rootY, t);
    return p;
}

namespace {

/// Forward kinematics into any indexable store of at least skel.bones.size() (capped at kMaxBones) placements.
template <class Store>
int placeInto(const SkeletonDef& skel, const Pose& pose, Store& out) {
    const std::size_t n = std::min(skel.bones.size(), std::size_t(kMaxBones));
    for (std::size_t i = 0; i < n; ++i) {
        const BoneDef& b = skel.bones[i];
        BonePlacement& p = out[i];
        int world = pose.angle[i];
        if (b.parent >= 0 && std::size_t(b.parent) < i) {
            const BonePlacement& up = out[std::size_t(b.parent)];
            world += up.worldAngle;
            p.x0 = b.fromStart ? up.x0 : up.x1;
            p.y0 = b.fromStart ? up.y0 : up.y1;
        } else {
            // A multiplication, not a shift: a root left of or below the origin is negative.
            p.x0 = std::int64_t(pose.rootX) * (std::int64_t(1) << kPosShift);
            p.y0 = std::int64_t(pose.rootY) * (std::int64_t(1) << kPosShift);
        }
        p.worldAngle = ((world % kTurn) + kTurn) % kTurn;
        // length * cos (Q14) / 64 = Q8 units.
        p.x1 = p.x0 + std::int64_t(b.length) * cosQ14(p.worldAngle) / (kTrigOne >> kPosShift);
        p.y1 = p.y0 + std::int64_t(b.length) * sinQ14(p.worldAngle) / (kTrigOne >> kPosShift);
    }
    return int(n);
}

/// The union of a member's capsule boxes over the first `count` placements.
template <class Store>
engine::AABB memberOf(const SkeletonDef& skel, const Store& placed, std::size_t count, int member) {
    engine::AABB box{0, 0, 0, 0};
    if (member < 0 || std::size_t(member) >= skel.memberBones.size()) return box;
    bool first = true;
    for (int bone : skel.memberBones[std::size_t(member)]) {
        if (bone < 0 || std::size_t(bone) >= count) continue;
        const engine::AABB c = capsuleBox(placed[std::size_t(bone)], skel.bones[std::size_t(bone)].radius);
        if (first) {
            box = c;
            first = false;
        } else {
            box.minX = std::min(box.minX, c.minX);
            box.minY = std::min(box.minY, c.minY);
            box.maxX = std::max(box.maxX, c.maxX);
            box.maxY = std::max(box.maxY, c.maxY);
        }
    }
    return box;
}

}  // namespace

std::vector<BonePlacement> placeBones(const SkeletonDef& skel, const Pose& pose) {
    std::vector<BonePlacement> out(skel.bones.size());
    placeInto(skel, pose, out);
    return out;
}

int placeBones(const SkeletonDef& skel, const Pose& pose, BoneArray& out) { return placeInto(skel, pose, out); }

engine::AABB capsuleBox(const BonePlacement& b, int radius) {
    const std::int64_t r = std::int64_t(radius) << kPosShift;
    const std::int64_t one = std::int64_t(1) << kPosShift;
    engine::AABB box;
    box.minX = int(floorDiv(std::min(b.x0, b.x1) - r, one));
    box.minY = int(floorDiv(std::min(b.y0, b.y1) - r, one));
    box.maxX = int(ceilDiv(std::max(b.x0, b.x1) + r, one));
    box.maxY = int(ceilDiv(std::max(b.y0, b.y1) + r, one));
    return box;
}

engine::AABB memberBox(const SkeletonDef& skel, const std::vector<BonePlacement>& placed, int member) {
    return memberOf(skel, placed, placed.size(), member);
}

engine::AABB memberBox(const SkeletonDef& skel, const BoneArray& placed, int count, int member) {
    return memberOf(skel, placed, std::size_t(std::clamp(count, 0, kMaxBones)), member);
}

}  // namespace sim
