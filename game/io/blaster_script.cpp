// Parser and runner of Blaster scripts.
//
// Grammar (one command per line; `#` starts a comment; blank lines are ignored; words are separated by spaces):
//
//   script   := "blaster 1" NL { line NL }          the first line names the format and its version
//   header   := "seed" UINT                         RNG seed (default 1)
//             | "structure" NAME                    starting structure (default array)
//             | "set" KEY VALUE                     a tuning option (blaster::Options field name, e.g. starCount 50,
//                                                   spawnEnemies 0); header lines must come before any command,
//                                                   each once (`set`: each KEY once)
//   command  := "hold" BUTTONS FRAMES               hold the buttons for FRAMES (>= 1) frames
//             | "press" BUTTONS                     = hold BUTTONS 1
//             | "wait" FRAMES                       = hold none FRAMES
//             | "switch" NAME                       rebuild the sets as another structure, now
//             | "enemy" X Y W H SPEED [HEALTH]      place a ship with box (X, Y)-(X+W, Y+H) now; HEALTH 0 or absent:
//                                                   (W + H) / 8; ids are given lowest free slot first (0, 1, ...)
//             | "restart"                           start a new run now (keeps the best score)
//             | "expect" CHECK                      check the state now; a failure is reported, the run goes on
//   CHECK    := FIELD [OP] INT                      OP is one of == != < <= > >= (absent: ==)
//             | "enemy" ID PROP [OP] INT            PROP: active health width height x y overlapping
//             | "alive" | "gameover"
//             | "gameover within" FRAMES            run up to FRAMES frames with no buttons until the run is over
//             | "hash" HEX                          the World hash (0x... as the summary prints it)
//   FIELD    := frame | score | best | shots | recharge | enemies | lasers | kills | hits | runs
//             | overlapping (ships flagged) | touching (stars flagged) | playery (player box minY)
//   BUTTONS  := "none" | BUTTON { "+" BUTTON }, BUTTON := up | down | fire | restart (each at most once)
//   NAME     := a structure's name (engine/sets/registry.def: array, grid, quadtree-lowest, ...) or its number,
//               1..engine::kSetKindCount in the registry's order
//
// A script runs at least one frame (one with none is refused, as an action script with none is).
// Limits, checked before a frame runs: the whole tuning passes blaster::checkOptions once the header ends (the
// error names the last `set` line); at most kMaxRunFrames frames; at most 4096 `enemy` lines; and budgets that
// count work, not frames (game/sim/blaster/budget.h). Each structure in use estimates, from the tuning and the
// ships placed so far, its memory and its work per frame and per rebuild (engine/sets/registry.h); every frame,
// `switch` (a rebuild of both sets), `restart` (the same) and `enemy` line (a bigger scene from then on) is
// charged, and the script is refused at the first line whose memory would pass kMaxStructureBytes or whose
// total work would pass kMaxWorkUnits. A fine grid, a deep quadtree, huge ships or a run of switches are then
// refused as surely as 20,000 stars for a million frames.
#include "game/io/blaster_script.h"

#include "game/io/names.h"
#include "game/io/run_file.h"
#include "game/io/text.h"
#include "game/sim/blaster/budget.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <istream>
#include <map>
#include <ostream>
#include <sstream>

