// `game_headless --replay FILE`: the headless runner alone, linked without SFML.
#include "game/io/headless.h"

int main(int argc, char** argv) { return game::runHeadless(argc, argv, BVH_DEFAULT_DATA_DIR); }
