// Fuzz target: the network packet decoder (net::decodePacket: every byte from the network is hostile). Beyond no
// crash: it accepts nothing larger than kMaxPacketSize; an accepted packet of our protocol version has every field
// in range (fighter ids valid, at most kMaxInputsPerPacket inputs, each naming defined buttons only: version 2's
// 16-bit inputs) and encodes back to exactly the bytes it came from (the decoder accepts no trailing bytes and no
// second spelling of a packet).
#include "game/net/packet.h"
#include "tests/fuzz/fuzz_check.h"

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes = fuzz::asText(data, size);
    // As received: a sealed type's body is opened by the channel, so only its header is decoded here.
    net::Packet sealed;
    if (net::decodePacket(data, size, sealed) && size > net::kMaxPacketSize) {
        fuzz::broken("a packet larger than kMaxPacketSize was accepted", bytes);
    }
    // In clear (as the channel hands an opened body on): every field checked and re-encoded.
    net::Packet p;
    if (!net::decodeClearPacket(data, size, p)) return 0;
    if (size > net::kMaxPacketSize) fuzz::broken("a packet larger than kMaxPacketSize was accepted", bytes);
    if (p.version != net::kProtocolVersion) return 0;  // header only, by design: the handshake refuses it
    if (p.type == net::PacketType::Hello && !net::validFighterId(p.fighter))
        fuzz::broken("a Hello with a bad fighter id", bytes);
    if (p.buttons.size() > std::size_t(net::kMaxInputsPerPacket)) fuzz::broken("an Input with too many inputs", bytes);
    for (std::uint16_t b : p.buttons) {
        if ((b & ~net::wireButtons()) != 0) fuzz::broken("an Input with a bit no button has", bytes);
    }
    if (net::encodePacket(p) != std::vector<std::uint8_t>(data, data + size))
        fuzz::broken("a packet re-encodes to other bytes", bytes);
    return 0;
}
