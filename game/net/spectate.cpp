// Spectators (see spectate.h).
#include "game/net/spectate.h"

#include "game/net/crypto/hmac.h"
#include "game/net/crypto/random.h"

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
};

constexpr std::int64_t kAskEveryMs = 250;
constexpr std::int64_t kAckEveryMs = 100;
constexpr std::int64_t kAskForMs = 30000;  // a spectator gives up on a host that never answers (or never starts)
constexpr std::int64_t kVersionGraceMs = 750;  // another version's datagram ends the asking if nothing of ours came by then

/// The cookie's offset in every type that has one (Watch, Setup, Inputs), and the host's nonce's in a Setup.
constexpr std::size_t kCookieAt = 4;
constexpr std::size_t kSetupNonceAt = 9;
constexpr std::size_t kSetupMinSize = kSetupNonceAt + kNonceSize + 1 + kTagSize;  // a Welcome is never empty

std::uint32_t cookieAt(const std::uint8_t* data) {
    return std::uint32_t(data[kCookieAt]) | std::uint32_t(data[kCookieAt + 1]) << 8 |
           std::uint32_t(data[kCookieAt + 2]) << 16 | std::uint32_t(data[kCookieAt + 3]) << 24;
}

}  // namespace

bool isSpectateDatagram(const std::uint8_t* data, std::size_t size) { return size >= 2 && data[0] == 'B' && data[1] == 'S'; }

namespace {
const char kTagLabel[] = "bf spectate v3";  // the spectator stream's tags differ from any other use of the key

Tag spectateTag(const Key& key, const std::uint8_t* data, std::size_t size, const Nonce* context) {
    std::uint8_t ctx[sizeof kTagLabel - 1 + kNonceSize];
    std::copy(kTagLabel, kTagLabel + sizeof kTagLabel - 1, ctx);
    std::size_t n = sizeof kTagLabel - 1;
    if (context != nullptr) {
        std::copy(context->begin(), context->end(), ctx + n);
        n += kNonceSize;
    }
    return packetTag(key, data, size, ctx, n);
}
}  // namespace

bool spectateAuthentic(const Key& key, const std::uint8_t* data, std::size_t size, const Nonce* context) {
    if (data == nullptr || size < 4 + kTagSize || size > kMaxSpectateSize) return false;
    const Tag t = spectateTag(key, data, size, context);
    return crypto::equalConstantTime(t.data(), data + size - kTagSize, kTagSize);
}

Key spectateStreamKey(const Key& secret, const Nonce& spectatorNonce, const Nonce& hostNonce, std::uint32_t cookie) {
    return nonceKey(secret, "bf spectate key v3", spectatorNonce, hostNonce, cookie);
}

std::string spectateVersionText(int host) {
    return "refused: the host runs spectator stream version " + std::to_string(host) + ", this game " +
           std::to_string(int(kSpectateVersion));
}

bool decodeSpectate(const std::uint8_t* data, std::size_t size, SpectateMessage& out) {
    if (size < 4 + kTagSize || size > kMaxSpectateSize || !isSpectateDatagram(data, size) || data[2] != kSpectateVersion) {
        return false;
    }
    In in{data + 4, size - 4 - kTagSize};  // the body ends where the tag starts
    out = SpectateMessage();
    const std::uint8_t type = data[3];
    switch (type) {
    case std::uint8_t(SpectateType::Watch):
        if (size != kWatchSize) return false;  // padding and tag included
        out.cookie = in.u32();
        out.ackFrame = in.u32();
        for (std::uint8_t& b : out.nonce) b = in.u8();
        while (in.left > 0) {
            if (in.u8() != 0) return false;  // the padding is zeros: one spelling only
        }
        break;
    case std::uint8_t(SpectateType::Setup):
        out.cookie = in.u32();
        out.match = in.u8();
        for (std::uint8_t& b : out.nonce) b = in.u8();
        if (!in.ok || in.left == 0 || in.left > kMaxPacketSize) return false;
        out.welcome.assign(in.p, in.p + in.left);
        in.left = 0;
        break;
    case std::uint8_t(SpectateType::Inputs): {
        out.cookie = in.u32();
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
        break;
    }
    case std::uint8_t(SpectateType::Refuse): {
        const std::uint8_t r = in.u8();
        if (r == std::uint8_t(SpectateRefusal::Version)) {
            out.hostVersion = in.u8();
            if (out.hostVersion == kSpectateVersion) return false;  // not a reason between two of this version
        } else if (r != std::uint8_t(SpectateRefusal::Full) && r != std::uint8_t(SpectateRefusal::NoMatch)) {
            return false;
        }
        out.refusal = SpectateRefusal(r);
        break;
    }
    default:
        return false;
    }
    out.type = SpectateType(type);
    return in.ok && in.left == 0;
}

