// The controls.cfg parser (game/app/input/bindings.cpp), tested without a window: key codes are SFML enums, but nothing
// here opens a window or needs a display. Every expected message and key is written out by hand from the format
// described atop bindings.cpp and in docs/formats.md; nothing is produced by the parser and fed back to it.
#include "game/app/input/bindings.h"
#include "engine/sets/registry.h"
#include "game/io/button_file.h"
#include "test_paths.h"
#include "text_edit.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

/// The players' default keys come from the button table in force: every test of this program (app_tests) starts
/// with the shipped data/buttons.cfg installed, as the game does before it reads any binding.
const bool kShippedTable = [] {
    io::Error e;
    return sim::loadButtons(testpaths::data(), e);
}();

using app::Bindings;
using app::KeyChord;
using K = sf::Keyboard;

/// A chord written out field by field.
KeyChord chord(K::Key key, bool ctrl = false, bool shift = false, bool alt = false) {
    KeyChord c;
    c.key = key;
    c.ctrl = ctrl;
    c.shift = shift;
    c.alt = alt;
    return c;
}

bool sameChords(const std::vector<KeyChord>& got, const std::vector<KeyChord>& want) {
    if (got.size() != want.size()) return false;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const KeyChord& g = got[i];
        const KeyChord& w = want[i];
        if (g.key != w.key || g.ctrl != w.ctrl || g.shift != w.shift || g.alt != w.alt) return false;
    }
    return true;
}

/// Parses `text` as controls.cfg over the built-in defaults; returns the error ("" when accepted).
std::string errorOf(const std::string& text, Bindings* out = nullptr) {
    Bindings b = app::defaultBindings();
    io::Error error;
    const bool ok = app::parseBindings(text, "c.cfg", b, error);
    CHECK(ok == error.message.empty());
    if (out) *out = b;
    return ok ? "" : error.text();
}

}  // namespace

TEST_CASE("controls.cfg good lines: one action a line, several keys, comments, blank lines, tabs and CRLF") {
    Bindings b;
    REQUIRE(errorOf("# top comment\n\np1.left = Q\r\n\tp1.light\t=\tJ , Numpad7,Semicolon  # jab\n"
                    "p2.up=Y\n",
                    &b) == "");
    CHECK(sameChords(b.keys[app::kP1Left], {chord(K::Q)}));
    CHECK(sameChords(b.keys[app::kP1Light], {chord(K::J), chord(K::Numpad7), chord(K::Semicolon)}));
    CHECK(sameChords(b.keys[app::kP2Up], {chord(K::Y)}));
    // Actions the text leaves out keep the defaults (data/controls.cfg: p1.right = D, start = Enter).
    CHECK(sameChords(b.keys[app::kP1Right], {chord(K::D)}));
    CHECK(sameChords(b.keys[app::kStart], {chord(K::Enter)}));
}

TEST_CASE("controls.cfg a line replaces every key of its action, and the last line for an action wins") {
    Bindings b;
    REQUIRE(errorOf("fire = Space, J\nfire = F12\n", &b) == "");
    CHECK(sameChords(b.keys[app::kFire], {chord(K::F12)}));
}

TEST_CASE("controls.cfg an empty file or one with only comments keeps every default") {
    const Bindings defaults = app::defaultBindings();
    for (const char* text : {"", "\n\n", "# nothing\n   # still nothing\n"}) {
        Bindings b;
        REQUIRE(errorOf(text, &b) == "");
        for (int a = 0; a < app::kActionCount; ++a) CHECK(sameChords(b.keys[a], defaults.keys[a]));
    }
}

TEST_CASE("controls.cfg every key family by name: letters, top-row digits, numpad, F keys, named keys") {
    Bindings b;
    REQUIRE(errorOf("p1.up = Z, Num0, Numpad9, F15, PageDown, Backslash, Tilde, Divide, RAlt\n", &b) == "");
    CHECK(sameChords(b.keys[app::kP1Up],
                     {chord(K::Z), chord(K::Num0), chord(K::Numpad9), chord(K::F15), chord(K::PageDown),
                      chord(K::Backslash), chord(K::Tilde), chord(K::Divide), chord(K::RAlt)}));
}

