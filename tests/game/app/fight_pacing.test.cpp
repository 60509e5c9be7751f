// The view's pacing (game/app/fight/fight_pacing.h): slow motion, freeze and frame step, and presses carried to the next
// step so none is lost between steps.
#include "game/app/fight/fight_pacing.h"

#include <doctest/doctest.h>

TEST_CASE("fight pacing: slow motion steps one tick in four and keeps a tap made between steps, and frozen it steps only "
          "on the frame-step key") {
    app::FramePacer pacer;
    sim::FrameInput out;
    const sim::FrameInput none, tap = {{sim::kLight, 0}};
    CHECK(pacer.next(1, none, none, false, out));  // full speed: every tick
    pacer.toggleSlow();
    CHECK(!pacer.next(1, none, tap, false, out));  // tick 1 of 4: held, the tap is carried
    CHECK(!pacer.next(2, none, none, false, out));
    CHECK(!pacer.next(3, none, none, false, out));
    REQUIRE(pacer.next(4, none, none, false, out));
    CHECK(out.buttons[0] == sim::kLight);
    CHECK(!pacer.next(5, none, none, false, out));
    CHECK(pacer.next(8, none, none, false, out));
    CHECK(out.buttons[0] == 0);  // carried once, not forever
    pacer.toggleSlow();
    pacer.toggleFrozen();
    CHECK(!pacer.next(9, none, tap, false, out));
    REQUIRE(pacer.next(10, {{0, sim::kDown}}, none, true, out));
    CHECK(out.buttons[0] == sim::kLight);
    CHECK(out.buttons[1] == sim::kDown);
}
