// The pause menu's bug report: the inputs a live match stepped, written as a replay with a note on the last frame,
// must load as a replay whose every checkpoint and end hash the headless runner confirms, with the note on the
// frame the player saw; a note of nothing and an unwritable folder are refused with a reason, leaving no file.
#include "game/io/bug_report.h"
#include "game/io/player.h"
#include "game/io/run_file.h"
#include "game/io/text.h"
#include "game/sim/fight_test_util.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace {

/// The inputs a window match would have stepped: 12_cpu_vs_cpu.freplay's first `frames` frames.
std::vector<sim::FrameInput> playedFrames(const sim::RunFile& source, std::size_t frames) {
    return {source.inputs.begin(), source.inputs.begin() + std::ptrdiff_t(frames)};
}

std::string tempDir(const char* name) {
    const std::string dir = (std::filesystem::temp_directory_path() / name).string();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("A bug report replays the match so far with every checkpoint and the note on the frame on screen") {
    sim::RunFile source;
    io::Error error;
    REQUIRE_MESSAGE(sim::loadRunFile(testpaths::data("replays/12_cpu_vs_cpu.freplay"), source, error), error.text());
    const sim::FighterDef p1 = fighttest::fighter(source.setup.fighter[0]);
    const sim::FighterDef p2 = fighttest::fighter(source.setup.fighter[1]);
    const std::size_t frames = 777;  // past several checkpoints (every 60 frames), not on one
    REQUIRE(source.inputs.size() > frames);
    const std::vector<sim::FrameInput> played = playedFrames(source, frames);

    const std::string path = tempDir("bvh_bug_report") + "/report.freplay";
    CHECK(sim::writeBugReport(path, source.setup, p1, p2, played, "p2 should have # blocked\tthis") == "");

    sim::RunFile report;
    REQUIRE_MESSAGE(sim::loadRunFile(path, report, error), error.text());
    CHECK(report.isReplay);
    CHECK_FALSE(report.truncated);
    REQUIRE(report.notes.size() == 1);
    CHECK(report.notes[0].frame == std::int64_t(frames));
    CHECK(report.notes[0].text == "p2 should have blocked this");  // '#' and the tab dropped, as noteText says
    REQUIRE(report.inputs.size() == frames);
    for (std::size_t i = 0; i < frames; ++i) {
        CHECK(report.inputs[i].buttons[0] == played[i].buttons[0]);
        CHECK(report.inputs[i].buttons[1] == played[i].buttons[1]);
    }
    CHECK(report.checkpoints.size() >= frames / 60);  // the writer's checkpoints plus the end line

    // The same hashes as the original recording at the same frames: the report is the same match.
    const sim::RunResult original = sim::runFile(source, p1, p2, 0, true);
    const sim::RunResult replayed = sim::runFile(report, p1, p2, 0, true);
    CHECK(replayed.failures.empty());
    REQUIRE(replayed.hashes.size() == frames);
    CHECK(replayed.hashes.back() == original.hashes[frames - 1]);

    // The same file with its note moved past the last frame is refused at the note's line.
    std::string text;
    REQUIRE(io::readFile(path, text, error));
    const std::size_t at = text.find("note 777 ");
    REQUIRE(at != std::string::npos);
    const int noteLine = 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n'));
    text.replace(at, 8, "note 778");
    sim::RunFile past;
    CHECK_FALSE(sim::parseRunFile(text, "r.freplay", past, error));
    CHECK(error.text() ==
          "r.freplay:" + std::to_string(noteLine) + ": note names frame 778 but the replay has 777 frames");
}

TEST_CASE("A bug report with no text or into a folder that cannot be written is refused with a reason") {
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    sim::MatchSetup setup;
    const std::vector<sim::FrameInput> played(30);
    const std::string dir = tempDir("bvh_bug_report_refused");
    CHECK(sim::writeBugReport(dir + "/a.freplay", setup, ryo, ryo, played, " # \t ").find("needs a note") !=
          std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir + "/a.freplay"));
    const std::string failure = sim::writeBugReport(dir + "/missing/b.freplay", setup, ryo, ryo, played, "x");
    CHECK(failure.find("cannot write") != std::string::npos);
    CHECK(failure.find("missing/b.freplay") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir + "/missing/b.freplay"));
}

TEST_CASE("A bug report of a dated name never replaces a file: the second in one second takes NAME-2") {
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    sim::MatchSetup setup;
    const std::vector<sim::FrameInput> played(30);
    const std::string dir = tempDir("bvh_bug_report_fresh");
    const std::string path = dir + "/20261129-031500-bugreport-ryo-vs-ryo.freplay";
    std::ofstream(path) << "another game's report\n";
    std::string placed;
    CHECK(sim::writeBugReport(path, setup, ryo, ryo, played, "x", &placed) == "");
    CHECK(placed == dir + "/20261129-031500-bugreport-ryo-vs-ryo-2.freplay");
    std::ifstream kept(path);
    std::string line;
    std::getline(kept, line);
    CHECK(line == "another game's report");
    sim::RunFile report;
    io::Error error;
    REQUIRE_MESSAGE(sim::loadRunFile(placed, report, error), error.text());
    CHECK(report.inputs.size() == 30);
}
