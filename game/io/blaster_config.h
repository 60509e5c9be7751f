#pragma once
// The Blaster's tuning as text: `KEY VALUE` lines, read from data/blaster.cfg and from a script's `set` lines,
// written into recorded scripts. Each value goes through blaster::setOption (its range) and the whole tuning
// through blaster::checkOptions (pairs and worst-case memory): one validation path for the file, `set` and the
// defaults.
#include "game/io/text.h"
#include "game/sim/blaster/blaster.h"

#include <string>
#include <vector>

namespace blaster {

/// Sets one key from its text value (an integer; spawnEnemies 0 or 1); false with a reason.
bool setOptionText(Options& options, const std::string& key, const std::string& value, std::string& why);
/// Every option as `KEY VALUE` (what loadOptions reads; a recorder prefixes `set `).
std::vector<std::string> optionLines(const Options& options);
/// Reads `KEY VALUE` lines ('#' comments) on top of options, then checks the whole tuning; false with error.
bool loadOptions(const std::string& path, Options& options, io::Error& error);

}  // namespace blaster
