// Action scripts: a small line language that compiles to the same per-frame input as a replay, plus checks.
//
// GRAMMAR (one command per line; '#' starts a comment; blank lines are ignored; pN is p1 or p2):
//   Setup (before the first input or expect line; any order; each at most once):
//     mode versus|cpu|training|cpuvscpu     who drives the players (cpu: the CPU plays p2)
//     fighters ID1 ID2                      data/fighters/ID.fighter for p1 and p2 (default ryo brick)
//     seed N                                RNG seed (CPU decisions), 0..2^64-1
//     rounds N                              rounds needed to win the match, 1..999 (default 2: best of three)
//     roundframes N                         round timer in frames (default 5940 = 99 s)
//     dummy stand|crouch|block|crouchblock|jump|randomblock|reversal|afterhit|record|playback   training dummy
//                                           (p2) behaviour (record: p2's input lines drive it; playback: a tape;
//                                           afterhit: guards from its first hit until the exchange is over)
//     reversal MOVE|none                    the dummy's reversal on wake-up / out of stun: one of p2's moves with
//                                           an input (reversal mode without it: the 623 + special)
//     throwtech never|always|random         whether the dummy breaks throws (random: a coin per grab)
//     slot 1|2|3|random                     the recording slot `dummy playback` plays (random: a filled slot a take)
//     cpulevel 1|2|3|4 [P1LEVEL]            CPU reaction speed and blocking; 4 reads frame data (fight_cpu.cpp);
//                                           P1LEVEL: player 1's own level in a cpuvscpu match (default the same)
//     start X1 X2                           fighters' x at every round start (default 400 800)
//     health H1 H2                          health at every round start (0 = full)
//     intro FRAMES                          round intro: FRAMES frames (0..600) with inputs locked out (default 0)
//     tape FRAMES...                        the dummy's recording for `dummy playback`: replay letters per frame
//                                           with R = forward, L = back, `LETTERS*N` for N frames (at most 600);
//                                           that is slot 1, `tape2` and `tape3` fill slots 2 and 3
//     meter M1 M2                           super meter at the match start (0..1000, default 0 0)
//     counter off|on|always                 counter hits (default off): on = a hit during the victim's own startup
//                                           frames does +20% damage and +4 hitstun; always = also every
//                                           hit on the training dummy
//     style S1 S2                           how each player's special button is read: motion (236S, 623S, 66/44
//                                           dashes) or simple (the default: motion plus special = fireball,
//                                           forward+special = anti-air)
//     title TEXT...                         the script's name as a tutorial lesson (the rest of the line)
//   Input (each advances the frame cursor C, the number of frames scripted so far):
//     pN hold BUTTONS FRAMES                pN holds BUTTONS for FRAMES frames
//     pN press BUTTONS                      pN holds BUTTONS for one frame
//     wait FRAMES                           FRAMES frames with no new input
//     pN keep BUTTONS                       pN also holds BUTTONS on every later frame (does not advance C)
//     pN release                            ends pN's keep (does not advance C)
//   BUTTONS is NAME or NAME+NAME+..., NAME one of up down left right light heavy special start throw (absolute
//   directions: left is screen left), each at most once, or `none`.
//   Text (does not advance C):
//     say TEXT...                           a line shown from frame C on, until the next `say` (a tutorial lesson's
//                                           instruction; the rest of the line, at most 120 characters)
//   Checks (do not advance C):
//     expect [pN.]FIELD [OP] VALUE          state right after frame C; OP is == != < <= > >= (default ==)
//     expect [pN.]FIELD [OP] VALUE within N the same, true right after at least one of frames C+1..C+N
//         pN fields: health x y move wins combo facing airborne crouching blocking hitstun blockstun advantage
//                    meter juggle down (1 while lying after a knockdown)
//         match fields: round winner timer frame projectiles roundover matchover
//         word values: move names, facing left|right, winner p1|p2|draw|none, yes|no for flags
//     expect [no] EVENT WINDOW              an event in frames C+1..C+N (`within N`) or exactly at C+N (`at N`);
//                                           with `no`, it must not happen in that window
//         EVENT := hit VICTIM [MEMBER] [by ATTACKER [MOVE]] | block VICTIM [MEMBER] [by ATTACKER [MOVE]]
//                | throw VICTIM [MEMBER] [by ATTACKER [MOVE]] | tech VICTIM
//                | cancel | ko VICTIM | timeover | roundstart      (throw: a grab connects; tech: it is broken,
//                                           `tech any` also matches two throws breaking each other; cancel: two
//                                           projectiles cancel each other; it, timeover and roundstart take no
//                                           argument but the window)
//         VICTIM/ATTACKER are p1, p2 or any; MEMBER/MOVE may be `any`.
// The script runs until the last frame scripted or the end of the last expectation window, whichever is later;
// that may not pass kMaxRunFrames (1000000). Once the fighters are loaded, the start health must not exceed a
// fighter's full health and every MEMBER, MOVE and `pN.move` value must name one of that fighter's members/anims.
#include "game/io/names.h"
#include "game/io/run_file.h"

