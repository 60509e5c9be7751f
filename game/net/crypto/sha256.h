#pragma once
// SHA-256 (FIPS 180-4), the hash under the packets' HMAC (hmac.h) and the lobby's room secrets.
//
// The shape every hash of this folder shares, so Hmac<H> takes any of them (a TURN client adds SHA-1 or MD5 the
// same way): `kBlockSize` and `kDigestSize` in bytes, `Digest` (a std::array of kDigestSize bytes), a default
// constructor that starts a message, `update(data, size)` any number of times, `finish()` once, and the one-call
// `of(data, size)`. Plain integer code: no tables beyond the constants, no allocation, no I/O.
#include <array>
#include <cstddef>
#include <cstdint>

namespace net::crypto {

/// An incremental SHA-256.
class Sha256 {
public:
    static constexpr std::size_t kBlockSize = 64;   ///< bytes per compressed block
    static constexpr std::size_t kDigestSize = 32;  ///< bytes of the digest
    using Digest = std::array<std::uint8_t, kDigestSize>;

    Sha256();
    /// Feeds size bytes (data may be null when size is 0).
    void update(const void* data, std::size_t size);
    /// Pads, returns the digest; the object must not be fed again afterwards.
    Digest finish();
    /// The digest of one buffer.
    static Digest of(const void* data, std::size_t size);

private:
    void block(const std::uint8_t* p);

    std::uint32_t h_[8];
    std::uint8_t buf_[kBlockSize];
    std::size_t used_ = 0;     // bytes waiting in buf_
    std::uint64_t total_ = 0;  // bytes fed in all
};

}  // namespace net::crypto
