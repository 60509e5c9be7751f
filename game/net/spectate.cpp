// Spectators (see spectate.h).
#include "game/net/spectate.h"

#include "game/net/crypto/hmac.h"
#include "game/net/crypto/random.h"

#include <sodium.h>

#include <algorithm>

namespace net {
namespace {

constexpr std::int64_t kAskEveryMs = 250;
constexpr std::int64_t kAckEveryMs = 100;
constexpr std::int64_t kAskForMs = 30000;  // a spectator gives up on a host that never answers (or never starts)

}  // namespace

// ---- host side

namespace {

constexpr int kWatchRefusalsPerSecond = 20;  // the hub's answers to Watches it does not take, at most

/// Version 3's layout (git history of game/net/spectate.h), enough to tell a version-3 spectator why: its first
/// Watch is 208 bytes, cookie 0, its nonce at bytes 12-27, tagged (HMAC-SHA-256 of a label and the bytes, truncated)
/// under the empty key (the direct path) or HMAC-SHA-256 under a zero room secret of "bf spectators v1" (a lobby of
/// protocol 4 gives no secret); its Refuse "another version" is `B S 3 4 3 VERSION` tagged under the same key with
/// the Watch's nonce as context.
constexpr std::size_t kV3WatchSize = 208;
const char kV3Label[] = "bf spectate v3";

Key v3LobbyKey() {
    static const char label[] = "bf spectators v1";
    const std::uint8_t zeroSecret[crypto_auth_hmacsha256_KEYBYTES] = {};
    Key k(crypto_auth_hmacsha256_BYTES);
    crypto_auth_hmacsha256(k.data(), reinterpret_cast<const unsigned char*>(label), sizeof label - 1, zeroSecret);
    return k;
}

bool v3Authentic(const Key& key, const std::uint8_t* data, std::size_t size, const std::uint8_t* nonce) {
    std::uint8_t ctx[sizeof kV3Label - 1 + kNonceSize];
    std::copy(kV3Label, kV3Label + sizeof kV3Label - 1, ctx);
    std::size_t n = sizeof kV3Label - 1;
    if (nonce != nullptr) {
        std::copy(nonce, nonce + kNonceSize, ctx + n);
        n += kNonceSize;
    }
    const Tag t = packetTag(key, data, size, ctx, n);
    return crypto::equalConstantTime(t.data(), data + size - kTagSize, kTagSize);
}

}  // namespace

void SpectatorHub::startMatch(const Packet& welcome, std::uint8_t match) {
    Packet w = welcome;
    w.token = 0;     // the match's token stays between the players
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
    if (!identity_.valid && !makeIdentity("host", identity_)) return;
    SpectateMessage m;
    m.type = SpectateType::Setup;
    m.cookie = w.cookie;
    m.key = w.hostKey;
    m.match = match_;
    m.identity = identity_.publicKey;
    m.name = identity_.name;
    m.welcome = welcome_;
    m.signature = signDigest(identity_, setupDigest(w.transcript, m));
    const std::vector<std::uint8_t> bytes = encodeSpectate(m, &w.channel);
    t.sendTo(w.addr, bytes.data(), bytes.size(), nowMs);
    w.lastSetupMs = nowMs;
}

bool SpectatorHub::mayRefuse(std::int64_t nowMs) {
    if (nowMs - refusalWindowMs_ >= 1000) {
        refusalWindowMs_ = nowMs;
        refusalsInWindow_ = 0;
    }
    return ++refusalsInWindow_ <= kWatchRefusalsPerSecond;
}

void SpectatorHub::refuse(SpectateRefusal why, const KxKey& context, Address to, Transport& t, std::int64_t nowMs) {
    if (!mayRefuse(nowMs)) return;
    SpectateMessage r;
    r.type = SpectateType::Refuse;
    r.refusal = why;
    const std::vector<std::uint8_t> bytes = encodeSpectate(r, nullptr, &context);
    t.sendTo(to, bytes.data(), bytes.size(), nowMs);
}

bool SpectatorHub::answerOldVersion(const std::uint8_t* data, std::size_t size, Address from, Transport& t,
                                    std::int64_t nowMs) {
    if (size != kV3WatchSize || data[2] != 3 || data[3] != std::uint8_t(SpectateType::Watch)) return false;
    if (data[4] != 0 || data[5] != 0 || data[6] != 0 || data[7] != 0) return false;  // only a first Watch
    Key key;
    if (!v3Authentic(key, data, size, nullptr)) {
        key = v3LobbyKey();
        if (!v3Authentic(key, data, size, nullptr)) return false;
    }
    if (!mayRefuse(nowMs)) return false;
    std::vector<std::uint8_t> r = {
        'B', 'S', 3, std::uint8_t(SpectateType::Refuse), std::uint8_t(SpectateRefusal::Version), kSpectateVersion};
    r.resize(r.size() + kTagSize, 0);
    std::uint8_t ctx[sizeof kV3Label - 1 + kNonceSize];
    std::copy(kV3Label, kV3Label + sizeof kV3Label - 1, ctx);
    std::copy(data + 12, data + 12 + kNonceSize, ctx + sizeof kV3Label - 1);
    const Tag tag = packetTag(key, r.data(), r.size(), ctx, sizeof ctx);
    std::copy(tag.begin(), tag.end(), r.end() - std::ptrdiff_t(kTagSize));
    t.sendTo(from, r.data(), r.size(), nowMs);
    return true;
}

void SpectatorHub::handle(const std::uint8_t* data, std::size_t size, Address from, Transport& t, std::int64_t nowMs) {
    // Another stream version: its layout is not this one's. Version 3 is told in its own layout; versions 1 and 2
    // can print no reason but "full" and "no match", both false here, so no answer (docs/netcode.md, Spectators).
    if (size >= 3 && data[2] != kSpectateVersion) {
        ++otherVersion_;
        answerOldVersion(data, size, from, t, nowMs);
        return;
    }
    SpectateMessage head;
    if (!spectateHead(data, size, head)) return void(++malformed_);
    if (head.type == SpectateType::Ack) return acked(data, size, head.cookie, from, nowMs);
    if (head.type != SpectateType::Watch) return void(++malformed_);
    SpectateMessage m;
    const SpectateRead r = readSpectate(data, size, m);
    if (r == SpectateRead::Forged) return void(++forged_);  // dropped before decoding
    if (r != SpectateRead::Ok) return void(++malformed_);
    watched(m, from, t, nowMs);
}

void SpectatorHub::watched(const SpectateMessage& watch, Address from, Transport& t, std::int64_t nowMs) {
    auto it = std::find_if(watchers_.begin(), watchers_.end(), [&](const Watcher& w) { return w.addr == from; });
    if (it == watchers_.end()) return newWatcher(watch, from, t, nowMs);
    // The Setup was lost (the same key asks again); another key from this address is not this stream's spectator:
    // it waits until this one is dropped as silent, and does not keep it alive. A clear Watch is no proof of
    // anything: only an authentic Ack keeps a confirmed stream alive.
    if (watch.key != it->spectatorKey) return void(++malformed_);
    if (nowMs - it->lastSetupMs >= kAskEveryMs) sendSetup(*it, t, nowMs);
    if (!it->confirmed) it->lastHeardMs = nowMs;
}

Nonce SpectatorHub::cookieFor(Address from, const KxKey& spectatorKey) {
    if (!cookieKeyMade_) {
        crypto::randomBytes(cookieKey_.data(), cookieKey_.size());
        cookieKeyMade_ = true;
    }
    std::uint8_t in[8 + 32];
    for (int i = 0; i < 8; ++i) in[i] = std::uint8_t(from >> (8 * i));
    std::copy(spectatorKey.begin(), spectatorKey.end(), in + 8);
    Nonce c;
    crypto_generichash(c.data(), c.size(), in, sizeof in, cookieKey_.data(), cookieKey_.size());
    return c;
}

void SpectatorHub::newWatcher(const SpectateMessage& watch, Address from, Transport& t, std::int64_t nowMs) {
    if (!started_ && max_ > 0) return;  // no match yet: the spectator keeps asking
    // One spectator, one stream: its Watch goes to every address the host may be at, so on a LAN it may come in
    // from two of its own (a LAN address and a public one). Once one stream of its key is confirmed (an authentic
    // Ack), a Watch from elsewhere is a late copy: not challenged, no second place. Before that each path may get a
    // watcher (the one the spectator can hear wins); the first Ack drops the others (acked()).
    if (std::any_of(watchers_.begin(), watchers_.end(),
                    [&](const Watcher& w) { return w.confirmed && w.spectatorKey == watch.key; }))
        return void(++twin_);
    const Nonce cookie = cookieFor(from, watch.key);
    if (sodium_memcmp(cookie.data(), watch.watchCookie.data(), cookie.size()) != 0) {
        // First prove you receive there: no place, no key exchange, no state; 36 bytes against the Watch's 336.
        ++challenged_;
        SpectateMessage c;
        c.type = SpectateType::Challenge;
        c.watchCookie = cookie;
        const std::vector<std::uint8_t> bytes = encodeSpectate(c, nullptr, &watch.key);
        t.sendTo(from, bytes.data(), bytes.size(), nowMs);
        return;
    }
    if (int(watchers_.size()) >= max_) {
        ++refused_;
        return refuse(SpectateRefusal::Full, watch.key, from, t, nowMs);
    }
    Watcher w;
    w.addr = from;
    w.spectatorKey = watch.key;
    KxKey secret;
    if (!crypto::randomBytes(&w.cookie, sizeof w.cookie) || !makeKxPair(w.hostKey, secret)) {
        return;  // no unpredictable key: the spectator keeps asking
    }
    while (w.cookie == 0 ||
           std::any_of(watchers_.begin(), watchers_.end(), [&](const Watcher& o) { return o.cookie == w.cookie; })) {
        ++w.cookie;  // the stream's id: never 0, one per watcher
    }
    w.transcript = spectateTranscript(w.spectatorKey, w.hostKey, w.cookie);
    ChannelKey tx, rx;
    const bool keyed = channelKeys(false, w.hostKey, secret, w.spectatorKey, w.transcript, tx, rx);
    sodium_memzero(secret.data(), secret.size());  // forward secrecy: the exchange's secret lives no longer
    if (!keyed) return void(++forged_);            // a key no exchange accepts (a low-order point)
    w.channel = Channel(tx, rx);
    w.lastHeardMs = w.lastAckMoveMs = nowMs;
    watchers_.push_back(w);
    sendSetup(watchers_.back(), t, nowMs);
}

void SpectatorHub::acked(const std::uint8_t* data, std::size_t size, std::uint32_t cookie, Address from,
                         std::int64_t nowMs) {
    auto it = std::find_if(watchers_.begin(), watchers_.end(), [&](const Watcher& w) { return w.cookie == cookie; });
    if (it == watchers_.end()) return void(++malformed_);
    Watcher& w = *it;
    SpectateMessage m;
    const SpectateRead r = readSpectate(data, size, m, &w.channel);
    if (r == SpectateRead::Forged) return void(++forged_);  // a wrong seal or a replay: nothing changes
    if (r != SpectateRead::Ok) return void(++malformed_);
    if (w.addr != from) {  // only the spectator can seal: its NAT gave it another port, the stream follows
        w.addr = from;
        ++moved_;
    }
    const bool first = !w.confirmed;
    w.confirmed = true;
    w.lastHeardMs = nowMs;
    const std::uint32_t ack =
        std::min<std::uint32_t>(m.ackFrame, std::uint32_t(inputs_.size()));  // clamped to what exists
    if (ack > w.ack) {
        w.ack = ack;
        w.lastAckMoveMs = nowMs;
    }
    if (w.next <= w.ack) w.next = w.ack + 1;
    if (first) dropTwins(w.spectatorKey, cookie);
}

void SpectatorHub::dropTwins(KxKey key, std::uint32_t kept) {  // key by value: it may be in watchers_
    // The spectator's other paths' watchers (its Watch came in at two of its addresses): this stream is the one it
    // hears, the others only hold places.
    const auto twin = [&](const Watcher& o) { return o.cookie != kept && !o.confirmed && o.spectatorKey == key; };
    const auto keptEnd = std::remove_if(watchers_.begin(), watchers_.end(), twin);
    twin_ += watchers_.end() - keptEnd;
    watchers_.erase(keptEnd, watchers_.end());
}

void SpectatorHub::sendInputs(Watcher& w, Transport& t, std::int64_t nowMs) {
    const std::uint32_t have = std::uint32_t(inputs_.size());
    SpectateMessage m;
    m.type = SpectateType::Inputs;
    m.cookie = w.cookie;
    m.lastFrame = lastFrame_;
    m.newest = have;
    m.firstFrame = w.next;
    const std::uint32_t n = std::min<std::uint32_t>(have - std::min(have, w.next - 1), kMaxSpectateFrames);
    m.inputs.assign(inputs_.begin() + (w.next - 1), inputs_.begin() + (w.next - 1 + n));
    if (m.inputs.empty()) m.firstFrame = have + 1;  // only the news of the end
    const std::vector<std::uint8_t> bytes = encodeSpectate(m, &w.channel);
    t.sendTo(w.addr, bytes.data(), bytes.size(), nowMs);
    w.next += n;
    ++served_;
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
        sendInputs(w, t, nowMs);
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
    sodium_memzero(kxSecret_.data(), kxSecret_.size());
}

bool SpectatorClient::fromHost(Address from) const {
    // Every address the host may be at: once Watching, only sealed datagrams count, and those only the host can
    // make (a host with a relay answers through it a spectator it heard through it).
    if (from == host_ || (from == relay_ && relay_ != 0)) return true;
    return std::find(candidates_.begin(), candidates_.end(), from) != candidates_.end();
}

void SpectatorClient::sendWatch(std::int64_t nowMs) {
    SpectateMessage m;
    if (state_ == SpectatorState::Watching) {
        m.type = SpectateType::Ack;
        m.cookie = cookie_;
        m.ackFrame = std::uint32_t(inputs_.size());
        const std::vector<std::uint8_t> bytes = encodeSpectate(m, &channel_);
        t_.sendTo(host_, bytes.data(), bytes.size(), nowMs);
    } else {
        m.type = SpectateType::Watch;
        m.key = kxPublic_;
        m.watchCookie = watchCookie_;
        const std::vector<std::uint8_t> bytes = encodeSpectate(m);
        t_.sendTo(host_, bytes.data(), bytes.size(), nowMs);
        for (Address a : candidates_) {  // hole punching: every address the host may be at, at once
            if (a != host_) t_.sendTo(a, bytes.data(), bytes.size(), nowMs);
        }
        if (relay_ != 0 && relay_ != host_ && nowMs - startMs_ >= relayAfterMs_)
            t_.sendTo(relay_, bytes.data(), bytes.size(), nowMs);
    }
    lastSentMs_ = nowMs;
    fresh_ = false;
}

void SpectatorClient::setup(const std::vector<std::uint8_t>& data, const SpectateMessage& head, Address from,
                            std::int64_t nowMs) {
    if (state_ == SpectatorState::Watching) {  // a repeated Setup, or a rematch's: on the stream's channel
        // Another stream's Setup: the host answered this spectator's Watch on another of its paths too. Our half
        // of the exchange is gone (wiped once watching), so it is dropped unread, and counted apart.
        if (head.cookie != cookie_ || head.key != hostKx_) return void(++strays_);
        SpectateMessage m;
        if (readSpectate(data.data(), data.size(), m, &channel_) != SpectateRead::Ok) return void(++forged_);
        if (m.match != match_) fail("the players started a rematch (a spectator follows one match)");
        return;
    }
    const std::array<std::uint8_t, 32> transcript = spectateTranscript(kxPublic_, head.key, head.cookie);
    ChannelKey tx, rx;
    if (!channelKeys(true, kxPublic_, kxSecret_, head.key, transcript, tx, rx)) return void(++forged_);
    Channel channel(tx, rx);
    SpectateMessage m;
    const SpectateRead r = readSpectate(data.data(), data.size(), m, &channel);
    if (r == SpectateRead::Forged ||
        (r == SpectateRead::Ok && !verifyDigest(m.identity, setupDigest(transcript, m), m.signature))) {
        return void(++forged_);  // not sealed for our key, or not signed by the identity it names
    }
    Packet w;
    if (r != SpectateRead::Ok || !decodePacket(m.welcome.data(), m.welcome.size(), w) ||
        w.type != PacketType::Welcome || w.version != kProtocolVersion) {
        return void(++malformed_);
    }
    otherVersion_ = 0;  // the host speaks this version
    host_ = from;       // the address that answered is the host's from now on
    welcome_ = w;
    cookie_ = m.cookie;
    hostKx_ = head.key;
    channel_ = channel;
    hostIdentity_ = m.identity;
    hostName_ = m.name;
    match_ = m.match;
    state_ = SpectatorState::Watching;
    sodium_memzero(kxSecret_.data(), kxSecret_.size());  // forward secrecy: the exchange is done
    lastHeardMs_ = nowMs;
    sendWatch(nowMs);
}

void SpectatorClient::inputsCame(const SpectateMessage& m, std::int64_t nowMs) {
    lastHeardMs_ = nowMs;
    if (m.lastFrame != 0) lastFrame_ = m.lastFrame;
    newest_ = std::max(newest_, m.newest);
    const std::size_t have = inputs_.size();
    if (m.firstFrame <= have + 1) {  // contiguous with what we hold (older frames are duplicates)
        for (std::size_t k = have + 1 - m.firstFrame; k < m.inputs.size(); ++k) inputs_.push_back(m.inputs[k]);
    }
    fresh_ = true;
}

void SpectatorClient::datagram(const std::vector<std::uint8_t>& data, Address from, std::int64_t nowMs) {
    if (!fromHost(from) || !isSpectateDatagram(data.data(), data.size())) return void(++malformed_);
    if (data.size() >= 3 && data[2] != kSpectateVersion) {
        // Never trusted (anyone can send a few bytes from the host's address, and the host may not have started
        // its match yet): remembered only to name the version if the asking times out with no answer of ours.
        if (state_ == SpectatorState::Asking && otherVersion_ == 0) {
            otherVersion_ = data[2];
        } else {
            ++malformed_;
        }
        return;
    }
    SpectateMessage head;
    if (!spectateHead(data.data(), data.size(), head)) return void(++malformed_);
    if (head.type == SpectateType::Setup) return setup(data, head, from, nowMs);
    if (head.type == SpectateType::Challenge) {  // the hub's cookie: ask again with it at once
        SpectateMessage m;
        const SpectateRead r = readSpectate(data.data(), data.size(), m, nullptr, &kxPublic_);
        if (r != SpectateRead::Ok) return void(r == SpectateRead::Forged ? ++forged_ : ++malformed_);
        // Once watching, an authentic late one answers a Watch that went to another of the host's addresses.
        if (state_ != SpectatorState::Asking) return;
        if (m.watchCookie == watchCookie_) return;  // a repeat (or another host address's, the same)
        watchCookie_ = m.watchCookie;
        return sendWatch(nowMs);
    }
    if (head.type == SpectateType::Refuse) {
        // Clear: it proves only that its sender saw our Watch. It counts while asking, never against a stream.
        SpectateMessage m;
        const SpectateRead r = state_ == SpectatorState::Asking
                                   ? readSpectate(data.data(), data.size(), m, nullptr, &kxPublic_)
                                   : SpectateRead::Forged;
        if (r != SpectateRead::Ok) return void(r == SpectateRead::Forged ? ++forged_ : ++malformed_);
        if (m.refusal == SpectateRefusal::Version) return fail(spectateVersionText(m.hostVersion));
        return fail(m.refusal == SpectateRefusal::Full ? "refused: the host takes no more spectators"
                                                       : "refused: the host has no match running");
    }
    if (head.type != SpectateType::Inputs || state_ != SpectatorState::Watching) return void(++malformed_);
    if (head.cookie != cookie_) return void(++forged_);
    SpectateMessage m;
    const SpectateRead r = readSpectate(data.data(), data.size(), m, &channel_);
    if (r != SpectateRead::Ok) return void(r == SpectateRead::Forged ? ++forged_ : ++malformed_);
    inputsCame(m, nowMs);
}

void SpectatorClient::tick(std::int64_t nowMs) {
    if (startMs_ < 0) {
        startMs_ = lastHeardMs_ = nowMs;
        if (!keysSet_ && !makeKxPair(kxPublic_, kxSecret_)) return fail("the system gave no random numbers");
    }
    if (state_ == SpectatorState::Done) return;
    std::vector<std::uint8_t> data;
    Address from = 0;
    for (int i = 0; i < 4096 && state_ != SpectatorState::Done && t_.receive(data, from, nowMs); ++i)
        datagram(data, from, nowMs);
    if (state_ == SpectatorState::Done) return;
    if (state_ == SpectatorState::Asking && nowMs - startMs_ > kAskForMs)
        return fail(otherVersion_ != 0 ? spectateVersionText(otherVersion_) : "no answer from the host");
    if (state_ == SpectatorState::Watching && nowMs - lastHeardMs_ > kSpectatorTimeoutMs &&
        (lastFrame_ == 0 || inputs_.size() < lastFrame_)) {
        return fail("connection lost");
    }
    const std::int64_t every = state_ == SpectatorState::Asking ? kAskEveryMs : kAckEveryMs;
    if (nowMs - lastSentMs_ >= every || fresh_) sendWatch(nowMs);
}

}  // namespace net
