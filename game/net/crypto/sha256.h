#pragma once
// SHA-256 (FIPS 180-4) from libsodium, the hash under the packets' HMAC (hmac.h) and the lobby's room secrets.
//
// The shape every hash of this folder shares, so Hmac<H> names any of them: `kBlockSize` and `kDigestSize` in bytes,
// `Digest` (a std::array of kDigestSize bytes), a default constructor that starts a message, `update(data, size)`
// any number of times, `finish()` once, and the one-call `of(data, size)`.
#include "game/net/crypto/random.h"

#include <sodium.h>

#include <array>
#include <cstddef>
#include <cstdint>

namespace net::crypto {

/// An incremental SHA-256 (libsodium's crypto_hash_sha256).
class Sha256 {
public:
    static constexpr std::size_t kBlockSize = 64;   ///< bytes per compressed block
    static constexpr std::size_t kDigestSize = 32;  ///< bytes of the digest
    using Digest = std::array<std::uint8_t, kDigestSize>;

    Sha256() {
        ready();
        crypto_hash_sha256_init(&state_);
    }
    /// Feeds size bytes (data may be null when size is 0).
    void update(const void* data, std::size_t size) {
        if (size > 0) crypto_hash_sha256_update(&state_, static_cast<const unsigned char*>(data), size);
    }
    /// Pads, returns the digest; the object must not be fed again afterwards.
    Digest finish() {
        Digest d;
        crypto_hash_sha256_final(&state_, d.data());
        return d;
    }
    /// The digest of one buffer.
    static Digest of(const void* data, std::size_t size) {
        Sha256 h;
        h.update(data, size);
        return h.finish();
    }

private:
    crypto_hash_sha256_state state_;
};

}  // namespace net::crypto
