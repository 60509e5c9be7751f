// data/buttons.cfg is read once per run and folder: a second fighter of the same folder gets the table the first
// one was read with, even when the file changed (or is a pipe that can be read only once) in between.
#include "game/io/button_file.h"
#include "game/io/fighter_file.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace fs = std::filesystem;

TEST_CASE("buttons.cfg is read once per folder: an edit between two fighters changes neither's buttons") {
    const fs::path dir = fs::temp_directory_path() / ("button_once_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::copy(fs::path(BVH_TEST_SOURCE_DIR) / "game" / "fighter4", dir, fs::copy_options::recursive);
    const sim::FighterLoad first = sim::loadFighterById(dir.string(), "ninja");
    REQUIRE_MESSAGE(first.ok, first.error.text());
    const std::uint16_t kick = sim::buttonTable().bit("kick");
    CHECK(kick == 1u << 10);  // the folder's 11th row, read by hand off tests/game/fighter4/buttons.cfg
    std::ofstream(dir / "buttons.cfg", std::ios::trunc) << "this is not a button table\n";
    const sim::FighterLoad second = sim::loadFighterById(dir.string(), "ninja");
    CHECK_MESSAGE(second.ok, second.error.text());  // today's file is not read again
    CHECK(sim::buttonTable().bit("kick") == kick);
    io::Error e;
    CHECK(sim::loadButtons(testpaths::data(), e));  // the shipped table back for the other tests
    fs::remove_all(dir);
}

TEST_CASE("a button label past the 64-character limit is refused at its line") {
    std::string text;
    io::Error e;
    REQUIRE(io::readFile(testpaths::data() + "/buttons.cfg", text, e));
    sim::ButtonTable table;
    REQUIRE(sim::parseButtonTable(text, "buttons.cfg", table, e));  // the shipped table is fine
    const int lines = int(std::count(text.begin(), text.end(), '\n'));
    const std::string shipped = text;
    text += "button kick K " + std::string(65, 'k') + " - - -\n";
    CHECK_FALSE(sim::parseButtonTable(text, "buttons.cfg", table, e));
    CHECK(e.text() == "buttons.cfg:" + std::to_string(lines + 1) + ": the label is 65 characters long (at most 64)");
    text = shipped +
           "button kick K Ki\x01"
           "ck - - -\n";  // a label holding a control byte instead
    CHECK_FALSE(sim::parseButtonTable(text, "buttons.cfg", table, e));
    CHECK(e.text() == "buttons.cfg:" + std::to_string(lines + 1) + ": the label 'Ki\\x01ck' holds a control character");
}
