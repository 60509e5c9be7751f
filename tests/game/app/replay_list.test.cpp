// The replay browser's list without a window: which files it lists and in what order, the date from the file
// name, and what it says of each file (fighters, winner, length), checked against the headless runner's own
// result for the same replay, and a broken file reported with its FILE:LINE instead of a row.
#include "game/app/replay_list.h"
#include "game/io/fighter_file.h"
#include "game/io/player.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

void writeText(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
}

}  // namespace

TEST_CASE("replay list: recorded matches newest first, then other .freplay files, nothing else") {
    const fs::path dir = fs::temp_directory_path() / ("replay_list_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string shipped = std::string(BVH_DATA_DIR) + "/replays/12_cpu_vs_cpu.freplay";
    fs::copy_file(shipped, dir / "20260101-120000-cpuvscpu-ryo-vs-brick.freplay");
    writeText(dir / "20261125-090500-versus-ryo-vs-ryo.freplay", "fightreplay 1\nrules 99\n");
    writeText(dir / "zzz.freplay", "fightreplay 1\n");
    writeText(dir / "notes.txt", "not a replay\n");
    fs::create_directories(dir / "folder.freplay");

    std::vector<app::ReplayInfo> list = app::listReplays(dir.string());
    REQUIRE(list.size() == 3);
    CHECK(fs::path(list[0].path).filename() == "20261125-090500-versus-ryo-vs-ryo.freplay");
    CHECK(list[0].date == "2026-11-25 09:05");
    CHECK(fs::path(list[1].path).filename() == "20260101-120000-cpuvscpu-ryo-vs-brick.freplay");
    CHECK(fs::path(list[2].path).filename() == "zzz.freplay");
    CHECK(list[2].date.empty());
    CHECK_FALSE(list[1].described);

    std::map<std::string, sim::FighterDef> defs;
    for (const char* id : {"ryo", "brick"}) {
        sim::FighterLoad load = sim::loadFighterById(BVH_DATA_DIR, id);
        REQUIRE(load.ok);
        defs[id] = load.def;
    }
    const auto byId = [&defs](const std::string& id) -> const sim::FighterDef* {
        const auto it = defs.find(id);
        return it == defs.end() ? nullptr : &it->second;
    };
    for (app::ReplayInfo& r : list) app::describeReplay(r, byId);

    // The shipped CPU match: what the headless runner's player finds at its end.
    sim::RunFile run;
    io::Error error;
    REQUIRE(sim::loadRunFile(shipped, run, error));
    const sim::RunResult expected = sim::runFile(run, defs["ryo"], defs["brick"], 0, false);
    const app::ReplayInfo& match = list[1];
    CHECK(match.error.empty());
    CHECK(match.mode == sim::Mode::CpuVsCpu);
    CHECK(match.fighter[0] == "ryo");
    CHECK(match.fighter[1] == "brick");
    CHECK(match.frames == run.frames);
    CHECK(match.finished == expected.finalState.matchOver);
    CHECK(match.winner == expected.finalState.matchWinner);
    CHECK(match.finished);

    // A replay of other rules and a cut file: each says why, with its line.
    CHECK(list[0].error.find("20261125-090500-versus-ryo-vs-ryo.freplay:2:") != std::string::npos);
    CHECK_FALSE(list[2].error.empty());
    fs::remove_all(dir);
    CHECK(app::listReplays(dir.string()).empty());  // a missing folder lists nothing
}

TEST_CASE("replay list: lengths as minutes and seconds, dates only from the recorder's names") {
    CHECK(app::lengthText(0) == "0:00");
    CHECK(app::lengthText(59) == "0:00");
    CHECK(app::lengthText(60 * 61 + 30) == "1:01");
    CHECK(app::lengthText(6400) == "1:46");
    CHECK(app::dateOfReplayName("20261125-174148-cpu-ryo-vs-tasha.freplay") == "2026-11-25 17:41");
    CHECK(app::dateOfReplayName("2026112-174148-x.freplay").empty());
    CHECK(app::dateOfReplayName("replay.freplay").empty());
}
