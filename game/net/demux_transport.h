#pragma once
// A Transport in front of another that keeps some datagrams for itself (take() says which) and hands the rest up.
// Sends and the inner transport's hooks pass through: the match's ping uses the kernel's arrival time of the
// datagram handed up, not the tick that read it, and "port unreachable" reports and address names are the inner's.
// The host's spectator demux (spectate.h) and the lobby demux (lobby_client.h) are the two kinds.
#include "game/net/transport.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace net {

class DemuxTransport : public Transport {
public:
    explicit DemuxTransport(Transport& inner) : inner_(inner) {}
    void sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override {
        inner_.sendTo(to, data, size, nowMs);
    }
    /// The next datagram take() does not keep. Bounded: at most 4096 kept ones are read in one call.
    bool receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) override;
    std::int64_t lastArrivalMs() const override { return inner_.lastArrivalMs(); }
    bool takeUnreachable(Address& to) override { return inner_.takeUnreachable(to); }
    std::string addressName(Address a) const override { return inner_.addressName(a); }

protected:
    /// True when the datagram is kept here (handled and dropped), false to hand it up.
    virtual bool take(const std::uint8_t* data, std::size_t size, Address from, std::int64_t nowMs) = 0;
    Transport& inner() { return inner_; }

private:
    Transport& inner_;
};

}  // namespace net
