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
        const PoseMemo& pose = posedMembers(p, f.anim, frame);
        for (int m = 0; m < int(d.members.size()); ++m) {
            f.body.moveLeaf(f.memberLeaf[m], toWorld(pose.boxes[m], f.x, f.y, f.facing));
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

const Fight::PoseMemo& Fight::posedMembers(int p, int anim, int frame) {
    PoseMemo& memo = poseMemo_[p][unsigned(anim * 37 + frame) & (kPoseMemo - 1)];
    if (memo.anim == anim && memo.frame == frame) return memo;
    // The members are the bones' bounds at this frame's pose (a fixed array: nothing is allocated).
    const FighterDef& d = defs_[p];
    BoneArray placed;
    const int n = posedBones(d, anim, frame, placed);
    for (int m = 0; m < int(d.members.size()); ++m) memo.boxes[m] = posedMemberBox(d, placed, n, m);
    memo.anim = anim;
    memo.frame = frame;
    return memo;
}

void Fight::placeAll() {
    placeBoxes(0);
    placeBoxes(1);
}

engine::AABB Fight::memberBox(int p, int m) const {
    const FighterState& f = s_.fighters[p];
    return f.body.node(f.memberLeaf[m]).box;
}

// ---------------------------------------------------------------------------------------------------------------
// Which animation a state plays: hit reactions by where the hit landed, reactions that run on, the round's end

int Fight::hitReaction(int victim, const AnimDef& move, int member) const {
    // High: the head took the hit; low: a low move, or a leg took it; the body reaction otherwise (and in the air).
    const FighterDef& d = defs_[victim];
    if (s_.fighters[victim].airborne) return d.ids.hitstun;
    const bool leg = member >= 0 && member < 32 && (d.legMembers >> member) & 1u;
    if (member == d.headMember && move.guard != Guard::Low && d.ids.hitstunHigh >= 0) return d.ids.hitstunHigh;
    if ((move.guard == Guard::Low || leg) && d.ids.hitstunLow >= 0) return d.ids.hitstunLow;
    return d.ids.hitstun;
}

void Fight::advanceReaction(int p) {
    // Reactions and the jump play through once and hold their last frame (one-frame anims stay on frame 1).
    FighterState& f = s_.fighters[p];
    const bool runs = f.action == Action::Hitstun || f.action == Action::Blockstun || f.action == Action::Knockdown ||
                      f.action == Action::Thrown || f.action == Action::Air;
    if (runs && f.animFrame < defs_[p].anims[f.anim].length) ++f.animFrame;
}

void Fight::roundEndPoses() {
    // Once the round's call has been up kRoundCallFrames, the winner plays `win` and the loser `lose` (a draw:
    // neither); the K.O. fall plays on meanwhile. Only fighters with those anims change: the others' state (and
    // every hash of their replays) stays as it was, and the round's and the match's timing never changes.
    bool any = false;
    for (const FighterDef& d : defs_)
        any = any || d.ids.win >= 0 || d.ids.lose >= 0 || d.anims[std::size_t(d.ids.ko)].length > 1;
    if (!any) return;
    if (s_.matchOver && s_.roundEndTimer > 0) --s_.roundEndTimer;  // the last round's clock (no next round to count to)
    const bool called = kRoundEndFrames - s_.roundEndTimer >= kRoundCallFrames;
    for (int p = 0; p < 2; ++p) {
        FighterState& f = s_.fighters[p];
        const FighterDef& d = defs_[p];
        const int winner = s_.roundWinner;
        const int pose = !called || (winner != 0 && winner != 1) ? -1 : winner == p ? d.ids.win : d.ids.lose;
        if (pose >= 0 && f.anim != pose) {
            f.anim = pose;
            f.animFrame = 1;
            f.y = f.vx = f.vy = 0;
            f.airborne = false;
        } else if (f.animFrame < d.anims[f.anim].length && (pose >= 0 || f.action == Action::KO)) {
            ++f.animFrame;
        } else {
            continue;
        }
        placeBoxes(p);
    }
}

}  // namespace sim
