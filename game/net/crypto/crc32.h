#pragma once
// CRC-32 (ISO 3309 / ITU-T V.42, the one of zlib and Ethernet: reflected polynomial 0xEDB88320, initial and final
// value 0xFFFFFFFF), for STUN's FINGERPRINT attribute (RFC 8489 section 14.7).
#include <cstddef>
#include <cstdint>

namespace net::crypto {

/// The CRC-32 of size bytes.
std::uint32_t crc32(const void* data, std::size_t size);

}  // namespace net::crypto
