#pragma once
// The Blaster's budgets: what a tuning or a script may make the collision structures hold and do, worked out
// before a single frame runs, from each structure's own cost estimate in the engine's registry.
//
// Why: the frame count alone says nothing about the work. A fine grid, a deep quadtree or a large ship turns one
// frame into millions of cell visits, and a `switch` costs a whole rebuild in no frames at all; left to run, legal
// scripts took gigabytes or ended in std::bad_alloc. So a scene is described by its groups of boxes (stars, the
// random ships that can be alive at once, each placed ship, the lasers' queries) and every structure in use
// estimates its memory and its work for it; the script is refused at the line that would go over.
#include "engine/sets/registry.h"
#include "game/sim/blaster/blaster.h"

#include <string>
#include <vector>

namespace blaster {

/// Most bytes the estimate may give the structures of one Game before a tuning or a script is refused. The estimates
/// run above the measured peaks (docs/formats.md), so a Game stays well under 1 GB.
inline constexpr double kMaxStructureBytes = 512.0 * 1024 * 1024;

/// Random ships that can be alive at once: one spawn every spawnMinGap frames at best, each living until it has
/// crossed the screen at enemyMinSpeed (forever at speed 0), never more than kMaxEnemies.
int busyShips(const Options& options);
/// A ship a script places, as a group of one.
engine::ItemGroup placedShip(const engine::AABB& box, int speed);
/// A Game's two sets of one kind for a tuning and the ships a script placed: the star set (stars moving and querying
/// it) and the ship set, estimated as if the stars and lasers that query it lived in it too. Bytes are the peak of a
/// rebuild (both old sets and the larger new one alive at once), build is one rebuild of both, frame one frame.
engine::SetCost costOf(engine::SetKind kind, const Options& options, const std::vector<engine::ItemGroup>& placed);
/// True when the kind's memory estimate fits kMaxStructureBytes; else false with a reason naming the structure.
bool fitsMemory(engine::SetKind kind, const engine::SetCost& cost, std::string& why);

}  // namespace blaster
