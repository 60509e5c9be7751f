// The Options screen's rows without a window: what each row shows and what left / right do to the settings.
#include "game/app/menus/options_model.h"
#include "game/app/renderer_check.h"

#include <doctest/doctest.h>

using app::OptionRow;

TEST_CASE("options: the style rows switch one player's style between motion and simple") {
    io::Settings s;
    CHECK(app::optionValue(s, OptionRow::P1Style) == "motion (quarter circle + special)");
    REQUIRE(app::stepOption(s, OptionRow::P2Style, 1));
    CHECK(s.style[0] == sim::InputStyle::Motion);  // the other player keeps theirs
    CHECK(s.style[1] == sim::InputStyle::Simple);
    CHECK(app::optionValue(s, OptionRow::P2Style) == "simple (special button alone)");
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
    CHECK(s.msaa == io::Msaa::On);
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
    p = app::userPaths(f, d, "/src/data", true);
    CHECK(p.controlsRead == "/tmp/k.cfg");
    CHECK(p.controlsSave == "/tmp/k.cfg");
    // --controls FILE before FILE exists: the shipped bindings are read (as --settings FILE before it exists is a
    // first start), and FILE is made by the first save.
    p = app::userPaths(f, d, "/src/data", false);
    CHECK(p.controlsRead == "/src/data/controls.cfg");
    CHECK(p.controlsSave == "/tmp/k.cfg");
    CHECK(p.controlsBasis == "/src/data/controls.cfg");
    CHECK(p.settings == "/tmp/s.cfg");
    CHECK(p.replays == "/tmp/r");
    // No usable folders and no flags: nothing is saved anywhere (not into the working directory either).
    p = app::userPaths(app::AppFlags{}, io::userDirsFor(nullptr, nullptr, nullptr), "/src/data", false);
    CHECK(p.controlsSave.empty());
    CHECK(p.settings.empty());
    CHECK(p.replays.empty());
}

TEST_CASE("options: multisampling steps auto, off, on and says what auto chose on this renderer") {
    io::Settings s;
    CHECK(app::optionValue(s, OptionRow::Msaa, "llvmpipe (LLVM 15.0.6, 256 bits)") == "auto: off (software: llvmpipe)");
    CHECK(app::optionValue(s, OptionRow::Msaa, "NVIDIA GeForce GTX 1060/PCIe/SSE2") == "auto: on (4x)");
    CHECK(app::optionValue(s, OptionRow::Msaa, "") == "auto (on unless software)");
    REQUIRE(app::stepOption(s, OptionRow::Msaa, 1));  // right from auto: off first
    CHECK(s.msaa == io::Msaa::Off);
    app::stepOption(s, OptionRow::Msaa, 1);
    CHECK(s.msaa == io::Msaa::On);
    CHECK(app::optionValue(s, OptionRow::Msaa, "llvmpipe") == "on (4x)");  // the player's choice stands
    app::stepOption(s, OptionRow::Msaa, 1);
    CHECK(s.msaa == io::Msaa::Auto);
}

TEST_CASE("renderer check: software rasterizers are told from GPUs by their GL_RENDERER string") {
    // Strings as the drivers report them (Mesa 22-23, SwiftShader, Windows' fallbacks, two GPUs).
    CHECK(app::isSoftwareRenderer("llvmpipe (LLVM 15.0.6, 256 bits)"));
    CHECK(app::isSoftwareRenderer("softpipe"));
    CHECK(app::isSoftwareRenderer("Mesa X11 swrast"));
    CHECK(app::isSoftwareRenderer("Google SwiftShader"));
    CHECK(app::isSoftwareRenderer("Software Rasterizer"));
    CHECK(app::isSoftwareRenderer("GDI Generic"));
    CHECK(app::isSoftwareRenderer("Microsoft Basic Render Driver"));
    CHECK_FALSE(app::isSoftwareRenderer("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
    CHECK_FALSE(app::isSoftwareRenderer("AMD Radeon RX 580 (polaris10, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)"));
    CHECK_FALSE(app::isSoftwareRenderer(""));
    CHECK_FALSE(app::msaaWanted(io::Msaa::Auto, "llvmpipe (LLVM 15.0.6, 256 bits)"));
    CHECK(app::msaaWanted(io::Msaa::Auto, "AMD Radeon RX 580"));
    CHECK(app::msaaWanted(io::Msaa::Auto, ""));  // nothing known: the GPU's default
    CHECK(app::msaaWanted(io::Msaa::On, "llvmpipe"));
    CHECK_FALSE(app::msaaWanted(io::Msaa::Off, "AMD Radeon RX 580"));
    CHECK(app::rendererShortName("llvmpipe (LLVM 15.0.6, 256 bits)") == "llvmpipe");
}

TEST_CASE("options: the title says when nothing will be heard, and why") {
    CHECK(app::soundOffLine(false, true, 80).empty());
    CHECK(app::soundOffLine(true, false, 80) == "Sound is off (--mute)");
    CHECK(app::soundOffLine(false, false, 80) == "Sound is off: no working audio device was found");
    CHECK(app::soundOffLine(false, true, 0) == "Sound is off: volume 0 (Options)");
}

TEST_CASE("options: window sizes larger than the desktop are not offered") {
    io::Settings s;  // 1280 x 720
    REQUIRE(app::stepOption(s, OptionRow::Window, 1, 1366, 768));
    CHECK(s.width == 960);  // 1600 x 900 does not fit 1366 x 768: round to the smallest
    app::stepOption(s, OptionRow::Window, -1, 1366, 768);
    CHECK(s.width == 1280);  // left from the smallest: the largest that fits
    app::stepOption(s, OptionRow::Window, 1, 1920, 1080);
    CHECK(s.width == 1600);
    app::stepOption(s, OptionRow::Window, 1, 1920, 1080);
    CHECK(s.width == 1920);
    app::stepOption(s, OptionRow::Window, 1, 1920, 1080);
    CHECK(s.width == 960);  // 2560 x 1440 skipped
}
