// Packet encoding and the defensive decoder (layout in packet.h). The reader never reads past the end and
// remembers the first failure, so decode code stays a straight list of fields with range checks after them.
#include "game/net/packet.h"

#include "game/net/crypto/hmac.h"
#include "game/net/crypto/sha256.h"
#include "game/net/wire.h"

#include <cstring>

namespace net {
namespace {

using wire::Reader;
using wire::Writer;

constexpr std::uint8_t kMagic0 = 'B';
constexpr std::uint8_t kMagic1 = 'F';
constexpr std::uint32_t kMaxFrames = 1000000;  // longest match (the replays' limit)
constexpr std::int32_t kMaxHealth = 100000;    // largest start health on the wire

bool inRange(std::int64_t v, std::int64_t lo, std::int64_t hi) { return v >= lo && v <= hi; }

/// Reads a one-byte enum whose values run 0..last; out of range fails the reader.
template <typename Enum>
Enum readEnum(Reader& r, Enum last) {
    const std::uint8_t v = r.u8();
    if (v > std::uint8_t(last)) r.ok = false;
    return r.ok ? Enum(v) : Enum(0);
}

void writeSetup(Writer& w, const sim::MatchSetup& s) {
    w.uint(s.seed, 8);
    w.str(s.fighter[0]);
    w.str(s.fighter[1]);
    w.uint(std::uint32_t(s.roundsToWin), 2);
    w.uint(std::uint32_t(s.roundFrames), 4);
    for (int i = 0; i < 2; ++i) w.uint(std::uint32_t(s.startX[i]), 4);
    for (int i = 0; i < 2; ++i) w.uint(std::uint32_t(s.startHealth[i]), 4);
    w.uint(std::uint32_t(s.intro), 2);
    for (int i = 0; i < 2; ++i) w.u8(std::uint8_t(s.style[i]));
    w.u8(std::uint8_t(s.counter));
}

/// Reads what writeSetup wrote into a default Versus setup; false when a field is out of range.
bool readSetup(Reader& r, sim::MatchSetup& out) {
    sim::MatchSetup s;
    s.mode = sim::Mode::Versus;
    s.seed = r.uint(8);
    s.fighter[0] = r.str(kMaxFighterIdLength);
    s.fighter[1] = r.str(kMaxFighterIdLength);
    s.roundsToWin = int(r.uint(2));
    s.roundFrames = int(r.uint(4));
    for (int i = 0; i < 2; ++i) s.startX[i] = r.i32();
    for (int i = 0; i < 2; ++i) s.startHealth[i] = r.i32();
    s.intro = int(r.uint(2));
    for (int i = 0; i < 2; ++i) s.style[i] = readEnum(r, sim::InputStyle::Simple);
    s.counter = readEnum(r, sim::CounterHits::Always);
    if (!r.ok || !validFighterId(s.fighter[0]) || !validFighterId(s.fighter[1])) return false;
    if (!inRange(s.roundsToWin, 1, sim::kMaxRoundsToWin) || !inRange(s.roundFrames, 1, kMaxFrames)) return false;
    if (!inRange(s.intro, 0, sim::kMaxIntro)) return false;
    for (int i = 0; i < 2; ++i) {
        if (!inRange(s.startX[i], 0, sim::kStageWidth) || !inRange(s.startHealth[i], 0, kMaxHealth)) return false;
    }
    out = s;
    return true;
}

void writeInput(Writer& w, const Packet& p) {
    w.uint(p.seq, 4);
    w.uint(p.sendTime, 4);
    w.uint(p.echoTime, 4);
    w.uint(p.echoHold, 2);
    w.uint(p.ackFrame, 4);
    w.uint(p.senderFrame, 4);
    w.u8(std::uint8_t(p.advantage));
    std::uint8_t flags = p.flags & std::uint8_t(~(kFlagSignAck | kFlagCountersign));
    if (p.signAck != 0) flags |= kFlagSignAck;
    if (p.signFrame != 0) flags |= kFlagCountersign;
    w.u8(flags);
    w.u8(p.match);
    w.uint(p.firstFrame, 4);
    w.u8(std::uint8_t(p.buttons.size()));
    for (std::uint16_t b : p.buttons) w.uint(b, 2);
    w.uint(p.hashFrame, 4);
    w.uint(p.hash, 8);
    if (p.signAck != 0) w.uint(p.signAck, 4);
    if (p.signFrame != 0) {
        w.uint(p.signFrame, 4);
        w.raw(p.countersign);
    }
}

bool readInput(Reader& r, Packet& p) {
    p.seq = std::uint32_t(r.uint(4));
    p.sendTime = std::uint32_t(r.uint(4));
    p.echoTime = std::uint32_t(r.uint(4));
    p.echoHold = std::uint16_t(r.uint(2));
    p.ackFrame = std::uint32_t(r.uint(4));
    p.senderFrame = std::uint32_t(r.uint(4));
    p.advantage = std::int8_t(r.u8());
    p.flags = r.u8();
    p.match = r.u8();
    p.firstFrame = std::uint32_t(r.uint(4));
    const std::size_t count = r.u8();
    if (!r.ok || count > std::size_t(kMaxInputsPerPacket) || 2 * count > r.left) return false;
    p.buttons.resize(count);
    for (std::uint16_t& b : p.buttons) {
        b = std::uint16_t(r.uint(2));
        if ((b & ~wireButtons()) != 0) return false;  // a bit no button has: the sender is broken or hostile
    }
    p.hashFrame = std::uint32_t(r.uint(4));
    p.hash = r.uint(8);
    if (p.flags & kFlagSignAck) p.signAck = std::uint32_t(r.uint(4));
    if (p.flags & kFlagCountersign) {
        p.signFrame = std::uint32_t(r.uint(4));
        r.raw(p.countersign);
    }
    // A flag whose field is 0 would encode without it: refused, so every packet has one encoding.
    const bool zeroField =
        ((p.flags & kFlagSignAck) && p.signAck == 0) || ((p.flags & kFlagCountersign) && p.signFrame == 0);
    if (zeroField || p.signAck > kMaxFrames || p.signFrame > kMaxFrames) return false;
    if (!r.ok || (p.flags & ~(kFlagLeaving | kFlagRematch | kFlagSignAck | kFlagCountersign)) != 0) return false;
    if (p.ackFrame > kMaxFrames || p.senderFrame > kMaxFrames || p.hashFrame > kMaxFrames) return false;
    if (count > 0 && (p.firstFrame < 1 || p.firstFrame > kMaxFrames)) return false;
    return true;
}

}  // namespace

bool decodeAny(const std::uint8_t* data, std::size_t size, Packet& out, bool clear);

bool validFighterId(const std::string& id) {
    if (id.empty() || id.size() > kMaxFighterIdLength) return false;
    for (char c : id) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
        if (!ok) return false;
    }
    return true;
}