namespace blaster {
namespace {

constexpr long long kMaxFramesPerScript = sim::kMaxRunFrames;  // the fight's cap: a typo must not become an endless run
constexpr int kMaxEnemyLines = 4096;  // placed ships per script: plenty for a test, no quadratic slog on junk
// Work units a script may cost (each structure's estimate, about a nanosecond of CPU each where they were fitted;
// the measurements are in docs/formats.md): a script at the limit runs at most about 80 s of CPU.
constexpr double kMaxWorkUnits = 8e10;

/// Thrown inside the parser with the message for the current line (or for `line` when it is not 0).
struct ParseError {
    std::string what;
    int line = 0;
};

long long intArg(const std::vector<std::string>& w, std::size_t i, long long lo, long long hi, const char* what) {
    std::int64_t v = 0;
    std::string why;
    if (i >= w.size()) throw ParseError{std::string("missing ") + what};
    if (!io::toInt(w[i], std::int64_t(lo), std::int64_t(hi), v, why))
        throw ParseError{std::string(what) + " must be an integer in " + std::to_string(lo) + ".." +
                         std::to_string(hi) + ", not " + io::quote(w[i])};
    return v;
}

void expectWords(const std::vector<std::string>& w, std::size_t lo, std::size_t hi) {
    if (w.size() < lo) throw ParseError{"too few words for " + io::quote(w[0])};
    if (w.size() > hi) throw ParseError{"unexpected " + io::quote(w[hi]) + " after " + io::quote(w[0])};
}

/// BUTTONS as the grammar spells it: buttons joined by '+', each at most once, or `none` alone. A stray '+'
/// (`up+`, `+up`, `up++fire`) is a typo, not "no button", so it is refused like any other unknown word.
std::uint8_t parseButtons(const std::string& text) {
    if (text == "none") return 0;
    std::uint8_t bits = 0;
    std::size_t from = 0;
    for (;;) {
        const std::size_t plus = text.find('+', from);
        const std::string b = text.substr(from, plus == std::string::npos ? std::string::npos : plus - from);
        const std::uint8_t bit = b == "up"        ? kUp
                                 : b == "down"    ? kDown
                                 : b == "fire"    ? kFire
                                 : b == "restart" ? kRestart
                                                  : 0;
        if (bit == 0)
            throw ParseError{(b == "none" ? "none cannot be combined with buttons in "
                                          : "unknown button " + io::quote(b) + " (up, down, fire, restart, none) in ") +
                             io::quote(text)};
        if (bits & bit) throw ParseError{"button " + io::quote(b) + " named twice in " + io::quote(text)};
        bits = std::uint8_t(bits | bit);
        if (plus == std::string::npos) return bits;
        from = plus + 1;
    }
}

engine::SetKind structureArg(const std::vector<std::string>& w) {
    engine::SetKind kind{};
    if (w.size() < 2 || !parseStructure(w[1], kind))
        throw ParseError{"unknown structure " + io::quote(w.size() < 2 ? std::string() : w[1]) + " (" +
                         engine::setKindNames() + " or 1.." + std::to_string(engine::kSetKindCount) + ")"};
    return kind;
}

const char* const kFields[] = {"frame", "score", "best", "shots",       "recharge", "enemies", "lasers",
                               "kills", "hits",  "runs", "overlapping", "touching", "playery"};
const char* const kEnemyProps[] = {"active", "health", "width", "height", "x", "y", "overlapping"};

template <std::size_t N>
bool oneOf(const std::string& s, const char* const (&names)[N]) {
    return std::find(std::begin(names), std::end(names), s) != std::end(names);
}

bool isOp(const std::string& s) { return s == "==" || s == "!=" || s == "<" || s == "<=" || s == ">" || s == ">="; }

/// FIELD [OP] INT, starting at w[i].
void parseComparison(const std::vector<std::string>& w, std::size_t i, Expectation& e) {
    if (i < w.size() && isOp(w[i])) e.op = w[i++];
    e.value = intArg(w, i, -(1LL << 62), 1LL << 62, "expected value");
    if (i + 1 < w.size()) throw ParseError{"unexpected " + io::quote(w[i + 1]) + " after the expected value"};
}

Expectation parseExpect(const std::vector<std::string>& w) {
    Expectation e;
    if (w.size() < 2) throw ParseError{"expect what?"};
    const std::string& what = w[1];
    if (what == "alive" && w.size() == 2) {
        e.kind = Expectation::Kind::Alive;
    } else if (what == "gameover" && w.size() == 2) {
        e.kind = Expectation::Kind::GameOver;
    } else if (what == "gameover") {
        if (w[2] != "within") throw ParseError{"expected 'gameover within FRAMES'"};
        expectWords(w, 4, 4);
        e.kind = Expectation::Kind::GameOverWithin;
        e.value = intArg(w, 3, 1, kMaxFramesPerScript, "frame budget");
    } else if (what == "hash") {
        expectWords(w, 3, 3);
        e.kind = Expectation::Kind::Hash;
        if (!parseBlasterHash(w[2], e.hash)) {
            throw ParseError{"hash must be 0x and 1 to 16 hexadecimal digits, not " + io::quote(w[2])};
        }
    } else if (what == "enemy") {
        e.enemy = int(intArg(w, 2, 0, 1 << 20, "enemy id"));
        if (w.size() < 4) throw ParseError{"expected 'expect enemy ID PROP [OP] INT'"};
        if (!oneOf(w[3], kEnemyProps)) {
            throw ParseError{"unknown enemy property " + io::quote(w[3]) +
                             " (active, health, width, height, x, y, overlapping)"};
        }
        e.field = "enemy." + w[3];
        parseComparison(w, 4, e);
    } else if (oneOf(what, kFields)) {
        e.field = what;
        parseComparison(w, 2, e);
    } else {
        throw ParseError{"unknown expectation " + io::quote(what)};
    }
    return e;
}

/// Parses one non-empty line into script (header) or a command; returns whether it was a command.
bool parseLine(const std::vector<std::string>& w, bool started, Script& script, Command& c) {
    const std::string& verb = w[0];
    if (verb == "seed" || verb == "structure" || verb == "set") {
        if (started) throw ParseError{"'" + verb + "' must come before the first command"};
        if (verb == "seed") {
            expectWords(w, 2, 2);
            std::string why;
            if (!io::toUint64(w[1], script.seed, why)) throw ParseError{"seed: " + why};
        } else if (verb == "structure") {
            expectWords(w, 2, 2);
            script.structure = structureArg(w);
        } else {
            expectWords(w, 3, 3);
            std::string why;
            if (!setOptionText(script.options, w[1], w[2], why)) throw ParseError{why};
        }
        return false;
    }
    if (verb == "hold") {
        expectWords(w, 3, 3);
        c.buttons = parseButtons(w[1]);
        c.frames = int(intArg(w, 2, 1, kMaxFramesPerScript, "frame count"));
    } else if (verb == "press") {
        expectWords(w, 2, 2);
        c.buttons = parseButtons(w[1]);
        c.frames = 1;
    } else if (verb == "wait") {
        expectWords(w, 2, 2);
        c.frames = int(intArg(w, 1, 1, kMaxFramesPerScript, "frame count"));
    } else if (verb == "switch") {
        expectWords(w, 2, 2);
        c.kind = Command::Kind::Switch;
        c.structure = structureArg(w);
    } else if (verb == "enemy") {
        expectWords(w, 6, 7);
        c.kind = Command::Kind::Enemy;
        const int x = int(intArg(w, 1, -100000, 100000, "x")), y = int(intArg(w, 2, -100000, 100000, "y"));
        const int wd = int(intArg(w, 3, 1, 100000, "width")), ht = int(intArg(w, 4, 1, 100000, "height"));
        c.box = {x, y, x + wd, y + ht};
        c.speed = int(intArg(w, 5, 0, 1000, "speed"));
        c.health = w.size() == 7 ? int(intArg(w, 6, 0, 1000000, "health")) : 0;
    } else if (verb == "restart") {
        expectWords(w, 1, 1);
        c.kind = Command::Kind::Restart;
    } else if (verb == "expect") {
        c.kind = Command::Kind::Expect;
        c.expect = parseExpect(w);
    } else {
        throw ParseError{"unknown command " + io::quote(verb)};
    }
    return true;
}

}  // namespace

namespace {

/// Parses the script line by line; throws ParseError for the current line.
struct BlasterParser {
    Script& script;
    bool sawHeader = false, started = false;
    long long totalFrames = 0;
    int enemyLines = 0, lastSetLine = 0;
    std::map<std::string, int> headerLines;              // `seed`, `structure`, `set KEY` -> the line giving it
    engine::SetKind structure = engine::SetKind::Array;  // the structure in use as the commands go
    std::vector<engine::ItemGroup> placed;               // ships placed so far (kept: an upper estimate)
    std::map<std::array<double, 3>, std::size_t> kinds;  // (width, height, speed) -> its group in `placed`
    engine::SetCost cost;                                // the structure's estimate for the scene so far
    double work = 0;                                     // work units charged so far
    double peakBytes = 0;                                // the largest memory estimate so far

