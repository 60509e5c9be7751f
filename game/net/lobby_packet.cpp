// The lobby's messages (layout in lobby_packet.h).
#include "game/net/lobby_packet.h"

#include "game/net/wire.h"

#include <sodium.h>

#include <cstring>

namespace net {
namespace {

constexpr std::uint8_t kLobbyMagic0 = 'L';
constexpr std::uint8_t kLobbyMagic1 = 'B';

bool isAnswer(LobbyType t) { return std::uint8_t(t) >= 16 && std::uint8_t(t) <= 22; }

void writeAddress(wire::Writer& w, Address a) { w.uint(a & 0xffffffffffffULL, 6); }
void writeList(wire::Writer& w, const std::vector<Address>& list) {
    const std::size_t n = list.size() < kMaxLocalAddresses ? list.size() : kMaxLocalAddresses;
    w.u8(std::uint8_t(n));
    for (std::size_t i = 0; i < n; ++i) writeAddress(w, list[i]);
}
void writeCode(wire::Writer& w, const std::string& code) {
    for (std::size_t i = 0; i < kCodeLength; ++i) w.u8(i < code.size() ? std::uint8_t(code[i]) : std::uint8_t('?'));
}

std::vector<Address> readList(wire::Reader& r) {
    const std::size_t n = r.u8();
    std::vector<Address> out;
    if (n > kMaxLocalAddresses || n * 6 > r.left) {
        r.ok = false;
        return out;
    }
    for (std::size_t i = 0; i < n; ++i) out.push_back(r.uint(6));
    return out;
}
std::string readCode(wire::Reader& r) {
    std::string code;
    for (std::size_t i = 0; i < kCodeLength; ++i) code += char(r.u8());
    if (!validCode(code)) r.ok = false;
    return code;
}

}  // namespace

bool isLobbyRequest(LobbyType t) { return std::uint8_t(t) >= 1 && std::uint8_t(t) <= 6; }

bool peekLobbyVersion(const std::uint8_t* data, std::size_t size, std::uint8_t& version, Nonce& nonce) {
    if (data == nullptr || size < kLobbyHeaderSize || data[0] != kLobbyMagic0 || data[1] != kLobbyMagic1) return false;
    version = data[2];
    std::memcpy(nonce.data(), data + 4, nonce.size());
    return true;
}

std::vector<std::uint8_t> encodeLobbyVersionAnswer(const Nonce& nonce) {
    LobbyMessage m;
    m.type = LobbyType::Version;
    m.nonce = nonce;
    return encodeLobby(m);
}

bool validCode(const std::string& code) {
    if (code.size() != kCodeLength) return false;
    for (char c : code) {
        if (c == '\0' || std::strchr(kCodeAlphabet, c) == nullptr) return false;
    }
    return true;
}

std::string normalizeCode(const std::string& typed) {
    std::string out;
    for (char c : typed) {
        if (c == ' ' || c == '-') continue;
        out += (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
    }
    return out;
}

const char* lobbyRefusalText(LobbyRefusal r) {
    switch (r) {
    case LobbyRefusal::WrongCode: return "no room has that code";
    case LobbyRefusal::Expired: return "that room has expired";
    case LobbyRefusal::Full: return "that room is full";
    case LobbyRefusal::Busy: return "the lobby is full: try again later";
    case LobbyRefusal::Slow: return "too many requests: wait a little";
    case LobbyRefusal::NotYours: return "that room is not yours";
    }
    return "refused";
}

std::vector<std::uint8_t> encodeLobby(const LobbyMessage& m) {
    wire::Writer w;
    w.u8(kLobbyMagic0);
    w.u8(kLobbyMagic1);
    w.u8(kLobbyVersion);
    w.u8(std::uint8_t(m.type));
    w.raw(m.nonce);
    if (isLobbyRequest(m.type)) w.raw(m.cookie);
    switch (m.type) {
    case LobbyType::Create:
        w.u8(m.flags);
        writeList(w, m.locals);
        writeAddress(w, m.relay);
        break;
    case LobbyType::Join:
    case LobbyType::Spectate:
        writeCode(w, m.code);
        writeList(w, m.locals);
        if (m.type == LobbyType::Join) writeAddress(w, m.relay);
        break;
    case LobbyType::Poll:
    case LobbyType::Close:
    case LobbyType::Leave:
        writeCode(w, m.code);
        w.raw(m.hostKey);
        break;
    case LobbyType::Created:
        writeCode(w, m.code);
        writeCode(w, m.watchCode);
        w.raw(m.hostKey);
        w.uint(m.secondsLeft, 4);
        writeAddress(w, m.self);
        break;
    case LobbyType::Joined:
    case LobbyType::Watching:
        writeAddress(w, m.self);
        writeAddress(w, m.peer);
        writeList(w, m.locals);
        writeAddress(w, m.relay);
        break;
    case LobbyType::Status:
        writeAddress(w, m.peer);
        writeList(w, m.locals);
        writeAddress(w, m.relay);
        w.u8(m.spectators);
        w.uint(m.secondsLeft, 4);
        writeList(w, m.watchers);
        break;
    case LobbyType::Refused: w.u8(std::uint8_t(m.reason)); break;
    case LobbyType::Version: w.u8(kLobbyVersion); break;
    case LobbyType::Retry: w.raw(m.cookie); break;
    }
    return w.bytes;
}

namespace {

/// A message's fields after its header, nonce and cookie; r.ok false when one is out of range.
void readLobbyBody(wire::Reader& r, LobbyMessage& m) {
    switch (m.type) {
    case LobbyType::Create:
        m.flags = r.u8();
        if (m.flags & ~kRoomPrivate) r.ok = false;  // unknown flags: a later version's request
        m.locals = readList(r);
        m.relay = r.uint(6);
        break;
    case LobbyType::Join:
    case LobbyType::Spectate:
        m.code = readCode(r);
        m.locals = readList(r);
        if (m.type == LobbyType::Join) m.relay = r.uint(6);
        break;
    case LobbyType::Poll:
    case LobbyType::Close:
    case LobbyType::Leave:
        m.code = readCode(r);
        r.raw(m.hostKey);
        break;
    case LobbyType::Created:
        m.code = readCode(r);
        m.watchCode = readCode(r);
        r.raw(m.hostKey);
        m.secondsLeft = std::uint32_t(r.uint(4));
        m.self = r.uint(6);
        break;
    case LobbyType::Joined:
    case LobbyType::Watching:
        m.self = r.uint(6);
        m.peer = r.uint(6);
        m.locals = readList(r);
        m.relay = r.uint(6);
        break;
    case LobbyType::Status:
        m.peer = r.uint(6);
        m.locals = readList(r);
        m.relay = r.uint(6);
        m.spectators = r.u8();
        m.secondsLeft = std::uint32_t(r.uint(4));
        m.watchers = readList(r);
        break;
    case LobbyType::Refused: {
        const std::uint8_t why = r.u8();
        if (why < std::uint8_t(LobbyRefusal::WrongCode) || why > kLastLobbyRefusal) r.ok = false;
        m.reason = LobbyRefusal(why);
        break;
    }
    case LobbyType::Version:
        m.version = r.u8();
        if (m.version != kLobbyVersion) r.ok = false;  // the header said so too
        break;
    case LobbyType::Retry: r.raw(m.cookie); break;
    }
}

}  // namespace

bool decodeLobby(const std::uint8_t* data, std::size_t size, LobbyMessage& out) {
    if (data == nullptr || size > kMaxLobbyMessage) return false;
    wire::Reader r{data, size};
    if (r.u8() != kLobbyMagic0 || r.u8() != kLobbyMagic1 || r.u8() != kLobbyVersion) return false;
    const LobbyType type = LobbyType(r.u8());
    if (!r.ok || !(isLobbyRequest(type) || isAnswer(type))) return false;
    LobbyMessage m;
    m.type = type;
    r.raw(m.nonce);
    if (isLobbyRequest(type)) r.raw(m.cookie);
    readLobbyBody(r, m);
    if (!r.ok || r.left != 0) return false;
    out = std::move(m);
    return true;
}

}  // namespace net
