#pragma once
// CRC-32 (ISO 3309 / ITU-T V.42, zlib's), for STUN's FINGERPRINT attribute (RFC 8489 section 14.7); zlib computes it.
#include <cstddef>
#include <cstdint>

namespace net::crypto {

/// The CRC-32 of size bytes.
std::uint32_t crc32(const void* data, std::size_t size);

}  // namespace net::crypto
