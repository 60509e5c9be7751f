#pragma once
// `game_headless --frame-data FIGHTER`: every move a player can enter, run against a dummy, measured.
#include "game/sim/fighter_def.h"

#include <ostream>
#include <string>

namespace run {

/// Writes FIGHTER's frame data as a Markdown page (the docs/frame-data/ID.md files are this output): per move its
/// input, startup, active and recovery frames, damage, hit level, the advantage on hit and on block, and what it
/// cancels into. Startup and the advantages are measured: the move is entered as a player would (its motion and
/// button) against a standing dummy of the same fighter, once with the dummy guarding and once not, at the
/// closest distance the move connects from.
void writeFrameData(const sim::FighterDef& def, std::ostream& out);

/// The travel of a move with an `advance` record, as the frame data page's note says it ("moves forward 130
/// units: 13 a frame on frames 6-15"); empty for a move that does not carry its fighter.
std::string travelText(const sim::AnimDef& a);

}  // namespace run
