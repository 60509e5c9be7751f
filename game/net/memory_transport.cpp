// The in-memory test network (see memory_transport.h).
#include "game/net/memory_transport.h"

namespace net {

MemoryNetwork::Endpoint& MemoryNetwork::add(Address self, const NetConditions& c, std::uint64_t seed) {
    endpoints_.push_back(std::make_unique<Endpoint>(*this, self, c, seed));
    return *endpoints_.back();
}

void MemoryNetwork::Endpoint::sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) {
    out_.push(to, data, size, nowMs);
}

bool MemoryNetwork::Endpoint::receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) {
    Datagram d;
    for (const auto& e : net_.endpoints_) {
        if (e.get() == this || !e->out_.popDue(nowMs, d, self_, false)) continue;
        data = std::move(d.bytes);
        from = e->self_;
        return true;
    }
    return false;
}

}  // namespace net
