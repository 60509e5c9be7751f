#pragma once
// Spectators: the host forwards the match's confirmed inputs to up to N watchers, who play them a few frames
// behind; one who joins late gets every input from frame 1 and catches up by simulating as fast as it can.
//
// The spectator protocol shares the host's UDP port with the match (SpectateDemux sorts datagrams by their first
// two bytes: 'B' 'S' here, 'B' 'F' the match's). Header `'B' 'S' VERSION TYPE`, little-endian fields, then a
// kTagSize-byte tag (HMAC-SHA-256, truncated; checked before decoding):
//   Watch   spectator -> host: cookie (0 until the host gave one), the frame up to which the spectator holds every
//           input, the spectator's nonce; padded to kWatchSize bytes, so the host never answers a datagram with
//           more bytes than it got (no amplification towards a spoofed address)
//   Setup   host -> spectator: a fresh cookie, the match number, the host's nonce for this spectator, and the
//           match's Welcome packet (the whole setup)
//   Inputs  host -> spectator: cookie, the match's last frame (0 while running), the newest confirmed frame, first
//           frame, count, then count frames of both players' 16-bit buttons (at most kMaxSpectateFrames)
//   Refuse  host -> spectator: why (it has all the spectators it takes; or another stream version, and which); a
//           Watch before the match starts gets no answer, and the spectator keeps asking (30 s at most)
// Keys: a Watch without a cookie is tagged under the secret (the spectators' secret from the lobby; empty on the
// direct path); a Refuse under the secret with the nonce of the Watch it answers; a Setup, the Inputs and a Watch
// with a cookie under the stream key (spectateStreamKey: the secret, both nonces and the cookie), which a third
// party who never saw the nonces cannot compute even on the direct path.
// Inputs go only to an address that echoed its cookie (it can receive there). The host never waits for a
// spectator: it sends at most one packet per spectator per tick, from what the spectator acknowledged (going back
// when no acknowledgement has come for kResendMs), and drops one silent for kSpectatorTimeoutMs.
#include "game/net/demux_transport.h"
#include "game/net/packet.h"
#include "game/net/transport.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace net {

constexpr std::uint8_t kSpectateVersion = 3;
/// Most frames one Inputs packet carries (4 bytes each: 318 bytes of datagram with its tag, within kMaxPacketSize,
/// so it also fits a TURN Data indication).
constexpr int kMaxSpectateFrames = 70;
/// A Watch's size: at least any Setup's.
constexpr std::size_t kWatchSize = 208;  // a Setup: 25 bytes, a version-5 Welcome without keys (147 at most), the tag (16)
/// Largest spectator datagram.
constexpr std::size_t kMaxSpectateSize = 22 + 4 * kMaxSpectateFrames + kTagSize;
static_assert(kMaxSpectateSize <= kMaxPacketSize, "a spectator packet fits where a game packet does");
constexpr std::int64_t kSpectatorTimeoutMs = 3000;
constexpr std::int64_t kResendMs = 300;

enum class SpectateType : std::uint8_t { Watch = 1, Setup = 2, Inputs = 3, Refuse = 4 };
enum class SpectateRefusal : std::uint8_t { Full = 1, NoMatch = 2, Version = 3 };

/// One decoded spectator datagram (only the fields of its type are meaningful).
struct SpectateMessage {
    SpectateType type = SpectateType::Watch;
    std::uint32_t cookie = 0;
    std::uint32_t ackFrame = 0;                 // Watch
    Nonce nonce{};                              // Watch: the spectator's; Setup: the host's for this spectator
    std::uint8_t match = 0;                     // Setup
    std::vector<std::uint8_t> welcome;          // Setup: an encoded Welcome packet (decodePacket it)
    std::uint32_t lastFrame = 0;                // Inputs: the match's last frame, 0 while it runs
    std::uint32_t newest = 0;                   // Inputs: the host's newest confirmed frame
    std::uint32_t firstFrame = 0;               // Inputs
    std::vector<sim::FrameInput> inputs;        // Inputs (each button within wireButtons())
    SpectateRefusal refusal = SpectateRefusal::Full;  // Refuse
    std::uint8_t hostVersion = 0;               // Refuse Version: the stream version the host runs
};

/// True when a datagram is a spectator one (its first two bytes).
bool isSpectateDatagram(const std::uint8_t* data, std::size_t size);
/// Decodes a spectator datagram; false for anything malformed (bounds, version, trailing bytes, a bad button).
/// The tag (the last kTagSize bytes) is not checked here: spectateAuthentic does, before this is called.
bool decodeSpectate(const std::uint8_t* data, std::size_t size, SpectateMessage& out);
/// Encodes one (a Watch padded to kWatchSize) with its tag under key (and context: a Refuse's is the nonce of
/// the Watch it answers).
std::vector<std::uint8_t> encodeSpectate(const SpectateMessage& m, const Key& key = {}, const Nonce* context = nullptr);
/// True when a datagram's last kTagSize bytes are its tag under key and context (HMAC-SHA-256 of a label, the
/// context's bytes and all the bytes before the tag, truncated; compared in constant time).
bool spectateAuthentic(const Key& key, const std::uint8_t* data, std::size_t size, const Nonce* context = nullptr);
/// The key of one spectator's stream: HMAC-SHA-256 under the secret (the spectators' secret through the lobby,
/// empty on the direct path) of a label, the spectator's nonce, the host's nonce and the cookie (little-endian).
Key spectateStreamKey(const Key& secret, const Nonce& spectatorNonce, const Nonce& hostNonce, std::uint32_t cookie);
/// The text a spectator ends with when the host runs stream version `host` (not this build's).
std::string spectateVersionText(int host);

