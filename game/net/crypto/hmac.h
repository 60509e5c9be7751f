#pragma once
// HMAC (RFC 2104) from the libraries: Hmac<Sha256> is libsodium's crypto_auth_hmacsha256 (any key length), and
// authenticates the lobby's messages and derives the lobby's secrets; Hmac<Sha1> is OpenSSL's HMAC, only for TURN's
// MESSAGE-INTEGRITY (RFC 8489). Also here: a comparison whose time does not depend on where two byte strings differ.
#include "game/net/crypto/sha1.h"
#include "game/net/crypto/sha256.h"

#include <sodium.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace net::crypto {

/// An incremental HMAC with hash H (Sha256 or Sha1).
template <typename H>
class Hmac;

template <>
class Hmac<Sha256> {
public:
    using Digest = Sha256::Digest;
    static constexpr std::size_t kDigestSize = Sha256::kDigestSize;

    /// Starts a MAC under key (any length, as RFC 2104 says).
    Hmac(const void* key, std::size_t keySize) {
        ready();
        static const unsigned char kEmpty = 0;
        crypto_auth_hmacsha256_init(&state_, keySize > 0 ? static_cast<const unsigned char*>(key) : &kEmpty, keySize);
    }
    /// Feeds message bytes.
    void update(const void* data, std::size_t size) {
        if (size > 0) crypto_auth_hmacsha256_update(&state_, static_cast<const unsigned char*>(data), size);
    }
    /// The MAC; the object must not be fed again afterwards.
    Digest finish() {
        Digest d;
        crypto_auth_hmacsha256_final(&state_, d.data());
        return d;
    }
    /// The MAC of one message.
    static Digest of(const void* key, std::size_t keySize, const void* data, std::size_t size) {
        Hmac h(key, keySize);
        h.update(data, size);
        return h.finish();
    }

private:
    crypto_auth_hmacsha256_state state_;
};

template <>
class Hmac<Sha1> {
public:
    using Digest = Sha1::Digest;
    static constexpr std::size_t kDigestSize = Sha1::kDigestSize;

    Hmac(const void* key, std::size_t keySize);
    void update(const void* data, std::size_t size);
    Digest finish();
    static Digest of(const void* key, std::size_t keySize, const void* data, std::size_t size) {
        Hmac h(key, keySize);
        h.update(data, size);
        return h.finish();
    }

private:
    std::vector<std::uint8_t> key_;
    std::vector<std::uint8_t> bytes_;
};

/// True when the n bytes at a and b are equal; the time taken depends on n only (libsodium's sodium_memcmp).
inline bool equalConstantTime(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
    return n == 0 || sodium_memcmp(a, b, n) == 0;
}

}  // namespace net::crypto
