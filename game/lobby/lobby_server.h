#pragma once
// The lobby (rendezvous) server's logic over any Transport, with every time passed in, so tests run it in memory or
// over loopback UDP and the `lobby` program (lobby_main.cpp) runs it over a UDP socket.
//
// A host asks for a room and gets a short code and a host key (and, for a private room, a separate spectator
// code); a joiner or spectator gives the code. The lobby tells each side the other's public address as it sees it
// (and the local addresses they sent), so both can punch through their NATs. It hands out no key and sees no game
// input: the peers authenticate each other with their own key exchange, so a guessed code gives no secret.
//
// Before any room, seat or per-address state is made, the source must prove it receives at its address: a request
// without a valid cookie (a keyed BLAKE2b MAC of the address and a time bucket, as QUIC's Retry) gets a Retry with
// one, smaller than the request, and nothing else. Answers to unvalidated addresses are capped per source IPv4
// address in a fixed-size sketch. Only validated addresses reach the limits: a token bucket of requests, live rooms,
// seats taken and wrong codes per IPv4 address, kept in a fixed-size table that evicts the least recently seen
// address of a set (never refuses a new one), and a global budget of wrong codes (beyond it only addresses with no
// wrong code while held get their code looked up). Beyond a limit: Slow, said at most once a second per address.
// A room lives `lifetimeS` (then Expired, remembered as expired for as long again, then forgotten), has one joiner
// and `maxSpectators` spectators, one room per host address and port (a new Create from it replaces its room).
// A request of another protocol version gets a Version answer. Every message is decoded with bounds
// (lobby_packet.h); anything malformed is dropped and counted.
#include "game/net/lobby_packet.h"
#include "game/net/transport.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace lobby {

/// The lobby's limits (the `lobby` program's flags).
struct Limits {
    int maxRooms = 10000;             ///< live rooms at once
    int lifetimeS = 600;              ///< a room's life from its creation
    int maxSpectators = 4;            ///< spectators per room
    double ratePerSecond = 20;        ///< requests per second per validated IPv4 address, sustained
    int burst = 40;                   ///< and in a burst
    int maxSources = 100000;          ///< validated addresses whose limits are kept (fixed memory; the least recently
                                      ///< seen of a set makes room for a new one)
    int roomsPerAddress = 8;          ///< live rooms hosted from one IPv4 address
    double seatsPerMinute = 6;        ///< seats and spectator places taken per IPv4 address, sustained
    int seatBurst = 6;                ///< and in a burst
    double wrongCodesPerMinute = 6;   ///< codes that name no live room, per IPv4 address, sustained
    int wrongCodeBurst = 5;           ///< and in a burst
    double wrongCodesPerSecond = 20;  ///< the whole lobby's budget of wrong codes, sustained
    int wrongCodeBurstAll = 100;      ///< and in a burst
    int retriesPerSecond = 8;         ///< cookie (Retry and Version) answers per unvalidated IPv4 address a second
    int cookieSeconds = 30;           ///< a cookie is good for this long at least and twice as long at most
};

/// What the lobby did, for its log and the benchmark.
struct Counters {
    std::int64_t received = 0, malformed = 0, created = 0, joined = 0, spectating = 0, polls = 0;
    std::int64_t refusedWrongCode = 0, refusedExpired = 0, refusedFull = 0, refusedBusy = 0, refusedSlow = 0,
                 refusedNotYours = 0, limited = 0;
    std::int64_t retries = 0;       ///< Retry answers (requests without a valid cookie)
    std::int64_t unanswered = 0;    ///< unvalidated requests over their source's answer cap: dropped
    std::int64_t outdated = 0;      ///< requests of another protocol version
    std::int64_t lookups = 0;       ///< codes looked up for a Join, Spectate, Poll or Close
    std::int64_t guessLimited = 0;  ///< code lookups refused by the wrong-code limits
    std::int64_t roomLimited = 0;   ///< Creates refused by the rooms-per-address limit
    std::int64_t seatLimited = 0;   ///< seats refused by the seats-per-address limit
    std::int64_t seatsFreed = 0;    ///< seats freed by a Leave (the joiner gave up, or its host let it go)
};

/// Fills n random bytes; false on failure.
using RandomSource = std::function<bool(void* out, std::size_t n)>;

/// A token bucket: `tokens` refill at a rate up to a burst.
struct Tokens {
    double tokens = 0;
    std::int64_t lastMs = 0;
    /// Refills to nowMs, then takes one if there is one.
    bool take(double perSecond, double burst, std::int64_t nowMs);
    /// Refills to nowMs.
    void refill(double perSecond, double burst, std::int64_t nowMs);
};

/// The limits of one validated IPv4 address.
struct AddressState {
    std::uint32_t ip = 0;
    bool used = false;
    std::int64_t seenMs = 0;
    Tokens requests, seats, wrongCodes;
    bool guessed = false;  ///< it gave a wrong code while held here
    std::int64_t lastSlowMs = -1000000;
};

