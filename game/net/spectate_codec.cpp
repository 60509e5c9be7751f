// The spectator stream's datagrams (see spectate.h): the codec, the tags of the clear types and the seal of the
// others, the transcript and what the host signs.
#include "game/net/spectate.h"

#include "game/net/crypto/hmac.h"

#include <sodium.h>

#include <algorithm>

namespace net {
namespace {

void put8(std::vector<std::uint8_t>& o, std::uint8_t v) { o.push_back(v); }
void put16(std::vector<std::uint8_t>& o, std::uint16_t v) {
    o.push_back(std::uint8_t(v));
    o.push_back(std::uint8_t(v >> 8));
}
void put32(std::vector<std::uint8_t>& o, std::uint32_t v) {
    put16(o, std::uint16_t(v));
    put16(o, std::uint16_t(v >> 16));
}
template <std::size_t N>
void putRaw(std::vector<std::uint8_t>& o, const std::array<std::uint8_t, N>& a) {
    o.insert(o.end(), a.begin(), a.end());
}

/// Bounded little-endian reads: every read checks what is left.
struct In {
    const std::uint8_t* p;
    std::size_t left;
    bool ok = true;
    std::uint8_t u8() {
        if (left < 1) return ok = false, 0;
        --left;
        return *p++;
    }
    std::uint16_t u16() {
        const std::uint8_t a = u8(), b = u8();
        return std::uint16_t(a | b << 8);
    }
    std::uint32_t u32() {
        const std::uint16_t a = u16(), b = u16();
        return std::uint32_t(a) | std::uint32_t(b) << 16;
    }
    template <std::size_t N>
    void raw(std::array<std::uint8_t, N>& a) {
        for (std::uint8_t& b : a) b = u8();
    }
};

const char kTagLabel[] = "bf spectate v4";  // the clear types' tags differ from any other use of the empty key

Tag clearTag(const std::uint8_t* data, std::size_t size, const KxKey* context) {
    std::uint8_t ctx[sizeof kTagLabel - 1 + 32];
    std::copy(kTagLabel, kTagLabel + sizeof kTagLabel - 1, ctx);
    std::size_t n = sizeof kTagLabel - 1;
    if (context != nullptr) {
        std::copy(context->begin(), context->end(), ctx + n);
        n += context->size();
    }
    return packetTag(Key{}, data, size, ctx, n);
}

std::size_t headerSize(SpectateType t) { return t == SpectateType::Setup ? kSetupHeaderSize : kSpectateHeaderSize; }

/// The plaintext of a sealed type.
std::vector<std::uint8_t> sealedBody(const SpectateMessage& m) {
    std::vector<std::uint8_t> o;
    switch (m.type) {
    case SpectateType::Setup:
        put8(o, m.match);
        putRaw(o, m.identity);
        put8(o, std::uint8_t(m.name.size()));
        o.insert(o.end(), m.name.begin(), m.name.end());
        putRaw(o, m.signature);
        o.insert(o.end(), m.welcome.begin(), m.welcome.end());
        break;
    case SpectateType::Inputs:
        put32(o, m.lastFrame);
        put32(o, m.newest);
        put32(o, m.firstFrame);
        put16(o, std::uint16_t(m.inputs.size()));
        for (const sim::FrameInput& f : m.inputs) {
            put16(o, f.buttons[0]);
            put16(o, f.buttons[1]);
        }
        break;
    case SpectateType::Ack: put32(o, m.ackFrame); break;
    default: break;
    }
    return o;
}

bool readSetupBody(In& in, SpectateMessage& out) {
    out.match = in.u8();
    in.raw(out.identity);
    const std::size_t n = in.u8();
    if (!in.ok || n == 0 || n > kMaxPlayerNameLength || n > in.left) return false;
    out.name.assign(reinterpret_cast<const char*>(in.p), n);
    in.p += n;
    in.left -= n;
    in.raw(out.signature);
    if (!in.ok || in.left == 0 || in.left > kMaxPacketSize || !validPlayerName(out.name)) return false;
    out.welcome.assign(in.p, in.p + in.left);
    in.left = 0;
    return true;
}

bool readInputsBody(In& in, SpectateMessage& out) {
    out.lastFrame = in.u32();
    out.newest = in.u32();
    out.firstFrame = in.u32();
    const std::uint16_t count = in.u16();
    if (!in.ok || count > kMaxSpectateFrames || out.firstFrame == 0 || in.left != std::size_t(count) * 4) return false;
    out.inputs.resize(count);
    for (sim::FrameInput& f : out.inputs) {
        f.buttons[0] = in.u16();
        f.buttons[1] = in.u16();
        if (((f.buttons[0] | f.buttons[1]) & ~wireButtons()) != 0) return false;
    }
    return true;
}

bool readSealedBody(const std::vector<std::uint8_t>& plain, SpectateMessage& out) {
    In in{plain.data(), plain.size()};
    switch (out.type) {
    case SpectateType::Setup:
        if (!readSetupBody(in, out)) return false;
        break;
    case SpectateType::Inputs:
        if (!readInputsBody(in, out)) return false;
        break;
    case SpectateType::Ack: out.ackFrame = in.u32(); break;
    default: return false;
    }
    return in.ok && in.left == 0;
}

bool readClearBody(const std::uint8_t* data, std::size_t size, SpectateMessage& out) {
    In in{data + 4, size - 4 - kTagSize};  // the body ends where the tag starts
    if (out.type == SpectateType::Watch) {
        if (size != kWatchSize) return false;  // padding and tag included
        in.raw(out.key);
        in.raw(out.watchCookie);
        while (in.left > 0) {
            if (in.u8() != 0) return false;  // the padding is zeros: one spelling only
        }
        return in.ok;
    }
    if (out.type == SpectateType::Challenge) {
        in.raw(out.watchCookie);
        return in.ok && in.left == 0;
    }
    const std::uint8_t r = in.u8();
    if (r == std::uint8_t(SpectateRefusal::Version)) {
        out.hostVersion = in.u8();
        if (out.hostVersion == kSpectateVersion) return false;  // not a reason between two of this version
    } else if (r != std::uint8_t(SpectateRefusal::Full) && r != std::uint8_t(SpectateRefusal::NoMatch)) {
        return false;
    }
    out.refusal = SpectateRefusal(r);
    return in.ok && in.left == 0;
}

}  // namespace

bool isSpectateDatagram(const std::uint8_t* data, std::size_t size) {
    return size >= 2 && data[0] == 'B' && data[1] == 'S';
}

bool sealedSpectateType(SpectateType t) {
    return t == SpectateType::Setup || t == SpectateType::Inputs || t == SpectateType::Ack;
}

bool spectateHead(const std::uint8_t* data, std::size_t size, SpectateMessage& out) {
    if (data == nullptr || size < 4 + kTagSize || size > kMaxSpectateSize || !isSpectateDatagram(data, size) ||
        data[2] != kSpectateVersion || data[3] < 1 || data[3] > 6) {
        return false;
    }
    out = SpectateMessage();
    out.type = SpectateType(data[3]);
    if (!sealedSpectateType(out.type)) return true;
    if (size < headerSize(out.type) + kSealOverhead) return false;
    In in{data + 4, size - 4};
    out.cookie = in.u32();
    if (out.type == SpectateType::Setup) in.raw(out.key);
    return out.cookie != 0;
}

std::vector<std::uint8_t> encodeSpectate(const SpectateMessage& m, Channel* channel, const KxKey* context) {
    std::vector<std::uint8_t> o = {'B', 'S', kSpectateVersion, std::uint8_t(m.type)};
    if (sealedSpectateType(m.type)) {
        if (channel == nullptr) return {};
        put32(o, m.cookie);
        if (m.type == SpectateType::Setup) putRaw(o, m.key);
        const std::vector<std::uint8_t> body = sealedBody(m);
        return channel->seal(o.data(), o.size(), body.data(), body.size());
    }
    if (m.type == SpectateType::Watch) {
        putRaw(o, m.key);
        putRaw(o, m.watchCookie);
        o.resize(kWatchSize - kTagSize, 0);
    } else if (m.type == SpectateType::Challenge) {
        putRaw(o, m.watchCookie);
    } else {
        put8(o, std::uint8_t(m.refusal));
        if (m.refusal == SpectateRefusal::Version) put8(o, m.hostVersion);
    }
    o.resize(o.size() + kTagSize, 0);
    const Tag t = clearTag(o.data(), o.size(), context);
    std::copy(t.begin(), t.end(), o.end() - std::ptrdiff_t(kTagSize));
    return o;
}

SpectateRead readSpectate(const std::uint8_t* data, std::size_t size, SpectateMessage& out, Channel* channel,
                          const KxKey* context) {
    if (!spectateHead(data, size, out)) return SpectateRead::Malformed;
    if (!sealedSpectateType(out.type)) {
        const Tag t = clearTag(data, size, context);
        if (!crypto::equalConstantTime(t.data(), data + size - kTagSize, kTagSize)) return SpectateRead::Forged;
        return readClearBody(data, size, out) ? SpectateRead::Ok : SpectateRead::Malformed;
    }
    std::vector<std::uint8_t> plain;
    if (channel == nullptr || !channel->open(data, size, headerSize(out.type), plain)) return SpectateRead::Forged;
    return readSealedBody(plain, out) ? SpectateRead::Ok : SpectateRead::Malformed;
}

std::array<std::uint8_t, 32> spectateTranscript(const KxKey& spectator, const KxKey& host, std::uint32_t cookie) {
    static const char label[] = "bf spectate transcript v4";
    std::vector<std::uint8_t> b(label, label + sizeof label - 1);
    putRaw(b, spectator);
    putRaw(b, host);
    put32(b, cookie);
    std::array<std::uint8_t, 32> d;
    crypto_generichash(d.data(), d.size(), b.data(), b.size(), nullptr, 0);
    return d;
}

std::array<std::uint8_t, 32> setupDigest(const std::array<std::uint8_t, 32>& transcript, const SpectateMessage& setup) {
    static const char label[] = "bf spectate setup v4";
    std::vector<std::uint8_t> b(label, label + sizeof label - 1);
    putRaw(b, transcript);
    put8(b, setup.match);
    putRaw(b, setup.identity);
    put8(b, std::uint8_t(setup.name.size()));
    b.insert(b.end(), setup.name.begin(), setup.name.end());
    b.insert(b.end(), setup.welcome.begin(), setup.welcome.end());
    std::array<std::uint8_t, 32> d;
    crypto_generichash(d.data(), d.size(), b.data(), b.size(), nullptr, 0);
    return d;
}

std::string spectateVersionText(int host) {
    return "refused: the host runs spectator stream version " + std::to_string(host) + ", this game " +
           std::to_string(int(kSpectateVersion));
}

}  // namespace net
