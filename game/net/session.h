#pragma once
// The rollback session: one side of an online match, with no sockets and no clock of its own.
//
// GGPO's scheme on our deterministic sim::Fight. Each 60 Hz tick the local buttons are scheduled `inputDelay`
// frames ahead and the fight steps one frame, using the opponent's real input when it has arrived and otherwise a
// prediction (their last known input, held). The state after every frame goes into a ring of copies (a FightState
// is plain data, so saving is a copy). When the opponent's real input for a frame differs from what was predicted,
// the fight is restored to the frame before and re-simulated to the present: a rollback. A frame is *confirmed*
// once both players' inputs for it are known and it was simulated with them; its hash is what the two sides
// exchange every `hashEvery` frames (a mismatch stops the match: DESYNC at frame F) and what a recording checks.
// The session never runs more than `maxRollback` frames past the opponent's last known input (it waits instead),
// so a rollback never needs a state older than the ring holds. Time sync: each side reports its frame advantage
// (its frame minus its estimate of the other's); the side ahead skips a tick now and then, as GGPO does.
#include "game/net/packet.h"
#include "game/sim/fight.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace net {

/// Settings of one side.
struct SessionConfig {
    int me = 0;                    ///< local player index: 0 = host (P1), 1 = joiner (P2)
    int inputDelay = 2;            ///< frames between sampling local buttons and the frame they drive (0..4)
    int maxRollback = 8;           ///< most frames simulated ahead of the opponent's known input (1..30)
    int hashEvery = 30;            ///< confirmed-frame hash exchange period in frames
    std::uint32_t frameLimit = 0;  ///< the match ends after this many frames (0 = only at match over)
};

/// Counters and timing shown on the HUD (the ms figures use the caller's clock).
struct SessionStats {
    int pingMs = -1;                    ///< smoothed round trip (-1 before the first measurement)
    int rollbackFramesPerSecond = 0;    ///< frames re-simulated during the last second
    int longestRollback = 0;            ///< most frames re-simulated at once
    int frameAdvantage = 0;             ///< local frame minus the estimated remote frame (+ = ahead)
    int remoteAdvantage = 0;            ///< the same as reported by the opponent
    std::int64_t rollbacks = 0;         ///< rollbacks done
    std::int64_t rolledBackFrames = 0;  ///< frames re-simulated in all
    std::int64_t stallTicks = 0;        ///< ticks not advanced because the rollback window was full
    std::int64_t syncWaits = 0;         ///< ticks skipped by time sync
    std::int64_t packetsSent = 0;       ///< Input packets made
    std::int64_t packetsReceived = 0;   ///< Input packets taken (duplicates included)
    std::int64_t packetsLost = 0;       ///< gaps in the opponent's packet numbers (never received)
    std::int64_t packetsDuplicate = 0;  ///< packets received twice
    std::int64_t implausible = 0;       ///< packets dropped unread: a frame, ack or echo time outside the plausible
                                        ///< window (never believed: a hostile opponent's frame 1,000,000)
};

/// Called once per confirmed frame, in order: the frame, both inputs, and a fight holding that frame's state.
using ConfirmHook = std::function<void(std::int64_t frame, const sim::FrameInput& in, const sim::Fight& fight)>;

/// One side of a rollback match.
class Session {
public:
    /// A match of setup between p1 and p2 (the same on both sides), this side playing cfg.me.
    Session(const SessionConfig& cfg, const sim::MatchSetup& setup, const sim::FighterDef& p1,
            const sim::FighterDef& p2);

    /// One 60 Hz tick: schedules `buttons` (bits outside wireButtons() dropped) for nextInputFrame() and steps a
    /// frame, unless the rollback window is full or time sync asks to wait. Returns true when a frame was simulated.
    bool tick(std::uint16_t buttons);
    /// The frame the buttons of the next tick() will drive (current frame + 1 + input delay).
    std::int64_t nextInputFrame() const { return std::int64_t(local_.size()); }
    /// Takes an Input packet from the opponent (token already checked): inputs, acks, timing, hashes. A packet whose
    /// frame, last input, ack or echo time is outside the plausible window is dropped and counted (implausible).
    void receive(const Packet& p, std::int64_t nowMs);
    /// The next Input packet to send (token left 0 for the caller to fill).
    Packet makePacket(std::int64_t nowMs);

