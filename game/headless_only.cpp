// `game_headless --replay FILE`: the headless runner alone, linked without SFML graphics, window or audio; with
// --host/--join the headless online peer (sfml-network).
#include "game/io/headless.h"
#include "game/net/headless_peer.h"

int main(int argc, char** argv) {
    if (net::wantsHeadlessPeer(argc, argv)) return net::runHeadlessPeer(argc, argv, BVH_DEFAULT_DATA_DIR);
    return game::runHeadless(argc, argv, BVH_DEFAULT_DATA_DIR);
}
