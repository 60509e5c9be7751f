#pragma once
// Command-line flags of the windowed game, parsed at the edge into one plain struct so that every screen reads
// the same settings and a bad flag is refused before any window opens.
#include "game/app/online/online_flags.h"

#include <cstdint>
#include <string>

namespace app {

/// Which screen a demo run shows.
enum class DemoMode { Fight, Blaster };

/// Everything the command line can set (see usageText()).
struct AppFlags {
    std::string dataDir;    ///< --data DIR ("" = BVH_DEFAULT_DATA_DIR, else ./data)
    std::string replayDir;  ///< --replay-dir DIR: where matches are recorded ("" = $XDG_DATA_HOME/bvh-fighter/replays)
    bool replayDirGiven = false;  ///< true when --replay-dir was on the command line
    bool noRecord = false;        ///< --no-record: do not write replays
    std::string replayFile;       ///< --replay FILE: play a replay or action script in the window
    std::string controlsFile;     ///< --controls FILE: read and saved ("" = $XDG_CONFIG_HOME/bvh-fighter/controls.cfg)
    std::string settingsFile;     ///< --settings FILE ("" = $XDG_CONFIG_HOME/bvh-fighter/settings.cfg)
    bool demo = false;            ///< --demo: CPU vs CPU (or auto Blaster) for --frames frames, then exit
    long frames = 600;            ///< --frames N (demo length; with --replay: stop after N frames)
    bool framesGiven = false;     ///< true when --frames was on the command line
    std::string screenshot;       ///< --screenshot FILE.png: save the last frame (demo or replay)
    int cropWidth = 0;            ///< --screenshot-crop WxH: keep the bottom centre W x H pixels (0 = the whole frame)
    int cropHeight = 0;           ///< its height
    bool overlay = false;         ///< --overlay: start with the hitbox overlay on
    int stage = 0;                ///< --stage dusk|night: the stage fights start on (view::kStageDusk, kStageNight)
    bool names = false;           ///< --names: start with member names and counters on
    DemoMode mode = DemoMode::Fight;  ///< --mode fight|blaster
    std::uint64_t seed = 0;           ///< --seed N (any 64-bit value), when seedGiven
    bool seedGiven = false;           ///< false: played matches derive a seed from the clock, demos and --show use 1
    bool mute = false;                ///< --mute: no sound
    bool simple = false;              ///< --simple: live matches read specials the simple way (S fireball, 6S anti-air)
    std::string show;                 ///< --show SCREEN: open this screen first (see usageText)
    int drawFps = 0;                  ///< --draw-fps N: draw at most N frames a second (0 = no limit of its own)
    int roundSeconds = 0;             ///< --round-seconds N: round timer of the matches the menus start (0 = 99 s)
    bool help = false;                ///< --help

    /// A fixed-length run (a demo, --screenshot or --frames): one simulation step per drawn frame, so frame N is
    /// always the same picture (no super freeze or K.O. slow-down in it).
    /// One simulation step per drawn frame, as fast as the machine draws, then exit (tests, screenshots). A
    /// `--demo` without --frames or --screenshot is watched instead: live at 60 Hz for its frames.
    bool fixedLength() const { return !screenshot.empty() || framesGiven; }
    OnlineFlags online;  ///< --host/--join and the other online flags (online_flags.h)
};

/// Parses argv (argv[0] skipped). On a bad flag returns false and sets error to a one-line message.
bool parseFlags(int argc, char** argv, AppFlags& out, std::string& error);
/// The usage text printed by --help and after a bad flag.
const char* usageText();

}  // namespace app
