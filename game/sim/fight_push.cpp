// Push boxes and the stage's walls: two fighters never stand inside each other and neither leaves the stage.
//
// Why it looks like this: an overlap of push boxes is split half and half, and what a wall stops one fighter from
// taking is given to the other, so a fighter in the corner is never pushed through it and the result depends only
// on positions and facings (never on which player is p1, except on a full tie).
#include "game/sim/fight.h"

#include <algorithm>

namespace sim {

void Fight::clampToStage(int p) {
    FighterState& f = s_.fighters[p];
    const engine::AABB pb = toWorld(defs_[p].push, f.x, f.y, f.facing);
    if (pb.minX < 0) f.x -= pb.minX;
    else if (pb.maxX > kStageWidth) f.x -= pb.maxX - kStageWidth;
}

// ---------------------------------------------------------------------------------------------------------------
// Push boxes

void Fight::pushApart() {
    FighterState& a = s_.fighters[0];
    FighterState& b = s_.fighters[1];
    const int ox = std::min(a.push.maxX, b.push.maxX) - std::max(a.push.minX, b.push.minX);
    const int oy = std::min(a.push.maxY, b.push.maxY) - std::max(a.push.minY, b.push.minY);
    if (ox <= 0 || oy <= 0) return;
    ++stats_.pushSeparations;
    // The fighter further left goes left; on equal x the one facing right is the left one (p1 on a full tie).
    const bool aLeft = a.x != b.x ? a.x < b.x : (a.facing != b.facing ? a.facing > 0 : true);
    const int left = aLeft ? 0 : 1;
    const int right = 1 - left;
    FighterState& l = s_.fighters[left];
    FighterState& r = s_.fighters[right];
    const int lWant = (ox + 1) / 2;
    const int lBefore = l.x;
    l.x -= lWant;
    clampToStage(left);
    const int rWant = ox - (lBefore - l.x);
    const int rBefore = r.x;
    r.x += rWant;
    clampToStage(right);
    const int rShort = rWant - (r.x - rBefore);
    if (rShort > 0) {
        l.x -= rShort;
        clampToStage(left);
    }
    placeBoxes(0);
    placeBoxes(1);
}

}  // namespace sim
