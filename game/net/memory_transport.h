#pragma once
// An in-memory datagram network for tests: endpoints with addresses, each applying its own NetConditions to what
// it sends, delivered when the caller's (fake) clock reaches the due time. Nothing here touches a socket or a clock.
#include "game/net/conditions.h"
#include "game/net/transport.h"

#include <memory>
#include <vector>

namespace net {

/// A set of connected in-memory endpoints.
class MemoryNetwork {
public:
    /// One endpoint; send to any address on the same network.
    class Endpoint : public Transport {
    public:
        /// Made by MemoryNetwork::add.
        Endpoint(MemoryNetwork& net, Address self, const NetConditions& c, std::uint64_t seed)
            : net_(net), self_(self), out_(c, seed) {}
        /// Queues the datagram through this endpoint's conditions.
        void sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override;
        /// Takes a datagram another endpoint sent here that is due by nowMs.
        bool receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) override;
        /// Changes what this endpoint's later datagrams suffer.
        void setConditions(const NetConditions& c) { out_.setConditions(c); }
        /// This endpoint's address.
        Address address() const { return self_; }

    private:
        friend class MemoryNetwork;
        MemoryNetwork& net_;
        Address self_;
        ConditionedQueue out_;
    };

    /// Adds an endpoint at `self` whose outgoing datagrams suffer conditions c (seeded for repeatability).
    Endpoint& add(Address self, const NetConditions& c, std::uint64_t seed);

private:
    std::vector<std::unique_ptr<Endpoint>> endpoints_;
};

}  // namespace net
