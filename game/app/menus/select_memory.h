#pragma once
// Which fighters fighter select starts on: the ones picked last time (so "Character select" after a match keeps
// the pairing), else the default pairing when those fighters exist, else the first two; and the CPU level Versus CPU
// starts on. No SFML.
#include "game/sim/fight.h"

#include <string>
#include <vector>

namespace app {

/// The starting picks (indices into ids) for a select screen; last[p] < 0 means no pick yet.
inline void startPicks(const std::vector<std::string>& ids, const int last[2], int out[2]) {
    const sim::MatchSetup defaults;
    const int n = int(ids.size());
    for (int p = 0; p < 2; ++p) {
        out[p] = p < n ? p : 0;
        for (int i = 0; i < n; ++i) {
            if (ids[std::size_t(i)] == defaults.fighter[p]) out[p] = i;
        }
        if (last[p] >= 0 && last[p] < n) out[p] = last[p];
    }
}

/// The CPU level Versus CPU's fighter select starts on: the one picked last time (lastPicked > 0), else level 1,
/// the beginner's first opponent, so a newcomer's first match against the computer is the gentle one.
inline int startCpuLevel(int lastPicked) { return lastPicked > 0 && lastPicked <= sim::kMaxCpuLevel ? lastPicked : 1; }

}  // namespace app
