// Combo trials (game/app/menus/trials.h): every shipped trial is passed by its own solution (its p1 lines) and
// failed without it, graded by the one replay player both the script checker and the tutorial use; the progress
// file's text; a trial folder that plays another fighter is refused.
#include "game/app/fight/fight_screen.h"
#include "game/app/fight/tutorial_source.h"
#include "game/app/menus/trials.h"
#include "game/app/resources.h"
#include "game/io/fighter_file.h"
#include "game/io/player.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace {

app::Context trialContext() {
    app::Context ctx;
    for (const char* id : {"brick", "nova", "ryo", "tasha"}) {
        sim::FighterLoad load = sim::loadFighterById(BVH_DATA_DIR, id);
        REQUIRE_MESSAGE(load.ok, load.error.text());
        ctx.fighters.push_back(load.def);
        ctx.fighterIds.push_back(id);
    }
    return ctx;
}

std::vector<app::FighterTrials> shippedTrials(const app::Context& ctx) {
    std::vector<app::FighterTrials> out;
    io::Error error;
    REQUIRE_MESSAGE(app::loadTrials(BVH_DATA_DIR, ctx.fighterIds, out, error), error.text());
    REQUIRE_MESSAGE(app::checkLessons(ctx, out.front().trials, error), error.text());
    return out;
}

/// Plays a trial in the tutorial's source with its solution as player 1's keys; the phase it ends in.
app::TutorialSource::Phase playSolution(const app::Context& ctx, const sim::RunFile& trial, int& passedCalls) {
    app::TutorialSource src(ctx, {trial});
    src.onPassed([&](const sim::RunFile&) { ++passedCalls; });
    for (int tick = 0; tick < 2000 && src.phase() == app::TutorialSource::Phase::Playing; ++tick) {
        const std::int64_t f = src.scriptFrame() + 1;
        sim::FrameInput keys;
        keys.buttons[0] = f <= std::int64_t(trial.inputs.size()) ? trial.inputs[std::size_t(f - 1)].buttons[0] : 0;
        src.tick(app::Tick{}, &keys);
    }
    return src.phase();
}

}  // namespace

TEST_CASE("combo trials: each fighter has three, each passed by its solution and failed without it") {
    const app::Context ctx = trialContext();
    const std::vector<app::FighterTrials> all = shippedTrials(ctx);
    REQUIRE(all.size() == 4);
    for (const app::FighterTrials& ft : all) {
        CAPTURE(ft.fighter);
        CHECK(ft.trials.size() == 3);
        for (const sim::RunFile& trial : ft.trials) {
            CAPTURE(trial.path);
            io::Error error;
            REQUIRE_MESSAGE(sim::checkRunAgainstFighters(trial, *ctx.fighter(trial.setup.fighter[0]),
                                                         *ctx.fighter(trial.setup.fighter[1]), error),
                            error.text());
            const sim::FighterDef& p1 = *ctx.fighter(trial.setup.fighter[0]);
            const sim::FighterDef& p2 = *ctx.fighter(trial.setup.fighter[1]);
            CHECK(sim::runFile(trial, p1, p2, 0, false).failures.empty());  // the script checker, with the solution
            sim::RunFile idle = trial;
            for (sim::FrameInput& in : idle.inputs) in.buttons[0] = 0;
            CHECK_FALSE(sim::runFile(idle, p1, p2, 0, false).failures.empty());  // and without it
            int passedCalls = 0;
            CHECK(playSolution(ctx, trial, passedCalls) == app::TutorialSource::Phase::Finished);
            CHECK(passedCalls == 1);
        }
    }
}

