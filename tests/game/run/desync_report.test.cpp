// The desync report's files: written, read back to the same hashes and fields, and bad lines named by FILE:LINE.
#include "game/run/desync_report.h"
#include "tests/game/sim/fight_test_util.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

std::string tempBase(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("desync_report_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return (dir / name).string();
}

void writeText(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

}  // namespace

TEST_CASE("desync report: the hashes and the last states are written and read back") {
    sim::Fight f(fighttest::setupAt(500, 700), fighttest::fighter("ryo"), fighttest::fighter("brick"));
    run::StateRing ring;
    std::vector<std::uint64_t> hashes;
    for (int i = 1; i <= int(run::kStateRing) + 10; ++i) {
        f.step(fighttest::input(sim::kRight, sim::kLight));
        hashes.push_back(f.hash());
        ring.push(i, f.state());
    }
    REQUIRE(ring.states().size() == run::kStateRing);
    CHECK(ring.states().front().first == 11);  // the oldest ten were dropped
    const std::string base = tempBase("match.freplay");
    std::string error;
    REQUIRE_MESSAGE(run::writeDesyncReport(base, hashes, ring, error), error);
    std::map<std::int64_t, std::uint64_t> readHashes;
    std::map<std::int64_t, std::vector<sim::StateField>> readStates;
    io::Error bad;
    REQUIRE_MESSAGE(run::readHashLog(base + ".hashes", readHashes, bad), bad.text());
    REQUIRE_MESSAGE(run::readStateLog(base + ".states", readStates, bad), bad.text());
    REQUIRE(readHashes.size() == hashes.size());
    CHECK(readHashes.at(1) == hashes[0]);
    CHECK(readHashes.at(130) == hashes[129]);
    REQUIRE(readStates.size() == run::kStateRing);
    CHECK(sim::differingFields(readStates.at(130), sim::stateFields(f.state())).empty());
    fs::remove_all(fs::path(base).parent_path());
}

TEST_CASE("desync report: bad files are refused at FILE:LINE") {
    const std::string base = tempBase("bad");
    std::map<std::int64_t, std::uint64_t> h;
    std::map<std::int64_t, std::vector<sim::StateField>> s;
    io::Error bad;
    writeText(base + ".hashes", "fighthashes 1\n1 00000000000000ff\n2 xyz\n");
    CHECK_FALSE(run::readHashLog(base + ".hashes", h, bad));
    CHECK(bad.text().find("bad.hashes:3:") != std::string::npos);
    writeText(base + ".hashes", "fighthashes 1\n1 00000000000000ff\n1 00000000000000ff\n");
    CHECK_FALSE(run::readHashLog(base + ".hashes", h, bad));
    CHECK(bad.text().find(":3: frame 1 listed twice") != std::string::npos);
    writeText(base + ".hashes", "fightstates 1\n");
    CHECK_FALSE(run::readHashLog(base + ".hashes", h, bad));
    CHECK(bad.text().find(":1: expected `fighthashes 1` first") != std::string::npos);
    writeText(base + ".states", "fightstates 1\np1.x 5\n");
    CHECK_FALSE(run::readStateLog(base + ".states", s, bad));
    CHECK(bad.text().find(":2: a field before the first `state F` line") != std::string::npos);
    writeText(base + ".states", "fightstates 1\nstate 3\np1.x 99999999999999999999\n");
    CHECK_FALSE(run::readStateLog(base + ".states", s, bad));
    CHECK(bad.line == 3);
    fs::remove_all(fs::path(base).parent_path());
}
