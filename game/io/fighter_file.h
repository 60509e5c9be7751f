#pragma once
// Loading fighters from data/fighters/ID.fighter (the format is documented at the top of fighter_file.cpp and in
// the README). The result is a sim::FighterDef, plain data. (Namespaces name the game, sim for the fight and
// blaster for the shooter; folders name the layer: game/sim holds rules, game/io formats and runners.)
#include "game/io/run_file.h"
#include "game/io/text.h"
#include "game/sim/fighter_def.h"

#include <string>
#include <vector>

namespace sim {

// kMaxMembers and kMaxAttackBoxes (fighter_def.h) are the simulation's fixed capacities; the loader enforces them.
/// Most anims/moves a fighter may declare.
constexpr int kMaxAnims = 256;
/// Most `box` lines one anim/move may hold (every frame of a fight walks them).
constexpr int kMaxBoxesPerAnim = 1024;

/// Result of loading a fighter: ok and def, or the error.
struct FighterLoad {
    bool ok = false;  ///< true when def is usable
    FighterDef def;   ///< the fighter (valid when ok)
    io::Error error;  ///< what is wrong and where (when !ok)
};

/// Parses a fighter from text and, when expectedId is not empty, requires its `fighter ID` to equal it.
FighterLoad parseFighter(const std::string& text, const std::string& fileName, const std::string& expectedId = "");
/// The id a fighter file must declare: its file name without folders and the `.fighter` extension.
std::string fighterIdOfPath(const std::string& path);
/// Loads a fighter file; its `fighter ID` must match the file name (ID.fighter).
FighterLoad loadFighter(const std::string& path);
/// Loads `dataDir/fighters/ID.fighter`.
FighterLoad loadFighterById(const std::string& dataDir, const std::string& id);
/// The roster: the ids of every `dataDir/fighters/ID.fighter`, sorted (the window's fighter select order); empty
/// when the folder cannot be read or holds none. Programs take their fighters from here, so a fighter added as data
/// (a new .fighter file) joins every one of them.
std::vector<std::string> fighterIdsIn(const std::string& dataDir);
/// The same; folderError is the folder's own failure (ec.message(): "No such file or directory", "Permission
/// denied", "Not a directory"), empty when it could be read (even when it holds no fighter).
std::vector<std::string> fighterIdsIn(const std::string& dataDir, std::string& folderError);
/// Loads both fighters a run names from dataDir. On failure: one error at the run's `fighters` line,
/// `cannot load fighter 'ID': <the loader's message>`.
bool loadRunFighters(const RunFile& run, const std::string& dataDir, FighterDef defs[2], io::Error& error);

}  // namespace sim
