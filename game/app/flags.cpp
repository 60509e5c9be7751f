// Command-line parsing for the windowed game: strict (unknown flags, missing or malformed values are errors), on
// the one flag table (game/io/flag_table.h) with the online flags the headless peer uses too.
#include "game/app/flags.h"

#include "game/io/flag_table.h"
#include "game/io/settings_file.h"
#include "game/io/text.h"
#include "game/net/lobby_packet.h"

#include <filesystem>

namespace app {
namespace {

/// The screens --show can open first.
const std::vector<std::string> kScreens = {
    "title",        "modes",  "select",         "controls",   "versus",  "cpu",     "training", "pause",
    "blaster",      "online", "options",        "welcome",    "replays", "arcade",  "movelist", "tutorial",
    "trainingpage", "trials", "onlineadvanced", "quickmatch", "ranked",  "friends", "profile",  "tutorialpage"};

/// --screenshot-crop WxH: the part of the picture a screenshot keeps (bottom centre, where the camera frames the
/// fighters), W in 16..1280 and H in 16..720.
io::Flag cropFlag(AppFlags& out) {
    return {"--screenshot-crop", io::Flag::Takes::Value, [&out](const std::string& v, std::string& error) {
                const std::size_t x = v.find('x');
                std::int64_t w = 0, h = 0;
                std::string why;
                if (x == std::string::npos || !io::flagNumber("--screenshot-crop", v.substr(0, x), 16, 1280, w, why) ||
                    !io::flagNumber("--screenshot-crop", v.substr(x + 1), 16, 720, h, why)) {
                    error = io::badFlagValue("--screenshot-crop", "WIDTHxHEIGHT within 1280x720 (e.g. 720x440)", v);
                    return false;
                }
                out.cropWidth = int(w);
                out.cropHeight = int(h);
                return true;
            }};
}

/// --screenshot FILE.png: the writer picks the format by the extension, so any other name would fail only after the
/// whole run, with the image library's own words.
io::Flag screenshotFlag(AppFlags& out) {
    return {"--screenshot", io::Flag::Takes::Value, [&out](const std::string& v, std::string& error) {
                const std::string ext = ".png";
                if (v.size() <= ext.size() || v.compare(v.size() - ext.size(), ext.size(), ext) != 0) {
                    error = io::badFlagValue("--screenshot", "a file name ending in .png", v);
                    return false;
                }
                out.screenshot = v;
                return true;
            }};
}

/// Which flags were on the command line, for the combinations the table cannot see.
struct Given {
    bool mode = false;   ///< --mode
    bool delay = false;  ///< --input-delay or --max-rollback
    bool net = false;    ///< a --net-* flag (the network simulated on what this side sends)
};

/// Every flag of the window; each entry fills out (which must outlive the table) and notes in given what it is.
io::FlagTable windowFlags(AppFlags& out, Given& given) {
    io::FlagTable t = {
        io::textFlag("--data", out.dataDir),
        io::textFlag("--replay", out.replayFile),
        io::textFlag("--controls", out.controlsFile),
        io::textFlag("--settings", out.settingsFile),
        screenshotFlag(out),
        cropFlag(out),
        io::wordFlag("--show", kScreens, [&out](std::size_t i) { out.show = kScreens[i]; }),
        io::noting(io::textFlag("--replay-dir", out.replayDir), out.replayDirGiven),
        io::noting(io::numberInto("--frames", 1, 10000000, out.frames), out.framesGiven),
        io::numberInto("--draw-fps", 1, 1000, out.drawFps),
        io::numberInto("--round-seconds", 1, 99, out.roundSeconds),
        io::noting(io::uint64Flag("--seed", out.seed), out.seedGiven),
        io::noting(io::wordFlag("--mode", {"fight", "blaster"},
                                [&out](std::size_t i) { out.mode = i == 0 ? DemoMode::Fight : DemoMode::Blaster; }),
                   given.mode),
        io::wordFlag("--stage", {"dusk", "night"}, [&out](std::size_t i) { out.stage = int(i); }),
        io::switchFlag("--demo", out.demo),
        io::switchFlag("--overlay", out.overlay),
        io::switchFlag("--names", out.names),
        io::switchFlag("--no-record", out.noRecord),
        io::switchFlag("--mute", out.mute),
        io::switchFlag("--simple", out.simple),
        io::switchFlag("--help", out.help),
        io::switchFlag("-h", out.help),
    };
    run::addOnlineFlags(t, out.online, true);
    for (io::Flag& f : t) {
        if (f.name == "--input-delay" || f.name == "--max-rollback") f = io::noting(f, given.delay);
        if (f.name.rfind("--net-", 0) == 0) f = io::noting(f, given.net);
    }
    t.push_back(io::textFlag("--spectate", out.online.spectate));
    t.push_back(io::textFlag("--turn", out.online.relay.server));
    t.push_back(io::textFlag("--turn-user", out.online.relay.user));
    t.push_back(io::textFlag("--turn-password", out.online.relay.refusedPassword));
    t.push_back(io::textFlag("--turn-password-file", out.online.relay.passwordFile));
    return t;
}

/// --join's address and the room code of --code or --spectate, read by the rules the Host/Join screen would read
/// them with (io::checkHostPort as --lobby, net::validCode), so a bad one is said before any window opens, not on
/// that screen; "" when they are fine. The address is not resolved here: that is the screen's work.
std::string onlineTextProblem(const OnlineFlags& o) {
    std::string why;
    if (!o.join.empty() && !io::checkHostPort(o.join, why)) return "--join: " + why;
    const std::string code = "a room code (" + std::to_string(net::kCodeLength) + " letters or digits)";
    if (!o.code.empty() && !net::validCode(net::normalizeCode(o.code))) return io::badFlagValue("--code", code, o.code);
    if (!o.spectate.empty() && !net::validCode(net::normalizeCode(o.spectate)))
        return io::badFlagValue("--spectate", code, o.spectate);
    return "";
}

/// The combinations the table cannot see; "" when they are fine.
std::string badCombination(const AppFlags& out, const Given& given) {
    const bool fixedStart = out.demo || !out.replayFile.empty() || !out.show.empty();
    if (int(out.online.host) + int(!out.online.join.empty()) + int(!out.online.code.empty()) +
            int(!out.online.spectate.empty()) >
        1)
        return "--host, --join, --code and --spectate cannot be combined";
    if (!out.online.code.empty() && out.online.lobby.empty()) return "--code CODE needs --lobby HOST[:PORT]";
    if (!out.online.spectate.empty() && out.online.lobby.empty()) return "--spectate CODE needs --lobby HOST[:PORT]";
    if (!out.online.join.empty() && !out.online.lobby.empty())  // as the headless peer: no lobby on a direct join
        return "--join goes to an address; through a lobby use --code";
    if ((!out.online.lobby.empty() || !out.online.relay.server.empty()) && (out.demo || !out.replayFile.empty()))
        return "--lobby and --turn are for online play, not --demo or --replay";
    std::string relayError;
    if (!run::checkRelayFlags(out.online.relay, relayError)) return relayError;
    if (!out.screenshot.empty() && !fixedStart) return "--screenshot needs --demo, --replay or --show";
    if (out.cropWidth > 0 && out.screenshot.empty()) return "--screenshot-crop needs --screenshot";
    if (out.framesGiven && !fixedStart) return "--frames needs --demo, --replay or --show";
    if (given.mode && !out.demo) return "--mode needs --demo (the menus choose the mode otherwise)";
    // Online flags where no online match can come: said, as game_headless says a flag that does not apply.
    if (given.net && (out.demo || !out.replayFile.empty()))
        return "--net-delay, --net-jitter, --net-loss, --net-dup, --net-reorder and --net-seed simulate a network for "
               "online play, not for --demo or --replay";
    if (given.delay && (out.demo || !out.replayFile.empty()))
        return "--input-delay and --max-rollback tune online play, not --demo or --replay";
    if (!out.online.fighter.empty() && (out.demo || !out.replayFile.empty()))
        return "--fighter picks your fighter for online play, not for --demo or --replay (a replay names its "
               "fighters)";
    if (out.online.privateRoom && (out.demo || !out.replayFile.empty() || !out.online.join.empty() ||
                                   !out.online.code.empty() || !out.online.spectate.empty()))
        return "--private-room is for a room's host: --host with a lobby, or the Online menu's Host a room";
    if (int(out.demo) + int(!out.replayFile.empty()) + int(!out.show.empty()) + int(out.online.active()) > 1)
        return "--demo, --replay, --show and --host/--join cannot be combined";
    return "";
}

/// "" when the screenshot's folder exists (or none is named); else why the picture could not be saved. Said with
/// the flags, before a run whose whole point is the picture at its end.
std::string screenshotFolderProblem(const std::string& path) {
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (path.empty() || folder.empty() || std::filesystem::is_directory(folder, ec)) return "";
    return "--screenshot " + io::quote(path) + ": no folder " + io::quote(folder.string()) + " to save it in";
}

}  // namespace

bool parseFlags(int argc, char** argv, AppFlags& out, std::string& error) {
    Given given;
    if (!io::parseFlags(argc, argv, windowFlags(out, given), error)) return false;
    if (!run::loadRelayPassword(out.online.relay, error)) return false;
    out.online.autoDelay = !given.delay;  // the Online menu's default: chosen from the handshake's ping
    error = badCombination(out, given);
    if (error.empty()) error = onlineTextProblem(out.online);
    if (error.empty()) error = screenshotFolderProblem(out.screenshot);
    return error.empty();
}

const char* usageText() {
    return "usage: game [flags]\n"
           "  --data DIR          data folder (default: the source tree's data/, else ./data)\n"
           "  --controls FILE     key bindings, read and saved there (default: ~/.config/bvh-fighter/controls.cfg,\n"
           "                      read from DATA/controls.cfg until the Controls screen saves one)\n"
           "  --settings FILE     the Options and Online menus' settings (default: "
           "~/.config/bvh-fighter/settings.cfg)\n"
           "  --replay-dir DIR    where played matches are recorded (default: ~/.local/share/bvh-fighter/replays)\n"
           "  --no-record         do not record replays\n"
           "  --replay FILE       play a replay or action script in the window\n"
           "  --demo              watch CPU vs CPU (or the auto-piloted Blaster) for 10 s at 60 Hz, then exit\n"
           "  --mode fight|blaster  what --demo shows (default fight)\n"
           "  --frames N          a fixed-length run of N frames (default 600): one step per drawn frame, as fast as\n"
           "                      the machine draws, then exit (with --demo, --replay or --show)\n"
           "  --screenshot FILE.png  save the last frame as PNG (with --demo, --replay or --show)\n"
           "  --screenshot-crop WxH  keep only the bottom centre W x H pixels of it (e.g. 720x440: the fighters)\n"
           "  --draw-fps N        draw at most N frames a second; the game still ticks at 60 Hz (a slow machine)\n"
           "  --round-seconds N   a test flag: matches the menus start have N-second rounds (1-99; 99 normally)\n"
           "  --show SCREEN       open title|modes|select|controls|versus|cpu|training|pause|blaster|online|\n"
           "                      options|welcome|replays|arcade|movelist|tutorial|tutorialpage|\n"
           "                      trainingpage|trials|onlineadvanced|quickmatch|ranked|friends|profile first\n"
           "  --overlay           start with the hitbox overlay on; --names: names and counters too\n"
           "  --stage dusk|night  the stage fights start on (default dusk; fighter select changes it)\n"
           "  --seed N            match seed, 0-18446744073709551615 (default: from the clock; --demo and --show use "
           "1)\n"
           "  --mute              no sound\n"
           "  --host [PORT]       host an online match on UDP PORT (default 7000) and wait for an opponent\n"
           "  --join HOST[:PORT]  join an online match (you are P2; the host picks the seed)\n"
           "  --lobby HOST[:PORT] meet through a lobby (port 7100; else the saved one): with --host get a room code, "
           "or\n"
           "  --code CODE         join the room of that code\n"
           "  --private-room      with --lobby --host: spectators need the room's spectator code (shown), not its "
           "code\n"
           "  --spectate CODE     watch the room of that code (with --lobby)\n"
           "  --turn HOST[:PORT]  a TURN relay offered (host or joiner) when the direct path fails (port 3478; else "
           "the saved one),\n"
           "  --turn-user NAME --turn-password-file FILE   with its long-term credentials (or $BVH_TURN_PASSWORD)\n"
           "  --fighter ID        your fighter online (default: the first one)\n"
           "  --input-delay N     online: frames of input delay, 0-4 (default: the Online menu's, auto from the ping)\n"
           "  --max-rollback N    online: most frames predicted ahead, 1-30 (default: as the input delay)\n"
           "  --net-delay MS --net-jitter MS --net-loss PCT --net-dup PCT --net-reorder PCT\n"
           "                      online: simulate a worse network on what this side sends\n"
           "  --simple            one-button specials in matches: special = the fighter's quarter-circle special\n"
           "                      (a fireball; Nova's dash punch), forward+special = anti-air\n"
           "                      (default: motions, 236 + special and 623 + special)\n"
           "  --headless --replay FILE   run a replay/script without a window (docs/game.md)\n";
}

}  // namespace app
