// Tutorial lessons are action scripts: `title` and `say` lines, state checks over a window (`within N`), the
// player's side stepped from outside (ReplayPlayer::stepWith) and graded by the same checks. Every shipped lesson
// passes with its own answer (its p1 lines) and fails when player 1 does nothing.
#include "game/io/player.h"
#include "game/io/run_file.h"
#include "game/sim/fight_test_util.h"
#include "game/io/io_test_util.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

namespace {

sim::RunFile parse(const std::string& text) { return iotest::script(text, "l.fscript"); }

std::vector<std::string> lessonFiles() {
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(testpaths::data("tutorial"))) {
        if (e.path().extension() == ".fscript") files.push_back(e.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

TEST_CASE("Title and say lines and windowed state checks parse with their frames") {
    const sim::RunFile run = parse(
        "title Walk [forward]\n"
        "say Hold [forward]\n"
        "expect p1.x >= 500 within 60\n"
        "p1 hold right 30\n"
        "say Now [down]\n"
        "expect p1.crouching yes\n"
        "wait 10\n");
    CHECK(run.title == "Walk [forward]");
    REQUIRE(run.captions.size() == 2);
    CHECK(run.captions[0].frame == 0);
    CHECK(run.captions[0].text == "Hold [forward]");
    CHECK(run.captions[1].frame == 30);
    CHECK(run.captions[1].line == 5);
    REQUIRE(run.expectations.size() == 2);
    CHECK(run.expectations[0].anyFrame);
    CHECK(run.expectations[0].first == 1);
    CHECK(run.expectations[0].last == 60);
    CHECK_FALSE(run.expectations[1].anyFrame);
    CHECK(run.frames == 60);
}

TEST_CASE("Bad title and say lines and windowed checks are refused with FILE:LINE: what") {
    std::string text, expected;
    SUBCASE("empty say") {
        text = "wait 1\nsay\n";
        expected = "l:2: expected `say TEXT`";
    }
    SUBCASE("long say") {
        text = "say " + std::string(121, 'x') + "\nwait 1\n";
        expected = "l:1: a `say` line longer than 120 characters";
    }
    SUBCASE("title after input") {
        text = "wait 1\ntitle A\n";
        expected = "l:2: setup line 'title' after the first input or expect line";
    }
    SUBCASE("window word") {
        text = "wait 1\nexpect p1.x 5 at 3\n";
        expected = "l:2: expected `expect FIELD [OP] VALUE [within N]`";
    }
    SUBCASE("window zero") {
        text = "wait 1\nexpect p1.x 5 within 0\n";
        expected = "l:2: number 0 out of range [1, 10000000]";
    }
    CAPTURE(text);
    CHECK(iotest::scriptError(text, "l") == expected);
}

TEST_CASE("A windowed state check passes on any frame of its window and fails when it never holds") {
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    // Ryo walks forward at 6 units a frame (walk 6 4): from 300, x >= 360 after 10 frames of walking.
    const sim::RunFile walks =
        parse("fighters ryo ryo\nstart 300 900\nexpect p1.x >= 360 within 40\np1 hold right 12\nwait 40\n");
    sim::ReplayPlayer good(walks, ryo, ryo);
    while (!good.done() && !good.met(0)) good.step();
    CHECK(good.met(0));
    CHECK(good.frame() == 10);  // the first frame it holds
    CHECK(good.allMet());
    good.run();
    CHECK(good.failures().empty());

    // The same lesson with player 1's keys idle: never true, one failure naming the window.
    sim::ReplayPlayer idle(walks, ryo, ryo);
    while (!idle.done()) idle.stepWith(0);
    REQUIRE(idle.failures().size() == 1);
    CHECK(idle.failures()[0].what ==
          "expectation failed: expect p1.x >= 360 within 40 (not true on any of frames 1..40)");
    CHECK_FALSE(idle.met(0));
}

TEST_CASE("stepWith replaces player 1's input and keeps the script's player 2") {
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    const sim::RunFile run = parse("fighters ryo ryo\nstart 300 900\np1 hold right 5\np2 hold left 5\n");
    sim::ReplayPlayer player(run, ryo, ryo);
    for (int i = 0; i < 5; ++i) player.stepWith(sim::kLeft);
    CHECK(player.fight().state().fighters[0].x == 300 - 5 * 4);  // walked back (walk 6 4), not forward
    for (int i = 0; i < 5; ++i) player.stepWith(0);
    CHECK(player.fight().state().fighters[1].x == 900 - 5 * 6);  // p2's lines (frames 6-10) played as written
}

TEST_CASE("Every tutorial lesson passes with its own answer and fails when player 1 does nothing") {
    const std::vector<std::string> files = lessonFiles();
    REQUIRE(files.size() >= 8);
    for (const std::string& path : files) {
        CAPTURE(path);
        sim::RunFile run;
        io::Error error;
        REQUIRE_MESSAGE(sim::loadRunFile(path, run, error), error.text());
        CHECK_FALSE(run.title.empty());
        CHECK_FALSE(run.captions.empty());
        CHECK_FALSE(run.expectations.empty());
        const sim::FighterDef p1 = fighttest::fighter(run.setup.fighter[0]);
        const sim::FighterDef p2 = fighttest::fighter(run.setup.fighter[1]);
        sim::ReplayPlayer answer(run, p1, p2);
        answer.run();
        for (const io::RunFailure& f : answer.failures()) FAIL_CHECK(f.text());
        CHECK(answer.allMet());
        sim::ReplayPlayer idle(run, p1, p2);
        while (!idle.done()) idle.stepWith(0);
        CHECK_FALSE(idle.failures().empty());
    }
}
