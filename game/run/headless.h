#pragma once
// The headless entry point shared by `game --headless` and `game_headless`: no SFML anywhere below it.

#include <string>

namespace run {

/// Runs `--headless --replay FILE [...]`: picks the fight or Blaster runner by the file's first word
/// (`blaster` starts a Blaster script), returns the process exit code (0 pass, 1 failed check, 2 bad file/flags).
/// Fighters come from --data DIR, else the data folder found above the file, else defaultDataDir.
int runHeadless(int argc, char** argv, const std::string& defaultDataDir);

}  // namespace run
