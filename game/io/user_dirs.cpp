// The player's folders (see user_dirs.h).
#include "game/io/user_dirs.h"

#include <cstdlib>

namespace io {
namespace {

bool usable(const char* v) { return v != nullptr && v[0] == '/'; }

/// base/kUserDirName from the XDG variable, else HOME/fallback, else "".
std::string folder(const char* xdg, const char* home, const char* fallback) {
    const auto trimmed = [](std::string p) {
        while (p.size() > 1 && p.back() == '/') p.pop_back();
        return p == "/" ? std::string() : p;
    };
    if (usable(xdg)) return trimmed(xdg) + "/" + kUserDirName;
    if (usable(home)) return trimmed(home) + "/" + fallback + "/" + kUserDirName;
    return "";
}

}  // namespace

UserDirs userDirsFor(const char* xdgConfigHome, const char* xdgDataHome, const char* home) {
    UserDirs d;
    d.config = folder(xdgConfigHome, home, ".config");
    const std::string data = folder(xdgDataHome, home, ".local/share");
    if (!data.empty()) d.replays = data + "/replays";
    if (d.config.empty() || d.replays.empty()) {
        d.problem = "neither HOME nor XDG_CONFIG_HOME / XDG_DATA_HOME is an absolute path";
    }
    return d;
}

UserDirs userDirs() {
    return userDirsFor(std::getenv("XDG_CONFIG_HOME"), std::getenv("XDG_DATA_HOME"), std::getenv("HOME"));
}

std::string homeShortened(const std::string& path, const char* home) {
    if (!usable(home)) return path;
    std::string h = home;
    while (h.size() > 1 && h.back() == '/') h.pop_back();
    if (h == "/" || path.compare(0, h.size(), h) != 0) return path;
    if (path.size() > h.size() && path[h.size()] != '/') return path;
    return "~" + path.substr(h.size());
}

}  // namespace io
