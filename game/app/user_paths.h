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

/// --controls FILE is read and saved; without it the player's controls.cfg once saved, else DATA/controls.cfg is
/// read and the player's file saved. --settings FILE, else the player's settings.cfg. --replay-dir DIR, else the
/// player's replay folder. `userControlsExist`: the player's controls.cfg exists.
inline UserPaths userPaths(const AppFlags& f, const io::UserDirs& d, const std::string& dataDir,
                           bool userControlsExist) {
    UserPaths p;
    p.controlsBasis = dataDir + "/controls.cfg";
    p.controlsSave = f.controlsFile.empty() ? d.controlsFile() : f.controlsFile;
    p.controlsRead = !f.controlsFile.empty() || userControlsExist ? p.controlsSave : p.controlsBasis;
    p.settings = f.settingsFile.empty() ? d.settingsFile() : f.settingsFile;
    p.replays = f.replayDirGiven ? f.replayDir : d.replays;
    return p;
}

}  // namespace app
