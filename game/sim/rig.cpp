// A rigged fighter's bones at a frame (see rig.h).
#include "game/sim/rig.h"

namespace sim {

int posedBones(const FighterDef& def, int anim, int frame, BoneArray& out) {
    if (!def.rigged() || anim < 0 || anim >= int(def.anims.size())) return 0;
    const AnimDef& a = def.anims[std::size_t(anim)];
    if (a.keys.empty()) return 0;
    return placeBones(def.skeleton, poseAt(a.keys, frame), out);
}

engine::AABB posedMemberBox(const FighterDef& def, const BoneArray& placed, int count, int member) {
    return memberBox(def.skeleton, placed, count, member);
}

engine::AABB boxedMemberBox(const FighterDef& def, const AnimDef& a, int frame, int member) {
    engine::AABB rel = def.members[std::size_t(member)].box;
    for (const Placement& pl : a.boxes) {
        if (pl.target == member && frame >= pl.first && frame <= pl.last) rel = pl.box;
    }
    return rel;
}

}  // namespace sim
