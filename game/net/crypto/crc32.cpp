// CRC-32, bit by bit (a STUN message is at most a few hundred bytes: no table needed).
#include "game/net/crypto/crc32.h"

namespace net::crypto {

std::uint32_t crc32(const void* data, std::size_t size) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    std::uint32_t c = 0xffffffffu;
    for (std::size_t i = 0; i < size; ++i) {
        c ^= p[i];
        for (int b = 0; b < 8; ++b) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return c ^ 0xffffffffu;
}

}  // namespace net::crypto
