// STUN messages (see stun.h).
#include "game/net/turn/stun.h"

#include "game/net/crypto/crc32.h"
#include "game/net/crypto/hmac.h"
#include "game/net/crypto/md5.h"
#include "game/net/crypto/sha1.h"

namespace net::stun {
namespace {

constexpr std::uint32_t kFingerprintXor = 0x5354554e;  // "STUN"

std::uint16_t be16(const std::uint8_t* p) { return std::uint16_t(p[0] << 8 | p[1]); }
std::uint32_t be32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | std::uint32_t(p[3]);
}
void put16(std::vector<std::uint8_t>& o, std::uint16_t v) {
    o.push_back(std::uint8_t(v >> 8));
    o.push_back(std::uint8_t(v));
}
void put32(std::vector<std::uint8_t>& o, std::uint32_t v) {
    put16(o, std::uint16_t(v >> 16));
    put16(o, std::uint16_t(v));
}
void set16(std::vector<std::uint8_t>& o, std::size_t at, std::uint16_t v) {
    o[at] = std::uint8_t(v >> 8);
    o[at + 1] = std::uint8_t(v);
}

void putAttr(std::vector<std::uint8_t>& o, std::uint16_t type, const std::uint8_t* v, std::size_t n) {
    put16(o, type);
    put16(o, std::uint16_t(n));
    o.insert(o.end(), v, v + n);
    while (o.size() % 4 != 0) o.push_back(0);
}

/// HMAC-SHA1 over the message's first `upTo` bytes with the header's length set to `length`.
crypto::Sha1::Digest integrity(const std::uint8_t* data, std::size_t upTo, std::size_t length,
                               const std::vector<std::uint8_t>& key) {
    crypto::Hmac<crypto::Sha1> h(key.data(), key.size());
    std::uint8_t header[kHeaderSize];
    for (std::size_t i = 0; i < kHeaderSize; ++i) header[i] = data[i];
    header[2] = std::uint8_t(length >> 8);
    header[3] = std::uint8_t(length);
    h.update(header, kHeaderSize);
    h.update(data + kHeaderSize, upTo - kHeaderSize);
    return h.finish();
}

std::uint32_t fingerprintOf(const std::uint8_t* data, std::size_t upTo, std::size_t length) {
    std::vector<std::uint8_t> copy(data, data + upTo);
    copy[2] = std::uint8_t(length >> 8);
    copy[3] = std::uint8_t(length);
    return crypto::crc32(copy.data(), copy.size()) ^ kFingerprintXor;
}

}  // namespace

const Attribute* Message::find(std::uint16_t type) const {
    for (const Attribute& a : attrs) {
        if (a.type == type) return &a;
    }
    return nullptr;
}

std::uint16_t messageType(std::uint16_t method, std::uint8_t cls) {
    return std::uint16_t((method & 0x000f) | ((method & 0x0070) << 1) | ((method & 0x0f80) << 2) | ((cls & 1) << 4) |
                         ((cls & 2) << 7));
}

bool decodeStun(const std::uint8_t* data, std::size_t size, Message& out) {
    if (size < kHeaderSize || size > kMaxStunSize || (data[0] & 0xc0) != 0) return false;
    const std::uint16_t type = be16(data);
    const std::size_t length = be16(data + 2);
    if (length % 4 != 0 || length + kHeaderSize != size || be32(data + 4) != kMagicCookie) return false;
    out = Message();
    out.method = std::uint16_t((type & 0x000f) | ((type & 0x00e0) >> 1) | ((type & 0x3e00) >> 2));
    out.cls = std::uint8_t(((type >> 4) & 1) | ((type >> 7) & 2));
    for (std::size_t i = 0; i < 12; ++i) out.id[i] = data[8 + i];
    std::size_t at = kHeaderSize;
    while (at < size) {
        if (size - at < 4 || out.attrs.size() >= kMaxStunAttributes) return false;
        Attribute a;
        a.type = be16(data + at);
        const std::size_t n = be16(data + at + 2);
        const std::size_t padded = (n + 3) / 4 * 4;
        if (padded > size - at - 4) return false;
        a.offset = at;
        a.value.assign(data + at + 4, data + at + 4 + n);
        out.attrs.push_back(std::move(a));
        at += 4 + padded;
    }
    return true;
}