TEST_CASE("combo trials: progress is read and written as done lines, and a bad line is named") {
    app::TrialProgress progress;
    io::Error error;
    REQUIRE(
        progress.parse("# comment\n\ndone ryo 02_light_fireball\ndone brick 01_light_medium\n", "trials.cfg", error));
    CHECK(progress.done("ryo", "02_light_fireball"));
    CHECK_FALSE(progress.done("ryo", "01_light_medium"));
    CHECK(progress.markDone("tasha", "03_light_medium_fireball"));
    CHECK_FALSE(progress.markDone("tasha", "03_light_medium_fireball"));  // once
    CHECK(progress.text() ==
          "# Combo trials passed (written by the game; one `done FIGHTER TRIAL` a line)\n"
          "done brick 01_light_medium\ndone ryo 02_light_fireball\ndone tasha 03_light_medium_fireball\n");
    app::TrialProgress again;
    REQUIRE(again.parse(progress.text(), "trials.cfg", error));
    CHECK(again.text() == progress.text());
    CHECK_FALSE(again.parse("done ryo 01\nfinished ryo 02\nDone ryo 03\ndone ryo 04\n", "trials.cfg", error));
    CHECK(error.text() == "trials.cfg:2: expected `done FIGHTER TRIAL`, found 'finished ryo 02'");  // the first
    CHECK(again.done("ryo", "01"));  // the good lines around the bad ones still count (the page shows them passed)
    CHECK(again.done("ryo", "04"));
    CHECK_FALSE(again.done("ryo", "03"));
}

TEST_CASE("combo trials: the progress file follows the shared text rules (comments after a record, blanks)") {
    app::TrialProgress progress;
    io::Error error;
    CHECK_MESSAGE(progress.parse("done ryo 01_light_medium # passed\r\n\tdone  brick\t02 #\n", "trials.cfg", error),
                  error.text());
    CHECK(progress.done("ryo", "01_light_medium"));
    CHECK(progress.done("brick", "02"));
    // Only space and tab separate fields: a vertical tab or form feed stays in its token and the line is refused.
    CHECK_FALSE(progress.parse("done\vryo 01_light_medium\n", "trials.cfg", error));
    CHECK(error.text() == "trials.cfg:1: expected `done FIGHTER TRIAL`, found 'done\\x0bryo 01_light_medium'");
    CHECK_FALSE(progress.parse("# ok\ndone ryo\f01\n", "trials.cfg", error));
    CHECK(error.text() == "trials.cfg:2: expected `done FIGHTER TRIAL`, found 'done ryo\\x0c01'");
}