std::vector<std::uint8_t> encodeSpectate(const SpectateMessage& m, const Key& key, const Nonce* context) {
    std::vector<std::uint8_t> o = {'B', 'S', kSpectateVersion, std::uint8_t(m.type)};
    switch (m.type) {
    case SpectateType::Watch:
        put32(o, m.cookie);
        put32(o, m.ackFrame);
        o.insert(o.end(), m.nonce.begin(), m.nonce.end());
        o.resize(kWatchSize - kTagSize, 0);
        break;
    case SpectateType::Setup:
        put32(o, m.cookie);
        put8(o, m.match);
        o.insert(o.end(), m.nonce.begin(), m.nonce.end());
        o.insert(o.end(), m.welcome.begin(), m.welcome.end());
        break;
    case SpectateType::Inputs:
        put32(o, m.cookie);
        put32(o, m.lastFrame);
        put32(o, m.newest);
        put32(o, m.firstFrame);
        put16(o, std::uint16_t(m.inputs.size()));
        for (const sim::FrameInput& f : m.inputs) {
            put16(o, f.buttons[0]);
            put16(o, f.buttons[1]);
        }
        break;
    case SpectateType::Refuse:
        put8(o, std::uint8_t(m.refusal));
        if (m.refusal == SpectateRefusal::Version) put8(o, m.hostVersion);
        break;
    }
    o.resize(o.size() + kTagSize, 0);
    const Tag t = spectateTag(key, o.data(), o.size(), context);
    std::copy(t.begin(), t.end(), o.end() - std::ptrdiff_t(kTagSize));
    return o;
}

// ---- host side

void SpectatorHub::startMatch(const Packet& welcome, std::uint8_t match) {
    Packet w = welcome;
    w.token = 0;  // the match's token stays between the players
    w.name.clear();  // only the setup: no keys (the spectator's stream has its own)
    welcome_ = encodePacket(w);
    match_ = match;
    inputs_.clear();
    lastFrame_ = 0;
    started_ = true;
    for (Watcher& w2 : watchers_) {  // a rematch: everyone gets the new setup
        w2.confirmed = false;
        w2.ack = 0;
        w2.next = 1;
        w2.lastSetupMs = -1000000;
    }
}

void SpectatorHub::sendSetup(Watcher& w, Transport& t, std::int64_t nowMs) {
    SpectateMessage m;
    m.type = SpectateType::Setup;
    m.cookie = w.cookie;
    m.match = match_;
    m.nonce = w.hostNonce;
    m.welcome = welcome_;
    const std::vector<std::uint8_t> bytes = encodeSpectate(m, w.key);
    t.sendTo(w.addr, bytes.data(), bytes.size(), nowMs);
    w.lastSetupMs = nowMs;
}

void SpectatorHub::handle(const std::uint8_t* data, std::size_t size, Address from, Transport& t, std::int64_t nowMs) {
    // Another stream version: its layout is not this one's, and versions 1 and 2 can print no reason but "full"
    // and "no match", both false here; so no answer (docs/netcode.md, Spectators).
    if (size >= 3 && data[2] != kSpectateVersion) return void(++otherVersion_);
    auto it = std::find_if(watchers_.begin(), watchers_.end(), [&](const Watcher& w) { return w.addr == from; });
    // A Watch that echoes its watcher's cookie is under that stream's key; any other under the secret.
    const bool echoes = it != watchers_.end() && size == kWatchSize && cookieAt(data) == it->cookie;
    if (!spectateAuthentic(echoes ? it->key : key_, data, size)) return void(++forged_);  // dropped before decoding
    SpectateMessage m;
    if (!decodeSpectate(data, size, m) || m.type != SpectateType::Watch) return void(++malformed_);
    if (it == watchers_.end()) {
        if (m.cookie != 0) return void(++malformed_);  // a first Watch has no cookie
        if (!started_ && max_ > 0) return;  // no match yet: the spectator keeps asking
        if (int(watchers_.size()) >= max_) {
            ++refused_;
            SpectateMessage r;
            r.type = SpectateType::Refuse;
            r.refusal = SpectateRefusal::Full;
            const std::vector<std::uint8_t> bytes = encodeSpectate(r, key_, &m.nonce);
            t.sendTo(from, bytes.data(), bytes.size(), nowMs);
            return;
        }
        Watcher w;
        w.addr = from;
        w.spectatorNonce = m.nonce;
        if (!crypto::randomBytes(&w.cookie, sizeof w.cookie) || !crypto::randomBytes(w.hostNonce.data(), w.hostNonce.size())) {
            return;  // no predictable key: the spectator keeps asking
        }
        if (w.cookie == 0) w.cookie = 1;
        w.key = spectateStreamKey(key_, w.spectatorNonce, w.hostNonce, w.cookie);
        w.lastHeardMs = w.lastAckMoveMs = nowMs;
        watchers_.push_back(w);
        sendSetup(watchers_.back(), t, nowMs);
        return;
    }
    Watcher& w = *it;
    if (!echoes) {
        // The Setup was lost (the same nonce asks again); another nonce from this address is not this stream's
        // spectator: it waits until this one is dropped as silent, and does not keep it alive.
        if (m.cookie != 0 || m.nonce != w.spectatorNonce) return void(++malformed_);
        if (nowMs - w.lastSetupMs >= kAskEveryMs) sendSetup(w, t, nowMs);
        w.lastHeardMs = nowMs;
        return;
    }
    w.confirmed = true;
    w.lastHeardMs = nowMs;
    const std::uint32_t ack = std::min<std::uint32_t>(m.ackFrame, std::uint32_t(inputs_.size()));  // clamped to what exists
    if (ack > w.ack) {
        w.ack = ack;
        w.lastAckMoveMs = nowMs;
    }
    if (w.next <= w.ack) w.next = w.ack + 1;
}

