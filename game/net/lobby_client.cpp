// The lobby client (see lobby_client.h).
#include "game/net/lobby_client.h"

#include <sodium.h>

namespace net {

LobbyClient::LobbyClient(Transport& t, const LobbyClientConfig& cfg) : t_(t), cfg_(cfg) {
    if (sodium_init() < 0) {
        fail("the system gave no random numbers");
        return;
    }
    randombytes_buf(nonce_.data(), nonce_.size());
}

void LobbyClient::fail(const std::string& why) {
    state_ = LobbyState::Failed;
    error_ = why;
}

void LobbyClient::send(std::int64_t nowMs) {
    LobbyMessage m;
    m.nonce = nonce_;
    m.cookie = cookie_;
    m.locals = cfg_.locals;
    m.relay = cfg_.relay;
    if (cfg_.role == LobbyRole::Host) {
        m.type = code_.empty() ? LobbyType::Create : LobbyType::Poll;
        m.flags = cfg_.privateRoom ? kRoomPrivate : 0;
        m.code = code_;
        m.hostKey = hostKey_;
    } else {
        m.type = cfg_.role == LobbyRole::Join ? LobbyType::Join : LobbyType::Spectate;
        m.code = cfg_.code;
    }
    const std::vector<std::uint8_t> bytes = encodeLobby(m);
    t_.sendTo(cfg_.lobby, bytes.data(), bytes.size(), nowMs);
    lastSendMs_ = nowMs;
}

void LobbyClient::close(std::int64_t nowMs) {
    if (cfg_.role != LobbyRole::Host || code_.empty()) return;
    LobbyMessage m;
    m.type = LobbyType::Close;
    m.nonce = nonce_;
    m.cookie = cookie_;
    m.code = code_;
    m.hostKey = hostKey_;
    const std::vector<std::uint8_t> bytes = encodeLobby(m);
    t_.sendTo(cfg_.lobby, bytes.data(), bytes.size(), nowMs);
}

void LobbyClient::leave(std::int64_t nowMs) {
    const bool host = cfg_.role == LobbyRole::Host;
    if (cfg_.role == LobbyRole::Spectate || state_ != LobbyState::Ready || (host && candidates_.empty())) return;
    LobbyMessage m;
    m.type = LobbyType::Leave;
    m.nonce = nonce_;
    m.cookie = cookie_;
    m.code = host ? code_ : cfg_.code;
    if (host) m.hostKey = hostKey_;
    const std::vector<std::uint8_t> bytes = encodeLobby(m);
    t_.sendTo(cfg_.lobby, bytes.data(), bytes.size(), nowMs);
    if (host) released_ = true;
}

void LobbyClient::joinerNamed(const LobbyMessage& m) {
    if (m.peer == 0) {  // the seat is free again: our own doing, or the joiner gave up
        if (!candidates_.empty() && !released_) joinerLeft_ = true;
        candidates_.clear();
        relay_ = 0;
        released_ = false;
        return;
    }
    if (!candidates_.empty() && candidates_.front() == m.peer) return;
    relay_ = m.relay;
    candidates_.assign(1, m.peer);
    for (Address a : m.locals) {
        if (a != m.peer) candidates_.push_back(a);
    }
    joinerLeft_ = released_ = false;
    ++joiners_;
}

void LobbyClient::tick(std::int64_t nowMs) {
    if (startMs_ < 0) {
        startMs_ = lastAnswerMs_ = nowMs;
        if (cfg_.role != LobbyRole::Host && !validCode(cfg_.code)) {
            return fail("lobby: '" + cfg_.code + "' is not a room code (" + std::to_string(kCodeLength) +
                        " letters and digits)");
        }
    }
    if (state_ == LobbyState::Ready && cfg_.keepPolling && cfg_.role == LobbyRole::Host) {
        if (nowMs - lastSendMs_ >= cfg_.pollEveryMs) send(nowMs);  // the answers come through handle()
        return;
    }
    if (state_ != LobbyState::Working) return;
    std::vector<std::uint8_t> bytes;
    Address from = 0;
    for (int i = 0; i < 256 && state_ == LobbyState::Working && t_.receive(bytes, from, nowMs); ++i) {
        LobbyMessage m;
        if (otherVersion(bytes.data(), bytes.size(), from)) return;
        if (from != cfg_.lobby || !decodeLobby(bytes.data(), bytes.size(), m) || m.nonce != nonce_) continue;
        lastAnswerMs_ = nowMs;
        take(m, nowMs);
    }
    if (state_ != LobbyState::Working) return;
    Address unreachable = 0;
    while (t_.takeUnreachable(unreachable)) {
        if (unreachable == cfg_.lobby) return fail("lobby: nothing answers at " + t_.addressName(cfg_.lobby));
    }
    if (nowMs - lastAnswerMs_ > cfg_.answerTimeoutMs)
        return fail("lobby: no answer from " + t_.addressName(cfg_.lobby));
    if (cfg_.role == LobbyRole::Host && !code_.empty() && nowMs - startMs_ > cfg_.waitMs) {
        close(nowMs);
        return fail("nobody joined room " + code_ + " within " + std::to_string(cfg_.waitMs / 1000) + " s");
    }
    if (nowMs - lastSendMs_ >= cfg_.retryMs) send(nowMs);
}

bool LobbyClient::otherVersion(const std::uint8_t* data, std::size_t size, Address from) {
    std::uint8_t version = 0;
    Nonce nonce{};
    if (from != cfg_.lobby || size < kLobbyHeaderSize + 1 || data[3] != std::uint8_t(LobbyType::Version) ||
        !peekLobbyVersion(data, size, version, nonce) || version == kLobbyVersion || nonce != nonce_) {
        return false;
    }
    const std::string versions =
        " (lobby protocol " + std::to_string(version) + ", this game's " + std::to_string(kLobbyVersion) + ")";
    fail(version > kLobbyVersion ? "lobby: this game is too old for the lobby: update the game" + versions
                                 : "lobby: the lobby is older than this game: update the lobby" + versions);
    return true;
}

bool LobbyClient::handle(const std::uint8_t* data, std::size_t size, Address from, std::int64_t nowMs) {
    LobbyMessage m;
    if (from != cfg_.lobby || !decodeLobby(data, size, m)) return false;
    if (m.nonce != nonce_) return true;  // the lobby's, but not an answer to us: nothing for the match either
    lastAnswerMs_ = nowMs;
    if (state_ == LobbyState::Ready) {
        if (m.type == LobbyType::Status) {
            watchers_ = m.watchers;
            if (cfg_.role == LobbyRole::Host) joinerNamed(m);
        } else if (m.type == LobbyType::Refused) cfg_.keepPolling = false;  // the room expired: the match goes on
        else if (m.type == LobbyType::Retry) cookie_ = m.cookie;            // the cookie aged: the next poll has it
        return true;
    }
    if (state_ == LobbyState::Working) take(m, nowMs);
    return true;
}

void LobbyClient::take(const LobbyMessage& m, std::int64_t nowMs) {
    switch (m.type) {
    case LobbyType::Refused: return fail(std::string("lobby: ") + lobbyRefusalText(m.reason));
    case LobbyType::Retry:
        if (m.cookie == cookie_) return;  // the same cookie again: our request crossed it; the timer repeats it
        cookie_ = m.cookie;
        ++retries_;
        return send(nowMs);  // at once with the cookie
    case LobbyType::Created:
        if (cfg_.role != LobbyRole::Host || !code_.empty()) return;
        code_ = m.code;
        watchCode_ = m.watchCode;
        hostKey_ = m.hostKey;
        self_ = m.self;
        secondsLeft_ = m.secondsLeft;
        return send(nowMs);  // the first Poll at once
    case LobbyType::Status:
        if (cfg_.role != LobbyRole::Host) return;
        secondsLeft_ = m.secondsLeft;
        watchers_ = m.watchers;
        if (m.peer == 0) return;
        joinerNamed(m);
        state_ = LobbyState::Ready;
        return;
    case LobbyType::Joined:
    case LobbyType::Watching:
        if ((m.type == LobbyType::Joined) != (cfg_.role == LobbyRole::Join) || cfg_.role == LobbyRole::Host) return;
        self_ = m.self;
        relay_ = m.relay;
        candidates_.assign(1, m.peer);
        for (Address a : m.locals) {
            if (a != m.peer) candidates_.push_back(a);
        }
        state_ = LobbyState::Ready;
        return;
    default: return;
    }
}

}  // namespace net
