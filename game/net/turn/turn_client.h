#pragma once
// A TURN client (RFC 8656, formerly RFC 5766) as a Transport: a peer behind a NAT that lets nothing in (a symmetric
// NAT) plays through a relay address on a TURN server such as coturn.
//
// Over an inner Transport that talks to the server, it allocates a relayed UDP address (Allocate with the
// long-term credential mechanism: the first request is answered 401 with REALM and NONCE, the second carries
// USERNAME, REALM, NONCE and MESSAGE-INTEGRITY = HMAC-SHA1 under MD5(user:realm:password); a 438 Stale Nonce is
// retried with the new nonce), installs a permission for each peer it sends to (CreatePermission; permit() for a
// peer that will send first), and then carries game datagrams as Send indications out and Data indications in.
// Refresh keeps the allocation (at half its lifetime), permissions are renewed every 4 minutes (they last 5),
// release() deletes the allocation (Refresh with LIFETIME 0). Requests are retransmitted (RTO 500 ms, doubled, at
// most kMaxTries sends); every response must carry the transaction id of a request in flight and a correct
// MESSAGE-INTEGRITY (a 401/438 challenge excepted, which only ever leads to a signed retry); a Data indication
// counts only from the server's address and from a permitted peer. Datagrams from any other address are handed
// up unchanged (the caller's own filter decides), counted as direct.
#include "game/net/transport.h"
#include "game/net/turn/stun.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace net {

/// Where the TURN server is and who we are to it.
struct TurnConfig {
    Address server = 0;
    std::string user;
    std::string password;
    std::uint32_t lifetime = 600;  ///< allocation lifetime asked for, s
    /// Direct first (the lobby's fallback): a datagram goes through the relay only to a peer heard through it (a
    /// Data indication from that address); to anyone else it goes straight out of the inner transport.
    bool directFirst = false;
};

/// Where the allocation is.
enum class TurnState : std::uint8_t { Idle, Allocating, Ready, Failed, Released };

/// What went through the relay.
struct TurnCounters {
    std::int64_t sent = 0;        ///< Send indications
    std::int64_t received = 0;    ///< Data indications handed up
    std::int64_t direct = 0;      ///< datagrams from other addresses than the server, handed up as they are
    std::int64_t directSent = 0;  ///< directFirst: datagrams sent straight out (to a peer not heard through the relay)
    std::int64_t dropped = 0;     ///< game datagrams not sent: no allocation or permission yet
    std::int64_t refused =
        0;  ///< server datagrams refused: malformed, unknown transaction, bad integrity, unpermitted peer
    std::int64_t retransmits = 0;  ///< requests sent again
};

/// A Transport whose datagrams go through a TURN relay.
class TurnTransport : public Transport {
public:
    static constexpr int kMaxTries = 7;               ///< sends of one request before it fails (RFC 8489's Rc)
    static constexpr std::int64_t kFirstRtoMs = 500;  ///< first retransmission timeout
    static constexpr std::int64_t kPermissionRenewMs = 240000;
    static constexpr std::size_t kMaxRelayedPeers = 64;  ///< peers remembered as heard through the relay

    /// A client on inner (which must outlive it).
    TurnTransport(Transport& inner, const TurnConfig& cfg);
    /// Sends the first Allocate.
    void start(std::int64_t nowMs);
    /// Installs a permission for peer's IP (so the peer can send first).
    void permit(Address peer, std::int64_t nowMs);
    /// Deletes the allocation (Refresh, LIFETIME 0), once.
    void release(std::int64_t nowMs);
    /// Relays a datagram to `to` (dropped, and counted, while the allocation or the permission is not ready).
    void sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override;
    /// The next datagram from a peer (through the relay, or direct); handles the server's answers on the way.
    bool receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) override;
    /// Retransmits and refreshes what is due (receive() and sendTo() call it too).
    void tick(std::int64_t nowMs);

    TurnState state() const { return state_; }
    /// Why it failed ("" unless Failed).
    const std::string& error() const { return error_; }
    /// The relayed address peers send to (valid once Ready).
    Address relayedAddress() const { return relayed_; }
    /// Our address as the server saw it (valid once Ready).
    Address mappedAddress() const { return mapped_; }
    /// True when a permission for peer's IP is installed.
    bool permitted(Address peer) const;
    /// True when a datagram from peer came through the relay (with directFirst, what goes back to it does too).
    bool relayedPeer(Address peer) const { return relayedPeers_.count(peer) != 0; }
    /// The inner transport's arrival time of the datagram receive() gave last (a Data indication's own arrival for a
    /// relayed one), its "port unreachable" reports (none about the server) and its address names.
    std::int64_t lastArrivalMs() const override { return inner_.lastArrivalMs(); }
    bool takeUnreachable(Address& to) override;
    std::string addressName(Address a) const override { return inner_.addressName(a); }
    const TurnCounters& counters() const { return counters_; }

private:
    enum class Kind : std::uint8_t { Allocate, Refresh, Permission };
    struct Pending {
        Kind kind = Kind::Allocate;
        std::uint32_t ip = 0;             // Permission: the peer's IP
        std::uint32_t lifetime = 0;       // Refresh: asked lifetime
        std::vector<std::uint8_t> bytes;  // what was sent
        std::int64_t nextMs = 0;          // next retransmission
        std::int64_t rtoMs = kFirstRtoMs;
        int tries = 1;
        bool signed_ = false;  // carried MESSAGE-INTEGRITY
    };
    struct Permission {
        bool installed = false;
        bool pending = false;
        std::int64_t renewMs = 0;
    };

    void request(Kind kind, std::uint32_t ip, std::uint32_t lifetime, std::int64_t nowMs);
    void handleServer(const std::uint8_t* data, std::size_t size, std::int64_t nowMs, std::vector<std::uint8_t>& out,
                      Address& from, bool& delivered);
    void answer(const stun::Message& m, const Pending& p, const std::uint8_t* data, std::size_t size,
                std::int64_t nowMs);
    void fail(const std::string& why);

    Transport& inner_;
    TurnConfig cfg_;
    TurnState state_ = TurnState::Idle;
    std::string error_;
    std::string realm_;
    std::vector<std::uint8_t> nonce_;
    std::vector<std::uint8_t> key_;
    Address relayed_ = 0;
    Address mapped_ = 0;
    std::uint32_t grantedLifetime_ = 0;
    std::int64_t refreshMs_ = 0;
    std::map<stun::TransactionId, Pending> pending_;
    std::map<std::uint32_t, Permission> permissions_;
    std::set<Address> relayedPeers_;  // peers heard through the relay (at most one per permitted IP and port)
    TurnCounters counters_;
};

/// Text of a TURN state for people.
const char* turnStateText(TurnState s);

}  // namespace net
