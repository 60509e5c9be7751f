#pragma once
// SHA-1 (FIPS 180-4), only for what a standard asks for by name: TURN's MESSAGE-INTEGRITY is HMAC-SHA1 (RFC 8489
// section 14.5). Not for anything of the game's own choosing (that is SHA-256). The shape of sha256.h, so
// Hmac<Sha1> works.
#include "game/net/crypto/block_feeder.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace net::crypto {

/// An incremental SHA-1.
class Sha1 {
public:
    static constexpr std::size_t kBlockSize = 64;
    static constexpr std::size_t kDigestSize = 20;
    using Digest = std::array<std::uint8_t, kDigestSize>;

    /// Feeds size bytes (data may be null when size is 0).
    void update(const void* data, std::size_t size);
    /// Pads, returns the digest; the object must not be fed again afterwards.
    Digest finish();
    /// The digest of one buffer.
    static Digest of(const void* data, std::size_t size);

private:
    void block(const std::uint8_t* p);

    std::uint32_t h_[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
    BlockFeeder feeder_;
};

}  // namespace net::crypto
