// The arcade ladder without screens: stages in order with a rising CPU level, a loss (or a draw) offers a continue
// on the same stage, the last win clears the run.
#include "game/app/menus/arcade.h"

#include <doctest/doctest.h>

TEST_CASE(
    "arcade: every fighter in turn, the CPU a level stronger each stage from level 1, continues on the same stage") {
    app::ArcadeLadder run("ryo", {"brick", "ryo", "tasha", "nova"});
    CHECK(run.stages() == 4);
    CHECK(run.opponent() == "brick");
    CHECK(run.cpuLevel() == 1);
    sim::MatchSetup s = run.setup(5);
    CHECK(s.mode == sim::Mode::VersusCpu);
    CHECK(s.fighter[0] == "ryo");
    CHECK(s.fighter[1] == "brick");
    CHECK(s.cpuLevel == 1);
    CHECK(run.afterMatch(1) == app::ArcadeNext::Continue);  // lost: same stage
    CHECK(run.afterMatch(2) == app::ArcadeNext::Continue);  // a draw is no win
    CHECK(run.stage() == 0);
    run.useContinue();
    CHECK(run.continues() == 1);
    CHECK(run.afterMatch(0) == app::ArcadeNext::NextStage);
    CHECK(run.opponent() == "ryo");  // the mirror match
    CHECK(run.cpuLevel() == 2);
    CHECK(run.afterMatch(0) == app::ArcadeNext::NextStage);
    CHECK(run.opponent() == "tasha");
    CHECK(run.cpuLevel() == 3);
    CHECK(run.afterMatch(0) == app::ArcadeNext::NextStage);
    CHECK(run.opponent() == "nova");
    CHECK(run.cpuLevel() == sim::kMaxCpuLevel);
    CHECK(run.afterMatch(0) == app::ArcadeNext::Cleared);
    CHECK(run.stage() == 3);  // cleared: stays on the last stage
    CHECK(run.continues() == 1);
}

#include "game/app/menus/select_memory.h"

TEST_CASE("fighter select starts on the last picks, else the default pairing") {
    const std::vector<std::string> ids = {"brick", "ryo", "tasha"};
    int picks[2] = {};
    const int none[2] = {-1, -1};
    app::startPicks(ids, none, picks);
    const sim::MatchSetup defaults;  // the default pairing, found by id
    CHECK(ids[std::size_t(picks[0])] == defaults.fighter[0]);
    CHECK(ids[std::size_t(picks[1])] == defaults.fighter[1]);
    const int last[2] = {2, 0};  // Tasha vs Brick picked before the match
    app::startPicks(ids, last, picks);
    CHECK(picks[0] == 2);
    CHECK(picks[1] == 0);
    const int stale[2] = {7, -1};  // out of range (fewer fighters now): the defaults
    app::startPicks(ids, stale, picks);
    CHECK(ids[std::size_t(picks[0])] == defaults.fighter[0]);
}

TEST_CASE("Versus CPU starts on level 1, the beginner's opponent, until a level was picked") {
    CHECK(app::startCpuLevel(0) == 1);  // nothing picked yet this session
    CHECK(app::startCpuLevel(3) == 3);  // K picked level 3 before the last match
    CHECK(app::startCpuLevel(sim::kMaxCpuLevel) == sim::kMaxCpuLevel);
    CHECK(app::startCpuLevel(sim::kMaxCpuLevel + 1) == 1);  // out of range: the beginner's level
}
