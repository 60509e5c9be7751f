#pragma once
// What the fuzz targets do with an input that parses: run it, twice, with a small frame budget, and require the
// two runs to agree. Scripts may ask for a million frames or 20,000 stars; a fuzz input must take milliseconds,
// so the runs are cut to a work budget (the cut is a prefix of the same run, so determinism is still tested).
#include "game/io/blaster_script.h"
#include "game/io/run_file.h"
#include "game/sim/fighter_def.h"

#include <cstdint>
#include <string>

namespace fuzz {

/// Most fight frames a fuzz input runs (each run; five seconds of play).
constexpr std::int64_t kFightFrames = 300;
/// Most Blaster frames a fuzz input runs (each run), before the work budget cuts further.
constexpr long long kBlasterFrames = 300;
/// Box tests a Blaster run may cost (stars and ships; the array structure tests every pair every frame).
constexpr long long kBlasterWork = 250000;
/// Most stars a fuzz input's run builds: the rebuilds of 20,000 stars (twice, before any frame) took 0.28 s and
/// 61 MB under ASan for one seed; the parser and its budgets still see the script's own count.
constexpr int kBlasterStars = 2000;

/// A fighter shipped in data/fighters (loaded once), or nullptr when there is no such fighter.
const sim::FighterDef* shippedFighter(const std::string& id);
/// Runs a parsed run with its fighters for at most kFightFrames frames, twice; aborts when the runs differ in
/// hash or failures, or when a failure is not a `file:LINE: what` line (maxLine: lines of the input).
void runFightTwice(const sim::RunFile& run, const sim::FighterDef& p1, const sim::FighterDef& p2, int maxLine);
/// The run as the headless runner would do it: the shipped fighters it names, checkRunAgainstFighters (a refusal
/// must be well formed), then checkReplayRoundTrip and runFightTwice. Runs naming fighters that are not shipped are
/// not run (nor written: only a run that plays is ever recorded).
void runWithShippedFighters(const sim::RunFile& run, int maxLine);
/// Writes the run's setup and its first kFightFrames inputs (the frames a capped run plays) as a replay
/// (replayHeader, replayFrameLine: what --record writes) and aborts unless that parses back to the same header and
/// inputs (for runs that play: their fighter ids are valid).
void checkReplayRoundTrip(const sim::RunFile& run);
/// The script cut to the work budget (frames, `gameover within` budgets, restarts and switches all count), with at
/// most kBlasterStars stars.
blaster::Script cappedScript(const blaster::Script& script);
/// Runs cappedScript(script) twice through blaster::runScript; aborts when the results differ or when a failure
/// is not a `file:LINE: what` line.
void runBlasterTwice(const blaster::Script& script, const std::string& file, int maxLine);

}  // namespace fuzz
