// Moves and buttons as data: the button table file, move inputs and cancels in fighter files (refused with
// FILE:LINE when they name what does not exist), and the move list the app draws.
#include "game/io/button_file.h"
#include "game/io/fighter_file.h"
#include "game/sim/fight_test_util.h"
#include "game/sim/move_list.h"

#include <doctest/doctest.h>

#include <string>

namespace {

const char* kNine =
    "button up U Up W Up -\nbutton down D Down S Down -\nbutton left L Left A Left -\nbutton right R Right D Right -\n"
    "button light A L J Comma 0\nbutton heavy B H K Period 1\nbutton special C S L Slash 2\n"
    "button start S Start Enter - 7\nbutton throw T T I RShift 3\n";  // lines 1-9

/// Restores the shipped table when a test case that installs another one ends.
struct ShippedTableAfter {
    ~ShippedTableAfter() {
        io::Error e;
        sim::loadButtons(testpaths::data(), e);
    }
};

// A minimal fighter whose move `light` gets the lines `extra` (line 22 on).
std::string fighterWith(const std::string& extra) {
    std::string s = "fighter t\nhealth 100\npush -10 0 10 50\nmember body -10 0 10 50\n";  // lines 1-4
    for (const char* a : {"stand", "walk", "crouch", "jump", "block", "crouchblock", "hitstun", "ko"}) {
        s += std::string("anim ") + a + " 1\nend\n";  // lines 5-20
    }
    s += "move light\n" + extra + "startup 1\nactive 1\nend\n";
    s += "move heavy\nstartup 1\nactive 1\nend\n";
    s += "move special\nstartup 1\nactive 1\nprojectile 5 10 0 0 5 5\nend\n";
    s += "walk 6 4\njump 20 1 5\n";
    return s;
}

}  // namespace

TEST_CASE("The shipped button table starts with the nine fixed buttons and their letters") {
    io::Error e;
    REQUIRE_MESSAGE(sim::loadButtons(testpaths::data(), e), e.text());
    const sim::ButtonTable& t = sim::buttonTable();
    const sim::ButtonTable fixed = sim::fixedButtonTable();
    REQUIRE(t.rows.size() >= fixed.rows.size());
    for (std::size_t i = 0; i < fixed.rows.size(); ++i) {
        CHECK(t.rows[i].name == fixed.rows[i].name);
        CHECK(t.rows[i].letter == fixed.rows[i].letter);
    }
    // The letters every older replay uses keep their bits (the same as the sim's constants).
    CHECK(t.bit("light") == sim::kLight);
    CHECK(t.bit("throw") == sim::kThrow);
    CHECK(sim::buttonLetters(sim::kLight | sim::kThrow | sim::kLeft) == "LAT");
    CHECK(t.rows[4].keys[0] == std::vector<std::string>{"J"});
    CHECK(t.rows[4].keys[1] == std::vector<std::string>{"Numpad1", "Comma"});
    CHECK(t.rows[4].pad == std::vector<int>{0});
}

TEST_CASE("A button appended to the table is a name, a letter and a bit with no code") {
    ShippedTableAfter restore;
    sim::ButtonTable t;
    io::Error e;
    REQUIRE_MESSAGE(sim::parseButtonTable(std::string(kNine) + "button kick K K O - 4\n", "b.cfg", t, e), e.text());
    sim::setButtonTable(t);
    CHECK(sim::parseButtonName("kick") == (1u << 9));
    std::uint16_t bits = 0;
    CHECK(sim::parseButtonLetters("KA", bits));
    CHECK(bits == ((1u << 9) | sim::kLight));
    CHECK(sim::buttonLetters(bits) == "AK");
    CHECK(sim::parseButtonSet("kick+down", bits));
    CHECK(bits == ((1u << 9) | sim::kDown));
}

TEST_CASE("A broken button table is refused with FILE:LINE: what") {
    sim::ButtonTable t;
    io::Error e;
    std::string text, expected;
    SUBCASE("a fixed row moved") {
        text = "button down D Down S Down -\n";
        expected = "b.cfg:1: row 1 must be 'up' with letter U (the first nine rows are fixed; append new buttons)";
    }
    SUBCASE("a letter used twice") {
        text = std::string(kNine) + "button kick A K O - -\n";
        expected = "b.cfg:10: letter 'A' already names 'light'";
    }
    SUBCASE("a name used twice") {
        text = std::string(kNine) + "button light K K O - -\n";
        expected = "b.cfg:10: button 'light' is already defined on line 5";
    }
    SUBCASE("a bad pad button") {
        text = std::string(kNine) + "button kick K K O - 40\n";
        expected = "b.cfg:10: number 40 out of range [0, 31]";
    }
    SUBCASE("too few rows") {
        text = "button up U Up W Up -\n";
        expected =
            "b.cfg:1: the table needs at least the nine fixed buttons (up down left right light heavy special start "
            "throw)";
    }
    SUBCASE("an unknown record") {
        text = "buton up U Up W Up -\n";
        expected = "b.cfg:1: unknown record 'buton' (expected `button NAME LETTER LABEL P1KEYS P2KEYS PAD`)";
    }
    CHECK_FALSE(sim::parseButtonTable(text, "b.cfg", t, e));
    CHECK(e.text() == expected);
}