bool wireSetup(const sim::MatchSetup& in, sim::MatchSetup& out) {
    if (!validFighterId(in.fighter[0]) || !validFighterId(in.fighter[1])) return false;  // before a length byte wraps
    Writer w;
    writeSetup(w, in);
    Reader r{w.bytes.data(), w.bytes.size()};
    if (!readSetup(r, out) || r.left != 0) return false;
    return out.roundsToWin == in.roundsToWin && out.intro == in.intro;  // the 2-byte fields did not wrap
}

std::vector<std::uint8_t> encodePacket(const Packet& p) {
    Writer w;
    w.u8(kMagic0);
    w.u8(kMagic1);
    w.u8(kProtocolVersion);
    w.u8(std::uint8_t(p.type));
    w.uint(p.token, 4);
    switch (p.type) {
    case PacketType::Hello:
        w.str(p.fighter);
        w.u8(std::uint8_t(p.style));
        w.uint(p.rules, 8);
        w.raw(p.ephemeral);
        w.raw(p.cookie);
        w.raw(p.identity);
        w.str(p.name);
        w.raw(p.signature);
        break;
    case PacketType::Welcome:
        writeSetup(w, p.setup);
        w.uint(p.frameLimit, 4);
        w.uint(p.rules, 8);
        w.str(p.name);
        if (p.name.empty()) break;  // a spectator's copy of the setup: no keys
        w.raw(p.ephemeral);
        w.raw(p.identity);
        w.raw(p.signature);
        break;
    case PacketType::Confirm:
        w.raw(p.identity);
        w.str(p.name);
        w.raw(p.signature);
        break;
    case PacketType::Refuse: w.u8(std::uint8_t(p.reason)); break;
    case PacketType::Input: writeInput(w, p); break;
    case PacketType::Challenge: w.raw(p.cookie); break;
    case PacketType::Punch: break;
    }
    w.raw(p.tag);
    return w.bytes;
}

