#pragma once
// One side of an online match over any Transport: the handshake, the filter that keeps strangers out, the
// rollback Session once connected, and how the match ends (over, desync, connection lost, opponent left).
//
// Handshake (protocol version 4, packet.h): the joiner sends Hello (its fighter, input style, nonce, a hash of its
// build and fighter data, and the host's cookie once it has one) every 250 ms until the host answers. A waiting
// host answers a Hello without the right cookie with a Challenge carrying it (the cookie is a MAC of the joiner's
// address and nonce under a key only the host holds, so the host keeps no state and sends no more bytes than it got
// to an address that has not shown it receives there). A Hello with the cookie is checked (the build and fighter
// data hash, the fighter) and answered with Welcome (token, host nonce, the whole match setup with the joiner's
// fighter and style in slot 1, net::wireSetup); the host then waits for that joiner's first Input authenticated
// under the match key, and only then plays: a Hello that is never followed by inputs holds the host for
// `pendingMs` at most, then the next joiner may take its place. Refusals (Busy, Version, BadFighter, Rules) are
// said with a reason. Every packet is authenticated (its tag, packet.h): Hello, Challenge, Welcome and Refuse under
// the room secret (empty on the direct path; from the lobby it binds the two peers of a room), the last three with
// the joiner's nonce as context so only an answer to this Hello counts; Input under the match key. From then on a
// datagram counts only if it comes from the peer's address, decodes, carries the token and its tag: anything else
// is dropped and counted, and a packet of another protocol version never ends a match (a joiner still connecting
// gives up with the host's version only when no Welcome came within a grace period). A silence of the opponent of
// kStallShownMs or more is a stall: shown while it lasts (stallText, "P2's connection stalled 1.4 s"), counted once
// it ends (opponentStalls); silence for `timeoutMs` ends the match naming who went silent ("P2 went silent for
// 3.0 s", endSeat), and no confirmed frame for `progressMs` while packets still arrive as "connection lost". Each side
// can only see the other's silence: a one-way lag switch is named by its victim alone, an outage of both directions
// by both sides (each names the other), and nothing tells a lag switch from a cut cable; a gap in this side's own
// ticks (its machine froze) is not counted as the opponent's silence. After the match
// ends the peer lingers (still answering) until the opponent has all our inputs or the same timeout passes, so both
// sides confirm the same last frame. With `rematches` on (the window), a finished match instead stays connected:
// when both sides ask for a rematch (the rematch flag), both start the next match on the same connection and token,
// numbered one higher (packets of an older match are ignored), with the next seed and the same fighters and styles.
#include "game/net/countersign.h"
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
/// A hash of this build and the data of fighter id (0 for a fighter it does not have); two sides whose hashes of a
/// fighter differ would desync, so the handshake refuses them.
using RulesHasher = std::function<std::uint64_t(const std::string& id)>;

/// Host: who may sit down. A joiner's Hello carries its identity key and name, signed (helloDigest), so the host
/// decides before it welcomes anyone: a guessed or leaked room code alone gives no seat unless the host takes anyone.
enum class Admission : std::uint8_t {
    Any,  ///< whoever completes the handshake (tests and bots: --accept-any)
    Key,  ///< only the identity whose fingerprint is acceptFingerprint (--accept-key)
    Ask,  ///< this side's player decides (the window's prompt): joinerAsking(), admitJoiner()
};

