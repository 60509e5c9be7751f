#pragma once
// Skeletons whose bones are the hurtboxes: deterministic forward kinematics in integer arithmetic.
//
// A skeleton is a tree of bones. Each bone hangs from its parent's end (or its start, for legs on the hip), has a
// length and a thickness, and turns by an angle relative to its parent. A pose gives every bone its angle and the
// root its offset from the fighter's origin; an animation is a few key poses with timing and an easing per segment,
// and every frame's pose is computed from them, so the same frame always gives the same pose on every machine.
//
// Each bone is a capsule (a segment with a radius); a member's hurtbox is the integer AABB of its bones' capsules,
// rounded outwards, so the box the simulation tests (and the overlay draws) always contains the drawn limb.
//
// Arithmetic: angles in 1/4096 of a turn (0 = pointing forward, 1024 = up, counter-clockwise with y up); sine and
// cosine from a table in Q14 (16384 = 1.0) built at compile time, so no libm call is ever made at run time;
// positions in Q8 world units (256 = one unit) while a pose is built. No floating point runs in the simulation.
#include "engine/aabb.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sim {

/// A full turn in angle units.
constexpr int kTurn = 4096;
/// Fixed-point one for sines and cosines (Q14).
constexpr int kTrigOne = 16384;
/// Q8: a position unit is 256 fixed-point steps while a pose is built.
constexpr int kPosShift = 8;
/// Most bones a skeleton may have (the pose is a fixed array in the state-free computation).
constexpr int kMaxBones = 24;

/// sin(angle) in Q14 for any int angle (wrapped to a turn).
int sinQ14(int angle);
/// cos(angle) in Q14 for any int angle (wrapped to a turn).
int cosQ14(int angle);
/// Degrees to angle units, rounded to nearest (for files and tests: 90 -> 1024).
int degreesToAngle(int degrees);

/// One bone of a skeleton.
struct BoneDef {
    std::string name;        ///< e.g. "spine", "upper-arm-front"
    int parent = -1;         ///< index of the parent bone (-1: the root, placed at the pose's root offset)
    bool fromStart = false;  ///< hangs from the parent's start instead of its end (thighs from the hip)
    int length = 0;          ///< world units from its start to its end
    int radius = 0;          ///< half its thickness, world units (the capsule's radius)
};

/// How a segment between two key poses moves.
enum class Ease : std::uint8_t {
    Hold,    ///< stays at the first key until the next key's frame
    Linear,  ///< constant speed
    In,      ///< starts slow (t^2)
    Out,     ///< ends slow (1 - (1 - t)^2)
    InOut,   ///< slow at both ends (3t^2 - 2t^3)
};

/// A pose: every bone's angle relative to its parent (the root's relative to pointing forward), and the root's
/// start relative to the fighter's origin.
struct Pose {
    std::array<int, kMaxBones> angle{};  ///< angle units
    int rootX = 0, rootY = 0;            ///< world units
};

/// A key pose at a frame of an animation, and how the animation moves from it to the next key.
struct KeyPose {
    int frame = 1;             ///< 1-based frame of the animation this key is exact on
    Pose pose;                 ///< the pose at that frame
    Ease ease = Ease::Linear;  ///< the segment from this key to the next
};

/// A skeleton: its bones (parents before children) and which bones make each member's hurtbox.
struct SkeletonDef {
    std::vector<BoneDef> bones;                 ///< in order: every bone after its parent
    std::vector<std::vector<int>> memberBones;  ///< per member index, the bones whose capsules bound it

    /// Index of the bone with this name, or -1.
    int bone(const std::string& name) const;
};

/// Where each bone is in a pose: its start and end in Q8 world units, facing right.
struct BonePlacement {
    std::int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;  ///< Q8
    int worldAngle = 0;                           ///< angle units, 0..kTurn-1
};

/// The pose at `frame` of an animation with these keys (sorted by frame, at least one): before the first key its
/// pose, after the last key the last's, between two keys the first's easing applied to each angle and the root's
/// offset. Angles turn the short way round.
Pose poseAt(const std::vector<KeyPose>& keys, int frame);
/// Forward kinematics: every bone's placement in `pose` (facing right, relative to the fighter's origin).
std::vector<BonePlacement> placeBones(const SkeletonDef& skel, const Pose& pose);
/// The capsule of one placed bone as an integer AABB, rounded outwards (facing right, relative to the origin).
engine::AABB capsuleBox(const BonePlacement& b, int radius);
/// Member m's hurtbox in `pose`: the union of its bones' capsule boxes (facing right, relative to the origin).
engine::AABB memberBox(const SkeletonDef& skel, const std::vector<BonePlacement>& placed, int member);
/// Placements of every bone, in a fixed array (the simulation's per-frame form: no allocation).
using BoneArray = std::array<BonePlacement, kMaxBones>;
/// placeBones into a fixed array; returns the number of bones placed (at most kMaxBones).
int placeBones(const SkeletonDef& skel, const Pose& pose, BoneArray& out);
/// memberBox over the first `count` placements of a fixed array (bones past `count` are skipped).
engine::AABB memberBox(const SkeletonDef& skel, const BoneArray& placed, int count, int member);
/// The eased fraction of a segment, Q12 (4096 = the next key), for `step` of `steps` frames.
int easeQ12(Ease e, int step, int steps);

}  // namespace sim
