// Fighter files: the shipped fighters load, and broken files are refused with FILE:LINE: what.
#include "game/sim/fighter_def.h"
#include "fight_test_util.h"

#include <doctest/doctest.h>

#include <string>

TEST_CASE("The two shipped fighters load and differ in build and speed") {
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    const sim::FighterDef brick = fighttest::fighter("brick");
    // Values read off data/fighters/*.fighter.
    CHECK(ryo.health == 1000);
    CHECK(brick.health == 1200);
    CHECK(ryo.walkForward > brick.walkForward);
    CHECK(ryo.members.size() == 6);
    CHECK(ryo.member("head") == 0);
    CHECK(ryo.members[1].box == engine::AABB{-22, 95, 20, 160});
    const sim::AnimDef& jab = ryo.anims[ryo.anim("light")];
    CHECK(jab.length == 4 + 3 + 8);
    CHECK(jab.damage == 40);
    CHECK(ryo.anims[ryo.anim("special")].projectile);
    CHECK(brick.anims[brick.anim("heavy")].damage == 160);
    CHECK(ryo.anims[ryo.anim("low")].guard == sim::Guard::Low);
    CHECK(ryo.anims[ryo.anim("air")].guard == sim::Guard::High);
}

namespace {

// A minimal valid fighter; each subcase breaks one line of it.
std::string minimalFighter() {
    std::string s = "fighter t\nhealth 100\npush -10 0 10 50\nmember body -10 0 10 50\n";  // lines 1-4
    for (const char* a : {"stand", "walk", "crouch", "jump", "block", "crouchblock", "hitstun", "ko"}) {
        s += std::string("anim ") + a + " 1\nend\n";  // lines 5-20
    }
    s += "move light\nstartup 1\nactive 1\nend\n";                      // 21-24
    s += "move heavy\nstartup 1\nactive 1\nend\n";                      // 25-28
    s += "move special\nstartup 1\nactive 1\nprojectile 5 10 0 0 5 5\nend\n";  // 29-33
    return s;
}

std::string replaceLine(const std::string& text, int line, const std::string& with) {
    std::string out;
    int n = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        ++n;
        out += (n == line ? with : text.substr(start, end - start)) + "\n";
        start = end + 1;
    }
    return out;
}

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
        expected = "t.fighter:33: missing anim/move 'heavy'";
    }
    SUBCASE("an anim with no end") {
        text = minimalFighter() + "anim extra 2\n";
        expected = "t.fighter:34: anim/move 'extra' has no `end`";
    }
    SUBCASE("an unknown record") {
        text = replaceLine(minimalFighter(), 2, "wings 2");
        expected = "t.fighter:2: unknown record 'wings'";
    }
    CAPTURE(text);
    const sim::FighterLoad load = sim::parseFighter(text, "t.fighter");
    CHECK_FALSE(load.ok);
    CHECK(load.error == expected);
}

TEST_CASE("A missing fighter file is refused, not crashed on") {
    const sim::FighterLoad load = sim::loadFighter("/nonexistent/x.fighter");
    CHECK_FALSE(load.ok);
    CHECK(load.error == "/nonexistent/x.fighter:0: cannot open the fighter file");
}
