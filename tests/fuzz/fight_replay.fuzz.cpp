// Fuzz target: fight replays (sim::parseReplay). A refusal is one well-formed `FILE:LINE: what`; a replay that
// parses plays as the headless runner plays it (shipped fighters, checkRunAgainstFighters), cut to a few seconds,
// twice, to the same hash and failures (its checkpoints mostly fail on fuzzed input: the same way both times);
// written again (replayHeader, replayFrameLine) it reads back the same.
#include "game/io/run_file.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_runs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string file = "fuzz.freplay";
    const std::string text = fuzz::asText(data, size);
    const int lines = fuzz::lineCount(text);
    sim::RunFile run;
    io::Error error;
    if (!sim::parseReplay(text, file, run, error)) {
        fuzz::checkError(error, file, lines);
        return 0;
    }
    if (run.frames < std::int64_t(run.inputs.size()))
        fuzz::broken("a replay runs fewer frames than it has inputs", file);
    fuzz::runWithShippedFighters(run, lines);
    return 0;
}
