// Boxes: every frame the animation places each member of a fighter through its agent BVH (moveLeaf), from the
// anim's per-frame `box` lines (old-format fighters) or from the pose of its bones (rigged fighters), and lists the
// frame's attack, throw and push boxes.
#include "game/sim/fight.h"

#include "game/sim/rig.h"

namespace sim {

void Fight::placeBoxes(int p) {
    FighterState& f = s_.fighters[p];
    const FighterDef& d = defs_[p];
    const AnimDef& a = d.anims[f.anim];
    const int frame = f.animFrame;
    if (d.rigged()) {
        // The members are the bones' bounds at this frame's pose (a fixed array: nothing is allocated).
        BoneArray placed;
        const int n = posedBones(d, f.anim, frame, placed);
        for (int m = 0; m < int(d.members.size()); ++m) {
            f.body.moveLeaf(f.memberLeaf[m], toWorld(posedMemberBox(d, placed, n, m), f.x, f.y, f.facing));
        }
    } else {
        for (int m = 0; m < int(d.members.size()); ++m) {
            f.body.moveLeaf(f.memberLeaf[m], toWorld(boxedMemberBox(d, a, frame, m), f.x, f.y, f.facing));
        }
    }
    engine::AABB push = d.push;
    f.attacks.clear();
    const bool activeWindow = a.isMove && frame > a.startup && frame <= a.startup + a.active;
    for (const Placement& pl : a.boxes) {
        if (frame < pl.first || frame > pl.last) continue;
        if (pl.target == kPlacePush) push = pl.box;
        if (pl.target == kPlaceAttack || pl.target == kPlaceThrow) {
            f.attacks.push_back({toWorld(pl.box, f.x, f.y, f.facing), activeWindow, pl.target == kPlaceThrow});
        }
    }
    f.push = toWorld(push, f.x, f.y, f.facing);
}

void Fight::placeAll() {
    placeBoxes(0);
    placeBoxes(1);
}

engine::AABB Fight::memberBox(int p, int m) const {
    const FighterState& f = s_.fighters[p];
    return f.body.node(f.memberLeaf[m]).box;
}

}  // namespace sim
