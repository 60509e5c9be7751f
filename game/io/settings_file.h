#pragma once
// settings.cfg: the player's choices from the Options screen (input style per player, volume, window size,
// fullscreen, frame-rate cap, multisampling), one `KEY = VALUE` per line with `#` comments; the format is in
// docs/formats.md. A line the parser does not accept is refused with `FILE:LINE: what`; the game then starts with
// the defaults and shows that message. Written through io::AtomicFile. No SFML.
#include "game/io/text.h"
#include "game/sim/fight.h"

#include <string>

namespace io {

/// Window sizes the Options screen offers (any size from kMinWindow to kMaxWindow is accepted in the file).
constexpr int kMinWindowW = 640, kMinWindowH = 360, kMaxWindowW = 7680, kMaxWindowH = 4320;
/// Frame-rate caps accepted (0 = none: vsync, with a cap of 60 when vsync turns out not to pace the frames).
constexpr int kMinFrameCap = 15, kMaxFrameCap = 500;

/// Everything settings.cfg holds.
struct Settings {
    sim::InputStyle style[2] = {sim::InputStyle::Motion, sim::InputStyle::Motion};  ///< p1.style, p2.style
    int volume = 100;         ///< 0..100 percent of every sound
    int width = 1280;         ///< window width in pixels (not fullscreen)
    int height = 720;         ///< window height in pixels
    bool fullscreen = false;  ///< start fullscreen
    int frameCap = 0;         ///< frames per second at most, or 0 (vsync)
    bool msaa = true;         ///< 4x multisampling (smoother outlines; costs a software renderer a lot)

    bool operator==(const Settings& o) const {
        return style[0] == o.style[0] && style[1] == o.style[1] && volume == o.volume && width == o.width &&
               height == o.height && fullscreen == o.fullscreen && frameCap == o.frameCap && msaa == o.msaa;
    }
    bool operator!=(const Settings& o) const { return !(*this == o); }
};

/// Reads settings text on top of `out` (keys the text lacks keep their values). On a bad line returns false with
/// error = {file, LINE, what} and out unchanged.
bool parseSettings(const std::string& text, const std::string& file, Settings& out, Error& error);
/// Reads a settings file (parseSettings after io::readFile, whose errors it passes on).
bool loadSettings(const std::string& path, Settings& out, Error& error);
/// The file text of s (every key, with a comment line first).
std::string settingsText(const Settings& s);
/// Writes s to path (creating its folder), as an AtomicFile; false with error = `PATH: cannot write: REASON`.
bool saveSettings(const std::string& path, const Settings& s, std::string& error);

}  // namespace io