/// How a peer is set up.
struct PeerConfig {
    bool host = true;                                 ///< host (P1, waits) or joiner (P2, connects)
    Address hostAddress = 0;                          ///< joiner: where the host is
    std::string fighter = "ryo";                      ///< this side's fighter id
    sim::InputStyle style = sim::InputStyle::Simple;  ///< this side's input style (its own choice, like the fighter)
    sim::MatchSetup setup;                ///< host: the match (fighter and style of each side come from that side)
    std::uint32_t frameLimit = 0;         ///< host: end after this many frames (0 = at match over)
    SessionConfig session;                ///< delay, rollback window, hash period (me is set by the role)
    int timeoutMs = 3000;                 ///< silence that ends a match ("P2 went silent for 3.0 s")
    int progressMs = 8000;                ///< no newly confirmed frame for this long ends a match too
    int connectTimeoutMs = 10000;         ///< joiner: how long to wait for the host's answer
    int pendingMs = 2000;                 ///< host: how long a welcomed joiner has to send its first input
    std::uint32_t token = 0;              ///< host: session token (0 = draw a random one)
    bool rematches = false;               ///< after a completed match stay connected for rematches (the window)
    Key secret;                           ///< the room secret shared through the lobby (empty: the direct path)
    std::vector<Address> hostCandidates;  ///< joiner through the lobby: the host's addresses (public first); Hello
                                          ///< goes to all, the first authenticated answer fixes hostAddress
    std::vector<Address> punchTo;         ///< host through the lobby: the joiner's addresses, sent Punch while waiting
    Address relayCandidate = 0;           ///< joiner through the lobby: the host's relayed (TURN) address; Hello goes
                                          ///< there too once the direct candidates stayed silent for relayAfterMs
    int relayAfterMs = 3000;
    Address joinerRelay = 0;  ///< host through the lobby: the joiner's relayed (TURN) address; Punch goes
                              ///< there too once no joiner was welcomed within joinerRelayAfterMs (our
                              ///< packets then reach the joiner through its relay)
    int joinerRelayAfterMs = 4500;
    bool learnFromPunch = false;  ///< joiner with its own relay through the lobby: an authentic Punch from an
                                  ///< address that is not a candidate (the host's NAT mapping towards our
                                  ///< relay) makes that address a candidate
    RulesHasher rulesHash;        ///< hash of the build and a fighter's data (null: 0 for every fighter)
    Identity identity;            ///< this player's long-term key and name (not valid: a throwaway one is made)
    Admission admission = Admission::Any;  ///< host: who may sit down
    std::string acceptFingerprint;         ///< host with Admission::Key: the fingerprint (net::fingerprint) let in
    bool autoDelay = false;                ///< choose input delay and rollback window from the handshake's round trip
                                           ///< (autoSessionConfig) instead of session's
    std::int64_t serviceMatch = 0;         ///< the matchmaking service's id of this match: both sides countersign each
        ///< other's checkpoints for it (countersign.h) and a side that stops ends the
        ///< match (PeerEnd::Unsigned); 0 = not a service match, nothing countersigned
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
    Unsigned,        ///< a service match: the opponent stopped countersigning checkpoints (countersign.h)
};

/// The opponent's stalls seen by this side: silences of kStallShownMs or more during a match (a lag switch under the
/// timeout shows here; one at the timeout ends the match, attributed).
struct StallCount {
    std::int64_t count = 0;      ///< stalls that ended (the opponent was heard again)
    std::int64_t longestMs = 0;  ///< the longest of them
    std::int64_t totalMs = 0;    ///< all of them together
};

/// Silence of the opponent during a match from which it is shown as a stall and counted (a quarter second: 15
/// frames; ordinary jitter stays far below it).
constexpr std::int64_t kStallShownMs = 250;

