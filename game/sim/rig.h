#pragma once
// A rigged fighter's bones at a frame of an animation: the one place where the simulation (which turns them into
// member hurtboxes) and the view (which draws them) get the pose, so what is drawn is what is hit.
#include "game/sim/fighter_def.h"
#include "game/sim/skeleton.h"

namespace sim {

/// The bones of `def` at `frame` (1-based) of animation `anim`: pose = poseAt(keys, frame), then forward
/// kinematics (facing RIGHT, relative to the fighter's origin, Q8). Returns the number of bones placed, 0 for an
/// old-format fighter or an anim index out of range. Allocates nothing.
int posedBones(const FighterDef& def, int anim, int frame, BoneArray& out);

/// Member m's box (facing right, relative to the origin) from bones placed by posedBones.
engine::AABB posedMemberBox(const FighterDef& def, const BoneArray& placed, int count, int member);

/// An old-format fighter's member m at `frame` of anim `a` (facing right, relative to the origin): the last `box`
/// line of the anim covering that frame, else the member's neutral box.
engine::AABB boxedMemberBox(const FighterDef& def, const AnimDef& a, int frame, int member);

}  // namespace sim
