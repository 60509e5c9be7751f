#pragma once
// SHA-1 (FIPS 180-4) from OpenSSL's libcrypto, only for what a standard asks for by name: TURN's MESSAGE-INTEGRITY
// is HMAC-SHA1 (RFC 8489 section 14.5). Not for anything of the game's own choosing. The shape of sha256.h, so
// Hmac<Sha1> names it. The bytes are kept and hashed at finish (a STUN message is at most 2 KB).
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace net::crypto {

/// An incremental SHA-1.
class Sha1 {
public:
    static constexpr std::size_t kBlockSize = 64;
    static constexpr std::size_t kDigestSize = 20;
    using Digest = std::array<std::uint8_t, kDigestSize>;

    /// Feeds size bytes (data may be null when size is 0).
    void update(const void* data, std::size_t size);
    /// The digest; the object must not be fed again afterwards.
    Digest finish();
    /// The digest of one buffer.
    static Digest of(const void* data, std::size_t size);

private:
    std::vector<std::uint8_t> bytes_;
};

}  // namespace net::crypto
