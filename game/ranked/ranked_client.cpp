// The ranked client (see ranked_client.h): the service's calls, and `game_headless --ranked`, which queues, plays the
// match it is given through the service's lobby as a headless online peer, sends the recording and waits for the
// decision.
//   game_headless --ranked HOST:PORT [--queue quick|ranked] [--fighter ID] [--wait SECONDS] [--play attack|idle]
//                 [--dir DIR] [--data DIR]
// Prints `you: NAME (FP)`, `queued for a ranked match`, `match ID ranked: p1 FP ryo, p2 FP brick (waited N s)`, the
// peer's lines, `log sent for match ID`, then `decided: match ID verified, winner p1, rating change +12.0`.
// Exit 0 when the match was played and decided, 1 when the wait ran out or the match could not be played, 2 for a
// bad flag or a refusal, 3 when the service cannot be reached.
#include "game/ranked/ranked_client.h"

#include "game/io/flag_table.h"
#include "game/io/run_file.h"
#include "game/run/headless_peer.h"
#include "game/run/identity_file.h"
#include "game/run/online_flags.h"

#include <httplib.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

namespace ranked {
namespace {

std::int64_t wallMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

net::IdentityKey keyOfHex(const std::string& hex) {
    net::IdentityKey key{};
    for (std::size_t i = 0; i < key.size() && hex.size() == 64; ++i)  // a bad digit reads as 0: no throw
        key[i] = std::uint8_t(std::strtoul(hex.substr(i * 2, 2).c_str(), nullptr, 16));
    return key;
}

}  // namespace

bool parseMatchOffer(const std::string& answer, const net::IdentityKey& me, MatchOffer& out) {
    std::istringstream in(answer);
    std::string word, kind, room;
    in >> word >> out.id >> kind >> out.key[0] >> out.key[1] >> out.fighter[0] >> out.fighter[1] >> out.seed >>
        out.lobbyPort >> room;
    if (!in || word != "match" || (kind != "ranked" && kind != "unranked")) return false;
    out.ranked = kind == "ranked";
    out.room = room == "-" ? "" : room;
    const std::string mine = keyHex(me);
    out.side = mine == out.key[0] ? 0 : mine == out.key[1] ? 1 : -1;
    return out.side >= 0;
}

MatchPlan planMatch(const MatchOffer& offer, const std::string& service) {
    MatchPlan plan;
    plan.host = offer.side == 0;
    const std::size_t colon = service.rfind(':');
    plan.lobby = service.substr(0, colon) + ":" + std::to_string(offer.lobbyPort);
    plan.opponent = net::fingerprint(keyOfHex(offer.key[1 - offer.side]));
    MatchRecord m;
    m.fighter[0] = offer.fighter[0];
    m.fighter[1] = offer.fighter[1];
    m.seed = offer.seed;
    plan.setup = matchSetupOf(m, serviceBaseSetup());
    return plan;
}

RankedClient::RankedClient(const std::string& service, net::Identity me)
    : service_(service), me_(std::move(me)), http_(std::make_unique<httplib::Client>("http://" + service)) {
    http_->set_connection_timeout(3);
    http_->set_read_timeout(10);
}

RankedClient::~RankedClient() = default;

Answer RankedClient::ask(RequestKind kind, const std::string& body) {
    Answer a;
    const auto res = http_->Post("/request", requestText(signRequest(me_, kind, body, wallMs())), "text/plain");
    if (!res) return a;
    a.reached = true;
    std::string text = res->body;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    a.ok = text.rfind("ok ", 0) == 0;
    const std::size_t space = text.find(' ');
    a.text = space == std::string::npos ? text : text.substr(space + 1);
    return a;
}

bool RankedClient::poll(MatchOffer& out, Answer& answer) {
    answer = ask(RequestKind::Poll, "");
    return answer.ok && parseMatchOffer(answer.text, me_.publicKey, out);
}

Answer RankedClient::nameRoom(std::int64_t matchId, const std::string& code) {
    return ask(RequestKind::Room, std::to_string(matchId) + " " + code);
}

std::string RankedClient::awaitRoom(std::int64_t matchId, std::int64_t waitMs) {
    const std::int64_t start = wallMs();
    MatchOffer offer;
    Answer answer;
    while (wallMs() - start < waitMs) {
        if (poll(offer, answer) && offer.id == matchId && !offer.room.empty()) return offer.room;
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    return "";
}

Answer RankedClient::sendCheckpoints(std::int64_t matchId, const Claims& claims) {
    std::string body = std::to_string(matchId);
    char pair[48];
    for (const auto& [frame, hash] : claims) {
        std::snprintf(pair, sizeof pair, " %lld %016llx", static_cast<long long>(frame), static_cast<unsigned long long>(hash));
        body += pair;
    }
    return ask(RequestKind::Checkpoint, body);
}

Answer RankedClient::sendLog(std::int64_t matchId, const std::string& rules, const std::string& recording) {
    return ask(RequestKind::Result, resultBody(signLog(me_, matchId, rules, recording)));
}

std::string RankedClient::verdict(std::int64_t matchId) {
    const auto res = http_->Get("/history/" + keyHex(me_.publicKey));
    if (!res || res->status != 200) return "";
    std::istringstream lines(res->body);
    const std::string prefix = std::to_string(matchId) + " ";
    for (std::string line; std::getline(lines, line);)
        if (line.rfind(prefix, 0) == 0) return line;
    return "";
}

bool wantsRankedClient(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--ranked") == 0) return true;
    return false;
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
            in.buttons[side] = std::uint16_t(phase < 40 ? (side == 0 ? sim::kRight : sim::kLeft) : phase == 40 ? sim::kHeavy : 0);
        }
        text += sim::replayFrameLine(in) + "\n";
    }
    return text;
}