namespace sim {
namespace {

const char* const kPlayerFields[] = {"health",    "x",        "y",         "move",     "wins",    "combo",
                                     "facing",    "airborne", "crouching", "blocking", "hitstun", "blockstun",
                                     "advantage", "meter",    "juggle",    "down"};
const char* const kMatchFields[] = {"round", "winner", "timer", "frame", "projectiles", "roundover", "matchover"};

bool inList(const std::string& w, const char* const* list, int n) {
    for (int i = 0; i < n; ++i) {
        if (w == list[i]) return true;
    }
    return false;
}

/// Longest `title` or `say` text, in characters (one line on screen).
constexpr std::size_t kMaxTextChars = 120;

/// Tokens t[from..] joined by single spaces.
std::string restOf(const std::vector<std::string>& t, std::size_t from) {
    std::string s;
    for (std::size_t i = from; i < t.size(); ++i) s += (i > from ? " " : "") + t[i];
    return s;
}

/// Most `expect` lines a script may hold (they are indexed by frame, so this bounds memory, not time).
constexpr int kMaxExpectations = 100000;

/// Script parser: the file, the current line, the cursor and the inputs so far.
struct ScriptParser : io::LineParser {
    RunFile* out = nullptr;
    std::int64_t cursor = 0;
    std::uint16_t keep[2] = {0, 0};
    bool setupDone = false;
    std::vector<std::pair<std::string, int>> seenSetup;  // setup keys read so far, with their lines

    /// Refuses a run longer than kMaxRunFrames (checked before any frame is stored).
    bool within(std::int64_t lastFrame) {
        if (lastFrame <= kMaxRunFrames) return true;
        return fail("the script runs more than " + std::to_string(kMaxRunFrames) + " frames");
    }

    bool player(const std::string& t, int& p, bool allowAny) {
        if (t == "p1") p = 0;
        else if (t == "p2") p = 1;
        else if (allowAny && t == "any") p = -1;
        else return fail("expected p1 or p2" + std::string(allowAny ? " or any" : "") + ", got " + io::quote(t));
        return true;
    }

    bool buttons(const std::string& t, std::uint16_t& b) {
        if (parseButtonSet(t, b)) return true;
        const std::string twice = repeatedButton(t);  // as a replay frame's letter given twice (`AA`) is refused
        if (!twice.empty() && parseButtonName(twice) != 0)
            return fail("bad buttons " + io::quote(t) + " (the button " + twice + " twice: each button at most once)");
        return fail("bad buttons " + io::quote(t) + " (names: " + buttonTable().names() + ", joined by +)");
    }

    bool addFrames(int p, std::uint16_t b, std::int64_t n) {
        if (!within(cursor + n)) return false;
        for (std::int64_t i = 0; i < n; ++i) {
            FrameInput in;
            in.buttons[0] = keep[0];
            in.buttons[1] = keep[1];
            if (p >= 0) in.buttons[p] = std::uint16_t(in.buttons[p] | b);
            out->inputs.push_back(in);
        }
        cursor += n;
        return true;
    }

