// SHA-1, MD5 and HMAC-SHA1 from OpenSSL's libcrypto, CRC-32 from zlib: only what STUN and TURN name (see the
// headers). Nothing here is of the game's own choosing.
#include "game/net/crypto/crc32.h"
#include "game/net/crypto/hmac.h"
#include "game/net/crypto/md5.h"
#include "game/net/crypto/sha1.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <zlib.h>

namespace net::crypto {
namespace {

template <typename Digest>
Digest digestOf(const EVP_MD* md, const std::vector<std::uint8_t>& bytes) {
    Digest d{};
    unsigned int n = 0;
    EVP_Digest(bytes.data(), bytes.size(), d.data(), &n, md, nullptr);
    return d;
}

void append(std::vector<std::uint8_t>& to, const void* data, std::size_t size) {
    if (size == 0) return;
    const auto* p = static_cast<const std::uint8_t*>(data);
    to.insert(to.end(), p, p + size);
}

}  // namespace

void Sha1::update(const void* data, std::size_t size) { append(bytes_, data, size); }
Sha1::Digest Sha1::finish() { return digestOf<Digest>(EVP_sha1(), bytes_); }
Sha1::Digest Sha1::of(const void* data, std::size_t size) {
    Sha1 h;
    h.update(data, size);
    return h.finish();
}

void Md5::update(const void* data, std::size_t size) { append(bytes_, data, size); }
Md5::Digest Md5::finish() { return digestOf<Digest>(EVP_md5(), bytes_); }
Md5::Digest Md5::of(const void* data, std::size_t size) {
    Md5 h;
    h.update(data, size);
    return h.finish();
}

Hmac<Sha1>::Hmac(const void* key, std::size_t keySize) { append(key_, key, keySize); }
void Hmac<Sha1>::update(const void* data, std::size_t size) { append(bytes_, data, size); }
Hmac<Sha1>::Digest Hmac<Sha1>::finish() {
    Digest d{};
    unsigned int n = 0;
    static const std::uint8_t kEmpty = 0;
    HMAC(EVP_sha1(), key_.empty() ? &kEmpty : key_.data(), int(key_.size()), bytes_.data(), bytes_.size(), d.data(),
         &n);
    return d;
}

std::uint32_t crc32(const void* data, std::size_t size) {
    uLong c = ::crc32(0L, Z_NULL, 0);
    const auto* p = static_cast<const Bytef*>(data);
    while (size > 0) {  // zlib takes a uInt length
        const uInt n = size > 0x40000000u ? 0x40000000u : uInt(size);
        c = ::crc32(c, p, n);
        p += n;
        size -= n;
    }
    return std::uint32_t(c);
}

}  // namespace net::crypto
