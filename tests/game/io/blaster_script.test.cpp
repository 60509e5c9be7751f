// Tests of the Blaster script language (game/sim/blaster/blaster_script.h) and its headless runner: bad files are
// rejected with `FILE:LINE: what` before anything runs, expectations report their line, and every
// data/replays/*.blaster file passes.
#include "game/run/blaster_runner.h"
#include "game/io/blaster_script.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <dirent.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// Parses text as file "t.blaster"; returns the error as `FILE:LINE: what` ("" when it parsed).
std::string parseError(const std::string& text, blaster::Script* out = nullptr) {
    io::Error err;
    blaster::Script script;
    const bool ok = blaster::parseScript(text, "t.blaster", script, err);
    if (out) *out = script;
    return ok ? "" : err.text();
}

std::vector<std::string> blasterReplays() {
    std::vector<std::string> files;
    const std::string dir = testpaths::data("replays");
    if (DIR* d = opendir(dir.c_str())) {
        while (dirent* e = readdir(d)) {
            const std::string name = e->d_name;
            if (name.size() > 8 && name.compare(name.size() - 8, 8, ".blaster") == 0) files.push_back(dir + "/" + name);
        }
        closedir(d);
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

TEST_CASE("A bad Blaster script is rejected with the file and line of the first problem") {
    struct Case {
        const char* text;
        const char* where;  // expected "t.blaster:LINE:" prefix
        const char* what;   // a word the message must contain
    };
    const Case cases[] = {
        {"", "t.blaster:1:", "blaster 1"},
        {"fight 1\n", "t.blaster:1:", "blaster 1"},
        {"blaster 2\n", "t.blaster:1:", "version"},
        {"blaster 1\nseed 4\n\njump 3\n", "t.blaster:4:", "unknown command"},
        {"blaster 1\nhold up+left 3\n", "t.blaster:2:", "left"},
        {"blaster 1\nhold up+ 3\n", "t.blaster:2:", "unknown button '' (up, down, fire, restart, none) in 'up+'"},
        {"blaster 1\npress +fire\n", "t.blaster:2:", "unknown button ''"},
        {"blaster 1\nhold up+up 3\n", "t.blaster:2:", "button 'up' named twice in 'up+up'"},
        {"blaster 1\nhold none+fire 3\n", "t.blaster:2:", "none cannot be combined with buttons in 'none+fire'"},
        {"blaster 1\nseed 1\nseed 2\n", "t.blaster:3:", "repeated 'seed' (first on line 2)"},
        {"blaster 1\nstructure grid\n\nstructure array\n", "t.blaster:4:", "repeated 'structure' (first on line 2)"},
        {"blaster 1\nset starCount 5\nset gridCell 64\nset starCount 6\n",
         "t.blaster:4:", "repeated 'set starCount' (first on line 2)"},
        {"blaster 1\nhold fire 0\n", "t.blaster:2:", "frame count"},
        {"blaster 1\nwait ten\n", "t.blaster:2:", "ten"},
        {"blaster 1\n# comment\nstructure octree\n", "t.blaster:3:", "octree"},
        {"blaster 1\nwait 1\nseed 5\n", "t.blaster:3:", "before the first command"},
        {"blaster 1\nset starCount lots\n", "t.blaster:2:", "starCount"},
        {"blaster 1\nexpect happiness 3\n", "t.blaster:2:", "happiness"},
        {"blaster 1\nexpect score >= \n", "t.blaster:2:", "expected value"},
        {"blaster 1\nexpect score 3 4\n", "t.blaster:2:", "4"},
        {"blaster 1\nexpect gameover soon 3\n", "t.blaster:2:", "within"},
        {"blaster 1\nexpect hash xyz\n", "t.blaster:2:", "hexadecimal"},
        {"blaster 1\nenemy 1 2 3\n", "t.blaster:2:", "too few"},
        {"blaster 1\nenemy 1 2 0 4 1\n", "t.blaster:2:", "width"},
        {"blaster 1\nexpect enemy 0 mood 1\n", "t.blaster:2:", "property"},
        {"blaster 1\nset starCount 0\nstructure grid\nwait 600000\nwait 600000\n",
         "t.blaster:5:", "more than 1000000 frames"},
        {"blaster 1\nwait 600000\n", "t.blaster:2:", "cost the array structure about"},  // default: array
        {"blaster 1\nwait 1000001\n", "t.blaster:2:", "1..1000000"},
        // No frame to run, as an action script with none is refused: named at the file's last line.
        {"blaster 1\n", "t.blaster:1:", "the script has no frames (no hold, press, wait or expect gameover within)"},
        {"blaster 1\nseed 4\nenemy 600 10 20 20 0\nswitch grid\nexpect enemies 1\n# the end\n",
         "t.blaster:6:", "the script has no frames"},
    };
    for (const Case& c : cases) {
        const std::string text = c.text;  // a const char* member would be captured as a pointer
        CAPTURE(text);
        const std::string err = parseError(c.text);
        CHECK(err.rfind(c.where, 0) == 0);
        CHECK(err.find(c.what) != std::string::npos);
    }
}

TEST_CASE("A Blaster script may place at most 4096 ships") {
    // Regression: 200,000 `enemy` lines took seconds to parse and run; the cap stops such junk at its line.
    std::string text = "blaster 1\n";
    for (int i = 0; i < 4096; ++i) text += "enemy 600 10 20 20 0\n";
    CHECK(parseError(text + "wait 1\n").empty());
    text += "enemy 600 10 20 20 0\n";
    CHECK(parseError(text).rfind("t.blaster:4098: more than 4096 'enemy' lines", 0) == 0);
}

TEST_CASE("A good Blaster script parses into its header and commands") {
    blaster::Script s;
    const std::string err = parseError(
        "blaster 1   # format\n"
        "seed 77\n"
        "structure 4\n"
        "set starCount 30\n"
        "hold fire+up 20\n"
        "press down\n"
        "wait 5\n"
        "switch agent-bvh\n"
        "enemy 10 20 30 40 2\n"
        "expect enemy 0 health >= 8\n"
        "expect gameover within 100\n",
        &s);
    REQUIRE(err.empty());
    CHECK(s.seed == 77);
    CHECK(s.structure == engine::SetKind::QuadTreeLeaves);
    CHECK(s.options.starCount == 30);
    REQUIRE(s.commands.size() == 7);
    CHECK(s.commands[0].buttons == (blaster::kFire | blaster::kUp));
    CHECK(s.commands[0].frames == 20);
    CHECK(s.commands[1].frames == 1);
    CHECK(s.commands[2].buttons == 0);
    CHECK(s.commands[3].structure == engine::SetKind::AgentBvh);
    CHECK(s.commands[4].box == engine::AABB{10, 20, 40, 60});
    CHECK(s.commands[5].expect.field == "enemy.health");
    CHECK(s.commands[5].expect.op == ">=");
    CHECK(s.commands[5].line == 10);
    CHECK(s.commands[6].expect.kind == blaster::Expectation::Kind::GameOverWithin);
}

TEST_CASE("A failed expectation is reported with its line and the run goes on") {
    blaster::Script s;
    // By hand: one press of fire spends one of 50 shots, so `shots 49` holds and `shots 50` fails.
    REQUIRE(parseError("blaster 1\nset starCount 5\npress fire\nexpect shots 50\nexpect shots 49\nwait 2\n"
                       "expect frame 3\nexpect alive\nexpect gameover\n",
                       &s)
                .empty());
    const blaster::ScriptResult r = blaster::runScript(s, "t.blaster");
    CHECK(r.expectations == 5);
    REQUIRE(r.failures.size() == 2);
    CHECK(r.failures[0].text() == "t.blaster:4: expect shots 50: got 49");
    CHECK(r.failures[0].kind == io::FailureKind::Expectation);
    CHECK(r.failures[0].frame == 1);
    CHECK(r.failures[1].text() == "t.blaster:9: expect gameover: the run is not over");
    CHECK(r.failures[1].frame == 3);
    CHECK(r.frames == 3);
}

TEST_CASE("An expectation about a ship that is not on screen says so; an unknown property is quoted") {
    // By hand: no ship is placed (the random spawner starts later), so enemy 0 reads 0 and `x 1` fails; a placed
    // ship's x is its own.
    blaster::Script s;
    REQUIRE(parseError("blaster 1\nset starCount 4\nwait 1\nexpect enemy 0 x 1\nenemy 600 10 20 20 0\n"
                       "expect enemy 0 x 600\nexpect enemy 3 active 0\n",
                       &s)
                .empty());
    const blaster::ScriptResult r = blaster::runScript(s, "t.blaster");
    REQUIRE(r.failures.size() == 1);
    CHECK(r.failures[0].text() ==
          "t.blaster:4: expect enemy 0 x 1: got 0 (no enemy 0 is on screen: 0 ships are; an absent ship reads 0)");
    CHECK(parseError("blaster 1\nexpect enemy 0 mood 1\n") ==
          "t.blaster:2: unknown enemy property 'mood' (active, health, width, height, x, y, overlapping)");
    CHECK(parseError("blaster 1\nexpect enemy 0\n") == "t.blaster:2: expected 'expect enemy ID PROP [OP] INT'");
}

TEST_CASE("The script player steps one frame at a time with the same checks as a whole run") {
    // The window's way (one step per tick, here with a hand-picked structure on the third frame) reports the same
    // failures, with the same lines and frames, as the headless runner's whole run.
    blaster::Script s;
    REQUIRE(parseError("blaster 1\nset starCount 5\npress fire\nexpect shots 50\nwait 3\nswitch grid\nexpect frame 3\n"
                       "expect alive\n",
                       &s)
                .empty());
    const blaster::ScriptResult whole = blaster::runScript(s, "t.blaster");
    blaster::Game game(s.seed, s.structure, s.options);
    blaster::ScriptPlayer player(s, "t.blaster", game);
    int steps = 0;
    while (player.step(steps == 2 ? 5 : -1)) ++steps;
    CHECK(steps == 4);
    CHECK(player.done());
    const blaster::ScriptResult r = player.result();
    REQUIRE(r.failures.size() == 2);
    CHECK(r.failures == whole.failures);
    CHECK(r.failures[0].text() == "t.blaster:4: expect shots 50: got 49");
    CHECK(r.failures[1].text() == "t.blaster:7: expect frame 3: got 4");
    CHECK(r.failures[1].frame == 4);
    CHECK(r.expectations == 3);
    REQUIRE(r.structures.size() == 3);  // array, dynamic-tree by hand on frame 3, then the script's switch to grid
    CHECK(r.structures[1] == engine::SetKind(5));
    CHECK(r.structures[2] == engine::SetKind::Grid);
}

TEST_CASE("The headless runner returns 2 for a missing file and 0 for every data/replays/*.blaster") {
    std::ostringstream out, err;
    CHECK(run::runBlasterScript("/nonexistent/x.blaster", out, err) == 2);
    CHECK(err.str().find("/nonexistent/x.blaster:") == 0);
    const std::vector<std::string> files = blasterReplays();
    CHECK(files.size() >= 3);
    for (const std::string& f : files) {
        CAPTURE(f);
        std::ostringstream o, e;
        CHECK(run::runBlasterScript(f, o, e) == 0);
        CAPTURE(o.str());
        CHECK(e.str().empty());
        CHECK(o.str().find("0 failed") != std::string::npos);
    }
}

TEST_CASE("The headless runner exits 2 with FILE:LINE for a bad script and 1 with the line of a failed check") {
    const std::string path = (std::filesystem::temp_directory_path() / "blaster_runner_test.blaster").string();
    struct Case {
        const char* text;
        int code;
        const char* errPrefix;  // after the path
    };
    const Case cases[] = {
        {"blaster 1\nset starCount 4\nhold fire sideways\n", 2, ":3: frame count"},
        {"blaster 1\nset starCount 4\nwait 3\nexpect frame 4\nexpect frame 3\n", 1, ":4: expect frame 4: got 3"},
    };
    for (const Case& c : cases) {
        const std::string text = c.text;  // a const char* member would be captured as a pointer
        CAPTURE(text);
        {
            std::ofstream f(path);
            f << c.text;
        }
        std::ostringstream out, err;
        CHECK(run::runBlasterScript(path, out, err) == c.code);
        CHECK(err.str().rfind(path + c.errPrefix, 0) == 0);
    }
    std::remove(path.c_str());
}

TEST_CASE("A recorded run becomes a script whose replay ends on the same frame and hash") {
    blaster::Options o;
    o.starCount = 60;
    o.spawnMinGap = 4;
    o.spawnMaxGap = 10;
    blaster::Game game(31, engine::SetKind::Grid, o);
    blaster::ScriptRecorder recorder(31, engine::SetKind::Grid, o);
    for (int f = 0; f < 240; ++f) {
        blaster::Input in{std::uint8_t((f / 25) % 3 == 0 ? blaster::kFire | blaster::kUp : blaster::kDown), -1};
        if (f % 50 == 10) in.select = (f / 50) % engine::kSetKindCount;
        if (game.world().gameOver) in.buttons = blaster::kRestart;
        game.step(in);
        recorder.record(in);
    }
    const std::string text = recorder.text(game);
    CAPTURE(text);
    blaster::Script s;
    REQUIRE(parseError(text, &s).empty());
    CHECK(s.seed == 31);
    CHECK(s.options.starCount == 60);
    const blaster::ScriptResult r = blaster::runScript(s, "recorded");
    CHECK(r.failures.empty());
    CHECK(r.hash == game.hash());
    CHECK(r.structures.size() == 6);  // the starting grid + 5 selections (frames 10, 60, 110, 160, 210)
}

TEST_CASE("The recorder writes run-length holds and switches") {
    blaster::Options o;
    o.starCount = 3;
    blaster::Game game(1, engine::SetKind::Array, o);
    blaster::ScriptRecorder recorder(1, engine::SetKind::Array, o);
    const blaster::Input inputs[] = {
        {blaster::kFire, -1}, {blaster::kFire, -1}, {0, -1}, {0, 3}, {blaster::kUp | blaster::kFire, -1}};
    for (const blaster::Input& in : inputs) {
        game.step(in);
        recorder.record(in);
    }
    const std::string text = recorder.text(game);
    // By hand: two frames of fire, one idle frame, then the select splits the run before the last two frames.
    const std::string body = "hold fire 2\nwait 1\nswitch quadtree-leaves\nwait 1\nhold up+fire 1\nexpect frame 5\n";
    CHECK(text.find(body) != std::string::npos);
    CHECK(text.rfind("blaster 1\n", 0) == 0);
    CHECK(text.find("set starCount 3\n") != std::string::npos);
}