TEST_CASE("controls.cfg modifiers: Ctrl+, Shift+, Alt+ in any order and combined") {
    Bindings b;
    REQUIRE(errorOf("names = Ctrl+F2, Shift+Alt+N, Alt+Ctrl+Shift+Num7\n", &b) == "");
    CHECK(sameChords(b.keys[app::kNames],
                     {chord(K::F2, true), chord(K::N, false, true, true), chord(K::Num7, true, true, true)}));
    CHECK(app::chordName(chord(K::X, true, true, true)) == "Ctrl+Shift+Alt+X");
    CHECK(app::bindingText(b, app::kNames) == "Ctrl+F2, Shift+Alt+N, Ctrl+Shift+Alt+Num7");
}

TEST_CASE("controls.cfg a line without = is refused with FILE:LINE") {
    CHECK(errorOf("# one\n\np1.left A\n") == "c.cfg:3: expected `ACTION = KEY[, KEY...]`, got 'p1.left A'");
}

TEST_CASE("controls.cfg an unknown action is refused with FILE:LINE") {
    CHECK(errorOf("p1.left = A\np3.left = B\n") == "c.cfg:2: unknown action 'p3.left'");
    CHECK(errorOf(" = A\n") == "c.cfg:1: unknown action ''");
}

TEST_CASE("controls.cfg an unknown key is refused with FILE:LINE, naming the key and the action") {
    CHECK(errorOf("p1.left = A\np1.right = NotAKey\n") == "c.cfg:2: unknown key 'NotAKey' for 'p1.right'");
    CHECK(errorOf("p1.right = D, F16\n") == "c.cfg:1: unknown key 'F16' for 'p1.right'");
    CHECK(errorOf("p1.right = Ctrl+\n") == "c.cfg:1: unknown key 'Ctrl+' for 'p1.right'");
    CHECK(errorOf("p1.right = Meta+D\n") == "c.cfg:1: unknown key 'Meta+D' for 'p1.right'");
    // "?" is what keyName says for a key without a name; it must not bind one of them.
    CHECK(errorOf("p1.right = ?\n") == "c.cfg:1: unknown key '?' for 'p1.right'");
}

TEST_CASE("controls.cfg a missing or empty key is refused with FILE:LINE") {
    CHECK(errorOf("p1.up =\n") == "c.cfg:1: no key given for 'p1.up'");
    CHECK(errorOf("p1.up =   # comment only\n") == "c.cfg:1: no key given for 'p1.up'");
    CHECK(errorOf("\np1.up = W,,Up\n") == "c.cfg:2: empty key in 'W,,Up' for 'p1.up'");
    CHECK(errorOf("p1.left = A,\n") == "c.cfg:1: empty key in 'A,' for 'p1.left'");  // empty after the comma
    CHECK(errorOf("p1.left = A , # spaced\n") == "c.cfg:1: empty key in 'A ,' for 'p1.left'");
}

TEST_CASE("controls.cfg a modifier given twice is refused with FILE:LINE, not read as the single chord") {
    CHECK(errorOf("p1.left = Ctrl+Ctrl+A\n") == "c.cfg:1: Ctrl+ given twice in 'Ctrl+Ctrl+A' for 'p1.left'");
    CHECK(errorOf("\nnames = Shift+Alt+Shift+F2\n") ==
          "c.cfg:2: Shift+ given twice in 'Shift+Alt+Shift+F2' for 'names'");
    CHECK(errorOf("names = F2, Alt+Alt+N\n") == "c.cfg:1: Alt+ given twice in 'Alt+Alt+N' for 'names'");
    CHECK(errorOf("names = Ctrl+Shift+Alt+N\n") == "");  // each once, in any order
}

TEST_CASE("controls.cfg names are case-sensitive, and a name wrong only in case is refused with its spelling") {
    CHECK(errorOf("p1.left = a\n") == "c.cfg:1: unknown key 'a' for 'p1.left' (names are case-sensitive: 'A')");
    CHECK(errorOf("start = ENTER\n") == "c.cfg:1: unknown key 'ENTER' for 'start' (names are case-sensitive: 'Enter')");
    CHECK(errorOf("overlay = F1, ctrl+shift+c\n") ==
          "c.cfg:1: unknown key 'ctrl+shift+c' for 'overlay' (names are case-sensitive: 'Ctrl+Shift+C')");
    CHECK(errorOf("P1.Left = A\n") == "c.cfg:1: unknown action 'P1.Left' (names are case-sensitive: 'p1.left')");
    // No hint when no spelling matches, whatever the case.
    CHECK(errorOf("p1.left = pgdown\n") == "c.cfg:1: unknown key 'pgdown' for 'p1.left'");
}

