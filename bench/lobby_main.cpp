// The lobby's benchmark (bench/RESULTS.md#lobby): bounded, loopback only.
//   1. rooms created and joined per second through the real UDP path: the lobby::Server on a loopback socket in
//      its own thread; 64 host sockets and 64 joiner sockets each create a room and join it, request after answer,
//      for ROUNDS rounds; median of 5 runs. Twice, alternating: "cookie first", each request first without a
//      cookie (as a new client: a Retry, then the request again), and "cookie held" (one round trip per request,
//      the message count of protocol 3, the cookie still checked).
//   2. memory per room: the process's resident size before and after 100,000 rooms created and joined (fed to the
//      lobby directly, no sockets), divided by the rooms.
//   3. at the room limit (--max-rooms 1000, 1500 Creates): how many are refused `the lobby is full`, and that a
//      join of an existing room and a Create after a room expired still work.
// bench_lobby [--smoke]: --smoke runs each part small (a CTest entry checks it runs).
#include "game/io/flag_table.h"
#include "game/lobby/lobby_server.h"
#include "game/net/udp_transport.h"
#include "engine/write_signals.h"

#include <sodium.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

lobby::RandomSource osRandom() {
    return [](void* out, std::size_t n) {
        randombytes_buf(out, n);
        return true;
    };
}

/// Limits out of the way: the benchmark's clients all come from one address.
lobby::Limits open(int maxRooms) {
    lobby::Limits limits;
    limits.maxRooms = maxRooms;
    limits.ratePerSecond = 1e9;
    limits.burst = 1000000000;
    limits.roomsPerAddress = 100000000;
    limits.seatsPerMinute = limits.wrongCodesPerMinute = limits.wrongCodesPerSecond = 1e9;
    limits.seatBurst = limits.wrongCodeBurst = limits.wrongCodeBurstAll = 1000000000;
    limits.retriesPerSecond = 60000;
    return limits;
}

long residentKb() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    }
    return -1;
}

bool oneTrip(net::UdpTransport& t, net::Address to, const net::LobbyMessage& m, net::LobbyMessage& answer);

/// Sends m from t to `to` and waits (bounded) for the answer with its nonce; a Retry's cookie goes into `cookie`
/// and the request again (at most twice).
bool roundTrip(net::UdpTransport& t, net::Address to, net::LobbyMessage m, net::Cookie& cookie,
               net::LobbyMessage& answer) {
    for (int attempt = 0; attempt < 2; ++attempt) {
        m.cookie = cookie;
        if (!oneTrip(t, to, m, answer)) return false;
        if (answer.type != net::LobbyType::Retry) return true;
        cookie = answer.cookie;
    }
    return false;
}

/// One request and its answer (bounded wait).
bool oneTrip(net::UdpTransport& t, net::Address to, const net::LobbyMessage& m, net::LobbyMessage& answer) {
    const std::vector<std::uint8_t> bytes = net::encodeLobby(m);
    t.sendTo(to, bytes.data(), bytes.size(), 0);
    std::vector<std::uint8_t> got;
    net::Address from = 0;
    const Clock::time_point until = Clock::now() + std::chrono::seconds(2);
    while (Clock::now() < until) {
        if (t.receive(got, from, 0)) {
            if (net::decodeLobby(got.data(), got.size(), answer) && answer.nonce == m.nonce) return true;
        } else {
            std::this_thread::yield();
        }
    }
    return false;
}

/// Part 1: rooms created and joined per second over loopback UDP; cookieFirst: every request starts without one.
double udpRoomsPerSecond(int rounds, bool cookieFirst) {
    net::UdpTransport server({}, 1);
    std::string error;
    if (!server.open(0, error)) {
        std::cerr << error << "\n";
        return 0;
    }
    lobby::Server lobby(server, open(10000000), osRandom());
    std::atomic<bool> stop{false};
    std::thread serve([&] {
        std::int64_t now = 0;
        while (!stop) {
            if (lobby.poll(now++ / 1000) == 0) std::this_thread::yield();
        }
    });
    net::Address where = 0;
    net::resolveAddress("127.0.0.1", server.localPort(), where);
    constexpr int kSockets = 64;
    std::vector<std::unique_ptr<net::UdpTransport>> hosts, joiners;
    for (int i = 0; i < kSockets; ++i) {
        hosts.push_back(std::make_unique<net::UdpTransport>(net::NetConditions{}, 1));
        joiners.push_back(std::make_unique<net::UdpTransport>(net::NetConditions{}, 1));
        hosts.back()->open(0, error);
        joiners.back()->open(0, error);
    }
    std::vector<net::Cookie> hostCookies(kSockets), joinerCookies(kSockets);
    int done = 0;
    const Clock::time_point t0 = Clock::now();
    for (int r = 0; r < rounds; ++r) {
        for (std::size_t i = 0; i < kSockets; ++i) {
            if (cookieFirst) hostCookies[i] = joinerCookies[i] = net::Cookie{};
            net::LobbyMessage create, created, join, joined;
            create.type = net::LobbyType::Create;
            randombytes_buf(create.nonce.data(), create.nonce.size());
            if (!roundTrip(*hosts[i], where, create, hostCookies[i], created) ||
                created.type != net::LobbyType::Created)
                continue;
            join.type = net::LobbyType::Join;
            join.code = created.code;
            randombytes_buf(join.nonce.data(), join.nonce.size());
            if (roundTrip(*joiners[i], where, join, joinerCookies[i], joined) && joined.type == net::LobbyType::Joined)
                ++done;
        }
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    stop = true;
    serve.join();
    return done / seconds;
}

/// A transport the bench feeds directly: one datagram in from any claimed address, the lobby's answer kept.
class Direct : public net::Transport {
public:
    void sendTo(net::Address, const std::uint8_t* data, std::size_t size, std::int64_t) override {
        answer.assign(data, data + size);
    }
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t) override {
        if (!pending) return false;
        pending = false;
        data = in;
        from = inFrom;
        return true;
    }
    /// Hands m from `from` to the lobby, with the cookie the lobby gives that address, and returns its answer.
    bool ask(lobby::Server& lobby, net::Address from, net::LobbyMessage m, std::int64_t now, net::LobbyMessage& out) {
        m.cookie = lobby.cookieFor(from, now);
        in = net::encodeLobby(m);
        inFrom = from;
        pending = true;
        answer.clear();
        lobby.poll(now);
        return !answer.empty() && net::decodeLobby(answer.data(), answer.size(), out);
    }
    std::vector<std::uint8_t> in, answer;
    net::Address inFrom = 0;
    bool pending = false;
};

