#include "game/ranked/queue.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace ranked {

double MatchQueue::window(std::int64_t joinedMs, std::int64_t nowMs) const {
    const double waited = double(std::max<std::int64_t>(0, nowMs - joinedMs)) / 1000.0;
    return std::min(rules_.maxWindow, rules_.startWindow + rules_.widenPerSecond * waited);
}

const RegionTable MatchQueue::noRegions_;

double MatchQueue::latencyLimit(std::int64_t joinedMs, std::int64_t nowMs) const {
    const std::int64_t waitedMs = std::max<std::int64_t>(0, nowMs - joinedMs);
    if (!rules_.byLatency || (rules_.anyoneAfterMs > 0 && waitedMs >= rules_.anyoneAfterMs))
        return std::numeric_limits<double>::infinity();
    return std::min(rules_.maxLatencyMs,
                    rules_.startLatencyMs + rules_.latencyWidenPerSecond * double(waitedMs) / 1000.0);
}

std::string MatchQueue::join(const std::string& player, double rating, std::int64_t nowMs, PlayerLatency latency) {
    if (byPlayer_.count(player)) return "already waiting";
    if (byPlayer_.size() >= rules_.capacity) return "the queue is full (" + std::to_string(rules_.capacity) + ")";
    insert(player, Entry{rating, nowMs, nextSeq_++, latency});
    return "";
}

void MatchQueue::insert(const std::string& player, const Entry& e) {
    byRating_[{e.rating, e.seq}] = &*byPlayer_.emplace(player, e).first;
    byAge_[e.seq] = player;
}

bool MatchQueue::putBack(const std::string& player) {
    const auto it = paired_.find(player);
    if (it == paired_.end() || byPlayer_.count(player)) return false;
    insert(player, it->second);  // the same seq: the same place in join order and among equal ratings
    paired_.erase(it);
    return true;
}

void MatchQueue::erase(const std::string& player) {
    const auto it = byPlayer_.find(player);
    byRating_.erase({it->second.rating, it->second.seq});
    byAge_.erase(it->second.seq);
    byPlayer_.erase(it);
}

bool MatchQueue::leave(const std::string& player) {
    if (!byPlayer_.count(player)) return false;
    erase(player);
    return true;
}

// Walks outwards from e's rating, the nearer side first, as far as e's window reaches; stops once the rating gap
// alone costs as much as the best candidate found (the latency term only adds), or after maxCandidates (a crowd of
// refused candidates nearby, say players of a far region when 10,000 join at once, made the first pass's walks
// long: the player looks further in a later pass, once the crowd has paired). Without the latency rule the first
// candidate both windows accept is the closest, as before.
const std::string* MatchQueue::bestAccepting(const Entry& e, std::int64_t nowMs, int& latencyMs) const {
    constexpr double kNone = std::numeric_limits<double>::infinity();
    const double reach = window(e.joinedMs, nowMs), limit = latencyLimit(e.joinedMs, nowMs);
    const auto at = byRating_.find({e.rating, e.seq});
    auto up = std::next(at);
    auto down = std::make_reverse_iterator(at);
    const std::string* best = nullptr;
    double bestCost = kNone;
    std::size_t examined = 0;
    for (; examined < rules_.maxCandidates; ++examined) {
        const double upGap = up != byRating_.end() ? up->first.first - e.rating : kNone;
        const double downGap = down != byRating_.rend() ? e.rating - down->first.first : kNone;
        const bool takeUp = upGap <= downGap;
        const double gap = takeUp ? upGap : downGap;
        if (gap > reach || gap >= bestCost) break;
        const Waiter* who = takeUp ? (up++)->second : (down++)->second;
        const Entry& c = who->second;
        if (gap > window(c.joinedMs, nowMs)) continue;
        const int estimate = regions_->estimateMs(e.latency, c.latency);
        if (estimate >= 0 && double(estimate) > std::min(limit, latencyLimit(c.joinedMs, nowMs))) continue;
        const double cost = gap + (rules_.byLatency && estimate > 0 ? rules_.pointsPerMs * estimate : 0.0);
        if (cost < bestCost) {
            bestCost = cost;
            best = &who->first;
            latencyMs = estimate;
        }
    }
    examined_ += examined;
    return best;
}

std::vector<Pairing> MatchQueue::pair(std::int64_t nowMs) {
    std::vector<Pairing> out;
    examined_ = 0;
    paired_.clear();
    std::vector<std::string> order;
    order.reserve(byAge_.size());
    for (const auto& kv : byAge_) order.push_back(kv.second);
    for (const std::string& player : order) {
        const auto it = byPlayer_.find(player);
        if (it == byPlayer_.end()) continue;  // paired earlier in this pass
        Pairing p;
        const std::string* other = bestAccepting(it->second, nowMs, p.latencyMs);
        if (!other) continue;
        p.player[0] = player;
        p.player[1] = *other;
        p.waitedMs[0] = nowMs - it->second.joinedMs;
        p.waitedMs[1] = nowMs - byPlayer_.at(*other).joinedMs;
        const std::string second = *other;
        paired_[player] = it->second;
        paired_[second] = byPlayer_.at(second);
        erase(player);
        erase(second);
        out.push_back(std::move(p));
    }
    return out;
}

}  // namespace ranked
