// Fuzz target: Blaster scripts (blaster::parseScript). A refusal is one well-formed `FILE:LINE: what`; a script
// that parses runs through blaster::runScript cut to a work budget, twice, to the same hash and failures.
#include "game/io/blaster_script.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_runs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string file = "fuzz.blaster";
    const std::string text = fuzz::asText(data, size);
    const int lines = fuzz::lineCount(text);
    blaster::Script script;
    io::Error error;
    if (!blaster::parseScript(text, file, script, error)) {
        fuzz::checkError(error, file, lines);
        return 0;
    }
    std::string why;
    if (!blaster::checkOptions(script.options, why)) fuzz::broken("a parsed script's tuning fails checkOptions", why);
    fuzz::runBlasterTwice(script, file, lines);
    return 0;
}
