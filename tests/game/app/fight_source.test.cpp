// The fight view's sources without a window (game/app/fight/fight_source.h and its live and replay implementations,
// with match_recorder.h): both keep the interface's stepping contract; a live match recorded as it is played
// replays to the same hash on every frame through the replay source; the replay source sorts a player's failures
// into the desync alarm and the failed-check list. The online source needs a network peer and is covered by the
// window's own checks.
#include "app_test_util.h"
#include "game/app/fight/live_source.h"
#include "game/app/replays/replay_source.h"
#include "game/app/screen.h"
#include "game/io/fighter_file.h"

#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>
#include <memory>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using apptest::fighter;

/// A fresh, empty folder under the system's temporary folder.
std::string freshDir(const std::string& name) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

/// Varied key buttons for frame f (a fixed pattern: walks, jumps, attacks, specials, throws on both sides).
sim::FrameInput keysAt(std::int64_t f) {
    const std::uint16_t pattern[8] = {
        sim::kRight,   sim::kRight | sim::kLight, 0,          sim::kDown | sim::kHeavy, sim::kLeft,
        sim::kSpecial, sim::kUp | sim::kRight,    sim::kThrow};
    return {{pattern[(f / 5) % 8], pattern[(f / 7 + 3) % 8]}};
}

sim::RunFile loadRun(const std::string& path) {
    sim::RunFile run;
    io::Error error;
    REQUIRE_MESSAGE(sim::loadRunFile(path, run, error), error.text());
    return run;
}

/// The one replay file in dir.
std::string onlyReplayIn(const std::string& dir) {
    std::vector<std::string> found;
    for (const auto& e : std::filesystem::directory_iterator(dir)) found.push_back(e.path().string());
    REQUIRE(found.size() == 1);
    return found.front();
}

}  // namespace

TEST_CASE("fight sources: a live match recorded while played replays to the same hash on every frame") {
    const sim::FighterDef ryo = fighter("ryo"), brick = fighter("brick");
    sim::MatchSetup setup;
    setup.mode = sim::Mode::VersusCpu;  // P1 on keys, P2 a CPU whose key buttons must be ignored
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "brick";
    setup.seed = 77;
    const std::string dir = freshDir("fight_sources_live");
    constexpr int kFrames = 900;
    std::vector<std::uint64_t> liveHashes;
    {
        app::LiveSource live(setup, ryo, brick, dir);
        CHECK(live.recording());
        for (std::int64_t f = 0; f < kFrames && !live.fight().state().matchOver; ++f) {
            const sim::FrameInput keys = keysAt(f);
            const app::Advance a = live.tick(app::Tick{}, &keys);
            REQUIRE(a.stepped == &live.fight());
            liveHashes.push_back(live.fight().hash());
        }
        CHECK(live.tick(app::Tick{}, nullptr).stepped == nullptr);  // held by the view: no step
        CHECK(live.fight().state().frame == std::int64_t(liveHashes.size()));
    }  // the source closes its file (the `end` line)
    REQUIRE(liveHashes.size() > 100);

    const sim::RunFile run = loadRun(onlyReplayIn(dir));
    app::ReplaySource replay(run, ryo, brick);
    const sim::FrameInput ignored = keysAt(3);
    std::size_t frame = 0;
    while (!replay.ended() && frame < liveHashes.size() + 10) {
        const app::Advance a = replay.tick(app::Tick{}, &ignored);  // a replay's own inputs, not the keys
        REQUIRE(a.stepped != nullptr);
        REQUIRE(frame < liveHashes.size());
        CHECK_MESSAGE(replay.fight().hash() == liveHashes[frame], "frame " << frame + 1);
        ++frame;
    }
    CHECK(frame == liveHashes.size());
    CHECK(replay.desync().empty());
    CHECK(replay.failedChecks().empty());
    CHECK(replay.tick(app::Tick{}, &ignored).stepped == nullptr);  // ended: nothing more
    std::filesystem::remove_all(dir);
}

