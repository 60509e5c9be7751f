#pragma once
// splitmix64, the one small seeded generator of the project: the game's seed mixer (game/sim/determinism.h), the
// network-conditions simulator, the engine's randomized tests and the benchmark's workloads all draw from it.
//
// Why in the engine: it is plain integer arithmetic that the engine's own tests and benchmark use too, and the
// engine may include nothing above it; one definition here keeps every copy from drifting. The sequence is the
// same on every platform (fixed-width unsigned arithmetic only).
#include <cstdint>

namespace engine {

/// Advances state by the golden-ratio step and returns the mixed value (Steele, Lea and Flood's splitmix64).
inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

}  // namespace engine