void SpectatorHub::tick(Transport& t, std::int64_t nowMs) {
    for (auto it = watchers_.begin(); it != watchers_.end();) {
        if (nowMs - it->lastHeardMs > kSpectatorTimeoutMs) {
            ++dropped_;
            it = watchers_.erase(it);
            continue;
        }
        Watcher& w = *it++;
        if (!w.confirmed) continue;
        if (nowMs - w.lastAckMoveMs > kResendMs && w.next > w.ack + 1) {
            w.next = w.ack + 1;  // nothing acknowledged for a while: go back
            w.lastAckMoveMs = nowMs;
        }
        const std::uint32_t have = std::uint32_t(inputs_.size());
        const bool endNews = lastFrame_ > 0 && w.ack < lastFrame_;
        if (w.next > have && !endNews) continue;
        if (w.next > have) {
            if (nowMs - w.lastAckMoveMs < kResendMs) continue;  // everything sent: wait for the acknowledgement
            w.next = w.ack + 1;
            w.lastAckMoveMs = nowMs;
        }
        SpectateMessage m;
        m.type = SpectateType::Inputs;
        m.cookie = w.cookie;
        m.lastFrame = lastFrame_;
        m.newest = have;
        m.firstFrame = w.next;
        const std::uint32_t n = std::min<std::uint32_t>(have - std::min(have, w.next - 1), kMaxSpectateFrames);
        m.inputs.assign(inputs_.begin() + (w.next - 1), inputs_.begin() + (w.next - 1 + n));
        if (m.inputs.empty()) m.firstFrame = have + 1;  // only the news of the end
        const std::vector<std::uint8_t> bytes = encodeSpectate(m, w.key);
        t.sendTo(w.addr, bytes.data(), bytes.size(), nowMs);
        w.next += n;
        ++served_;
    }
}

bool SpectatorHub::allCaughtUp() const {
    for (const Watcher& w : watchers_) {
        if (w.confirmed && (lastFrame_ == 0 || w.ack < lastFrame_)) return false;
    }
    return true;
}

// ---- spectator side

void SpectatorClient::fail(const std::string& why) {
    if (state_ == SpectatorState::Done) return;
    state_ = SpectatorState::Done;
    failure_ = why;
}

bool SpectatorClient::fromHost(Address from) const {
    if (from == host_) return true;
    if (state_ != SpectatorState::Asking) return false;
    if (from == relay_ && relay_ != 0) return true;
    for (Address a : candidates_) {
        if (a == from) return true;
    }
    return false;
}

void SpectatorClient::sendWatch(std::int64_t nowMs) {
    SpectateMessage m;
    m.type = SpectateType::Watch;
    m.cookie = cookie_;
    m.ackFrame = std::uint32_t(inputs_.size());
    m.nonce = nonce_;
    const std::vector<std::uint8_t> bytes = encodeSpectate(m, cookie_ == 0 ? key_ : streamKey_);
    t_.sendTo(host_, bytes.data(), bytes.size(), nowMs);
    if (state_ == SpectatorState::Asking) {  // hole punching: every address the host may be at, at once
        for (Address a : candidates_) {
            if (a != host_) t_.sendTo(a, bytes.data(), bytes.size(), nowMs);
        }
        if (relay_ != 0 && relay_ != host_ && nowMs - startMs_ >= relayAfterMs_) t_.sendTo(relay_, bytes.data(), bytes.size(), nowMs);
    }
    lastSentMs_ = nowMs;
    fresh_ = false;
}