TEST_CASE("controls.cfg a key driving two fight actions is refused on the later line") {
    // With the defaults p1.light = J, p1.heavy = K, back = Escape, overlay = F1 and Ctrl+C.
    CHECK(errorOf("# jab pauses?\nstart = J\n") == "c.cfg:2: key J already drives p1.light");
    CHECK(errorOf("pause = P, K\n") == "c.cfg:1: key K already drives p1.heavy");
    CHECK(errorOf("p2.light = Escape\n") == "c.cfg:1: key Escape already drives back");
    CHECK(errorOf("reset = X\np2.up = X\n") == "c.cfg:2: key X already drives reset");
    CHECK(errorOf("p2.up = X\nreset = X\n") == "c.cfg:2: key X already drives p2.up");
    // Two clashes: the one that becomes a clash earliest in the file is reported.
    CHECK(errorOf("p1.up = Y\nstart = K\np1.down = Y\n") == "c.cfg:2: key K already drives p1.heavy");
}

TEST_CASE("controls.cfg modifier clashes: a plain key clashes with its chords, distinct chords do not") {
    CHECK(errorOf("p1.light = C\n") == "c.cfg:1: key C already drives overlay");  // overlay has Ctrl+C
    CHECK(errorOf("p1.light = Ctrl+Alt+C\n") == "c.cfg:1: key Ctrl+Alt+C already drives overlay");
    CHECK(errorOf("p1.light = Shift+C\n") == "");          // Shift+C never fires Ctrl+C
    CHECK(errorOf("overlay = F1\np1.light = C\n") == "");  // Ctrl+C gone: C is free
}

TEST_CASE("controls.cfg swapping keys over two lines is fine, and Blaster keys may reuse fight keys") {
    Bindings b;
    REQUIRE(errorOf("p1.light = K\np1.heavy = J\n", &b) == "");
    CHECK(sameChords(b.keys[app::kP1Light], {chord(K::K)}));
    CHECK(sameChords(b.keys[app::kP1Heavy], {chord(K::J)}));
    CHECK(errorOf("fire = K, Enter\nstructure.1 = W\n") == "");
}

TEST_CASE("controls.cfg the shipped data/controls.cfg parses to exactly the built-in defaults") {
    // Written separately (the file; data/buttons.cfg's key columns and the app keys in bindings.cpp); loading the
    // file over empty bindings must give the same table. Spot checks by hand as well.
    REQUIRE(kShippedTable);
    Bindings fromFile;
    io::Error error;
    REQUIRE(app::loadBindings(testpaths::data("controls.cfg"), fromFile, error));
    const Bindings defaults = app::defaultBindings();
    for (int a = 0; a < app::kActionCount; ++a) {
        CAPTURE(a);
        CHECK(sameChords(fromFile.keys[a], defaults.keys[a]));
    }
    CHECK(sameChords(fromFile.keys[app::kOverlay], {chord(K::F1), chord(K::C, true)}));
    CHECK(sameChords(fromFile.keys[app::kP2Special], {chord(K::Numpad3), chord(K::Slash)}));
}

TEST_CASE("controls.cfg unreadable files: a directory and a missing file") {
    Bindings b;
    io::Error error;
    const std::string dir = testpaths::data("");
    CHECK_FALSE(app::loadBindings(dir, b, error));
    CHECK(error.text() == dir + ": is a directory");
    const std::string missing = testpaths::data("no_such_controls.cfg");
    CHECK_FALSE(app::loadBindings(missing, b, error));
    CHECK(error.text().rfind(missing + ": cannot open: ", 0) == 0);
}

TEST_CASE("controls.cfg InputTracker: a press fires every action bound to it, plain keys also under modifiers") {
    Bindings b;
    REQUIRE(errorOf("p1.light = C\noverlay = F1, Ctrl+X\n", &b) == "");
    app::InputTracker input;
    sf::Event e{};
    e.type = sf::Event::KeyPressed;
    e.key.code = K::C;
    e.key.control = true;  // Ctrl+C still fires the plain C
    input.onEvent(e, b);
    CHECK(input.takePressed() == app::bit(app::kP1Light));
    CHECK(input.takePressed() == 0);
    e.key.code = K::X;
    e.key.control = false;  // a plain X does not fire Ctrl+X
    input.onEvent(e, b);
    CHECK(input.takePressed() == 0);
}

