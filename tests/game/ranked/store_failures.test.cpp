// The service's store failures said with bounds (game/ranked/store_failures.h), on a virtual clock.
#include "game/ranked/store_failures.h"

#include <doctest/doctest.h>

#include <string>

using ranked::StoreFailureLog;

namespace {

int linesIn(const std::string& text) {
    int n = 0;
    for (char c : text) n += c == '\n';
    return n;
}

}  // namespace

TEST_CASE("A store failure is said at once; the same reason within a minute is counted and said once it is over") {
    StoreFailureLog log("bvh_matchd: ");
    CHECK(log.summary().empty());
    CHECK(log.note("database or disk is full", 1000) == "bvh_matchd: the store failed: database or disk is full\n");
    for (int i = 0; i < 500; ++i) CHECK(log.note("database or disk is full", 1000 + i * 100).empty());
    CHECK(log.due(60999).empty());
    CHECK(log.due(61000) ==
          "bvh_matchd: the store failed: database or disk is full (500 more times in the last 60 s)\n");
    CHECK(log.due(61250).empty());
    CHECK(log.note("database or disk is full", 70000).empty());  // still within the minute of the last line
    CHECK(log.due(121000) ==
          "bvh_matchd: the store failed: database or disk is full (1 more times in the last 60 s)\n");
    CHECK(log.due(181000).empty());  // quiet for a minute: forgotten, so the next one is said at once
    CHECK(log.note("database or disk is full", 190000) == "bvh_matchd: the store failed: database or disk is full\n");
    CHECK(log.failures() == 503);
    CHECK(log.summary() ==
          "bvh_matchd: the store failed 503 times during this run (the last: database or disk is full)\n");
}

TEST_CASE("A flood of distinct store failures says at most a line a reason kept and one count a minute") {
    StoreFailureLog log("s: ");
    std::string said;
    for (std::int64_t t = 0; t < 10 * 60000; t += 250) {  // ten minutes of ticks, 40 new reasons at each
        for (int i = 0; i < 40; ++i) said += log.note("reason " + std::to_string(t) + "-" + std::to_string(i), t);
        said += log.due(t);
    }
    CAPTURE(said.substr(0, 400));
    CHECK(log.failures() == 40 * 4 * 60 * 10);
    // Each minute: the kept reasons' lines (each said once, then forgotten after a quiet minute) and one count.
    CHECK(linesIn(said) <= 10 * (int(StoreFailureLog::kReasonsKept) + 1) + int(StoreFailureLog::kReasonsKept));
    // The first tick's 24 beyond the 16 kept are counted at once, then a minute's worth at each minute.
    CHECK(said.find("s: the store failed 24 more times for other reasons (at most 16 reasons are said at once)\n") !=
          std::string::npos);
    CHECK(said.find("s: the store failed 9600 more times for other reasons") != std::string::npos);
    CHECK(log.note(std::string(5000, 'x'), 0).size() < StoreFailureLog::kReasonBytes + 100);  // a reason is cut
}
