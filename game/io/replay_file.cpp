// Replay files (format in run_file.h): the header and frame lines the writer uses, the reader, and what both
// formats share once loaded (loading by first word, checking names against the fighters, finding data/).
#include "game/io/names.h"
#include "game/io/run_file.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <sstream>
#include <sys/stat.h>

namespace sim {

std::string hashHex(std::uint64_t h) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::string replayHeader(const MatchSetup& s) {
    std::ostringstream o;
    o << "fightreplay " << kReplayVersion << "\n"
      << "rules " << kRulesVersion << "\n"
      << "seed " << s.seed << "\n"
      << "mode " << modeName(s.mode) << "\n"
      << "fighters " << s.fighter[0] << " " << s.fighter[1] << "\n"
      << "rounds " << s.roundsToWin << "\n"
      << "roundframes " << s.roundFrames << "\n"
      << "dummy " << dummyName(s.dummy) << "\n"
      << "cpulevel " << s.cpuLevel << (s.cpuLevelP1 > 0 ? " " + std::to_string(s.cpuLevelP1) : std::string()) << "\n"
      << "start " << s.startX[0] << " " << s.startX[1] << "\n"
      << "health " << s.startHealth[0] << " " << s.startHealth[1] << "\n";
    // Written only when not the default, so a match set up as before records byte for byte as before.
    if (s.intro != 0) o << "intro " << s.intro << "\n";
    if (!s.tape.empty()) o << "tape " << tapeText(s.tape) << "\n";
    for (int n = 2; n <= kTapeSlots; ++n) {
        if (!s.tapeOf(n).empty()) o << "tape" << n << " " << tapeText(s.tapeOf(n)) << "\n";
    }
    if (s.playSlot != 1) o << "slot " << slotName(s.playSlot) << "\n";
    if (!s.reversal.empty()) o << "reversal " << s.reversal << "\n";
    if (s.throwTech != DummyTech::Never) o << "throwtech " << techName(s.throwTech) << "\n";
    if (s.counter != CounterHits::Off) o << "counter " << counterName(s.counter) << "\n";
    if (s.startMeter[0] != 0 || s.startMeter[1] != 0)
        o << "meter " << s.startMeter[0] << " " << s.startMeter[1] << "\n";
    if (s.style[0] != MatchSetup{}.style[0] || s.style[1] != MatchSetup{}.style[1]) {
        o << "style " << styleName(s.style[0]) << " " << styleName(s.style[1]) << "\n";
    }
    o << "frames\n";
    return o.str();
}

std::string tapeText(const std::vector<std::uint16_t>& tape) {
    std::string s;
    for (std::size_t i = 0; i < tape.size();) {
        std::size_t run = 1;
        while (i + run < tape.size() && tape[i + run] == tape[i]) ++run;
        s += (s.empty() ? "" : " ") + buttonLetters(tape[i]) + (run > 1 ? "*" + std::to_string(run) : "");
        i += run;
    }
    return s;
}

/// Why a token is no set of button letters: `(the letter A twice: ...)` for a letter of the table given twice,
/// else `(letters ...` and what may follow them (`usual`: " or -)" for a frame line).
static std::string lettersProblem(std::string_view token, const std::string& usual) {
    const std::string letters = buttonLetterList();
    const char twice = repeatedLetter(token);
    if (twice != 0 && letters.find(twice) != std::string::npos)
        return "(the letter " + std::string(1, twice) + " twice: each letter at most once)";
    return "(letters " + letters + usual;
}

bool parseTape(const std::vector<std::string>& t, std::size_t from, std::vector<std::uint16_t>& out, std::string& why) {
    out.clear();
    for (std::size_t i = from; i < t.size(); ++i) {
        const std::size_t star = t[i].find('*');
        std::uint16_t b = 0;
        if (!parseButtonLetters(t[i].substr(0, star), b)) {
            why = "bad tape frame " + io::quote(t[i]) + " " +
                  lettersProblem(std::string_view(t[i]).substr(0, star), " or -, then *N for a run)");
            return false;
        }
        std::int64_t n = 1;
        if (star != std::string::npos) {
            std::string bad;
            if (!io::toInt(t[i].substr(star + 1), 1, kMaxTape, n, bad)) {
                why = "bad run in tape frame " + io::quote(t[i]) + ": " + bad;
                return false;
            }
        }
        if (std::int64_t(out.size()) + n > kMaxTape) {
            why = "the tape holds more than " + std::to_string(kMaxTape) + " frames";
            return false;
        }
        out.insert(out.end(), std::size_t(n), b);
    }
    if (out.empty()) why = "expected `tape FRAMES...`";
    return !out.empty();
}

std::string styleError(const std::string& word) {
    if (word == "classic")
        return "input style 'classic' is gone (rules 2): 'simple' reads special alone as the fireball";
    return "unknown input style " + io::quote(word);
}

std::string noteText(const std::string& text) {
    std::string out;
    for (const char c : text) {
        const bool blank = static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '#' || c == ' ';
        if (!blank) out += c;
        else if (!out.empty() && out.back() != ' ') out += ' ';
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    if (out.size() > kMaxNoteChars) out.resize(kMaxNoteChars);
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

std::string cutShortWarning(const RunFile& run) {
    if (!run.isReplay || !run.truncated) return "";
    return run.path + ": ends without its end line after frame " + std::to_string(run.inputs.size()) +
           " (a recording cut short; it plays up to there)";
}

std::string replayFrameLine(const FrameInput& in) {
    return buttonLetters(in.buttons[0]) + " " + buttonLetters(in.buttons[1]);
}

namespace {

/// "1 frame came before it", "N frames came before it".
std::string framesBefore(std::int64_t n) {
    return std::to_string(n) + (n == 1 ? " frame came" : " frames came") + " before it";
}

struct ReplayParser : io::LineParser {
    std::vector<std::pair<std::string, int>> seen;  // header keys read so far, with their lines
    int rules = 0;                                  // the `rules` record's version, 0 while none was read

    bool toHash(const std::string& t, std::uint64_t& h) {
        std::string why;
        return io::toHash(t, h, why) || fail(why);
    }
    bool header(const std::vector<std::string>& t, RunFile& out);
    bool fields(const std::vector<std::string>& t, std::size_t n);         // t has n fields, or fails
    bool trainingHeader(const std::vector<std::string>& t, RunFile& out);  // dummy, tape, slot, throwtech, reversal
    /// Refuses a replay recorded under other rules than this build's (at the `rules` line).
    bool rulesMatch() {
        if (rules == kRulesVersion) return true;
        return fail("recorded with rules " + std::to_string(rules) + ", but this build plays rules " +
                    std::to_string(kRulesVersion) + (rules > kRulesVersion ? " (a newer build recorded it)" : ""));
    }
    bool body(const std::vector<std::string>& t, RunFile& out, bool& ended);
    bool online(const std::vector<std::string>& t, RunFile& out);
    bool seat(const std::string& word, int& out) {
        if (word == "P1" || word == "P2") return out = word[1] - '1', true;
        return fail("expected P1 or P2, not " + io::quote(word));
    }
};

bool ReplayParser::online(const std::vector<std::string>& t, RunFile& out) {
    // Version 2's lines of an online match: a stall (FRAME checked like a checkpoint's) and the ending.
    if (out.version < 2) return fail(io::quote(t[0]) + " lines came with replay version 2");
    if (t[0] == "stall") {
        Stall st;
        if (t.size() != 4) return fail("expected `stall FRAME P1|P2 MS`");
        if (out.stalls.size() >= std::size_t(kMaxStalls))
            return fail("more than " + std::to_string(kMaxStalls) + " stalls");
        if (!toInt(t[1], 0, kMaxRunFrames, st.frame) || !seat(t[2], st.seat) || !toInt(t[3], 0, INT64_MAX, st.ms))
            return false;
        if (st.frame != std::int64_t(out.inputs.size())) {
            return fail("stall names frame " + std::to_string(st.frame) + " but " + framesBefore(out.inputs.size()));
        }
        out.stalls.push_back(st);
        return true;
    }
    if (!out.ending.word.empty()) return fail("a second `ending` line");
    static const char* const kWords[] = {"over", "desync", "silent", "stuck", "left", "other"};
    if (t.size() < 2 || t.size() > 4) return fail("expected `ending WORD [P1|P2 [MS]]`");
    if (std::find(std::begin(kWords), std::end(kWords), t[1]) == std::end(kWords)) {
        return fail("unknown ending " + io::quote(t[1]) + " (over, desync, silent, stuck, left or other)");
    }
    Ending e;
    e.word = t[1];
    if (t.size() >= 3 && !seat(t[2], e.seat)) return false;
    if (t.size() == 4 && !toInt(t[3], 1, INT64_MAX, e.ms)) return false;
    out.ending = e;
    return true;
}

bool ReplayParser::header(const std::vector<std::string>& t, RunFile& out) {
    MatchSetup& s = out.setup;
    const std::string& k = t[0];
    if (!once(seen, k)) return false;
    const auto need = [&](std::size_t n) { return fields(t, n); };
    for (const char* training : {"dummy", "tape", "tape2", "tape3", "slot", "throwtech", "reversal"}) {
        if (k == training) return trainingHeader(t, out);
    }
    if (k == "rules") return need(2) && toInt(t[1], 1, 1000000, rules) && rulesMatch();
    if (k == "seed") {
        std::string why;
        return need(2) && (io::toUint64(t[1], s.seed, why) || fail(why));
    }
    if (k == "mode") return need(2) && (parseMode(t[1], s.mode) || fail("unknown mode " + io::quote(t[1])));
    if (k == "fighters") {
        if (!need(3)) return false;
        out.fightersLine = line;
        s.fighter[0] = t[1];
        s.fighter[1] = t[2];
        return true;
    }
    if (k == "rounds") return need(2) && toInt(t[1], 1, kMaxRoundsToWin, s.roundsToWin);
    if (k == "roundframes") return need(2) && toInt(t[1], 1, 10000000, s.roundFrames);
    if (k == "cpulevel") {
        if (t.size() == 3)
            return toInt(t[1], 1, kMaxCpuLevel, s.cpuLevel) && toInt(t[2], 1, kMaxCpuLevel, s.cpuLevelP1);
        return need(2) && toInt(t[1], 1, kMaxCpuLevel, s.cpuLevel);
    }
    if (k == "start")
        return need(3) && toInt(t[1], 0, kStageWidth, s.startX[0]) && toInt(t[2], 0, kStageWidth, s.startX[1]);
    if (k == "intro") return need(2) && toInt(t[1], 0, kMaxIntro, s.intro);
    if (k == "meter")
        return need(3) && toInt(t[1], 0, kMeterMax, s.startMeter[0]) && toInt(t[2], 0, kMeterMax, s.startMeter[1]);
    if (k == "counter")
        return need(2) && (parseCounter(t[1], s.counter) || fail("unknown counter-hit rule " + io::quote(t[1])));
    if (k == "style") {
        if (!need(3)) return false;
        for (int p = 0; p < 2; ++p) {
            if (!parseStyle(t[std::size_t(p) + 1], s.style[p])) return fail(styleError(t[std::size_t(p) + 1]));
        }
        return true;
    }
    if (k == "health") {
        out.healthLine = line;
        return need(3) && toInt(t[1], 0, 100000000, s.startHealth[0]) && toInt(t[2], 0, 100000000, s.startHealth[1]);
    }
    return fail("unknown header record " + io::quote(k));
}

bool ReplayParser::fields(const std::vector<std::string>& t, std::size_t n) {
    return t.size() == n ? true : fail("wrong number of fields for " + io::quote(t[0]));
}

bool ReplayParser::trainingHeader(const std::vector<std::string>& t, RunFile& out) {
    MatchSetup& s = out.setup;
    const std::string& k = t[0];
    const auto need = [&](std::size_t n) { return fields(t, n); };
    if (k == "dummy") return need(2) && (parseDummy(t[1], s.dummy) || fail("unknown dummy " + io::quote(t[1])));
    if (k == "tape" || k == "tape2" || k == "tape3") {
        std::string why;
        return parseTape(t, 1, s.tapeOf(k == "tape" ? 1 : k[4] - '0'), why) || fail(why);
    }
    if (k == "slot")
        return need(2) && (parseSlot(t[1], s.playSlot) ||
                           fail("unknown playback slot " + io::quote(t[1]) + " (1, 2, 3 or random)"));
    if (k == "throwtech")
        return need(2) && (parseTech(t[1], s.throwTech) ||
                           fail("unknown throw tech " + io::quote(t[1]) + " (never, always or random)"));
    if (k == "reversal") {
        if (!need(2)) return false;
        out.reversalLine = line;
        s.reversal = t[1] == "none" ? "" : t[1];
        return true;
    }
    return fail("unknown header record " + io::quote(k));
}

bool ReplayParser::body(const std::vector<std::string>& t, RunFile& out, bool& ended) {
    if (ended) return fail("text after the `end` line");
    const std::int64_t count = std::int64_t(out.inputs.size());
    if (t[0] == "check" || t[0] == "end") {
        Checkpoint c;
        c.line = line;
        if (t.size() != 3) return fail("expected `" + t[0] + " FRAME HASH`");
        if (!toInt(t[1], 0, INT64_MAX, c.frame) || !toHash(t[2], c.hash)) return false;
        if (c.frame != count) {
            return fail(t[0] + " names frame " + std::to_string(c.frame) + " but " + framesBefore(count));
        }
        out.checkpoints.push_back(c);
        ended = t[0] == "end";
        return true;
    }
    if (t[0] == "stall" || t[0] == "ending") return online(t, out);
    if (t[0] == "note") {
        if (t.size() < 3) return fail("expected `note FRAME TEXT`");
        if (out.notes.size() >= std::size_t(kMaxNotes))
            return fail("more than " + std::to_string(kMaxNotes) + " notes");
        Note n;
        n.line = line;
        if (!toInt(t[1], 0, kMaxRunFrames, n.frame)) return false;
        for (std::size_t i = 2; i < t.size(); ++i) n.text += (i > 2 ? " " : "") + t[i];
        if (n.text.size() > kMaxNoteChars)
            return fail("a note holds at most " + std::to_string(kMaxNoteChars) + " bytes");
        out.notes.push_back(std::move(n));
        return true;
    }
    if (t.size() != 2) return fail("a frame line has two fields (p1 and p2 buttons)");
    if (count >= kMaxRunFrames) return fail("the replay runs more than " + std::to_string(kMaxRunFrames) + " frames");
    FrameInput in;
    for (int p = 0; p < 2; ++p) {
        if (!parseButtonLetters(t[p], in.buttons[p]))
            return fail("bad buttons " + io::quote(t[p]) + " " + lettersProblem(t[p], " or -)"));
    }
    out.inputs.push_back(in);
    return true;
}

}  // namespace

/// A whole replay's notes are about frames it holds (a cut one may have lost the frames a note was about).
static bool notesWithinFrames(const RunFile& run, io::Error& error) {
    for (const Note& n : run.notes) {
        if (run.truncated || n.frame <= run.frames) continue;
        error = {run.path, n.line,
                 "note names frame " + std::to_string(n.frame) + " but the replay has " + std::to_string(run.frames) +
                     " frames"};
        return false;
    }
    return true;
}

bool parseReplay(const std::string& text, const std::string& fileName, RunFile& out, io::Error& error) {
    out = RunFile{};
    out.path = fileName;
    out.isReplay = true;
    ReplayParser rp;
    rp.error.file = fileName;
    io::Lines lines(text);
    std::string_view raw;
    bool sawMagic = false, inBody = false, ended = false, ok = true;
    int magicLine = 0;
    while (ok && lines.next(raw)) {
        rp.line = lines.number();
        const std::vector<std::string> t = io::tokens(raw);
        if (t.empty()) continue;
        if (lines.unterminated() && inBody && !ended) {
            // A last line with no '\n' may have been cut by a crash mid-write: a frame line is dropped (it may be
            // a valid-looking prefix of another), an `end` or `check` line counts only when it is whole.
            const bool whole = (t[0] == "end" || t[0] == "check") && ReplayParser(rp).body(t, out, ended);
            if (!whole) ended = false;
            break;
        }
        if (!sawMagic) {
            if (t[0] != "fightreplay" || t.size() != 2) ok = rp.fail("expected `fightreplay VERSION`");
            else if (t[1].size() != 1 || t[1][0] < '1' || t[1][0] > char('0' + kReplayVersion)) {
                ok = rp.fail("unsupported replay version " + io::quote(t[1]));
            }
            if (ok) out.version = t[1][0] - '0';
            sawMagic = true;
            magicLine = rp.line;
        } else if (!inBody) {
            if (t[0] == "frames" && t.size() == 1) {
                inBody = true;
                // Every replay written since rules versions began says which; one without is from rules 1.
                if (rp.rules == 0) {
                    rp.line = magicLine;
                    ok = rp.fail("no `rules` line: recorded with rules 1, but this build plays rules " +
                                 std::to_string(kRulesVersion));
                }
            } else {
                ok = rp.header(t, out);
            }
        } else {
            ok = rp.body(t, out, ended);
        }
    }
    if (ok && !inBody) ok = rp.fail("no `frames` line: the header never ends");
    if (!ok) {
        error = rp.error;
        return false;
    }
    out.frames = std::int64_t(out.inputs.size());
    out.truncated = !ended;
    return notesWithinFrames(out, error);
}

std::string firstWordOf(const std::string& text) {
    io::Lines lines(text);
    std::string_view raw;
    while (lines.next(raw)) {
        const std::vector<std::string> t = io::tokens(raw);
        if (!t.empty()) return t[0];
    }
    return "";
}

bool loadRunFile(const std::string& path, RunFile& out, io::Error& error) {
    std::string s;
    return io::readFile(path, s, error) && parseRunFile(s, path, out, error);
}

bool parseRunFile(const std::string& text, const std::string& fileName, RunFile& out, io::Error& error) {
    if (firstWordOf(text) == "fightreplay") return parseReplay(text, fileName, out, error);
    return parseScript(text, fileName, out, error);
}

namespace {

/// A run's error at a line.
io::Error at(const RunFile& run, int line, const std::string& what) { return io::Error{run.path, line, what}; }

/// Checks one expectation's names; `who` is the player it names (-1: either) and kind says member or move.
bool knownName(const std::string& name, int who, bool member, const FighterDef* const* defs) {
    if (name.empty()) return true;
    for (int p = 0; p < 2; ++p) {
        if (who >= 0 && who != p) continue;
        if (member ? defs[p]->member(name) >= 0 : defs[p]->anim(name) >= 0) return true;
    }
    return false;
}

/// "ryo" for one player, "ryo or brick" for either.
std::string whoName(int who, const FighterDef* const* defs) {
    if (who >= 0) return defs[who]->id;
    return defs[0]->id == defs[1]->id ? defs[0]->id : defs[0]->id + " or " + defs[1]->id;
}

}  // namespace

bool checkRunAgainstFighters(const RunFile& run, const FighterDef& p1, const FighterDef& p2, io::Error& error) {
    const FighterDef* const defs[2] = {&p1, &p2};
    for (int p = 0; p < 2; ++p) {
        if (run.setup.startHealth[p] > defs[p]->health) {
            error = at(run, run.healthLine,
                       "start health " + std::to_string(run.setup.startHealth[p]) + " for p" + std::to_string(p + 1) +
                           " is above " + defs[p]->id + "'s full health " + std::to_string(defs[p]->health));
            return false;
        }
    }
    if (!run.setup.reversal.empty()) {
        const std::vector<std::string> moves = reversalMoves(p2);
        if (std::find(moves.begin(), moves.end(), run.setup.reversal) == moves.end()) {
            std::string known;
            for (const std::string& m : moves) known += (known.empty() ? "" : ", ") + m;
            error = at(run, run.reversalLine,
                       "unknown reversal move " + io::quote(run.setup.reversal) + " for " + p2.id +
                           " (a move with an input from the ground: " + known + ")");
            return false;
        }
    }
    for (const Expectation& e : run.expectations) {
        // Events: the member belongs to the victim, the move to the attacker. State: `pN.move` names pN's anim.
        const bool stateMove = !e.isEvent && e.field == "move";
        const int moveOwner = stateMove ? e.player : e.attacker;
        const std::string& move = stateMove ? e.value : e.move;
        if (e.isEvent && !knownName(e.member, e.victim, true, defs)) {
            error = at(run, e.line, "unknown member " + io::quote(e.member) + " for " + whoName(e.victim, defs));
            return false;
        }
        if (!knownName(move, moveOwner, false, defs)) {
            error = at(run, e.line, "unknown move " + io::quote(move) + " for " + whoName(moveOwner, defs));
            return false;
        }
    }
    return true;
}

std::string findDataDir(const std::string& filePath, const std::string& fallback) {
    auto isDir = [](const std::string& p) {
        struct stat st {};
        return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
    };
    std::string dir = filePath;
    const std::size_t slash = dir.find_last_of('/');
    dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : dir.substr(0, slash));
    for (int depth = 0; depth < 12; ++depth) {
        if (isDir(dir + "/fighters")) return dir;
        if (isDir(dir + "/data/fighters")) return dir + "/data";
        if (dir == "/") break;
        dir = (dir == "." ? ".." : dir + "/..");
    }
    return fallback;
}

}  // namespace sim
