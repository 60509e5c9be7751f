#pragma once
// Results the service proves. At a ranked match's end each player sends its recording (the `.freplay` its peer
// wrote: the match header, both players' inputs, a hash every 60 frames) signed with its Ed25519 identity. The
// service admits a log only for an open match the signer plays in, of this service's rules and this match's setup;
// then it re-simulates the logs and decides the winner itself. Deterministic: the same logs give the same decision
// on every service process.
#include "game/io/run_file.h"
#include "game/net/countersign.h"
#include "game/net/identity.h"
#include "game/ranked/store.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>

namespace ranked {

/// Longest recording admitted (a best-of-three of full 99-second rounds is about 150 KB).
constexpr std::size_t kMaxLogBytes = 4u << 20;

/// The most frames an honest log can run past the last checkpoint the opponent countersigned in it: a peer ends the
/// match once the opponent's signature of the next checkpoint (kCountersignEvery on) is kCountersignGraceFrames
/// overdue, and one update may confirm a packet's inputs and the rollback window (at most 30 frames) at once. A log
/// alone that runs further is judged as the match stood at its last countersigned checkpoint (docs/ranked.md, "A log
/// alone").
constexpr std::int64_t kLoneLogTailFrames =
    net::kCountersignEvery + net::kCountersignGraceFrames + net::kMaxInputsPerPacket + 30;

/// The most frames a log of a match with this setup can hold: every round ends by a KO or its timer, and a round
/// gives at least one side a win, so a match has at most 2 x roundsToWin - 1 rounds; the timer stops during hitstop,
/// which a round cannot spend more than its own length in, so 3 x roundFrames is a round's bound with room to spare.
/// A longer log is refused at admission: its re-simulation would cost the service (one of 1,000,000 idle frames took
/// 3.8 s of its CPU) for frames no match can have.
std::int64_t maxMatchFrames(const sim::MatchSetup& setup);

/// Claims (a player's checkpoint hashes sent to the service during the match) go in batches of this many
/// checkpoints, one every sim::kCheckpointEvery frames: every 600 frames.
constexpr std::size_t kClaimBatch = 10;

/// The most frames an honest log can run past the last checkpoint the opponent claimed: the opponent may take one
/// batch unsent when it crashes or leaves (kClaimBatch * kCheckpointEvery frames), and the log runs past the
/// opponent's own last confirmed frame by less than kLoneLogTailFrames. A log alone backed only by claims that runs
/// further is judged as the match stood at the last claimed checkpoint (docs/ranked.md, "A log alone").
constexpr std::int64_t kClaimTailFrames = std::int64_t(kClaimBatch) * sim::kCheckpointEvery + kLoneLogTailFrames;

/// A player's log of one match: the recording, the player's signature of logDigest(), and the opponent's
/// signatures of the checkpoints of the match they played (net::Countersigner::held(); each bound to its match,
/// frame, hash and both keys by the opponent's own signature, so the player's signature need not cover them).
struct SignedLog {
    std::int64_t matchId = 0;
    net::IdentityKey signer{};
    std::string recording;
    net::Signature signature{};
    std::vector<net::Countersign> countersigns;
};

/// SHA-256 over a domain tag, the match id, the rules hash and the recording: what a player signs, so a log signed
/// for one match or ruleset cannot be presented for another.
std::array<std::uint8_t, 32> logDigest(std::int64_t matchId, const std::string& rules, const std::string& recording);
/// A log signed by id.
SignedLog signLog(const net::Identity& id, std::int64_t matchId, const std::string& rules, std::string recording);
/// A public key as the store names players: 64 lower-case hex digits.
std::string keyHex(const net::IdentityKey& key);

/// What the service simulates: its rules hash, the ranked match setup (all but fighters and seed, which each match
/// draws) and its fighters by id (null for an unknown one).
struct VerifyRules {
    std::string rules;
    sim::MatchSetup setup;
    std::function<const sim::FighterDef*(const std::string&)> fighter;
};

/// The setup of every match bvh_matchd makes: a versus match with counter hits, the rest the defaults (the fighters
/// and the seed are each match's own). The service simulates it and the players' peers play it.
sim::MatchSetup serviceBaseSetup();
/// Match m's setup under base: base with m's fighters and seed (what its recordings' headers must say).
sim::MatchSetup matchSetupOf(const MatchRecord& m, const sim::MatchSetup& base);

/// A log admitted to a match: the side it came from, the recording parsed and the opponent's countersignatures it
/// carries (checked only when they matter: when the two logs differ, decideMatch).
struct AdmittedLog {
    int side = -1;
    sim::RunFile run;
    std::string text;
    std::vector<net::Countersign> countersigns;
};

/// Checks a log against its match. "" when admitted (out filled), else the refusal: another match's log, a decided
/// match (a replayed old result), a signer not in the match, a bad signature, another ruleset, not a recording, or
/// a recording of another setup. A refusal changes nothing.
std::string admitLog(const MatchRecord& m, const SignedLog& log, const VerifyRules& rules, AdmittedLog& out);

/// The part of admitLog after the signature: the recording parsed and its header checked against match m's setup.
/// The service calls it again on a log it kept (its signature was checked when it came in).
std::string admitRecording(const MatchRecord& m, int side, const std::string& recording, const VerifyRules& rules,
                           AdmittedLog& out);

/// The re-simulation of one log.
struct Replayed {
    bool consistent = false;  ///< every hash the log carries is the hash its inputs give
    std::string why;          ///< the first hash that is not (when !consistent)
    int winner = -1;          ///< 0/1, 2 a draw: the match's winner; when it ended unfinished, the other side of
                              ///< the player the recording blames, else the side ahead
    int ahead = -1;           ///< unfinished: the side ahead (more rounds, then more of its own health), 2 even
    int blamed = -1;          ///< unfinished: the player the `ending` line says left or went silent, else -1
    std::string ending;       ///< the `ending` line's word ("" without one)
    bool finished = false;    ///< the match reached its end
    std::int64_t frames = 0;
};
Replayed replayLog(const AdmittedLog& log, const VerifyRules& rules);

/// Decides a match from its admitted logs (null: that side sent none before the deadline). Both logs with the same
/// inputs and hashes: verified, the simulated winner. An unfinished match is lost by the player who left or went
/// silent (the logs' `ending` lines); when the two logs blame different players, by neither: the side ahead wins. A log missing or not replaying to its own hashes: the other
/// decides and that side is flagged; a log alone (the other missing) only when something of the absent player's
/// backs it (a countersignature of theirs that checks, or their claims attesting it), else disputed, not rated; a
/// countersigned log alone running more than kLoneLogTailFrames past its last countersignature is judged as the match
/// stood there. Both consistent but different: disputed, both flagged, no rating moves. None:
/// disputed. Two consistent logs that differ are told apart first by the opponent's countersignatures each log
/// carries (docs/ranked.md, "Countersigned checkpoints"): from the frame where their inputs part, the log the
/// opponent countersigned past that frame is verified and the other side flagged; when neither is countersigned past
/// it, the match is judged as it stood at the last countersigned checkpoint (the side ahead there wins). A
/// countersignature that does not check (another key, match, frame or hash) is refused and flagged. With no
/// countersignature in either log, by claims (claims[side]: the hashes that side sent the service during the match,
/// null for none): the log the opponent's claims attest is verified and the other side flagged; with neither or
/// both attested, disputed.
Decision decideMatch(const MatchRecord& m, const AdmittedLog* logs[2], const VerifyRules& rules,
                     const Claims* claims = nullptr);

}  // namespace ranked
