#pragma once
// Spectators: the host forwards the match's confirmed inputs to up to N watchers, who play them a few frames
// behind; one who joins late gets every input from frame 1 and catches up by simulating as fast as it can.
//
// The spectator protocol shares the host's UDP port with the match (SpectateDemux sorts datagrams by their first
// two bytes: 'B' 'S' here, 'B' 'F' the match's). Header `'B' 'S' VERSION TYPE`, little-endian fields. Version 4
// puts the stream on the players' kind of channel (channel.h): an X25519 exchange (crypto_kx) bound to a
// transcript that the host signs with its Ed25519 identity, then every stream datagram sealed (ChaCha20-Poly1305,
// counter nonces, a replay window), so a complete capture gives an observer nothing to read or forge.
//   Watch   spectator -> host, clear: the spectator's X25519 key (fresh per run) and the host's cookie (zeros
//           until a Challenge gave one), zero-padded to kWatchSize, so the host never answers an address it has not
//           heard from with more bytes than it got
//   Challenge host -> spectator, clear: the cookie, a MAC of the spectator's address and key under a key only the
//           hub holds: the hub makes a watcher (a key exchange, a place) only for a Watch that carries it, so a
//           spoofed Watch costs it one hash and takes no place
//   Setup   host -> spectator: clear `cookie` (the stream's id, random) and the host's X25519 key (fresh per
//           watcher); sealed: the match number, the host's identity key and name, its signature of the transcript
//           and the setup, and the match's Welcome packet without token or keys (the whole setup)
//   Inputs  host -> spectator: clear cookie; sealed: the match's last frame (0 while running), the newest
//           confirmed frame, first frame, count, then count frames of both players' 16-bit buttons
//   Refuse  host -> spectator, clear: why (it has all the spectators it takes; or another stream version, and
//           which); tagged with the Watch's key as context (it proves only that the sender saw that Watch: a
//           Refuse counts only while asking). A Watch before the match starts gets no answer (the spectator keeps
//           asking, 30 s at most)
//   Ack     spectator -> host: clear cookie; sealed: the frame up to which the spectator holds every input. The
//           host moves a stream to the address an authentic Ack came from (a spectator whose NAT changed its port)
// Inputs go only to an address that sent an authentic Ack. The host never waits for a spectator: it sends at most
// one packet per spectator per tick, from what the spectator acknowledged (going back when no acknowledgement has
// come for kResendMs), and drops one silent for kSpectatorTimeoutMs.
#include "game/net/channel.h"
#include "game/net/demux_transport.h"
#include "game/net/identity.h"
#include "game/net/packet.h"
#include "game/net/transport.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace net {

constexpr std::uint8_t kSpectateVersion = 4;
/// Most frames one Inputs packet carries (4 bytes each: 302 bytes of datagram sealed, within kMaxPacketSize, so it
/// also fits a TURN Data indication where a game packet does).
constexpr int kMaxSpectateFrames = 64;
/// Bytes of the clear header of the sealed types (`B S VERSION TYPE`, cookie); a Setup adds the host's key.
constexpr std::size_t kSpectateHeaderSize = 8;
constexpr std::size_t kSetupHeaderSize = kSpectateHeaderSize + 32;
/// A Watch's size: at least any Setup's (40 of header, 8 of counter, 122 of match, keys, name and signature, a
/// version-5 Welcome without keys of 147 at most, 16 of tag: 333).
constexpr std::size_t kWatchSize = 336;
/// Largest spectator datagram (a Watch; a full Inputs is 302 bytes).
constexpr std::size_t kMaxSpectateSize = kWatchSize;
constexpr std::int64_t kSpectatorTimeoutMs = 3000;
constexpr std::int64_t kResendMs = 300;

enum class SpectateType : std::uint8_t { Watch = 1, Setup = 2, Inputs = 3, Refuse = 4, Ack = 5, Challenge = 6 };
enum class SpectateRefusal : std::uint8_t { Full = 1, NoMatch = 2, Version = 3 };

