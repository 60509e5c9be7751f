// The bad-input classes, one regression test each: every file the game writes loads again, a recording cut mid-line
// still plays, bad numbers are refused, tuning that would divide by zero or allocate gigabytes is refused with its
// line, and user text in messages stays short and printable. Expected values are worked out by hand.
#include "game/io/io_test_util.h"
#include "game/io/blaster_script.h"
#include "game/io/player.h"
#include "game/io/replay_writer.h"
#include "game/io/run_file.h"
#include "game/sim/fight_test_util.h"

#include <doctest/doctest.h>

#include <filesystem>

namespace {

/// The error of parsing text as a replay ("" when it parsed).
std::string replayError(const std::string& text, sim::RunFile* out = nullptr) {
    sim::RunFile run;
    io::Error error;
    const bool ok = sim::parseReplay(text, "r.freplay", run, error);
    if (out) *out = run;
    return ok ? "" : error.text();
}

using iotest::blasterError;

/// True when every byte is printable ASCII.
bool printable(const std::string& s) {
    for (unsigned char c : s) {
        if (c < 0x20 || c >= 0x7f) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("A recording with a seed anywhere in the 64-bit range loads and replays") {
    const std::string path = (std::filesystem::temp_directory_path() / "limits_seed.freplay").string();
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    for (std::uint64_t seed : {std::uint64_t(0), std::uint64_t(1) << 63, UINT64_MAX}) {
        CAPTURE(seed);
        sim::MatchSetup s = fighttest::setupAt(400, 800);
        s.mode = sim::Mode::CpuVsCpu;  // the CPU draws from the seeded generator, so the seed matters
        s.seed = seed;
        sim::Fight fight(s, ryo, ryo);
        {
            sim::ReplayWriter w(path, fight);
            for (int i = 0; i < 150; ++i) {
                fight.step({});
                w.frame({}, fight);
            }
            w.finish();
            REQUIRE(w.ok());
        }
        sim::RunFile run;
        io::Error error;
        REQUIRE_MESSAGE(sim::loadRunFile(path, run, error), error.text());
        CHECK(run.setup.seed == seed);
        const sim::RunResult r = sim::runFile(run, ryo, ryo, 0, false);
        CHECK(r.failures.empty());
        CHECK(r.finalHash == fight.hash());
    }
    std::remove(path.c_str());
}

TEST_CASE("A recording with no frames ends on the starting hash and replays") {
    const std::string path = (std::filesystem::temp_directory_path() / "limits_empty.freplay").string();
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    sim::Fight fight(fighttest::setupAt(400, 800), ryo, ryo);
    { sim::ReplayWriter w(path, fight); }  // closed at once, like a match left on its first frame
    sim::RunFile run;
    io::Error error;
    REQUIRE_MESSAGE(sim::loadRunFile(path, run, error), error.text());
    CHECK_FALSE(run.truncated);
    CHECK(sim::runFile(run, ryo, ryo, 0, false).failures.empty());
    std::remove(path.c_str());
}

TEST_CASE("A recording cut inside its last line plays up to the last whole line") {
    const std::string head = "fightreplay 1\nrules 11\nframes\nR -\nR -\n";
    sim::RunFile run;
    SUBCASE("a cut frame line is dropped, even one that looks whole") {
        for (const char* cut : {"R", "RA L", "R -"}) {
            CAPTURE(cut);
            CHECK(replayError(head + cut, &run) == "");
            CHECK(run.inputs.size() == 2);
            CHECK(run.truncated);
        }
    }
    SUBCASE("a cut end line is dropped; a whole one without its newline counts") {
        CHECK(replayError(head + "end 2 00ab", &run) == "");
        CHECK(run.truncated);
        CHECK(replayError(head + "end 2 00000000000000ab", &run) == "");
        CHECK_FALSE(run.truncated);
        CHECK(run.checkpoints.size() == 1);
    }
    SUBCASE("a bad line that ends with its newline is still an error") {
        CHECK(replayError(head + "RA\n") == "r.freplay:6: a frame line has two fields (p1 and p2 buttons)");
    }
}

TEST_CASE("A checkpoint hash is 16 hex digits with no sign, and a seed has no sign either") {
    CHECK(replayError("fightreplay 1\nrules 11\nframes\ncheck 0 -000000000000001\n") ==
          "r.freplay:4: bad hash '-000000000000001'");
    CHECK(replayError("fightreplay 1\nseed +5\nframes\n") == "r.freplay:2: '+5' is not an unsigned integer");
    CHECK(replayError("fightreplay 1\nseed 18446744073709551616\nframes\n") ==
          "r.freplay:2: number 18446744073709551616 out of range [0, 18446744073709551615]");
}

TEST_CASE("A huge or binary token is quoted short and printable in the message") {
    const std::string token = std::string(10 * 1000 * 1000, 'z') + "\x01\xff";
    sim::RunFile run;
    io::Error error;
    CHECK_FALSE(sim::parseScript(token + " 1\n", "s.fscript", run, error));
    CHECK(error.text() == "s.fscript:1: unknown command '" + std::string(40, 'z') + "...'");
    CHECK_FALSE(sim::parseScript("mode \x01\xfe\n", "s.fscript", run, error));
    CHECK(error.text() == "s.fscript:1: unknown mode '\\x01\\xfe'");
    const std::string blaster = blasterError("blaster 1\nwait " + token + "\n");
    CHECK(blaster.size() < 200);
    CHECK(printable(blaster));
}

TEST_CASE("Ten thousand expectations are checked by frame, each at its own frame") {
    std::string script = "fighters ryo ryo\n";
    for (int i = 0; i < 10000; ++i) script += "wait 1\nexpect frame " + std::to_string(i + 1) + "\n";
    script += "expect no hit any within 10000\n";
    sim::RunFile run;
    io::Error error;
    REQUIRE_MESSAGE(sim::parseScript(script, "s.fscript", run, error), error.text());
    CHECK(run.expectations.size() == 10001);
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    sim::RunResult r = sim::runFile(run, ryo, ryo, 0, false);
    CHECK(r.failures.empty());
    CHECK(r.frames == 20000);
    // One wrong value among them is reported with its own line and frame.
    script.replace(script.find("expect frame 5000\n"), 17, "expect frame 4999");
    REQUIRE(sim::parseScript(script, "s.fscript", run, error));
    r = sim::runFile(run, ryo, ryo, 0, false);
    REQUIRE(r.failures.size() == 1);
    CHECK(r.failures[0].kind == io::FailureKind::Expectation);
    CHECK(r.failures[0].frame == 5000);
    CHECK(r.failures[0].text() == "s.fscript:10001: expectation failed at frame 5000: expect frame 4999 (actual 5000)");
}

TEST_CASE("Blaster tuning goes through one validation: pairs, ranges and worst-case memory, at its line") {
    // Was SIGFPE: a min above its max reached the random draw.
    CHECK(blasterError("blaster 1\nset starMinSize 3\nset starMaxSize 2\nwait 10\n") ==
          "t.blaster:3: options need starMinSize <= starMaxSize");
    CHECK(blasterError("blaster 1\nset enemyMinSpeed 9\nset enemyMaxSpeed 3\n") ==
          "t.blaster:3: options need enemyMinSpeed <= enemyMaxSpeed");
    // Was 3.9 GB: a deep leaf quadtree splitting around two big ships.
    CHECK(blasterError("blaster 1\nset quadMaxDepth 16\n") ==
          "t.blaster:2: quadMaxDepth takes an integer in 0..10, not 16");
    // Was gigabytes per hundred ships: one-unit grid cells under screen-sized ships. Now each structure's memory
    // estimate (game/sim/blaster/budget.h) must fit: 52 busy ships of 722 x 722 references are 27 million.
    const std::string grid = blasterError("blaster 1\nset gridCell 1\nset enemyMaxSize 720\nwait 5\n");
    CHECK(grid.rfind("t.blaster:3: the grid structure would hold about ", 0) == 0);
    // Was days: 20,000 stars tested pairwise by the array for the allowed frame count.
    const std::string stars = blasterError("blaster 1\nset starCount 20000\nwait 10\nwait 999000\n");
    CHECK(stars.rfind("t.blaster:4: the script would cost the array structure about ", 0) == 0);
    // Hours on any structure: 20,000 stars for a million frames.
    CHECK(blasterError("blaster 1\nset starCount 20000\nstructure grid\nwait 1000000\n")
              .rfind("t.blaster:4: the script would cost the grid structure about ", 0) == 0);
    CHECK(blasterError("blaster 1\nstructure dynamic-tree\nwait 300000\n") == "");
    CHECK(blasterError("blaster 1\nstructure dynamic-tree\nwait 1000000\n") != "");
    // The array's estimate is exact arithmetic (engine/sets/array_set.cpp): 0.8 (n + n^2) a frame per set and
    // 10 n a build, and the Blaster's margin of 1.25 on its frames (game/sim/blaster/budget.cpp). Default tuning:
    // the star set holds 600 stars, the ship set the 36 busy ships, the stars and the 36 lasers in flight (672):
    // 1.25 x (288,480 + 361,804.8) = 812,856 a frame after a 12,720 build, so the 8 x 10^10 budget allows 98,418
    // frames (79,999,674,528 units) and not one more (80,000,487,384).
    CHECK(blasterError("blaster 1\nset starCount 600\nwait 98418\n") == "");
    CHECK(blasterError("blaster 1\nset starCount 600\nwait 98419\n").rfind("t.blaster:3: the script would cost", 0) ==
          0);
    // The defaults pass the same check.
    std::string why;
    CHECK(blaster::checkOptions(blaster::Options{}, why));
}

TEST_CASE("A deep leaf quadtree with two big overlapping ships stays within its reference budget") {
    blaster::Options o;
    o.spawnEnemies = false;
    o.starCount = 0;
    o.sets.quadMaxDepth = 10;
    o.sets.quadMaxItems = 1;
    std::string why;
    REQUIRE_MESSAGE(blaster::checkOptions(o, why), why);
    blaster::Game g(1, engine::SetKind::QuadTreeLeaves, o);
    g.spawnEnemy({300, 100, 390, 190}, 0, 1000);
    g.spawnEnemy({310, 110, 396, 196}, 0, 1000);
    for (int i = 0; i < 3; ++i) g.step({});
    CHECK(g.world().enemies[0].overlapping);
    CHECK(g.world().enemies[1].overlapping);
}

TEST_CASE("A Blaster recording with a 64-bit seed loads again") {
    blaster::ScriptRecorder rec(UINT64_MAX, engine::SetKind::Grid, blaster::Options{});
    blaster::Game g(UINT64_MAX, engine::SetKind::Grid, blaster::Options{});
    for (int i = 0; i < 30; ++i) {
        rec.record({blaster::kFire, -1});
        g.step({blaster::kFire, -1});
    }
    blaster::Script script;
    io::Error error;
    REQUIRE_MESSAGE(blaster::parseScript(rec.text(g), "rec.blaster", script, error), error.text());
    CHECK(script.seed == UINT64_MAX);
    const blaster::ScriptResult r = blaster::runScript(script, "rec.blaster");
    CHECK(r.failures.empty());
}
