// The TURN client (see turn_client.h).
#include "game/net/turn/turn_client.h"

#include "game/net/crypto/random.h"

namespace net {
namespace {

using stun::Attribute;
using stun::Message;

constexpr std::uint32_t kUdp = 17u << 24;  // REQUESTED-TRANSPORT: protocol 17 (UDP) in the first byte
constexpr int kMaxReadsPerCall = 1024;     // datagrams one receive() may take from the inner transport

std::vector<std::uint8_t> bytesOf(const std::string& s) { return std::vector<std::uint8_t>(s.begin(), s.end()); }

std::string reasonOf(const Message& m) {
    const Attribute* e = m.find(stun::kErrorCode);
    if (e == nullptr) return "no ERROR-CODE";
    std::string reason;
    for (std::size_t i = 4; i < e->value.size() && reason.size() < 80; ++i) {
        const char c = char(e->value[i]);
        reason += c >= 32 && c < 127 ? c : '?';
    }
    return std::to_string(stun::errorCode(e->value)) + (reason.empty() ? "" : " " + reason);
}

}  // namespace

const char* turnStateText(TurnState s) {
    switch (s) {
    case TurnState::Idle: return "idle";
    case TurnState::Allocating: return "allocating";
    case TurnState::Ready: return "ready";
    case TurnState::Failed: return "failed";
    case TurnState::Released: return "released";
    }
    return "?";
}

TurnTransport::TurnTransport(Transport& inner, const TurnConfig& cfg) : inner_(inner), cfg_(cfg) {}

void TurnTransport::fail(const std::string& why) {
    if (state_ == TurnState::Failed) return;
    state_ = TurnState::Failed;
    error_ = why;
    pending_.clear();
}

void TurnTransport::request(Kind kind, std::uint32_t ip, std::uint32_t lifetime, std::int64_t nowMs) {
    Message m;
    m.cls = stun::kRequest;
    if (!crypto::randomBytes(m.id.data(), m.id.size())) return fail("no random bytes for a transaction id");
    Pending p;
    p.kind = kind;
    p.ip = ip;
    p.lifetime = lifetime;
    switch (kind) {
    case Kind::Allocate:
        m.method = stun::kAllocate;
        m.attrs.push_back({stun::kRequestedTransport, stun::u32(kUdp), 0});
        m.attrs.push_back({stun::kLifetime, stun::u32(cfg_.lifetime), 0});
        break;
    case Kind::Refresh:
        m.method = stun::kRefresh;
        m.attrs.push_back({stun::kLifetime, stun::u32(lifetime), 0});
        break;
    case Kind::Permission:
        m.method = stun::kCreatePermission;
        m.attrs.push_back({stun::kXorPeerAddress, stun::xorAddress(Address(ip) << 16), 0});
        break;
    }
    if (!key_.empty()) {
        m.attrs.push_back({stun::kUsername, bytesOf(cfg_.user), 0});
        m.attrs.push_back({stun::kRealm, bytesOf(realm_), 0});
        m.attrs.push_back({stun::kNonce, nonce_, 0});
        p.signed_ = true;
    }
    p.bytes = stun::encodeStun(m, key_, true);
    p.nextMs = nowMs + p.rtoMs;
    inner_.sendTo(cfg_.server, p.bytes.data(), p.bytes.size(), nowMs);
    pending_[m.id] = std::move(p);
}

void TurnTransport::start(std::int64_t nowMs) {
    if (state_ != TurnState::Idle) return;
    state_ = TurnState::Allocating;
    request(Kind::Allocate, 0, 0, nowMs);
}

void TurnTransport::permit(Address peer, std::int64_t nowMs) {
    const std::uint32_t ip = std::uint32_t(peer >> 16);
    Permission& p = permissions_[ip];
    if (p.installed || p.pending) return;
    p.pending = true;
    if (state_ == TurnState::Ready) request(Kind::Permission, ip, 0, nowMs);  // else sent once allocated
}

bool TurnTransport::permitted(Address peer) const {
    const auto it = permissions_.find(std::uint32_t(peer >> 16));
    return it != permissions_.end() && it->second.installed;
}

void TurnTransport::release(std::int64_t nowMs) {
    if (state_ != TurnState::Ready) return;
    request(Kind::Refresh, 0, 0, nowMs);
    state_ = TurnState::Released;
}

void TurnTransport::tick(std::int64_t nowMs) {
    for (auto it = pending_.begin(); it != pending_.end();) {
        Pending& p = it->second;
        if (nowMs < p.nextMs) {
            ++it;
            continue;
        }
        if (p.tries >= kMaxTries) {
            const Kind kind = p.kind;
            const std::uint32_t ip = p.ip;
            it = pending_.erase(it);
            if (kind == Kind::Permission) {
                permissions_[ip].pending = false;
                continue;
            }
            if (kind == Kind::Allocate) return fail("the TURN server did not answer");
            continue;
        }
        ++p.tries;
        p.rtoMs *= 2;
        p.nextMs = nowMs + p.rtoMs;
        ++counters_.retransmits;
        inner_.sendTo(cfg_.server, p.bytes.data(), p.bytes.size(), nowMs);
        ++it;
    }
    if (state_ != TurnState::Ready) return;
    if (nowMs >= refreshMs_) {
        refreshMs_ = nowMs + std::int64_t(grantedLifetime_) * 500;  // again at half the lifetime
        request(Kind::Refresh, 0, grantedLifetime_, nowMs);
    }
    for (auto& [ip, perm] : permissions_) {
        if (perm.installed && !perm.pending && nowMs >= perm.renewMs) {
            perm.pending = true;
            request(Kind::Permission, ip, 0, nowMs);
        }
    }
}

bool TurnTransport::takeUnreachable(Address& to) {
    while (inner_.takeUnreachable(to)) {
        if (to != cfg_.server) return true;  // the server's own port closing shows as failed requests instead
    }
    return false;
}

void TurnTransport::sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) {
    tick(nowMs);
    if (cfg_.directFirst && !relayedPeer(to)) {
        inner_.sendTo(to, data, size, nowMs);
        ++counters_.directSent;
        return;
    }
    if (state_ != TurnState::Ready && state_ != TurnState::Allocating) {
        ++counters_.dropped;
        return;
    }
    permit(to, nowMs);
    if (state_ != TurnState::Ready || !permitted(to)) {
        ++counters_.dropped;
        return;
    }
    Message m;
    m.method = stun::kSend;
    m.cls = stun::kIndication;
    if (!crypto::randomBytes(m.id.data(), m.id.size())) return fail("no random bytes for a transaction id");
    m.attrs.push_back({stun::kXorPeerAddress, stun::xorAddress(to), 0});
    m.attrs.push_back({stun::kDataAttr, std::vector<std::uint8_t>(data, data + size), 0});
    const std::vector<std::uint8_t> bytes = stun::encodeStun(m, {}, false);
    inner_.sendTo(cfg_.server, bytes.data(), bytes.size(), nowMs);
    ++counters_.sent;
}

