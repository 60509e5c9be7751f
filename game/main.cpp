// `game`: the SFML app, or with --headless the simulation alone (no window, display, texture or font); with
// --headless and --host/--join the headless online peer.
#include "game/app/app.h"
#include "game/io/headless.h"
#include "game/net/headless_peer.h"

#include <cstring>

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--headless") != 0) continue;
        if (net::wantsHeadlessPeer(argc, argv)) return net::runHeadlessPeer(argc, argv, BVH_DEFAULT_DATA_DIR);
        return game::runHeadless(argc, argv, BVH_DEFAULT_DATA_DIR);
    }
    return app::runApp(argc, argv);
}
