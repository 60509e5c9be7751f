#pragma once
// Helpers shared by the format tests of this folder (one unit in the unity build, so one definition each).
#include "game/io/blaster_script.h"
#include "game/io/run_file.h"

#include <doctest/doctest.h>

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

/// text parsed as an action script named name; the test stops with the parser's message when it does not parse.
inline sim::RunFile script(const std::string& text, const std::string& name = "t.fscript") {
    sim::RunFile run;
    io::Error error;
    REQUIRE_MESSAGE(sim::parseScript(text, name, run, error), error.text());
    return run;
}

/// The error of parsing text as an action script named name ("" when it parsed).
inline std::string scriptError(const std::string& text, const std::string& name) {
    sim::RunFile run;
    io::Error error;
    return sim::parseScript(text, name, run, error) ? "" : error.text();
}

/// The error of parsing text as a replay named name ("" when it parsed).
inline std::string replayError(const std::string& text, const std::string& name) {
    sim::RunFile run;
    io::Error error;
    return sim::parseReplay(text, name, run, error) ? "" : error.text();
}

}  // namespace iotest
