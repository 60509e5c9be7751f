#pragma once
// Helpers shared by the format tests of this folder (one unit in the unity build, so one definition each).
#include "game/io/blaster_script.h"

#include <fstream>
#include <sstream>
#include <string>

namespace iotest {

/// The whole file's bytes ("" when it cannot be read).
inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The error of parsing text as a Blaster script ("" when it parsed).
inline std::string blasterError(const std::string& text) {
    blaster::Script script;
    io::Error error;
    return blaster::parseScript(text, "t.blaster", script, error) ? "" : error.text();
}

}  // namespace iotest
