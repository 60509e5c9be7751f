// Fonts from data/fonts, and sound effects synthesised from a few oscillators and noise at start-up.
#include "game/app/resources.h"


#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <cstdint>
#include <vector>

namespace app {
namespace {

constexpr unsigned kRate = 22050;
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
    double seconds;     // length
    double f0, f1;      // start and end frequency (exponential sweep)
    double square;      // 0 = sine, 1 = square
    double noise;       // amount of white noise
    double attack;      // seconds to full volume
    double decay;       // exponential decay rate per second
    double gain;        // peak amplitude 0..1
};

std::vector<sf::Int16> synth(const Voice& v) {
    const int n = int(v.seconds * kRate);
    std::vector<sf::Int16> out(std::size_t(n), 0);
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
        out[std::size_t(i)] = sf::Int16(std::lround(std::max(-1.0, std::min(1.0, x)) * 32000));
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

/// True when a (silent) probe sound actually starts playing, i.e. an audio device works.
bool probeAudio(const sf::SoundBuffer& buffer) {
    sf::Sound probe(buffer);
    probe.setVolume(0.f);
    probe.play();
    const bool playing = probe.getStatus() == sf::Sound::Playing;
    probe.stop();
    return playing;
}

/// True when the machine seems to have somewhere to send sound: an ALSA card or a PulseAudio/PipeWire server.
/// (Opening OpenAL without a device makes SFML print a page of errors, so we look before we leap.)
bool audioDeviceLikely() {
    std::ifstream cards("/proc/asound/cards");
    std::string first;
    if (cards && std::getline(cards, first) && first.find("no soundcards") == std::string::npos && !first.empty()) return true;
    if (std::getenv("PULSE_SERVER") != nullptr) return true;
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    if (runtime == nullptr) return false;
    std::error_code ec;
    return std::filesystem::exists(std::string(runtime) + "/pulse/native", ec) ||
           std::filesystem::exists(std::string(runtime) + "/pipewire-0", ec);
}

}  // namespace

void SoundBank::init(bool enabled) {
    enabled_ = false;
    audio_.reset();
    if (!enabled) return;
    if (!audioDeviceLikely()) {
        std::cerr << "no audio device found: sound is off\n";
        return;
    }
    audio_ = std::make_unique<Audio>();
    for (int i = 0; i < int(Sfx::kCount); ++i) {
        const std::vector<sf::Int16> samples = synth(voiceFor(Sfx(i)));
        if (!audio_->buffers[std::size_t(i)].loadFromSamples(samples.data(), samples.size(), 1, kRate)) return;
    }
    enabled_ = probeAudio(audio_->buffers[int(Sfx::Blip)]);
    if (!enabled_) std::cerr << "the audio device does not play: sound is off\n";
}

void SoundBank::play(Sfx s, float volume) {
    if (!enabled_ || master_ <= 0.f) return;
    sf::Sound& v = audio_->voices[std::size_t(next_)];
    next_ = (next_ + 1) % int(audio_->voices.size());
    v.stop();
    v.setBuffer(audio_->buffers[std::size_t(s)]);
    v.setVolume(volume * master_);
    v.play();
}

void SoundBank::music(view::Song s) {
    if (!enabled_ || song_ == int(s)) return;
    const auto i = std::size_t(s);
    if (!audio_->rendered[i]) {
        const std::vector<std::int16_t> samples = view::render(s);
        audio_->rendered[i] = true;
        if (!audio_->songs[i].loadFromSamples(samples.data(), samples.size(), 1, view::kMusicRate)) return;
    }
    sf::Sound& v = audio_->musicVoice;
    v.stop();
    v.setBuffer(audio_->songs[i]);
    v.setLoop(true);
    v.setVolume(musicVolume_ * master_);
    v.play();
    song_ = int(s);
}

void SoundBank::setVolume(int percent) {
    master_ = float(std::clamp(percent, 0, 100)) / 100.f;
    if (enabled_) audio_->musicVoice.setVolume(musicVolume_ * master_);  // the music follows at once
}

void SoundBank::stopMusic() {
    if (!enabled_) return;
    audio_->musicVoice.stop();
    song_ = -1;
}

void SoundBank::setMusicVolume(float volume) {
    musicVolume_ = std::clamp(volume, 0.f, 100.f);
    if (enabled_) audio_->musicVoice.setVolume(musicVolume_ * master_);
}

bool Resources::load(const std::string& dataDir, bool soundOn, std::string& error) {
    const std::string sans = dataDir + "/fonts/DejaVuSans.ttf";
    const std::string monoPath = dataDir + "/fonts/DejaVuSansMono.ttf";
    if (!font.loadFromFile(sans)) {
        error = sans + ": cannot load the font (is --data pointing at the data folder?)";
        return false;
    }
    if (!mono.loadFromFile(monoPath)) {
        error = monoPath + ": cannot load the font (is --data pointing at the data folder?)";
        return false;
    }
    const std::string displayPath = dataDir + "/fonts/BebasNeue-Regular.otf";
    if (!display.loadFromFile(displayPath)) {
        error = displayPath + ": cannot load the font (is --data pointing at the data folder?)";
        return false;
    }
    sound.init(soundOn);
    return true;
}

}  // namespace app
