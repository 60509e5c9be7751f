#pragma once
// Where the game keeps a player's own files, by the XDG base directory rules a desktop user expects: settings and
// key bindings in $XDG_CONFIG_HOME/bvh-fighter (else ~/.config/bvh-fighter), recorded replays in
// $XDG_DATA_HOME/bvh-fighter/replays (else ~/.local/share/bvh-fighter/replays). The shipped data/ folder only
// supplies defaults: nothing is ever written into it unless a flag points there. No SFML, no file access: the
// environment's values are passed in, so the rules are tested without touching $HOME.
#include <string>

namespace io {

/// The folder name under the XDG base folders.
constexpr const char* kUserDirName = "bvh-fighter";

/// The player's folders; an empty one cannot be used (`problem` says why).
struct UserDirs {
    std::string config;   ///< settings.cfg and controls.cfg
    std::string replays;  ///< recorded matches and Blaster runs
    std::string problem;  ///< "" or why a folder is empty (no HOME and no XDG variable)
    /// CONFIG/settings.cfg ("" when config is empty).
    std::string settingsFile() const { return config.empty() ? "" : config + "/settings.cfg"; }
    /// CONFIG/controls.cfg ("" when config is empty).
    std::string controlsFile() const { return config.empty() ? "" : config + "/controls.cfg"; }
};

/// The folders for these environment values (nullptr = unset). An XDG variable counts only when it is an absolute
/// path (the specification says to ignore a relative one); otherwise HOME/.config and HOME/.local/share, and with
/// no usable HOME either, that folder is empty with a `problem`.
UserDirs userDirsFor(const char* xdgConfigHome, const char* xdgDataHome, const char* home);
/// The same for this process's environment.
UserDirs userDirs();

/// path with the HOME folder written as `~` (for paths shown on screen).
std::string homeShortened(const std::string& path, const char* home);

}  // namespace io
