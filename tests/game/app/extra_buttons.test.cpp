// The key bindings' spare slots (game/app/input/bindings.h, kP1Extra0..): a button a data folder's table adds beyond the
// named ones gets a binding `p1.NAME` / `p2.NAME` with the table's default keys and pad buttons, presses its own bit,
// round-trips through controls.cfg and shows on the Controls screen; the shipped table fills none. The expected
// keys, pad button and bit are read by hand off tests/game/fighter4/buttons.cfg: `kick` is its 11th row (bit 1 << 10),
// U for player 1, Numpad6 for player 2, pad button 5.
#include "app_test_util.h"
#include "game/app/input/bindings.h"
#include "game/app/fight/fight_source.h"
#include "game/app/view_logic.h"
#include "game/io/button_file.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace {

using K = sf::Keyboard;

/// Installs a data folder's button table for one test and puts the shipped one back after it.
struct TableFrom {
    explicit TableFrom(const std::string& dir) {
        io::Error e;
        ok = sim::loadButtons(dir, e);
        INFO(e.text());
        CHECK(ok);
    }
    ~TableFrom() {
        io::Error e;
        sim::loadButtons(testpaths::data(), e);
    }
    bool ok = false;
};

const std::string kFighter4 = std::string(BVH_TEST_DATA_DIR) + "/../fighter4";

using apptest::key;

}  // namespace

TEST_CASE("a button the table adds is bound with the table's keys and pad button, and presses its own bit") {
    TableFrom table(kFighter4);
    REQUIRE(table.ok);
    CHECK(app::extraSlotsInUse() == 1);
    CHECK(app::actionName(app::kP1Extra0) == "p1.kick");
    CHECK(app::actionName(app::kP2Extra0) == "p2.kick");
    CHECK(app::actionName(app::kP1Extra1).empty());  // unused slots have no name
    CHECK(app::actionLabel(app::kP1Extra0) == "P1 kick");
    app::Bindings b = app::defaultBindings();
    app::addDefaultPads(b);
    CHECK(app::bindingText(b, app::kP1Extra0) == "U, Joy0.Button5");
    CHECK(app::bindingText(b, app::kP2Extra0) == "Numpad6, Joy1.Button5");
    CHECK(app::bindingText(b, app::kP1Extra1) == "-");

    app::InputTracker tracker;
    tracker.onEvent(key(K::U, true), b);
    CHECK(app::buttonsOf(tracker.held(b), 0) == (1 << 10));
    CHECK(app::buttonsOf(tracker.held(b), 1) == 0);
    tracker.onEvent(key(K::J, true), b);  // with light (bit 1 << 4)
    CHECK(app::buttonsOf(tracker.held(b), 0) == ((1 << 10) | (1 << 4)));
    tracker.onEvent(key(K::U, false), b);
    tracker.onEvent(key(K::J, false), b);
    tracker.onEvent(key(K::Numpad6, true), b);
    CHECK(app::buttonsOf(tracker.held(b), 1) == (1 << 10));
    CHECK(app::buttonsOf(tracker.held(b), 0) == 0);
    sf::Event pad;
    pad.type = sf::Event::JoystickButtonPressed;
    pad.joystickButton = {0, 5};
    app::InputTracker padTracker;
    padTracker.onEvent(pad, b);
    CHECK(app::buttonsOf(padTracker.held(b), 0) == (1 << 10));
}

