// Training's tools without a window (game/app/training/training.h) on a live source: the recording slot routes P1's keys to
// the dummy and hands the tape to playback; a watched training script gets no hotkeys.
#include "app_test_util.h"
#include "game/app/fight/live_source.h"
#include "game/app/screen.h"
#include "game/app/training/training.h"
#include "game/io/fighter_file.h"

#include <doctest/doctest.h>

namespace {

using apptest::fighter;

}  // namespace

TEST_CASE("training tools: the recording slot lets P1's keys drive the dummy, then loops the tape") {
    const sim::FighterDef ryo = fighter("ryo"), brick = fighter("brick");
    sim::MatchSetup setup;
    setup.mode = sim::Mode::Training;
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "brick";
    app::LiveSource live(setup, ryo, brick, "");
    app::TrainingTools tools(true);
    const app::Bindings keys = app::defaultBindings();
    std::string banner;
    const app::TrainingTools::Apply apply = [&](const app::TrainingChange& c) {
        REQUIRE(live.restartWith(c.setup));
        tools.clear();
        banner = c.banner;
    };
    app::Tick press;
    press.pressed = app::bit(app::kDummyRecord);
    tools.keys(press, live, keys, apply);
    REQUIRE(live.setup().dummy == sim::DummyMode::Record);
    CHECK(banner.rfind("RECORDING", 0) == 0);

    constexpr int kTaped = 30;
    for (int f = 0; f < kTaped; ++f) {
        const sim::FrameInput held = {{sim::kDown, 0}};  // P1 holds down: the dummy crouches, P1 stands
        live.tick(app::Tick{}, &held);
        tools.afterStep(live, keys, apply);
    }
    CHECK(live.fight().state().fighters[1].held == sim::kDown);
    CHECK(live.fight().state().fighters[0].held == 0);
    CHECK(tools.tapeFrames() == std::size_t(kTaped));
    CHECK(tools.history(1).front().frames == kTaped);

    tools.keys(press, live, keys, apply);
    CHECK(live.setup().dummy == sim::DummyMode::Playback);
    CHECK(live.setup().tape.size() == std::size_t(kTaped));
    CHECK(banner == "PLAYBACK: 30 frames in a loop");
    CHECK(tools.history(1).empty());  // a new match: the HUD starts over, the tape stays
    CHECK(tools.tapeFrames() == std::size_t(kTaped));

    app::TrainingTools watching(false);  // a watched training script: the HUD only, no hotkeys
    watching.keys(press, live, keys, apply);
    CHECK(live.setup().dummy == sim::DummyMode::Playback);
}

TEST_CASE("training page changes: a position by number wraps, counter hits take any rule, playback replays the tape") {
    const sim::FighterDef ryo = fighter("ryo"), brick = fighter("brick");
    sim::MatchSetup setup;
    setup.mode = sim::Mode::Training;
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "brick";
    app::LiveSource live(setup, ryo, brick, "");
    app::TrainingTools tools(true);
    // Presets as written in training.cpp: 0 start (400, 800), 1 mid-screen (560, 640) ... 5 P1 cornered right.
    app::TrainingChange c = tools.positionChangeTo(live, -1);
    CHECK(tools.position() == app::TrainingTools::positions() - 1);
    CHECK(c.setup.startX[0] == 1140);
    c = tools.positionChangeTo(live, app::TrainingTools::positions() + 1);
    CHECK(tools.position() == 1);
    CHECK(c.setup.startX[0] == 560);
    CHECK(c.banner == "POSITION: mid-screen");
    c = tools.counterChange(live, sim::CounterHits::On);
    CHECK(c.setup.counter == sim::CounterHits::On);
    CHECK(c.banner == "COUNTER HITS: ON");
    CHECK(c.setup.dummy == live.setup().dummy);
    // Record 12 frames, stop into playback, then play the same tape again from the page.
    const app::Bindings keys = app::defaultBindings();
    const app::TrainingTools::Apply apply = [&](const app::TrainingChange& change) {
        REQUIRE(live.restartWith(change.setup));
    };
    apply(tools.recordingChange(live, keys));
    for (int f = 0; f < 12; ++f) {
        const sim::FrameInput held = {{sim::kLight, 0}};
        live.tick(app::Tick{}, &held);
        tools.afterStep(live, keys, apply);
    }
    apply(tools.recordingChange(live, keys));
    apply(tools.dummyChange(live, sim::DummyMode::Crouch));
    c = tools.playbackChange(live);
    CHECK(c.setup.dummy == sim::DummyMode::Playback);
    CHECK(c.setup.tape.size() == 12);
}

TEST_CASE("training tools: recordings go to the chosen slot, playback plays a slot or a random filled one") {
    const sim::FighterDef ryo = fighter("ryo"), brick = fighter("brick");
    sim::MatchSetup setup;
    setup.mode = sim::Mode::Training;
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "brick";
    app::LiveSource live(setup, ryo, brick, "");
    app::TrainingTools tools(true);
    const app::Bindings keys = app::defaultBindings();
    const app::TrainingTools::Apply apply = [&](const app::TrainingChange& c) { REQUIRE(live.restartWith(c.setup)); };
    auto record = [&](int slot, int frames) {
        tools.chooseRecordSlot(slot);
        apply(tools.recordingChange(live, keys));
        for (int f = 0; f < frames; ++f) {
            const sim::FrameInput held = {{sim::kDown, 0}};
            live.tick(app::Tick{}, &held);
            tools.afterStep(live, keys, apply);
        }
        apply(tools.recordingChange(live, keys));  // stops: plays what was just recorded
    };
    record(2, 7);
    CHECK(tools.tapeFrames(1) == 0);
    CHECK(tools.tapeFrames(2) == 7);
    CHECK(live.setup().dummy == sim::DummyMode::Playback);
    CHECK(live.setup().playSlot == 2);
    CHECK(live.setup().tapeOf(2).size() == 7);
    record(3, 4);
    tools.choosePlaySlot(0);
    const app::TrainingChange c = tools.playbackChange(live);
    CHECK(c.setup.playSlot == 0);
    CHECK(c.setup.tapeOf(2).size() == 7);
    CHECK(c.setup.tapeOf(3).size() == 4);
    CHECK(c.banner == "PLAYBACK: a random slot each take");
    tools.chooseRecordSlot(4);  // wraps
    CHECK(tools.recordSlot() == 1);
    tools.choosePlaySlot(-1);  // 0 (random) .. 3, wrapping
    CHECK(tools.playSlot() == 3);
    // The page's other settings: a reversal move and throw techs restart the match with them.
    CHECK(tools.reversalChange(live, "rising").setup.reversal == "rising");
    CHECK(tools.techChange(live, sim::DummyTech::Random).setup.throwTech == sim::DummyTech::Random);
}
