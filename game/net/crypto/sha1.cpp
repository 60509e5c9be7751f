// SHA-1 as FIPS 180-4 sections 6.1 and 4.1.1 state it.
#include "game/net/crypto/sha1.h"

namespace net::crypto {

void Sha1::block(const std::uint8_t* p) {
    std::uint32_t w[80];
    for (int t = 0; t < 16; ++t) {
        w[t] = std::uint32_t(p[4 * t]) << 24 | std::uint32_t(p[4 * t + 1]) << 16 | std::uint32_t(p[4 * t + 2]) << 8 |
               std::uint32_t(p[4 * t + 3]);
    }
    for (int t = 16; t < 80; ++t) w[t] = rotl32(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    std::uint32_t a = h_[0], b = h_[1], c = h_[2], d = h_[3], e = h_[4];
    for (int t = 0; t < 80; ++t) {
        std::uint32_t f, k;
        if (t < 20) {
            f = (b & c) | (~b & d);
            k = 0x5a827999;
        } else if (t < 40) {
            f = b ^ c ^ d;
            k = 0x6ed9eba1;
        } else if (t < 60) {
            f = (b & c) | (b & d) | (c & d);
            k = 0x8f1bbcdc;
        } else {
            f = b ^ c ^ d;
            k = 0xca62c1d6;
        }
        const std::uint32_t temp = rotl32(a, 5) + f + e + k + w[t];
        e = d;
        d = c;
        c = rotl32(b, 30);
        b = a;
        a = temp;
    }
    h_[0] += a;
    h_[1] += b;
    h_[2] += c;
    h_[3] += d;
    h_[4] += e;
}

void Sha1::update(const void* data, std::size_t size) {
    feeder_.update(data, size, [this](const std::uint8_t* b) { block(b); });
}

Sha1::Digest Sha1::finish() {
    feeder_.pad(true, [this](const std::uint8_t* b) { block(b); });
    Digest d;
    for (int i = 0; i < 5; ++i) {
        for (int j = 0; j < 4; ++j) d[std::size_t(4 * i + j)] = std::uint8_t(h_[i] >> (24 - 8 * j));
    }
    return d;
}

Sha1::Digest Sha1::of(const void* data, std::size_t size) {
    Sha1 h;
    h.update(data, size);
    return h.finish();
}

}  // namespace net::crypto
