#pragma once
// Which file the window reads and writes for each of the player's things, from the flags and the XDG folders
// (game/io/user_dirs.h): a pure function, so the rule "the shipped data/ folder is only read" is tested without
// touching any file.
#include "game/app/flags.h"
#include "game/io/user_dirs.h"

#include <string>

namespace app {

/// The files of one run ("" = none: nothing is saved there).
struct UserPaths {
    std::string controlsRead;   ///< the bindings read at start
    std::string controlsSave;   ///< where the Controls screen saves
    std::string controlsBasis;  ///< the file whose comments a first save keeps (the shipped DATA/controls.cfg)
    std::string settings;       ///< settings.cfg, read and saved
    std::string replays;        ///< the folder recordings go to
};

/// The bindings are saved to --controls FILE, else the player's controls.cfg, and read from there once it exists,
/// else from DATA/controls.cfg (so a FILE named before it exists starts as a first start does, and is made by the
/// first save). --settings FILE, else the player's settings.cfg. --replay-dir DIR, else the player's replay folder.
/// `controlsExist`: the file the bindings are saved to exists.
inline UserPaths userPaths(const AppFlags& f, const io::UserDirs& d, const std::string& dataDir, bool controlsExist) {
    UserPaths p;
    p.controlsBasis = dataDir + "/controls.cfg";
    p.controlsSave = f.controlsFile.empty() ? d.controlsFile() : f.controlsFile;
    p.controlsRead = controlsExist && !p.controlsSave.empty() ? p.controlsSave : p.controlsBasis;
    p.settings = f.settingsFile.empty() ? d.settingsFile() : f.settingsFile;
    p.replays = f.replayDirGiven ? f.replayDir : d.replays;
    return p;
}

}  // namespace app
