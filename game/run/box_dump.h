#pragma once
// `game_headless --boxes FIGHTER MOVE`: every box an anim or move places, frame by frame, as text (the format is
// in docs/game.md), for old-format and rigged fighters alike.
#include "game/sim/fighter_def.h"

#include <ostream>

namespace run {

/// Writes anim `anim` of `def`: a header line, then per frame every member's box, the attack and throw boxes
/// (live or not) and the push box, facing right and relative to the fighter's origin, as the simulation places them.
void writeBoxes(const sim::FighterDef& def, int anim, std::ostream& out);

}  // namespace run
