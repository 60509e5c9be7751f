#pragma once
// HMAC (RFC 2104) over any hash of this folder's shape (sha256.h says it: kBlockSize, kDigestSize, Digest,
// update, finish, of). Hmac<Sha256> authenticates the game's packets and the lobby's messages; a TURN client
// (RFC 8489's MESSAGE-INTEGRITY) instantiates it over SHA-1 the same way.
//
// Also here: a comparison of two byte strings whose time does not depend on where they differ (a forger timing
// the check learns nothing), and a truncation of a MAC to its first n bytes (RFC 2104 section 5).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace net::crypto {

/// An incremental HMAC with hash H.
template <typename H>
class Hmac {
public:
    using Digest = typename H::Digest;
    static constexpr std::size_t kDigestSize = H::kDigestSize;

    /// Starts a MAC under key (any length: a key longer than the hash's block is hashed first, as RFC 2104 says).
    Hmac(const void* key, std::size_t keySize) {
        std::uint8_t k[H::kBlockSize] = {};
        if (keySize > H::kBlockSize) {
            const Digest d = H::of(key, keySize);
            std::memcpy(k, d.data(), d.size());
        } else if (keySize > 0) {
            std::memcpy(k, key, keySize);
        }
        std::uint8_t pad[H::kBlockSize];
        for (std::size_t i = 0; i < H::kBlockSize; ++i) pad[i] = std::uint8_t(k[i] ^ 0x36);
        inner_.update(pad, sizeof pad);
        for (std::size_t i = 0; i < H::kBlockSize; ++i) pad[i] = std::uint8_t(k[i] ^ 0x5c);
        outer_.update(pad, sizeof pad);
    }
    /// Feeds message bytes.
    void update(const void* data, std::size_t size) { inner_.update(data, size); }
    /// The MAC; the object must not be fed again afterwards.
    Digest finish() {
        const Digest in = inner_.finish();
        outer_.update(in.data(), in.size());
        return outer_.finish();
    }
    /// The MAC of one message.
    static Digest of(const void* key, std::size_t keySize, const void* data, std::size_t size) {
        Hmac h(key, keySize);
        h.update(data, size);
        return h.finish();
    }

private:
    H inner_;
    H outer_;
};

/// True when the n bytes at a and b are equal; the time taken depends on n only.
inline bool equalConstantTime(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
    std::uint8_t diff = 0;
    for (std::size_t i = 0; i < n; ++i) diff = std::uint8_t(diff | (a[i] ^ b[i]));
    return diff == 0;
}

}  // namespace net::crypto
