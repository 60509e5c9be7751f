// `game_headless --replay FILE`: the headless runner alone, linked without SFML graphics, window or audio; with
// --host/--join the headless online peer (sfml-network).
#include "engine/write_signals.h"
#include "game/io/flag_table.h"
#include "game/run/bisect.h"
#include "game/run/headless.h"
#include "game/run/headless_peer.h"
#include "game/run/spectator_runner.h"
#include "game/simnet/simulate_main.h"
#ifdef BVH_HAVE_RANKED_CLIENT
#include "game/ranked/ranked_client.h"
#endif

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();     // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout("game_headless");  // every mode's result is on stdout (a replay run checks it itself too)
    // Every mode's flags: a mode's flag given as another flag's value (`--replay --ranked`) is that value.
    io::FlagTable known = io::withFlagsAdded(run::knownHeadlessFlags(), simnet::knownSimulateFlags());
#ifdef BVH_HAVE_RANKED_CLIENT
    known = io::withFlagsAdded(std::move(known), ranked::knownClientFlags());
#endif
    if (simnet::wantsSimulate(argc, argv, known))
        return simnet::runSimulate(argc, argv, BVH_DEFAULT_DATA_DIR,
                                   run::withRunFlagsRefused({}, "--simulate or --schedule (they run the simulator)"));
#ifdef BVH_HAVE_RANKED_CLIENT
    if (ranked::wantsRankedClient(argc, argv, known)) return ranked::runRankedClient(argc, argv, BVH_DEFAULT_DATA_DIR);
#endif
    if (run::wantsBisect(argc, argv, known)) return run::runBisect(argc, argv, BVH_DEFAULT_DATA_DIR);
    if (run::wantsSpectator(argc, argv, known)) return run::runSpectator(argc, argv, BVH_DEFAULT_DATA_DIR);
    if (run::wantsHeadlessPeer(argc, argv, known)) return run::runHeadlessPeer(argc, argv, BVH_DEFAULT_DATA_DIR);
    return run::runHeadless(argc, argv, BVH_DEFAULT_DATA_DIR);
}
