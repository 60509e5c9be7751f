#pragma once
// The line under the mode menu that says what the highlighted mode is, for a newcomer choosing among a dozen names.
// A table of its own, free of SFML, so the app tests check that every entry of the menu has its line.
#include <cstring>
#include <string>
#include <vector>

namespace app {

/// The mode menu's entries in menu order, as makeModeSelect lists them (menus.cpp).
std::vector<std::string> modeSelectLabels();

/// What the mode menu's entry `label` is, in one short line; "" for a label the table does not know.
inline const char* modeAbout(const std::string& label) {
    static const char* const kAbout[][2] = {
        {"Tutorial", "eight short lessons, each graded as you play: move, block, throw, dash, specials, anti-air"},
        {"Versus player", "two players on one keyboard (or two pads), best of three rounds"},
        {"Arcade", "every fighter in turn against the CPU, stronger at each stage"},
        {"Versus CPU", "you against the computer, at the level you choose (1 to 4)"},
        {"Training", "practise on a dummy you set up: frame meter, recordings, freeze and step, no timer"},
        {"Combo trials", "learn each fighter's combos, one trial at a time"},
        {"Online", "play over the internet: a quick match, ranked, a friend's code or a room code"},
        {"Replays", "watch the matches you played, with the hitbox overlay, freeze and frame step"},
        {"Blaster", "a shooter that shows, live, what each collision structure costs"},
        {"Options", "input style, volume, window size, frame rate"},
        {"Controls", "see and change the key of every action"},
        {"Quit", "close the game"},
    };
    for (const auto& row : kAbout) {
        if (label == row[0]) return row[1];
    }
    return "";
}

}  // namespace app