/// Packets a peer refused to trust.
struct PeerCounters {
    std::int64_t malformed = 0;        ///< did not decode
    std::int64_t wrongAddress = 0;     ///< from someone who is not the peer
    std::int64_t wrongToken = 0;       ///< from the peer's address with another token
    std::int64_t refusedJoiners = 0;   ///< Hellos answered with Refuse
    std::int64_t forged = 0;           ///< from the right address, decoded, but a tag that is not theirs
    std::int64_t otherVersion = 0;     ///< of another protocol version after the handshake (never trusted)
    std::int64_t replayed = 0;         ///< sealed datagrams whose counter was seen before (or is older than the window)
    std::int64_t notAccepted = 0;      ///< joiners refused by admission (another key, or this side's player said no)
    std::int64_t badCountersigns = 0;  ///< the opponent's countersignatures that did not check (countersign.h)
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
    /// The opponent's address (0 while a host waits; a joiner's is its host candidate until one answers).
    Address peerAddress() const { return cfg_.host ? peer_ : cfg_.hostAddress; }
    /// Joiner: true when the host answered at its relayed address (the direct path did not come up).
    bool throughRelayCandidate() const {
        return !cfg_.host && cfg_.relayCandidate != 0 && cfg_.hostAddress == cfg_.relayCandidate;
    }
    /// The shortest round trip measured during the handshake (ms; -1 before one was).
    std::int64_t handshakeRttMs() const { return handshakeRttMs_; }
    /// Milliseconds since the opponent was last heard (0 before a match): from kStallShownMs on it is a stall
    /// (stallText).
    std::int64_t silenceMs(std::int64_t nowMs) const;
    /// The opponent's seat: 0 (P1, the host) or 1 (P2, the joiner).
    int opponentSeat() const { return cfg_.host ? 1 : 0; }
    /// While the opponent has been silent kStallShownMs or more in a match: "P2's connection stalled 1.4 s"
    /// (the opponent named by seat); "" otherwise.
    std::string stallText(std::int64_t nowMs) const;
    /// The opponent's stalls on this connection (shown, then heard again).
    const StallCount& opponentStalls() const { return stalls_; }
    /// Called when a stall of the opponent ends (it is heard again, or the match ends on its silence): its seat and
    /// length (for the recording's `stall` lines; the hook runs before the packet that ended it is read).
    void setOnStall(std::function<void(int seat, std::int64_t ms)> f) { onStall_ = std::move(f); }
    /// The seat an ending names: the opponent that went silent or left, this side when it left; -1 for the others.
    int endSeat() const { return endSeat_; }
    /// The silence that ended the match (ms; 0 unless it ended so).
    std::int64_t endSilenceMs() const { return endSilenceMs_; }
    /// True once the opponent proved its identity (its signature of the handshake checked).
    bool opponentKnown() const { return opponentKnown_; }
    /// The opponent's player name and identity key (valid once opponentKnown()).
    const std::string& opponentName() const { return opponentName_; }
    const IdentityKey& opponentKey() const { return opponentKey_; }
    /// Host with Admission::Ask: true while a joiner (its Hello signed, its cookie right) waits for this side's
    /// player to decide, and has asked within the last kAskingHoldMs; its name and identity key.
    bool joinerAsking(std::int64_t nowMs) const {
        return asking_.active && nowMs - asking_.lastHelloMs <= kAskingHoldMs;
    }
    const std::string& askingName() const { return asking_.hello.name; }
    const IdentityKey& askingKey() const { return asking_.hello.identity; }
    /// Host: lets the asking joiner in (it is welcomed at once) or refuses it (it is told so, and its key is refused
    /// from then on in this run).
    void admitJoiner(bool yes, std::int64_t nowMs);
    /// Host through the lobby: a new joiner was named (the seat's last one gave up or was let go): punch its
    /// addresses (and its relay, after joinerRelayAfterMs from now) instead.
    void setPunchTargets(const std::vector<Address>& to, Address joinerRelay, std::int64_t nowMs) {
        cfg_.punchTo = to;
        cfg_.joinerRelay = joinerRelay;
        cfg_.joinerRelayAfterMs = int(std::max<std::int64_t>(0, nowMs - startMs_)) + cfg_.joinerRelayAfterMs;
    }
    /// Joiner: true once the host said its player is deciding whether to let this side in.
    bool hostDeciding() const { return hostDeciding_; }
    /// A joiner that asked stays asking this long after its last Hello (it says Hello every kHelloEveryMs).
    static constexpr std::int64_t kAskingHoldMs = 2000;
    /// A service match's countersignatures (PeerConfig::serviceMatch): the opponent's, checked, for the log; null
    /// for another match or before the session starts.
    const Countersigner* countersigner() const { return countersigner_.get(); }
    /// This side's identity (the configured one, or the throwaway one made for this run).
    const Identity& identity() const { return cfg_.identity; }

private:
    struct Pending {  // host: a joiner welcomed, whose first input has not come yet
        bool active = false;
        Address from = 0;
        KxKey joinerKey{};
        std::int64_t sinceMs = 0;
        sim::MatchSetup setup;
        Channel channel;  // keyed from the exchange, waiting for the joiner's Confirm
        std::array<std::uint8_t, 32> transcript{};
        std::vector<std::uint8_t> welcome;  // the sealed Welcome, said again to a repeated Hello
        IdentityKey joinerIdentity{};       // from its signed Hello: its Confirm must name the same
    };
    struct Asking {  // host with Admission::Ask: a joiner whose player waits for ours
        bool active = false;
        Address from = 0;
        Packet hello;
        std::int64_t lastHelloMs = 0;
    };
    bool admits(const Packet& hello, Address from, std::int64_t nowMs);

