#pragma once
// A network-conditions simulator: what this side sends is delayed, jittered, lost, duplicated or reordered before it
// reaches the wire (or, in memory, the other side). Used by the in-memory test network and by the UDP transport
// (`--net-delay/--net-jitter/--net-loss/--net-dup/--net-reorder`, read in game/run/online_flags), so players can feel what the tests exercise.
//
// Every datagram gets a due time = now + delay + uniform(-jitter, +jitter) (never before now); a reordered one is
// held back a further delay/2 + 20 ms so later datagrams overtake it; a duplicate is a second copy with its own
// due time. Decisions come from a seeded splitmix64 generator, so a test run is the same every time.
#include "game/net/transport.h"

#include <cstdint>
#include <string>
#include <vector>

namespace net {

/// What to do to outgoing datagrams.
struct NetConditions {
    int delayMs = 0;            ///< one-way delay added to every datagram
    int jitterMs = 0;           ///< +/- uniform variation of that delay
    double lossPercent = 0;     ///< chance a datagram is dropped
    double dupPercent = 0;      ///< chance a datagram is sent twice
    double reorderPercent = 0;  ///< chance a datagram is held back so later ones overtake it
    /// True when all are zero (datagrams go out at once).
    bool none() const {
        return delayMs == 0 && jitterMs == 0 && lossPercent == 0 && dupPercent == 0 && reorderPercent == 0;
    }
};

/// A datagram waiting for its due time.
struct Datagram {
    std::int64_t due = 0;             ///< when it leaves (ms)
    std::uint64_t order = 0;          ///< tie-break: push order
    Address to = 0;                   ///< destination
    std::vector<std::uint8_t> bytes;  ///< payload
};

/// Holds outgoing datagrams until they are due, applying the conditions.
class ConditionedQueue {
public:
    /// Conditions and the generator's seed.
    ConditionedQueue(const NetConditions& c, std::uint64_t seed) : c_(c), rng_(seed) {}
    /// Queues a datagram sent at nowMs (or drops it, or queues two copies).
    void push(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs);
    /// Takes the earliest datagram due by nowMs for `to` (any destination when anyDestination); false if none.
    bool popDue(std::int64_t nowMs, Datagram& out, Address to = 0, bool anyDestination = true);
    /// Datagrams dropped by the simulated loss.
    std::int64_t dropped() const { return dropped_; }
    /// The conditions in force.
    const NetConditions& conditions() const { return c_; }
    /// Changes the conditions for datagrams pushed from now on (a test's link that breaks mid-match).
    void setConditions(const NetConditions& c) { c_ = c; }
    /// Datagrams waiting for their due time.
    std::size_t queued() const { return queue_.size(); }

private:
    std::uint64_t next();
    double percent();
    std::int64_t dueTime(std::int64_t nowMs);

    NetConditions c_;
    std::uint64_t rng_;
    std::uint64_t order_ = 0;
    std::int64_t dropped_ = 0;
    std::vector<Datagram> queue_;
};

}  // namespace net
