// The headless spectator (see spectator_runner.h).
#include "game/run/spectator_runner.h"

#include "game/io/fighter_file.h"
#include "game/io/flag_table.h"
#include "game/io/replay_writer.h"
#include "game/io/run_file.h"
#include "game/net/lobby_client.h"
#include "game/net/spectate.h"
#include "game/net/udp_transport.h"
#include "game/run/online_flags.h"

#include <chrono>
#include <cstring>
#include <iostream>
#include <memory>
#include <random>
#include <thread>

namespace run {
namespace {

/// A spectator through the lobby asks the host's relayed address once its direct addresses stayed silent this long.
constexpr std::int64_t kRelayAfterMs = 3000;

struct SpectatorFlags {
    std::string host;         // --spectate HOST[:PORT], or with --lobby the room's code
    std::string lobby;        // --lobby HOST[:PORT]
    std::string dataDir;      // --data DIR
    std::string record;       // --record OUT
    long behind = 6;          // --behind N: frames behind the newest input once caught up
    long localPort = 0;       // --local-port N
    long seconds = 600;       // --max-seconds S: give up after this long in all
    net::NetConditions conditions;
};

int usage(const std::string& what) {
    std::cerr << "game_headless: " << what << "\n"
              << "usage: game_headless --spectate HOST[:PORT] [--record OUT] [--behind 0-120] [--data DIR]\n"
              << "       game_headless --spectate CODE --lobby HOST[:PORT] [the same flags]\n"
              << "       [--local-port N] [--max-seconds S] [--net-delay MS] [--net-loss PCT]\n";
    return 2;
}

bool parseFlags(int argc, char** argv, SpectatorFlags& f, std::string& error) {
    bool headless = false;
    const io::FlagTable table = {
        io::switchFlag("--headless", headless),
        io::textFlag("--spectate", f.host),
        io::textFlag("--lobby", f.lobby),
        io::textFlag("--data", f.dataDir),
        io::textFlag("--record", f.record),
        io::numberInto("--behind", 0, 120, f.behind),
        io::numberInto("--local-port", 1, 65535, f.localPort),
        io::numberInto("--max-seconds", 1, 36000, f.seconds),
        io::numberInto("--net-delay", 0, 2000, f.conditions.delayMs),
        io::decimalFlag("--net-loss", 0, 100, f.conditions.lossPercent),
    };
    if (!io::parseFlags(argc, argv, table, error)) return false;
    if (f.host.empty()) error = "missing --spectate HOST[:PORT] (or CODE with --lobby)";
    else if (!f.lobby.empty() && !net::validCode(net::normalizeCode(f.host))) {
        error = "--spectate with --lobby wants a room code (" + std::to_string(net::kCodeLength) + " letters or digits), not " +
                io::quote(f.host);
    }
    return error.empty();
}

}  // namespace

bool wantsSpectator(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--spectate") == 0) return true;
    }
    return false;
}