    void poll(std::int64_t nowMs);
    void handle(const Packet& p, const std::vector<std::uint8_t>& bytes, Address from, std::int64_t atMs,
                std::int64_t nowMs);
    void otherVersion(const Packet& p, Address from, std::int64_t nowMs);
    void hostHello(const Packet& p, const std::vector<std::uint8_t>& bytes, Address from, std::int64_t atMs,
                   std::int64_t nowMs);
    bool acceptPending(const Packet& p, const std::vector<std::uint8_t>& bytes, std::int64_t nowMs);
    void refuse(RefuseReason why, const KxKey* context, Address to, std::int64_t nowMs);
    void joinerAnswer(const Packet& p, const std::vector<std::uint8_t>& bytes, Address answeredFrom, std::int64_t atMs,
                      std::int64_t nowMs);
    void punch(std::int64_t nowMs);
    void punched(const std::vector<std::uint8_t>& bytes, Address from);
    void sendHello(std::int64_t nowMs);
    void connecting(std::int64_t nowMs);
    Nonce cookieFor(Address from, const KxKey& joinerKey) const;
    Packet helloPacket() const;
    bool welcomeJoiner(const Packet& hello, Address from, std::int64_t nowMs);
    bool acceptWelcome(const Packet& p);
    void sendConfirm(std::int64_t nowMs);
    void handleSealed(const Packet& p, const std::vector<std::uint8_t>& bytes, std::int64_t atMs, std::int64_t nowMs);
    bool isCandidate(Address from) const;
    std::uint64_t rulesOf(const std::string& fighter) const;
    bool startSession(std::string& error);
    void sendBytes(const std::vector<std::uint8_t>& bytes, Address to, std::int64_t nowMs);
    void sendInput(std::int64_t nowMs);
    void checkEnd(std::int64_t nowMs);
    void end(PeerEnd why, const std::string& message, bool failed);
    void heard(std::int64_t nowMs);
    void endSilent(std::int64_t nowMs);
    void linger(PeerEnd why, const std::string& message, std::int64_t nowMs);
    bool takeRematch(const Packet& p, std::int64_t nowMs);
    void startRematch(std::int64_t nowMs);

    Transport& t_;
    PeerConfig cfg_;
    FighterLoader loader_;
    PeerState state_;
    std::unique_ptr<Session> session_;
    std::unique_ptr<Countersigner> countersigner_;  // a service match's first session only
    Address peer_ = 0;
    std::uint32_t token_ = 0;
    Channel channel_;    // the sealed channel of Confirm and Input (keyed at the handshake)
    Key cookieKey_;      // host: the key of its cookies
    KxKey ephPublic_{};  // joiner: its X25519 key pair of this run
    KxKey ephSecret_{};
    std::array<std::uint8_t, 32> transcript_{};  // joiner: the handshake's transcript (signed again in Confirm)
    bool heardHost_ = false;                     // joiner: an authentic Input came (the host has our Confirm)
    bool heardAuthentic_ = false;                // joiner: an authentic answer of our version came from the host
    bool opponentKnown_ = false;
    std::string opponentName_;
    IdentityKey opponentKey_{};
    Nonce cookie_{};  // joiner: the host's cookie (zeros until a Challenge)
    Pending pending_;
    Asking asking_;
    std::vector<IdentityKey> refusedKeys_;  // host: keys its player refused (at most kMaxRefusedKeys)
    bool hostDeciding_ = false;             // joiner: the host said its player is deciding
    std::int64_t decidingMs_ = -1;          // joiner: when it last said so
    std::int64_t lastPunchMs_ = -1000000;
    std::int64_t handshakeRttMs_ = -1;
    std::int64_t challengeSentMs_ = -1;  // host: when the last Challenge went out (to challengeTo_)
    Address challengeTo_ = 0;
    int refusedByNetwork_ = 0;  // joiner: "port unreachable" reports about the host's address
    int otherVersion_ = 0;      // joiner: the protocol version the host's answers spoke (0 = none)
    std::int64_t lastRefuseMs_ = -1000000;
    int refusalsThisWindow_ = 0;       // refusals sent since lastRefuseMs_ (at most kHelloRefusalsPerSecond a second)
    std::int64_t progressFrame_ = -1;  // the confirmed frame last seen to advance, and when
    std::int64_t progressMs_ = 0;
    std::int64_t startMs_ = -1;
    std::int64_t lastHeardMs_ = 0;
    std::int64_t lastTickMs_ = 0;  // our own previous tick: a gap in them is our silence, not the opponent's
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
    StallCount stalls_;
    std::function<void(int, std::int64_t)> onStall_;
    int endSeat_ = -1;
    std::int64_t endSilenceMs_ = 0;
};

/// The word a recording's `ending` line uses for an ending: over, desync, silent, stalled, left, quit, ... .
const char* endingWord(PeerEnd why, std::int64_t silenceMs);

/// The input delay and rollback window for a round trip of rttMs: delay = 1 + rtt / 34 ms (one frame per 17 ms of
/// one-way latency beyond the first), 1..4; window = 8, or more when the delay and the latency need it, up to 30.
void autoSessionConfig(std::int64_t rttMs, SessionConfig& out);

/// Joiner: Hello resend period until the host answers.
constexpr int kHelloEveryMs = 250;

/// Text of a refusal reason ("the host runs another protocol version", ...).
const char* refuseText(RefuseReason r);

}  // namespace net
