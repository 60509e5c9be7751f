#pragma once
// The arcade ladder without the screens: one player against every fighter in turn (the fighter files in order,
// the player's own included, as a mirror match), the CPU a level stronger each stage; a lost match offers a
// continue (the same opponent again, counted), a won one the next stage, the last one the clear. No SFML.
#include "game/sim/fight.h"

#include <cstdint>
#include <string>
#include <vector>

namespace app {

/// What comes after an arcade match.
enum class ArcadeNext { NextStage, Continue, Cleared };

/// One arcade run.
class ArcadeLadder {
public:
    /// A run for `player` against `opponents` in order (must not be empty).
    ArcadeLadder(std::string player, std::vector<std::string> opponents)
        : player_(std::move(player)), opponents_(std::move(opponents)) {}

    /// The stage being fought (0-based) and how many there are.
    int stage() const { return stage_; }
    int stages() const { return int(opponents_.size()); }
    /// The opponent of the current stage.
    const std::string& opponent() const { return opponents_[std::size_t(stage_)]; }
    const std::string& player() const { return player_; }
    /// Continues used so far.
    int continues() const { return continues_; }
    /// The CPU's level this stage: 1 (the gentle one), then one more each stage, at most sim::kMaxCpuLevel.
    int cpuLevel() const { return stage_ + 1 < sim::kMaxCpuLevel ? stage_ + 1 : sim::kMaxCpuLevel; }
    /// Records the result of the current stage's match (winner 0 = the player; anything else is a loss, a draw
    /// included) and says what comes next; a win moves to the next stage.
    ArcadeNext afterMatch(int winner) {
        if (winner != 0) return ArcadeNext::Continue;
        if (stage_ + 1 >= stages()) return ArcadeNext::Cleared;
        ++stage_;
        return ArcadeNext::NextStage;
    }
    /// The player continues after a loss: the same stage again.
    void useContinue() { ++continues_; }
    /// The match of the current stage: versus the CPU at cpuLevel(), the player as P1.
    sim::MatchSetup setup(std::uint64_t seed) const {
        sim::MatchSetup s;
        s.mode = sim::Mode::VersusCpu;
        s.seed = seed;
        s.fighter[0] = player_;
        s.fighter[1] = opponent();
        s.cpuLevel = cpuLevel();
        return s;
    }

private:
    std::string player_;
    std::vector<std::string> opponents_;
    int stage_ = 0;
    int continues_ = 0;
};

}  // namespace app
