// The replay browser's list without a window: which files it lists and in what order, the date from the file
// name, and what it says of each file (fighters, winner, length), checked against the headless runner's own
// result for the same replay, and a broken file reported with its FILE:LINE instead of a row.
#include "game/app/replays/replay_list.h"
#include "game/io/atomic_file.h"
#include "game/io/fighter_file.h"
#include "game/io/player.h"
#include "game/io/replay_writer.h"
#include "game/sim/fight.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

void writeText(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
}

/// Records `frames` frames of a match to path in a child process that is then SIGKILLed mid-recording (no handler
/// runs), as the audit did to a game window; returns the dead child's pid.
pid_t recordThenKill(const std::string& path, const sim::FighterDef& a, const sim::FighterDef& b, int frames) {
    sim::MatchSetup setup;
    sim::Fight fight(setup, a, b);
    const pid_t child = ::fork();
    if (child == 0) {
        sim::ReplayWriter w(path, fight);
        for (int i = 0; i < frames; ++i) {
            fight.step({});
            w.frame({}, fight);
        }
        ::raise(SIGKILL);
        ::_exit(0);  // not reached
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    REQUIRE(WIFSIGNALED(status));
    return child;
}

std::vector<std::string> hiddenFiles(const fs::path& dir) {
    std::vector<std::string> out;
    for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
        if (e.path().filename().string()[0] == '.') out.push_back(e.path().filename().string());
    }
    return out;
}

}  // namespace

TEST_CASE("replay list: a recording cut by SIGKILL is adopted once as a cut replay, nothing hidden left behind") {
    const fs::path dir = fs::temp_directory_path() / ("replay_cut_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    sim::FighterLoad ryo = sim::loadFighterById(BVH_DATA_DIR, "ryo"),
                     brick = sim::loadFighterById(BVH_DATA_DIR, "brick");
    REQUIRE(ryo.ok);
    REQUIRE(brick.ok);
    const std::string name = "20261128-095400-versus-ryo-vs-brick";
    const pid_t dead = recordThenKill((dir / (name + ".freplay")).string(), ryo.def, brick.def, 130);
    writeText(dir / (name + "-cut.freplay"), "fightreplay 1\n");  // the first adopted name is taken
    writeText(dir / (".20261128-095500-versus-ryo-vs-ryo.freplay.tmp-" + std::to_string(dead) + "-1"),
              "");  // before its header
    const std::string live = ".20261128-095600-versus-ryo-vs-ryo.freplay.tmp-" + std::to_string(::getpid()) + "-3";
    writeText(dir / live, "fightreplay 1\n");  // a window recording now: not touched
    const std::string save = ".settings.cfg.tmp-" + std::to_string(dead) + "-0";
    writeText(dir / save, "x");  // not a recording
    REQUIRE(hiddenFiles(dir).size() == 4);
    CHECK(app::listReplays(dir.string()).size() == 1);  // today: the killed match is not listed

    const app::AdoptedRecordings a = app::adoptCutRecordings(dir.string());
    CHECK(a.problems.empty());
    REQUIRE(a.adopted.size() == 1);
    CHECK(a.adopted[0] == name + "-cut-2.freplay");
    CHECK(app::adoptedRecordingsText("D", a) ==
          "D: 1 recording cut by a crash kept as cut replays: " + name + "-cut-2.freplay");
    std::vector<std::string> hidden = hiddenFiles(dir);
    std::sort(hidden.begin(), hidden.end());
    CHECK(hidden == std::vector<std::string>{live, save});  // in name order

    std::vector<app::ReplayInfo> list = app::listReplays(dir.string());
    REQUIRE(list.size() == 2);
    CHECK(fs::path(list[0].path).filename() == name + "-cut.freplay");
    app::ReplayInfo& cut = list[1];
    CHECK(fs::path(cut.path).filename() == name + "-cut-2.freplay");
    CHECK(cut.cut);
    CHECK(cut.date == "2026-11-28 09:54");
    app::describeReplay(cut, [&](const std::string& id) { return id == "ryo" ? &ryo.def : &brick.def; });
    CHECK(cut.error.empty());
    // A SIGKILL runs no code of ours: the file keeps the frames up to the last checkpoint written (120 of the 130;
    // the other 10 were waiting in the writer's buffer).
    CHECK(cut.frames == 120);
    CHECK_FALSE(cut.finished);

    const app::AdoptedRecordings again = app::adoptCutRecordings(dir.string());  // said once: nothing the next time
    CHECK(again.adopted.empty());
    CHECK(app::adoptedRecordingsText("D", again).empty());
    fs::remove_all(dir);
}

TEST_CASE("replay list: cut replays are told by their name, temporary names by their writer's pid") {
    CHECK(app::isCutReplayName("20261128-095400-versus-ryo-vs-brick-cut.freplay"));
    CHECK(app::isCutReplayName("20261128-095400-versus-ryo-vs-brick-cut-12.freplay"));
    CHECK_FALSE(app::isCutReplayName("20261128-095400-versus-ryo-vs-brick-2.freplay"));
    CHECK_FALSE(app::isCutReplayName("-cut.freplay.txt"));
    std::string target;
    long pid = 0;
    CHECK(io::parseTempName(".a-b.freplay.tmp-123-4", target, pid));
    CHECK(target == "a-b.freplay");
    CHECK(pid == 123);
    CHECK_FALSE(io::parseTempName("a.freplay.tmp-123-4", target, pid));
    CHECK_FALSE(io::parseTempName(".a.freplay.tmp-123", target, pid));
    CHECK_FALSE(io::parseTempName(".a.freplay.tmp-12x-4", target, pid));
    CHECK_FALSE(io::parseTempName(".shot.tmp-1-2.png", target, pid));  // a kept extension is not a recording's
    CHECK(io::processAlive(::getpid()));
}

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
