// The sound effects (see sfx.h): each a few oscillators and noise under an envelope.
#include "game/view/sfx.h"

#include <algorithm>
#include <cmath>

namespace view {
namespace {

constexpr int kRate = kSfxRate;
constexpr double kPi = 3.14159265358979323846;

/// A tiny deterministic noise source (no global state).
struct Noise {
    std::uint32_t s = 0x12345678u;
    double next() {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        return double(s) / 2147483648.0 - 1.0;
    }
};

/// What one effect is made of: a pitch sweep, a waveform mix, an envelope.
struct Voice {
    double seconds;  // length
    double f0, f1;   // start and end frequency (exponential sweep)
    double square;   // 0 = sine, 1 = square
    double noise;    // amount of white noise
    double attack;   // seconds to full volume
    double decay;    // exponential decay rate per second
    double gain;     // peak amplitude 0..1
};

std::vector<std::int16_t> synth(const Voice& v) {
    const int n = int(v.seconds * kRate);
    std::vector<std::int16_t> out(std::size_t(n), 0);
    Noise noise;
    double phase = 0;
    for (int i = 0; i < n; ++i) {
        const double t = double(i) / kRate;
        const double f = v.f0 * std::pow(v.f1 / v.f0, t / v.seconds);
        phase += 2 * kPi * f / kRate;
        const double sine = std::sin(phase);
        const double tone = (1 - v.square) * sine + v.square * (sine >= 0 ? 1.0 : -1.0);
        const double env = (t < v.attack ? t / v.attack : 1.0) * std::exp(-v.decay * t);
        const double tail = std::min(1.0, double(n - i) / (0.005 * kRate));  // no click at the end
        const double x = ((1 - v.noise) * tone + v.noise * noise.next()) * env * tail * v.gain;
        out[std::size_t(i)] = std::int16_t(std::lround(std::max(-1.0, std::min(1.0, x)) * 32000));
    }
    return out;
}

Voice voiceFor(Sfx s) {
    switch (s) {
    case Sfx::Hit: return {0.12, 320, 90, 0.3, 0.55, 0.002, 28, 0.8};
    case Sfx::HeavyHit: return {0.30, 200, 45, 0.4, 0.6, 0.002, 12, 0.95};
    case Sfx::Block: return {0.08, 1400, 900, 0.8, 0.25, 0.001, 40, 0.5};
    case Sfx::Fireball: return {0.45, 180, 720, 0.2, 0.35, 0.02, 5, 0.6};
    case Sfx::KO: return {1.2, 440, 70, 0.6, 0.15, 0.01, 2, 0.8};
    case Sfx::Blip: return {0.06, 880, 990, 1.0, 0.0, 0.002, 20, 0.35};
    case Sfx::Laser: return {0.10, 1600, 500, 0.7, 0.05, 0.001, 25, 0.3};
    case Sfx::Boom: return {0.40, 120, 40, 0.2, 0.8, 0.002, 9, 0.7};
    case Sfx::kCount: break;
    }
    return {0.05, 440, 440, 0, 0, 0.001, 10, 0.1};
}

}  // namespace

std::vector<std::int16_t> synthSfx(Sfx s) { return synth(voiceFor(s)); }

}  // namespace view
