// `game_headless --boxes FIGHTER MOVE`: the per-frame box listing, checked against the fighter file by hand for an
// old-format fighter and against the bones for a rigged one.
#include "game/run/box_dump.h"
#include "game/run/frame_data.h"
#include "game/run/move_list_page.h"
#include "game/io/button_file.h"
#include "game/io/fighter_file.h"
#include "game/sim/rig.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>

namespace {

/// The lines of `text` that start with `prefix`.
std::string linesStarting(const std::string& text, const std::string& prefix) {
    std::istringstream in(text);
    std::string line, out;
    while (std::getline(in, line)) {
        if (line.compare(0, prefix.size(), prefix) == 0) out += line + "\n";
    }
    return out;
}

}  // namespace

TEST_CASE("--boxes lists an old-format move's boxes per frame as its file places them") {
    // The data-only fighter (tests/game/fighter4) has its own button table: load it, then put the shipped one back.
    sim::FighterLoad load = sim::loadFighterById(std::string(BVH_TEST_SOURCE_DIR) + "/game/fighter4", "ninja");
    io::Error error;
    REQUIRE(sim::loadButtons(testpaths::data(), error));
    REQUIRE_MESSAGE(load.ok, load.error.text());
    std::ostringstream out;
    run::writeBoxes(load.def, load.def.anim("light"), out);
    const std::string text = out.str();
    CHECK(text.substr(0, text.find('\n')) == "boxes ninja light 15 old");
    // Read off ninja.fighter by hand: frame 5 of `light` (startup 4, active 3) places arm-front 10 130 70 146 and
    // the attack box 34 128 76 150 (live: frames 5-7); the other members keep their `member` boxes; no push line,
    // so the fighter's push box.
    CHECK(linesStarting(text, "frame 5 ") ==
          "frame 5 member head -12 160 14 186\n"
          "frame 5 member torso -22 95 20 160\n"
          "frame 5 member arm-front 10 130 70 146\n"
          "frame 5 member arm-back -30 105 -14 150\n"
          "frame 5 member leg-front 2 0 22 95\n"
          "frame 5 member leg-back -22 0 -2 95\n"
          "frame 5 attack 34 128 76 150 live\n"
          "frame 5 push -25 0 25 170\n");
    // Frame 4 is startup: the arm is drawn back (10 128 40 146) and there is no attack box yet.
    CHECK(linesStarting(text, "frame 4 member arm-front") == "frame 4 member arm-front 10 128 40 146\n");
    CHECK(linesStarting(text, "frame 4 attack").empty());
    CHECK(linesStarting(text, "frame 16 ").empty());
    CHECK(!linesStarting(text, "frame 15 push").empty());
}

TEST_CASE("--boxes lists a rigged move's members as the bounds of its bones") {
    sim::FighterLoad load = sim::loadFighter(std::string(BVH_TEST_SOURCE_DIR) + "/game/rigged/stick.fighter");
    REQUIRE_MESSAGE(load.ok, load.error.text());
    const sim::FighterDef& d = load.def;
    const int light = d.anim("light");
    std::ostringstream out;
    run::writeBoxes(d, light, out);
    const std::string text = out.str();
    CHECK(text.substr(0, text.find('\n')) == "boxes stick light 11 rigged");
    for (int frame = 1; frame <= 11; ++frame) {
        sim::BoneArray placed;
        const int n = sim::posedBones(d, light, frame, placed);
        const engine::AABB b = sim::posedMemberBox(d, placed, n, d.member("arm-front"));
        const std::string want = "frame " + std::to_string(frame) + " member arm-front " + std::to_string(b.minX) +
                                 " " + std::to_string(b.minY) + " " + std::to_string(b.maxX) + " " +
                                 std::to_string(b.maxY) + "\n";
        CHECK(linesStarting(text, "frame " + std::to_string(frame) + " member arm-front") == want);
    }
    // The attack box of stick.fighter's `light`: frames 4-5, live (startup 3, active 2).
    CHECK(linesStarting(text, "frame 4 attack") == "frame 4 attack 20 120 70 140 live\n");
    CHECK(linesStarting(text, "frame 6 attack").empty());
}

TEST_CASE("The frame data's travel note gives a move's advance distance, step and frames") {
    sim::FighterLoad load = sim::loadFighterById(testpaths::data(), "nova");
    REQUIRE_MESSAGE(load.ok, load.error.text());
    // Worked by hand from data/fighters/nova.fighter: its Dash Punch (`move special`) has `advance 6 15 13`, frames 6..15 are 10 frames
    // of 13 units, 130 in all. Her standing light has no advance: no note.
    CHECK(run::travelText(load.def.anims[std::size_t(load.def.anim("special"))]) ==
          "moves forward 130 units: 13 a frame on frames 6-15");
    CHECK(run::travelText(load.def.anims[std::size_t(load.def.anim("light"))]).empty());
    // --boxes gives the origin per frame: nothing moved before frame 6, 13 after it, all 130 from frame 15 on.
    std::ostringstream out;
    run::writeBoxes(load.def, load.def.anim("special"), out);
    CHECK(linesStarting(out.str(), "frame 5 origin") == "frame 5 origin 0\n");
    CHECK(linesStarting(out.str(), "frame 6 origin") == "frame 6 origin 13\n");
    CHECK(linesStarting(out.str(), "frame 16 origin") == "frame 16 origin 130\n");
}

TEST_CASE("--move-list and --frame-data tell a grab by its throw box, an untechable one as no tech or block stops") {
    // tasha.fighter, read by hand: `throw` is level throw (a techable grab); `rising`, the Spinning Grab, is level
    // mid but places a throw box and is `notech`; `super`, Final Spin, is level throw and `notech`.
    sim::FighterLoad load = sim::loadFighterById(testpaths::data(), "tasha");
    REQUIRE_MESSAGE(load.ok, load.error.text());
    std::ostringstream out;
    run::writeMoveList(load.def, out);
    const std::string text = out.str();
    auto guardOf = [&](const std::string& display) {
        const std::string row = linesStarting(text, "| " + display + " |");
        REQUIRE_MESSAGE(!row.empty(), display);
        std::size_t bar = 0;
        for (int k = 0; k < 2; ++k) bar = row.find('|', bar + 1);  // the bar before the third column
        return row.substr(bar + 2, row.find('|', bar + 1) - bar - 3);
    };
    CHECK(guardOf("Throw") == "a grab: tech it");
    CHECK(guardOf("Spinning Grab") == "a grab: no tech, no block (jump)");
    CHECK(guardOf("Final Spin") == "a grab: no tech, no block (jump)");
    // The frame data page's level column says the same: `throw` for the Spinning Grab, whatever its file's `level`.
    std::ostringstream frames;
    run::writeFrameData(load.def, frames);
    const std::string row = linesStarting(frames.str(), "| Spinning Grab |");
    CHECK(row.find("| 220 | throw | KD | - |") != std::string::npos);
}