/// Plays the offer as a headless online peer; the recording's path, or "" when no match was played.
std::string playOffer(RankedClient& client, const MatchOffer& offer, const ClientFlags& f, const std::string& dataDir) {
    const MatchPlan plan = planMatch(offer, client.service());
    const std::string base = f.dir + "/match-" + std::to_string(offer.id);
    std::ofstream(base + "-inputs.freplay") << inputsReplay(plan, offer.side, f.play);
    std::vector<std::string> args = {"game_headless", "--lobby", plan.lobby, "--replay", base + "-inputs.freplay",
                                     "--record", base + ".freplay", "--fast", "--wait", "30"};
    run::PeerHooks hooks;
    Claims claims;
    hooks.onCheckpoint = [&](std::int64_t frame, std::uint64_t hash) {
        claims[frame] = hash;
        if (claims.size() < 10) return;  // every 600 frames: a few requests a minute
        client.sendCheckpoints(offer.id, claims);
        claims.clear();
    };
    if (plan.host) {
        args.insert(args.end(), {"--host", "0", "--accept-key", plan.opponent});
        hooks.onRoomCode = [&](const std::string& code) {
            const Answer a = client.nameRoom(offer.id, code);
            if (!a.ok) std::cout << "the service did not take the room: " << a.text << std::endl;
        };
    } else {
        const std::string room = client.awaitRoom(offer.id, 30000);
        if (room.empty()) return std::cout << "p1 named no room within 30 s" << std::endl, "";
        args.insert(args.end(), {"--code", room});
        hooks.expectOpponent = plan.opponent;
    }
    if (!f.data.empty()) args.insert(args.end(), {"--data", f.data});
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    const int rc = run::runHeadlessPeer(int(argv.size()), argv.data(), dataDir, hooks);
    if (!claims.empty()) client.sendCheckpoints(offer.id, claims);
    std::cout << "peer exit " << rc << std::endl;
    std::error_code ec;
    return std::filesystem::exists(base + ".freplay", ec) ? base + ".freplay" : "";
}