    bool setupLine(const std::vector<std::string>& t);
    bool need(const std::vector<std::string>& t, std::size_t n, const char* form);  // t has n words, or fails
    bool matchSetupLine(const std::vector<std::string>& t);     // the match's rules: mode, fighters, seed, rounds ...
    bool trainingSetupLine(const std::vector<std::string>& t);  // the training dummy's: dummy, tape, slot ...
    bool playerLine(const std::vector<std::string>& t);
    bool expectLine(const std::vector<std::string>& t);
    bool expectEvent(const std::vector<std::string>& t, std::size_t i, Expectation& e);
    bool expectState(const std::vector<std::string>& t, std::size_t i, Expectation& e);
    bool lineOf(const std::vector<std::string>& t);
};

bool ScriptParser::setupLine(const std::vector<std::string>& t) {
    const std::string& k = t[0];
    static const char* const kSetup[] = {"mode",  "fighters", "seed",  "rounds", "roundframes", "cpulevel", "dummy",
                                         "start", "health",   "intro", "style",  "tape",        "counter",  "meter",
                                         "title", "tape2",    "tape3", "slot",   "reversal",    "throwtech"};
    if (!inList(k, kSetup, 20)) return fail("unknown command " + io::quote(k));
    if (setupDone) return fail("setup line '" + k + "' after the first input or expect line");
    if (!once(seenSetup, k)) return false;
    if (k == "title") {
        if (t.size() < 2) return fail("expected `title TEXT`");
        out->title = restOf(t, 1);
        return out->title.size() <= kMaxTextChars ||
               fail("a title longer than " + std::to_string(kMaxTextChars) + " characters");
    }
    static const char* const kTraining[] = {"dummy", "tape", "tape2", "tape3", "slot", "throwtech", "reversal"};
    return inList(k, kTraining, 7) ? trainingSetupLine(t) : matchSetupLine(t);
}

bool ScriptParser::need(const std::vector<std::string>& t, std::size_t n, const char* form) {
    return t.size() == n ? true : fail(std::string("expected `") + form + "`");
}

bool ScriptParser::matchSetupLine(const std::vector<std::string>& t) {
    MatchSetup& s = out->setup;
    const std::string& k = t[0];
    if (k == "mode") {
        if (!need(t, 2, "mode versus|cpu|training|cpuvscpu")) return false;
        return parseMode(t[1], s.mode) ? true : fail("unknown mode " + io::quote(t[1]));
    }
    if (k == "fighters") {
        if (!need(t, 3, "fighters ID1 ID2")) return false;
        out->fightersLine = line;
        s.fighter[0] = t[1];
        s.fighter[1] = t[2];
        return true;
    }
    if (k == "seed") {
        std::string why;
        return need(t, 2, "seed N") && (io::toUint64(t[1], s.seed, why) || fail(why));
    }
    if (k == "rounds") return need(t, 2, "rounds N") && toInt(t[1], 1, kMaxRoundsToWin, s.roundsToWin);
    if (k == "roundframes") return need(t, 2, "roundframes N") && toInt(t[1], 1, 10000000, s.roundFrames);
    if (k == "cpulevel") {
        if (t.size() == 3)
            return toInt(t[1], 1, kMaxCpuLevel, s.cpuLevel) && toInt(t[2], 1, kMaxCpuLevel, s.cpuLevelP1);
        return need(t, 2, "cpulevel 1|2|3|4 [P1LEVEL]") && toInt(t[1], 1, kMaxCpuLevel, s.cpuLevel);
    }
    if (k == "start") {
        return need(t, 3, "start X1 X2") && toInt(t[1], 0, kStageWidth, s.startX[0]) &&
               toInt(t[2], 0, kStageWidth, s.startX[1]);
    }
    if (k == "intro") return need(t, 2, "intro FRAMES") && toInt(t[1], 0, kMaxIntro, s.intro);
    if (k == "meter") {
        return need(t, 3, "meter M1 M2") && toInt(t[1], 0, kMeterMax, s.startMeter[0]) &&
               toInt(t[2], 0, kMeterMax, s.startMeter[1]);
    }
    if (k == "counter") {
        if (!need(t, 2, "counter off|on|always")) return false;
        return parseCounter(t[1], s.counter) ? true : fail("unknown counter-hit rule " + io::quote(t[1]));
    }
    if (k == "style") {
        if (!need(t, 3, "style motion|simple motion|simple")) return false;
        for (int p = 0; p < 2; ++p) {
            if (!parseStyle(t[std::size_t(p) + 1], s.style[p])) return fail(styleError(t[std::size_t(p) + 1]));
        }
        return true;
    }
    if (k == "health") {
        out->healthLine = line;
        return need(t, 3, "health H1 H2") && toInt(t[1], 0, 100000000, s.startHealth[0]) &&
               toInt(t[2], 0, 100000000, s.startHealth[1]);
    }
    return fail("unknown command " + io::quote(k));
}

bool ScriptParser::trainingSetupLine(const std::vector<std::string>& t) {
    MatchSetup& s = out->setup;
    const std::string& k = t[0];
    if (k == "dummy") {
        if (!need(t, 2, "dummy stand|crouch|block|crouchblock|jump|randomblock|reversal|afterhit|record|playback"))
            return false;
        return parseDummy(t[1], s.dummy) ? true : fail("unknown dummy behaviour " + io::quote(t[1]));
    }
    if (k == "tape" || k == "tape2" || k == "tape3") {
        std::string why;
        return parseTape(t, 1, s.tapeOf(k == "tape" ? 1 : k[4] - '0'), why) || fail(why);
    }
    if (k == "slot") {
        if (!need(t, 2, "slot 1|2|3|random")) return false;
        return parseSlot(t[1], s.playSlot) ? true
                                           : fail("unknown playback slot " + io::quote(t[1]) + " (1, 2, 3 or random)");
    }
    if (k == "throwtech") {
        if (!need(t, 2, "throwtech never|always|random")) return false;
        return parseTech(t[1], s.throwTech)
                   ? true
                   : fail("unknown throw tech " + io::quote(t[1]) + " (never, always or random)");
    }
    if (k == "reversal") {
        if (!need(t, 2, "reversal MOVE|none")) return false;
        out->reversalLine = line;
        s.reversal = t[1] == "none" ? "" : t[1];
        return true;
    }
    return fail("unknown command " + io::quote(k));
}

bool ScriptParser::playerLine(const std::vector<std::string>& t) {
    int p = 0;
    if (!player(t[0], p, false)) return false;
    if (t.size() < 2) return fail("expected hold, press, keep or release after " + t[0]);
    const std::string& verb = t[1];
    std::uint16_t b = 0;
    if (verb == "hold") {
        std::int64_t n = 0;
        if (t.size() != 4) return fail("expected `" + t[0] + " hold BUTTONS FRAMES`");
        if (!buttons(t[2], b) || !toInt(t[3], 1, 1000000, n)) return false;
        return addFrames(p, b, n);
    }
    if (verb == "press") {
        if (t.size() != 3) return fail("expected `" + t[0] + " press BUTTONS`");
        if (!buttons(t[2], b)) return false;
        return addFrames(p, b, 1);
    }
    if (verb == "keep") {
        if (t.size() != 3) return fail("expected `" + t[0] + " keep BUTTONS`");
        if (!buttons(t[2], b)) return false;
        keep[p] = b;
        return true;
    }
    if (verb == "release") {
        if (t.size() != 2) return fail("expected `" + t[0] + " release`");
        keep[p] = 0;
        return true;
    }
    return fail("unknown action " + io::quote(verb) + " (hold, press, keep, release)");
}

bool ScriptParser::expectEvent(const std::vector<std::string>& t, std::size_t i, Expectation& e) {
    const std::string& kind = t[i++];
    e.isEvent = true;
    auto more = [&]() { return i < t.size() && t[i] != "within" && t[i] != "at"; };
    if (kind == "hit" || kind == "block" || kind == "throw") {
        e.event = kind == "hit" ? EventType::Hit : kind == "block" ? EventType::Block : EventType::Throw;
        if (!more()) return fail("expected the victim (p1, p2 or any) after '" + kind + "'");
        if (!player(t[i++], e.victim, true)) return false;
        if (more() && t[i] != "by") e.member = t[i++] == "any" ? "" : t[i - 1];
        if (more() && t[i] == "by") {
            ++i;
            if (!more()) return fail("expected the attacker after 'by'");
            if (!player(t[i++], e.attacker, true)) return false;
            if (more()) e.move = t[i++] == "any" ? "" : t[i - 1];
        }
    } else if (kind == "ko" || kind == "tech") {
        e.event = kind == "ko" ? EventType::KO : EventType::Tech;
        if (!more())
            return fail("expected who is " + std::string(kind == "ko" ? "KO'd" : "thrown") + " (p1, p2 or any)");
        if (!player(t[i++], e.victim, true)) return false;
    } else if (kind == "cancel") {
        e.event = EventType::ProjectileCancel;
    } else if (kind == "timeover") {
        e.event = EventType::TimeOver;
    } else if (kind == "roundstart") {
        e.event = EventType::RoundStart;
    } else {
        return fail("unknown event " + io::quote(kind));
    }
    const bool namesNoOne = kind == "cancel" || kind == "timeover" || kind == "roundstart";
    if (more() && namesNoOne)
        return fail("unexpected " + io::quote(t[i]) + " (`" + kind +
                    "` takes no player, member or move: only `within N` or `at N`)");
    if (more()) return fail("unexpected " + io::quote(t[i]));
    if (i + 2 != t.size()) return fail("expected `within N` or `at N` at the end of an event expectation");
    std::int64_t n = 0;
    if (!toInt(t[i + 1], 1, 10000000, n) || !within(cursor + n)) return false;
    e.first = t[i] == "within" ? cursor + 1 : cursor + n;
    e.last = cursor + n;
    return true;
}

bool ScriptParser::expectState(const std::vector<std::string>& t, std::size_t i, Expectation& e) {
    std::string name = t[i++];
    const std::size_t dot = name.find('.');
    if (dot != std::string::npos) {
        if (!player(name.substr(0, dot), e.player, false)) return false;
        e.field = name.substr(dot + 1);
        if (!inList(e.field, kPlayerFields, int(sizeof(kPlayerFields) / sizeof(kPlayerFields[0])))) {
            return fail("unknown fighter field " + io::quote(e.field));
        }
    } else {
        e.field = name;
        if (!inList(e.field, kMatchFields, int(sizeof(kMatchFields) / sizeof(kMatchFields[0])))) {
            return fail("unknown expectation " + io::quote(e.field));
        }
    }
    static const char* const kOps[] = {"==", "!=", "<", "<=", ">", ">="};
    if (i < t.size() && inList(t[i], kOps, 6)) e.op = t[i++];
    if (i + 1 != t.size() && !(i + 3 == t.size() && t[i + 1] == "within")) {
        return fail("expected `expect FIELD [OP] VALUE [within N]`");
    }
    e.value = t[i];
    const bool word = isWordField(e.field);
    if (word && e.op != "==" && e.op != "!=") return fail("'" + e.field + "' only compares with == or !=");
    static const char* const kWinners[] = {"p1", "p2", "draw", "none"};
    static const char* const kFacings[] = {"left", "right"};
    if (e.field == "winner" && !inList(e.value, kWinners, 4))
        return fail("winner is p1, p2, draw or none, not " + io::quote(e.value));
    if (e.field == "facing" && !inList(e.value, kFacings, 2))
        return fail("facing is left or right, not " + io::quote(e.value));
    if (!word && e.value != "yes" && e.value != "no") {
        std::int64_t v = 0;
        if (!toInt(e.value, INT32_MIN, INT32_MAX, v)) return false;
    }
    e.first = e.last = cursor;
    if (i + 3 == t.size()) {
        std::int64_t n = 0;
        if (!toInt(t[i + 2], 1, 10000000, n) || !within(cursor + n)) return false;
        e.anyFrame = true;
        e.first = cursor + 1;
        e.last = cursor + n;
    }
    return true;
}

bool ScriptParser::expectLine(const std::vector<std::string>& t) {
    Expectation e;
    e.line = line;
    e.text = io::joined(t);
    if (int(out->expectations.size()) >= kMaxExpectations) {
        return fail("more than " + std::to_string(kMaxExpectations) + " expect lines");
    }
    if (t.size() < 2) return fail("empty expectation");
    std::size_t i = 1;
    if (t[i] == "no") {
        e.negate = true;
        ++i;
        if (i >= t.size()) return fail("expected an event after 'no'");
    }
    static const char* const kEvents[] = {"hit", "block", "ko", "cancel", "timeover", "roundstart", "throw", "tech"};
    const bool ok = inList(t[i], kEvents, 8) ? expectEvent(t, i, e) : expectState(t, i, e);
    if (!ok) return false;
    if (e.negate && !e.isEvent) return fail("'no' only goes before an event");
    out->expectations.push_back(e);
    return true;
}

bool ScriptParser::lineOf(const std::vector<std::string>& t) {
    const std::string& k = t[0];
    if (k == "p1" || k == "p2") {
        setupDone = true;
        return playerLine(t);
    }
    if (k == "wait") {
        setupDone = true;
        std::int64_t n = 0;
        if (t.size() != 2) return fail("expected `wait FRAMES`");
        if (!toInt(t[1], 1, 10000000, n)) return false;
        return addFrames(-1, 0, n);
    }
    if (k == "expect") {
        setupDone = true;
        return expectLine(t);
    }
    if (k == "say") {
        setupDone = true;
        if (t.size() < 2) return fail("expected `say TEXT`");
        Caption c{cursor, restOf(t, 1), line};
        if (c.text.size() > kMaxTextChars)
            return fail("a `say` line longer than " + std::to_string(kMaxTextChars) + " characters");
        out->captions.push_back(c);
        return true;
    }
    return setupLine(t);
}

}  // namespace

bool parseScript(const std::string& text, const std::string& fileName, RunFile& out, io::Error& error) {
    out = RunFile{};
    out.path = fileName;
    ScriptParser sp;
    sp.error.file = fileName;
    sp.out = &out;
    io::Lines lines(text);
    std::string_view raw;
    while (lines.next(raw)) {
        sp.line = lines.number();
        const std::vector<std::string> t = io::tokens(raw);
        if (t.empty()) continue;
        if (!sp.lineOf(t)) {
            error = sp.error;
            return false;
        }
    }
    out.frames = sp.cursor;
    for (const Expectation& e : out.expectations) out.frames = std::max(out.frames, e.last);
    if (out.frames == 0) {
        error = io::Error{fileName, std::max(1, lines.number()), "the script has no frames (no hold, press or wait)"};
        return false;
    }
    return true;
}

}  // namespace sim
