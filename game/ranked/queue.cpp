#include "game/ranked/queue.h"

#include <algorithm>
#include <cmath>

namespace ranked {

double MatchQueue::window(std::int64_t joinedMs, std::int64_t nowMs) const {
    const double waited = double(std::max<std::int64_t>(0, nowMs - joinedMs)) / 1000.0;
    return std::min(rules_.maxWindow, rules_.startWindow + rules_.widenPerSecond * waited);
}

std::string MatchQueue::join(const std::string& player, double rating, std::int64_t nowMs) {
    if (byPlayer_.count(player)) return "already waiting";
    if (byPlayer_.size() >= rules_.capacity) return "the queue is full (" + std::to_string(rules_.capacity) + ")";
    const Entry e{rating, nowMs, nextSeq_++};
    byPlayer_[player] = e;
    byRating_[{rating, e.seq}] = player;
    byAge_[e.seq] = player;
    return "";
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

// Walks outwards from e's rating, nearest first, as far as e's window reaches; the first candidate whose own window
// also reaches e is the closest both accept.
const std::string* MatchQueue::closestAccepting(const Entry& e, std::int64_t nowMs) const {
    const double reach = window(e.joinedMs, nowMs);
    const auto at = byRating_.find({e.rating, e.seq});
    auto up = std::next(at);
    auto down = at;
    const std::string* best = nullptr;
    double bestGap = reach + 1.0;
    for (; up != byRating_.end() && up->first.first - e.rating <= reach; ++up) {
        const Entry& c = byPlayer_.at(up->second);
        if (up->first.first - e.rating <= window(c.joinedMs, nowMs)) {
            best = &up->second;
            bestGap = up->first.first - e.rating;
            break;
        }
    }
    while (down != byRating_.begin()) {
        --down;
        const double gap = e.rating - down->first.first;
        if (gap > reach || gap >= bestGap) break;
        if (gap <= window(byPlayer_.at(down->second).joinedMs, nowMs)) return &down->second;
    }
    return best;
}

std::vector<Pairing> MatchQueue::pair(std::int64_t nowMs) {
    std::vector<Pairing> out;
    std::vector<std::string> order;
    order.reserve(byAge_.size());
    for (const auto& kv : byAge_) order.push_back(kv.second);
    for (const std::string& player : order) {
        const auto it = byPlayer_.find(player);
        if (it == byPlayer_.end()) continue;  // paired earlier in this pass
        const std::string* other = closestAccepting(it->second, nowMs);
        if (!other) continue;
        Pairing p;
        p.player[0] = player;
        p.player[1] = *other;
        p.waitedMs[0] = nowMs - it->second.joinedMs;
        p.waitedMs[1] = nowMs - byPlayer_.at(*other).joinedMs;
        const std::string second = *other;
        erase(player);
        erase(second);
        out.push_back(std::move(p));
    }
    return out;
}

}  // namespace ranked