TEST_CASE("controls.cfg errors are the one io::Error, with the file, the line and the value shown escaped") {
    Bindings b = app::defaultBindings();
    io::Error error;
    CHECK_FALSE(app::parseBindings("# pad\ndeadzone = \x1b[31m50\n", "c.cfg", b, error));
    CHECK(error.file == "c.cfg");
    CHECK(error.line == 2);
    CHECK(error.message == "deadzone takes a whole percent 1..99, not '\\x1b[31m50'");
    CHECK(error.text() == "c.cfg:2: deadzone takes a whole percent 1..99, not '\\x1b[31m50'");
    for (const char* bad : {"+50", "0x32", "5e1", "100"}) {
        CAPTURE(bad);
        CHECK_FALSE(app::parseBindings(std::string("deadzone = ") + bad + "\n", "c.cfg", b, error));
        CHECK(error.text() == std::string("c.cfg:1: deadzone takes a whole percent 1..99, not '") + bad + "'");
    }
    REQUIRE(app::parseBindings("deadzone = 45\r\n", "c.cfg", b, error));
    CHECK(b.deadZone == 45);
    // A second deadzone line is refused, as a repeated settings.cfg key is (which one was meant is not known).
    CHECK_FALSE(app::parseBindings("deadzone = 20\n# pads\ndeadzone = 40\n", "c.cfg", b, error));
    CHECK(error.text() == "c.cfg:3: repeated `deadzone` (first on line 1)");
}

TEST_CASE("controls.cfg the players' default keys and pad buttons come from the button table") {
    REQUIRE(kShippedTable);
    // A table written here: light on U for player 1 and Numpad7 for player 2, pad button 9; a new row `taunt`
    // after medium (no action reads it: only the rows named like a player action do); medium on Y and button 6.
    const sim::ButtonTable shipped = sim::buttonTable();
    sim::ButtonTable t = shipped;
    for (sim::ButtonDef& d : t.rows) {
        if (d.name == "light") {
            d.keys[0] = {"U"};
            d.keys[1] = {"Numpad7"};
            d.pad = {9};
        }
        if (d.name == "medium") {
            d.keys[0] = {"Y"};
            d.pad = {6};
        }
    }
    sim::ButtonDef taunt;
    taunt.name = "taunt";
    taunt.letter = 'X';
    taunt.keys[0] = {"Z"};
    t.rows.push_back(taunt);
    sim::setButtonTable(t);
    Bindings b = app::defaultBindings();
    CHECK(sameChords(b.keys[app::kP1Light], {chord(K::U)}));
    CHECK(sameChords(b.keys[app::kP2Light], {chord(K::Numpad7)}));
    CHECK(sameChords(b.keys[app::kP1Medium], {chord(K::Y)}));
    CHECK(sameChords(b.keys[app::kP1Heavy], {chord(K::K)}));  // untouched rows keep the shipped keys
    CHECK(sameChords(b.keys[app::kStart], {chord(K::Enter)}));
    CHECK(sameChords(b.keys[app::kOverlay], {chord(K::F1), chord(K::C, true)}));  // the app's keys: built in
    app::addDefaultPads(b);
    CHECK(app::bindingText(b, app::kP1Light) == "U, Joy0.Button9");
    CHECK(app::bindingText(b, app::kP2Light) == "Numpad7, Joy1.Button9");
    CHECK(app::bindingText(b, app::kP1Medium) == "Y, Joy0.Button6");
    CHECK(app::bindingText(b, app::kP2Up) == "Up, Joy1.Y-, Joy1.PovY-");
    CHECK(app::bindingText(b, app::kStart) == "Enter, Joy0.Button7");
    // A key the table names that is no key: refused with the table's line, as the game does at start.
    t.rows[4].keys[0] = {"Jay"};
    t.rows[4].line = 9;
    io::Error error;
    CHECK(app::checkTableKeys(t, "buttons.cfg", error) ==
          "buttons.cfg:9: unknown key 'Jay' for 'light' (player 1's keys)");
    CHECK(app::checkTableKeys(shipped, "buttons.cfg", error).empty());
    sim::setButtonTable(shipped);
    // The bare built-in table (no data folder read) has no keys: the players' buttons are unbound.
    sim::setButtonTable(sim::fixedButtonTable());
    CHECK(app::defaultBindings().keys[app::kP1Light].empty());
    CHECK_FALSE(app::defaultBindings().keys[app::kOverlay].empty());
    sim::setButtonTable(shipped);
}