bool TurnTransport::receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) {
    tick(nowMs);
    std::vector<std::uint8_t> in;
    Address src = 0;
    for (int i = 0; i < kMaxReadsPerCall && inner_.receive(in, src, nowMs); ++i) {
        if (src != cfg_.server) {
            ++counters_.direct;
            data = std::move(in);
            from = src;
            return true;
        }
        bool delivered = false;
        handleServer(in.data(), in.size(), nowMs, data, from, delivered);
        if (delivered) return true;
    }
    return false;
}

void TurnTransport::handleServer(const std::uint8_t* data, std::size_t size, std::int64_t nowMs,
                                 std::vector<std::uint8_t>& out, Address& from, bool& delivered) {
    Message m;
    if (!stun::decodeStun(data, size, m)) return void(++counters_.refused);
    if (m.cls == stun::kIndication) {
        const Attribute* peer = m.find(stun::kXorPeerAddress);
        const Attribute* payload = m.find(stun::kDataAttr);
        Address a = 0;
        if (m.method != stun::kData || peer == nullptr || payload == nullptr || !stun::readXorAddress(peer->value, a) ||
            !permitted(a) || (state_ != TurnState::Ready && state_ != TurnState::Released)) {
            return void(++counters_.refused);
        }
        out = payload->value;
        from = a;
        delivered = true;
        ++counters_.received;
        if (relayedPeers_.size() < kMaxRelayedPeers) relayedPeers_.insert(a);
        return;
    }
    const auto it = pending_.find(m.id);
    if (it == pending_.end() || m.cls == stun::kRequest) return void(++counters_.refused);
    const Pending p = it->second;
    const bool challenge = m.cls == stun::kError && m.find(stun::kErrorCode) != nullptr &&
                           (stun::errorCode(m.find(stun::kErrorCode)->value) == 401 ||
                            stun::errorCode(m.find(stun::kErrorCode)->value) == 438);
    if (!challenge && p.signed_ && !stun::checkIntegrity(data, size, m, key_)) return void(++counters_.refused);
    pending_.erase(it);
    answer(m, p, data, size, nowMs);
}

