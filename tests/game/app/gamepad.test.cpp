// Gamepads and rebinding in the key-binding layer (game/app/input/bindings.h), without a window or a pad: the config
// spelling of pad inputs, the dead zone, the default pad layout, clashes, rebinding and saving, and the tracker fed
// synthetic SFML joystick events (button presses, axis moves across the dead zone, a pad unplugged).
#include "game/app/input/bindings.h"

#include <doctest/doctest.h>

#include <filesystem>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

namespace {

std::string parseError(const std::string& text, app::Bindings* out = nullptr) {
    app::Bindings b = app::defaultBindings();
    io::Error error;
    const bool ok = app::parseBindings(text, "c.cfg", b, error);
    if (out) *out = b;
    return ok ? "" : error.text();
}

sf::Event button(unsigned pad, unsigned button, bool press) {
    sf::Event e;
    e.type = press ? sf::Event::JoystickButtonPressed : sf::Event::JoystickButtonReleased;
    e.joystickButton.joystickId = pad;
    e.joystickButton.button = button;
    return e;
}

sf::Event move(unsigned pad, sf::Joystick::Axis axis, float position) {
    sf::Event e;
    e.type = sf::Event::JoystickMoved;
    e.joystickMove.joystickId = pad;
    e.joystickMove.axis = axis;
    e.joystickMove.position = position;
    return e;
}

}  // namespace

TEST_CASE("gamepad inputs in controls.cfg: buttons, axes and the d-pad, spelled back the same way") {
    app::Bindings b;
    REQUIRE(parseError("p1.light = J, Joy0.Button2\np1.left = Joy1.PovX-, Joy0.X-\ndeadzone = 45\n", &b) == "");
    CHECK(app::bindingText(b, app::kP1Light) == "J, Joy0.Button2");
    CHECK(app::bindingText(b, app::kP1Left) == "Joy1.PovX-, Joy0.X-");
    CHECK(b.deadZone == 45);
    CHECK(parseError("p1.light = Joy8.Button1\n") == "c.cfg:1: unknown key 'Joy8.Button1' for 'p1.light'");
    CHECK(parseError("p1.light = Joy0.Button32\n") == "c.cfg:1: unknown key 'Joy0.Button32' for 'p1.light'");
    CHECK(parseError("p1.left = Joy0.W-\n") == "c.cfg:1: unknown key 'Joy0.W-' for 'p1.left'");
    CHECK(parseError("deadzone = 0\n") == "c.cfg:1: deadzone takes a whole percent 1..99, not '0'");
    CHECK(parseError("p1.light = Joy0.Button2\np2.light = Joy0.Button2\n") ==
          "c.cfg:2: key Joy0.Button2 already drives p1.light");
}

TEST_CASE("the default pad layout: Joy0 for P1, Joy1 for P2, unless the file binds a pad itself") {
    app::Bindings b = app::defaultBindings();
    app::addDefaultPads(b);
    CHECK(app::bindingText(b, app::kP1Left) == "A, Joy0.X-, Joy0.PovX-");
    CHECK(app::bindingText(b, app::kP2Throw) == "Numpad4, RShift, Joy1.Button3");
    CHECK(app::bindingText(b, app::kStart) == "Enter, Joy0.Button7");
    app::Bindings own;
    REQUIRE(parseError("p1.light = Joy0.Button5\n", &own) == "");
    app::addDefaultPads(own);
    CHECK(app::bindingText(own, app::kP1Left) == "A");  // nothing added
}

TEST_CASE("the tracker reads pad buttons and axes past the dead zone, and lets go of an unplugged pad") {
    app::Bindings b = app::defaultBindings();
    app::addDefaultPads(b);  // dead zone 30
    app::InputTracker t;
    t.onEvent(button(0, 0, true), b);
    CHECK(t.takePressed() == app::bit(app::kP1Light));
    CHECK((t.held(b) & app::bit(app::kP1Light)) != 0);
    t.onEvent(move(1, sf::Joystick::X, 20.f), b);  // inside the dead zone: nothing
    CHECK(t.takePressed() == 0);
    t.onEvent(move(1, sf::Joystick::X, 80.f), b);
    CHECK(t.takePressed() == app::bit(app::kP2Right));
    t.onEvent(move(1, sf::Joystick::X, 90.f), b);  // still pushed: held, not pressed again
    CHECK(t.takePressed() == 0);
    CHECK((t.held(b) & app::bit(app::kP2Right)) != 0);
    t.onEvent(move(1, sf::Joystick::X, -70.f), b);  // through the centre to the other side
    CHECK(t.takePressed() == app::bit(app::kP2Left));
    CHECK((t.held(b) & app::bit(app::kP2Right)) == 0);
    sf::Event gone;
    gone.type = sf::Event::JoystickDisconnected;
    gone.joystickConnect.joystickId = 0;
    t.onEvent(gone, b);
    CHECK((t.held(b) & app::bit(app::kP1Light)) == 0);
    CHECK((t.held(b) & app::bit(app::kP2Left)) != 0);  // the other pad is untouched
}

