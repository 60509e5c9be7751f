// The headless online peer (see headless_peer.h): flags, the real-time tick loop, the recording and the summary.
// Every wait is bounded: the host gives up after --wait seconds without an opponent, the joiner after 10 s without
// an answer, a silent opponent ends the match after 3 s.
#include "game/run/headless_peer.h"

#include "game/net/lobby_client.h"
#include "game/net/peer.h"
#include "game/net/spectate.h"
#include "game/net/udp_transport.h"
#include "game/io/fighter_file.h"
#include "game/io/replay_writer.h"
#include "game/io/run_file.h"
#include "game/io/flag_table.h"
#include "game/run/desync_report.h"
#include "game/run/headless.h"
#include "game/run/online_flags.h"
#include "game/run/recording_failure.h"
#include "game/run/identity_file.h"
#include "game/run/relay_path.h"

#include <cctype>
#include <chrono>
#include <csignal>
#include <fstream>
#include <functional>
#include <iostream>
#include <algorithm>
#include <memory>
#include <random>
#include <thread>

namespace run {
namespace {

using net::FighterLoader;
using net::NetPeer;
using net::PeerConfig;
using net::PeerCounters;
using net::PeerState;
using net::Session;
using net::SessionStats;
using net::UdpTransport;

volatile std::sig_atomic_t gStopSignal = 0;  // SIGINT or SIGTERM arrived: leave, tell the opponent, end the file
extern "C" void onPeerStopSignal(int sig) { gStopSignal = sig; }

/// The peer's flags.
struct PeerFlags {
    run::OnlineFlags online;  // --host [PORT] (0 = any free port, printed) or --join, delay, rollback, --net-*
    std::string replay;       // --replay FILE: this side's buttons
    std::string dataDir;      // --data DIR
    std::string record;       // --record OUT
    bool fast = false;        // --fast: no 60 Hz pacing
    long frames = -1;         // --frames N (host): frame limit (default: the replay's length)
    int waitSeconds = 60;     // --wait S (host): give up without an opponent
    std::string punch;        // --punch HOST[:PORT]: open our NAT towards that address before the match
    long localPort = 0;       // --local-port N (joiner): bind this port instead of any free one
    long spectators = 4;      // --spectators N (host): most watchers at once (0 = none)
    bool acceptAny = false;   // --accept-any (host): whoever completes the handshake (the default)
    std::string acceptKey;    // --accept-key FINGERPRINT (host): only that identity sits down

