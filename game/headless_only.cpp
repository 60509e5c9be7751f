// `game_headless --replay FILE`: the headless runner alone, linked without SFML.
#include "game/headless_main.h"

int main(int argc, char** argv) { return game::runHeadless(argc, argv); }
