// The training frame meter (game/view/frame_meter.h) and the input display labels (game/app/training/training_hud.h),
// without a window. Expected cells worked out by hand from data/fighters/ryo.fighter (below).
#include "game/view/frame_meter.h"
#include "game/app/training/training_hud.h"
#include "game/io/fighter_file.h"

#include <doctest/doctest.h>

namespace {

sim::FighterDef ryo() {
    sim::FighterLoad load = sim::loadFighterById(BVH_DATA_DIR, "ryo");
    REQUIRE_MESSAGE(load.ok, load.error.text());
    return load.def;
}

int countRun(const std::vector<app::FrameKind>& row, std::size_t from, app::FrameKind k) {
    int n = 0;
    while (from + std::size_t(n) < row.size() && row[from + std::size_t(n)] == k) ++n;
    return n;
}

}  // namespace

TEST_CASE("frame meter: a jab on hit is startup 5 and +6, hitstop frames not counted") {
    // Jab: startup 4, active 3, recovery 8, hitstun 17, hitstop 6. Pressed on frame 1 it hits on frame 5; frames
    // 6-11 are hitstop (skipped). p1's last busy frame is 21 (jab frame 15), p2's hitstun runs out on frame 28, so
    // its last busy frame is 27. Cells: frames 1-5 and 12-27 = 21. p1: 4 startup, 3 active (frames 5, 12, 13),
    // 8 recovery (14-21), 6 free; p2: 4 free, 17 hitstun. Advantage: cell 20 - cell 14 = +6.
    sim::MatchSetup s;
    s.fighter[0] = s.fighter[1] = "ryo";
    s.startX[0] = 400;
    s.startX[1] = 480;
    const sim::FighterDef d = ryo();
    sim::Fight fight(s, d, d);
    app::FrameMeter meter;
    sim::FrameInput press;
    press.buttons[0] = sim::kLight;
    fight.step(press);
    meter.record(fight);
    for (int i = 0; i < 40; ++i) {
        fight.step({});
        meter.record(fight);
    }
    const std::vector<app::FrameKind>& p1 = meter.row(0);
    const std::vector<app::FrameKind>& p2 = meter.row(1);
    REQUIRE(p1.size() == 21);
    REQUIRE(p2.size() == 21);
    CHECK(countRun(p1, 0, app::FrameKind::Startup) == 4);
    CHECK(countRun(p1, 4, app::FrameKind::Active) == 3);
    CHECK(countRun(p1, 7, app::FrameKind::Recovery) == 8);
    CHECK(countRun(p1, 15, app::FrameKind::Free) == 6);
    CHECK(countRun(p2, 0, app::FrameKind::Free) == 4);
    CHECK(countRun(p2, 4, app::FrameKind::Hitstun) == 17);
    CHECK(meter.startup(0) == 5);
    REQUIRE(meter.hasAdvantage());
    CHECK(meter.advantage() == 6);
}

TEST_CASE("frame meter: a whiff alone gives no advantage") {
    sim::MatchSetup s;
    s.fighter[0] = s.fighter[1] = "ryo";
    const sim::FighterDef d = ryo();
    sim::Fight fight(s, d, d);  // 400 against 800: the jab cannot reach
    app::FrameMeter meter;
    sim::FrameInput press;
    press.buttons[0] = sim::kLight;
    fight.step(press);
    meter.record(fight);
    for (int i = 0; i < 20; ++i) {
        fight.step({});
        meter.record(fight);
    }
    CHECK(meter.row(0).size() == 15);  // the whole jab, then both free closes the sequence
    CHECK_FALSE(meter.hasAdvantage());
}

TEST_CASE("input display labels are the bound keys, not letters that collide with keys") {
    const app::Bindings b = app::defaultBindings();
    const app::ButtonLabels p1 = app::buttonLabels(b, 0);
    CHECK(p1.light == "J");
    CHECK(p1.heavy == "K");
    CHECK(p1.special == "L");
    CHECK(p1.grab == "I");
    const app::ButtonLabels p2 = app::buttonLabels(b, 1);
    CHECK(p2.light == "N1");  // Numpad1, shortened
    CHECK(p2.grab == "N4");
    CHECK(app::inputRowText(sim::kDown | sim::kRight | sim::kLight, p1) == "\u2198 J");
    CHECK(app::inputRowText(0, p1) == "\u00b7");
    CHECK(app::inputRowText(sim::kHeavy | sim::kThrow, p2) == "\u00b7 N2 N4");
}