/// One decoded spectator datagram (only the fields of its type are meaningful).
struct SpectateMessage {
    SpectateType type = SpectateType::Watch;
    std::uint32_t cookie = 0;                         // Setup, Inputs, Ack: the stream's id (never 0)
    KxKey key{};                                      // Watch: the spectator's X25519 key; Setup: the host's
    Nonce watchCookie{};                              // Watch (zeros at first), Challenge: the hub's cookie
    std::uint32_t ackFrame = 0;                       // Ack
    std::uint8_t match = 0;                           // Setup
    IdentityKey identity{};                           // Setup: the host's identity
    std::string name;                                 // Setup: the host's player name
    Signature signature{};                            // Setup: the host's signature (setupDigest)
    std::vector<std::uint8_t> welcome;                // Setup: an encoded Welcome packet (decodePacket it)
    std::uint32_t lastFrame = 0;                      // Inputs: the match's last frame, 0 while it runs
    std::uint32_t newest = 0;                         // Inputs: the host's newest confirmed frame
    std::uint32_t firstFrame = 0;                     // Inputs
    std::vector<sim::FrameInput> inputs;              // Inputs (each button within wireButtons())
    SpectateRefusal refusal = SpectateRefusal::Full;  // Refuse
    std::uint8_t hostVersion = 0;                     // Refuse Version: the stream version the host runs
};

/// What reading a datagram found.
enum class SpectateRead : std::uint8_t { Ok, Malformed, Forged };

/// True when a datagram is a spectator one (its first two bytes).
bool isSpectateDatagram(const std::uint8_t* data, std::size_t size);
/// True for the types that travel sealed (Setup, Inputs, Ack).
bool sealedSpectateType(SpectateType t);
/// Reads the clear part of a datagram of this version: its type, and for the sealed types the cookie (and a
/// Setup's host key). False when it is not one (bounds, version, type, a zero cookie).
bool spectateHead(const std::uint8_t* data, std::size_t size, SpectateMessage& out);
/// Encodes one: a Watch padded to kWatchSize, a Refuse or a Challenge tagged with context (the key of the Watch it
/// answers), the sealed types sealed on channel (empty when it has no keys).
std::vector<std::uint8_t> encodeSpectate(const SpectateMessage& m, Channel* channel = nullptr,
                                         const KxKey* context = nullptr);
/// Reads one whole: the clear types' tag (with context) or the sealed types' seal (on channel, which then counts
/// the counter as seen) is checked first, Forged when it fails (or channel is null for a sealed type); then every
/// field (bounds, trailing bytes, buttons), Malformed when one is wrong.
SpectateRead readSpectate(const std::uint8_t* data, std::size_t size, SpectateMessage& out, Channel* channel = nullptr,
                          const KxKey* context = nullptr);
/// The transcript of one stream: BLAKE2b-256 of a label, both X25519 keys and the cookie; the channel's keys are
/// bound to it.
std::array<std::uint8_t, 32> spectateTranscript(const KxKey& spectator, const KxKey& host, std::uint32_t cookie);
/// What the host signs: BLAKE2b-256 of a label, the transcript, the match number, its identity and name and the
/// Welcome's bytes.
std::array<std::uint8_t, 32> setupDigest(const std::array<std::uint8_t, 32>& transcript, const SpectateMessage& setup);
/// The text a spectator ends with when the host runs stream version `host` (not this build's).
std::string spectateVersionText(int host);

