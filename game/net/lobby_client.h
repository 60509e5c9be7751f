#pragma once
// The client side of the lobby (lobby_packet.h, game/lobby/): before a match, over the same Transport (the same UDP
// socket) the match will use, so the lobby sees the public address the NAT gives the game's packets. A host creates
// a room and polls it until a joiner came; a joiner or spectator gives the code. Every request carries a fresh
// nonce and is repeated every retryMs until its answer (which must echo the nonce) comes; the whole exchange is
// bounded by timeoutMs. The lobby first answers with a Retry carrying a cookie: the client asks again at once with
// it (and with every later request). Once ready, each side knows the other's candidate addresses (public first,
// then local), and NetPeer punches through the NATs (both sides send to all candidates at once). The lobby hands
// out no key: the peers authenticate each other themselves.
#include "game/net/demux_transport.h"
#include "game/net/lobby_packet.h"
#include "game/net/transport.h"

#include <cstdint>
#include <string>
#include <vector>

namespace net {

enum class LobbyRole : std::uint8_t { Host, Join, Spectate };

struct LobbyClientConfig {
    Address lobby = 0;  ///< where the lobby is
    LobbyRole role = LobbyRole::Host;
    std::string code;             ///< Join, Spectate: the room's code (normalized)
    std::vector<Address> locals;  ///< this side's local addresses (sent to the other side as candidates)
    int retryMs = 250;            ///< a request is repeated this often until answered
    int answerTimeoutMs = 5000;   ///< no answer at all from the lobby for this long: give up
    int waitMs = 60000;           ///< host: how long to wait for a joiner
    Address relay = 0;            ///< host, joiner: its relayed (TURN) address, handed to the other side
    bool keepPolling = false;     ///< host: once Ready, go on polling (every pollEveryMs) to learn spectators;
                                  ///< the answers then come through handle() (LobbyDemux)
    int pollEveryMs = 1000;
    bool privateRoom = false;  ///< host: spectators need the room's spectator code (watchCode())
};

enum class LobbyState : std::uint8_t { Working, Ready, Failed };

class LobbyClient {
public:
    LobbyClient(Transport& t, const LobbyClientConfig& cfg);
    /// One step: reads answers, repeats the request when due.
    void tick(std::int64_t nowMs);
    /// Host: asks the lobby to forget the room (a cancel).
    void close(std::int64_t nowMs);
    /// Frees the room's seat: a joiner that gives up before the match says so (its host then stops waiting for it);
    /// a host lets its joiner go (refused, or no handshake came from it), so the next joiner with the code gets in.
    void leave(std::int64_t nowMs);
    /// Host (keepPolling): the joiner the lobby named left the room before the match (it gave up); cleared when
    /// another joiner comes.
    bool joinerLeft() const { return joinerLeft_; }
    /// Host: how many joiners the lobby has named so far (candidates() and relay() are the newest's).
    int joiners() const { return joiners_; }
    LobbyState state() const { return state_; }
    /// Host: the room's code once created ("" before).
    const std::string& code() const { return code_; }
    /// Host: the code spectators give (the room code itself unless the room is private; "" before).
    const std::string& watchCode() const { return watchCode_; }
    /// The other side's candidate addresses, public first (Ready).
    const std::vector<Address>& candidates() const { return candidates_; }
    /// The other side's relayed address (0: it has none), tried when the direct path does not come up: the host's
    /// for a joiner or spectator, the joiner's for a host.
    Address relay() const { return relay_; }
    /// Host: the newest spectators' public addresses (from the last Status).
    const std::vector<Address>& watchers() const { return watchers_; }
    /// Takes a datagram if it is the lobby's answer to us (true: consumed). For LobbyDemux, once Ready.
    bool handle(const std::uint8_t* data, std::size_t size, Address from, std::int64_t nowMs);
    /// The lobby's address.
    Address lobbyAddress() const { return cfg_.lobby; }
    /// This side's address as the lobby saw it.
    Address publicAddress() const { return self_; }
    /// Requests the lobby asked again with a cookie (Retry answers taken).
    int retries() const { return retries_; }
    /// Why it failed ("lobby: no room has that code", ...).
    const std::string& error() const { return error_; }
    /// Host: seconds the room has left (as the last answer said).
    std::uint32_t secondsLeft() const { return secondsLeft_; }

private:
    void send(std::int64_t nowMs);
    void take(const LobbyMessage& m, std::int64_t nowMs);
    void joinerNamed(const LobbyMessage& m);
    bool otherVersion(const std::uint8_t* data, std::size_t size, Address from);
    void fail(const std::string& why);

    Transport& t_;
    LobbyClientConfig cfg_;
    LobbyState state_ = LobbyState::Working;
    Nonce nonce_{};
    Nonce hostKey_{};
    Cookie cookie_{};
    int retries_ = 0;
    std::string code_;
    std::string watchCode_;
    std::vector<Address> candidates_;
    Address relay_ = 0;
    std::vector<Address> watchers_;
    bool joinerLeft_ = false;
    bool released_ = false;  // host: it let its joiner go itself
    int joiners_ = 0;
    Address self_ = 0;
    std::uint32_t secondsLeft_ = 0;
    std::string error_;
    std::int64_t startMs_ = -1;
    std::int64_t lastSendMs_ = -1000000;
    std::int64_t lastAnswerMs_ = 0;
};

/// A Transport in front of the match's once the lobby client is Ready: the lobby's answers (the host's Status
/// while it keeps polling) go to the client, everything else up to the match. Sends and the inner transport's hooks
/// pass through.
class LobbyDemux : public DemuxTransport {
public:
    LobbyDemux(Transport& inner, LobbyClient& client) : DemuxTransport(inner), client_(client) {}

private:
    bool take(const std::uint8_t* data, std::size_t size, Address from, std::int64_t nowMs) override {
        return client_.handle(data, size, from, nowMs);
    }
    LobbyClient& client_;
};

}  // namespace net
