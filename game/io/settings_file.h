#pragma once
// settings.cfg: the player's choices from the Options screen (input style per player, volume, window size,
// fullscreen, frame-rate cap, multisampling) and the Online menu (the lobby's address, the TURN relay), one `KEY = VALUE` per line with `#` comments; the format is in
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

/// Multisampling: auto (the default) turns 4x on unless the GL renderer is a software one (llvmpipe, softpipe,
/// SwiftShader ...), where it costs about 3.5x the CPU per drawn frame; on and off are the player's own choice.
enum class Msaa { Auto, On, Off };

/// The matchmaking service the Online screen uses unless settings.cfg names another (`bvh_matchd`'s port, on this
/// machine: the project runs no public service).
inline const char* const kDefaultService = "localhost:7200";

/// Everything settings.cfg holds.
struct Settings {
    sim::InputStyle style[2] = {sim::InputStyle::Motion, sim::InputStyle::Motion};  ///< p1.style, p2.style
    int volume = 100;                                                               ///< 0..100 percent of every sound
    int width = 1280;         ///< window width in pixels (not fullscreen)
    int height = 720;         ///< window height in pixels
    bool fullscreen = false;  ///< start fullscreen
    int frameCap = 0;         ///< frames per second at most, or 0 (vsync)
    Msaa msaa = Msaa::Auto;   ///< msaa = auto | on | off: 4x multisampling (smoother outlines)
    std::string service =
        kDefaultService;        ///< service = HOST[:PORT]: the matchmaking service (Quick match, Ranked, ...)
    std::string lobby;          ///< lobby = HOST[:PORT]: the Online menu's Lobby line ("" = none)
    std::string relay;          ///< relay = HOST[:PORT]: the TURN relay a room's host offers ("" = none)
    std::string relayUser;      ///< relay.user = NAME (with relay, always with a password)
    std::string relayPassword;  ///< relay.password = WORD (a file holding one is written readable by its owner only)

    bool operator==(const Settings& o) const {
        return style[0] == o.style[0] && style[1] == o.style[1] && volume == o.volume && width == o.width &&
               height == o.height && fullscreen == o.fullscreen && frameCap == o.frameCap && msaa == o.msaa &&
               service == o.service && lobby == o.lobby && relay == o.relay && relayUser == o.relayUser &&
               relayPassword == o.relayPassword;
    }
    bool operator!=(const Settings& o) const { return !(*this == o); }
};

/// The longest relay user name and password (the --turn-user / --turn-password limit).
constexpr std::size_t kMaxRelayCredential = 256;

/// Checks the form of "HOST[:PORT]" without resolving it: HOST a name or dotted IPv4 address (letters, digits, '.',
/// '-', '_'; at most 253), PORT 1-65535. False with why (`bad port '70000' in 'x:70000' (expected 1..65535)`).
bool checkHostPort(const std::string& text, std::string& why);
/// Checks a relay user name or password: 1 to kMaxRelayCredential printable ASCII characters, no space and no
/// '#' (the file's comment mark). False with why.
bool checkCredential(const std::string& text, std::string& why);

/// Reads settings text on top of `out` (keys the text lacks keep their values; `KEY = VALUE`, the spaces around
/// '=' optional). On a bad line returns false with error = {file, LINE, what} and out unchanged. A relay needs its user and password and they need a relay (the
/// message names the line of the first relay key).
bool parseSettings(const std::string& text, const std::string& file, Settings& out, Error& error);
/// parseSettings that skips a bad line instead of stopping there: out gets every line that reads (the relay keys only
/// when they belong together), error the first failure, and `skipped` (when given) every failure in line order,
/// one per line skipped; false when a line did not read.
bool parseSettingsSkipping(const std::string& text, const std::string& file, Settings& out, Error& error,
                           std::vector<Error>* skipped = nullptr);
/// Reads a settings file (parseSettingsSkipping after io::readFile, whose errors it passes on): false with the first
/// bad line, out holding every line that read, `skipped` (when given) every line skipped.
bool loadSettings(const std::string& path, Settings& out, Error& error, std::vector<Error>* skipped = nullptr);
/// The file text of s (every key, with a comment line first).
std::string settingsText(const Settings& s);
/// The old file's text (as written: io::readFileAsWritten) made to hold s, keeping its comments, blank lines and
/// order: a key's line whose value s changes takes it (and goes when s has none, the player having cleared it), a
/// line the game does not read becomes a comment that says so (nothing the player typed is lost), a key the file
/// lacks is added at the end when s gives it other than its default (a lacking key reads as the default, so the
/// others stay absent), and every other line stays byte for byte. A byte order mark and the file's line end
/// (io::TextStyle) stay. `secret` is set when such a kept line may hold a password. A text that would not read back
/// as s is settingsText(s) instead, in the file's style.
std::string settingsTextKeeping(const std::string& old, const Settings& s, bool& secret);
/// Writes s to path (creating its folder), as an AtomicFile, over the text `old` it had (settingsTextKeeping; ""
/// for a new file: settingsText); false with error = `PATH: cannot write: REASON`.
bool saveSettings(const std::string& path, const Settings& s, std::string& error, const std::string& old = "");
/// Three-way merge of settings, key by key: a key `mine` left as it was in `base` (what this process read) takes
/// `disk`'s value (what another process saved since); a key mine changed keeps mine's. The relay, its user and its
/// password are one key here (they only make sense together).
Settings mergeSettings(const Settings& base, const Settings& mine, const Settings& disk);
/// Saves `mine` without undoing another process's save: reads path again (the lines that read; no file counts as
/// `base`), writes mergeSettings(base, mine, that) over the file's text (settingsTextKeeping, even when the file is
/// empty; settingsText, every key, when there was none) and returns it in `saved`. False with error as saveSettings,
/// or `PATH: REASON; not saved over it` when a file is there that cannot be read (it is left as it was).
bool saveSettingsMerging(const std::string& path, const Settings& base, const Settings& mine, Settings& saved,
                         std::string& error);

}  // namespace io