    explicit BlasterParser(Script& s) : script(s) {}

    /// The header is over: the whole tuning must pass the one validation (reported at the last `set` line).
    void checkTuning() const {
        std::string why;
        if (!checkOptions(script.options, why)) throw ParseError{why, lastSetLine > 0 ? lastSetLine : 1};
    }

    /// The scene or the structure changed: a new estimate, which must fit the memory budget.
    void estimate() {
        cost = costOf(structure, script.options, placed);
        peakBytes = std::max(peakBytes, cost.bytes);
        std::string why;
        if (!fitsMemory(structure, cost, why)) throw ParseError{why};
    }

    /// Adds work; refuses the line that passes the budget.
    void charge(double units) {
        work += units;
        if (work <= kMaxWorkUnits) return;
        char numbers[96];
        std::snprintf(numbers, sizeof numbers, "about %.3g units of work by here (limit %.3g", work, kMaxWorkUnits);
        throw ParseError{std::string("the script would cost the ") + engine::setKindName(structure) + " structure " +
                         numbers + ", about 80 s): fewer stars, ships, frames, switches or restarts, or a coarser " +
                         "gridCell or quadMaxDepth"};
    }

    /// Adds a placed ship to the group of its size and speed (the sums are the same as one group a ship, and a
    /// scene of many alike ships is estimated in the time of a few).
    void place(const engine::ItemGroup& ship) {
        const auto at = kinds.emplace(std::array<double, 3>{ship.width, ship.height, ship.move}, placed.size());
        if (at.second) placed.push_back(ship);
        else placed[at.first->second].count += ship.count;
    }