/// Host side: the watchers of one match.
class SpectatorHub {
public:
    /// At most maxSpectators watchers (0: every Watch is refused).
    explicit SpectatorHub(int maxSpectators) : max_(maxSpectators) {}
    /// The identity that signs the Setups (the host's; without one, a key for this hub only is made).
    void setIdentity(const Identity& id) { identity_ = id; }
    /// A match starts: its Welcome (the setup spectators play) and number; the inputs start over.
    void startMatch(const Packet& welcome, std::uint8_t match);
    /// A confirmed frame's inputs (frames in order from 1).
    void confirmed(const sim::FrameInput& in) { inputs_.push_back(in); }
    /// The match's last frame (0 while it runs).
    void setLastFrame(std::int64_t f) { lastFrame_ = std::uint32_t(f); }
    /// A spectator datagram arrived.
    void handle(const std::uint8_t* data, std::size_t size, Address from, Transport& t, std::int64_t nowMs);
    /// Sends what is due (one packet per spectator at most) and drops silent spectators.
    void tick(Transport& t, std::int64_t nowMs);
    /// Watchers now.
    int count() const { return int(watchers_.size()); }
    /// True when every watcher holds the whole ended match (or none is left).
    bool allCaughtUp() const;
    /// Datagrams refused (malformed, unknown cookie; forged: a wrong tag or seal, a replay) and watchers refused
    /// (full) or dropped (silent); streams moved to a new address by an authentic Ack.
    std::int64_t malformed() const { return malformed_; }
    std::int64_t forged() const { return forged_; }
    std::int64_t refused() const { return refused_; }
    std::int64_t dropped() const { return dropped_; }
    std::int64_t served() const { return served_; }
    std::int64_t moved() const { return moved_; }
    /// Watches of another stream version (see docs/netcode.md, Spectators; version 3's get a Refuse in its layout).
    std::int64_t otherVersion() const { return otherVersion_; }
    /// Watches answered with a Challenge (no cookie, or not this address's).
    std::int64_t challenged() const { return challenged_; }
    /// The same spectator by another path: Watches of a confirmed stream's key from another address (dropped), and
    /// watchers of its other paths dropped when its first Ack came.
    std::int64_t twins() const { return twin_; }

private:
    struct Watcher {
        Address addr = 0;
        std::uint32_t cookie = 0;
        bool confirmed = false;  // an authentic Ack came
        std::uint32_t ack = 0;
        std::uint32_t next = 1;  // next frame to send
        std::int64_t lastHeardMs = 0;
        std::int64_t lastAckMoveMs = 0;
        std::int64_t lastSetupMs = -1000000;
        KxKey spectatorKey{};
        KxKey hostKey{};
        std::array<std::uint8_t, 32> transcript{};
        Channel channel;
    };
    void newWatcher(const SpectateMessage& watch, Address from, Transport& t, std::int64_t nowMs);
    void dropTwins(KxKey key, std::uint32_t kept);
    void watched(const SpectateMessage& watch, Address from, Transport& t, std::int64_t nowMs);
    void acked(const std::uint8_t* data, std::size_t size, std::uint32_t cookie, Address from, std::int64_t nowMs);
    Nonce cookieFor(Address from, const KxKey& spectatorKey);
    bool mayRefuse(std::int64_t nowMs);  // at most kWatchRefusalsPerSecond answers to Watches it does not take
    void refuse(SpectateRefusal why, const KxKey& context, Address to, Transport& t, std::int64_t nowMs);
    void sendSetup(Watcher& w, Transport& t, std::int64_t nowMs);
    void sendInputs(Watcher& w, Transport& t, std::int64_t nowMs);
    bool answerOldVersion(const std::uint8_t* data, std::size_t size, Address from, Transport& t, std::int64_t nowMs);

    int max_;
    Identity identity_;
    bool started_ = false;
    std::vector<std::uint8_t> welcome_;
    std::uint8_t match_ = 0;
    std::vector<sim::FrameInput> inputs_;
    std::uint32_t lastFrame_ = 0;
    std::vector<Watcher> watchers_;
    std::array<std::uint8_t, 32> cookieKey_{};  // the key of the Challenges' cookies (random, made at the first)
    bool cookieKeyMade_ = false;
    std::int64_t refusalWindowMs_ = -1000000;
    int refusalsInWindow_ = 0;
    std::int64_t malformed_ = 0, forged_ = 0, refused_ = 0, dropped_ = 0, served_ = 0, otherVersion_ = 0, moved_ = 0;
    std::int64_t twin_ = 0;
    std::int64_t challenged_ = 0;
};

/// A Transport in front of the host's: spectator datagrams go to the hub, the rest up to the match.
class SpectateDemux : public DemuxTransport {
public:
    SpectateDemux(Transport& inner, SpectatorHub& hub) : DemuxTransport(inner), hub_(hub) {}

private:
    bool take(const std::uint8_t* data, std::size_t size, Address from, std::int64_t nowMs) override {
        if (!isSpectateDatagram(data, size)) return false;
        hub_.handle(data, size, from, inner(), nowMs);
        return true;
    }
    SpectatorHub& hub_;
};

/// Where a spectator is.
enum class SpectatorState : std::uint8_t { Asking, Watching, Done };

