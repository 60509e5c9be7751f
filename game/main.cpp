// `game`: the SFML app, or with --headless the simulation alone (no window, display, texture or font); with
// --headless and --host/--join the headless online peer.
#include "game/app/app.h"
#include "game/io/flag_table.h"
#include "game/run/bisect.h"
#include "game/run/headless.h"
#include "game/run/headless_peer.h"
#include "game/run/spectator_runner.h"
#include "engine/write_signals.h"

#include <cstring>
#include <iostream>

namespace {

/// game_headless's modes the window's binary does not hold (the simulator, the ranked client): said, exit 2. One
/// given as another flag's value (`--replay --ranked`) is that value, as the flag's own parse takes it.
int modeOfGameHeadlessOnly(int argc, char** argv, const io::FlagTable& known) {
    for (const char* mode : {"--ranked", "--simulate", "--schedule"}) {
        if (!io::flagGiven(argc, argv, {mode}, known)) continue;
        std::cerr << "game --headless: " << mode << " is game_headless's alone (run game_headless " << mode
                  << " ..., as game_headless --help says)\n";
        return 2;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();  // a full disk, a size limit or a gone reader: said, not a silent death
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--headless") != 0) continue;
        io::failOnLostStdout("game --headless");  // its results are on stdout, as game_headless's
        const io::FlagTable known = run::knownHeadlessFlags();
        if (const int refused = modeOfGameHeadlessOnly(argc, argv, known)) return refused;
        if (run::wantsBisect(argc, argv, known)) return run::runBisect(argc, argv, BVH_DEFAULT_DATA_DIR);
        if (run::wantsSpectator(argc, argv, known)) return run::runSpectator(argc, argv, BVH_DEFAULT_DATA_DIR);
        if (run::wantsHeadlessPeer(argc, argv, known)) return run::runHeadlessPeer(argc, argv, BVH_DEFAULT_DATA_DIR);
        return run::runHeadless(argc, argv, BVH_DEFAULT_DATA_DIR);
    }
    if (io::helpAsked(argc, argv)) io::failOnLostStdout("game");  // the usage is the whole answer
    return app::runApp(argc, argv);
}