namespace {

/// The shipped data/buttons.cfg with its line `line` (1-based) replaced, read and installed: its default keys
/// checked as the game checks them at start ("" when accepted). The shipped table is put back after.
std::string tableError(int line, const std::string& with) {
    std::string text;
    io::Error error;
    REQUIRE(io::readFile(testpaths::data("buttons.cfg"), text, error));
    text = testtext::replaceLine(text, line, with);
    const sim::ButtonTable shipped = sim::buttonTable();
    sim::ButtonTable t;
    REQUIRE_MESSAGE(sim::parseButtonTable(text, "buttons.cfg", t, error), error.text());
    sim::setButtonTable(t);
    const std::string message = app::checkTableKeys(t, "buttons.cfg", error);
    sim::setButtonTable(shipped);
    return message;
}

}  // namespace

TEST_CASE("buttons.cfg default keys and pad buttons that drive two fight actions are refused at the table's line") {
    REQUIRE(kShippedTable);
    // data/buttons.cfg: light (line 9) J and pad 0, medium (line 14) O and pad 4; overlay's F1 is built in.
    CHECK(tableError(14, "button medium   M  M       O   Numpad5,M        4").empty());  // the shipped line
    CHECK(tableError(14, "button medium   M  M       J   Numpad5,M        4") ==
          "buttons.cfg:14: key J already drives p1.light (line 9)");
    CHECK(tableError(14, "button medium   M  M       O   Numpad5,M        0") ==
          "buttons.cfg:14: key Joy0.Button0 already drives p1.light (line 9)");
    CHECK(tableError(14, "button medium   M  M       O   Numpad5,J        4") ==
          "buttons.cfg:14: key J already drives p1.light (line 9)");  // player 2's column against player 1's
    CHECK(tableError(14, "button medium   M  M       F1  Numpad5,M        4") ==
          "buttons.cfg:14: key F1 already drives overlay");
    CHECK(tableError(9, "button light    A  L       J   Numpad1,J        0") ==
          "buttons.cfg:9: key J already drives p2.light");  // one row's two columns
}

TEST_CASE("bindings: the screens show the digit row as 1 and the keypad as Numpad1, the config's names unchanged") {
    CHECK(app::shownKeys("Num5, Numpad5") == "5, Numpad5");
    CHECK(app::shownKeys("Ctrl+Num1") == "Ctrl+1");
    CHECK(app::shownKeys("Numpad0") == "Numpad0");
    CHECK(app::shownKeys("Enter, NumLock") == "Enter, NumLock");  // not a digit key
    CHECK(app::keyName(sf::Keyboard::Num1) == "Num1");            // the file's spelling stays
}

TEST_CASE("controls.cfg every registered collision structure has a Blaster key: 1..7 on the digit row and numpad") {
    // engine/sets/registry.def lists seven structures (array, grid, two quadtrees, agent BVH, dynamic tree, sort and
    // sweep); the defaults bind structure.N to NumN and NumpadN, and the shipped data/controls.cfg says the same.
    REQUIRE(engine::kSetKindCount == 7);
    const K::Key digits[] = {K::Num1, K::Num2, K::Num3, K::Num4, K::Num5, K::Num6, K::Num7};
    const K::Key pads[] = {K::Numpad1, K::Numpad2, K::Numpad3, K::Numpad4, K::Numpad5, K::Numpad6, K::Numpad7};
    Bindings shipped = app::defaultBindings();
    io::Error error;
    REQUIRE_MESSAGE(app::loadBindings(testpaths::data() + "/controls.cfg", shipped, error), error.text());
    for (const Bindings& b : {app::defaultBindings(), shipped}) {
        for (int k = 0; k < engine::kSetKindCount; ++k) {
            CAPTURE(k);
            CHECK(sameChords(b.keys[app::kStruct1 + k], {chord(digits[k]), chord(pads[k])}));
        }
    }
    CHECK(app::actionName(app::kStruct7) == "structure.7");
}
