// `game_headless --ranked` (see ranked_client.h): queues through ranked::RankedClient, plays the match it is given
// through the service's lobby as a headless online peer, sends the checkpoints and the recording and waits for the
// decision.
//   game_headless --ranked HOST:PORT [--queue quick|ranked] [--fighter ID] [--wait SECONDS] [--play attack|idle]
//                 [--dir DIR] [--data DIR]
// Prints `you: NAME (FP)`, `queued for a ranked match (round trip to the service N ms)`, `match ID ranked: p1 FP ryo,
// p2 FP brick; found NAME (RATING), about N ms (waited N s)`, the peer's lines, `log sent for match ID`, then `decided: match ID verified, winner p1, rating change +12.0`.
// Exit 0 when the match was played and decided, 1 when the wait ran out or the match could not be played, 2 for a
// bad flag, a refusal or a recording that could not be written (the match played, no log to send), 3 when the
// service cannot be reached.
#include "game/ranked/ranked_client.h"

#include "game/io/atomic_file.h"
#include "game/io/fighter_file.h"
#include "game/io/flag_table.h"
#include "game/io/run_file.h"
#include "game/io/text.h"
#include "game/ranked/client.h"
#include "game/ranked/service.h"
#include "game/ranked/verify.h"
#include "game/run/headless.h"
#include "game/run/headless_peer.h"
#include "game/run/identity_file.h"
#include "game/run/online_flags.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