    std::vector<net::Address> punchTo;  // --punch, resolved with the flags
};

int usage(const std::string& what) {
    std::cerr << "game_headless: " << what << "\n"
              << "usage: game_headless (--host [PORT] | --join HOST[:PORT] | --code CODE) [--lobby HOST[:PORT]]\n"
              << "       --replay FILE [--fast] [--input-delay 0-4]\n"
              << "       [--max-rollback 1-30] [--frames N] [--wait SECONDS] [--record OUT] [--data DIR]\n"
              << "       [--net-delay MS] [--net-jitter MS] [--net-loss PCT] [--net-dup PCT] [--net-reorder PCT]\n"
              << "       [--turn HOST[:PORT] --turn-user NAME --turn-password-file FILE [--turn-permit HOST[:PORT]]]\n"
              << "       [--punch HOST[:PORT][,HOST[:PORT]...]] [--local-port N] [--spectators 0-64] [--net-seed N]\n"
              << "       [--accept-any | --accept-key FINGERPRINT]\n";
    return 2;
}

/// --punch HOST[:PORT],...: the addresses punched towards until the match starts (read with the flags, so a bad one
/// is refused before anything binds or announces).
bool parsePunch(PeerFlags& f, std::string& error) {
    for (std::size_t at = 0; !f.punch.empty() && at <= f.punch.size();) {
        const std::size_t comma = std::min(f.punch.find(',', at), f.punch.size());
        net::Address a = 0;
        if (!resolveJoinAddress(f.punch.substr(at, comma - at), a, error)) return error = "--punch: " + error, false;
        f.punchTo.push_back(a);
        at = comma + 1;
    }
    return true;
}

/// The peer's flags, filling f (which must outlive the table), with a replay run's others refusing themselves.
io::FlagTable peerFlagTable(PeerFlags& f, bool& headless) {
    io::FlagTable table = {
        io::switchFlag("--headless", headless),
        io::textFlag("--replay", f.replay),
        io::textFlag("--data", f.dataDir),
        io::textFlag("--record", f.record),
        io::switchFlag("--fast", f.fast),
        io::numberInto("--frames", 1, 1000000, f.frames),
        io::numberInto("--wait", 1, 3600, f.waitSeconds),
    };
    run::addOnlineFlags(table, f.online, false);
    addRelayFlags(table, f.online.relay);
    table.push_back(io::textFlag("--punch", f.punch));
    table.push_back(io::numberInto("--local-port", 1, 65535, f.localPort));
    table.push_back(io::numberInto("--spectators", 0, 64, f.spectators));
    table.push_back(io::switchFlag("--accept-any", f.acceptAny));
    table.push_back(io::textFlag("--accept-key", f.acceptKey));
    return withRunFlagsRefused(std::move(table), "an online match (--host, --join or --code)");
}

bool parseFlags(int argc, char** argv, PeerFlags& f, std::string& error) {
    bool headless = false;
    if (!io::parseFlags(argc, argv, peerFlagTable(f, headless), error)) return false;
    if (!loadRelayPassword(f.online.relay, error) || !checkRelayFlags(f.online.relay, error)) return false;
    const int roles = int(f.online.host) + int(!f.online.join.empty()) + int(!f.online.code.empty());
    if (f.online.host && f.localPort != 0) error = "--local-port is for a joiner (a host's port is --host PORT)";
    else if (roles != 1) error = "give exactly one of --host [PORT], --join HOST[:PORT] and --code CODE";
    else if (!f.online.code.empty() && f.online.lobby.empty()) error = "--code CODE needs --lobby HOST[:PORT]";
    else if (f.online.privateRoom && (!f.online.host || f.online.lobby.empty()))
        error = "--private-room is for a host through a lobby (--host with --lobby)";
    else if ((f.acceptAny || !f.acceptKey.empty()) && !f.online.host)
        error = "--accept-any and --accept-key are for a host";
    else if (f.acceptAny && !f.acceptKey.empty()) error = "give one of --accept-any and --accept-key";
    else if (!f.acceptKey.empty() && net::normalFingerprint(f.acceptKey).empty()) {
        error = "--accept-key wants a fingerprint as the other side prints it (like 3f2a-91bc-07de-55a1), not " +
                io::quote(f.acceptKey);
    } else if (!f.online.lobby.empty() && !f.online.join.empty())
        error = "--join goes to an address; through a lobby use --code";
    else if (!f.online.code.empty() && !net::validCode(net::normalizeCode(f.online.code))) {
        error =
            "--code wants " + std::to_string(net::kCodeLength) + " letters or digits, not " + io::quote(f.online.code);
    } else if (f.replay.empty()) error = "missing --replay FILE (this side's buttons)";
    return error.empty() && parsePunch(f, error);
}

void printSummary(NetPeer& peer, std::int64_t nowMs, const UdpTransport& udp) {
    std::cout << "result: " << peer.endMessage() << "\n";
    Session* s = peer.session();
    if (s == nullptr) return;
    const sim::FightState& st = s->fight().state();
    const char* winners[] = {"p1", "p2", "draw"};
    const SessionStats& n = s->stats(nowMs);
    const PeerCounters& c = peer.counters();
    std::cout << "fighters: " << peer.setup().fighter[0] << " vs " << peer.setup().fighter[1] << ", seed "
              << peer.setup().seed << "\n"
              << "frames: " << s->confirmedFrame() << " confirmed\n"
              << "wins: p1 " << st.wins[0] << " - p2 " << st.wins[1]
              << "  winner: " << (st.matchWinner >= 0 ? winners[st.matchWinner] : "none") << "\n"
              << "final hash: " << (s->confirmedFrame() > 0 ? sim::hashHex(s->confirmedHashes().back()) : "none")
              << "\n"
              << "ping: " << n.pingMs << " ms  rollbacks: " << n.rollbacks << " (" << n.rolledBackFrames
              << " frames re-simulated, longest " << n.longestRollback << ")  stalls: " << n.stallTicks
              << "  sync waits: " << n.syncWaits << "\n"
              << "opponent stalled: " << peer.opponentStalls().count << " times (longest "
              << peer.opponentStalls().longestMs << " ms, " << peer.opponentStalls().totalMs << " ms in all)\n"
              << "packets: " << n.packetsSent << " sent, " << n.packetsReceived << " received, " << n.packetsLost
              << " lost, " << n.packetsDuplicate << " duplicate; dropped " << c.malformed << " malformed, "
              << c.wrongAddress << " from strangers, " << c.wrongToken << " with a wrong token, " << c.forged
              << " with a wrong tag, " << c.otherVersion << " of another version; refused " << c.refusedJoiners
              << " joiners; simulated loss " << udp.simulatedLoss() << "\n";
}

using Clock = std::chrono::steady_clock;

/// Milliseconds of the run's one clock: since t0.
std::int64_t msSince(Clock::time_point t0) {
    return std::int64_t(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count());
}

/// Meets the other side through the lobby on the game's own socket (through t: the relay's wrapper when the host
/// has one, so its relayed address goes to the lobby): fills cfg's secret and addresses. Null (with the reason
/// printed as the result) when the lobby refuses, does not answer, or nobody joins in time. A host's client goes on
/// polling during the match (LobbyDemux), so late spectators who give the code are learned and punched towards.
std::unique_ptr<net::LobbyClient> meetThroughLobby(const PeerFlags& f, net::Transport& t, unsigned short localPort,
                                                   net::Address relay, PeerConfig& cfg, Clock::time_point t0,
                                                   const PeerHooks& hooks) {
    net::LobbyClientConfig lc;
    std::string error;
    if (!run::resolveJoinAddress(f.online.lobby, lc.lobby, error, run::kLobbyPort)) {
        std::cout << "result: --lobby: " << error << "\n";
        return nullptr;
    }
    lc.role = f.online.host ? net::LobbyRole::Host : net::LobbyRole::Join;
    lc.code = net::normalizeCode(f.online.code);
    lc.locals = net::localAddresses(localPort);
    lc.waitMs = f.waitSeconds * 1000;
    lc.relay = relay;
    lc.keepPolling = f.online.host;
    lc.privateRoom = f.online.host && f.online.privateRoom;
    auto client = std::make_unique<net::LobbyClient>(t, lc);
    bool said = false;
    while (client->state() == net::LobbyState::Working && gStopSignal == 0) {
        client->tick(msSince(t0));
        if (!said && !client->code().empty()) {
            std::cout << "room code: " << client->code() << std::endl;
            if (hooks.onRoomCode) hooks.onRoomCode(client->code());
            if (client->watchCode() != client->code())
                std::cout << "spectator code: " << client->watchCode() << std::endl;
            said = true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (client->state() != net::LobbyState::Ready) {
        std::cout << "result: " << (gStopSignal != 0 ? "stopped by signal" : client->error()) << "\n";
        return nullptr;
    }
    if (f.online.host) {
        cfg.punchTo = client->candidates();
        cfg.joinerRelay = client->relay();
    } else {
        cfg.hostAddress = client->candidates().front();
        cfg.hostCandidates = client->candidates();
        cfg.relayCandidate = client->relay();
    }
    std::cout << "through the lobby: this side " << net::addressText(client->publicAddress()) << ", the other "
              << net::addressText(client->candidates().front());
    if (client->relay() != 0) std::cout << " (its relayed address " << net::addressText(client->relay()) << ")";
    std::cout << std::endl;
    return client;
}

/// Loads fighters from the data folder by id.
FighterLoader dataLoader(const std::string& dataDir) {
    return [dataDir](const std::string& id, sim::FighterDef& out, std::string& error) {
        sim::FighterLoad load = sim::loadFighterById(dataDir, id);
        if (!load.ok) {
            error = load.error.text();
            return false;
        }
        out = std::move(load.def);
        return true;
    };
}

/// A seat the lobby gave a joiner that sent no handshake for this long is freed for the next (the joiner's own
/// connect timeout is 10 s, the relay fallbacks start by 4.5 s).
constexpr std::int64_t kSeatHoldMs = 20000;

/// A host's room seat while no match runs: a joiner that gave up ends the wait at once (the lobby knows); one this
/// side refused, or that sent no handshake within kSeatHoldMs, is let go so the next joiner with the code gets in
/// (and is punched towards).
class RoomSeat {
public:
    /// From nowMs: the lobby has just named the first joiner.
    RoomSeat(net::LobbyClient& lobby, NetPeer& peer, net::TurnTransport* turn, std::int64_t nowMs)
        : lobby_(lobby), peer_(peer), turn_(turn), namedMs_(nowMs) {}
    /// Non-empty: the wait is over, and why.
    std::string tick(std::int64_t now) {
        if (peer_.state() != PeerState::Waiting) return "";
        if (lobby_.joinerLeft()) return "the joiner left the room before the match (it gave up)";
        if (lobby_.joiners() != joinersSeen_ && !lobby_.candidates().empty()) {
            joinersSeen_ = lobby_.joiners();
            namedMs_ = now;
            notAcceptedSeen_ = peer_.counters().notAccepted;  // only a refusal from now on is this joiner's
            peer_.setPunchTargets(lobby_.candidates(), lobby_.relay(), now);
            if (turn_) turn_->permit(lobby_.candidates().front(), now);
            std::cout << "the lobby names another joiner: " << net::addressText(lobby_.candidates().front())
                      << std::endl;
        }
        const bool refused = peer_.counters().notAccepted > notAcceptedSeen_;
        if (!lobby_.candidates().empty() && (refused || now - namedMs_ > kSeatHoldMs)) {
            notAcceptedSeen_ = peer_.counters().notAccepted;
            std::cout << "the seat is free again ("
                      << (refused ? "the joiner was not accepted" : "no handshake from the joiner") << ")" << std::endl;
            lobby_.leave(now);
            namedMs_ = now;
        }
        return "";
    }

private:
    net::LobbyClient& lobby_;
    NetPeer& peer_;
    net::TurnTransport* turn_;
    std::int64_t namedMs_;
    int joinersSeen_ = 1;
    std::int64_t notAcceptedSeen_ = 0;
};

/// The tick loop: 60 Hz (or as fast as the match allows with --fast) until the peer is done; times are ms since t0.
/// Each stall of the opponent (not heard for a while, then heard again) is said in a line and written into the
/// recording, when there is one.
void reportStalls(NetPeer& peer, const std::unique_ptr<sim::ReplayWriter>& writer) {
    peer.setOnStall([&peer, &writer](int seat, std::int64_t ms) {
        const Session* s = peer.session();
        std::cout << "stall: " << sim::seatWord(seat) << "'s connection stalled " << ms << " ms (at confirmed frame "
                  << (s ? s->confirmedFrame() : 0) << ")" << std::endl;
        if (writer) writer->stall(seat, ms);
    });
}

/// The recording's `ending` line: why the match ended, and whom it names.
void recordEnding(const NetPeer& peer, sim::ReplayWriter& writer) {
    writer.ending(net::endingWord(peer.endReason(), peer.endSilenceMs()), peer.endSeat(), peer.endSilenceMs());
}

int runLoop(NetPeer& peer, const PeerFlags& f, const sim::RunFile& run, UdpTransport& udp,
            const std::function<std::string(std::int64_t)>& beforeTick, Clock::time_point t0) {
    auto nowMs = [t0] { return msSince(t0); };
    std::int64_t ticks = 0;
    bool opponentShown = false, decidingShown = false;
    while (peer.state() != PeerState::Done) {
        if (!decidingShown && peer.hostDeciding()) {
            decidingShown = true;
            std::cout << "the host is deciding whether to let you in" << std::endl;
        }
        if (!opponentShown && peer.opponentKnown()) {  // its signature checked: this key, nobody else's
            opponentShown = true;
            std::cout << "opponent: " << peer.opponentName() << " (" << net::fingerprint(peer.opponentKey()) << ")"
                      << std::endl;
        }
        const std::int64_t now = nowMs();
        if (gStopSignal != 0) {
            peer.leave(now);
            std::cout << "stopped by signal " << int(gStopSignal) << "\n";
            break;
        }
        if (peer.state() == PeerState::Waiting && now > std::int64_t(f.waitSeconds) * 1000) {
            std::cout << "result: no opponent joined within " << f.waitSeconds << " s\n";
            return 1;
        }
        if (const std::string stop = beforeTick ? beforeTick(now) : ""; !stop.empty()) {
            std::cout << "result: " << stop << "\n";
            return 1;
        }
        Session* s = peer.session();
        const std::int64_t next = s ? s->nextInputFrame() : 0;
        const std::int64_t before = s ? s->frame() : -1;
        const std::uint16_t buttons = next >= 1 && next <= std::int64_t(run.inputs.size())
                                          ? run.inputs[std::size_t(next - 1)].buttons[f.online.host ? 0 : 1]
                                          : 0;
        peer.tick(now, buttons);
        ++ticks;
        if (!f.fast) {
            std::this_thread::sleep_until(t0 + std::chrono::microseconds(ticks * 1000000 / sim::kFps));
        } else if (peer.session() == nullptr || peer.session()->frame() == before) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));  // waiting on the network: no busy loop
        }
    }
    // What the conditions still hold back (the leave notice, the last inputs) goes out before the process does.
    const std::int64_t flushUntil = nowMs() + 3000;
    while (udp.queued() > 0 && nowMs() < flushUntil) {
        udp.flush(nowMs());
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    printSummary(peer, nowMs(), udp);
    return peer.failed() ? 1 : 0;
}

/// After the match: the spectators still catching up are served until they hold every frame (at most 10 s).
/// Times are ms since t0, the match's clock (the watchers' timers run on it).
void serveSpectators(net::SpectatorHub& hub, net::Transport& demux, Session& s, Clock::time_point t0) {
    hub.setLastFrame(s.confirmedFrame());
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    const std::int64_t start = msSince(t0);
    for (std::int64_t now = start; now < start + 10000 && !hub.allCaughtUp();) {
        while (demux.receive(data, from, now)) {}  // the match is over: only spectators matter now
        hub.tick(demux, now);
        std::this_thread::sleep_for(std::chrono::milliseconds(16));
        now = msSince(t0);
    }
}

/// Everything one run of the headless peer holds, from its flags to the recording; the steps below fill it in
/// order: load, open, wire, loop, report.
struct PeerRun {
    PeerFlags f;
    sim::RunFile run;
    PeerConfig cfg;
    FighterLoader loader;
    std::unique_ptr<UdpTransport> udp;
    std::unique_ptr<net::TurnTransport> turn;
    net::Transport* transport = nullptr;  // what the peer talks through (the relay, the demuxes) over udp
    bool viaLobby = false;
    std::unique_ptr<net::LobbyClient> lobbyClient;
    std::unique_ptr<net::LobbyDemux> lobbyDemux;
    std::unique_ptr<net::SpectatorHub> hub;
    std::unique_ptr<net::SpectateDemux> demux;
    std::unique_ptr<NetPeer> peer;
    std::unique_ptr<sim::ReplayWriter> writer;
    bool recordFailed = false;
    StateRing ring;  // the last confirmed states, for a desync report
    std::int64_t lastPunchMs = -1000;
    std::vector<std::pair<net::Address, std::int64_t>> watchers;  // spectators the lobby named, and since when
    std::unique_ptr<RoomSeat> seat;
    Clock::time_point t0;
    struct sigaction oldInt {
    }, oldTerm{};
    PeerHooks hooks;
};

/// Reads the replay, the identity and the fighter; checks the recording can be written. 0 when all is well, else
/// the exit status (the message printed).
int loadPeer(PeerRun& r, const std::string& defaultDataDir) {
    std::string error;
    io::Error loadError;
    if (!sim::loadRunFile(r.f.replay, r.run, loadError)) {
        std::cerr << loadError.text() << "\n";
        return 2;
    }
    PeerConfig& cfg = r.cfg;
    cfg.host = r.f.online.host;
    if (!r.f.online.join.empty() && !run::resolveJoinAddress(r.f.online.join, cfg.hostAddress, error))
        return usage(error);
    const int me = r.f.online.host ? 0 : 1;
    cfg.fighter = r.run.setup.fighter[me];
    cfg.style = r.run.setup.style[me];  // each side's own; the host's file decides the rest (intro, timer, ...)
    cfg.setup = r.run.setup;
    cfg.frameLimit = std::uint32_t(r.f.frames > 0 ? r.f.frames : std::max<std::int64_t>(r.run.frames, 1));
    cfg.session.inputDelay = r.f.online.inputDelay;
    cfg.session.maxRollback = r.f.online.maxRollback;
    cfg.serviceMatch = r.hooks.serviceMatch;
    const std::string dataDir = r.f.dataDir.empty() ? sim::findDataDir(r.f.replay, defaultDataDir) : r.f.dataDir;
    cfg.rulesHash = run::rulesHasher(dataDir);
    const std::string keyPath = run::identityPath(error);
    if (keyPath.empty() || !run::loadOrMakeIdentity(keyPath, run::playerName(), cfg.identity, error)) {
        std::cerr << error << "\n";
        return 2;
    }
    if (!r.f.acceptKey.empty()) {
        cfg.admission = net::Admission::Key;
        cfg.acceptFingerprint = net::normalFingerprint(r.f.acceptKey);
    }
    std::cout << "you: " << cfg.identity.name << " (" << net::fingerprint(cfg.identity.publicKey) << ")" << std::endl;
    sim::FighterDef probe;
    r.loader = dataLoader(dataDir);
    if (!r.loader(cfg.fighter, probe, error)) {
        std::cerr << r.f.replay << ":" << r.run.fightersLine << ": cannot load fighter '" << cfg.fighter
                  << "': " << error << "\n";
        return 2;
    }
    if (!r.f.record.empty()) {  // refuse before anyone connects, without touching an existing file of that name
        io::AtomicFile file;
        if (!file.open(r.f.record)) {
            std::cerr << file.error() << " (the recording)\n";
            return 2;
        }
    }
    return 0;
}

/// Opens the socket (and the relay), meets the other side through the lobby when asked, and makes the peer on the
/// stack of transports. 0, or the exit status.
int openPeer(PeerRun& r) {
    std::string error;
    const PeerFlags& f = r.f;
    r.udp = std::make_unique<UdpTransport>(f.online.conditions, run::conditionsSeed(f.online));
    if (!r.udp->open(f.online.host ? f.online.port : static_cast<unsigned short>(f.localPort), error)) {
        std::cerr << error << "\n";
        return 2;
    }
    struct sigaction stop {};
    stop.sa_handler = onPeerStopSignal;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGINT, &stop, &r.oldInt);
    sigaction(SIGTERM, &stop, &r.oldTerm);
    if (f.online.host) std::cout << "hosting on UDP port " << r.udp->localPort() << std::endl;
    r.viaLobby = !f.online.lobby.empty();
    r.transport = r.udp.get();
    // Through the lobby the relay is a fallback: its relayed address goes to the lobby, and the other side tries it
    // after the direct path had its chance (the joiner the host's after relayAfterMs, the host the joiner's after
    // joinerRelayAfterMs); without a lobby --turn forces the relayed path.
    if (!f.online.relay.server.empty()) {
        // The wait for the relay is bounded by --wait too, and a stop signal ends it as it ends every other wait.
        r.turn = openRelay(f.online.relay, *r.udp, std::cout, error, r.viaLobby, f.waitSeconds * 1000,
                           [] { return gStopSignal != 0; });
        if (!r.turn && gStopSignal != 0) {
            std::cout << "stopped by signal " << int(gStopSignal) << "\nresult: no relay: " << error << "\n";
            return 1;
        }
        if (!r.turn) {
            std::cout << "result: no relay: " << error << "\n";
            return 1;
        }
        r.transport = r.turn.get();
    }
    // One clock from here on (ms since t0) for the lobby client, the peer and the conditions simulator's queue: the
    // lobby client goes on polling during the match on the same socket.
    r.t0 = Clock::now();
    if (r.viaLobby) {
        r.lobbyClient = meetThroughLobby(f, *r.transport, r.udp->localPort(), r.turn ? r.turn->relayedAddress() : 0,
                                         r.cfg, r.t0, r.hooks);
        if (!r.lobbyClient) return 1;
        // The other side's public IP may come through our relay (permissions are per IP: a symmetric NAT's fresh
        // port towards the relay is let through too).
        if (r.turn) r.turn->permit(f.online.host ? r.cfg.punchTo.front() : r.cfg.hostAddress, 0);
        r.cfg.learnFromPunch = r.turn && !f.online.host;
    }
    if (!f.online.host) std::cout << "joining " << net::addressText(r.cfg.hostAddress) << std::endl;
    if (r.lobbyClient && f.online.host) {  // the lobby's answers to the host's polls are sorted out first
        r.lobbyDemux = std::make_unique<net::LobbyDemux>(*r.transport, *r.lobbyClient);
        r.transport = r.lobbyDemux.get();
    }
    // The host serves spectators on its own port: their datagrams are sorted out before the match sees them.
    r.hub = std::make_unique<net::SpectatorHub>(f.online.host ? int(f.spectators) : 0);
    r.hub->setIdentity(r.cfg.identity);  // the host signs each spectator's setup
    r.demux = std::make_unique<net::SpectateDemux>(*r.transport, *r.hub);
    if (f.online.host) r.transport = r.demux.get();
    r.peer = std::make_unique<NetPeer>(*r.transport, r.cfg, r.loader);
    if (r.lobbyClient && f.online.host)
        r.seat = std::make_unique<RoomSeat>(*r.lobbyClient, *r.peer, r.turn.get(), msSince(r.t0));
    return 0;
}

/// A recording whose write failed is said at once (recording_failure.h); finishRecording's status says it again.
void sayIfRecordingFailed(PeerRun& r) {
    if (r.recordFailed || r.writer->ok()) return;
    const std::string why = r.writer->error();
    sayRecordingFailedOnce(*r.writer, r.recordFailed, "the match goes on");
    if (r.hooks.onRecordingFailed) r.hooks.onRecordingFailed(why);
}

/// When the match starts: the spectators get its setup, and every confirmed frame goes to them, to the recording
/// (when there is one) and to the progress lines.
void wireMatch(PeerRun& r) {
    r.peer->setOnStart([&r](Session& s) {
        std::cout << "match started" << std::endl;  // scripts wait for this line, not for a number of seconds
        if (r.f.online.host) {
            net::Packet welcome;
            welcome.type = net::PacketType::Welcome;
            welcome.setup = r.peer->setup();
            welcome.frameLimit = r.cfg.frameLimit;
            r.hub->startMatch(welcome, std::uint8_t(r.peer->matchesPlayed() - 1));
        }
        // Every 300 confirmed frames (5 s of play) a line, so that scripts can wait for a match well under way.
        const auto progress = [](std::int64_t frame) {
            if (frame > 0 && frame % 300 == 0) std::cout << "confirmed frame " << frame << std::endl;
        };
        if (r.f.record.empty()) {
            s.setConfirmHook([&r, progress](std::int64_t frame, const sim::FrameInput& in, const sim::Fight&) {
                r.hub->confirmed(in);
                progress(frame);
            });
            return;
        }
        r.writer = std::make_unique<sim::ReplayWriter>(r.f.record, s.fight());  // frame 0: the header
        sayIfRecordingFailed(r);
        s.setConfirmHook([&r, progress](std::int64_t frame, const sim::FrameInput& in, const sim::Fight& fight) {
            r.writer->frame(in, fight);
            sayIfRecordingFailed(r);
            // The confirmed frame, not the recording's count: that stops at a failed write, and the service's
            // claims must go on with the match.
            if (r.hooks.onCheckpoint && frame % sim::kCheckpointEvery == 0) r.hooks.onCheckpoint(frame, fight.hash());
            r.ring.push(frame, fight.state());
            r.hub->confirmed(in);
            progress(frame);
        });
    });
    reportStalls(*r.peer, r.writer);
}

/// Before each tick: the spectators served, the lobby polled (the host learns of watchers and of its seat), and
/// every 250 ms the punches: towards --punch until the match starts (or while nobody watches, at most 60 s) and
/// towards each watcher the lobby named for kWatcherPunchMs. A non-empty result ends the run with that reason.
std::string beforeTick(PeerRun& r, std::int64_t now) {
    constexpr std::int64_t kWatcherPunchMs = 10000;
    static const std::uint8_t kPunch[] = {'p', 'u', 'n', 'c', 'h'};
    if (Session* s = r.peer->session(); s != nullptr && s->finished()) r.hub->setLastFrame(s->endFrame());
    r.hub->tick(*r.transport, now);
    if (r.lobbyClient && r.f.online.host) {
        r.lobbyClient->tick(now);
        for (net::Address w : r.lobbyClient->watchers()) {
            if (std::none_of(r.watchers.begin(), r.watchers.end(), [w](const auto& x) { return x.first == w; })) {
                r.watchers.emplace_back(w, now);
                if (r.turn) r.turn->permit(w, now);
                r.transport->sendTo(w, kPunch, sizeof kPunch, now);
            }
        }
    }
    if (std::string stop = r.seat ? r.seat->tick(now) : ""; !stop.empty()) return stop;
    if (!r.hooks.expectOpponent.empty() && r.peer->opponentKnown() &&
        net::fingerprint(r.peer->opponentKey()) != r.hooks.expectOpponent) {
        r.peer->leave(now);
        return "the opponent is " + net::fingerprint(r.peer->opponentKey()) + ", not " + r.hooks.expectOpponent +
               " (the one the service named)";
    }
    if (now - r.lastPunchMs < 250) return "";
    for (const auto& [w, since] : r.watchers) {
        if (now - since < kWatcherPunchMs) r.transport->sendTo(w, kPunch, sizeof kPunch, now);
    }
    const bool punching = r.peer->session() == nullptr || (r.hub->count() == 0 && now < 60000);
    if (punching) {
        for (net::Address a : r.f.punchTo) r.transport->sendTo(a, kPunch, sizeof kPunch, now);
    }
    r.lastPunchMs = now;
    return "";
}

/// After the loop: the signals restored, the lobby told (a joiner that gave up frees its seat; a host closes its
/// room, three times 100 ms apart, after what the conditions hold back), the late spectators served.
void afterMatch(PeerRun& r) {
    const PeerFlags& f = r.f;
    sigaction(SIGINT, &r.oldInt, nullptr);
    sigaction(SIGTERM, &r.oldTerm, nullptr);
    if (r.lobbyClient && !f.online.host && r.peer->session() == nullptr) {
        r.lobbyClient->leave(msSince(r.t0));
        r.udp->flush(msSince(r.t0));
    }
    if (f.online.host && r.peer->session() != nullptr && r.hub->count() > 0) {
        serveSpectators(*r.hub, *r.demux, *r.peer->session(), r.t0);
        std::cout << "spectators: " << r.hub->served() << " packets served, " << r.hub->refused() << " refused, "
                  << r.hub->dropped() << " dropped when silent\n";
    }
    if (r.lobbyClient && f.online.host) {
        const std::int64_t start = msSince(r.t0);
        for (int said = 0; (said < 3 || r.udp->queued() > 0) && msSince(r.t0) < start + 1500;) {
            if (said < 3 && msSince(r.t0) >= start + 100 * said) r.lobbyClient->close(msSince(r.t0)), ++said;
            r.udp->flush(msSince(r.t0));
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }
}

/// The `path:` line: direct, or through which relay and why.
void printPath(const PeerRun& r) {
    const NetPeer& peer = *r.peer;
    if (r.turn && (!r.viaLobby || r.turn->relayedPeer(peer.peerAddress()))) {
        printRelaySummary(*r.turn, r.f.online.relay, std::cout);
    } else if (r.f.online.host && r.cfg.joinerRelay != 0 && peer.peerAddress() == r.cfg.joinerRelay) {
        std::cout << "path: relayed through the joiner's TURN relay (relayed address "
                  << net::addressText(r.cfg.joinerRelay) << "): the direct path did not come up within "
                  << r.cfg.joinerRelayAfterMs / 1000.0 << " s\n";
    } else if (peer.throughRelayCandidate()) {
        std::cout << "path: relayed through the host's TURN relay (relayed address "
                  << net::addressText(peer.peerAddress()) << "): the direct path did not come up within "
                  << r.cfg.relayAfterMs / 1000 << " s\n";
    } else {
        std::cout << "path: direct\n";
    }
}

/// The recording finished (or abandoned when no frame was played) and, after a desync, its report written.
/// `code` when all of it went well, else 2 with the message.
int finishRecording(PeerRun& r, int code) {
    if (!r.writer) return r.recordFailed ? 2 : code;
    std::string error;
    if (r.writer->frames() == 0) r.writer->abandon();  // no frame was played: leave no file behind
    else r.writer->finish();
    if (r.peer->endReason() == net::PeerEnd::Desync && r.peer->session() != nullptr) {
        if (!writeDesyncReport(r.f.record, r.peer->session()->confirmedHashes(), r.ring, error)) {
            std::cerr << error << " (the desync report)\n";
            return 2;
        }
        std::cout << "desync report: " << r.f.record << ".hashes, " << r.f.record << ".states (compare with the other "
                  << "side's: game_headless --bisect)\n";
    }
    if (r.recordFailed) return 2;  // said when it failed
    if (!r.writer->ok()) {         // the last frames, the end line or the rename
        std::cerr << r.writer->error() << " (the recording)\n";
        if (r.hooks.onRecordingFailed) r.hooks.onRecordingFailed(r.writer->error());
        return 2;
    }
    return code;
}

}  // namespace

bool wantsHeadlessPeer(int argc, char** argv, const io::FlagTable& known) {
    return io::flagGiven(argc, argv, {"--host", "--join", "--code"}, known);
}

io::FlagTable knownPeerFlags() { return io::refusingFlags(peerFlagTable); }

int runHeadlessPeer(int argc, char** argv, const std::string& defaultDataDir) {
    return runHeadlessPeer(argc, argv, defaultDataDir, PeerHooks{});
}

int runHeadlessPeer(int argc, char** argv, const std::string& defaultDataDir, const PeerHooks& hooks) {
    PeerRun r;
    r.hooks = hooks;
    std::string error;
    if (!parseFlags(argc, argv, r.f, error)) return usage(error);
    if (const int code = loadPeer(r, defaultDataDir); code != 0) return code;
    if (const int code = openPeer(r); code != 0) return code;
    wireMatch(r);
    const int code = runLoop(
        *r.peer, r.f, r.run, *r.udp, [&r](std::int64_t now) { return beforeTick(r, now); }, r.t0);
    if (r.writer && r.peer->state() == PeerState::Done) recordEnding(*r.peer, *r.writer);
    if (r.hooks.onCountersigns && r.peer->countersigner()) r.hooks.onCountersigns(r.peer->countersigner()->held());
    afterMatch(r);
    printPath(r);
    if (r.turn) r.turn->release(0);  // the allocation is freed now rather than at the end of its lifetime
    return finishRecording(r, code);
}

}  // namespace run