    /// Charges a command: its frames at the current estimate, and the rebuilds and new ships it brings.
    void account(const Command& c, long long frames) {
        if (c.kind == Command::Kind::Switch) {
            structure = c.structure;
            estimate();
            charge(cost.build);
        } else if (c.kind == Command::Kind::Enemy) {
            place(placedShip(c.box, c.speed));
            estimate();
        } else if (c.kind == Command::Kind::Restart) {
            charge(cost.build);
        }
        charge(double(frames) * cost.frame);
    }

    /// A header line given twice would silently keep the later value (`seed 1` then `seed 2`), so it is refused,
    /// naming the first; `set` counts once per key.
    void repeatedHeader(const std::vector<std::string>& w, int lineNo) {
        if (started || (w[0] != "seed" && w[0] != "structure" && w[0] != "set")) return;
        const std::string key = w[0] == "set" && w.size() > 1 ? "set " + w[1] : w[0];
        const auto first = headerLines.emplace(key, lineNo);
        if (!first.second)
            throw ParseError{"repeated " + io::quote(key) + " (first on line " + std::to_string(first.first->second) +
                             ")"};
    }

    void line(const std::vector<std::string>& w, int lineNo) {
        if (!sawHeader) {
            if (w.size() != 2 || w[0] != "blaster") throw ParseError{"the first line must be 'blaster 1'"};
            if (w[1] != "1") throw ParseError{"unsupported blaster script version " + io::quote(w[1]) + " (only 1)"};
            sawHeader = true;
            return;
        }
        Command c;
        c.line = lineNo;
        c.text = io::joined(w);
        if (w[0] == "set") lastSetLine = lineNo;
        repeatedHeader(w, lineNo);
        if (!parseLine(w, started, script, c)) {
            structure = script.structure;
            return;
        }
        if (!started) {  // the header is over: the tuning, then the first structure's memory and build
            checkTuning();
            estimate();
            charge(cost.build);
        }
        started = true;
        const long long frames = c.frames + (c.expect.kind == Expectation::Kind::GameOverWithin ? c.expect.value : 0);
        totalFrames += frames;
        if (totalFrames > kMaxFramesPerScript)
            throw ParseError{"the script runs more than " + std::to_string(kMaxFramesPerScript) + " frames"};
        if (c.kind == Command::Kind::Enemy && ++enemyLines > kMaxEnemyLines)
            throw ParseError{"more than " + std::to_string(kMaxEnemyLines) + " 'enemy' lines"};
        account(c, frames);
        script.commands.push_back(c);
    }
};

}  // namespace

bool parseBlasterHash(const std::string& token, std::uint64_t& hash) {
    if (token.size() < 3 || token.size() > 18 || token[0] != '0' || (token[1] != 'x' && token[1] != 'X')) return false;
    std::string why;
    return io::toHash(std::string(16 - (token.size() - 2), '0') + token.substr(2), hash, why);
}

bool parseScript(std::string_view text, const std::string& file, Script& script, io::Error& error) {
    script = Script{};
    error = io::Error{file, 0, ""};
    BlasterParser p(script);
    io::Lines lines(text);
    std::string_view raw;
    while (lines.next(raw)) {
        const std::vector<std::string> w = io::tokens(raw);
        if (w.empty()) continue;
        error.line = lines.number();
        try {
            p.line(w, lines.number());
        } catch (const ParseError& e) {
            if (e.line > 0) error.line = e.line;
            error.message = e.what;
            return false;
        }
    }
    if (!p.sawHeader) {
        error.line = 1;
        error.message = "empty file; the first line must be 'blaster 1'";
        return false;
    }
    script.workUnits = p.work;
    script.peakBytes = p.peakBytes;
    try {
        if (!p.started) p.checkTuning();  // a script of header lines only: its tuning still gets the one validation
    } catch (const ParseError& e) {
        error.line = e.line;
        error.message = e.what;
        return false;
    }
    if (p.totalFrames > 0) return true;
    // Nothing would run: refused as an action script with no frames is, at the last line.
    error.line = std::max(1, lines.number());
    error.message = "the script has no frames (no hold, press, wait or expect gameover within)";
    return false;
}

// ---- running ----

namespace {

long long enemyProp(const World& w, int id, const std::string& prop) {
    if (id < 0 || std::size_t(id) >= w.enemies.size() || !w.enemies[std::size_t(id)].active) return 0;
    const Enemy& e = w.enemies[std::size_t(id)];
    if (prop == "active") return 1;
    if (prop == "health") return e.health;
    if (prop == "width") return e.box.maxX - e.box.minX;
    if (prop == "height") return e.box.maxY - e.box.minY;
    if (prop == "x") return e.box.minX;
    if (prop == "y") return e.box.minY;
    return e.overlapping ? 1 : 0;  // "overlapping"
}

/// Why an enemy expectation read 0 for everything: " (no enemy N: ...)" when the ship is not there, else "".
std::string absentEnemy(const World& w, const Expectation& e) {
    if (e.field.rfind("enemy.", 0) != 0) return "";
    if (e.enemy >= 0 && std::size_t(e.enemy) < w.enemies.size() && w.enemies[std::size_t(e.enemy)].active) return "";
    const long long active = std::count_if(w.enemies.begin(), w.enemies.end(), [](const Enemy& x) { return x.active; });
    return " (no enemy " + std::to_string(e.enemy) + " is on screen: " + std::to_string(active) +
           (active == 1 ? " ship is" : " ships are") + "; an absent ship reads 0)";
}

long long fieldValue(const World& w, const Expectation& e) {
    const std::string& f = e.field;
    if (f.rfind("enemy.", 0) == 0) return enemyProp(w, e.enemy, f.substr(6));
    if (f == "frame") return (long long)w.frame;
    if (f == "score") return w.score;
    if (f == "best") return w.bestScore;
    if (f == "shots") return w.shotsLeft;
    if (f == "recharge") return w.rechargeLeft;
    if (f == "kills") return w.kills;
    if (f == "hits") return w.hits;
    if (f == "runs") return w.runs;
    if (f == "playery") return w.player.box.minY;
    if (f == "enemies" || f == "overlapping")
        return std::count_if(w.enemies.begin(), w.enemies.end(),
                             [&](const Enemy& x) { return x.active && (f == "enemies" || x.overlapping); });
    if (f == "lasers") return std::count_if(w.lasers.begin(), w.lasers.end(), [](const Laser& l) { return l.active; });
    return std::count_if(w.stars.begin(), w.stars.end(), [](const Star& s) { return s.touching; });  // "touching"
}

bool compare(long long a, const std::string& op, long long b) {
    if (op == "==") return a == b;
    if (op == "!=") return a != b;
    if (op == "<") return a < b;
    if (op == "<=") return a <= b;
    if (op == ">") return a > b;
    return a >= b;  // ">="
}

std::string hex(std::uint64_t v) {
    std::ostringstream s;
    s << "0x" << std::hex << v;
    return s.str();
}

/// Checks one expectation (may step the game for `gameover within`); returns "" or what went wrong.
std::string check(Game& game, const Expectation& e) {
    const World& w = game.world();
    switch (e.kind) {
    case Expectation::Kind::Alive: return w.player.alive ? "" : "the player is dead";
    case Expectation::Kind::GameOver: return w.gameOver ? "" : "the run is not over";
    case Expectation::Kind::GameOverWithin:
        for (long long i = 0; i < e.value && !game.world().gameOver; ++i) game.step({});
        return game.world().gameOver ? "" : "no game over within " + std::to_string(e.value) + " frames";
    case Expectation::Kind::Hash: return game.hash() == e.hash ? "" : "got hash " + hex(game.hash());
    case Expectation::Kind::Compare: {
        const long long v = fieldValue(w, e);
        return compare(v, e.op, e.value) ? "" : "got " + std::to_string(v) + absentEnemy(w, e);
    }
    }
    return "";
}

}  // namespace

ScriptPlayer::ScriptPlayer(const Script& script, std::string file, Game& game)
    : script_(script), file_(std::move(file)), game_(game) {
    result_.structures.push_back(game.structure());
}

void ScriptPlayer::command(const Command& c) {
    switch (c.kind) {
    case Command::Kind::Hold: break;
    case Command::Kind::Switch:
        game_.setStructure(c.structure);
        result_.structures.push_back(c.structure);
        break;
    case Command::Kind::Enemy: game_.spawnEnemy(c.box, c.speed, c.health); break;
    case Command::Kind::Restart: game_.restart(); break;
    case Command::Kind::Expect: {
        ++result_.expectations;
        const std::string what = check(game_, c.expect);
        const std::int64_t frame = std::int64_t(game_.world().frame);
        if (!what.empty())
            result_.failures.push_back({io::FailureKind::Expectation, file_, c.line, frame, c.text + ": " + what});
        break;
    }
    }
}

bool ScriptPlayer::step(int select) {
    while (!done()) {
        const Command& c = script_.commands[cursor_];
        if (c.kind == Command::Kind::Hold && held_ < c.frames) break;
        command(c);
        ++cursor_;
        held_ = 0;
    }
    if (done()) return false;
    ++held_;
    game_.step({script_.commands[cursor_].buttons, select});
    if (select >= 0 && game_.structure() != result_.structures.back()) result_.structures.push_back(game_.structure());
    return true;
}

void ScriptPlayer::run() {
    while (step()) {}
}

ScriptResult ScriptPlayer::result() const {
    ScriptResult r = result_;
    const World& w = game_.world();
    r.frames = w.frame;
    r.hash = game_.hash();
    r.score = w.score;
    r.bestScore = w.bestScore;
    r.kills = w.kills;
    r.gameOver = w.gameOver;
    return r;
}

ScriptResult runScript(const Script& script, const std::string& file) {
    Game game(script.seed, script.structure, script.options);
    ScriptPlayer player(script, file, game);
    player.run();
    return player.result();
}

}  // namespace blaster