TEST_CASE("combo trials: a missing progress file is no progress, a folder in its place is named, not ignored") {
    const std::string dir = std::filesystem::temp_directory_path() / ("trials_progress_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir + "/trials.cfg");  // a folder where the file belongs
    app::TrialProgress progress;
    io::Error error;
    CHECK(progress.load(dir + "/no_such.cfg", error));
    CHECK_FALSE(progress.done("ryo", "01_light_medium"));
    CHECK_FALSE(progress.load(dir + "/trials.cfg", error));  // it read as an empty file: nothing passed, silently
    CHECK(error.text() == dir + "/trials.cfg: is a directory");
    std::ofstream(dir + "/crlf.cfg", std::ios::binary) << "done ryo 01_light_medium\r\n";
    CHECK_MESSAGE(progress.load(dir + "/crlf.cfg", error), error.text());
    CHECK(progress.done("ryo", "01_light_medium"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("combo trials: a bad progress file opened by the page makes the window's exit status 2") {
    // It was said on stderr and the page, and the window then exited 0, where a bad settings.cfg exits 2.
    const std::string dir = std::filesystem::temp_directory_path() / ("trials_exit_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    app::Context ctx = trialContext();
    ctx.dataDir = BVH_DATA_DIR;
    ctx.settingsPath = dir + "/settings.cfg";  // trials.cfg is read beside it
    SUBCASE("no progress file: exit 0") {
        CHECK(app::makeTrialsPage(ctx) != nullptr);
        CHECK(app::finalExitStatus(ctx, 0) == 0);
    }
    SUBCASE("a line that does not read") {
        std::ofstream(dir + "/trials.cfg") << "done ryo 01_light_medium\nfinished ryo\n";
        CHECK(app::makeTrialsPage(ctx) != nullptr);  // the page opens all the same, the problem shown on it
        CHECK(app::finalExitStatus(ctx, 0) == 2);
        CHECK(app::finalExitStatus(ctx, 1) == 1);  // a failed write's status wins, as over a bad settings.cfg
    }
    SUBCASE("a folder in its place") {
        std::filesystem::create_directories(dir + "/trials.cfg");
        CHECK(app::makeTrialsPage(ctx) != nullptr);
        CHECK(app::finalExitStatus(ctx, 0) == 2);
    }
    CHECK(ctx.writeFailure.empty());
    std::filesystem::remove_all(dir);
}

TEST_CASE("combo trials: a trial in a fighter's folder that plays another fighter as player 1 is refused") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("bvh_trials_test_" + std::to_string(::getpid()));
    fs::create_directories(dir / "trials" / "ryo");
    std::ofstream(dir / "trials" / "ryo" / "01.fscript") << "title Wrong\nfighters brick ryo\np1 press light\n";
    std::vector<app::FighterTrials> out;
    io::Error error;
    CHECK_FALSE(app::loadTrials(dir.string(), {"brick", "ryo", "tasha"}, out, error));
    CHECK(error.text() ==
          (dir / "trials" / "ryo" / "01.fscript").string() + ":2: a trial of 'ryo' plays it as player 1, not 'brick'");
    fs::remove_all(dir);
}

TEST_CASE("tutorial progress: `done tutorial LESSON` lines, another group's line named as wrong") {
    app::TrialProgress progress("tutorial", "Tutorial lessons passed");
    io::Error error;
    REQUIRE_MESSAGE(progress.parse("done tutorial 02_block # the second\n", "tutorial.cfg", error), error.text());
    CHECK(progress.done("tutorial", "02_block"));
    CHECK(progress.markDone("tutorial", "01_move"));
    CHECK(progress.text() ==
          "# Tutorial lessons passed (written by the game; one `done tutorial LESSON` a line)\n"
          "done tutorial 01_move\ndone tutorial 02_block\n");
    CHECK_FALSE(progress.parse("done tutorial 01_move\ndone ryo 01_light_medium\n", "tutorial.cfg", error));
    CHECK(error.text() == "tutorial.cfg:2: expected `done tutorial LESSON`, found 'done ryo 01_light_medium'");
}

TEST_CASE("tutorial page: the first lesson not passed is chosen, Enter plays from it, and its pass is saved") {
    const std::string dir = std::filesystem::temp_directory_path() / ("tutorial_page_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/tutorial.cfg") << "done tutorial 01_move\ndone tutorial 02_block\ndone tutorial 04_dash\n";
    app::Context ctx = trialContext();
    ctx.dataDir = BVH_DATA_DIR;
    ctx.settingsPath = dir + "/settings.cfg";  // tutorial.cfg is read beside it
    app::AppFlags flags;
    app::Resources res;
    std::string problem;
    REQUIRE_MESSAGE(res.load(BVH_DATA_DIR, false, problem), problem);
    app::Bindings bindings;
    app::ScreenStack stack;
    ctx.flags = &flags, ctx.res = &res, ctx.bindings = &bindings, ctx.stack = &stack;
    stack.push(app::makeTutorialPage(ctx));
    stack.applyPending();
    app::Tick enter;
    enter.pressed = app::bit(app::kStart);
    stack.tick(enter);
    stack.applyPending();
    auto* fight = dynamic_cast<app::FightScreen*>(stack.top());
    REQUIRE(fight != nullptr);
    auto& lesson = dynamic_cast<app::TutorialSource&>(fight->source());
    CHECK(lesson.lesson() == 2);  // 03_throw: the first not passed (01, 02 and 04 are)
    std::vector<sim::RunFile> lessons;
    io::Error error;
    REQUIRE(app::loadLessons(BVH_DATA_DIR, lessons, error));
    const sim::RunFile& run = lessons[2];
    for (int tick = 0; tick < 3000 && lesson.phase() == app::TutorialSource::Phase::Playing; ++tick) {
        const std::int64_t f = lesson.scriptFrame() + 1;  // the lesson's own answer as player 1's keys
        sim::FrameInput keys;
        keys.buttons[0] = f <= std::int64_t(run.inputs.size()) ? run.inputs[std::size_t(f - 1)].buttons[0] : 0;
        lesson.tick(app::Tick{}, &keys);
    }
    CHECK(lesson.phase() == app::TutorialSource::Phase::Passed);
    std::string saved;
    REQUIRE(io::readFile(dir + "/tutorial.cfg", saved, error));
    CHECK(saved ==
          "# Tutorial lessons passed (written by the game; one `done tutorial LESSON` a line)\n"
          "done tutorial 01_move\ndone tutorial 02_block\ndone tutorial 03_throw\ndone tutorial 04_dash\n");
    CHECK(ctx.writeFailure.empty());
    std::filesystem::remove_all(dir);
}