namespace ranked {

bool wantsRankedClient(int argc, char** argv, const io::FlagTable& known) {
    return io::flagGiven(argc, argv, {"--ranked"}, known);
}

namespace {

struct ClientFlags {
    std::string service, queue = "ranked", fighter = "ryo", play = "attack", dir, data;
    std::int64_t waitS = 60;
};

/// The buttons this side plays, as a replay the headless peer reads (its header is the match's setup): `attack`
/// walks towards the opponent and presses heavy once a second, `idle` stands. 18,000 frames: three full rounds.
std::string inputsReplay(const MatchPlan& plan, int side, const std::string& play) {
    std::string text = sim::replayHeader(plan.setup);
    for (int f = 0; f < 18000; ++f) {
        sim::FrameInput in;
        if (play == "attack") {
            const int phase = f % 60;
            in.buttons[side] = std::uint16_t(phase < 40    ? (side == 0 ? sim::kRight : sim::kLeft)
                                             : phase == 40 ? sim::kHeavy
                                                           : 0);
        }
        text += sim::replayFrameLine(in) + "\n";
    }
    return text;
}

std::int64_t wallMs() { return wallClockMs(); }

/// Each refusal a request meets that it is sent again after, said.
void sayRefused(const char* what, const ServiceAnswer& a) {
    std::cout << what << " refused for now (" << a.text << "): sending it again" << std::endl;
}

/// How playing a match went: the recording (its path; "" when none was kept), why it could not be written ("" when
/// it was, or no match started), and the opponent's countersignatures the peer held at the end.
struct Played {
    std::string recording, recordingFailed;
    std::vector<net::Countersign> countersigns;
};

/// Plays the match as a headless online peer.
Played playOffer(RankedClient& client, const MatchFound& offer, const ClientFlags& f, const std::string& dataDir) {
    Played played;
    const int seat = seatOf(offer, client.identity().publicKey);
    const MatchPlan plan = planMatch(offer, seat, f.service);
    const std::string base = f.dir + "/match-" + std::to_string(offer.id);
    io::ScratchFile inputs;  // the peer's input script: read during the match, removed after it
    std::string why;
    const std::string inputsName = "match-" + std::to_string(offer.id) + "-inputs.freplay";
    if (!inputs.write(inputsName, inputsReplay(plan, seat, f.play), why)) {
        std::cerr << "game_headless: " << why << " (the input script of the match)" << std::endl;
        return played;
    }
    std::vector<std::string> args = {"game_headless", "--lobby",         plan.lobby, "--replay", inputs.path(),
                                     "--record",      base + ".freplay", "--fast",   "--wait",   "30"};
    run::PeerHooks hooks;
    hooks.serviceMatch = offer.id;
    hooks.onCountersigns = [&](const std::vector<net::Countersign>& held) { played.countersigns = held; };
    hooks.onRecordingFailed = [&](const std::string& why) { played.recordingFailed = why; };
    Claims claims;
    ClaimSender sender(client, offer.id);
    hooks.onCheckpoint = [&](std::int64_t frame, std::uint64_t hash) {
        claims[frame] = hash;
        if (claims.size() < kClaimBatch) return;  // every 600 frames: a few requests a minute
        sender.send(std::move(claims));
        claims.clear();
    };
    std::thread naming;  // the Room, sent again while refused for now: off the peer's loop, which keeps the lobby
    if (plan.host) {
        args.insert(args.end(), {"--host", "0", "--accept-key", plan.opponent});
        hooks.onRoomCode = [&](const std::string& code) {
            naming = std::thread([&client, id = offer.id, code] {
                const ServiceAnswer a =
                    nameRoom(client, id, code, realPacing(), [](const ServiceAnswer& r) { sayRefused("the room", r); });
                if (!a.ok()) std::cout << "the service did not take the room: " << a.text << std::endl;
            });
        };
    } else {
        const std::string room = awaitRoom(client, offer.id, realPacing(), 30000);
        if (room.empty()) return std::cout << "p1 named no room within 30 s" << std::endl, played;
        args.insert(args.end(), {"--code", room});
        hooks.expectOpponent = plan.opponent;
    }
    if (!f.data.empty()) args.insert(args.end(), {"--data", f.data});
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    const int rc = run::runHeadlessPeer(int(argv.size()), argv.data(), dataDir, hooks);
    if (naming.joinable()) naming.join();
    if (!claims.empty()) sender.send(std::move(claims));
    std::cout << "peer exit " << rc << std::endl;
    std::error_code ec;  // a recording that failed left the file of its name as it was: not this match's
    if (played.recordingFailed.empty() && std::filesystem::exists(base + ".freplay", ec))
        played.recording = base + ".freplay";
    return played;
}

/// Sends the recording (again while refused for now), then waits (at most waitMs) for the service's decision. The
/// exit status.
int reportMatch(RankedClient& client, const MatchFound& offer, const std::string& recordingPath,
                const std::vector<net::Countersign>& countersigns, const std::string& service, std::int64_t waitMs) {
    std::ifstream in(recordingPath, std::ios::binary);
    const std::string recording((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const ServiceAnswer sent = sendLog(client, offer.id, run::rulesBuild(), recording, countersigns, realPacing(),
                                       [](const ServiceAnswer& a) { sayRefused("the log", a); });
    if (!sent.reached) return std::cerr << service << ": the service does not answer\n", 3;
    std::cout << (sent.ok() ? "log sent for match " + std::to_string(offer.id) : "log " + sent.text) << std::endl;
    const int seat = seatOf(offer, client.identity().publicKey);
    HistoryRow row;
    if (!awaitDecision(client, offer.id, realPacing(), waitMs, row)) {
        std::cout << "no decision on match " << offer.id << " within " << waitMs / 1000 << " s" << std::endl;
        return 1;
    }
    const char* names[] = {"p1", "p2", "a draw"};
    char text[160];
    std::snprintf(text, sizeof text, "decided: match %lld %s, winner %s, rating change %+.1f",
                  static_cast<long long>(row.id), row.state.c_str(),
                  row.winner >= 0 && row.winner <= 2 ? names[row.winner] : "none", row.change[seat]);
    std::cout << text << std::endl;
    return 0;
}

std::string describe(const MatchFound& m) {
    return "match " + std::to_string(m.id) + " " + (m.ranked ? "ranked" : "unranked") + ": p1 " +
           net::fingerprint(m.key[0]) + " " + m.fighter[0] + ", p2 " + net::fingerprint(m.key[1]) + " " + m.fighter[1] +
           (m.found.empty() ? "" : "; " + m.found);
}

/// Hello, Queue, then Poll until matched: 0 with offer filled, else the exit status.
int queueForMatch(RankedClient& client, const ClientFlags& f, MatchFound& offer) {
    const ServiceAnswer a = joinQueue(client, f.queue, f.fighter, run::rulesBuild(), realPacing(), sayRefused);
    if (!a.reached) return std::cerr << f.service << ": the service does not answer\n", 3;
    if (a.text.rfind("ok ", 0) != 0) return std::cerr << f.service << ": " << a.text << "\n", 2;
    const int rtt = client.roundTripMs();
    std::cout << "queued for a " << f.queue << " match"
              << (rtt >= 0 ? " (round trip to the service " + std::to_string(rtt) + " ms)" : "") << std::endl;
    const std::int64_t start = wallMs();
    if (awaitMatch(client, realPacing(), f.waitS * 1000, offer)) {
        std::cout << describe(offer) << " (waited " << (wallMs() - start) / 1000 << " s)" << std::endl;
        return 0;
    }
    client.leave();
    std::cout << "no match within " << f.waitS << " s" << std::endl;
    return 1;
}

constexpr const char* kClientUsage =
    "usage: game_headless --ranked HOST:PORT [--queue quick|ranked] [--fighter ID] [--wait SECONDS]"
    " [--play attack|idle] [--dir DIR] [--data DIR]\n";

/// What is wrong with the flags' values once read (the service's address, the fighter, the folder); "" when
/// nothing. The fighter is one of the data folder's, as the peer that plays the match loads it from there.
std::string clientFlagProblem(const ClientFlags& f, const std::string& defaultDataDir) {
    const std::size_t colon = f.service.rfind(':');
    std::int64_t port = 0;
    std::string why;
    if (colon == std::string::npos || !run::isHostName(f.service.substr(0, colon)) ||
        !io::toInt(f.service.substr(colon + 1), 1, 65535, port, why))
        return io::badFlagValue("--ranked", "the service's HOST:PORT (a name or dotted IPv4, a port 1..65535)",
                                f.service);
    const std::string data = f.data.empty() ? defaultDataDir : f.data;
    std::string folderError;
    const std::vector<std::string> ids = sim::fighterIdsIn(data, folderError);
    if (ids.empty())
        return "--data " + io::quote(data) + ": no fighters in its fighters folder" +
               (folderError.empty() ? "" : " (" + folderError + ")");
    if (std::string bad = run::fighterFlagProblem(f.fighter, data, ids); !bad.empty()) return bad;
    std::error_code ec;
    if (!std::filesystem::is_directory(f.dir, ec))
        return "--dir " + io::quote(f.dir) + " is not a folder (the recording goes there)";
    return "";
}

/// The client's flags, filling f (which must outlive the table), with a replay run's others refusing themselves.
io::FlagTable clientFlagTable(ClientFlags& f, bool& headless) {
    return run::withRunFlagsRefused(
        {io::switchFlag("--headless", headless), io::textFlag("--ranked", f.service),
         io::wordFlag("--queue", {"quick", "ranked"}, [&](std::size_t i) { f.queue = i == 0 ? "quick" : "ranked"; }),
         io::textFlag("--fighter", f.fighter),
         io::wordFlag("--play", {"attack", "idle"}, [&](std::size_t i) { f.play = i == 0 ? "attack" : "idle"; }),
         io::textFlag("--dir", f.dir), io::textFlag("--data", f.data),
         io::numberFlag("--wait", 1, 3600, [&](std::int64_t v) { f.waitS = v; })},
        "--ranked (the service makes the match, and its recording goes into --dir)");
}

/// Reads the flags: -1 to go on, else the exit status (0 for --help, 2 for a bad flag, the usage printed).
int parseClientFlags(int argc, char** argv, const std::string& defaultDataDir, ClientFlags& f) {
    bool headless = false;
    const io::FlagTable flags = clientFlagTable(f, headless);
    if (io::helpAsked(argc, argv)) return std::cout << kClientUsage, 0;
    std::string why;
    if (io::parseFlags(argc, argv, flags, why)) {
        if (f.dir.empty()) f.dir = ".";
        why = clientFlagProblem(f, defaultDataDir);
        if (why.empty()) return -1;
    }
    std::cerr << "game_headless: " << why << "\n" << kClientUsage;
    return 2;
}

}  // namespace

io::FlagTable knownClientFlags() { return io::refusingFlags(clientFlagTable); }

int runRankedClient(int argc, char** argv, const std::string& defaultDataDir) {
    ClientFlags f;
    if (const int rc = parseClientFlags(argc, argv, defaultDataDir, f); rc >= 0) return rc;
    std::string why;
    net::Identity me;
    const std::string path = run::identityPath(why);
    if (path.empty() || !run::loadOrMakeIdentity(path, run::playerName(), me, why)) return std::cerr << why << "\n", 2;
    std::cout << "you: " << me.name << " (" << net::fingerprint(me.publicKey) << ")" << std::endl;
    RankedClient client(httpServiceCall(f.service), me);  // the window's Online screen takes the same path
    MatchFound offer;
    if (const int rc = queueForMatch(client, f, offer)) return rc;
    const Played played = playOffer(client, offer, f, defaultDataDir);
    if (!played.recordingFailed.empty()) {  // a failed write: the match was played, its log cannot be sent
        std::cerr << "game_headless: match " << offer.id << " was played, but its recording could not be written ("
                  << played.recordingFailed << "): no log was sent, so the service decides the match from the "
                  << "opponent's log alone" << std::endl;
        return 2;
    }
    if (played.recording.empty()) return std::cout << "no match was played" << std::endl, 1;
    const std::vector<net::Countersign>& countersigns = played.countersigns;
    std::cout << "recording: " << played.recording << std::endl;
    std::cout << "countersigned by the opponent: " << countersigns.size() << " checkpoints"
              << (countersigns.empty() ? std::string()
                                       : ", the last at frame " + std::to_string(countersigns.back().frame))
              << std::endl;
    return reportMatch(client, offer, played.recording, countersigns, f.service, 90000);
}

}  // namespace ranked
