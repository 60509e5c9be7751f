// The view's pacing (game/app/fight/fight_pacing.h): slow motion, freeze and frame step, and presses carried to the next
// step so none is lost between steps.
#include "game/app/fight/fight_pacing.h"

#include <doctest/doctest.h>

TEST_CASE(
    "fight pacing: slow motion steps one tick in four and keeps a tap made between steps, and frozen it steps only "
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

TEST_CASE("fight pacing: a super's start holds 30 ticks with presses carried, and a K.O. plays 30 steps at a third") {
    app::FramePacer pacer;
    sim::FrameInput out;
    const sim::FrameInput none, tap = {{0, sim::kHeavy}};
    pacer.superFreeze();
    long tick = 1;
    for (int i = 0; i < 30; ++i, ++tick) CHECK(!pacer.next(tick, none, i == 10 ? tap : none, false, out));
    REQUIRE(pacer.next(tick++, none, none, false, out));  // the 31st tick steps, with the press made during the hold
    CHECK(out.buttons[1] == sim::kHeavy);
    pacer.koSlowdown();
    int steps = 0, ticks = 0;
    for (; pacer.koSlow() && ticks < 1000; ++ticks, ++tick) steps += pacer.next(tick, none, none, false, out);
    CHECK(steps == 30);
    CHECK(ticks >= 88);  // one step in three (the first may come at once)
    CHECK(ticks <= 90);
    CHECK(pacer.next(tick, none, none, false, out));  // full speed again
    pacer.superFreeze();
    pacer.clearCarried();  // a restarted match forgets it
    CHECK(pacer.superFreezeLeft() == 0);
}