TEST_CASE(
    "fight sources: the replay source turns a hash mismatch into the desync alarm and a failed expectation "
    "into a FAILED line") {
    const sim::FighterDef ryo = fighter("ryo");
    const sim::RunFile tampered = loadRun(std::string(BVH_TEST_DATA_DIR) + "/tampered_combo.freplay");
    app::ReplaySource bad(tampered, ryo, ryo);
    const sim::FrameInput none;
    while (!bad.ended()) bad.tick(app::Tick{}, &none);
    // The first mismatch is at frame 60 (line 74); the second one does not replace it.
    CHECK(bad.desync() == "DESYNC at frame 60 (tampered_combo.freplay:74)");
    CHECK(bad.failedChecks().empty());

    const sim::RunFile script = loadRun(std::string(BVH_TEST_DATA_DIR) + "/fail_expectation.fscript");
    app::ReplaySource failing(script, ryo, ryo);
    while (!failing.ended()) failing.tick(app::Tick{}, &none);
    CHECK(failing.desync().empty());
    REQUIRE(failing.failedChecks().size() == 1);
    CHECK(failing.failedChecks()[0].rfind("fail_expectation.fscript:6: expectation failed", 0) == 0);  // no folders

    failing.restart();  // watched again: the failures start over
    CHECK(failing.failedChecks().empty());
    CHECK(!failing.ended());
}

TEST_CASE(
    "fight sources: live and replay keep the stepping contract (no step while held, one per given frame, "
    "round 1 again after restart)") {
    const sim::FighterDef ryo = fighter("ryo"), brick = fighter("brick");
    const sim::RunFile run = loadRun(std::string(BVH_DATA_DIR) + "/replays/12_cpu_vs_cpu.freplay");
    REQUIRE(run.setup.fighter[0] == "ryo");
    REQUIRE(run.setup.fighter[1] == "brick");
    sim::MatchSetup setup;
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "brick";
    std::unique_ptr<app::FightSource> src;
    SUBCASE("live") { src = std::make_unique<app::LiveSource>(setup, ryo, brick, ""); }
    SUBCASE("replay") { src = std::make_unique<app::ReplaySource>(run, ryo, brick); }
    REQUIRE(src != nullptr);
    CHECK(src->paced());
    CHECK(&src->fighter(0) == &ryo);
    CHECK(&src->fighter(1) == &brick);
    CHECK(src->fight().state().frame == 0);
    for (int i = 0; i < 3; ++i) CHECK(src->tick(app::Tick{}, nullptr).stepped == nullptr);
    CHECK(src->fight().state().frame == 0);
    for (std::int64_t f = 1; f <= 120; ++f) {
        const sim::FrameInput keys = keysAt(f);
        const app::Advance a = src->tick(app::Tick{}, &keys);
        CAPTURE(f);
        REQUIRE(a.stepped == &src->fight());
        CHECK(!a.restarted);
        CHECK(!a.left);
        CHECK(src->fight().state().frame == f);
    }
    src->restart();
    CHECK(src->fight().state().frame == 0);
    CHECK(src->fight().state().round == 1);
    CHECK(!src->ended());
}

