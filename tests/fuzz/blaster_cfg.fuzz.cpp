// Fuzz target: blaster.cfg (blaster::loadOptions). The real loader reads a file, so the input is written to one
// temporary file (made once per process) and loaded exactly as the game loads data/blaster.cfg. A refusal is one
// well-formed `FILE:LINE: what` and leaves the options untouched; a tuning that loads is written back as a
// recorder writes it (`set` lines of a script), must parse again to the same tuning, and runs, twice, alike.
#include "game/io/blaster_config.h"
#include "game/io/blaster_script.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_runs.h"

namespace {

/// A script with the tuning as `set` lines and a little play through every structure.
std::string scriptFor(const blaster::Options& options) {
    std::string s = "blaster 1\nstructure grid\n";
    for (const std::string& line : blaster::optionLines(options)) s += "set " + line + "\n";
    for (const char* kind :
         {"grid", "quadtree-lowest", "quadtree-leaves", "agent-bvh", "dynamic-tree", "sort-and-sweep", "array"})
        s += std::string("switch ") + kind + "\nhold fire+up 2\nhold fire+down 2\n";
    return s + "expect alive\n";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string& file = fuzz::tempFile("cfg");
    fuzz::writeFile(file, data, size);
    const int lines = fuzz::lineCount(fuzz::asText(data, size));
    const blaster::Options defaults;
    blaster::Options options;
    io::Error error;
    if (!blaster::loadOptions(file, options, error)) {
        fuzz::checkError(error, file, lines);
        if (blaster::optionLines(options) != blaster::optionLines(defaults))
            fuzz::broken("a refused file changed the options", file);
        return 0;
    }
    blaster::Script script;
    const std::string text = scriptFor(options);
    if (!blaster::parseScript(text, "recorded.blaster", script, error))
        fuzz::broken("a loaded tuning does not parse as `set` lines", error.text());
    if (blaster::optionLines(script.options) != blaster::optionLines(options))
        fuzz::broken("`set` lines gave another tuning", text);
    fuzz::runBlasterTwice(script, "recorded.blaster", fuzz::lineCount(text));
    return 0;
}
