#pragma once
// Combo trials: per fighter, DATA/trials/ID/*.fscript in file-name order, each an action script played as a
// tutorial lesson (its `say` line names the combo, its `expect` lines grade it live through the replay player, its
// `p1` lines are the solution the tests play). A new fighter's trials are a new folder of data, no code. The trials
// passed are kept in trials.cfg beside settings.cfg, one `done FIGHTER TRIAL` line each (TRIAL: the file's name
// without .fscript), written through io::AtomicFile. The tutorial's page is the same page over one group, the
// lessons (DATA/tutorial), its progress in tutorial.cfg as `done tutorial LESSON` lines.
#include "game/app/screen.h"
#include "game/io/run_file.h"

#include <memory>
#include <string>
#include <vector>

namespace app {

/// One fighter's trials in order.
struct FighterTrials {
    std::string fighter;               ///< the fighter's id
    std::vector<sim::RunFile> trials;  ///< its trials (player 1 plays this fighter)
};

/// A trial's name in the progress file: its file's name without `.fscript` ("01_light_medium").
std::string trialName(const sim::RunFile& trial);

/// The trials (or the tutorial's lessons) passed.
class TrialProgress {
public:
    /// The combo trials' file: `done FIGHTER TRIAL` lines, any fighter.
    TrialProgress() = default;
    /// A file of one group's passes: `done GROUP NAME` lines whose GROUP must be `group` ("tutorial"); `title`
    /// heads the file's comment line ("Tutorial lessons passed").
    TrialProgress(std::string group, std::string title) : group_(std::move(group)), title_(std::move(title)) {}
    /// Reads trials.cfg's text by the shared text rules (io::tokens: `#` comments, blank lines, fields split at
    /// spaces and tabs only), a `done FIGHTER TRIAL` record a line (`done GROUP NAME` for one group's file);
    /// false with the first bad line's `PATH:LINE: what`, the good lines read all the same.
    bool parse(const std::string& text, const std::string& path, io::Error& error);
    /// Reads trials.cfg at path: true with nothing passed when it does not exist yet; false with `PATH: is a
    /// directory`, `PATH: cannot open: REASON` or parse's error.
    bool load(const std::string& path, io::Error& error);
    /// The file's text: a comment line, then one `done` line per trial passed, sorted.
    std::string text() const;
    /// True when the fighter's trial has been passed.
    bool done(const std::string& fighter, const std::string& trial) const;
    /// Records a pass; true when it is new.
    bool markDone(const std::string& fighter, const std::string& trial);
    /// How many of `ft`'s trials are passed.
    int doneCount(const FighterTrials& ft) const;

private:
    /// "`done FIGHTER TRIAL`", or "`done tutorial LESSON`" for a group's file: the record as the messages name it.
    std::string record() const;

    std::vector<std::string> done_;  // "FIGHTER TRIAL", sorted
    std::string group_;              // the one group a file of one group's passes holds ("": any fighter)
    std::string title_ = "Combo trials passed";
};

/// Loads the trials of every fighter in `fighterIds` that has a DATA/trials/ID folder (in fighterIds' order);
/// false with the first error (a trial that does not load, or that does not play its folder's fighter as player 1).
bool loadTrials(const std::string& dataDir, const std::vector<std::string>& fighterIds, std::vector<FighterTrials>& out,
                io::Error& error);

/// The combo trials page: a fighter's trials with the ones passed marked; Enter plays one (nullptr, with the error
/// printed and ctx.quit set, when a trial does not load).
std::unique_ptr<Screen> makeTrialsPage(Context& ctx);

/// The tutorial's page: the lessons with the ones passed marked (tutorial.cfg), the first not passed highlighted;
/// Enter plays from the highlighted lesson on. nullptr (error printed, ctx.quit set) when a lesson does not load.
std::unique_ptr<Screen> makeTutorialPage(Context& ctx);

}  // namespace app