TEST_CASE("fight sources: training records no replay until asked, then one file per restart until stopped") {
    const sim::FighterDef ryo = fighter("ryo"), brick = fighter("brick");
    sim::MatchSetup setup;
    setup.mode = sim::Mode::Training;
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "brick";
    const std::string dir = freshDir("fight_sources_training");
    const auto files = [&dir] {
        std::size_t n = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir)) n += e.path().extension() == ".freplay";
        return n;
    };
    {
        app::LiveSource live(setup, ryo, brick, dir);
        CHECK(live.recordsOnRequest());
        CHECK_FALSE(live.recording());
        for (int change = 0; change < 3; ++change) {  // dummy changes restart the match: no file each time
            for (std::int64_t f = 0; f < 30; ++f) {
                const sim::FrameInput keys = keysAt(f);
                live.tick(app::Tick{}, &keys);
            }
            sim::MatchSetup next = live.setup();
            next.dummy = change % 2 == 0 ? sim::DummyMode::Crouch : sim::DummyMode::Stand;
            REQUIRE(live.restartWith(next));
        }
        CHECK(files() == 0);
        live.setRecording(true);
        CHECK(live.recording());
        CHECK(live.fight().state().frame == 0);  // a replay starts from a setup: the match restarted
        for (std::int64_t f = 0; f < 40; ++f) {
            const sim::FrameInput keys = keysAt(f);
            live.tick(app::Tick{}, &keys);
        }
        live.setRecording(false);
        CHECK_FALSE(live.recording());
        CHECK(files() == 1);
        REQUIRE(live.restartWith(live.setup()));  // stopped: the next restart records nothing
        CHECK_FALSE(live.recording());
    }
    CHECK(files() == 1);
    const sim::RunFile run = loadRun(onlyReplayIn(dir));
    CHECK(run.setup.mode == sim::Mode::Training);
    // A match (not training) records from its start, as before; without a folder nothing is offered.
    sim::MatchSetup match = setup;
    match.mode = sim::Mode::VersusCpu;
    app::LiveSource versus(match, ryo, brick, dir);
    CHECK(versus.recording());
    CHECK_FALSE(versus.recordsOnRequest());
    app::LiveSource nowhere(setup, ryo, brick, "");
    CHECK_FALSE(nowhere.recordsOnRequest());
    std::filesystem::remove_all(dir);
}

TEST_CASE("fight sources: a match that plays no frame leaves no recording and makes no folder, even when killed") {
    const sim::FighterDef ryo = fighter("ryo"), brick = fighter("brick");
    sim::MatchSetup setup;
    setup.mode = sim::Mode::VersusCpu;
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "brick";
    const std::string root = freshDir("fight_sources_no_frame");
    const std::string dir = root + "/missing/replays";  // made only once a frame is played
    {
        app::LiveSource live(setup, ryo, brick, dir);  // a window that then finds no display
        CHECK(live.recording());                       // the REC mark is on from the start
        live.restart();                                // Reset before the first step
        CHECK(live.recording());
    }
    CHECK_FALSE(std::filesystem::exists(root + "/missing"));
    // A stop signal at frame 0 (`game --show pause` killed) renamed a recording of its header alone into place.
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        std::signal(SIGTERM, SIG_DFL);  // doctest's own handler would keep the recorder's from being installed
        app::LiveSource live(setup, ryo, brick, dir);
        ::raise(SIGTERM);
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status));
    CHECK_FALSE(std::filesystem::exists(root + "/missing"));
    {  // one frame played: the folder and a replay of that frame
        app::LiveSource live(setup, ryo, brick, dir);
        const sim::FrameInput keys = keysAt(0);
        live.tick(app::Tick{}, &keys);
    }
    CHECK(loadRun(onlyReplayIn(dir)).inputs.size() == 1);
    std::filesystem::remove_all(root);
}

TEST_CASE("fight sources: a replay that ends on the last hit plays on through the K.O. call, the fall and the poses") {
    const sim::FighterDef ryo = fighter("ryo"), brick = fighter("brick");
    const sim::RunFile run = loadRun(std::string(BVH_DATA_DIR) + "/replays/12_cpu_vs_cpu.freplay");
    app::ReplaySource replay(run, ryo, brick);
    const sim::FrameInput none;
    std::int64_t ticks = 0;
    bool endedAtRecordingEnd = true;
    while (replay.tick(app::Tick{}, &none).stepped != nullptr && ticks < run.frames + 1000) {
        if (++ticks == run.frames) endedAtRecordingEnd = replay.ended();
    }
    CHECK_FALSE(endedAtRecordingEnd);  // the fight view keeps stepping a source that has not ended
    CHECK(replay.ended());
    REQUIRE(replay.fight().state().matchOver);
    // The recording stops at its `end`; the tail then plays a fixed number of input-free frames and stops.
    CHECK(ticks == run.frames + app::ReplaySource::kTailFrames);
    CHECK(replay.fight().state().frame == run.frames + app::ReplaySource::kTailFrames);
    replay.restart();
    CHECK(replay.fight().state().frame == 0);
}
