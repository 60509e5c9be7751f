// Fuzz target: fighter files (sim::parseFighter). A refusal is one well-formed `FILE:LINE: what`; a fighter that
// parses fights: the CPU drives it against a shipped fighter, and against itself, for a few seconds, twice, to the
// same hash.
#include "game/io/fighter_file.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_runs.h"

namespace {

/// A CPU-vs-CPU match of kFightFrames frames (no inputs: the CPU picks the moves, so it uses the fighter's).
sim::RunFile cpuMatch(const std::string& file) {
    sim::RunFile run;
    run.path = file;
    run.setup.mode = sim::Mode::CpuVsCpu;
    run.setup.cpuLevel = 3;
    run.frames = fuzz::kFightFrames;
    return run;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string file = "fuzz.fighter";
    const std::string text = fuzz::asText(data, size);
    const int lines = fuzz::lineCount(text);
    const sim::FighterLoad load = sim::parseFighter(text, file);
    if (!load.ok) {
        fuzz::checkError(load.error, file, lines);
        return 0;
    }
    const sim::RunFile run = cpuMatch(file);
    fuzz::runFightTwice(run, load.def, *fuzz::shippedFighter("brick"), lines);
    fuzz::runFightTwice(run, load.def, load.def, lines);
    return 0;
}
