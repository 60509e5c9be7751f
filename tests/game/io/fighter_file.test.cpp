// Fighter files: the shipped fighters load, and broken files are refused with FILE:LINE: what.
#include "game/io/fighter_file.h"
#include "game/sim/fight_test_util.h"

#include "text_edit.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

TEST_CASE("The shipped fighters load and differ in build and speed") {
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    const sim::FighterDef brick = fighttest::fighter("brick");
    // Values read off data/fighters/*.fighter.
    CHECK(ryo.health == 1000);
    CHECK(brick.health == 1100);
    CHECK(ryo.walkForward > brick.walkForward);
    CHECK(ryo.members.size() == 6);
    CHECK(ryo.member("head") == 0);
    // Ryo is rigged: its torso's neutral box is its hip and spine on stand's first frame, within a few units of the
    // old format's -22 95 20 160 at the outer edges (the value was recomputed outside the game, by a separate
    // implementation of the forward kinematics of game/sim/skeleton.h, and agrees with game_headless --boxes).
    CHECK(ryo.rigged());
    CHECK(ryo.members[1].box == engine::AABB{-20, 80, 21, 163});
    const sim::AnimDef& jab = ryo.anims[ryo.anim("light")];
    CHECK(jab.length == 4 + 3 + 8);
    CHECK(jab.damage == 40);
    CHECK(ryo.anims[ryo.anim("special")].projectile);
    CHECK(brick.anims[brick.anim("heavy")].damage == 120);
    CHECK(ryo.anims[ryo.anim("low")].guard == sim::Guard::Low);
    CHECK(ryo.anims[ryo.anim("air")].guard == sim::Guard::Overhead);
    // The input records, read off the same files: input windows, the anti-air's invincibility, the grappler.
    CHECK(ryo.windows.motion == 12);
    CHECK(ryo.windows.dash == 10);
    CHECK(ryo.windows.dashForward == 12);
    CHECK(brick.windows.tech == 8);
    CHECK(ryo.anims[ryo.anim("rising")].invFirst == 1);
    CHECK(ryo.anims[ryo.anim("rising")].invLast == 6);
    const sim::FighterDef tasha = fighttest::fighter("tasha");
    CHECK(tasha.windows.motion == 14);
    CHECK(tasha.anims[tasha.anim("rising")].noTech);
    CHECK_FALSE(ryo.anims[ryo.anim("throw")].noTech);
    // The select screen's line, read off the same files.
    CHECK(ryo.archetype == "Balanced all-rounder: fireball, uppercut");
    CHECK(ryo.difficulty == 1);
    CHECK(tasha.difficulty == 3);
}

namespace {

// A minimal valid fighter; each subcase breaks one line of it.
std::string minimalFighter() {
    std::string s = "fighter t\nhealth 100\npush -10 0 10 50\nmember body -10 0 10 50\n";  // lines 1-4
    for (const char* a : {"stand", "walk", "crouch", "jump", "block", "crouchblock", "hitstun", "ko"}) {
        s += std::string("anim ") + a + " 1\nend\n";  // lines 5-20
    }
    s += "move light\nstartup 1\nactive 1\nend\n";                             // 21-24
    s += "move heavy\nstartup 1\nactive 1\nend\n";                             // 25-28
    s += "move special\nstartup 1\nactive 1\nprojectile 5 10 0 0 5 5\nend\n";  // 29-33
    s += "walk 6 4\njump 20 1 5\n";                                            // 34-35
    return s;
}

using testtext::replaceLine;

}  // namespace

