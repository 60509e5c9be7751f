#pragma once
// The matchmaking queue: players waiting for a quick match or a ranked one, paired by rating with a window that
// widens the longer they wait. A virtual clock (milliseconds) drives it, so the simulator and tests run it as fast
// as they like. One queue per kind (quick, ranked); the service keeps both.
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ranked {

struct QueueRules {
    double startWindow = 50.0;      ///< rating points either side on joining
    double widenPerSecond = 10.0;   ///< points added per second of waiting
    double maxWindow = 500.0;       ///< never wider (a 1200 is not sent against a 2000)
    std::size_t capacity = 100000;  ///< most players waiting; more are refused ("the queue is full")
};

/// Two players the queue paired, and how long each waited.
struct Pairing {
    std::string player[2];
    std::int64_t waitedMs[2] = {0, 0};
};

class MatchQueue {
public:
    explicit MatchQueue(QueueRules rules = {}) : rules_(rules) {}
    /// Adds a player at time now; "" or why not (already waiting, the queue is full).
    std::string join(const std::string& player, double rating, std::int64_t nowMs);
    /// Takes a player out (gave up, or disconnected); false when not waiting.
    bool leave(const std::string& player);
    /// Pairs every player it can at time now, the longest waiting first, each with the closest rating both windows
    /// accept; the paired leave the queue.
    std::vector<Pairing> pair(std::int64_t nowMs);
    /// The window a player waiting since joinedMs has at nowMs.
    double window(std::int64_t joinedMs, std::int64_t nowMs) const;
    std::size_t size() const { return byPlayer_.size(); }
    bool waiting(const std::string& player) const { return byPlayer_.count(player) != 0; }

private:
    struct Entry {
        double rating = 0;
        std::int64_t joinedMs = 0;
        std::uint64_t seq = 0;
    };
    using RatingKey = std::pair<double, std::uint64_t>;  // (rating, join order): ties kept apart
    const std::string* closestAccepting(const Entry& e, std::int64_t nowMs) const;
    void erase(const std::string& player);

    QueueRules rules_;
    std::uint64_t nextSeq_ = 0;
    std::unordered_map<std::string, Entry> byPlayer_;
    std::map<RatingKey, std::string> byRating_;
    std::map<std::uint64_t, std::string> byAge_;  // join order: the longest waiting first
};

}  // namespace ranked