bool decodePacket(const std::uint8_t* data, std::size_t size, Packet& out) { return decodeAny(data, size, out, false); }
bool decodeClearPacket(const std::uint8_t* data, std::size_t size, Packet& out) {
    return decodeAny(data, size, out, true);
}

namespace {

/// A clear packet's body after its header, up to its tag: each type's fields, checked.
bool readBody(Reader& r, Packet& out) {
    bool ok = false;
    switch (out.type) {
    case PacketType::Hello:
        out.fighter = r.str(kMaxFighterIdLength);
        out.style = readEnum(r, sim::InputStyle::Simple);
        out.rules = r.uint(8);
        r.raw(out.ephemeral);
        r.raw(out.cookie);
        r.raw(out.identity);
        out.name = r.str(kMaxPlayerNameLength);
        r.raw(out.signature);
        ok = r.ok && validFighterId(out.fighter) && validPlayerName(out.name);
        break;
    case PacketType::Welcome:
        ok = readSetup(r, out.setup);
        out.frameLimit = std::uint32_t(r.uint(4));
        out.rules = r.uint(8);
        out.name = r.str(kMaxPlayerNameLength);
        if (r.ok && !out.name.empty()) {
            r.raw(out.ephemeral);
            r.raw(out.identity);
            r.raw(out.signature);
        }
        ok = ok && r.ok && out.frameLimit <= kMaxFrames && (out.name.empty() || validPlayerName(out.name));
        break;
    case PacketType::Confirm:
        r.raw(out.identity);
        out.name = r.str(kMaxPlayerNameLength);
        r.raw(out.signature);
        ok = r.ok && validPlayerName(out.name);
        break;
    case PacketType::Challenge:
        r.raw(out.cookie);
        ok = r.ok;
        break;
    case PacketType::Punch: ok = true; break;
    case PacketType::Refuse: {
        const std::uint8_t why = r.u8();
        ok = r.ok && why >= std::uint8_t(RefuseReason::Version) && why <= std::uint8_t(RefuseReason::NotAccepted);
        out.reason = RefuseReason(why);
        break;
    }
    case PacketType::Input: ok = readInput(r, out); break;
    }
    return ok;
}

}  // namespace

bool decodeAny(const std::uint8_t* data, std::size_t size, Packet& out, bool clear) {
    if (data == nullptr || size > kMaxPacketSize) return false;
    Reader r{data, size};
    if (r.u8() != kMagic0 || r.u8() != kMagic1) return false;
    out.version = r.u8();
    const std::uint8_t type = r.u8();
    if (!r.ok || packetTypeInfo(type) == nullptr) return false;  // a number kPacketTypes does not list
    out.type = PacketType(type);
    out.token = std::uint32_t(r.uint(4));
    if (!r.ok) return false;
    if (out.version != kProtocolVersion) return true;  // header only: the handshake refuses it by version
    if (!clear && sealedType(out.type)) return r.left >= kSealOverhead;  // the body is opened by openOnChannel
    if (r.left < kTagSize) return false;
    r.left -= kTagSize;  // the body ends where the tag starts
    const bool ok = readBody(r, out);
    if (!ok || r.left != 0) return false;
    r.left = kTagSize;
    r.raw(out.tag);
    return r.ok;
}

Tag packetTag(const Key& key, const std::uint8_t* bytes, std::size_t size, const std::uint8_t* context,
              std::size_t contextSize) {
    crypto::Hmac<crypto::Sha256> mac(key.data(), key.size());
    if (contextSize > 0) mac.update(context, contextSize);
    mac.update(bytes, size >= kTagSize ? size - kTagSize : 0);
    const auto full = mac.finish();
    Tag t;
    for (std::size_t i = 0; i < kTagSize; ++i) t[i] = full[i];
    return t;
}

