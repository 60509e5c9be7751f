// Fuzz target: action scripts (sim::parseScript). A refusal is one well-formed `FILE:LINE: what`; a script that
// parses runs as the headless runner runs it (shipped fighters, checkRunAgainstFighters), cut to a few seconds,
// twice, to the same hash and failures; its setup and inputs written as a replay (what --record does) read back
// the same.
#include "game/io/run_file.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_runs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string file = "fuzz.fscript";
    const std::string text = fuzz::asText(data, size);
    const int lines = fuzz::lineCount(text);
    sim::RunFile run;
    io::Error error;
    if (!sim::parseScript(text, file, run, error)) {
        fuzz::checkError(error, file, lines);
        return 0;
    }
    fuzz::runWithShippedFighters(run, lines);
    return 0;
}