/// Sends the recording, then waits (at most waitMs) for the service's decision. The exit status.
int reportMatch(RankedClient& client, const MatchOffer& offer, const std::string& recordingPath, std::int64_t waitMs) {
    std::ifstream in(recordingPath, std::ios::binary);
    const std::string recording((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const Answer sent = client.sendLog(offer.id, run::rulesBuild(), recording);
    if (!sent.reached) return std::cerr << client.service() << ": the service does not answer\n", 3;
    std::cout << (sent.ok ? "log sent for match " + std::to_string(offer.id) : "log refused: " + sent.text) << std::endl;
    const std::int64_t start = wallMs();
    while (wallMs() - start < waitMs) {
        std::istringstream line(client.verdict(offer.id));
        std::string id, state, f1, f2;
        int winner = -1;
        double change[2] = {0, 0};
        if (line >> id >> state >> winner >> f1 >> f2 >> change[0] >> change[1] && state != "open") {
            const char* names[] = {"p1", "p2", "a draw"};
            char text[160];
            std::snprintf(text, sizeof text, "decided: match %s %s, winner %s, rating change %+.1f", id.c_str(),
                          state.c_str(), winner >= 0 && winner <= 2 ? names[winner] : "none", change[offer.side]);
            std::cout << text << std::endl;
            return 0;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    std::cout << "no decision on match " << offer.id << " within " << waitMs / 1000 << " s" << std::endl;
    return 1;
}

std::string describe(const MatchOffer& m) {
    return "match " + std::to_string(m.id) + " " + (m.ranked ? "ranked" : "unranked") + ": p1 " +
           net::fingerprint(keyOfHex(m.key[0])) + " " + m.fighter[0] + ", p2 " + net::fingerprint(keyOfHex(m.key[1])) +
           " " + m.fighter[1];
}

/// Hello, Queue, then Poll until matched: 0 with offer filled, else the exit status.
int queueForMatch(RankedClient& client, const ClientFlags& f, MatchOffer& offer) {
    for (const auto& [kind, body] : {std::pair<RequestKind, std::string>{RequestKind::Hello, ""},
                                     {RequestKind::Queue, f.queue + " " + f.fighter + " " + run::rulesBuild()}}) {
        const Answer a = client.ask(kind, body);
        if (!a.reached) return std::cerr << f.service << ": the service does not answer\n", 3;
        if (!a.ok) return std::cerr << f.service << ": " << a.text << "\n", 2;
    }
    std::cout << "queued for a " << f.queue << " match" << std::endl;
    const std::int64_t start = wallMs();
    Answer answer;
    while (wallMs() - start < f.waitS * 1000) {
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
        if (client.poll(offer, answer)) {
            std::cout << describe(offer) << " (waited " << (wallMs() - start) / 1000 << " s)" << std::endl;
            return 0;
        }
    }
    client.ask(RequestKind::Leave, "");
    std::cout << "no match within " << f.waitS << " s" << std::endl;
    return 1;
}

}  // namespace

int runRankedClient(int argc, char** argv, const std::string& defaultDataDir) {
    ClientFlags f;
    const io::FlagTable flags = {io::textFlag("--ranked", f.service), io::textFlag("--queue", f.queue),
                                 io::textFlag("--fighter", f.fighter), io::textFlag("--play", f.play),
                                 io::textFlag("--dir", f.dir), io::textFlag("--data", f.data),
                                 io::numberFlag("--wait", 1, 3600, [&](std::int64_t v) { f.waitS = v; })};
    std::string why;
    if (!io::parseFlags(argc, argv, flags, why) || (f.play != "attack" && f.play != "idle")) {
        std::cerr << "game_headless: " << (why.empty() ? "--play is attack or idle, not " + io::quote(f.play) : why)
                  << "\nusage: game_headless --ranked HOST:PORT [--queue quick|ranked] [--fighter ID] [--wait SECONDS]"
                  << " [--play attack|idle] [--dir DIR] [--data DIR]\n";
        return 2;
    }
    if (f.dir.empty()) f.dir = ".";
    std::error_code ec;
    if (!std::filesystem::is_directory(f.dir, ec)) {
        std::cerr << "game_headless: --dir " << io::quote(f.dir) << " is not a folder (the recording goes there)\n";
        return 2;
    }
    net::Identity me;
    const std::string path = run::identityPath(why);
    if (path.empty() || !run::loadOrMakeIdentity(path, run::playerName(), me, why)) return std::cerr << why << "\n", 2;
    std::cout << "you: " << me.name << " (" << net::fingerprint(me.publicKey) << ")" << std::endl;
    RankedClient client(f.service, me);
    MatchOffer offer;
    if (const int rc = queueForMatch(client, f, offer)) return rc;
    const std::string recording = playOffer(client, offer, f, defaultDataDir);
    if (recording.empty()) return std::cout << "no match was played" << std::endl, 1;
    std::cout << "recording: " << recording << std::endl;
    return reportMatch(client, offer, recording, 90000);
}

}  // namespace ranked