    /// The fight as this side sees it now (predicted past the confirmed frame; the end state once finished).
    const sim::Fight& fight() const { return fight_; }
    /// Frames simulated.
    std::int64_t frame() const { return current_; }
    /// Last confirmed frame.
    std::int64_t confirmedFrame() const { return std::int64_t(confirmedHashes_.size()); }
    /// Hash after every confirmed frame (index f - 1 for frame f).
    const std::vector<std::uint64_t>& confirmedHashes() const { return confirmedHashes_; }
    /// True once a confirmed frame ends the match (match over or the frame limit).
    bool finished() const { return endFrame_ > 0; }
    /// The confirmed frame that ended the match (0 while running).
    std::int64_t endFrame() const { return endFrame_; }
    /// True once the opponent has acknowledged all our inputs up to the end frame.
    bool peerHasEverything() const { return finished() && ackedByPeer_ >= endFrame_; }
    /// True when the two sides' hashes of a confirmed frame differed.
    bool desynced() const { return desyncFrame_ > 0; }
    /// The frame whose hashes differed (0 = none).
    std::int64_t desyncFrame() const { return desyncFrame_; }
    /// Sets the hook called for every confirmed frame (recording).
    void setConfirmHook(ConfirmHook hook) { hook_ = std::move(hook); }
    /// HUD numbers as of nowMs.
    const SessionStats& stats(std::int64_t nowMs);
    /// The configuration.
    const SessionConfig& config() const { return cfg_; }
    /// Marks this side as leaving: the next packets carry the leaving flag.
    void leave() { leaving_ = true; }

private:
    bool plausible(const Packet& p) const;
    int other() const { return 1 - cfg_.me; }
    std::uint16_t remoteFor(std::int64_t f) const;
    void stepFrame();
    void rollbackTo(std::int64_t first, std::int64_t nowMs);
    void takeInputs(const Packet& p, std::int64_t nowMs);
    void takeTiming(const Packet& p, std::int64_t nowMs);
    void takeHash(std::int64_t frame, std::uint64_t hash);
    void confirm();
    bool shouldWait();
    void countSeq(std::uint32_t seq);
    sim::FightState& slot(std::int64_t f) { return ring_[std::size_t(f % std::int64_t(ring_.size()))]; }

    SessionConfig cfg_;
    sim::Fight fight_;
    sim::Fight view_;                    // confirmed states handed to the hook
    std::vector<sim::FightState> ring_;  // state after frame f at f % size
    std::vector<std::uint16_t> local_;   // local buttons by frame (index 0 unused)
    std::vector<std::uint16_t> remote_;  // opponent's buttons by frame, known contiguously (index 0 unused)
    std::vector<std::uint16_t> used_;    // opponent buttons each simulated frame used (index 0 unused)
    std::vector<std::uint64_t> confirmedHashes_;
    std::vector<std::pair<std::int64_t, std::uint64_t>> pendingHashes_;  // opponent's, for frames not yet confirmed
    std::int64_t current_ = 0;
    std::uint32_t firstStamp_ = 0;  // the first and last sendTime we sent, and the newest echo believed
    std::uint32_t lastStamp_ = 0;
    std::uint32_t lastEcho_ = 0;
    bool stamped_ = false;
    std::int64_t endFrame_ = 0;
    std::int64_t desyncFrame_ = 0;
    std::int64_t ackedByPeer_ = 0;      // our inputs the opponent holds
    std::int64_t hashReportFrame_ = 0;  // our newest confirmed hash frame to report
    ConfirmHook hook_;
    bool leaving_ = false;
    // timing
    std::uint32_t seq_ = 0;
    std::uint32_t lastRemoteSendTime_ = 0;
    std::int64_t lastRemoteRecvMs_ = 0;
    std::int64_t remoteFrame_ = 0;  // newest frame the opponent reported
    double syncAverage_ = 0;
    std::int64_t lastWaitFrame_ = 0;
    // loss accounting
    std::int64_t highestSeq_ = -1;
    std::uint64_t seenWindow_ = 0;                           // bit i: seq highestSeq_ - i was received
    std::vector<std::pair<std::int64_t, int>> rollbackLog_;  // (ms, frames) of the last second
    SessionStats stats_;
};

}  // namespace net
