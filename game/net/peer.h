#pragma once
// One side of an online match over any Transport: the handshake, the filter that keeps strangers out, the
// rollback Session once connected, and how the match ends (over, desync, connection lost, opponent left).
//
// Handshake: the joiner sends Hello (protocol version, its fighter and input style) every 250 ms until the host
// answers. The host accepts the first valid Hello, fixes that address as its peer, draws a random session token and
// answers Welcome (token, the whole match setup with the joiner's fighter and style in slot 1; the host then plays
// exactly what the Welcome carries, net::wireSetup); a repeated Hello from the same address gets the Welcome again
// (it was lost). Anyone else is refused with a reason (Busy for a second or late joiner, Version, BadFighter). A
// joiner whose Welcome names another fighter or style than it asked for stops. From then on a datagram counts
// only if it comes from the peer's address, decodes, and carries the token: everything else is dropped and
// counted. Silence for `timeoutMs` ends the match as "connection lost"; after the match ends the peer lingers
// (still answering) until the opponent has all our inputs or the same timeout passes, so both sides confirm the
// same last frame. With `rematches` on (the window), a finished match instead stays connected: when both sides
// ask for a rematch (the rematch flag), both start the next match on the same connection and token, numbered one
// higher (packets of an older match are ignored), with the next seed and the same fighters and styles.
#include "game/net/packet.h"
#include "game/net/session.h"
#include "game/net/transport.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace net {

/// Loads a fighter by id; false with error set when there is none.
using FighterLoader = std::function<bool(const std::string& id, sim::FighterDef& out, std::string& error)>;

/// How a peer is set up.
struct PeerConfig {
    bool host = true;                  ///< host (P1, waits) or joiner (P2, connects)
    Address hostAddress = 0;           ///< joiner: where the host is
    std::string fighter = "ryo";       ///< this side's fighter id
    sim::InputStyle style = sim::InputStyle::Simple;  ///< this side's input style (its own choice, like the fighter)
    sim::MatchSetup setup;             ///< host: the match (fighter and style of each side come from that side)
    std::uint32_t frameLimit = 0;      ///< host: end after this many frames (0 = at match over)
    SessionConfig session;             ///< delay, rollback window, hash period (me is set by the role)
    int timeoutMs = 3000;              ///< silence that ends a match as "connection lost"
    int connectTimeoutMs = 10000;      ///< joiner: how long to wait for the host's answer
    std::uint32_t token = 0;           ///< host: session token (0 = draw a random one)
    bool rematches = false;            ///< after a completed match stay connected for rematches (the window)
};

/// Where a peer is.
enum class PeerState : std::uint8_t {
    Waiting,     ///< host: no opponent yet
    Connecting,  ///< joiner: Hello sent, no answer yet
    Playing,     ///< the match runs
    Lingering,   ///< the match ended; still answering until the opponent has everything
    Done,        ///< finished; see endReason()
};

/// Why a peer ended (or, while it lingers, will end): callers branch on this, never on endMessage()'s words.
enum class PeerEnd : std::uint8_t {
    None,            ///< not ended
    MatchOver,       ///< the match completed
    Desync,          ///< the two sides' hashes differ (the session's desyncFrame() says where)
    ConnectionLost,  ///< the opponent went silent during the match
    OpponentLeft,    ///< the opponent left (Esc, or quiet after a completed match)
    YouLeft,         ///< this side left during the match
    Cancelled,       ///< this side left before a match started
    NoAnswer,        ///< joiner: the host never answered
    Refused,         ///< joiner: the host refused (protocol version, busy, fighter) or its welcome did not fit
    SetupFailed,     ///< the match could not start (a fighter would not load)
};

/// Packets a peer refused to trust.
struct PeerCounters {
    std::int64_t malformed = 0;     ///< did not decode
    std::int64_t wrongAddress = 0;  ///< from someone who is not the peer
    std::int64_t wrongToken = 0;    ///< from the peer's address with another token
    std::int64_t refusedJoiners = 0;///< Hellos answered with Refuse
};

/// One side of an online match.
class NetPeer {
public:
    /// A peer on transport t (which must outlive it), loading fighters with loader.
    NetPeer(Transport& t, const PeerConfig& cfg, FighterLoader loader);
    /// One 60 Hz tick: read what arrived, step the match with `buttons` (for session()->nextInputFrame()), send.
    void tick(std::int64_t nowMs, std::uint16_t buttons);
    /// Leaves now (Esc): tells the opponent (the leaving flag, sent three times) and ends as "you left".
    void leave(std::int64_t nowMs);
    /// After a completed match (with rematches on): asks for a rematch; it starts when the opponent asks too.
    void requestRematch();
    /// True when this side asked for a rematch that has not started yet.
    bool wantsRematch() const { return wantRematch_; }
    /// True when the opponent asked for a rematch that has not started yet.
    bool opponentWantsRematch() const { return remoteRematch_; }
    /// Matches started on this connection (1 for the first).
    int matchesPlayed() const { return matchCount_; }
    /// Where the peer is.
    PeerState state() const { return state_; }
    /// The match (null before the handshake completes).
    Session* session() { return session_.get(); }
    /// The match setup agreed at the handshake (valid once session() is set).
    const sim::MatchSetup& setup() const { return cfg_.setup; }
    /// Why it ended, as data (PeerEnd::None until state() is Done).
    PeerEnd endReason() const { return end_; }
    /// Why it ended, for people: "match over", "DESYNC at frame F", "connection lost", "refused: ...", ...
    const std::string& endMessage() const { return endMessage_; }
    /// True when the ending is a failure (anything but a completed match).
    bool failed() const { return failed_; }
    /// Refused packets.
    const PeerCounters& counters() const { return counters_; }
    /// Called whenever a session starts, the first match or a rematch (to attach a recorder).
    void setOnStart(std::function<void(Session&)> f) { onStart_ = std::move(f); }

private:
    void poll(std::int64_t nowMs);
    void handle(const Packet& p, Address from, std::int64_t nowMs);
    void hostHello(const Packet& p, Address from, std::int64_t nowMs);
    void joinerAnswer(const Packet& p, std::int64_t nowMs);
    bool startSession(std::string& error);
    void send(const Packet& p, Address to, std::int64_t nowMs);
    void sendInput(std::int64_t nowMs);
    void checkEnd(std::int64_t nowMs);
    void end(PeerEnd why, const std::string& message, bool failed);
    void linger(PeerEnd why, const std::string& message, std::int64_t nowMs);
    bool takeRematch(const Packet& p, std::int64_t nowMs);
    void startRematch(std::int64_t nowMs);

    Transport& t_;
    PeerConfig cfg_;
    FighterLoader loader_;
    PeerState state_;
    std::unique_ptr<Session> session_;
    Address peer_ = 0;
    std::uint32_t token_ = 0;
    std::int64_t startMs_ = -1;
    std::int64_t lastHeardMs_ = 0;
    std::int64_t lastHelloMs_ = -1000000;
    std::int64_t lingerSinceMs_ = 0;
    PeerEnd end_ = PeerEnd::None;
    std::string endMessage_;
    PeerEnd lingerEnd_ = PeerEnd::None;  // how a lingering peer will end
    std::string lingerMessage_;
    bool failed_ = false;
    bool wantRematch_ = false;
    bool remoteRematch_ = false;
    int matchCount_ = 0;
    std::uint8_t match_ = 0;
    PeerCounters counters_;
    std::function<void(Session&)> onStart_;
};

/// Text of a refusal reason ("the host runs another protocol version", ...).
const char* refuseText(RefuseReason r);

}  // namespace net
