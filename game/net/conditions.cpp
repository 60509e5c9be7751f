// The network-conditions simulator (see conditions.h).
#include "game/net/conditions.h"

#include "engine/splitmix64.h"

#include <algorithm>

namespace net {

std::uint64_t ConditionedQueue::next() { return engine::splitmix64(rng_); }

double ConditionedQueue::percent() { return double(next() % 1000000) / 10000.0; }

std::int64_t ConditionedQueue::dueTime(std::int64_t nowMs) {
    std::int64_t d = c_.delayMs;
    if (c_.jitterMs > 0) d += std::int64_t(next() % std::uint64_t(2 * c_.jitterMs + 1)) - c_.jitterMs;
    if (c_.reorderPercent > 0 && percent() < c_.reorderPercent) d += c_.delayMs / 2 + 20;
    return nowMs + std::max<std::int64_t>(d, 0);
}

void ConditionedQueue::push(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) {
    if (c_.lossPercent > 0 && percent() < c_.lossPercent) {
        ++dropped_;
        return;
    }
    const int copies = (c_.dupPercent > 0 && percent() < c_.dupPercent) ? 2 : 1;
    for (int i = 0; i < copies; ++i) {
        queue_.push_back(Datagram{dueTime(nowMs), order_++, to, std::vector<std::uint8_t>(data, data + size)});
    }
}

bool ConditionedQueue::popDue(std::int64_t nowMs, Datagram& out, Address to, bool anyDestination) {
    std::size_t best = queue_.size();
    for (std::size_t i = 0; i < queue_.size(); ++i) {
        const Datagram& d = queue_[i];
        if (d.due > nowMs || (!anyDestination && d.to != to)) continue;
        if (best == queue_.size() || d.due < queue_[best].due ||
            (d.due == queue_[best].due && d.order < queue_[best].order)) {
            best = i;
        }
    }
    if (best == queue_.size()) return false;
    out = std::move(queue_[best]);
    queue_.erase(queue_.begin() + std::ptrdiff_t(best));
    return true;
}

}  // namespace net
