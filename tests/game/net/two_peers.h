#pragma once
// The two-sided setups the direct-match tests build again and again, on one in-memory network: a host and a
// joiner (TwoPeers, from a Pair of their settings and buttons), and a spectator hub behind its demux with one
// watching client (HubAndWatcher). A test takes references to the parts it uses (not a structured binding: a
// lambda may not capture one in C++17) and adds what is its own (a spoofer, a stranger, a third peer) to `network`
// after them, so the addresses' order of arrival on the network stays the tests' own.
#include "game/net/spectate.h"
#include "net_test_util.h"
#include "spectate_test_util.h"

#include <cstdint>
#include <vector>

namespace nettest {

/// A host's and a joiner's settings (ryo vs brick, no match secret) and their seeded buttons (seed, seed + 1).
struct Pair {
    net::PeerConfig hostCfg, joinCfg;
    std::vector<std::uint16_t> buttons[2];
    explicit Pair(std::uint32_t frameLimit, std::uint64_t seed)
        : buttons{randomButtons(seed, 2000), randomButtons(seed + 1, 2000)} {
        hostCfg.host = true;
        hostCfg.fighter = "ryo";
        hostCfg.frameLimit = frameLimit;
        joinCfg = hostCfg;
        joinCfg.host = false;
        joinCfg.fighter = "brick";
        joinCfg.hostAddress = kHost;
    }
};

/// The pair's host and joiner driven with the pair's buttons.
inline std::vector<Driven> drivers(net::NetPeer& host, net::NetPeer& joiner, const Pair& pair) {
    return drivers(host, joiner, pair.buttons);
}

/// The host (at kHost) and the joiner (at kJoiner) of a pair on a fresh network with the given conditions, with
/// their drivers; the pair must outlive it.
struct TwoPeers {
    net::MemoryNetwork network;
    net::Transport& h;
    net::Transport& j;
    net::NetPeer host;
    net::NetPeer joiner;
    std::vector<Driven> d;
    explicit TwoPeers(const Pair& pair, const net::NetConditions& conditions = {})
        : h(network.add(kHost, conditions, 1)), j(network.add(kJoiner, conditions, 2)),
          host(h, pair.hostCfg, dataLoader()), joiner(j, pair.joinCfg, dataLoader()), d(drivers(host, joiner, pair)) {}
};

/// A host's spectator hub (2 seats) behind its demux at address 1, and a client at address 2 asking to watch it
/// through a recording Wire; the match is not started.
struct HubAndWatcher {
    net::MemoryNetwork network;
    net::Transport& hostEnd;
    net::Transport& watcherEnd;
    spectest::Wire wire;
    net::SpectatorHub hub;
    net::SpectateDemux demux;
    net::SpectatorClient client;
    HubAndWatcher()
        : hostEnd(network.add(1, {}, 1)), watcherEnd(network.add(2, {}, 2)), wire(watcherEnd), hub(2),
          demux(hostEnd, hub), client(wire, 1) {}
};

}  // namespace nettest