int runSpectator(int argc, char** argv, const std::string& defaultDataDir) {
    SpectatorFlags f;
    std::string error;
    if (!parseFlags(argc, argv, f, error)) return usage(error);
    net::Address host = 0, lobby = 0;
    if (f.lobby.empty() && !resolveJoinAddress(f.host, host, error)) return usage("--spectate: " + error);
    if (!f.lobby.empty() && !resolveJoinAddress(f.lobby, lobby, error, kLobbyPort)) return usage("--lobby: " + error);
    if (!f.record.empty()) {  // refuse before anything, without touching an existing file of that name
        io::AtomicFile probe;
        if (!probe.open(f.record)) {
            std::cerr << probe.error() << " (the recording)\n";
            return 2;
        }
    }
    const std::string dataDir = f.dataDir.empty() ? defaultDataDir : f.dataDir;
    net::UdpTransport udp(f.conditions, std::uint64_t(std::random_device{}()));
    if (!udp.open(static_cast<unsigned short>(f.localPort), error)) {
        std::cerr << error << "\n";
        return 2;
    }
    using Clock = std::chrono::steady_clock;
    const Clock::time_point t0 = Clock::now();
    auto nowMs = [&] { return std::int64_t(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count()); };
    std::vector<net::Address> candidates;
    net::Address relay = 0;
    if (lobby != 0) {  // the room's code: the lobby gives the host's addresses (every wait in the client is bounded)
        net::LobbyClientConfig lc;
        lc.lobby = lobby;
        lc.role = net::LobbyRole::Spectate;
        lc.code = net::normalizeCode(f.host);
        lc.locals = net::localAddresses(udp.localPort());
        net::LobbyClient lobbyClient(udp, lc);
        while (lobbyClient.state() == net::LobbyState::Working) {
            lobbyClient.tick(nowMs());
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        if (lobbyClient.state() != net::LobbyState::Ready) {
            std::cout << "result: " << lobbyClient.error() << "\n";
            return 1;
        }
        candidates = lobbyClient.candidates();
        host = candidates.front();
        relay = lobbyClient.relay();
        std::cout << "through the lobby: this side " << net::addressText(lobbyClient.publicAddress()) << ", the host "
                  << net::addressText(host);
        if (relay != 0) std::cout << " (its relayed address " << net::addressText(relay) << ")";
        std::cout << std::endl;
    }
    std::cout << "spectating " << net::addressText(host) << std::endl;
    net::SpectatorClient client(udp, host);
    client.setCandidates(candidates, relay, kRelayAfterMs);
    std::unique_ptr<sim::Fight> fight;
    std::unique_ptr<sim::ReplayWriter> writer;
    std::int64_t caughtUpMs = -1, caughtUpFrame = 0, watchingMs = -1, ticks = 0, frame = 0;
    std::int64_t lastHash = 0;
    bool hashKnown = false;
    // Bounded: --max-seconds of real time; every wait inside the client is bounded too.
    while (client.state() != net::SpectatorState::Done && nowMs() < f.seconds * 1000) {
        client.tick(nowMs());
        if (client.state() == net::SpectatorState::Watching && !fight) {
            sim::FighterDef defs[2];
            for (int i = 0; i < 2; ++i) {
                sim::FighterLoad load = sim::loadFighterById(dataDir, client.welcome().setup.fighter[i]);
                if (!load.ok) {
                    std::cout << "result: cannot load fighter '" << client.welcome().setup.fighter[i] << "': " << load.error.text() << "\n";
                    return 1;
                }
                defs[i] = std::move(load.def);
            }
            fight = std::make_unique<sim::Fight>(client.welcome().setup, defs[0], defs[1]);
            if (!f.record.empty()) writer = std::make_unique<sim::ReplayWriter>(f.record, *fight);
            watchingMs = nowMs();
            std::cout << "watching: " << client.welcome().setup.fighter[0] << " vs " << client.welcome().setup.fighter[1]
                      << ", seed " << client.welcome().setup.seed << std::endl;
            std::cout << "host: " << client.hostName() << " (" << net::fingerprint(client.hostKey()) << ")" << std::endl;
        }
        if (fight) {
            const std::int64_t have = std::int64_t(client.inputs().size());
            const bool ended = client.lastFrame() > 0 && have >= std::int64_t(client.lastFrame());
            const std::int64_t target = ended ? std::int64_t(client.lastFrame()) : have - f.behind;
            const bool catchingUp = caughtUpMs < 0;
            while (frame < target) {  // a late spectator runs every frame it is behind at once (headless)
                const sim::FrameInput& in = client.inputs()[std::size_t(frame)];
                fight->step(in);
                ++frame;
                if (writer) writer->frame(in, *fight);
            }
            if (frame > 0) {
                lastHash = std::int64_t(fight->hash());
                hashKnown = true;
            }
            // Caught up: within --behind (and a tick's slack) of the host's newest confirmed frame.
            if (catchingUp && frame > 0 && frame + f.behind + 2 >= std::int64_t(client.hostNewest())) {
                caughtUpMs = nowMs();
                caughtUpFrame = frame;
            }
            if (ended && frame == std::int64_t(client.lastFrame())) break;
        }
        ++ticks;
        std::this_thread::sleep_until(t0 + std::chrono::microseconds(ticks * 1000000 / sim::kFps));
    }
    if (client.state() != net::SpectatorState::Done && !(fight && client.lastFrame() > 0 && frame == std::int64_t(client.lastFrame()))) {
        client.fail("gave up after --max-seconds " + std::to_string(f.seconds));
    }
    if (writer) writer->finish();
    const bool complete = client.failure().empty();
    std::cout << "result: " << (complete ? "match over" : client.failure()) << "\n"
              << "frames: " << frame << " watched\n"
              << "final hash: " << (hashKnown ? sim::hashHex(std::uint64_t(lastHash)) : "none") << "\n";
    if (lobby != 0) std::cout << "path: " << (client.relayed() ? "relayed" : "direct") << "\n";
    if (client.forged() > 0) std::cout << "forged: " << client.forged() << " datagrams dropped (their tag or seal failed)\n";
    if (caughtUpMs >= 0) {
        std::cout << "caught up: frame " << caughtUpFrame << ", " << (caughtUpMs - watchingMs)
                  << " ms after the setup came\n";
    }
    if (writer && !writer->ok()) {
        std::cerr << writer->error() << " (the recording)\n";
        return 2;
    }
    return complete ? 0 : 1;
}

}  // namespace run