TEST_CASE("A broken fighter file is refused with FILE:LINE: what") {
    REQUIRE(sim::parseFighter(minimalFighter(), "t.fighter").ok);
    std::string text, expected;
    SUBCASE("not starting with fighter") {
        text = replaceLine(minimalFighter(), 1, "health 5");
        expected = "t.fighter:1: the first record must be `fighter ID`";
    }
    SUBCASE("a box with min > max") {
        text = replaceLine(minimalFighter(), 4, "member body 10 0 -10 50");
        expected = "t.fighter:4: box has min > max";
    }
    SUBCASE("a record cut short") {
        text = replaceLine(minimalFighter(), 4, "member body -10 0 10");
        expected = "t.fighter:4: expected `member NAME minX minY maxX maxY`";
    }
    SUBCASE("a non-integer") {
        text = replaceLine(minimalFighter(), 2, "health lots");
        expected = "t.fighter:2: 'lots' is not an integer";
    }
    SUBCASE("a duplicate member") {
        text = replaceLine(minimalFighter(), 3, "member body 0 0 1 1");
        expected = "t.fighter:4: duplicate member 'body'";  // the second one is the duplicate
    }
    SUBCASE("a box naming an unknown member") {
        text = replaceLine(minimalFighter(), 6, "box 1 1 tail 0 0 1 1\nend");
        expected = "t.fighter:6: unknown member 'tail'";
    }
    SUBCASE("a box past the last frame") {
        text = replaceLine(minimalFighter(), 6, "box 1 2 body 0 0 1 1\nend");
        expected = "t.fighter:6: box frames go past the last frame (1) of 'stand'";
    }
    SUBCASE("a missing required move") {
        text = replaceLine(minimalFighter(), 25, "move kick");
        expected = "t.fighter:35: missing anim/move 'heavy'";
    }
    SUBCASE("an anim with no end") {
        text = minimalFighter() + "anim extra 2\n";
        expected = "t.fighter:36: anim/move 'extra' has no `end`";
    }
    SUBCASE("a repeated header record") {
        text = replaceLine(minimalFighter(), 2, "health 100\nhealth 200");
        expected = "t.fighter:3: repeated `health` (first on line 2)";
    }
    SUBCASE("a repeated push box") {
        text = replaceLine(minimalFighter(), 2, "push 0 0 1 1");
        expected = "t.fighter:3: repeated `push` (first on line 2)";
    }
    SUBCASE("a repeated colour role") {
        text = replaceLine(minimalFighter(), 2, "color body 1 2 3\ncolor body 4 5 6");
        expected = "t.fighter:3: repeated `color body` (first on line 2)";
    }
    SUBCASE("a colour role the drawer does not know") {
        text = replaceLine(minimalFighter(), 2, "health 100\ncolor bogus 1 2 3");
        expected = "t.fighter:3: unknown colour role 'bogus' (known: body accent trim hair)";
    }
    SUBCASE("a control character in the fighter's display name") {
        text = replaceLine(minimalFighter(), 2, "health 100\ndisplay Ryo\x01X");
        expected = "t.fighter:3: the display name 'Ryo\\x01X' holds a control character";
    }
    SUBCASE("a control character in the archetype") {
        text = replaceLine(minimalFighter(), 2, "health 100\narchetype Rush\x7f down");
        expected = "t.fighter:3: the archetype 'Rush\\x7f down' holds a control character";
    }
    SUBCASE("a control character in a move's display name") {
        text = replaceLine(minimalFighter(), 22, "startup 1\n  display Jab\x01\x02");
        expected = "t.fighter:23: the display name 'Jab\\x01\\x02' holds a control character";
    }
    SUBCASE("a control character in a member name (the overlay draws it)") {
        text = replaceLine(minimalFighter(), 4,
                           "member bo\x01"
                           "dy -10 0 10 50");
        expected = "t.fighter:4: the member name 'bo\\x01dy' holds a control character";
    }
    SUBCASE("a control character in an anim name") {
        text = minimalFighter() +
               "anim ex\x1b"
               "tra 1\nend\n";
        expected = "t.fighter:36: the anim/move name 'ex\\x1btra' holds a control character";
    }
    SUBCASE("an empty push box is reported at its own line") {
        text = replaceLine(minimalFighter(), 3, "push 0 0 0 0");
        expected = "t.fighter:3: no `push` box (or an empty one)";
    }
    SUBCASE("a missing push box is reported at the last line") {
        text = replaceLine(minimalFighter(), 3, "");
        expected = "t.fighter:35: no `push` box (or an empty one)";
    }
    SUBCASE("a repeated frame-data key") {
        text = replaceLine(minimalFighter(), 22, "startup 1\nstartup 2");
        expected = "t.fighter:23: repeated `startup` (first on line 22)";
    }
    SUBCASE("a repeated projectile") {
        text = replaceLine(minimalFighter(), 32, "projectile 5 10 0 0 5 5\nprojectile 6 10 0 0 5 5");
        expected = "t.fighter:33: repeated `projectile` (first on line 32)";
    }
    SUBCASE("no health") {
        text = replaceLine(minimalFighter(), 2, "");
        expected = "t.fighter:35: no `health` record";
    }
    SUBCASE("no walk") {
        text = replaceLine(minimalFighter(), 34, "");
        expected = "t.fighter:35: no `walk` record";
    }
    SUBCASE("no jump") {
        text = replaceLine(minimalFighter(), 35, "");
        expected = "t.fighter:35: no `jump` record";
    }
    SUBCASE("an attack box in a plain anim") {
        text = replaceLine(minimalFighter(), 6, "box 1 1 attack 0 0 1 1\nend");
        expected = "t.fighter:6: an `attack` box only goes inside a `move` ('stand' is an anim and never attacks)";
    }
    SUBCASE("a throw box in a plain anim") {
        text = replaceLine(minimalFighter(), 6, "box 1 1 throw 0 0 1 1\nend");
        expected = "t.fighter:6: a `throw` box only goes inside a `move` ('stand' is an anim and never attacks)";
    }
    SUBCASE("invincible frames past the move's end") {
        text = replaceLine(minimalFighter(), 22, "startup 1\ninvincible 1 3");
        expected = "t.fighter:25: invincible frames go past the last frame (2) of 'light'";
    }
    SUBCASE("invincible frames backwards") {
        text = replaceLine(minimalFighter(), 22, "startup 1\ninvincible 2 1");
        expected = "t.fighter:23: invincible frames FIRST > LAST";
    }
    SUBCASE("advance frames past the move's end") {
        text = replaceLine(minimalFighter(), 22, "startup 1\nadvance 1 3 10");
        expected = "t.fighter:23: advance frames go past the last frame (2) of 'light'";  // the record's line
    }
    SUBCASE("advance frames backwards") {
        text = replaceLine(minimalFighter(), 22, "startup 1\nadvance 2 1 10");
        expected = "t.fighter:23: advance frames FIRST > LAST";
    }
    SUBCASE("an advance frame of 0") {
        text = replaceLine(minimalFighter(), 22, "startup 1\nadvance 0 1 10");
        expected = "t.fighter:23: number 0 out of range [1, 10000]";
    }
    SUBCASE("an advance faster than a lunge may go") {
        text = replaceLine(minimalFighter(), 22, "startup 1\nadvance 1 1 31");
        expected = "t.fighter:23: number 31 out of range [-30, 30]";
    }
    SUBCASE("an advance of nothing") {
        text = replaceLine(minimalFighter(), 22, "startup 1\nadvance 1 1 0");
        expected = "t.fighter:23: advance of 0 units a frame (leave the record out)";
    }
    SUBCASE("an advance cut short") {
        text = replaceLine(minimalFighter(), 22, "startup 1\nadvance 1 2");
        expected = "t.fighter:23: expected `advance FIRST LAST DX`";
    }
    SUBCASE("a repeated advance") {
        text = replaceLine(minimalFighter(), 22, "startup 1\nadvance 1 1 5\nadvance 2 2 5");
        expected = "t.fighter:24: repeated `advance` (first on line 23)";
    }
    SUBCASE("an advance in a plain anim") {
        text = replaceLine(minimalFighter(), 6, "advance 1 1 5\nend");
        expected = "t.fighter:6: unknown record 'advance' inside anim 'stand'";
    }
    SUBCASE("the special declared as an anim") {
        text = replaceLine(minimalFighter(), 29, "anim special 2\nend\nmove other");
        expected = "t.fighter:29: 'special' must be declared with `move`";
    }
    SUBCASE("a dash record without the dash anims") {
        text = replaceLine(minimalFighter(), 2, "health 100\ndash 10 12 9");
        expected = "t.fighter:3: a `dash` record needs anims 'dash' and 'backdash'";
    }
    SUBCASE("a motion window longer than the history") {
        text = replaceLine(minimalFighter(), 2, "health 100\nmotion 33");
        expected = "t.fighter:3: number 33 out of range [1, 32]";
    }
    SUBCASE("a repeated throwtech") {
        text = replaceLine(minimalFighter(), 2, "throwtech 5\nthrowtech 6");
        expected = "t.fighter:3: repeated `throwtech` (first on line 2)";
    }
    SUBCASE("a difficulty out of range") {
        text = replaceLine(minimalFighter(), 2, "health 100\ndifficulty 4");
        expected = "t.fighter:3: number 4 out of range [1, 3]";
    }
    SUBCASE("an archetype longer than a line") {
        text = replaceLine(minimalFighter(), 2, "health 100\narchetype " + std::string(61, 'x'));
        expected = "t.fighter:3: archetype longer than 60 characters (it is one line on select)";
    }
    SUBCASE("an empty archetype") {
        text = replaceLine(minimalFighter(), 2, "health 100\narchetype");
        expected = "t.fighter:3: expected `archetype TEXT`";
    }
    SUBCASE("the anti-air declared as an anim") {
        text = minimalFighter() + "anim rising 3\nend\n";
        expected = "t.fighter:36: 'rising' must be declared with `move`";
    }
    SUBCASE("an empty file") {
        text = "# nothing\n";
        expected = "t.fighter:1: empty file: expected `fighter ID`";
    }
    SUBCASE("an unknown record") {
        text = replaceLine(minimalFighter(), 2, "wings 2");
        expected = "t.fighter:2: unknown record 'wings'";
    }
    CAPTURE(text);
    const sim::FighterLoad load = sim::parseFighter(text, "t.fighter");
    CHECK_FALSE(load.ok);
    CHECK(load.error.text() == expected);
}