TEST_CASE("rebinding in the game: the config's clash rule, the other kind of input kept, saved and read back") {
    app::Bindings b = app::defaultBindings();
    app::addDefaultPads(b);
    app::KeyChord u;
    u.key = sf::Keyboard::U;
    CHECK(app::rebind(b, app::kP1Light, u) == "");
    CHECK(app::bindingText(b, app::kP1Light) == "U, Joy0.Button0");  // J replaced, the pad button kept
    app::KeyChord k;
    k.key = sf::Keyboard::K;
    CHECK(app::rebind(b, app::kP1Light, k) == "key K already drives P1 heavy");
    CHECK(app::bindingText(b, app::kP1Light) == "U, Joy0.Button0");  // unchanged
    sf::Event pad = button(0, 5, true);
    app::KeyChord c;
    REQUIRE(app::chordOfEvent(pad, b.deadZone, c));
    CHECK(app::rebind(b, app::kP1Light, c) == "");
    CHECK(app::bindingText(b, app::kP1Light) == "Joy0.Button5, U");
    const std::string path = "gamepad_test_controls.cfg";
    std::string error;
    REQUIRE(app::saveBindings(path, b, error));
    app::Bindings back = app::defaultBindings();
    io::Error loadError;
    REQUIRE(app::loadBindings(path, back, loadError));
    CHECK(app::bindingText(back, app::kP1Light) == "Joy0.Button5, U");
    CHECK(app::bindingText(back, app::kP2Left) == "Left, Joy1.X-, Joy1.PovX-");
    // A missing folder is made (the player's config folder may not exist yet); one that cannot be made (a file is
    // in its place) is a failed write naming the folder and the system's reason.
    CHECK_FALSE(app::saveBindings(path + "/controls.cfg", b, error));
    CHECK(error == path + "/controls.cfg: cannot write: " + path + ": Not a directory");
    std::remove(path.c_str());
}

TEST_CASE("rebinding saves into a new folder, keeping the shipped file's comments on the first save") {
    const std::string dir = "gamepad_test_new_dir";
    std::filesystem::remove_all(dir);
    const std::string basis = "gamepad_test_basis.cfg";
    {
        std::ofstream out(basis);
        out << "# shipped defaults\np1.light = J\n";
    }
    app::Bindings b = app::defaultBindings();
    app::KeyChord u;
    u.key = sf::Keyboard::U;
    REQUIRE(app::rebind(b, app::kP1Light, u).empty());
    std::string error;
    REQUIRE(app::saveBindings(dir + "/deeper/controls.cfg", b, error, basis));
    std::string text;
    io::Error e;
    REQUIRE(io::readFile(dir + "/deeper/controls.cfg", text, e));
    CHECK(text.rfind("# shipped defaults\np1.light = U\n", 0) == 0);  // the basis's comment and layout kept
    std::filesystem::remove_all(dir);
    std::remove(basis.c_str());
}

TEST_CASE("which events make a binding: keys, pad buttons, axes past the dead zone") {
    app::KeyChord c;
    sf::Event key;
    key.type = sf::Event::KeyPressed;
    key.key.code = sf::Keyboard::F;
    key.key.control = key.key.shift = key.key.alt = key.key.system = false;
    REQUIRE(app::chordOfEvent(key, 30, c));
    CHECK(app::chordName(c) == "F");
    CHECK_FALSE(app::chordOfEvent(move(0, sf::Joystick::PovY, 10.f), 30, c));
    REQUIRE(app::chordOfEvent(move(0, sf::Joystick::PovY, -100.f), 30, c));
    CHECK(app::chordName(c) == "Joy0.PovY-");
}

