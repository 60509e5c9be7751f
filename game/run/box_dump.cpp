// `game_headless --boxes FIGHTER MOVE` (see box_dump.h; the format is in docs/game.md).
#include "game/run/box_dump.h"

#include "game/sim/rig.h"

namespace run {
namespace {

void box(std::ostream& out, int frame, const char* what, const std::string& name, const engine::AABB& b) {
    out << "frame " << frame << " " << what;
    if (!name.empty()) out << " " << name;
    out << " " << b.minX << " " << b.minY << " " << b.maxX << " " << b.maxY;
}

}  // namespace

void writeBoxes(const sim::FighterDef& def, int anim, std::ostream& out) {
    const sim::AnimDef& a = def.anims[std::size_t(anim)];
    out << "boxes " << def.id << " " << a.name << " " << a.length << " " << (def.rigged() ? "rigged" : "old") << "\n";
    for (int frame = 1; frame <= a.length; ++frame) {
        sim::BoneArray placed;
        const int n = sim::posedBones(def, anim, frame, placed);
        for (int m = 0; m < int(def.members.size()); ++m) {
            const engine::AABB b =
                def.rigged() ? sim::posedMemberBox(def, placed, n, m) : sim::boxedMemberBox(def, a, frame, m);
            box(out, frame, "member", def.members[std::size_t(m)].name, b);
            out << "\n";
        }
        // Attack and throw boxes as placeBoxes lists them: live only in the active frames.
        const bool live = a.isMove && frame > a.startup && frame <= a.startup + a.active;
        engine::AABB push = def.push;
        for (const sim::Placement& pl : a.boxes) {
            if (frame < pl.first || frame > pl.last) continue;
            if (pl.target == sim::kPlacePush) push = pl.box;
            if (pl.target == sim::kPlaceAttack || pl.target == sim::kPlaceThrow) {
                box(out, frame, pl.target == sim::kPlaceAttack ? "attack" : "throw", "", pl.box);
                out << (live ? " live" : " idle") << "\n";
            }
        }
        box(out, frame, "push", "", push);
        out << "\n";
        // A move that carries its fighter: how far the origin has got once this frame is done (boxes are relative).
        if (a.advanceFirst != 0) out << "frame " << frame << " origin " << sim::advancedBy(a, frame) << "\n";
    }
}

}  // namespace run
