#pragma once
// FightState as a flat list of named integer fields, for desync bisection: two states compared field by field
// name what differs ("p2.health", "rng", "p1.body.node[3].box"), and a state written as `name value` lines can be
// read back and compared with another machine's.
//
// The list covers exactly what Fight::hashState feeds (same fields, same order), so two states with equal hashes
// have equal lists (barring a hash collision) and a state whose hash differs differs in at least one listed field.
#include "game/sim/fight.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sim {

/// One named field of a FightState (booleans and enums as numbers; a box as four fields).
struct StateField {
    std::string name;        ///< e.g. "frame", "wins[1]", "p1.x", "p2.cpu.think", "proj[0].life"
    std::int64_t value = 0;  ///< its value
};

/// Every hashed field of s, in the hash's order.
std::vector<StateField> stateFields(const FightState& s);

/// Names of the fields whose values differ between a and b (by name: a name present in one list only counts as
/// differing). Order: a's order, then b's extra names.
std::vector<std::string> differingFields(const std::vector<StateField>& a, const std::vector<StateField>& b);

}  // namespace sim