TEST_CASE("a table's extra button in controls.cfg: rebound, refused on a clash, written and read back") {
    TableFrom table(kFighter4);
    REQUIRE(table.ok);
    app::Bindings b = app::defaultBindings();
    io::Error error;
    CHECK(app::parseBindings("p2.kick = Numpad9\np1.kick = Y, Joy0.Button6 # mine\n", "c.cfg", b, error));
    CHECK(app::bindingText(b, app::kP1Extra0) == "Y, Joy0.Button6");
    CHECK(app::bindingText(b, app::kP2Extra0) == "Numpad9");
    // The shipped controls.cfg over these defaults, as the game starts with this table: no key of the table's
    // new row clashes with the app's keys.
    app::Bindings shippedFile = app::defaultBindings();
    CHECK(app::loadBindings(testpaths::data("controls.cfg"), shippedFile, error));
    CHECK(app::bindingText(shippedFile, app::kP1Extra0) == "U");
    app::Bindings clash = app::defaultBindings();
    CHECK_FALSE(app::parseBindings("\np1.kick = J\n", "c.cfg", clash, error));
    CHECK(error.text() == "c.cfg:2: key J already drives p1.light");
    CHECK_FALSE(app::parseBindings("p1.Kick = J\n", "c.cfg", clash, error));
    CHECK(error.text() == "c.cfg:1: unknown action 'p1.Kick' (names are case-sensitive: 'p1.kick')");

    const std::string kept = app::bindingsTextKeeping("p1.kick = U # mine\n", b);
    CHECK(kept.find("p1.kick = Y, Joy0.Button6 # mine\n") == 0);
    CHECK(kept.find("p2.kick = Numpad9\n") != std::string::npos);

    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "bvh_extra_buttons_test";
    std::filesystem::remove_all(dir);
    const std::string path = (dir / "controls.cfg").string();
    std::string writeError;
    REQUIRE(app::saveBindings(path, b, writeError));
    app::Bindings back = app::defaultBindings();
    REQUIRE(app::loadBindings(path, back, error));
    for (int a = 0; a < app::kActionCount; ++a)
        CHECK(app::bindingText(back, app::Action(a)) == app::bindingText(b, app::Action(a)));
    std::filesystem::remove_all(dir);

    // The Controls screen: the extra button under the nine, the other keys one row lower; rebinding it.
    CHECK(app::controlsSlot(app::kP1Extra0).column == 0);
    CHECK(app::controlsSlot(app::kP1Extra0).row == 9);
    CHECK(app::controlsSlot(app::kP2Extra0).column == 1);
    CHECK(app::controlsSlot(app::kP2Extra0).row == 9);
    CHECK(app::controlsSlot(app::kP1Extra1).row == -1);
    CHECK(app::controlsOtherRow() == 11);
    CHECK(app::controlsActionAt(0, 9) == app::kP1Extra0);
    CHECK(app::controlsActionAt(0, 10) == -1);  // the gap
    app::KeyChord z;
    z.key = K::Z;
    CHECK(app::rebind(b, app::kP1Extra0, z).empty());
    CHECK(app::bindingText(b, app::kP1Extra0) == "Z, Joy0.Button6");
    app::KeyChord j;
    j.key = K::J;
    CHECK(app::rebind(b, app::kP1Extra0, j) == "key J already drives P1 light");
}

TEST_CASE("the shipped table fills no extra slot, and a table with more extra buttons than slots is refused") {
    CHECK(app::extraSlotsInUse() == 0);
    const app::Bindings b = app::defaultBindings();
    for (int a = app::kP1Extra0; a <= app::kP2Extra3; ++a) {
        CHECK(app::actionName(app::Action(a)).empty());
        CHECK(b.keys[a].empty());
    }
    CHECK(app::bindingsText(b).find("kick") == std::string::npos);
    app::Bindings c = app::defaultBindings();
    io::Error error;
    CHECK_FALSE(app::parseBindings("p1.kick = U\n", "c.cfg", c, error));
    CHECK(error.text() == "c.cfg:1: unknown action 'p1.kick'");

    sim::ButtonTable t = sim::buttonTable();
    const char* const names[] = {"kick", "punch", "taunt", "dash", "guard"};
    for (int i = 0; i < 5; ++i) {
        sim::ButtonDef d;
        d.name = names[i];
        d.letter = char('V' + i);
        d.line = 20 + i;
        t.rows.push_back(d);
    }
    CHECK(app::checkTableKeys(t, "buttons.cfg", error) ==
          "buttons.cfg:24: button 'guard' cannot be bound: the key bindings hold at most 4 buttons beyond up, down, "
          "left, "
          "right, light, heavy, special, start, throw and medium");
    t.rows.pop_back();  // four fit
    CHECK(app::checkTableKeys(t, "buttons.cfg", error).empty());
}
