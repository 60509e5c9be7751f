// Fuzz target: the online simulator's schedule files (simnet::parseSchedule). Beyond no crash: a refusal is one
// `schedule.txt:LINE: what` line naming a line that exists; an accepted schedule writes as text that reads back to
// the same schedule (the explorer prints schedules in that text for a failing seed to be run again).
#include "game/simnet/schedule.h"
#include "tests/fuzz/fuzz_check.h"

#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = fuzz::asText(data, size);
    simnet::Schedule s;
    std::string error;
    if (!simnet::parseSchedule(text, "schedule.txt", s, error)) {
        fuzz::checkMessage(error, "schedule.txt", fuzz::lineCount(text));
        return 0;
    }
    const std::string written = simnet::scheduleText(s);
    simnet::Schedule back;
    if (!simnet::parseSchedule(written, "again.txt", back, error))
        fuzz::broken("a written schedule does not read back: " + error, text);
    if (simnet::scheduleText(back) != written) fuzz::broken("a schedule reads back to another one", text);
    return 0;
}
