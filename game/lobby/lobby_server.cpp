// The lobby's logic (see lobby_server.h).
#include "game/lobby/lobby_server.h"

#include <algorithm>

namespace lobby {

using net::Address;
using net::LobbyMessage;
using net::LobbyRefusal;
using net::LobbyType;

namespace {

constexpr std::int64_t kSweepEveryMs = 1000;  // expiry and idle buckets are swept at most this often

std::uint32_t ipOf(Address a) { return std::uint32_t(a >> 16); }

}  // namespace

Server::Server(net::Transport& t, const Limits& limits, RandomSource random)
    : t_(t), limits_(limits), random_(std::move(random)) {}

int Server::poll(std::int64_t nowMs, int maxMessages) {
    if (nowMs - lastSweepMs_ >= kSweepEveryMs) expire(nowMs);
    std::vector<std::uint8_t> bytes;
    Address from = 0;
    int n = 0;
    while (n < maxMessages && t_.receive(bytes, from, nowMs)) {
        ++n;
        ++counters_.received;
        if (!allow(from, nowMs)) continue;  // before decoding: a flood costs a table lookup per datagram
        LobbyMessage m;
        if (!net::decodeLobby(bytes.data(), bytes.size(), m) || std::uint8_t(m.type) >= 16) {
            ++counters_.malformed;
            continue;
        }
        handle(m, from, nowMs);
    }
    return n;
}

bool Server::allow(Address from, std::int64_t nowMs) {
    auto it = buckets_.find(ipOf(from));
    if (it == buckets_.end()) {
        if (int(buckets_.size()) >= limits_.maxSources) {
            ++counters_.limited;  // too many sources at once: new ones wait for the sweep
            return false;
        }
        it = buckets_.emplace(ipOf(from), Bucket{double(limits_.burst), nowMs}).first;
    }
    Bucket& b = it->second;
    b.tokens = std::min(double(limits_.burst), b.tokens + double(nowMs - b.lastMs) * limits_.ratePerSecond / 1000.0);
    b.lastMs = nowMs;
    if (b.tokens >= 1) {
        b.tokens -= 1;
        return true;
    }
    ++counters_.limited;
    if (nowMs - b.lastSlowMs >= 1000) {  // say it once a second, never once per datagram
        b.lastSlowMs = nowMs;
        LobbyMessage none;
        none.type = LobbyType::Refused;
        ++counters_.refusedSlow;
        refuse(none, LobbyRefusal::Slow, from, nowMs);
    }
    return false;
}

void Server::handle(const LobbyMessage& m, Address from, std::int64_t nowMs) {
    switch (m.type) {
    case LobbyType::Create: return create(m, from, nowMs);
    case LobbyType::Join: return join(m, from, nowMs);
    case LobbyType::Spectate: return spectate(m, from, nowMs);
    case LobbyType::Poll:
    case LobbyType::Close: return hostAsks(m, from, nowMs);
    default: ++counters_.malformed; return;
    }
}

bool Server::newCode(std::string& out) {
    for (int attempt = 0; attempt < 16; ++attempt) {  // a clash is rare (rooms / 2^30); give up after a few
        std::uint8_t r[net::kCodeLength];
        if (!random_(r, sizeof r)) return false;
        out.clear();
        for (std::uint8_t b : r) out += net::kCodeAlphabet[b % 32];
        if (rooms_.find(out) == rooms_.end()) return true;
    }
    return false;
}

void Server::create(const LobbyMessage& m, Address from, std::int64_t nowMs) {
    auto mine = byHost_.find(from);
    if (mine != byHost_.end()) {
        auto room = rooms_.find(mine->second);
        if (room != rooms_.end() && room->second.live && room->second.createNonce == m.nonce) {
            LobbyMessage again;  // our answer was lost: the same room again
            again.type = LobbyType::Created;
            again.code = room->first;
            again.secret = room->second.secret;
            again.hostKey = room->second.hostKey;
            again.secondsLeft = std::uint32_t(std::max<std::int64_t>(0, (room->second.expiresMs - nowMs) / 1000));
            again.self = from;
            return answer(again, m, from, nowMs);
        }
        if (room != rooms_.end()) {  // a new room from the same address replaces the old one
            if (room->second.live) --live_;
            rooms_.erase(room);
        }
        byHost_.erase(mine);
    }
    if (live_ >= limits_.maxRooms) {
        ++counters_.refusedBusy;
        return refuse(m, LobbyRefusal::Busy, from, nowMs);
    }
    std::string code;
    Room room;
    if (!newCode(code) || !random_(room.secret.data(), room.secret.size()) ||
        !random_(room.hostKey.data(), room.hostKey.size())) {
        ++counters_.refusedBusy;
        return refuse(m, LobbyRefusal::Busy, from, nowMs);
    }
    room.createNonce = m.nonce;
    room.host = from;
    room.hostLocals = m.locals;
    room.hostRelay = m.relay;
    room.expiresMs = nowMs + std::int64_t(limits_.lifetimeS) * 1000;
    LobbyMessage reply;
    reply.type = LobbyType::Created;
    reply.code = code;
    reply.secret = room.secret;
    reply.hostKey = room.hostKey;
    reply.secondsLeft = std::uint32_t(limits_.lifetimeS);
    reply.self = from;
    rooms_.emplace(code, std::move(room));
    byHost_[from] = code;
    ++live_;
    ++counters_.created;
    answer(reply, m, from, nowMs);
}

Server::Room* Server::find(const LobbyMessage& m, Address from, std::int64_t nowMs) {
    auto it = rooms_.find(m.code);
    if (it == rooms_.end()) {
        ++counters_.refusedWrongCode;
        refuse(m, LobbyRefusal::WrongCode, from, nowMs);
        return nullptr;
    }
    if (!it->second.live || nowMs >= it->second.expiresMs) {
        ++counters_.refusedExpired;
        refuse(m, LobbyRefusal::Expired, from, nowMs);
        return nullptr;
    }
    return &it->second;
}

void Server::join(const LobbyMessage& m, Address from, std::int64_t nowMs) {
    Room* room = find(m, from, nowMs);
    if (room == nullptr) return;
    const bool again = room->joiner == from && room->joinNonce == m.nonce;  // our answer was lost
    if (room->joiner != 0 && !again) {
        ++counters_.refusedFull;
        return refuse(m, LobbyRefusal::Full, from, nowMs);
    }
    if (!again) {
        room->joiner = from;
        room->joinNonce = m.nonce;
        room->joinerLocals = m.locals;
        room->joinerRelay = m.relay;
        ++counters_.joined;
    }
    LobbyMessage reply;
    reply.type = LobbyType::Joined;
    reply.self = from;
    reply.peer = room->host;
    reply.locals = room->hostLocals;
    reply.relay = room->hostRelay;
    reply.secret = room->secret;
    answer(reply, m, from, nowMs);
}

void Server::spectate(const LobbyMessage& m, Address from, std::int64_t nowMs) {
    Room* room = find(m, from, nowMs);
    if (room == nullptr) return;
    // A spectator asking again (its answer lost, or a second try from the same socket) counts once.
    const bool again = std::find(room->watchers.begin(), room->watchers.end(), from) != room->watchers.end();
    if (!again && room->spectators >= limits_.maxSpectators) {
        ++counters_.refusedFull;
        return refuse(m, LobbyRefusal::Full, from, nowMs);
    }
    if (!again) {
        ++room->spectators;
        ++counters_.spectating;
        room->watchers.push_back(from);  // the host punches towards it (it learns it from its next Status)
    }
    LobbyMessage reply;
    reply.type = LobbyType::Watching;
    reply.self = from;
    reply.peer = room->host;
    reply.locals = room->hostLocals;
    reply.relay = room->hostRelay;
    reply.secret = net::spectatorSecret(room->secret);
    answer(reply, m, from, nowMs);
}

void Server::hostAsks(const LobbyMessage& m, Address from, std::int64_t nowMs) {
    Room* room = find(m, from, nowMs);
    if (room == nullptr) return;
    if (room->hostKey != m.hostKey) {
        ++counters_.refusedNotYours;
        return refuse(m, LobbyRefusal::NotYours, from, nowMs);
    }
    if (m.type == LobbyType::Close) {
        room->live = false;  // remembered as expired until the sweep forgets it
        --live_;
        return;
    }
    ++counters_.polls;
    LobbyMessage reply;
    reply.type = LobbyType::Status;
    reply.code = m.code;
    reply.peer = room->joiner;
    reply.locals = room->joinerLocals;
    reply.relay = room->joinerRelay;
    reply.spectators = room->spectators;
    const std::size_t n = std::min(room->watchers.size(), net::kMaxLocalAddresses);  // the newest ones
    reply.watchers.assign(room->watchers.end() - std::ptrdiff_t(n), room->watchers.end());
    reply.secondsLeft = std::uint32_t(std::max<std::int64_t>(0, (room->expiresMs - nowMs) / 1000));
    answer(reply, m, from, nowMs);
}

void Server::refuse(const LobbyMessage& m, LobbyRefusal why, Address to, std::int64_t nowMs) {
    LobbyMessage reply;
    reply.type = LobbyType::Refused;
    reply.reason = why;
    answer(reply, m, to, nowMs);
}

void Server::answer(LobbyMessage reply, const LobbyMessage& ask, Address to, std::int64_t nowMs) {
    reply.nonce = ask.nonce;
    const std::vector<std::uint8_t> bytes = net::encodeLobby(reply);
    t_.sendTo(to, bytes.data(), bytes.size(), nowMs);
}

void Server::expire(std::int64_t nowMs) {
    lastSweepMs_ = nowMs;
    const std::int64_t keep = std::int64_t(limits_.lifetimeS) * 1000;
    for (auto it = rooms_.begin(); it != rooms_.end();) {
        Room& r = it->second;
        if (r.live && nowMs >= r.expiresMs) {
            r.live = false;
            --live_;
        }
        if (!r.live && nowMs >= r.expiresMs + keep) {
            auto h = byHost_.find(r.host);
            if (h != byHost_.end() && h->second == it->first) byHost_.erase(h);
            it = rooms_.erase(it);
        } else {
            ++it;
        }
    }
    for (auto it = buckets_.begin(); it != buckets_.end();) {  // a full bucket idle for 10 s holds nothing worth keeping
        if (nowMs - it->second.lastMs > 10000) it = buckets_.erase(it);
        else ++it;
    }
}

}  // namespace lobby
