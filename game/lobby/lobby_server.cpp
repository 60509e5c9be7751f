// The lobby's logic (see lobby_server.h).
#include "game/lobby/lobby_server.h"

#include <sodium.h>

#include <algorithm>
#include <cstring>

namespace lobby {

using net::Address;
using net::LobbyMessage;
using net::LobbyRefusal;
using net::LobbyType;

namespace {

constexpr std::int64_t kSweepEveryMs = 1000;  // expiry and the unvalidated sketch's window
constexpr std::size_t kWays = 4;              // slots per set of the address table

std::uint32_t ipOf(Address a) { return std::uint32_t(a >> 16); }

std::array<std::uint8_t, 16> randomKey(const RandomSource& random) {
    std::array<std::uint8_t, 16> key{};
    if (!random(key.data(), key.size())) randombytes_buf(key.data(), key.size());
    return key;
}

std::uint64_t keyedHash(std::uint32_t ip, const std::array<std::uint8_t, 16>& key) {
    static_assert(crypto_shorthash_KEYBYTES == 16 && crypto_shorthash_BYTES == 8, "SipHash-2-4");
    std::uint8_t in[4] = {std::uint8_t(ip), std::uint8_t(ip >> 8), std::uint8_t(ip >> 16), std::uint8_t(ip >> 24)};
    std::uint8_t out[8];
    crypto_shorthash(out, in, sizeof in, key.data());
    std::uint64_t h = 0;
    for (int i = 7; i >= 0; --i) h = h << 8 | out[i];
    return h;
}

}  // namespace

void Tokens::refill(double perSecond, double burst, std::int64_t nowMs) {
    if (nowMs > lastMs) tokens = std::min(burst, tokens + double(nowMs - lastMs) * perSecond / 1000.0);
    lastMs = std::max(lastMs, nowMs);
}

bool Tokens::take(double perSecond, double burst, std::int64_t nowMs) {
    refill(perSecond, burst, nowMs);
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
}

AddressTable::AddressTable(int capacity, const std::array<std::uint8_t, 16>& key) : key_(key) {
    while (sets_ * kWays < std::size_t(std::max(capacity, 1))) sets_ *= 2;
    slots_.resize(sets_ * kWays);
}

AddressState& AddressTable::at(std::uint32_t ip, std::int64_t nowMs, const AddressState& fresh) {
    AddressState* set = &slots_[(keyedHash(ip, key_) & (sets_ - 1)) * kWays];
    AddressState* oldest = set;
    for (std::size_t i = 0; i < kWays; ++i) {
        if (set[i].used && set[i].ip == ip) {
            set[i].seenMs = nowMs;
            return set[i];
        }
        if (!set[i].used) oldest = &set[i];  // a free slot beats any used one
        else if (oldest->used && set[i].seenMs < oldest->seenMs) oldest = &set[i];
    }
    if (oldest->used) ++evictions_;
    *oldest = fresh;
    oldest->ip = ip;
    oldest->used = true;
    oldest->seenMs = nowMs;
    return *oldest;
}

int SourceSketch::add(std::uint32_t ip) {
    const std::uint64_t h = keyedHash(ip, key_);
    std::uint16_t& a = rows_[0][h % kWidth];
    std::uint16_t& b = rows_[1][(h >> 32) % kWidth];
    const std::uint16_t least = std::min(a, b);
    if (least == 0xffff) return least;
    if (a == least) ++a;  // conservative update: only the cells at the estimate grow, so a light source sharing a
    if (b == least) ++b;  // cell with a heavy one in a single row keeps its own count
    return least + 1;
}

void SourceSketch::clear() {
    for (auto& row : rows_) row.fill(0);
}

Server::Server(net::Transport& t, const Limits& limits, RandomSource random)
    : t_(t), limits_(limits), random_(std::move(random)), addresses_(limits.maxSources, randomKey(random_)),
      unvalidated_(randomKey(random_)) {
    if (sodium_init() < 0) return;  // keyed_ stays false: every request is dropped as unvalidated
    keyed_ = random_(cookieKey_.data(), cookieKey_.size());
    wrongCodesAll_.tokens = limits_.wrongCodeBurstAll;
}

AddressState Server::freshAddress(std::int64_t nowMs) const {
    AddressState a;
    a.requests = {double(limits_.burst), nowMs};
    a.seats = {double(limits_.seatBurst), nowMs};
    a.wrongCodes = {double(limits_.wrongCodeBurst), nowMs};
    return a;
}

net::Cookie Server::cookieFor(Address from, std::int64_t nowMs) const {
    const std::int64_t bucket = nowMs / (std::int64_t(limits_.cookieSeconds) * 1000);
    std::uint8_t in[14];
    for (int i = 0; i < 6; ++i) in[i] = std::uint8_t(from >> (8 * i));
    for (int i = 0; i < 8; ++i) in[6 + i] = std::uint8_t(std::uint64_t(bucket) >> (8 * i));
    net::Cookie c{};
    crypto_generichash(c.data(), c.size(), in, sizeof in, cookieKey_.data(), cookieKey_.size());
    return c;
}

bool Server::validCookie(const net::Cookie& c, Address from, std::int64_t nowMs) const {
    static const net::Cookie none{};
    if (!keyed_ || sodium_memcmp(c.data(), none.data(), c.size()) == 0) return false;  // a first contact
    const std::int64_t period = std::int64_t(limits_.cookieSeconds) * 1000;
    for (std::int64_t at : {nowMs, nowMs - period}) {  // this time bucket or the one before
        const net::Cookie want = cookieFor(from, at);
        if (sodium_memcmp(c.data(), want.data(), c.size()) == 0) return true;
    }
    return false;
}

int Server::poll(std::int64_t nowMs, int maxMessages) {
    if (nowMs - lastSweepMs_ >= kSweepEveryMs) expire(nowMs);
    std::vector<std::uint8_t> bytes;
    Address from = 0;
    int n = 0;
    while (n < maxMessages && t_.receive(bytes, from, nowMs)) {
        ++n;
        ++counters_.received;
        receive(bytes, from, nowMs);
    }
    return n;
}

void Server::receive(const std::vector<std::uint8_t>& bytes, Address from, std::int64_t nowMs) {
    LobbyMessage m;
    if (!net::decodeLobby(bytes.data(), bytes.size(), m)) {
        std::uint8_t version = 0;
        net::Nonce nonce{};
        if (net::peekLobbyVersion(bytes.data(), bytes.size(), version, nonce) && version != net::kLobbyVersion) {
            ++counters_.outdated;  // an old or newer client: tell it which version this lobby speaks
            return answerUnvalidated(net::encodeLobbyVersionAnswer(nonce), bytes.size(), from, nowMs);
        }
        ++counters_.malformed;
        return;
    }
    if (!net::isLobbyRequest(m.type)) {
        ++counters_.malformed;
        return;
    }
    if (!validCookie(m.cookie, from, nowMs)) {  // no state before the source proved it receives at its address
        if (!keyed_) return;
        LobbyMessage retry;
        retry.type = LobbyType::Retry;
        retry.nonce = m.nonce;
        retry.cookie = cookieFor(from, nowMs);
        ++counters_.retries;
        return answerUnvalidated(net::encodeLobby(retry), bytes.size(), from, nowMs);
    }
    AddressState& a = addresses_.at(ipOf(from), nowMs, freshAddress(nowMs));
    if (!allow(a, from, nowMs)) return;
    handle(m, from, nowMs, a);
}

void Server::answerUnvalidated(std::vector<std::uint8_t> bytes, std::size_t received, Address to, std::int64_t nowMs) {
    // Never more bytes than came in, and only a few answers a second towards any one IPv4 address.
    if (bytes.size() > received || unvalidated_.add(ipOf(to)) > limits_.retriesPerSecond) {
        ++counters_.unanswered;
        return;
    }
    t_.sendTo(to, bytes.data(), bytes.size(), nowMs);
}

bool Server::allow(AddressState& a, Address from, std::int64_t nowMs) {
    if (a.requests.take(limits_.ratePerSecond, limits_.burst, nowMs)) return true;
    ++counters_.limited;
    LobbyMessage none;
    none.type = LobbyType::Refused;
    slow(none, a, from, nowMs);
    return false;
}

void Server::slow(const LobbyMessage& m, AddressState& a, Address to, std::int64_t nowMs) {
    if (nowMs - a.lastSlowMs < 1000) return;  // say it once a second, never once per datagram
    a.lastSlowMs = nowMs;
    ++counters_.refusedSlow;
    refuse(m, LobbyRefusal::Slow, to, nowMs);
}

void Server::handle(const LobbyMessage& m, Address from, std::int64_t nowMs, AddressState& a) {
    switch (m.type) {
    case LobbyType::Create: return create(m, from, nowMs, a);
    case LobbyType::Join: return join(m, from, nowMs, a);
    case LobbyType::Spectate: return spectate(m, from, nowMs, a);
    case LobbyType::Poll:
    case LobbyType::Close: return hostAsks(m, from, nowMs, a);
    case LobbyType::Leave: return leave(m, from, nowMs, a);
    default: ++counters_.malformed; return;
    }
}

bool Server::newCode(std::string& out) {
    for (int attempt = 0; attempt < 16; ++attempt) {  // a clash is rare (rooms / 2^30); give up after a few
        std::uint8_t r[net::kCodeLength];
        if (!random_(r, sizeof r)) return false;
        out.clear();
        for (std::uint8_t b : r) out += net::kCodeAlphabet[b % 32];
        if (rooms_.find(out) == rooms_.end() && watchCodes_.find(out) == watchCodes_.end()) return true;
    }
    return false;
}

bool Server::createdAgain(const LobbyMessage& m, Address from, std::int64_t nowMs) {
    auto mine = byHost_.find(from);
    if (mine == byHost_.end()) return false;
    auto room = rooms_.find(mine->second);
    if (room != rooms_.end() && room->second.live && room->second.createNonce == m.nonce) {
        LobbyMessage again;  // our answer was lost: the same room again
        again.type = LobbyType::Created;
        again.code = room->first;
        again.watchCode = room->second.watchCode;
        again.hostKey = room->second.hostKey;
        again.secondsLeft = std::uint32_t(std::max<std::int64_t>(0, (room->second.expiresMs - nowMs) / 1000));
        again.self = from;
        answer(again, m, from, nowMs);
        return true;
    }
    if (room != rooms_.end()) forget(room);  // a new room from the same address and port replaces the old one
    return false;
}

void Server::create(const LobbyMessage& m, Address from, std::int64_t nowMs, AddressState&) {
    if (createdAgain(m, from, nowMs)) return;
    auto perIp = roomsByIp_.find(ipOf(from));
    if (perIp != roomsByIp_.end() && perIp->second >= limits_.roomsPerAddress) {
        ++counters_.roomLimited;
        ++counters_.refusedBusy;
        return refuse(m, LobbyRefusal::Busy, from, nowMs);
    }
    if (live_ >= limits_.maxRooms) {
        ++counters_.refusedBusy;
        return refuse(m, LobbyRefusal::Busy, from, nowMs);
    }
    std::string code;
    Room room;
    if (!newCode(code) || !random_(room.hostKey.data(), room.hostKey.size())) {
        ++counters_.refusedBusy;
        return refuse(m, LobbyRefusal::Busy, from, nowMs);
    }
    room.watchCode = code;
    if ((m.flags & net::kRoomPrivate) != 0) {
        rooms_.emplace(code, Room{});  // reserved so the spectator code cannot clash with it
        const bool ok = newCode(room.watchCode);
        rooms_.erase(code);
        if (!ok) {
            ++counters_.refusedBusy;
            return refuse(m, LobbyRefusal::Busy, from, nowMs);
        }
        watchCodes_[room.watchCode] = code;
    }
    room.createNonce = m.nonce;
    room.host = from;
    room.hostLocals = m.locals;
    room.hostRelay = m.relay;
    room.expiresMs = nowMs + std::int64_t(limits_.lifetimeS) * 1000;
    LobbyMessage reply;
    reply.type = LobbyType::Created;
    reply.code = code;
    reply.watchCode = room.watchCode;
    reply.hostKey = room.hostKey;
    reply.secondsLeft = std::uint32_t(limits_.lifetimeS);
    reply.self = from;
    rooms_.emplace(code, std::move(room));
    byHost_[from] = code;
    ++roomsByIp_[ipOf(from)];
    ++live_;
    ++counters_.created;
    answer(reply, m, from, nowMs);
}

Server::Room* Server::find(const LobbyMessage& m, Address from, std::int64_t nowMs, AddressState& a) {
    // Every code looked up is a guess until it names a live room: bounded per address and for the whole lobby.
    // Beyond the lobby's budget only an address that never gave a wrong code (while held) gets its code looked up:
    // a real joiner still gets in during a guessing flood, and each guessing address gets one such lookup.
    a.wrongCodes.refill(limits_.wrongCodesPerMinute / 60.0, limits_.wrongCodeBurst, nowMs);
    wrongCodesAll_.refill(limits_.wrongCodesPerSecond, limits_.wrongCodeBurstAll, nowMs);
    if (a.wrongCodes.tokens < 1 || (wrongCodesAll_.tokens < 1 && a.guessed)) {
        ++counters_.guessLimited;
        slow(m, a, from, nowMs);
        return nullptr;
    }
    ++counters_.lookups;
    auto it = rooms_.find(m.code);
    if (m.type == LobbyType::Spectate) {
        if (it != rooms_.end() && it->second.watchCode != it->first) it = rooms_.end();  // private: its room code
        auto w = watchCodes_.find(m.code);                                               // is not for spectators
        if (w != watchCodes_.end()) it = rooms_.find(w->second);
    }
    const bool missing = it == rooms_.end();
    if (missing || !it->second.live || nowMs >= it->second.expiresMs) {
        a.wrongCodes.tokens -= 1;
        a.guessed = true;
        wrongCodesAll_.tokens = std::max(0.0, wrongCodesAll_.tokens - 1);
        ++(missing ? counters_.refusedWrongCode : counters_.refusedExpired);
        refuse(m, missing ? LobbyRefusal::WrongCode : LobbyRefusal::Expired, from, nowMs);
        return nullptr;
    }
    return &it->second;
}

void Server::join(const LobbyMessage& m, Address from, std::int64_t nowMs, AddressState& a) {
    Room* room = find(m, from, nowMs, a);
    if (room == nullptr) return;
    const bool again = room->joiner == from && room->joinNonce == m.nonce;  // our answer was lost
    if (room->joiner != 0 && !again) {
        ++counters_.refusedFull;
        return refuse(m, LobbyRefusal::Full, from, nowMs);
    }
    if (!again) {
        if (!a.seats.take(limits_.seatsPerMinute / 60.0, limits_.seatBurst, nowMs)) {
            ++counters_.seatLimited;
            return slow(m, a, from, nowMs);
        }
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
    answer(reply, m, from, nowMs);
}

void Server::spectate(const LobbyMessage& m, Address from, std::int64_t nowMs, AddressState& a) {
    Room* room = find(m, from, nowMs, a);
    if (room == nullptr) return;
    // A spectator asking again (its answer lost, or a second try from the same socket) counts once.
    const bool again = std::find(room->watchers.begin(), room->watchers.end(), from) != room->watchers.end();
    if (!again && room->spectators >= limits_.maxSpectators) {
        ++counters_.refusedFull;
        return refuse(m, LobbyRefusal::Full, from, nowMs);
    }
    if (!again) {
        if (!a.seats.take(limits_.seatsPerMinute / 60.0, limits_.seatBurst, nowMs)) {
            ++counters_.seatLimited;
            return slow(m, a, from, nowMs);
        }
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
    answer(reply, m, from, nowMs);
}

void Server::hostAsks(const LobbyMessage& m, Address from, std::int64_t nowMs, AddressState& a) {
    Room* room = find(m, from, nowMs, a);
    if (room == nullptr) return;
    if (sodium_memcmp(room->hostKey.data(), m.hostKey.data(), m.hostKey.size()) != 0) {
        ++counters_.refusedNotYours;
        return refuse(m, LobbyRefusal::NotYours, from, nowMs);
    }
    if (m.type == LobbyType::Close) return endRoom(*room);  // remembered as expired until the sweep forgets it
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

void Server::leave(const LobbyMessage& m, Address from, std::int64_t nowMs, AddressState& a) {
    Room* room = find(m, from, nowMs, a);
    if (room == nullptr || room->joiner == 0) return;
    // The room's host (its key) or the joiner itself (its address): nobody else can free the seat. No answer: the
    // host learns it from its next Status (no joiner), the joiner is done with the room.
    const bool host = sodium_memcmp(room->hostKey.data(), m.hostKey.data(), m.hostKey.size()) == 0;
    if (!host && from != room->joiner) {
        ++counters_.refusedNotYours;
        return refuse(m, LobbyRefusal::NotYours, from, nowMs);
    }
    room->joiner = 0;
    room->joinNonce = net::Nonce{};
    room->joinerLocals.clear();
    room->joinerRelay = 0;
    ++counters_.seatsFreed;
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

void Server::endRoom(Room& r) {
    if (!r.live) return;
    r.live = false;
    --live_;
    auto perIp = roomsByIp_.find(ipOf(r.host));
    if (perIp != roomsByIp_.end() && --perIp->second <= 0) roomsByIp_.erase(perIp);
}

void Server::forget(std::unordered_map<std::string, Room>::iterator it) {
    endRoom(it->second);
    auto h = byHost_.find(it->second.host);
    if (h != byHost_.end() && h->second == it->first) byHost_.erase(h);
    if (it->second.watchCode != it->first) watchCodes_.erase(it->second.watchCode);
    rooms_.erase(it);
}

void Server::expire(std::int64_t nowMs) {
    lastSweepMs_ = nowMs;
    unvalidated_.clear();  // the unvalidated answer caps count per sweep window
    const std::int64_t keep = std::int64_t(limits_.lifetimeS) * 1000;
    for (auto it = rooms_.begin(); it != rooms_.end();) {
        auto next = std::next(it);
        if (nowMs >= it->second.expiresMs) endRoom(it->second);
        if (!it->second.live && nowMs >= it->second.expiresMs + keep) forget(it);
        it = next;
    }
}

}  // namespace lobby
