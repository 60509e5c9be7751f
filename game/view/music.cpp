// The stages' music (see music.h). A tiny sequencer and synthesiser: four voices (drums, bass, arpeggio, lead)
// read sixteenth-note patterns, one character a step, over one chord a bar; each note is synthesised with its own
// envelope and added into the loop at (start + i) mod length, so tails wrap to the start and the loop has no seam.
#include "game/view/music.h"

#include <array>
#include <cmath>
#include <string>

namespace view {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr int kSteps = 16;  // sixteenth notes in a bar

/// One bar's chord: its root (MIDI note) and whether its third is minor.
struct Chord {
    int root = 57;  // A3
    bool minor = true;
};

/// A song's score. Patterns are 16 characters a bar, repeated over the bars unless they are longer:
///   drums  `k` kick, `s` snare, `h` closed hat, `o` open hat, `.` nothing (one row each, mixed)
///   bass   `r` the chord's root, `f` its fifth, `o` the root an octave up, `.` rest; a note lasts until the next
///   arp    `0`-`3`: the chord's root, third, fifth, octave (two octaves up), `.` rest; each a short pluck
///   lead   `a`-`g`: the note of that name from middle C up (in the song's key: `letters` says where each
///          letter sits), `A`-`G` an octave higher; `#` right after a note raises it a semitone and, like `-`,
///          holds it one more step; `.` rest
struct Score {
    SongInfo info;
    std::array<Chord, 4> chords;  // one a bar, repeated
    std::string kick, snare, hat, bass, arp, lead;
    std::array<int, 7> letters = {9, 11, 0, 2, 4, 5, 7};  // semitones above C of a..g (the key's accidentals)
    double swing = 0.0;                                   // fraction of a step the off sixteenths are late
};

Score scoreOf(Song s) {
    Score sc;
    if (s == Song::Title) {  // slow and open: the menus' loop
        sc.info = {"title", 84, 4};
        sc.chords = {Chord{53, false}, Chord{57, true}, Chord{50, true}, Chord{48, false}};  // F Am Dm C
        sc.kick = "k.......k.......";
        sc.snare = "........s.......";
        sc.hat = "....h.......h...";
        sc.bass = "r.......f.......";
        sc.arp = "0.1.2.3.2.1.0.1.";
        sc.lead =
            "a-------c---d---"
            "e-------d---c---"
            "f-------e---d---"
            "e-----------g---";
        sc.letters = {9, 10, 0, 2, 4, 5, 7};  // F major: b is b-flat
        sc.swing = 0.08;
    } else if (s == Song::Night) {
        sc.info = {"night", 96, 4};
        sc.chords = {Chord{50, true}, Chord{46, false}, Chord{43, true}, Chord{45, false}};  // Dm Bb Gm A
        sc.kick = "k.....k...k.....";
        sc.snare = "....s.......s..s";
        sc.hat = "h.h.h.h.h.h.h.ho";
        sc.bass = "r.....r...f.o...";
        sc.arp = "0.2.1.3.0.2.1.3.";
        sc.lead =
            "d---f---a---g-f-"
            "d-------c---d---"
            "b---a---g---f-e-"
            "c#--e---a-------";
        sc.letters = {9, 10, 0, 2, 4, 5, 7};  // D minor: b is b-flat
        sc.swing = 0.12;
    } else {
        sc.info = {"dusk", 128, 4};
        sc.chords = {Chord{57, true}, Chord{53, false}, Chord{48, false}, Chord{55, false}};  // Am F C G
        sc.kick = "k...k...k...k..k";
        sc.snare = "....s.......s...";
        sc.hat = "..h...h...h...ho";
        sc.bass = "r.r.o.r.r.f.o.r.";
        sc.arp = "0123210301232103";
        sc.lead =
            "E---.ED-C---a---"
            "C---.CD-E---D-C-"
            "E---G---A---G-E-"
            "D-------b---g---";
    }
    return sc;
}

double hz(double midi) { return 440.0 * std::pow(2.0, (midi - 69.0) / 12.0); }

/// The loop being rendered: float samples, written with wrap-around.
struct Mix {
    std::vector<double> buf;
    void add(std::size_t at, double v) { buf[at % buf.size()] += v; }
};

/// A deterministic noise source (an LCG: the same song always sounds the same).
struct Noise {
    std::uint32_t state = 0x2545F491u;
    double next() {
        state = state * 1664525u + 1013904223u;
        return double(state >> 8) / double(1u << 23) - 1.0;
    }
};

void kick(Mix& m, std::size_t at, double gain) {
    const int n = kMusicRate / 4;
    double phase = 0.0;
    for (int i = 0; i < n; ++i) {
        const double t = double(i) / kMusicRate;
        const double f = 45.0 + 110.0 * std::exp(-t * 30.0);
        phase += 2.0 * kPi * f / kMusicRate;
        m.add(at + std::size_t(i), gain * std::sin(phase) * std::exp(-t * 9.0));
    }
}

void snare(Mix& m, std::size_t at, double gain, Noise& noise) {
    const int n = kMusicRate / 5;
    double low = 0.0;
    for (int i = 0; i < n; ++i) {
        const double t = double(i) / kMusicRate;
        const double x = noise.next();
        low += 0.35 * (x - low);  // the noise minus its low part: a brighter hiss
        const double body = std::sin(2.0 * kPi * 185.0 * t) * std::exp(-t * 30.0);
        m.add(at + std::size_t(i), gain * ((x - low) * std::exp(-t * 18.0) + 0.5 * body));
    }
}

void hat(Mix& m, std::size_t at, double gain, bool open, Noise& noise) {
    const int n = open ? kMusicRate / 5 : kMusicRate / 25;
    double prev = 0.0;
    for (int i = 0; i < n; ++i) {
        const double t = double(i) / kMusicRate;
        const double x = noise.next();
        const double high = x - prev;  // a first difference: only the highs
        prev = x;
        m.add(at + std::size_t(i), gain * high * std::exp(-t * (open ? 14.0 : 60.0)));
    }
}

/// A tone with an attack, a decay to `sustain`, and a release after `len` samples. shape: 0 saw, 1 square, 2 triangle.
void tone(Mix& m, std::size_t at, std::size_t len, double midi, double gain, int shape, double sustain, double decay) {
    const double f = hz(midi);
    const std::size_t release = kMusicRate / 30;
    double phase = 0.0, lp = 0.0;
    for (std::size_t i = 0; i < len + release; ++i) {
        const double t = double(i) / kMusicRate;
        phase += f / kMusicRate;
        phase -= std::floor(phase);
        double osc;
        if (shape == 0) osc = 2.0 * phase - 1.0;
        else if (shape == 1) osc = phase < 0.5 ? 1.0 : -1.0;
        else osc = 4.0 * std::abs(phase - 0.5) - 1.0;
        lp += 0.25 * (osc - lp);                // a gentle low-pass takes the fizz off the saw and square
        double env = std::min(1.0, t * 400.0);  // 2.5 ms attack
        env *= sustain + (1.0 - sustain) * std::exp(-t * decay);       // decay towards the sustain level
        if (i >= len) env *= 1.0 - double(i - len) / double(release);  // release
        m.add(at + i, gain * lp * env);
    }
}

/// The chord tone for an arpeggio digit: root, third, fifth, octave.
int chordTone(const Chord& c, char digit) {
    switch (digit) {
    case '0': return c.root;
    case '1': return c.root + (c.minor ? 3 : 4);
    case '2': return c.root + 7;
    default: return c.root + 12;
    }
}

char at(const std::string& pattern, int bar, int step) {
    if (pattern.empty()) return '.';
    return pattern[std::size_t(bar * kSteps + step) % pattern.size()];
}

}  // namespace

