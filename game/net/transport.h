#pragma once
// The one seam between the netcode and a network: send a datagram to an address, take the next one that arrived.
//
// Why so small: the handshake and the rollback session are tested in one process over an in-memory network with a
// fake clock (memory_transport.h) and run for real over UDP (udp_transport.h); both sit behind this interface, and
// every time is passed in (ms on the caller's clock) so nothing here reads a wall clock.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace net {

/// An opaque peer address: for UDP the IPv4 address << 16 | port; in memory any distinct number.
using Address = std::uint64_t;

/// A datagram network endpoint.
class Transport {
public:
    virtual ~Transport() = default;
    /// Sends one datagram to `to` (it may be delayed, lost, duplicated or reordered on the way).
    virtual void sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) = 0;
    /// Takes the next datagram that has arrived by nowMs; false when none is waiting. Never blocks.
    virtual bool receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) = 0;
    /// When the datagram receive() gave last arrived, on the caller's clock (-1: unknown, take the receive time).
    /// The ping then measures the network, not how often the caller reads.
    virtual std::int64_t lastArrivalMs() const { return -1; }
    /// Takes one report that a datagram sent to `to` was refused by the network (ICMP port unreachable); false when
    /// there is none. Such reports are not authenticated: they only cut short a wait that would fail anyway.
    virtual bool takeUnreachable(Address& to) {
        (void)to;
        return false;
    }
    /// An address as people read it ("a.b.c.d:port" over UDP).
    virtual std::string addressName(Address a) const { return "#" + std::to_string(a); }
};

}  // namespace net
