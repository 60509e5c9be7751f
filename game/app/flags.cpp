// Command-line parsing for the windowed game: strict (unknown flags, missing or malformed values are errors).
#include "game/app/flags.h"

#include "game/io/text.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace app {
namespace {

/// Parses a whole decimal number in [lo, hi].
bool parseNumber(const char* text, long long lo, long long hi, long long& out) {
    if (text == nullptr || *text == '\0') return false;
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(text, &end, 10);
    if (errno != 0 || *end != '\0' || v < lo || v > hi) return false;
    out = v;
    return true;
}

/// Reads the value after flag argv[i]; advances i.
bool takeValue(int argc, char** argv, int& i, std::string& value, std::string& error) {
    if (i + 1 >= argc || argv[i + 1][0] == '\0') {
        error = std::string(argv[i]) + " needs a value";
        return false;
    }
    value = argv[++i];
    return true;
}

/// Applies one flag that takes a value; returns false with error set when the value is bad.
bool applyValueFlag(const std::string& flag, const std::string& value, AppFlags& out, std::string& error) {
    long long n = 0;
    if (flag == "--data") out.dataDir = value;
    else if (flag == "--replay") out.replayFile = value;
    else if (flag == "--controls") out.controlsFile = value;
    else if (flag == "--screenshot") out.screenshot = value;
    else if (flag == "--show") {
        const char* screens[] = {"title", "modes", "select", "controls", "versus", "cpu", "training", "pause", "blaster", "online"};
        bool known = false;
        for (const char* s : screens) known = known || value == s;
        if (!known) {
            error = "--show wants title, modes, select, controls, versus, cpu, training, pause, blaster or online, not '" + value + "'";
            return false;
        }
        out.show = value;
    }
    else if (flag == "--replay-dir") {
        out.replayDir = value;
        out.replayDirGiven = true;
    } else if (flag == "--frames") {
        if (!parseNumber(value.c_str(), 1, 10000000, n)) {
            error = "--frames wants a whole number from 1 to 10000000, not '" + value + "'";
            return false;
        }
        out.frames = long(n);
    } else if (flag == "--seed") {
        std::uint64_t seed = 0;
        std::string why;
        if (!io::toUint64(value, seed, why)) {
            error = "--seed wants a whole number from 0 to 18446744073709551615, not " + io::quote(value);
            return false;
        }
        out.seed = seed;
        out.seedGiven = true;
    } else if (flag == "--mode") {
        if (value == "fight") out.mode = DemoMode::Fight;
        else if (value == "blaster") out.mode = DemoMode::Blaster;
        else {
            error = "--mode wants fight or blaster, not '" + value + "'";
            return false;
        }
    }
    return true;
}

bool isValueFlag(const std::string& f) {
    return f == "--data" || f == "--replay" || f == "--controls" || f == "--screenshot" || f == "--replay-dir" ||
           f == "--frames" || f == "--seed" || f == "--mode" || f == "--show";
}

}  // namespace

bool parseFlags(int argc, char** argv, AppFlags& out, std::string& error) {
    bool modeGiven = false;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (isValueFlag(flag)) {
            std::string value;
            if (!takeValue(argc, argv, i, value, error) || !applyValueFlag(flag, value, out, error)) return false;
            out.framesGiven = out.framesGiven || flag == "--frames";
            modeGiven = modeGiven || flag == "--mode";
        } else if (flag == "--demo") out.demo = true;
        else if (flag == "--overlay") out.overlay = true;
        else if (flag == "--names") out.names = true;
        else if (flag == "--no-record") out.noRecord = true;
        else if (flag == "--mute") out.mute = true;
        else if (flag == "--simple") out.simple = true;
        else if (flag == "--help" || flag == "-h") out.help = true;
        else {
            bool online = false;
            if (!parseOnlineFlag(argc, argv, i, out.online, online, error)) return false;
            if (!online) {
                error = "unknown flag '" + flag + "'";
                return false;
            }
        }
    }
    if (out.online.host && !out.online.join.empty()) {
        error = "--host and --join cannot be combined";
        return false;
    }
    const bool fixedStart = out.demo || !out.replayFile.empty() || !out.show.empty();
    if (!out.screenshot.empty() && !fixedStart) {
        error = "--screenshot needs --demo, --replay or --show";
        return false;
    }
    if (out.framesGiven && !fixedStart) {
        error = "--frames needs --demo, --replay or --show";
        return false;
    }
    if (modeGiven && !out.demo) {
        error = "--mode needs --demo (the menus choose the mode otherwise)";
        return false;
    }
    if (int(out.demo) + int(!out.replayFile.empty()) + int(!out.show.empty()) + int(out.online.active()) > 1) {
        error = "--demo, --replay, --show and --host/--join cannot be combined";
        return false;
    }
    return true;
}

const char* usageText() {
    return "usage: game [flags]\n"
           "  --data DIR          data folder (default: the source tree's data/, else ./data)\n"
           "  --controls FILE     key bindings (default: DATA/controls.cfg)\n"
           "  --replay-dir DIR    where played matches are recorded (default: ./replays)\n"
           "  --no-record         do not record replays\n"
           "  --replay FILE       play a replay or action script in the window\n"
           "  --demo              CPU vs CPU (or the auto-piloted Blaster) for --frames frames, then exit\n"
           "  --mode fight|blaster  what --demo shows (default fight)\n"
           "  --frames N          demo length, or stop a --replay/--show run after N frames (default 600)\n"
           "  --screenshot FILE   save the last frame as PNG (with --demo, --replay or --show)\n"
           "  --show SCREEN       open title|modes|select|controls|versus|cpu|training|pause|blaster|online first\n"
           "  --overlay           start with the hitbox overlay on; --names: names and counters too\n"
           "  --seed N            match seed, 0-18446744073709551615 (default: from the clock; --demo and --show use 1)\n"
           "  --mute              no sound\n"
           "  --host [PORT]       host an online match on UDP PORT (default 7000) and wait for an opponent\n"
           "  --join HOST[:PORT]  join an online match (you are P2; the host picks the seed)\n"
           "  --fighter ID        your fighter online (default: the first one)\n"
           "  --input-delay N     online: frames of input delay, 0-4 (default 2)\n"
           "  --max-rollback N    online: most frames predicted ahead, 1-30 (default 8)\n"
           "  --net-delay MS --net-jitter MS --net-loss PCT --net-dup PCT --net-reorder PCT\n"
           "                      online: simulate a worse network on what this side sends\n"
           "  --simple            one-button specials in matches: special = fireball, forward+special = anti-air\n"
           "                      (default: motions, 236 + special and 623 + special)\n"
           "  --headless --replay FILE   run a replay/script without a window (see README)\n";
}

}  // namespace app