std::vector<std::uint8_t> sealPacket(const Packet& p, const Key& key, const std::uint8_t* context,
                                     std::size_t contextSize) {
    std::vector<std::uint8_t> bytes = encodePacket(p);
    const Tag t = packetTag(key, bytes.data(), bytes.size(), context, contextSize);
    for (std::size_t i = 0; i < kTagSize; ++i) bytes[bytes.size() - kTagSize + i] = t[i];
    return bytes;
}

bool packetAuthentic(const Key& key, const std::uint8_t* bytes, std::size_t size, const std::uint8_t* context,
                     std::size_t contextSize) {
    if (bytes == nullptr || size < kTagSize) return false;
    const Tag t = packetTag(key, bytes, size, context, contextSize);
    return crypto::equalConstantTime(t.data(), bytes + size - kTagSize, kTagSize);
}

std::vector<std::uint8_t> sealOnChannel(const Packet& p, Channel& ch) {
    const std::vector<std::uint8_t> clear = encodePacket(p);
    return ch.seal(clear.data(), kPacketHeaderSize, clear.data() + kPacketHeaderSize,
                   clear.size() - kPacketHeaderSize - kTagSize);
}

bool openOnChannel(Channel& ch, const std::uint8_t* data, std::size_t size, Packet& out) {
    std::vector<std::uint8_t> plain;
    if (size < kPacketHeaderSize || !ch.open(data, size, kPacketHeaderSize, plain)) return false;
    std::vector<std::uint8_t> clear(data, data + kPacketHeaderSize);
    clear.insert(clear.end(), plain.begin(), plain.end());
    clear.resize(clear.size() + kTagSize, 0);
    const std::uint64_t counter = [&] {
        std::uint64_t c = 0;
        for (std::size_t i = 0; i < 8; ++i) c |= std::uint64_t(data[kPacketHeaderSize + i]) << (8 * i);
        return c;
    }();
    if (!decodeClearPacket(clear.data(), clear.size(), out) || !sealedType(out.type)) return false;
    out.counter = counter;
    return true;
}

std::array<std::uint8_t, 32> handshakeTranscript(const Packet& hello, const Packet& welcome) {
    Packet h = hello, w = welcome;
    h.type = PacketType::Hello;
    w.type = PacketType::Welcome;
    h.cookie = Nonce{};
    h.token = 0;
    h.tag = w.tag = Tag{};
    w.signature = Signature{};
    const std::vector<std::uint8_t> hb = encodePacket(h), wb = encodePacket(w);
    static const char kLabel[] = "bf handshake v5";
    crypto::Sha256 sha;
    sha.update(kLabel, sizeof kLabel - 1);
    sha.update(hb.data(), hb.size());
    sha.update(wb.data(), wb.size());
    return sha.finish();
}

std::array<std::uint8_t, 32> helloDigest(const Packet& hello) {
    Packet h = hello;
    h.type = PacketType::Hello;
    h.cookie = Nonce{};  // the host's cookie comes later: the signature stands for every Hello of this key
    h.token = 0;
    h.tag = Tag{};
    h.signature = Signature{};
    const std::vector<std::uint8_t> hb = encodePacket(h);
    static const char kLabel[] = "bf hello v5";
    crypto::Sha256 sha;
    sha.update(kLabel, sizeof kLabel - 1);
    sha.update(hb.data(), hb.size());
    return sha.finish();
}

std::array<std::uint8_t, 32> confirmDigest(const std::array<std::uint8_t, 32>& transcript, const IdentityKey& joiner,
                                           const std::string& name) {
    static const char kLabel[] = "bf confirm v5";
    crypto::Sha256 sha;
    sha.update(kLabel, sizeof kLabel - 1);
    sha.update(transcript.data(), transcript.size());
    sha.update(joiner.data(), joiner.size());
    sha.update(name.data(), name.size());
    return sha.finish();
}

Key nonceKey(const Key& secret, const char* label, const Nonce& first, const Nonce& second, std::uint32_t n) {
    crypto::Hmac<crypto::Sha256> mac(secret.data(), secret.size());
    mac.update(label, std::strlen(label));
    mac.update(first.data(), first.size());
    mac.update(second.data(), second.size());
    std::uint8_t t[4];
    for (int i = 0; i < 4; ++i) t[i] = std::uint8_t(n >> (8 * i));
    mac.update(t, sizeof t);
    const auto d = mac.finish();
    return Key(d.begin(), d.end());
}

}  // namespace net