/// Spectator side: asks the host, receives the setup and the inputs in order.
class SpectatorClient {
public:
    SpectatorClient(Transport& t, Address host) : t_(t), host_(host) {}
    /// This spectator's X25519 key pair instead of a fresh one (tests and fuzzing only). Set before the first tick.
    void setKeyPair(const KxKey& publicKey, const KxKey& secretKey) {
        kxPublic_ = publicKey;
        kxSecret_ = secretKey;
        keysSet_ = true;
    }
    /// Through the lobby: more addresses the host may be at (its local ones), and its relayed address, asked only
    /// once the others stayed silent for relayAfterMs. The first that answers with an authentic Setup is the
    /// host's from then; the stream's sealed datagrams count from any of them (a host with a relay may answer
    /// through it).
    void setCandidates(const std::vector<Address>& more, Address relay, std::int64_t relayAfterMs) {
        candidates_ = more;
        relay_ = relay;
        relayAfterMs_ = relayAfterMs;
    }
    /// The host's address (once Watching: the one that answered).
    Address host() const { return host_; }
    /// True when the host answered at its relayed address.
    bool relayed() const { return relay_ != 0 && host_ == relay_; }
    /// Reads what arrived, sends a Watch every 250 ms while asking, else an Ack every 100 ms or when new inputs came.
    void tick(std::int64_t nowMs);
    SpectatorState state() const { return state_; }
    /// The setup, valid once Watching.
    const Packet& welcome() const { return welcome_; }
    /// The host's identity and name (from its signed Setup), valid once Watching.
    const IdentityKey& hostKey() const { return hostIdentity_; }
    const std::string& hostName() const { return hostName_; }
    /// Inputs held contiguously from frame 1.
    const std::vector<sim::FrameInput>& inputs() const { return inputs_; }
    /// The match's last frame once the host said it (0 before).
    std::uint32_t lastFrame() const { return lastFrame_; }
    /// The newest confirmed frame the host has reported.
    std::uint32_t hostNewest() const { return newest_; }
    /// Why it stopped ("" while it runs): "refused: ...", "no answer from the host", "connection lost". A datagram of
    /// another stream version from the host never ends it (anyone can send a few bytes from the host's address); an
    /// asking that times out after one names it ("refused: the host runs spectator stream version N, this game M").
    const std::string& failure() const { return failure_; }
    /// Ends with a failure (the runner's own limits).
    void fail(const std::string& why);
    std::int64_t malformed() const { return malformed_; }
    /// Datagrams from the host's address(es) whose tag or seal failed (or replays): dropped before decoding.
    std::int64_t forged() const { return forged_; }
    /// Setups of another stream once watching (the host answered this spectator on another of its paths too):
    /// dropped unread.
    std::int64_t strays() const { return strays_; }

private:
    void sendWatch(std::int64_t nowMs);
    void datagram(const std::vector<std::uint8_t>& data, Address from, std::int64_t nowMs);
    void setup(const std::vector<std::uint8_t>& data, const SpectateMessage& head, Address from, std::int64_t nowMs);
    void inputsCame(const SpectateMessage& m, std::int64_t nowMs);

    bool fromHost(Address from) const;

    Transport& t_;
    Address host_;
    KxKey kxPublic_{}, kxSecret_{};  // this spectator's exchange key (the secret wiped once Watching)
    bool keysSet_ = false;
    Channel channel_;  // once Watching
    KxKey hostKx_{};
    IdentityKey hostIdentity_{};
    std::string hostName_;
    std::vector<Address> candidates_;  // other addresses the host may be at
    Address relay_ = 0;
    std::int64_t relayAfterMs_ = 0;
    SpectatorState state_ = SpectatorState::Asking;
    Packet welcome_;
    std::uint32_t cookie_ = 0;  // the stream's id, once Watching
    Nonce watchCookie_{};       // the hub's Challenge cookie (zeros until one came)
    std::uint8_t match_ = 0;
    std::vector<sim::FrameInput> inputs_;
    std::uint32_t lastFrame_ = 0;
    std::uint32_t newest_ = 0;
    std::int64_t startMs_ = -1;
    std::int64_t lastHeardMs_ = 0;
    std::int64_t lastSentMs_ = -1000000;
    bool fresh_ = false;  // inputs came since the last acknowledgement
    std::string failure_;
    std::int64_t malformed_ = 0;
    std::int64_t forged_ = 0;
    std::int64_t strays_ = 0;
    int otherVersion_ = 0;  // another version's datagram came from the host (0: none)
};

}  // namespace net