/// Part 2: bytes per room (resident size), rooms created and joined with the host's and joiner's local addresses.
double bytesPerRoom(int rooms) {
    Direct t;
    lobby::Server lobby(t, open(rooms), osRandom());
    const long before = residentKb();
    for (int i = 0; i < rooms; ++i) {
        net::LobbyMessage create, created, join, joined;
        create.type = net::LobbyType::Create;
        create.locals = {net::Address(0xc0a800001b58ULL + std::uint64_t(i)),
                         net::Address(0x0a0000001b58ULL + std::uint64_t(i))};
        if (!t.ask(lobby, net::Address(0x010000000000ULL + std::uint64_t(i)), create, 0, created)) continue;
        join.type = net::LobbyType::Join;
        join.code = created.code;
        join.locals = create.locals;
        t.ask(lobby, net::Address(0x020000000000ULL + std::uint64_t(i)), join, 0, joined);
    }
    const long after = residentKb();
    if (lobby.liveRooms() != rooms) std::cerr << "only " << lobby.liveRooms() << " rooms\n";
    return (after - before) * 1024.0 / rooms;
}

/// Part 3: behaviour at the limit.
void atTheLimit(int limit, int creates) {
    Direct t;
    lobby::Limits limits = open(limit);
    limits.lifetimeS = 10;
    lobby::Server lobby(t, limits, osRandom());
    int created = 0, full = 0, other = 0;
    std::string firstCode;
    for (int i = 0; i < creates; ++i) {
        net::LobbyMessage create, m;
        create.type = net::LobbyType::Create;
        if (!t.ask(lobby, net::Address(1000 + i), create, 0, m)) continue;
        if (m.type == net::LobbyType::Created) {
            ++created;
            if (firstCode.empty()) firstCode = m.code;
        } else if (m.type == net::LobbyType::Refused && m.reason == net::LobbyRefusal::Busy) {
            ++full;
        } else {
            ++other;
        }
    }
    net::LobbyMessage join, m;
    join.type = net::LobbyType::Join;
    join.code = firstCode;
    const bool joinWorks = t.ask(lobby, 999999, join, 1, m) && m.type == net::LobbyType::Joined;
    net::LobbyMessage create;
    create.type = net::LobbyType::Create;
    const bool afterExpiry =
        t.ask(lobby, 888888, create, 11000, m) && m.type == net::LobbyType::Created;  // lifetime passed
    std::cout << "| " << limit << " | " << creates << " | " << created << " | " << full << " | " << other << " | "
              << (joinWorks ? "yes" : "NO") << " | " << (afterExpiry ? "yes" : "NO") << " |\n";
}

}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();   // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout("bench_lobby");  // the table is the result: lost on a full disk, the exit status says so
    bool smoke = false;
    std::string error;
    if (io::helpAsked(argc, argv)) {
        std::cout << "usage: bench_lobby [--smoke]\n";
        return 0;
    }
    if (!io::parseFlags(argc, argv, {io::switchFlag("--smoke", smoke)}, error)) {
        std::cerr << "bench_lobby: " << error << "\nusage: bench_lobby [--smoke]\n";
        return 2;
    }
    const int runs = smoke ? 1 : 5;
    std::vector<double> rates[2];
    for (int r = 0; r < runs; ++r) {
        for (int first = 0; first < 2; ++first) rates[first].push_back(udpRoomsPerSecond(smoke ? 2 : 40, first == 1));
    }
    for (int first = 0; first < 2; ++first) {
        std::sort(rates[first].begin(), rates[first].end());
        std::cout
            << "rooms created and joined per second over loopback UDP (64 hosts, 64 joiners, request after answer, "
            << (first ? "cookie first" : "cookie held") << "): median " << long(rates[first][rates[first].size() / 2])
            << " (runs:";
        for (double x : rates[first]) std::cout << " " << long(x);
        std::cout << ")\n";
    }
    std::cout << "cookie first / cookie held: " << rates[1][rates[1].size() / 2] / rates[0][rates[0].size() / 2]
              << "\n";
    const int rooms = smoke ? 1000 : 100000;
    std::cout << "memory per room (resident size grown by " << rooms
              << " rooms created and joined, 2 local addresses each): " << long(bytesPerRoom(rooms)) << " bytes\n";
    std::cout << "| max rooms | creates | created | refused full | other | join of a room still works | create after "
                 "expiry |\n"
              << "|---:|---:|---:|---:|---:|---|---|\n";
    atTheLimit(smoke ? 100 : 1000, smoke ? 150 : 1500);
    return 0;
}