// ---- recording ----

namespace blaster {
namespace {

std::string buttonWords(std::uint8_t bits) {
    std::string s;
    const std::pair<std::uint8_t, const char*> names[] = {
        {kUp, "up"}, {kDown, "down"}, {kFire, "fire"}, {kRestart, "restart"}};
    for (const auto& [bit, name] : names)
        if (bits & bit) s += (s.empty() ? "" : "+") + std::string(name);
    return s.empty() ? "none" : s;
}

std::string holdLine(std::uint8_t buttons, int frames) {
    return buttons == 0 ? "wait " + std::to_string(frames) + "\n"
                        : "hold " + buttonWords(buttons) + " " + std::to_string(frames) + "\n";
}

}  // namespace

ScriptRecorder::ScriptRecorder(std::uint64_t seed, engine::SetKind kind, const Options& options) {
    header_ = "blaster 1\n# recorded\nseed " + std::to_string(seed) + "\nstructure " + structureName(kind) + "\n";
    for (const std::string& line : optionLines(options)) header_ += "set " + line + "\n";
}

void ScriptRecorder::record(const Input& input) {
    const bool switches = input.select >= 0;
    if (heldFrames_ > 0 && (switches || input.buttons != heldButtons_)) {
        body_ += holdLine(heldButtons_, heldFrames_);
        heldFrames_ = 0;
    }
    if (switches) body_ += std::string("switch ") + structureName(engine::SetKind(input.select)) + "\n";
    heldButtons_ = input.buttons;
    ++heldFrames_;
}

std::string ScriptRecorder::text(const Game& game) const {
    std::ostringstream out;
    out << header_ << body_;
    if (heldFrames_ > 0) out << holdLine(heldButtons_, heldFrames_);
    out << "expect frame " << game.world().frame << "\nexpect hash 0x" << std::hex << game.hash() << "\n";
    return out.str();
}

}  // namespace blaster
