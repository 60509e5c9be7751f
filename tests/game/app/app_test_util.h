#pragma once
// Helpers shared by the app tests of this folder (one unit in the unity build, so one definition each).
#include "game/io/fighter_file.h"

#include <SFML/Window/Event.hpp>
#include <doctest/doctest.h>

#include <string>

namespace apptest {

/// A key press (or release) event, as SFML would deliver it.
inline sf::Event key(sf::Keyboard::Key code, bool press) {
    sf::Event e;
    e.type = press ? sf::Event::KeyPressed : sf::Event::KeyReleased;
    e.key = {};
    e.key.code = code;
    return e;
}

/// A fighter from the project's data/ (the test fails when it does not load).
inline sim::FighterDef fighter(const std::string& id) {
    sim::FighterLoad load = sim::loadFighterById(BVH_DATA_DIR, id);
    REQUIRE_MESSAGE(load.ok, load.error.text());
    return load.def;
}

}  // namespace apptest
