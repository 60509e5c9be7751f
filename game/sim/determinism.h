#pragma once
// The one state hasher and the one random generator of both games (the fight and the Blaster).
//
// Why one of each: a replay or a rollback is only as good as the checksum that compares two runs and the
// generator that makes them diverge or not. Both live here, plain and small, so every game hashes and draws the
// same way. The hasher is 64-bit FNV-1a fed one 64-bit integer (8 little-endian bytes) at a time, field by
// field, so struct padding never reaches it. The generator is xorshift64* on a 64-bit state that lives inside
// the game's state; its seed goes through splitmix64 first so nearby seeds give unrelated streams (and the state
// is never 0, where xorshift would stick).
//
// Tripwires: each hashed struct has a static_assert on its size beside its hash function, so adding a field
// fails the build until the hash (and the assert) is updated on purpose.
#include "engine/aabb.h"
#include "engine/splitmix64.h"

#include <cstdint>

namespace sim {

/// 64-bit FNV-1a over integers.
struct Hasher {
    std::uint64_t h = 1469598103934665603ull;  ///< FNV offset basis

    /// Feeds the 8 bytes of v, lowest first.
    void bytes(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h ^= (v >> (8 * i)) & 0xffu;
            h *= 1099511628211ull;
        }
    }
    /// Feeds a signed integer (as its two's-complement 64-bit pattern).
    void num(std::int64_t v) { bytes(std::uint64_t(v)); }
    /// Feeds a box's four corners (minX, minY, maxX, maxY).
    void box(const engine::AABB& b) {
        num(b.minX);
        num(b.minY);
        num(b.maxX);
        num(b.maxY);
    }
};

/// The generator's state for a seed: splitmix64 of it, never 0.
inline std::uint64_t seedRandom(std::uint64_t seed) { return engine::splitmix64(seed) | 1u; }

/// The next number of the xorshift64* generator whose state is `state` (advanced in place).
inline std::uint64_t nextRandom(std::uint64_t& state) {
    std::uint64_t x = state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    state = x;
    return x * 2685821657736338717ull;
}

}  // namespace sim
