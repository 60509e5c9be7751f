// The headless spectator (see spectator_runner.h).
#include "game/run/spectator_runner.h"

#include "game/io/fighter_file.h"
#include "game/io/flag_table.h"
#include "game/io/replay_writer.h"
#include "game/io/run_file.h"
#include "game/net/lobby_client.h"
#include "game/net/spectate.h"
#include "game/net/udp_transport.h"
#include "game/run/headless.h"
#include "game/run/online_flags.h"
#include "game/run/recording_failure.h"

#include <chrono>
#include <iostream>
#include <memory>
#include <random>
#include <thread>

namespace run {
namespace {

/// A spectator through the lobby asks the host's relayed address once its direct addresses stayed silent this long.
constexpr std::int64_t kRelayAfterMs = 3000;

struct SpectatorFlags {
    std::string host;     // --spectate HOST[:PORT], or with --lobby the room's code
    std::string lobby;    // --lobby HOST[:PORT]
    std::string dataDir;  // --data DIR
    std::string record;   // --record OUT
    long behind = 6;      // --behind N: frames behind the newest input once caught up
    long localPort = 0;   // --local-port N
    long seconds = 600;   // --max-seconds S: give up after this long in all
    net::NetConditions conditions;
};

int spectatorUsage(const std::string& what) {
    std::cerr << "game_headless: " << what << "\n"
              << "usage: game_headless --spectate HOST[:PORT] [--record OUT] [--behind 0-120] [--data DIR]\n"
              << "       game_headless --spectate CODE --lobby HOST[:PORT] [the same flags]\n"
              << "       [--local-port N] [--max-seconds S] [--net-delay MS] [--net-loss PCT]\n";
    return 2;
}

/// The spectator's flags, filling f (which must outlive the table), with a replay run's others refusing themselves.
io::FlagTable spectatorFlagTable(SpectatorFlags& f, bool& headless) {
    return withRunFlagsRefused(
        {
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
        },
        "--spectate (it watches a match and plays none)");
}

bool parseFlags(int argc, char** argv, SpectatorFlags& f, std::string& error) {
    bool headless = false;
    if (!io::parseFlags(argc, argv, spectatorFlagTable(f, headless), error)) return false;
    if (f.host.empty()) error = "missing --spectate HOST[:PORT] (or CODE with --lobby)";
    else if (!f.lobby.empty() && !net::validCode(net::normalizeCode(f.host))) {
        error = "--spectate with --lobby wants a room code (" + std::to_string(net::kCodeLength) +
                " letters or digits), not " + io::quote(f.host);
    }
    return error.empty();
}

using Clock = std::chrono::steady_clock;

/// One run of the headless spectator: its flags, the host it watches, the fight it re-simulates and what it saw.
struct SpectatorRun {
    SpectatorFlags f;
    std::string dataDir;
    net::Address host = 0, lobby = 0;
    std::unique_ptr<net::UdpTransport> udp;
    Clock::time_point t0;
    std::vector<net::Address> candidates;
    net::Address relay = 0;
    std::unique_ptr<sim::Fight> fight;
    std::unique_ptr<sim::ReplayWriter> writer;
    std::int64_t caughtUpMs = -1, caughtUpFrame = 0, watchingMs = -1, frame = 0;
    std::int64_t lastHash = 0;
    bool hashKnown = false;
    bool recordFailed = false;  // said at once (sayIfRecordingFailed); the exit status says it again

