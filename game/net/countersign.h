#pragma once
// Countersigned checkpoints: during a match the service made (ranked, quick or a friend's challenge), each peer signs
// the state hash both sides confirmed at every checkpoint frame with its identity key, and sends the signature to the
// other side in the sealed Input stream. Each side keeps the opponent's signatures and sends them with its log, so a
// log carries the opponent's word that the match it records is the match they played together: a made-up match
// played in step against a bot has no signature of the real opponent, and loses (docs/ranked.md, "Countersigned
// checkpoints").
//
// What is signed (countersignDigest): SHA-256 of a label, the service's match id, the frame, the hash and both
// players' keys (p1 = the host, p2 = the joiner), so a signature is good for one match, one frame and one pair only;
// the signer is told by the key that verifies it. The exchange is in lock step: a side signs a checkpoint only once it
// holds the opponent's signature of the one before (the first is free), so neither side ever holds more than one
// signature the other has not matched. A side that stops countersigning is noticed: once this side has confirmed
// kCountersignGraceFrames past a checkpoint the opponent could sign and has not, overdue() says so (the peer ends the
// match there, naming it). Checkpoints: every kCountersignEvery confirmed frames, and the match's last frame.
#include "game/net/identity.h"
#include "game/net/packet.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace net {

/// Frames between countersigned checkpoints (a multiple of the recording's 60-frame `check` lines: every
/// countersigned frame is one a log carries a hash for).
constexpr std::int64_t kCountersignEvery = 120;
/// Confirmed frames past a checkpoint after which the opponent's missing signature of it is overdue (3 s: a
/// signature travels with the next Input packet, a round trip at most after the opponent confirms the frame).
constexpr std::int64_t kCountersignGraceFrames = 180;
/// Most countersignatures a log may carry (a best of three of full 99-second rounds has about 150).
constexpr std::size_t kMaxCountersigns = 10000;

/// One side's signature of the hash at a checkpoint frame.
struct Countersign {
    std::uint32_t frame = 0;
    std::uint64_t hash = 0;
    Signature signature{};
};

/// What a countersignature signs: SHA-256 of "bvh-countersign 1", the match id, frame and hash (little-endian) and
/// both keys.
std::array<std::uint8_t, 32> countersignDigest(std::int64_t matchId, std::uint32_t frame, std::uint64_t hash,
                                               const IdentityKey& p1, const IdentityKey& p2);
/// The signature of me over a checkpoint of match matchId between p1 and p2.
Countersign signCheckpoint(const Identity& me, std::int64_t matchId, std::uint32_t frame, std::uint64_t hash,
                           const IdentityKey& p1, const IdentityKey& p2);
/// True when c is signer's signature of its frame and hash in match matchId between p1 and p2.
bool countersignChecks(const Countersign& c, const IdentityKey& signer, std::int64_t matchId, const IdentityKey& p1,
                       const IdentityKey& p2);
/// True when frame is a checkpoint of a match whose last frame is endFrame (0 while it runs).
bool countersignFrame(std::int64_t frame, std::int64_t endFrame);

/// Countersignatures as a log sends them: one `countersign FRAME HASH SIGNATURE` line each (hash 16 hex digits,
/// signature 128), in frame order.
std::string countersignText(const std::vector<Countersign>& signs);
/// Reads countersignText's lines (at most kMaxCountersigns); false with `countersigns:LINE: what` on anything else.
bool parseCountersigns(const std::string& text, std::vector<Countersign>& out, std::string& why);

/// One side's half of the exchange, for one match: signs this side's checkpoints, fills the Input packets, takes
/// and checks the opponent's signatures.
class Countersigner {
public:
    /// mySeat: 0 (host, p1) or 1 (joiner, p2).
    Countersigner(const Identity& me, const IdentityKey& opponent, int mySeat, std::int64_t matchId);
    /// After the session moved: signs the newest checkpoint the lock step allows, checks a signature that waited
    /// for its frame to be confirmed here. confirmed: this side's hash of every confirmed frame (index f - 1).
    void update(const std::vector<std::uint64_t>& confirmed, std::int64_t endFrame);
    /// Puts this side's newest signature (until the opponent acknowledged it) into an Input packet, and, while the
    /// opponent's packets still carry one, the acknowledgement of the newest held.
    void fill(Packet& p) const;
    /// Takes the countersignature fields of an opponent's Input packet.
    void receive(const Packet& p, const std::vector<std::uint64_t>& confirmed, std::int64_t endFrame);
    /// The opponent's signatures held, checked, in frame order: what the log sends.
    const std::vector<Countersign>& held() const { return held_; }
    /// Signatures of the opponent refused: not its key's, another match's or frame's, not the hash confirmed here.
    std::int64_t refused() const { return refused_; }
    /// The newest checkpoint this side signed (0: none).
    std::uint32_t signedFrame() const { return mine_.frame; }
    /// The opponent's newest signature is older than a checkpoint it could have signed kCountersignGraceFrames ago:
    /// the checkpoint it owes (0 when none is overdue).
    std::int64_t overdue(std::int64_t confirmedFrame) const;
    /// True once both signatures of the last frame are exchanged (ours acknowledged, theirs held).
    bool settled(std::int64_t endFrame) const;

private:
    std::int64_t previousCheckpoint(std::int64_t frame) const;
    bool take(const Countersign& c, const std::vector<std::uint64_t>& confirmed, std::int64_t endFrame);

    Identity me_;
    IdentityKey opponent_{};
    IdentityKey p1_{}, p2_{};
    std::int64_t matchId_ = 0;
    Countersign mine_;               // this side's newest signature
    std::vector<Countersign> held_;  // the opponent's, checked
    Countersign waiting_;            // the opponent's newest, for a frame not confirmed here yet (frame 0: none)
    std::uint32_t ackedByOpponent_ = 0;
    bool ackWanted_ = false;          // the opponent's last packet carried a signature: acknowledge
    std::uint32_t refusedFrame_ = 0;  // the frame of the last refused signature (not checked again)
    std::int64_t refused_ = 0;
};

}  // namespace net