void TurnTransport::answer(const Message& m, const Pending& p, const std::uint8_t*, std::size_t, std::int64_t nowMs) {
    if (m.cls == stun::kError) {
        const int code = m.find(stun::kErrorCode) ? stun::errorCode(m.find(stun::kErrorCode)->value) : 0;
        const Attribute* realm = m.find(stun::kRealm);
        const Attribute* nonce = m.find(stun::kNonce);
        const bool retry = (code == 401 && !p.signed_) || code == 438;  // a 401 to signed credentials is final
        if (retry && nonce != nullptr && nonce->value.size() <= 763 && (realm != nullptr || !realm_.empty())) {
            if (realm != nullptr && realm->value.size() <= 763) realm_.assign(realm->value.begin(), realm->value.end());
            nonce_ = nonce->value;
            key_ = stun::longTermKey(cfg_.user, realm_, cfg_.password);
            request(p.kind, p.ip, p.lifetime, nowMs);
            return;
        }
        if (p.kind == Kind::Allocate) return fail("the TURN server refused the allocation: " + reasonOf(m));
        if (p.kind == Kind::Permission) permissions_[p.ip].pending = false;
        return;
    }
    switch (p.kind) {
    case Kind::Allocate: {
        const Attribute* relayed = m.find(stun::kXorRelayedAddress);
        const Attribute* mapped = m.find(stun::kXorMappedAddress);
        const Attribute* lifetime = m.find(stun::kLifetime);
        std::uint32_t seconds = cfg_.lifetime;
        if (relayed == nullptr || !stun::readXorAddress(relayed->value, relayed_)) {
            return fail("the TURN server's allocation has no IPv4 relayed address");
        }
        if (mapped != nullptr) stun::readXorAddress(mapped->value, mapped_);
        if (lifetime != nullptr) stun::readU32(lifetime->value, seconds);
        grantedLifetime_ = seconds < 60 ? 60 : seconds;
        refreshMs_ = nowMs + std::int64_t(grantedLifetime_) * 500;
        state_ = TurnState::Ready;
        for (auto& [ip, perm] : permissions_) {
            if (perm.pending) request(Kind::Permission, ip, 0, nowMs);
        }
        return;
    }
    case Kind::Refresh: {
        const Attribute* lifetime = m.find(stun::kLifetime);
        std::uint32_t seconds = 0;
        if (lifetime != nullptr && stun::readU32(lifetime->value, seconds) && seconds >= 60) grantedLifetime_ = seconds;
        return;
    }
    case Kind::Permission: {
        Permission& perm = permissions_[p.ip];
        perm.installed = true;
        perm.pending = false;
        perm.renewMs = nowMs + kPermissionRenewMs;
        return;
    }
    }
}

}  // namespace net
