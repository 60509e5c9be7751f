#pragma once
// Blaster action scripts: a short text language that drives blaster::Game frame by frame and checks its state,
// so a scenario ("shoot a ship down", "the gun recharges", "contact ends the run") is a readable file in
// data/replays/ that runs headless as a test. Parsing is separate from running so a bad file is rejected whole,
// with `FILE:LINE: what`, before a single frame is simulated. The grammar is at the top of blaster_script.cpp.
#include "game/io/blaster_config.h"
#include "game/io/run_failure.h"
#include "game/io/text.h"
#include "game/sim/blaster/blaster.h"

#include <cstdint>
#include <string_view>
#include <string>
#include <vector>

namespace blaster {

/// One `expect` line.
struct Expectation {
    /// What is checked: a field against a value, the player alive, the run over (now / within N frames), the hash.
    enum class Kind { Compare, Alive, GameOver, GameOverWithin, Hash };
    Kind kind = Kind::Compare;  ///< what is checked
    std::string field;          ///< Compare: field name (see fieldNames in the .cpp); enemy props are "enemy.<prop>"
    int enemy = -1;             ///< Compare on an enemy property: its id
    std::string op = "==";      ///< Compare: == != < <= > >=
    long long value = 0;        ///< Compare: right-hand side; GameOverWithin: frame budget
    std::uint64_t hash = 0;     ///< Hash: expected World hash
};

/// One script command after parsing.
struct Command {
    /// Hold buttons for some frames, switch structure, place a ship, restart the run, or check the state.
    enum class Kind { Hold, Switch, Enemy, Restart, Expect };
    Kind kind = Kind::Hold;                              ///< what to do
    int line = 0;                                        ///< 1-based source line, for messages
    std::string text;                                    ///< the source line, trimmed, for messages
    std::uint8_t buttons = 0;                            ///< Hold: Button bits
    int frames = 0;                                      ///< Hold: frames to hold them
    engine::SetKind structure = engine::SetKind::Array;  ///< Switch: the new structure
    engine::AABB box;                                    ///< Enemy: its box
    int speed = 0;                                       ///< Enemy: units per frame to the left
    int health = 0;                                      ///< Enemy: hit points (0: by size)
    Expectation expect;                                  ///< Expect: the check
};

/// A parsed script: header settings then commands.
struct Script {
    std::uint64_t seed = 1;                              ///< `seed N`
    engine::SetKind structure = engine::SetKind::Array;  ///< `structure NAME`
    Options options;                                     ///< defaults changed by `set KEY VALUE`
    std::vector<Command> commands;                       ///< in file order
    double workUnits = 0;                                ///< the structures' estimated work for the run (budget.h)
    double peakBytes = 0;                                ///< the largest memory estimate of a structure in use
};

/// Parses a script's text; on the first bad line returns false with error = {file, LINE, what}.
bool parseScript(std::string_view text, const std::string& file, Script& script, io::Error& error);
/// Parses a Blaster hash as scripts and summaries write it: 0x and 1 to 16 hex digits.
bool parseBlasterHash(const std::string& token, std::uint64_t& hash);

/// What running a script produced.
struct ScriptResult {
    std::uint64_t frames = 0;  ///< frames simulated
    int expectations = 0;      ///< expectations checked
    std::vector<io::RunFailure>
        failures;  ///< failed `expect` lines, in order (text(): `file:LINE: expect ...: got ...`)
    std::vector<engine::SetKind> structures;  ///< structures used, in order (first = starting one)
    std::uint64_t hash = 0;                   ///< World hash at the end
    int score = 0, bestScore = 0, kills = 0;  ///< final numbers
    bool gameOver = false;                    ///< final state
};

/// Plays a parsed script on a Game one frame at a time, checking its `expect` lines as it goes. The headless runner
/// plays it to the end (runScript); the window plays one frame per tick, its number keys switching structures in
/// between, and lists the same failures.
class ScriptPlayer {
public:
    /// Plays script (which must outlive the player, as must game) on game, made from the script's header.
    ScriptPlayer(const Script& script, std::string file, Game& game);
    /// True when every command has run.
    bool done() const { return cursor_ >= script_.commands.size(); }
    /// Runs the commands due before the next frame (switch, enemy, restart, expect), then steps that frame with the
    /// buttons held and `select` (a structure chosen by hand, -1 for none). False, stepping nothing, once done.
    bool step(int select = -1);
    /// Plays to the end.
    void run();
    /// Failed expectations so far.
    const std::vector<io::RunFailure>& failures() const { return result_.failures; }
    /// The result so far (the final numbers once done()).
    ScriptResult result() const;

private:
    void command(const Command& c);

    const Script& script_;
    std::string file_;
    Game& game_;
    std::size_t cursor_ = 0;  // next command
    int held_ = 0;            // frames of the current `hold` already played
    ScriptResult result_;
};

/// Runs a parsed script from a fresh Game to the end (a ScriptPlayer's run()).
ScriptResult runScript(const Script& script, const std::string& file);

/// Turns the inputs of a played run into a script that replays it: the header, run-length `hold` lines, `switch`
/// lines for structure selections, and a closing `expect frame` and `expect hash` taken from the game.
/// Feed it every Input given to Game::step from the Game's creation (restart through kRestart, not Game::restart).
class ScriptRecorder {
public:
    /// Starts a recording of a Game made with these arguments.
    ScriptRecorder(std::uint64_t seed, engine::SetKind kind, const Options& options);
    /// Records one frame's input (call once per Game::step, with the same input).
    void record(const Input& input);
    /// The script so far, closed by checks of the game's current frame and hash.
    std::string text(const Game& game) const;

private:
    std::string body_;              // finished lines
    std::uint8_t heldButtons_ = 0;  // the run being counted
    int heldFrames_ = 0;
    std::string header_;
};

}  // namespace blaster
