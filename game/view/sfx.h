#pragma once
// The sound effects, synthesised from a pitch sweep, a square/sine mix, noise and an envelope: no sample or file is
// loaded. No SFML and no I/O: the game hands the samples to sf::SoundBuffers, the web page to Web Audio buffers, so
// both play the same sounds.
//
// Drawn-side only: nothing here touches the simulation or its hash.
#include <cstdint>
#include <vector>

namespace view {

/// The synthesised sound effects.
enum class Sfx { Hit, HeavyHit, Block, Fireball, KO, Blip, Laser, Boom, kCount };

/// Sample rate of the effects (mono).
constexpr int kSfxRate = 22050;

/// The effect as 16-bit mono samples at kSfxRate. Deterministic: the same effect gives the same samples.
std::vector<std::int16_t> synthSfx(Sfx s);

}  // namespace view