TEST_CASE("saving bindings keeps the file's comments and layout and changes only the values") {
    const std::string old =
        "# my keys\n"
        "deadzone = 25   # a worn pad\n"
        "\n"
        "p1.light   = J  # jab\n"
        "p1.heavy   = K  # kick, CRLF\r\n"
        "# the end\n";
    app::Bindings b = app::defaultBindings();
    std::string error;
    io::Error parseError;
    REQUIRE(app::parseBindings(old, "c.cfg", b, parseError));
    app::KeyChord u;
    u.key = sf::Keyboard::U;
    REQUIRE(app::rebind(b, app::kP1Light, u) == "");
    const std::string text = app::bindingsTextKeeping(old, b);
    // Written out by hand from the rule: the rebound action's line gets its new value, every other line stays byte
    // for byte (its CRLF too), and nothing the player did not change is appended.
    CHECK(text ==
          "# my keys\n"
          "deadzone = 25   # a worn pad\n"
          "\n"
          "p1.light   = U  # jab\n"
          "p1.heavy   = K  # kick, CRLF\r\n"
          "# the end\n");
    app::Bindings back = app::defaultBindings();
    REQUIRE(app::parseBindings(text, "c.cfg", back, parseError));
    for (int a = 0; a < app::kActionCount; ++a)
        CHECK(app::bindingText(back, app::Action(a)) == app::bindingText(b, app::Action(a)));
    CHECK(back.deadZone == 25);

    // Through the file: the shipped-style header survives a save.
    const std::string path = "keeping_test_controls.cfg";
    {
        std::ofstream f(path, std::ios::binary);
        f << old;
    }
    REQUIRE(app::saveBindings(path, b, error));
    std::ifstream in(path, std::ios::binary);
    const std::string saved((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::remove(path.c_str());
    CHECK(saved == text);
}

TEST_CASE("rebinding keeps another window's save and a hand edit made since this window read the file") {
    const std::string path = "gamepad_test_merge.cfg";
    {
        std::ofstream out(path);
        out << "# mine\np1.up = W\np1.down = S\np1.left = A\n";
    }
    app::Bindings read = app::defaultBindings();  // both windows read the file first, as the game does at start
    io::Error e;
    REQUIRE(app::loadBindings(path, read, e));
    app::addDefaultPads(read);
    app::KeyChord y, u;
    y.key = sf::Keyboard::Y;
    u.key = sf::Keyboard::U;
    app::Bindings a = read, b = read, saved;
    REQUIRE(app::rebind(a, app::kP1Up, y).empty());  // window A: up = Y
    std::string error;
    REQUIRE(app::saveBindingsMerging(path, read, a, saved, error));
    {
        std::ofstream out(path, std::ios::app);  // then a hand edit: left = Z, written at the file's end
        out << "p1.left = Z\n";
    }
    REQUIRE(app::rebind(b, app::kP1Down, u).empty());  // window B, which read the file before both: down = U
    REQUIRE(app::saveBindingsMerging(path, read, b, saved, error));
    app::Bindings back = app::defaultBindings();  // the file alone: it holds only what the player bound
    REQUIRE(app::loadBindings(path, back, e));
    CHECK(app::bindingText(back, app::kP1Up) == "Y");  // A's save survives B's
    CHECK(app::bindingText(back, app::kP1Down) == "U");
    CHECK(app::bindingText(back, app::kP1Left) == "Z");                                // and so does the hand edit
    app::addDefaultPads(back);                                                         // as the game reads it
    CHECK(app::bindingText(saved, app::kP1Up) == app::bindingText(back, app::kP1Up));  // B now uses the merge
    // A third window, which also read the file first, binds Y to light: merged with the file, Y would drive up and
    // light, so the later save's bindings are written whole (a clash is never written).
    app::Bindings c = read;
    REQUIRE(app::rebind(c, app::kP1Light, y).empty());
    REQUIRE(app::saveBindingsMerging(path, read, c, saved, error));
    back = app::defaultBindings();
    REQUIRE(app::loadBindings(path, back, e));
    CHECK(app::bindingText(back, app::kP1Light) == "Y");
    CHECK(app::bindingText(back, app::kP1Up) == "W");
    std::remove(path.c_str());
}

TEST_CASE("a rebind into a file of mixed line ends appends its lines with the end most lines have") {
    // Worked by hand from docs/formats.md: an LF header over CRLF lines (a line added by another editor); the
    // appended header and action take CRLF, the end of two of the three lines, and the file's lines stay as written.
    const std::string old = "# my keys\np1.light = J\r\np1.heavy = K\r\n";
    app::Bindings b = app::defaultBindings();
    io::Error e;
    REQUIRE(app::parseBindings(old, "c.cfg", b, e));
    app::KeyChord u;
    u.key = sf::Keyboard::U;
    REQUIRE(app::rebind(b, app::kP1Up, u).empty());
    CHECK(app::bindingsTextKeeping(old, b) ==
          "# my keys\np1.light = J\r\np1.heavy = K\r\n# Added by the game's Controls screen:\r\np1.up = U\r\n");
}

TEST_CASE("a rebind changes only its action's line: the rest byte for byte, a byte order mark and CRLF kept") {
    // Worked by hand from docs/formats.md: the game reads the file, adds the default pad layout (the file names no
    // pad), the Controls screen rebinds one action at a time and saves; each save touches that action's line alone
    // (or appends it once under the header), in the file's CRLF, and writes no pad input or dead zone.
    const std::string path = "gamepad_test_bytes.cfg";
    const std::string bom = "\xEF\xBB\xBF";
    {
        std::ofstream out(path, std::ios::binary);
        out << bom << "# my keys\r\np1.light   = J  # jab\r\np1.heavy\t=\tK\r\n";
    }
    const auto saveRebound = [&](app::Action a, sf::Keyboard::Key key) {
        app::Bindings read = app::defaultBindings(), mine, saved;
        io::Error e;
        REQUIRE(app::loadBindings(path, read, e));
        app::addDefaultPads(read);
        mine = read;
        app::KeyChord c;
        c.key = key;
        REQUIRE(app::rebind(mine, a, c).empty());
        std::string error;
        REQUIRE(app::saveBindingsMerging(path, read, mine, saved, error));
        std::ifstream in(path, std::ios::binary);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    CHECK(saveRebound(app::kP1Up, sf::Keyboard::U) == bom +
                                                          "# my keys\r\np1.light   = J  # jab\r\np1.heavy\t=\tK\r\n"
                                                          "# Added by the game's Controls screen:\r\np1.up = U\r\n");
    CHECK(saveRebound(app::kP1Light, sf::Keyboard::Y) == bom +
                                                             "# my keys\r\np1.light   = Y  # jab\r\np1.heavy\t=\tK\r\n"
                                                             "# Added by the game's Controls screen:\r\np1.up = U\r\n");
    CHECK(saveRebound(app::kP1Down, sf::Keyboard::X) ==
          bom +
              "# my keys\r\np1.light   = Y  # jab\r\np1.heavy\t=\tK\r\n"
              "# Added by the game's Controls screen:\r\np1.up = U\r\np1.down = X\r\n");
    std::remove(path.c_str());

    // A pad input bound where the file named none ends the default layout for the whole file (the format's rule),
    // so the layout's inputs are written out then, and only the actions that have one.
    app::Bindings b = app::defaultBindings();
    app::addDefaultPads(b);
    app::KeyChord pad;
    pad.joy = 0;
    pad.button = 5;
    REQUIRE(app::rebind(b, app::kP1Light, pad).empty());
    const std::string text = app::bindingsTextKeeping("p1.light = J\n", b);
    CHECK(text.rfind(
              "p1.light = Joy0.Button5, J\n# Added by the game's Controls screen:\np1.up = W, Joy0.Y-, Joy0.PovY-\n"
              "p1.down = S, Joy0.Y+, Joy0.PovY+\n",
              0) == 0);
    CHECK(text.find("start = Enter, Joy0.Button7\n") != std::string::npos);
    CHECK(text.find("pause") == std::string::npos);
    CHECK(text.find("deadzone") == std::string::npos);
    app::Bindings back = app::defaultBindings();
    io::Error e;
    REQUIRE(app::parseBindings(text, "c.cfg", back, e));
    app::addDefaultPads(back);
    for (int a = 0; a < app::kActionCount; ++a)
        CHECK(app::bindingText(back, app::Action(a)) == app::bindingText(b, app::Action(a)));
}

TEST_CASE("a rebind does not save over a file that no longer reads: the file stays as written, the line is named") {
    // The game refuses a bad controls.cfg at start, so such a file is a hand edit made while the game runs. Saving
    // over it wrote the bindings afresh, the player's comments and the bad line gone without a word.
    const std::string path = "gamepad_test_unread.cfg";
    const std::string before = "# my keys\np1.light = J  # jab\n";
    std::ofstream(path, std::ios::binary) << before;
    app::Bindings read = app::defaultBindings(), mine, saved;
    io::Error e;
    REQUIRE(app::loadBindings(path, read, e));
    app::addDefaultPads(read);
    for (const std::string& edit : {std::string("p1.hevy = L\n"), std::string("p2.light = J\n")}) {
        CAPTURE(edit);
        std::ofstream(path, std::ios::binary) << before << edit;  // a typo, then a key that drives two actions
        mine = read;
        app::KeyChord u;
        u.key = sf::Keyboard::U;
        REQUIRE(app::rebind(mine, app::kP1Up, u).empty());
        std::string error;
        CHECK_FALSE(app::saveBindingsMerging(path, read, mine, saved, error));
        const std::string why = edit[1] == '1' ? ":3: unknown action 'p1.hevy'" : ":3: key J already drives";
        CHECK(error.rfind(path + why, 0) == 0);
        CHECK(error.find("; mend that line to save") != std::string::npos);
        std::ifstream in(path, std::ios::binary);
        CHECK(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()) == before + edit);
    }
    // One that cannot be read at all (a sparse file over the 64 MiB input limit, refused unread) is left too.
    std::filesystem::resize_file(path, (std::uintmax_t(64) << 20) + 1);
    std::string error;
    CHECK_FALSE(app::saveBindingsMerging(path, read, mine, saved, error));
    CHECK(error == path + ": larger than 67108864 bytes (the limit for any input file); not saved over it");
    CHECK(std::filesystem::file_size(path) == (std::uintmax_t(64) << 20) + 1);
    std::remove(path.c_str());
}
