#pragma once
// The lobby (rendezvous) server's logic over any Transport, with every time passed in, so tests run it in memory or
// over loopback UDP and the `lobby` program (lobby_main.cpp) runs it over a UDP socket.
//
// A host asks for a room and gets a short code, the room's secret and a host key; a joiner or spectator gives the
// code. The lobby tells each side the other's public address as it sees it (and the local addresses they sent), so
// both can punch through their NATs, and hands the room's secret only to the host and the one joiner (spectators
// get a secret derived from it, which authenticates the spectator stream only). It never sees game inputs.
// Limits: at most maxRooms live rooms (Create beyond: Busy), a room lives `lifetimeS` (then Expired, remembered as
// expired for as long again, then forgotten), one joiner and `maxSpectators` spectators per room (beyond: Full),
// one room per host address (a new Create from it replaces its room), and a token bucket per source IPv4 address
// (`ratePerSecond`, `burst`; beyond: Slow, answered at most once a second per address). Every message is decoded with
// bounds (lobby_packet.h); anything malformed is dropped and counted.
#include "game/net/lobby_packet.h"
#include "game/net/transport.h"

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>

namespace lobby {

/// The lobby's limits (the `lobby` program's flags).
struct Limits {
    int maxRooms = 10000;         ///< live rooms at once
    int lifetimeS = 600;          ///< a room's life from its creation
    int maxSpectators = 4;        ///< spectators per room
    double ratePerSecond = 20;    ///< requests per second per source IPv4 address, sustained
    int burst = 40;               ///< and in a burst
    int maxSources = 100000;      ///< source addresses whose buckets are kept (the oldest idle ones go first)
};

/// What the lobby did, for its log and the benchmark.
struct Counters {
    std::int64_t received = 0, malformed = 0, created = 0, joined = 0, spectating = 0, polls = 0;
    std::int64_t refusedWrongCode = 0, refusedExpired = 0, refusedFull = 0, refusedBusy = 0, refusedSlow = 0,
                 refusedNotYours = 0, limited = 0;
};

/// Fills n random bytes; false on failure.
using RandomSource = std::function<bool(void* out, std::size_t n)>;

/// The lobby over one transport.
class Server {
public:
    Server(net::Transport& t, const Limits& limits, RandomSource random);
    /// Reads and answers up to maxMessages waiting datagrams; returns how many it read.
    int poll(std::int64_t nowMs, int maxMessages = 4096);
    /// Live rooms (not expired).
    int liveRooms() const { return live_; }
    /// Rooms held (live and remembered as expired).
    std::size_t heldRooms() const { return rooms_.size(); }
    const Counters& counters() const { return counters_; }
    const Limits& limits() const { return limits_; }

private:
    struct Room {
        net::Secret secret{};
        net::Nonce hostKey{};
        net::Nonce createNonce{};
        net::Address host = 0;
        std::vector<net::Address> hostLocals;
        net::Address hostRelay = 0;              // the host's relayed (TURN) address, 0: none
        std::vector<net::Address> watchers;      // the spectators' public addresses, oldest first
        net::Address joiner = 0;
        net::Nonce joinNonce{};
        std::vector<net::Address> joinerLocals;
        net::Address joinerRelay = 0;            // the joiner's relayed (TURN) address, 0: none
        std::uint8_t spectators = 0;
        std::int64_t expiresMs = 0;
        bool live = true;
    };
    struct Bucket {
        double tokens = 0;
        std::int64_t lastMs = 0;
        std::int64_t lastSlowMs = -1000000;
    };

    void handle(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs);
    bool allow(net::Address from, std::int64_t nowMs);
    void create(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs);
    void join(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs);
    void spectate(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs);
    void hostAsks(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs);
    Room* find(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs);
    void refuse(const net::LobbyMessage& m, net::LobbyRefusal why, net::Address to, std::int64_t nowMs);
    void answer(net::LobbyMessage reply, const net::LobbyMessage& ask, net::Address to, std::int64_t nowMs);
    void expire(std::int64_t nowMs);
    bool newCode(std::string& out);

    net::Transport& t_;
    Limits limits_;
    RandomSource random_;
    std::unordered_map<std::string, Room> rooms_;
    std::unordered_map<net::Address, std::string> byHost_;
    std::unordered_map<std::uint32_t, Bucket> buckets_;
    int live_ = 0;
    std::int64_t lastSweepMs_ = 0;
    Counters counters_;
};

}  // namespace lobby
