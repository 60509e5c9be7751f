// Fonts from data/fonts, and the sound effects (game/view/sfx) made into sound buffers at start-up.
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

constexpr unsigned kRate = view::kSfxRate;

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
    if (cards && std::getline(cards, first) && first.find("no soundcards") == std::string::npos && !first.empty())
        return true;
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
        const std::vector<std::int16_t> samples = view::synthSfx(Sfx(i));
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