    std::int64_t nowMs() const {
        return std::int64_t(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count());
    }
};

/// The addresses, the recording's folder and the socket. 0, or the exit status (the message printed).
int openSpectator(SpectatorRun& r) {
    std::string error;
    const SpectatorFlags& f = r.f;
    if (f.lobby.empty() && !resolveJoinAddress(f.host, r.host, error)) return spectatorUsage("--spectate: " + error);
    if (!f.lobby.empty() && !resolveJoinAddress(f.lobby, r.lobby, error, kLobbyPort))
        return spectatorUsage("--lobby: " + error);
    if (!f.record.empty()) {  // refuse before anything, without touching an existing file of that name
        io::AtomicFile probe;
        if (!probe.open(f.record)) {
            std::cerr << probe.error() << " (the recording)\n";
            return 2;
        }
    }
    r.udp = std::make_unique<net::UdpTransport>(f.conditions, std::uint64_t(std::random_device{}()));
    if (!r.udp->open(static_cast<unsigned short>(f.localPort), error)) {
        std::cerr << error << "\n";
        return 2;
    }
    r.t0 = Clock::now();
    return 0;
}

/// With --lobby: the room's code gives the host's addresses (every wait in the client is bounded). False when the
/// lobby said no (the result printed).
bool askLobby(SpectatorRun& r) {
    net::LobbyClientConfig lc;
    lc.lobby = r.lobby;
    lc.role = net::LobbyRole::Spectate;
    lc.code = net::normalizeCode(r.f.host);
    lc.locals = net::localAddresses(r.udp->localPort());
    net::LobbyClient lobbyClient(*r.udp, lc);
    while (lobbyClient.state() == net::LobbyState::Working) {
        lobbyClient.tick(r.nowMs());
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (lobbyClient.state() != net::LobbyState::Ready) {
        std::cout << "result: " << lobbyClient.error() << "\n";
        return false;
    }
    r.candidates = lobbyClient.candidates();
    r.host = r.candidates.front();
    r.relay = lobbyClient.relay();
    std::cout << "through the lobby: this side " << net::addressText(lobbyClient.publicAddress()) << ", the host "
              << net::addressText(r.host);
    if (r.relay != 0) std::cout << " (its relayed address " << net::addressText(r.relay) << ")";
    std::cout << std::endl;
    return true;
}

/// A recording whose write failed is said at once (recording_failure.h); reportSpectator's status says it again.
void sayIfRecordingFailed(SpectatorRun& r) {
    if (r.writer) sayRecordingFailedOnce(*r.writer, r.recordFailed, "watching goes on");
}

/// The setup came: the fight to re-simulate (and its recording). False when a fighter does not load.
bool startWatching(SpectatorRun& r, const net::SpectatorClient& client) {
    const net::Packet& welcome = client.welcome();
    sim::FighterDef defs[2];
    for (int i = 0; i < 2; ++i) {
        sim::FighterLoad load = sim::loadFighterById(r.dataDir, welcome.setup.fighter[i]);
        if (!load.ok) {
            std::cout << "result: cannot load fighter '" << welcome.setup.fighter[i] << "': " << load.error.text()
                      << "\n";
            return false;
        }
        defs[i] = std::move(load.def);
    }
    r.fight = std::make_unique<sim::Fight>(welcome.setup, defs[0], defs[1]);
    if (!r.f.record.empty()) r.writer = std::make_unique<sim::ReplayWriter>(r.f.record, *r.fight);
    sayIfRecordingFailed(r);
    r.watchingMs = r.nowMs();
    std::cout << "watching: " << welcome.setup.fighter[0] << " vs " << welcome.setup.fighter[1] << ", seed "
              << welcome.setup.seed << std::endl;
    std::cout << "host: " << client.hostName() << " (" << net::fingerprint(client.hostKey()) << ")" << std::endl;
    return true;
}

/// Steps the fight up to --behind frames short of the newest input (every frame at once when behind: headless), or
/// to the last frame once the match ended. True when the whole match is watched.
bool follow(SpectatorRun& r, const net::SpectatorClient& client) {
    const std::int64_t have = std::int64_t(client.inputs().size());
    const bool ended = client.lastFrame() > 0 && have >= std::int64_t(client.lastFrame());
    const std::int64_t target = ended ? std::int64_t(client.lastFrame()) : have - r.f.behind;
    const bool catchingUp = r.caughtUpMs < 0;
    while (r.frame < target) {
        const sim::FrameInput& in = client.inputs()[std::size_t(r.frame)];
        r.fight->step(in);
        ++r.frame;
        if (r.writer) r.writer->frame(in, *r.fight);
        sayIfRecordingFailed(r);
    }
    if (r.frame > 0) {
        r.lastHash = std::int64_t(r.fight->hash());
        r.hashKnown = true;
    }
    // Caught up: within --behind (and a tick's slack) of the host's newest confirmed frame.
    if (catchingUp && r.frame > 0 && r.frame + r.f.behind + 2 >= std::int64_t(client.hostNewest())) {
        r.caughtUpMs = r.nowMs();
        r.caughtUpFrame = r.frame;
    }
    return ended && r.frame == std::int64_t(client.lastFrame());
}

/// The 60 Hz loop, bounded by --max-seconds of real time (every wait inside the client is bounded too). False when
/// it stopped on a fighter that does not load.
bool watch(SpectatorRun& r, net::SpectatorClient& client) {
    for (std::int64_t ticks = 1; client.state() != net::SpectatorState::Done && r.nowMs() < r.f.seconds * 1000;
         ++ticks) {
        client.tick(r.nowMs());
        if (client.state() == net::SpectatorState::Watching && !r.fight && !startWatching(r, client)) return false;
        if (r.fight && follow(r, client)) return true;
        std::this_thread::sleep_until(r.t0 + std::chrono::microseconds(ticks * 1000000 / sim::kFps));
    }
    if (client.state() != net::SpectatorState::Done)
        client.fail("gave up after --max-seconds " + std::to_string(r.f.seconds));
    return true;
}

/// The summary lines and the exit status: 0 for a whole match, 1 otherwise, 2 when the recording failed.
int reportSpectator(SpectatorRun& r, const net::SpectatorClient& client) {
    if (r.writer) r.writer->finish();
    const bool complete = client.failure().empty();
    std::cout << "result: " << (complete ? "match over" : client.failure()) << "\n"
              << "frames: " << r.frame << " watched\n"
              << "final hash: " << (r.hashKnown ? sim::hashHex(std::uint64_t(r.lastHash)) : "none") << "\n";
    if (r.lobby != 0) std::cout << "path: " << (client.relayed() ? "relayed" : "direct") << "\n";
    if (client.forged() > 0)
        std::cout << "forged: " << client.forged() << " datagrams dropped (their tag or seal failed)\n";
    if (r.caughtUpMs >= 0) {
        std::cout << "caught up: frame " << r.caughtUpFrame << ", " << (r.caughtUpMs - r.watchingMs)
                  << " ms after the setup came\n";
    }
    if (r.recordFailed) return 2;       // said when it failed
    if (r.writer && !r.writer->ok()) {  // the end line or the rename
        std::cerr << r.writer->error() << " (the recording)\n";
        return 2;
    }
    return complete ? 0 : 1;
}

}  // namespace

bool wantsSpectator(int argc, char** argv, const io::FlagTable& known) {
    return io::flagGiven(argc, argv, {"--spectate"}, known);
}

io::FlagTable knownSpectatorFlags() { return io::refusingFlags(spectatorFlagTable); }

int runSpectator(int argc, char** argv, const std::string& defaultDataDir) {
    SpectatorRun r;
    std::string error;
    if (!parseFlags(argc, argv, r.f, error)) return spectatorUsage(error);
    r.dataDir = r.f.dataDir.empty() ? defaultDataDir : r.f.dataDir;
    if (const int code = openSpectator(r); code != 0) return code;
    if (r.lobby != 0 && !askLobby(r)) return 1;
    std::cout << "spectating " << net::addressText(r.host) << std::endl;
    net::SpectatorClient client(*r.udp, r.host);
    client.setCandidates(r.candidates, r.relay, kRelayAfterMs);
    if (!watch(r, client)) return 1;
    return reportSpectator(r, client);
}

}  // namespace run
