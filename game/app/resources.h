#pragma once
// Fonts and sounds, loaded or made once at start-up. A missing font is a loud failure (the caller exits); sound is
// optional: the sounds are synthesised in code into sf::SoundBuffers, and when no audio device can play them (CI,
// Xvfb, a machine without a sound card) the bank turns itself off instead of crashing or blocking.
#include <SFML/Audio/Sound.hpp>
#include <SFML/Audio/SoundBuffer.hpp>
#include <SFML/Graphics/Font.hpp>

#include "game/view/music.h"
#include "game/view/sfx.h"

#include <array>
#include <memory>
#include <string>

namespace app {

/// The synthesised sound effects (game/view/sfx.h: the web page plays the same).
using Sfx = view::Sfx;

/// Synthesised sound effects played through a small pool of voices.
class SoundBank {
public:
    /// When enabled and an audio device seems present, makes every buffer and probes that a sound really plays;
    /// otherwise sound stays off (one note on stderr) and no OpenAL object is ever created.
    void init(bool enabled);
    /// Plays an effect (does nothing when sound is off).
    void play(Sfx s, float volume = 100.f);
    /// Sets the master volume (the Options screen), 0..100 percent of every effect's and the music's own volume.
    void setVolume(int percent);
    /// True when sound is on.
    bool enabled() const { return enabled_; }
    /// Loops a song (its samples made the first time it plays); nothing when it is already playing or sound is off.
    void music(view::Song s);
    /// Stops the music.
    void stopMusic();
    /// The music's own volume, 0-100, before the master volume (effects keep theirs).
    void setMusicVolume(float volume);

private:
    struct Audio {
        std::array<sf::SoundBuffer, int(Sfx::kCount)> buffers;
        std::array<sf::Sound, 8> voices;
        std::array<sf::SoundBuffer, int(view::Song::kCount)> songs;  // rendered on first play
        std::array<bool, int(view::Song::kCount)> rendered{};
        sf::Sound musicVoice;
    };
    std::unique_ptr<Audio> audio_;  // created only when a device is likely (SFML objects touch OpenAL on creation)
    int next_ = 0;
    float master_ = 1.f;
    bool enabled_ = false;
    int song_ = -1;  // the song looping, or -1
    float musicVolume_ = 45.f;
};

/// Everything loaded from disk or made at start-up.
struct Resources {
    sf::Font font;     ///< DejaVuSans: menus and HUD
    sf::Font mono;     ///< DejaVuSansMono: counters and overlay labels
    sf::Font display;  ///< Bebas Neue: banners, names, the timer and titles
    SoundBank sound;   ///< effects

    /// Loads the fonts from dataDir/fonts; on failure returns false with error = `FILE: what`.
    bool load(const std::string& dataDir, bool soundOn, std::string& error);
};

}  // namespace app