TEST_CASE("A move naming an unknown button, motion, state or cancel target is a load error at its line") {
    io::Error tableError;
    REQUIRE_MESSAGE(sim::loadButtons(testpaths::data(), tableError), tableError.text());  // the shipped table
    REQUIRE(sim::parseFighter(fighterWith("input 236 light\ncancel heavy\nfrom ground air\n"), "t.fighter").ok);
    std::string extra, expected;
    SUBCASE("an unknown button") {
        extra = "input 236 kick\n";
        expected =
            "t.fighter:22: unknown button 'kick' (attack buttons of the button table: light heavy special throw "
            "medium)";
    }
    SUBCASE("a direction is not an attack button") {
        extra = "input up\n";
        expected =
            "t.fighter:22: unknown button 'up' (attack buttons of the button table: light heavy special throw medium)";
    }
    SUBCASE("an unknown motion") {
        extra = "input 632 light\n";
        expected = "t.fighter:22: unknown motion or direction '632' (236 623 214 41236 22 236236, or 1-9 but 5)";
    }
    SUBCASE("an unknown state") {
        extra = "from ground wall\n";
        expected = "t.fighter:22: unknown state 'wall' (states: ground air)";
    }
    SUBCASE("an unknown cancel target") {
        extra = "cancel heavy fireball\n";
        expected = "t.fighter:22: unknown move 'fireball' in `cancel`";
    }
    SUBCASE("a cancel into an anim") {
        extra = "cancel stand\n";
        expected = "t.fighter:22: 'stand' is an anim, not a move: nothing to cancel into";
    }
    SUBCASE("an unknown hit level") {
        extra = "level sideways\n";
        expected = "t.fighter:22: level must be high, mid, low, overhead or throw, not 'sideways'";
    }
    SUBCASE("the old guard record") {
        extra = "guard mid\n";
        expected = "t.fighter:22: `guard` is now `level high|mid|low|overhead|throw`";
    }
    const sim::FighterLoad load = sim::parseFighter(fighterWith(extra), "t.fighter");
    CHECK_FALSE(load.ok);
    CHECK(load.error.text() == expected);
}

TEST_CASE("The move list reads names, inputs and properties from the fighter's data") {
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    const std::vector<sim::MoveListEntry> list = sim::moveList(ryo, sim::InputStyle::Motion);
    const sim::MoveListEntry* fireball = nullptr;
    const sim::MoveListEntry* low = nullptr;
    for (const sim::MoveListEntry& e : list) {
        if (e.name == "special") fireball = &e;
        if (e.name == "low") low = &e;
    }
    REQUIRE(fireball != nullptr);
    CHECK(fireball->display == "Fireball");
    REQUIRE(fireball->inputs.size() == 1);  // the Simple shortcut is not shown in motion style
    const std::vector<sim::MoveToken>& t = fireball->inputs[0].tokens;
    REQUIRE(t.size() == 2);
    CHECK(t[0].kind == sim::MoveToken::Kind::Motion);
    CHECK(t[0].directions == std::vector<int>{2, 3, 6});
    CHECK(t[1].kind == sim::MoveToken::Kind::Button);
    CHECK(t[1].button == sim::kSpecial);
    CHECK(fireball->projectile);
    CHECK(fireball->startup == 12);
    REQUIRE(low != nullptr);
    CHECK(low->level == sim::Guard::Low);
    REQUIRE(low->inputs.size() == 1);
    CHECK(low->inputs[0].tokens[0].kind == sim::MoveToken::Kind::Direction);
    CHECK(low->inputs[0].tokens[0].directions == std::vector<int>{2});
    // Simple style adds the one-button shortcuts.
    for (const sim::MoveListEntry& e : sim::moveList(ryo, sim::InputStyle::Simple)) {
        if (e.name == "special") CHECK(e.inputs.size() == 2);
    }
}