TEST_CASE("A move's advance is read, and a special may be a strike as well as a projectile") {
    // The minimal fighter's special with its projectile line (line 32) replaced by a lunge and an attack box.
    const std::string text = replaceLine(minimalFighter(), 32, "advance 1 2 -30\nrecovery 3\nbox 2 2 attack 0 0 5 5");
    const sim::FighterLoad load = sim::parseFighter(text, "t.fighter");
    REQUIRE_MESSAGE(load.ok, load.error.text());
    const sim::AnimDef& special = load.def.anims[std::size_t(load.def.anim("special"))];
    CHECK_FALSE(special.projectile);
    CHECK(special.advanceFirst == 1);
    CHECK(special.advanceLast == 2);
    CHECK(special.advanceDx == -30);
    CHECK(sim::advancedBy(special, 1) == -30);
    CHECK(sim::advancedBy(special, 5) == -60);
    // Nova's dash punch is a strike that lunges (data/fighters/nova.fighter).
    const sim::FighterDef nova = fighttest::fighter("nova");
    const sim::AnimDef& dashPunch = nova.anims[std::size_t(nova.anim("special"))];
    CHECK_FALSE(dashPunch.projectile);
    CHECK(dashPunch.advanceDx > 0);
}

TEST_CASE("A missing fighter file or a directory is refused, not crashed on") {
    SUBCASE("missing") {
        const sim::FighterLoad load = sim::loadFighter("/nonexistent/x.fighter");
        CHECK_FALSE(load.ok);
        CHECK(load.error.text() == "/nonexistent/x.fighter: cannot open: No such file or directory");
    }
    SUBCASE("a directory") {
        const std::string dir = testpaths::data("fighters");
        const sim::FighterLoad load = sim::loadFighter(dir);
        CHECK_FALSE(load.ok);
        CHECK(load.error.text() == dir + ": is a directory");
    }
    SUBCASE("an empty id") {
        const sim::FighterLoad load = sim::loadFighterById("d", "");
        CHECK_FALSE(load.ok);
        CHECK(load.error.text() == "d/fighters: bad fighter id '' (use a-z, 0-9, _ and -, at most 64)");
    }
}