/// Host side: the watchers of one match.
class SpectatorHub {
public:
    /// At most maxSpectators watchers (0: every Watch is refused).
    explicit SpectatorHub(int maxSpectators) : max_(maxSpectators) {}
    /// The secret the keys derive from (the spectators' secret; empty on the direct path).
    void setKey(const Key& key) { key_ = key; }
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
    /// Datagrams refused (malformed, wrong cookie; forged: a wrong tag) and watchers refused (full) or dropped
    /// (silent).
    std::int64_t malformed() const { return malformed_; }
    std::int64_t forged() const { return forged_; }
    std::int64_t refused() const { return refused_; }
    std::int64_t dropped() const { return dropped_; }
    std::int64_t served() const { return served_; }
    /// Watches of another stream version: not answered (see docs/netcode.md, Spectators).
    std::int64_t otherVersion() const { return otherVersion_; }

private:
    struct Watcher {
        Address addr = 0;
        std::uint32_t cookie = 0;
        bool confirmed = false;      // echoed its cookie
        std::uint32_t ack = 0;
        std::uint32_t next = 1;      // next frame to send
        std::int64_t lastHeardMs = 0;
        std::int64_t lastAckMoveMs = 0;
        std::int64_t lastSetupMs = -1000000;
        Nonce spectatorNonce{};
        Nonce hostNonce{};
        Key key;                     // the stream key
    };
    void sendSetup(Watcher& w, Transport& t, std::int64_t nowMs);

    int max_;
    Key key_;
    bool started_ = false;
    std::vector<std::uint8_t> welcome_;
    std::uint8_t match_ = 0;
    std::vector<sim::FrameInput> inputs_;
    std::uint32_t lastFrame_ = 0;
    std::vector<Watcher> watchers_;
    std::int64_t malformed_ = 0, forged_ = 0, refused_ = 0, dropped_ = 0, served_ = 0, otherVersion_ = 0;
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
    /// The secret the keys derive from (the spectators' secret from the lobby; empty on the direct path). Set
    /// before the first tick.
    void setKey(const Key& key) { key_ = key; }
    /// This spectator's nonce instead of a random one (tests and fuzzing only). Set before the first tick.
    void setNonce(const Nonce& n) {
        nonce_ = n;
        nonceSet_ = true;
    }
    /// Through the lobby: more addresses the host may be at (its local ones), and its relayed address, asked only
    /// once the others stayed silent for relayAfterMs. The first that answers with a Setup is the host's from then.
    void setCandidates(const std::vector<Address>& more, Address relay, std::int64_t relayAfterMs) {
        candidates_ = more;
        relay_ = relay;
        relayAfterMs_ = relayAfterMs;
    }
    /// The host's address (once Watching: the one that answered).
    Address host() const { return host_; }
    /// True when the host answered at its relayed address.
    bool relayed() const { return relay_ != 0 && host_ == relay_; }
    /// Reads what arrived, sends a Watch (every 250 ms while asking, else an acknowledgement every 100 ms or when
    /// new inputs came).
    void tick(std::int64_t nowMs);
    SpectatorState state() const { return state_; }
    /// The setup, valid once Watching.
    const Packet& welcome() const { return welcome_; }
    /// Inputs held contiguously from frame 1.
    const std::vector<sim::FrameInput>& inputs() const { return inputs_; }
    /// The match's last frame once the host said it (0 before).
    std::uint32_t lastFrame() const { return lastFrame_; }
    /// The newest confirmed frame the host has reported.
    std::uint32_t hostNewest() const { return newest_; }
    /// Why it stopped ("" while it runs): "refused: ...", "no answer from the host", "connection lost". A datagram of
    /// another stream version from the host ends it ("refused: the host runs spectator stream version N, this game
    /// M") only if nothing of this version comes within 0.75 s (anyone can send a few bytes from the host's address).
    const std::string& failure() const { return failure_; }
    /// Ends with a failure (the runner's own limits).
    void fail(const std::string& why);
    std::int64_t malformed() const { return malformed_; }
    /// Datagrams from the host's address(es) whose tag failed: dropped before decoding.
    std::int64_t forged() const { return forged_; }

private:
    void sendWatch(std::int64_t nowMs);

    bool fromHost(Address from) const;
    bool authentic(const std::uint8_t* data, std::size_t size) const;

    Transport& t_;
    Address host_;
    Key key_;                          // the secret
    Key streamKey_;                    // once Watching
    Nonce nonce_{};                    // this spectator's
    bool nonceSet_ = false;
    std::vector<Address> candidates_;  // other addresses the host may be at, while asking
    Address relay_ = 0;
    std::int64_t relayAfterMs_ = 0;
    SpectatorState state_ = SpectatorState::Asking;
    Packet welcome_;
    std::uint32_t cookie_ = 0;
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
    int otherVersion_ = 0;             // another version's datagram came from the host (0: none)
    std::int64_t otherVersionMs_ = 0;
};

}  // namespace net
