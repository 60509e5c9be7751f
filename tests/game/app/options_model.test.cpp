// The Options screen's rows without a window: what each row shows and what left / right do to the settings.
#include "game/app/options_model.h"

#include <doctest/doctest.h>

using app::OptionRow;

TEST_CASE("options: the style rows switch one player's style between motion and simple") {
    io::Settings s;
    CHECK(app::optionValue(s, OptionRow::P1Style) == "motion (quarter circle + special)");
    REQUIRE(app::stepOption(s, OptionRow::P2Style, 1));
    CHECK(s.style[0] == sim::InputStyle::Motion);  // the other player keeps theirs
    CHECK(s.style[1] == sim::InputStyle::Simple);
    CHECK(app::optionValue(s, OptionRow::P2Style) == "simple (special alone = fireball)");
    REQUIRE(app::stepOption(s, OptionRow::P2Style, -1));
    CHECK(s.style[1] == sim::InputStyle::Motion);
}

TEST_CASE("options: volume steps by ten and wraps, and off is shown as off") {
    io::Settings s;
    s.volume = 100;
    REQUIRE(app::stepOption(s, OptionRow::Volume, 1));
    CHECK(s.volume == 0);
    CHECK(app::optionValue(s, OptionRow::Volume) == "off");
    REQUIRE(app::stepOption(s, OptionRow::Volume, -1));
    CHECK(s.volume == 100);
    s.volume = 45;  // a value from the file: to the next step either way
    app::stepOption(s, OptionRow::Volume, 1);
    CHECK(s.volume == 50);
    s.volume = 45;
    app::stepOption(s, OptionRow::Volume, -1);
    CHECK(s.volume == 40);
    CHECK(app::optionValue(s, OptionRow::Volume) == "40%");
}

TEST_CASE("options: window sizes and frame caps step through their lists, from any value in the file") {
    io::Settings s;  // 1280x720
    REQUIRE(app::stepOption(s, OptionRow::Window, 1));
    CHECK(app::optionValue(s, OptionRow::Window) == "1600 x 900");
    s.width = 1000, s.height = 700;  // not listed: the next listed size each way
    app::stepOption(s, OptionRow::Window, -1);
    CHECK((s.width == 960 && s.height == 540));
    app::stepOption(s, OptionRow::Window, -1);  // wraps to the largest
    CHECK((s.width == 2560 && s.height == 1440));
    CHECK(app::optionValue(s, OptionRow::FrameCap) == "off (vsync)");
    REQUIRE(app::stepOption(s, OptionRow::FrameCap, 1));
    CHECK(s.frameCap == 30);
    s.frameCap = 75;
    app::stepOption(s, OptionRow::FrameCap, 1);
    CHECK(s.frameCap == 120);
    app::stepOption(s, OptionRow::FrameCap, 1);
    app::stepOption(s, OptionRow::FrameCap, 1);  // past 144: back to off
    CHECK(s.frameCap == 0);
}

TEST_CASE("options: the on/off rows toggle, Done changes nothing, and which rows need a new window") {
    io::Settings s;
    REQUIRE(app::stepOption(s, OptionRow::Fullscreen, 1));
    CHECK(s.fullscreen);
    REQUIRE(app::stepOption(s, OptionRow::Msaa, -1));
    CHECK_FALSE(s.msaa);
    const io::Settings before = s;
    CHECK_FALSE(app::stepOption(s, OptionRow::Done, 1));
    CHECK_FALSE(app::stepOption(s, OptionRow::Volume, 0));
    CHECK(s == before);
    CHECK(app::changesWindow(OptionRow::Msaa));
    CHECK(app::changesWindow(OptionRow::Window));
    CHECK_FALSE(app::changesWindow(OptionRow::Volume));
    CHECK_FALSE(app::changesWindow(OptionRow::P1Style));
}

#include "game/app/user_paths.h"

TEST_CASE("user paths: the shipped data folder is read, never written, unless a flag names a file there") {
    const io::UserDirs d = io::userDirsFor("/c", "/d", "/home/u");
    app::AppFlags f;
    app::UserPaths p = app::userPaths(f, d, "/src/data", false);
    CHECK(p.controlsRead == "/src/data/controls.cfg");  // no saved bindings yet: the shipped ones
    CHECK(p.controlsSave == "/c/bvh-fighter/controls.cfg");
    CHECK(p.controlsBasis == "/src/data/controls.cfg");
    CHECK(p.settings == "/c/bvh-fighter/settings.cfg");
    CHECK(p.replays == "/d/bvh-fighter/replays");
    p = app::userPaths(f, d, "/src/data", true);
    CHECK(p.controlsRead == "/c/bvh-fighter/controls.cfg");  // once saved, the player's own
    f.controlsFile = "/tmp/k.cfg";
    f.settingsFile = "/tmp/s.cfg";
    f.replayDir = "/tmp/r";
    f.replayDirGiven = true;
    p = app::userPaths(f, d, "/src/data", false);
    CHECK(p.controlsRead == "/tmp/k.cfg");
    CHECK(p.controlsSave == "/tmp/k.cfg");
    CHECK(p.settings == "/tmp/s.cfg");
    CHECK(p.replays == "/tmp/r");
    // No usable folders and no flags: nothing is saved anywhere (not into the working directory either).
    p = app::userPaths(app::AppFlags{}, io::userDirsFor(nullptr, nullptr, nullptr), "/src/data", false);
    CHECK(p.controlsSave.empty());
    CHECK(p.settings.empty());
    CHECK(p.replays.empty());
}