SongInfo songInfo(Song s) { return scoreOf(s).info; }

std::size_t loopSamples(Song s) {
    const SongInfo info = songInfo(s);
    const std::size_t perStep = std::size_t(kMusicRate) * 60 / std::size_t(info.bpm) / 4;
    return perStep * std::size_t(kSteps) * std::size_t(info.bars);
}

std::vector<std::int16_t> render(Song s) {
    const Score sc = scoreOf(s);
    const std::size_t total = loopSamples(s);
    const std::size_t perStep = total / std::size_t(kSteps * sc.info.bars);
    Mix mix{std::vector<double>(total, 0.0)};
    Noise noise;
    const int steps = kSteps * sc.info.bars;
    auto startOf = [&](int step) {
        const double late = (step % 2 == 1) ? sc.swing * double(perStep) : 0.0;
        return std::size_t(step) * perStep + std::size_t(late);
    };
    // Length, in steps, of a note starting at `step` in a pattern whose notes last until the next one.
    auto held = [&](const std::string& p, int step, std::string_view holds) {
        int n = 1;
        while (n < steps && holds.find(at(p, (step + n) / kSteps, (step + n) % kSteps)) != std::string_view::npos) ++n;
        return n;
    };
    for (int step = 0; step < steps; ++step) {
        const int bar = step / kSteps, inBar = step % kSteps;
        const Chord& chord = sc.chords[std::size_t(bar) % sc.chords.size()];
        const std::size_t t0 = startOf(step);
        if (at(sc.kick, bar, inBar) == 'k') kick(mix, t0, 0.9);
        if (at(sc.snare, bar, inBar) == 's') snare(mix, t0, 0.35, noise);
        const char h = at(sc.hat, bar, inBar);
        if (h == 'h' || h == 'o') hat(mix, t0, 0.16, h == 'o', noise);
        const char b = at(sc.bass, bar, inBar);
        if (b == 'r' || b == 'f' || b == 'o') {
            const int midi = chord.root - 12 + (b == 'f' ? 7 : b == 'o' ? 12 : 0);
            tone(mix, t0, std::size_t(held(sc.bass, step, ".")) * perStep * 3 / 4, midi, 0.34, 0, 0.55, 6.0);
        }
        const char a = at(sc.arp, bar, inBar);
        if (a >= '0' && a <= '3') tone(mix, t0, perStep / 2, chordTone(chord, a) + 12, 0.07, 1, 0.0, 22.0);
        const char l = at(sc.lead, bar, inBar);
        const bool upper = l >= 'A' && l <= 'G';
        if ((l >= 'a' && l <= 'g') || upper) {
            const bool sharp = at(sc.lead, (step + 1) / kSteps, (step + 1) % kSteps) == '#';
            const int midi =
                60 + sc.letters[std::size_t(upper ? l - 'A' : l - 'a')] + (upper ? 12 : 0) + (sharp ? 1 : 0);
            tone(mix, t0, std::size_t(held(sc.lead, step, "-#")) * perStep, midi, 0.13, 2, 0.6, 3.0);
        }
    }
    // A soft limiter, then 16 bits with headroom.
    std::vector<std::int16_t> out(total);
    for (std::size_t i = 0; i < total; ++i) out[i] = std::int16_t(std::lround(std::tanh(mix.buf[i]) * 26000.0));
    return out;
}

}  // namespace view