std::vector<std::uint8_t> encodeStun(const Message& m, const std::vector<std::uint8_t>& key, bool fingerprint) {
    std::vector<std::uint8_t> o;
    put16(o, messageType(m.method, m.cls));
    put16(o, 0);
    put32(o, kMagicCookie);
    o.insert(o.end(), m.id.begin(), m.id.end());
    for (const Attribute& a : m.attrs) putAttr(o, a.type, a.value.data(), a.value.size());
    if (!key.empty()) {
        const std::size_t upTo = o.size();
        const crypto::Sha1::Digest d = integrity(o.data(), upTo, upTo - kHeaderSize + 24, key);
        putAttr(o, kMessageIntegrity, d.data(), d.size());
    }
    if (fingerprint) {
        const std::size_t upTo = o.size();
        const std::uint32_t crc = fingerprintOf(o.data(), upTo, upTo - kHeaderSize + 8);
        const std::uint8_t v[4] = {std::uint8_t(crc >> 24), std::uint8_t(crc >> 16), std::uint8_t(crc >> 8),
                                   std::uint8_t(crc)};
        putAttr(o, kFingerprint, v, 4);
    }
    set16(o, 2, std::uint16_t(o.size() - kHeaderSize));
    return o;
}

bool checkIntegrity(const std::uint8_t* data, std::size_t size, const Message& m,
                    const std::vector<std::uint8_t>& key) {
    const Attribute* a = m.find(kMessageIntegrity);
    if (a == nullptr || a->value.size() != crypto::Sha1::kDigestSize || a->offset + 24 > size) return false;
    // Only FINGERPRINT may follow it (RFC 8489 section 14.5: anything else after it is ignored; we refuse it).
    for (const Attribute& other : m.attrs) {
        if (other.offset > a->offset && other.type != kFingerprint) return false;
    }
    const crypto::Sha1::Digest d = integrity(data, a->offset, a->offset - kHeaderSize + 24, key);
    return crypto::equalConstantTime(d.data(), a->value.data(), d.size());
}

bool checkFingerprint(const std::uint8_t* data, std::size_t size, const Message& m) {
    if (m.attrs.empty() || m.attrs.back().type != kFingerprint) return false;
    const Attribute& a = m.attrs.back();
    std::uint32_t got = 0;
    if (!readU32(a.value, got) || a.offset + 8 != size) return false;
    return fingerprintOf(data, a.offset, size - kHeaderSize) == got;
}

std::vector<std::uint8_t> longTermKey(const std::string& user, const std::string& realm, const std::string& password) {
    const std::string s = user + ":" + realm + ":" + password;
    const crypto::Md5::Digest d = crypto::Md5::of(s.data(), s.size());
    return std::vector<std::uint8_t>(d.begin(), d.end());
}

std::vector<std::uint8_t> xorAddress(Address a) {
    const std::uint32_t ip = std::uint32_t(a >> 16) ^ kMagicCookie;
    const std::uint16_t port = std::uint16_t(std::uint16_t(a & 0xffff) ^ (kMagicCookie >> 16));
    std::vector<std::uint8_t> v = {0, 1};
    put16(v, port);
    put32(v, ip);
    return v;
}

bool readXorAddress(const std::vector<std::uint8_t>& v, Address& out) {
    if (v.size() != 8 || v[1] != 1) return false;
    const std::uint16_t port = std::uint16_t(be16(v.data() + 2) ^ (kMagicCookie >> 16));
    const std::uint32_t ip = be32(v.data() + 4) ^ kMagicCookie;
    out = Address(ip) << 16 | port;
    return true;
}

std::vector<std::uint8_t> u32(std::uint32_t v) {
    std::vector<std::uint8_t> o;
    put32(o, v);
    return o;
}

bool readU32(const std::vector<std::uint8_t>& v, std::uint32_t& out) {
    if (v.size() != 4) return false;
    out = be32(v.data());
    return true;
}

int errorCode(const std::vector<std::uint8_t>& v) {
    if (v.size() < 4) return 0;
    const int cls = v[2] & 7, number = v[3];
    if (cls < 3 || cls > 6 || number > 99) return 0;
    return cls * 100 + number;
}

}  // namespace net::stun