/// The per-address limits in fixed memory: a 4-way set-associative table indexed by a keyed hash of the address
/// (so nobody can aim addresses at one set). A new address takes the least recently seen slot of its set.
class AddressTable {
public:
    AddressTable(int capacity, const std::array<std::uint8_t, 16>& key);
    /// The address's state; a fresh one (full buckets from `fresh`) if it was not held.
    AddressState& at(std::uint32_t ip, std::int64_t nowMs, const AddressState& fresh);
    std::int64_t evictions() const { return evictions_; }

private:
    std::vector<AddressState> slots_;
    std::size_t sets_ = 1;
    std::array<std::uint8_t, 16> key_;
    std::int64_t evictions_ = 0;
};

/// Counts per source IPv4 address in a fixed-size count-min sketch (two rows of 65,536 keyed-hash cells,
/// conservative update), cleared each second: it never fills, and a heavy source makes a light one look heavy only
/// if it shares the light one's cells in both rows. With about 100,000 distinct sources a second a light source is
/// over a cap of 8 about once in a million; far beyond (millions of spoofed sources a second) new sources lose
/// some of their Retries too, and try again 250 ms later.
class SourceSketch {
public:
    explicit SourceSketch(const std::array<std::uint8_t, 16>& key) : key_(key) { clear(); }
    /// Counts one more from ip; returns its (over-)estimated count in this window.
    int add(std::uint32_t ip);
    void clear();

private:
    static constexpr std::size_t kWidth = 65536;
    std::array<std::array<std::uint16_t, kWidth>, 2> rows_{};
    std::array<std::uint8_t, 16> key_;
};

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
    /// The cookie the lobby expects from `from` at nowMs (for tests and the benchmark, which play honest clients).
    net::Cookie cookieFor(net::Address from, std::int64_t nowMs) const;

private:
    struct Room {
        net::Nonce hostKey{};
        net::Nonce createNonce{};
        std::string watchCode;  // the code spectators give (the room code of a public room)
        net::Address host = 0;
        std::vector<net::Address> hostLocals;
        net::Address hostRelay = 0;          // the host's relayed (TURN) address, 0: none
        std::vector<net::Address> watchers;  // the spectators' public addresses, oldest first
        net::Address joiner = 0;
        net::Nonce joinNonce{};
        std::vector<net::Address> joinerLocals;
        net::Address joinerRelay = 0;  // the joiner's relayed (TURN) address, 0: none
        std::uint8_t spectators = 0;
        std::int64_t expiresMs = 0;
        bool live = true;
    };

    void receive(const std::vector<std::uint8_t>& bytes, net::Address from, std::int64_t nowMs);
    bool validCookie(const net::Cookie& c, net::Address from, std::int64_t nowMs) const;
    void answerUnvalidated(std::vector<std::uint8_t> bytes, std::size_t received, net::Address to, std::int64_t nowMs);
    void handle(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs, AddressState& a);
    bool allow(AddressState& a, net::Address from, std::int64_t nowMs);
    void slow(const net::LobbyMessage& m, AddressState& a, net::Address to, std::int64_t nowMs);
    void create(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs, AddressState& a);
    bool createdAgain(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs);
    void join(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs, AddressState& a);
    void spectate(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs, AddressState& a);
    void hostAsks(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs, AddressState& a);
    void leave(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs, AddressState& a);
    Room* find(const net::LobbyMessage& m, net::Address from, std::int64_t nowMs, AddressState& a);
    void refuse(const net::LobbyMessage& m, net::LobbyRefusal why, net::Address to, std::int64_t nowMs);
    void answer(net::LobbyMessage reply, const net::LobbyMessage& ask, net::Address to, std::int64_t nowMs);
    void endRoom(Room& r);
    void forget(std::unordered_map<std::string, Room>::iterator it);
    void expire(std::int64_t nowMs);
    bool newCode(std::string& out);
    AddressState freshAddress(std::int64_t nowMs) const;

    net::Transport& t_;
    Limits limits_;
    RandomSource random_;
    std::array<std::uint8_t, 32> cookieKey_{};
    bool keyed_ = false;  // the cookie key came from the random source
    AddressTable addresses_;
    SourceSketch unvalidated_;
    Tokens wrongCodesAll_;
    std::unordered_map<std::string, Room> rooms_;
    std::unordered_map<std::string, std::string> watchCodes_;  // a private room's spectator code -> its code
    std::unordered_map<net::Address, std::string> byHost_;
    std::unordered_map<std::uint32_t, int> roomsByIp_;  // live rooms per host IPv4 address (none: absent)
    int live_ = 0;
    std::int64_t lastSweepMs_ = 0;
    Counters counters_;
};

}  // namespace lobby
