// The shared demultiplexing wrapper (see demux_transport.h).
#include "game/net/demux_transport.h"

namespace net {

bool DemuxTransport::receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) {
    // Bounded: the inner transport holds a finite queue; each kept datagram is handled and dropped here.
    for (int i = 0; i < 4096 && inner_.receive(data, from, nowMs); ++i) {
        if (!take(data.data(), data.size(), from, nowMs)) return true;
    }
    return false;
}

}  // namespace net