bool SpectatorClient::authentic(const std::uint8_t* data, std::size_t size) const {
    // Before decoding: the key follows from the type (a Setup names its cookie and the host's nonce).
    if (size < 4 + kTagSize) return false;
    switch (data[3]) {
    case std::uint8_t(SpectateType::Refuse): return spectateAuthentic(key_, data, size, &nonce_);
    case std::uint8_t(SpectateType::Setup): {
        if (size < kSetupMinSize) return false;
        Nonce hostNonce;
        std::copy(data + kSetupNonceAt, data + kSetupNonceAt + kNonceSize, hostNonce.begin());
        return spectateAuthentic(spectateStreamKey(key_, nonce_, hostNonce, cookieAt(data)), data, size);
    }
    default: return !streamKey_.empty() && spectateAuthentic(streamKey_, data, size);
    }
}

void SpectatorClient::tick(std::int64_t nowMs) {
    if (startMs_ < 0) {
        startMs_ = lastHeardMs_ = nowMs;
        if (!nonceSet_ && !crypto::randomBytes(nonce_.data(), nonce_.size())) {
            return fail("the system gave no random numbers");
        }
    }
    if (state_ == SpectatorState::Done) return;
    std::vector<std::uint8_t> data;
    Address from = 0;
    for (int i = 0; i < 4096 && t_.receive(data, from, nowMs); ++i) {
        if (!fromHost(from)) {
            ++malformed_;
            continue;
        }
        if (data.size() >= 3 && isSpectateDatagram(data.data(), data.size()) && data[2] != kSpectateVersion) {
            // Not trusted at once (anyone can send a few bytes from the host's address): the asking ends only if
            // nothing of this version comes within kVersionGraceMs.
            if (state_ == SpectatorState::Asking && otherVersion_ == 0) {
                otherVersion_ = data[2];
                otherVersionMs_ = nowMs;
            } else {
                ++malformed_;
            }
            continue;
        }
        if (!authentic(data.data(), data.size())) {  // dropped before decoding
            ++forged_;
            continue;
        }
        SpectateMessage m;
        if (!decodeSpectate(data.data(), data.size(), m)) {
            ++malformed_;
            continue;
        }
        if (m.type == SpectateType::Refuse) {
            if (m.refusal == SpectateRefusal::Version) return fail(spectateVersionText(m.hostVersion));
            return fail(m.refusal == SpectateRefusal::Full ? "refused: the host takes no more spectators"
                                                           : "refused: the host has no match running");
        }
        if (m.type == SpectateType::Setup) {
            Packet w;
            if (!decodePacket(m.welcome.data(), m.welcome.size(), w) || w.type != PacketType::Welcome ||
                w.version != kProtocolVersion) {
                ++malformed_;
                continue;
            }
            otherVersion_ = 0;  // the host speaks this version
            if (state_ == SpectatorState::Watching && m.match == match_ && m.cookie == cookie_) continue;  // repeated
            if (state_ == SpectatorState::Watching && m.match != match_) {
                return fail("the players started a rematch (a spectator follows one match)");
            }
            host_ = from;  // the address that answered is the host's from now on
            candidates_.clear();
            welcome_ = w;
            cookie_ = m.cookie;
            streamKey_ = spectateStreamKey(key_, nonce_, m.nonce, m.cookie);
            match_ = m.match;
            state_ = SpectatorState::Watching;
            lastHeardMs_ = nowMs;
            sendWatch(nowMs);
            continue;
        }
        if (m.type != SpectateType::Inputs || state_ != SpectatorState::Watching || m.cookie != cookie_) {
            ++malformed_;
            continue;
        }
        lastHeardMs_ = nowMs;
        if (m.lastFrame != 0) lastFrame_ = m.lastFrame;
        newest_ = std::max(newest_, m.newest);
        const std::size_t have = inputs_.size();
        if (m.firstFrame <= have + 1) {  // contiguous with what we hold (older frames are duplicates)
            for (std::size_t k = have + 1 - m.firstFrame; k < m.inputs.size(); ++k) inputs_.push_back(m.inputs[k]);
        }
        fresh_ = true;
    }
    if (state_ == SpectatorState::Asking && otherVersion_ != 0 && nowMs - otherVersionMs_ >= kVersionGraceMs) {
        return fail(spectateVersionText(otherVersion_));
    }
    if (state_ == SpectatorState::Asking && nowMs - startMs_ > kAskForMs) return fail("no answer from the host");
    if (state_ == SpectatorState::Watching && nowMs - lastHeardMs_ > kSpectatorTimeoutMs &&
        (lastFrame_ == 0 || inputs_.size() < lastFrame_)) {
        return fail("connection lost");
    }
    const std::int64_t every = state_ == SpectatorState::Asking ? kAskEveryMs : kAckEveryMs;
    if (nowMs - lastSentMs_ >= every || fresh_) sendWatch(nowMs);
}

}  // namespace net
