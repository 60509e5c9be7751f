#pragma once
// `game_headless --move-list FIGHTER`: the fighter's move list as a Markdown page, from the same data as the
// in-game move list (sim::moveList); docs/move-list/ID.md are this output.
#include "game/sim/fighter_def.h"

#include <ostream>

namespace run {

/// Writes FIGHTER's move list: per move its name, every input (numpad notation facing right, button labels from
/// the button table; the Simple style's shortcuts marked), how to guard it, damage, startup and its properties.
void writeMoveList(const sim::FighterDef& def, std::ostream& out);

}  // namespace run
