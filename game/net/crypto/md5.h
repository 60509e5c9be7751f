#pragma once
// MD5 (RFC 1321) from OpenSSL's libcrypto, only because TURN's long-term credential key is MD5(username ":" realm
// ":" password) (RFC 8489 section 9.2.2). Not for anything of the game's own choosing. The shape of sha256.h.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace net::crypto {

/// An incremental MD5.
class Md5 {
public:
    static constexpr std::size_t kBlockSize = 64;
    static constexpr std::size_t kDigestSize = 16;
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
