#pragma once
// The matchmaking queue: players waiting for a quick match or a ranked one, paired by rating with a window that
// widens the longer they wait, and by the estimated round trip between them (latency.h) under a limit that widens
// too. A virtual clock (milliseconds) drives it, so the simulator and tests run it as fast
// as they like. One queue per kind (quick, ranked); the service keeps both.
#include "game/ranked/latency.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ranked {

struct QueueRules {
    double startWindow = 50.0;           ///< rating points either side on joining
    double widenPerSecond = 10.0;        ///< points added per second of waiting
    double maxWindow = 500.0;            ///< never wider (a 1200 is not sent against a 2000)
    std::size_t capacity = 100000;       ///< most players waiting; more are refused ("the queue is full")
    bool byLatency = true;               ///< false: rating alone (what the benchmark compares against)
    double startLatencyMs = 80.0;        ///< the most estimated round trip a pair may have on joining ...
    double latencyWidenPerSecond = 5.0;  ///< ... widened this much per second of waiting ...
    double maxLatencyMs = 200.0;         ///< ... up to this ...
    std::int64_t anyoneAfterMs = 60000;  ///< ... and lifted after this long (0: never): a lonely player still plays
    double pointsPerMs = 2.0;            ///< a pair's cost: rating gap + this x estimated ms (lower is preferred)
    std::size_t maxCandidates = 64;      ///< most candidates one player examines in a pass, the nearest rating first
};

/// Two players the queue paired, and how long each waited.
struct Pairing {
    std::string player[2];
    std::int64_t waitedMs[2] = {0, 0};
    int latencyMs = -1;  ///< the pair's estimated round trip (-1: unknown)
};

class MatchQueue {
public:
    /// regions: the region table estimates use (it must outlive the queue); null: the round trips alone.
    explicit MatchQueue(QueueRules rules = {}, const RegionTable* regions = nullptr)
        : rules_(rules), regions_(regions ? regions : &noRegions_) {}
    /// Adds a player at time now; "" or why not (already waiting, the queue is full).
    std::string join(const std::string& player, double rating, std::int64_t nowMs, PlayerLatency latency = {});
    /// Takes a player out (gave up, or disconnected); false when not waiting.
    bool leave(const std::string& player);
    /// Pairs every player it can at time now, the longest waiting first, each with the candidate of the lowest cost
    /// (rating gap + pointsPerMs x estimated ms) whose rating both windows and whose estimate both latency limits
    /// accept (a pair of unknown latency is judged, and costed, on rating alone); the paired leave the queue.
    std::vector<Pairing> pair(std::int64_t nowMs);
    /// Puts a player the last pair() took out back as they were: their place (join order), their wait and with it
    /// their windows, for a pairing whose match could not be made. False when the last pass did not pair them or
    /// they are waiting again.
    bool putBack(const std::string& player);
    /// The window a player waiting since joinedMs has at nowMs.
    double window(std::int64_t joinedMs, std::int64_t nowMs) const;
    /// The latency limit (ms) a player waiting since joinedMs has at nowMs (infinite once lifted or without the rule).
    double latencyLimit(std::int64_t joinedMs, std::int64_t nowMs) const;
    std::size_t size() const { return byPlayer_.size(); }
    /// Candidates examined by the last pair() (its work: at most maxCandidates a waiting player).
    std::size_t lastPassExamined() const { return examined_; }
    bool waiting(const std::string& player) const { return byPlayer_.count(player) != 0; }

private:
    struct Entry {
        double rating = 0;
        std::int64_t joinedMs = 0;
        std::uint64_t seq = 0;
        PlayerLatency latency;
    };
    using RatingKey = std::pair<double, std::uint64_t>;  // (rating, join order): ties kept apart
    const std::string* bestAccepting(const Entry& e, std::int64_t nowMs, int& latencyMs) const;
    void erase(const std::string& player);
    void insert(const std::string& player, const Entry& e);

    static const RegionTable noRegions_;
    QueueRules rules_;
    const RegionTable* regions_;
    std::uint64_t nextSeq_ = 0;
    mutable std::size_t examined_ = 0;
    std::unordered_map<std::string, Entry> byPlayer_;
    using Waiter = std::pair<const std::string, Entry>;  // a byPlayer_ element: its address stays while it waits
    std::map<RatingKey, const Waiter*> byRating_;        // no id hashed while walking the ratings
    std::map<std::uint64_t, std::string> byAge_;         // join order: the longest waiting first
    std::unordered_map<std::string, Entry> paired_;      // who the last pair() took out, as they were (putBack)
};

}  // namespace ranked
