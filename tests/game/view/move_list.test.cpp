// The move list (game/view/move_list): built from the fighter files, so a fighter's own moves, windows and frame
// data appear in it and moves it lacks do not. Expected values are read off data/fighters/*.fighter by hand; the
// startup shown is the first active frame (the file's startup + 1), as the training meter and docs/frame-data count.
#include "game/app/menus/move_list_layout.h"
#include "game/io/fighter_file.h"
#include "game/view/move_list.h"
#include "test_paths.h"

#include <doctest/doctest.h>

namespace {

sim::FighterDef loadFighter(const std::string& id) {
    sim::FighterLoad load = sim::loadFighterById(testpaths::data(), id);
    REQUIRE_MESSAGE(load.ok, load.error.text());
    return load.def;
}

const view::MoveEntry* find(const std::vector<view::MoveEntry>& list, const std::string& name) {
    for (const view::MoveEntry& e : list) {
        if (e.name == name) return &e;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("Ryo's move list: motions as arrows and dashes and blocking and throws with frame data from his file") {
    const std::vector<view::MoveEntry> list = view::moveList(loadFighter("ryo"));
    const view::MoveEntry* fireball = find(list, "Fireball");
    REQUIRE(fireball != nullptr);
    CHECK(view::inputText(fireball->input) == "down, down-forward, forward + special");
    CHECK(fireball->detail ==
          "mid, 90 damage, 13f startup, projectile");  // move special: damage 90, startup 12: active on 13
    CHECK(view::inputText(fireball->simple) == "special");
    const view::MoveEntry* rising = find(list, "Rising Uppercut");  // the file's `display`
    REQUIRE(rising != nullptr);
    CHECK(rising->group == view::Group::Special);
    CHECK(view::inputText(rising->input) == "forward, down, down-forward + special");
    CHECK(rising->detail ==
          "mid, 120 damage, 4f startup, knockdown, invincible 1-6f");  // rising: knockdown, invincible 1 6
    const view::MoveEntry* dash = find(list, "Dash");
    REQUIRE(dash != nullptr);
    CHECK(view::inputText(dash->input) == "forward, forward");
    CHECK(dash->detail == "tap twice within 10f");  // dash 10 12 9
    CHECK(view::inputText(find(list, "Block low")->input) == "down-back");
    CHECK(find(list, "Throw tech")->detail == "within 10f of the grab");
    CHECK(find(list, "Low Kick")->detail == "low (block crouching), 60 damage, 7f startup");
    CHECK(view::inputText(find(list, "Jumping Kick")->input) == "light or heavy");
    CHECK(find(list, "Jumping Kick")->when == "in the air");
    CHECK(find(list, "Jumping Kick")->detail == "overhead (block standing), 80 damage, 5f startup");
    CHECK(find(list, "Throw")->detail == "grab: beats blocking, 120 damage, 6f startup, knockdown");
    // The super says what it spends (ryo.fighter's shinku: cost 1000, the whole meter); a move without a cost, nothing.
    REQUIRE(find(list, "Shinku Fireball") != nullptr);
    CHECK(find(list, "Shinku Fireball")->when == "full meter");
    CHECK(fireball->when.empty());
    // Sections come in order.
    for (std::size_t i = 1; i < list.size(); ++i) CHECK(int(list[i - 1].group) <= int(list[i].group));
}

TEST_CASE("A command throw on 623 is listed as a throw and a fighter without dashes or a 623 lists neither") {
    const std::vector<view::MoveEntry> tasha = view::moveList(loadFighter("tasha"));
    const view::MoveEntry* command = find(tasha, "Spinning Grab");
    REQUIRE(command != nullptr);
    CHECK(command->group == view::Group::Throw);
    CHECK(command->detail.rfind("unbreakable grab", 0) == 0);
    CHECK(view::inputText(command->input) == "forward, down, down-forward + special");

    // The smallest fighter the loader takes: no dash record, no rising, throw, low or air moves; a move with no
    // input (heavy here) is not the player's, so it is not listed.
    std::string text = "fighter t\nhealth 100\nwalk 6 4\njump 20 1 5\npush -10 0 10 50\nmember body -10 0 10 50\n";
    for (const char* a : {"stand", "walk", "crouch", "jump", "block", "crouchblock", "hitstun", "ko"}) {
        text += std::string("anim ") + a + " 1\nend\n";
    }
    text += "move light\ninput light\nstartup 1\nactive 1\nend\nmove heavy\nstartup 1\nactive 1\nend\n";
    text += "move special\ninput 236 special\nstartup 7\nactive 1\ndamage 33\nprojectile 5 10 0 0 5 5\nend\n";
    const sim::FighterLoad load = sim::parseFighter(text, "t.fighter");
    REQUIRE_MESSAGE(load.ok, load.error.text());
    const std::vector<view::MoveEntry> bare = view::moveList(load.def);
    for (const char* absent : {"Dash", "Back dash", "rising", "throw", "low", "air", "heavy"}) {
        CHECK_MESSAGE(find(bare, absent) == nullptr, absent);
    }
    REQUIRE(find(bare, "special") != nullptr);                                         // no `display`: the move's name
    CHECK(find(bare, "special")->detail == "mid, 33 damage, 8f startup, projectile");  // startup 7: active on frame 8
    CHECK(find(bare, "light") != nullptr);
}

TEST_CASE("the pause menu's move list is taller than the screen, and its scroll brings the last move into view") {
    // The pause menu's layout (game/app/menus/move_list_draw.cpp): panels from y 54 with 22-pixel rows and the frame-data
    // lines, on a 720-pixel screen with a 28-pixel band at the bottom. Ryo's full list once ran off the screen
    // from his specials on, with no way to reach them.
    app::MoveListLayout at;
    at.y = 54.f;
    at.row = 22.f;
    const std::vector<view::MoveEntry> shown = app::shownMoves(view::moveList(loadFighter("ryo")), at);
    REQUIRE(find(shown, "Walk") != nullptr);  // the full list keeps the basics
    const float height = app::moveListHeight(shown, at);
    CHECK(at.y + height > 720.f);  // does not fit: it must scroll
    const float limit = app::moveListScrollLimit(height, at.y, 720.f - 28.f);
    CHECK(limit > 0.f);
    CHECK(at.y - limit + height == doctest::Approx(720.f - 28.f));  // scrolled all the way: the bottom edge is in view
    // The height is the sum of its parts: the head, a title per section and each row (with its detail line).
    float sum = app::moveListHead(at) + 8.f;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        sum += app::moveRowHeight(shown[i], at) + (i == 0 || shown[i].group != shown[i - 1].group ? 18.f : 0.f);
    }
    CHECK(height == doctest::Approx(sum));
    // The compact list on character select leaves out walk, jump and crouch, and a list that fits does not scroll.
    app::MoveListLayout compact;
    compact.basics = false;
    compact.details = false;
    CHECK(find(app::shownMoves(view::moveList(loadFighter("ryo")), compact), "Walk") == nullptr);
    CHECK(app::moveListScrollLimit(100.f, 54.f, 692.f) == 0.f);
}

TEST_CASE("every shipped fighter's compact list fits on character select, rows tightened where it must") {
    // Character select's layout (game/app/menus/menus.cpp): panels from y 232 with 22-pixel rows, no details, no
    // basics, on a 720-pixel screen. Nova's list ran 80 pixels off the bottom, its last moves and border unseen.
    app::MoveListLayout at;
    at.y = 232.f;
    at.row = 22.f;
    at.details = false;
    at.basics = false;
    bool tightened = false;
    for (const char* id : {"brick", "nova", "ryo", "tasha"}) {
        CAPTURE(id);
        const std::vector<view::MoveEntry> shown = app::shownMoves(view::moveList(loadFighter(id)), at);
        app::MoveListLayout fitted = at;
        fitted.row = app::rowToFit(shown, at, 716.f, 17.f);
        CHECK(fitted.row >= 17.f);
        CHECK(fitted.row <= 22.f);
        CHECK(at.y + app::moveListHeight(shown, fitted) <= 716.f);
        tightened = tightened || fitted.row < 22.f;
        if (at.y + app::moveListHeight(shown, at) <= 716.f)
            CHECK(fitted.row == 22.f);  // a list that fits keeps its rows
    }
    CHECK(tightened);  // at least one shipped list needs it (else this test no longer tests anything)
}

TEST_CASE("Nova's Dash Punch says in its detail line how far it carries her") {
    const std::vector<view::MoveEntry> list = view::moveList(loadFighter("nova"));
    const view::MoveEntry* dash = find(list, "Dash Punch");
    REQUIRE(dash != nullptr);
    // move special: damage 80, startup 11 (active on 12), `advance 6 15 13`: 10 frames of 13 = 130 forward.
    CHECK(dash->detail == "mid, 80 damage, 12f startup, moves 130 forward");
}
