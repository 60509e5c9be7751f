#pragma once
// Loading the button table, data/buttons.cfg (the format is documented at the top of button_file.cpp and in
// docs/formats.md). The table is installed with sim::setButtonTable: script names, replay letters, fighter-file
// move inputs, the network's button mask and the app's default keys all read it.
#include "game/io/text.h"
#include "game/sim/buttons.h"

#include <string>

namespace sim {

/// Parses a button table; on a bad line returns false with error = {fileName, LINE, what}.
bool parseButtonTable(const std::string& text, const std::string& fileName, ButtonTable& out, io::Error& error);
/// Reads `dataDir/buttons.cfg` and installs it (sim::setButtonTable). The file is read once per run and folder:
/// a later call for the same folder installs the table read the first time (a pipe works; an edit during a run
/// is not seen). On failure the table in force is kept and error says why (a failed read is tried again).
bool loadButtons(const std::string& dataDir, io::Error& error);

}  // namespace sim