TEST_CASE("A fighter's id must equal its file name") {
    CHECK(sim::fighterIdOfPath("data/fighters/ryo.fighter") == "ryo");
    CHECK(sim::parseFighter(minimalFighter(), "t.fighter", "t").ok);
    const sim::FighterLoad load = sim::parseFighter(minimalFighter(), "data/fighters/ryo.fighter", "ryo");
    CHECK_FALSE(load.ok);
    CHECK(load.error.text() == "data/fighters/ryo.fighter:1: fighter id 't' differs from the file name 'ryo.fighter'");
    // Through the file loader: ryo's text saved as brick.fighter is refused at its `fighter ryo` line (line 4).
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "bvh_fighter_id_test";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "brick.fighter").string();
    {
        std::ifstream in(testpaths::data("fighters") + "/ryo.fighter", std::ios::binary);
        std::ofstream out(path, std::ios::binary);
        out << in.rdbuf();
    }
    const sim::FighterLoad copy = sim::loadFighter(path);
    CHECK_FALSE(copy.ok);
    CHECK(copy.error.text() == path + ":4: fighter id 'ryo' differs from the file name 'brick.fighter'");
    std::remove(path.c_str());
}

TEST_CASE("the roster is every .fighter file of the data folder, sorted, so a fighter added as data joins it") {
    // The four files of data/fighters, by hand; Nova came as data only and must not be left out.
    CHECK(sim::fighterIdsIn(testpaths::data()) == std::vector<std::string>{"brick", "nova", "ryo", "tasha"});
    CHECK(sim::fighterIdsIn(testpaths::data() + "/no_such_folder").empty());
}

TEST_CASE("the roster says why its folder could not be read, and says nothing for a readable one") {
    std::string why = "stale";
    CHECK(sim::fighterIdsIn(testpaths::data(), why).size() == 4);
    CHECK(why.empty());
    CHECK(sim::fighterIdsIn(testpaths::data() + "/no_such_folder", why).empty());
    CHECK(why == "No such file or directory");
    // data/buttons.cfg is a file: DATA/fighters under it is no folder at all.
    CHECK(sim::fighterIdsIn(testpaths::data("buttons.cfg"), why).empty());
    CHECK(why == "Not a directory");
}
