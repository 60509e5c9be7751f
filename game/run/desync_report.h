#pragma once
// What a peer writes beside its recording when a match desyncs, and reads back for `--bisect`:
//   OUT.hashes   `fighthashes 1`, then one `FRAME HASH` line per confirmed frame (HASH: 16 hex digits)
//   OUT.states   `fightstates 1`, then for each of the last kStateRing confirmed frames a `state F` line followed by
//                that state's fields as `NAME VALUE` lines (sim::stateFields: every hashed field, by name)
// The two machines' files name the first frame they computed differently and what differed there, which a replay
// alone cannot: re-simulated on one machine, the same inputs give the same states.
#include "game/io/text.h"
#include "game/sim/fight.h"
#include "game/sim/fight_fields.h"

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

namespace run {

/// Confirmed states kept for the states file: four hash periods, so the first differing frame is among them.
constexpr std::size_t kStateRing = 120;
/// Most frames and fields a states file may hold (bounds what --bisect reads).
constexpr std::size_t kMaxStateFields = 4096;

/// The last confirmed states of a match (fed by the session's confirm hook).
class StateRing {
public:
    /// Keeps a copy of the state after `frame` steps, dropping the oldest past kStateRing.
    void push(std::int64_t frame, const sim::FightState& s);
    /// The kept states, oldest first.
    const std::deque<std::pair<std::int64_t, sim::FightState>>& states() const { return states_; }

private:
    std::deque<std::pair<std::int64_t, sim::FightState>> states_;
};

/// Writes OUT.hashes and OUT.states (atomically). False with error (`PATH: cannot write: REASON`) on a failure.
bool writeDesyncReport(const std::string& out, const std::vector<std::uint64_t>& confirmedHashes, const StateRing& ring,
                       std::string& error);

/// A hashes file's frames: frame -> hash. False with error at FILE:LINE on a bad line.
bool readHashLog(const std::string& path, std::map<std::int64_t, std::uint64_t>& out, io::Error& error);
/// A states file: frame -> fields. False with error at FILE:LINE on a bad line.
bool readStateLog(const std::string& path, std::map<std::int64_t, std::vector<sim::StateField>>& out, io::Error& error);

}  // namespace run
