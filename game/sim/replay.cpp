// Replays (format in replay.h): writing, reading, and running a replay or compiled script headless with its
// checks (expectations, hash checkpoints and the optional save/restore sync test).
#include "game/sim/replay.h"

#include "game/sim/textio.h"

#include <cstdio>
#include <cstdlib>
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
      << "seed " << s.seed << "\n"
      << "mode " << modeName(s.mode) << "\n"
      << "fighters " << s.fighter[0] << " " << s.fighter[1] << "\n"
      << "rounds " << s.roundsToWin << "\n"
      << "roundframes " << s.roundFrames << "\n"
      << "dummy " << dummyName(s.dummy) << "\n"
      << "cpulevel " << s.cpuLevel << "\n"
      << "start " << s.startX[0] << " " << s.startX[1] << "\n"
      << "health " << s.startHealth[0] << " " << s.startHealth[1] << "\n"
      << "frames\n";
    return o.str();
}

std::string replayFrameLine(const FrameInput& in) {
    return buttonLetters(in.buttons[0]) + " " + buttonLetters(in.buttons[1]);
}

// ---------------------------------------------------------------------------------------------------------------
// Writer

ReplayWriter::ReplayWriter(const std::string& path, const MatchSetup& setup) : out_(path, std::ios::binary) {
    if (out_) out_ << replayHeader(setup) << std::flush;
}

ReplayWriter::~ReplayWriter() {
    if (!finished_) finish();
}

void ReplayWriter::frame(const FrameInput& in, const Fight& after) {
    if (!out_ || finished_) return;
    ++frames_;
    lastHash_ = after.hash();
    out_ << replayFrameLine(in) << "\n";
    if (frames_ % kCheckpointEvery == 0) out_ << "check " << frames_ << " " << hashHex(lastHash_) << "\n";
    out_.flush();
}

void ReplayWriter::finish() {
    if (finished_) return;
    finished_ = true;
    if (!out_) return;
    out_ << "end " << frames_ << " " << hashHex(lastHash_) << "\n";
    out_.flush();
    out_.close();
}

// ---------------------------------------------------------------------------------------------------------------
// Reader

namespace {

struct ReplayParser {
    std::string file;
    int line = 0;
    std::string error;
    std::vector<std::pair<std::string, int>> seen;  // header keys read so far, with their lines

    bool fail(const std::string& what) {
        if (error.empty()) error = file + ":" + std::to_string(line) + ": " + what;
        return false;
    }
    bool toInt(const std::string& t, std::int64_t lo, std::int64_t hi, std::int64_t& v) {
        std::string why;
        return textio::toInt(t, lo, hi, v, why) || fail(why);
    }
    bool toInt(const std::string& t, int lo, int hi, int& v) {
        std::string why;
        return textio::toInt(t, lo, hi, v, why) || fail(why);
    }
    bool toHash(const std::string& t, std::uint64_t& h) {
        if (t.size() != 16) return fail("hash must be 16 hex digits, got '" + t + "'");
        char* end = nullptr;
        h = std::strtoull(t.c_str(), &end, 16);
        if (*end != '\0') return fail("bad hash '" + t + "'");
        return true;
    }
    bool header(const std::vector<std::string>& t, RunFile& out);
    bool body(const std::vector<std::string>& t, RunFile& out, bool& ended);
};

bool ReplayParser::header(const std::vector<std::string>& t, RunFile& out) {
    MatchSetup& s = out.setup;
    const std::string& k = t[0];
    for (const auto& key : seen) {
        if (key.first == k) return fail("repeated `" + k + "` (first on line " + std::to_string(key.second) + ")");
    }
    seen.emplace_back(k, line);
    auto need = [&](std::size_t n) { return t.size() == n ? true : fail("wrong number of fields for '" + k + "'"); };
    if (k == "seed") {
        std::int64_t v = 0;
        if (!need(2) || !toInt(t[1], 0, INT64_MAX, v)) return false;
        s.seed = std::uint64_t(v);
        return true;
    }
    if (k == "mode") return need(2) && (parseMode(t[1], s.mode) || fail("unknown mode '" + t[1] + "'"));
    if (k == "dummy") return need(2) && (parseDummy(t[1], s.dummy) || fail("unknown dummy '" + t[1] + "'"));
    if (k == "fighters") {
        if (!need(3)) return false;
        out.fightersLine = line;
        s.fighter[0] = t[1];
        s.fighter[1] = t[2];
        return true;
    }
    if (k == "rounds") return need(2) && toInt(t[1], 1, kMaxRoundsToWin, s.roundsToWin);
    if (k == "roundframes") return need(2) && toInt(t[1], 1, 10000000, s.roundFrames);
    if (k == "cpulevel") return need(2) && toInt(t[1], 1, 3, s.cpuLevel);
    if (k == "start") return need(3) && toInt(t[1], 0, kStageWidth, s.startX[0]) && toInt(t[2], 0, kStageWidth, s.startX[1]);
    if (k == "health") {
        out.healthLine = line;
        return need(3) && toInt(t[1], 0, 100000000, s.startHealth[0]) && toInt(t[2], 0, 100000000, s.startHealth[1]);
    }
    return fail("unknown header record '" + k + "'");
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
            return fail(t[0] + " names frame " + t[1] + " but " + std::to_string(count) + " frames came before it");
        }
        out.checkpoints.push_back(c);
        ended = t[0] == "end";
        return true;
    }
    if (t.size() != 2) return fail("a frame line has two fields (p1 and p2 buttons)");
    if (count >= kMaxRunFrames) return fail("the replay runs more than " + std::to_string(kMaxRunFrames) + " frames");
    FrameInput in;
    for (int p = 0; p < 2; ++p) {
        if (!parseButtonLetters(t[p], in.buttons[p])) return fail("bad buttons '" + t[p] + "' (letters UDLRABCS or -)");
    }
    out.inputs.push_back(in);
    return true;
}

}  // namespace

bool parseReplay(const std::string& text, const std::string& fileName, RunFile& out, std::string& error) {
    out = RunFile{};
    out.path = fileName;
    out.isReplay = true;
    ReplayParser rp;
    rp.file = fileName;
    std::istringstream in(text);
    std::string raw;
    bool sawMagic = false, inBody = false, ended = false, ok = true;
    while (ok && std::getline(in, raw)) {
        ++rp.line;
        const std::vector<std::string> t = textio::tokens(raw);
        if (t.empty()) continue;
        if (!sawMagic) {
            if (t[0] != "fightreplay" || t.size() != 2) ok = rp.fail("expected `fightreplay VERSION`");
            else if (t[1] != std::to_string(kReplayVersion)) ok = rp.fail("unsupported replay version '" + t[1] + "'");
            sawMagic = true;
        } else if (!inBody) {
            if (t[0] == "frames" && t.size() == 1) inBody = true;
            else ok = rp.header(t, out);
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
    return true;
}

std::string firstWordOf(const std::string& text) {
    std::istringstream in(text);
    std::string raw;
    while (std::getline(in, raw)) {
        const std::vector<std::string> t = textio::tokens(raw);
        if (!t.empty()) return t[0];
    }
    return "";
}

bool loadRunFile(const std::string& path, RunFile& out, std::string& error) {
    std::string s;
    if (!textio::readTextFile(path, s, error)) return false;
    if (firstWordOf(s) == "fightreplay") return parseReplay(s, path, out, error);
    return parseScript(s, path, out, error);
}

namespace {

/// `FILE:LINE: what` for a run's messages.
std::string at(const RunFile& run, int line, const std::string& what) {
    return run.path + ":" + std::to_string(line) + ": " + what;
}

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

bool checkRunAgainstFighters(const RunFile& run, const FighterDef& p1, const FighterDef& p2, std::string& error) {
    const FighterDef* const defs[2] = {&p1, &p2};
    for (int p = 0; p < 2; ++p) {
        if (run.setup.startHealth[p] > defs[p]->health) {
            error = at(run, run.healthLine, "start health " + std::to_string(run.setup.startHealth[p]) + " for p" +
                                                std::to_string(p + 1) + " is above " + defs[p]->id + "'s full health " +
                                                std::to_string(defs[p]->health));
            return false;
        }
    }
    for (const Expectation& e : run.expectations) {
        // Events: the member belongs to the victim, the move to the attacker. State: `pN.move` names pN's anim.
        const bool stateMove = !e.isEvent && e.field == "move";
        const int moveOwner = stateMove ? e.player : e.attacker;
        const std::string& move = stateMove ? e.value : e.move;
        if (e.isEvent && !knownName(e.member, e.victim, true, defs)) {
            error = at(run, e.line, "unknown member '" + e.member + "' for " + whoName(e.victim, defs));
            return false;
        }
        if (!knownName(move, moveOwner, false, defs)) {
            error = at(run, e.line, "unknown move '" + move + "' for " + whoName(moveOwner, defs));
            return false;
        }
    }
    return true;
}

std::string findDataDir(const std::string& filePath) {
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
        if (dir == "/" ) break;
        dir = (dir == "." ? ".." : dir + "/..");
    }
    return "data";
}

// ---------------------------------------------------------------------------------------------------------------
// Running

namespace {

/// Tracks each expectation while the run goes and collects failures.
struct Checker {
    const RunFile& run;
    std::vector<char> seen;
    std::vector<std::string>& failures;

    Checker(const RunFile& r, std::vector<std::string>& f) : run(r), seen(r.expectations.size(), 0), failures(f) {}

    void fail(int line, const std::string& what) {
        failures.push_back(run.path + ":" + std::to_string(line) + ": " + what);
    }

    void afterFrame(std::int64_t frame, const Fight& fight) {
        for (std::size_t i = 0; i < run.expectations.size(); ++i) {
            const Expectation& e = run.expectations[i];
            if (frame < e.first || frame > e.last) continue;
            if (!e.isEvent) {
                std::string why;
                if (!checkState(e, fight, why)) fail(e.line, "expectation failed at frame " + std::to_string(frame) + ": " + e.text + " (" + why + ")");
                continue;
            }
            for (const Event& ev : fight.events()) {
                if (eventMatches(e, ev) && !seen[i]) {
                    seen[i] = 1;
                    if (e.negate) fail(e.line, "expectation failed at frame " + std::to_string(frame) + ": " + e.text + " (it happened)");
                }
            }
            if (frame == e.last && !seen[i] && !e.negate) {
                fail(e.line, "expectation failed: " + e.text + " (no such event in frames " + std::to_string(e.first) +
                                 ".." + std::to_string(e.last) + ")");
            }
        }
        for (const Checkpoint& c : run.checkpoints) {
            if (c.frame == frame && c.hash != fight.hash()) {
                fail(c.line, "hash mismatch at frame " + std::to_string(frame) + ": replay says " + hashHex(c.hash) +
                                 ", simulation gives " + hashHex(fight.hash()));
            }
        }
    }
};

FrameInput inputAt(const RunFile& run, std::int64_t frame) {
    return frame <= std::int64_t(run.inputs.size()) ? run.inputs[std::size_t(frame - 1)] : FrameInput{};
}

}  // namespace

RunResult runFile(const RunFile& run, const FighterDef& p1, const FighterDef& p2, int syncEvery, bool keepHashes) {
    return runFile(run, p1, p2, syncEvery, keepHashes, FrameHook());
}

RunResult runFile(const RunFile& run, const FighterDef& p1, const FighterDef& p2, int syncEvery, bool keepHashes,
                  const FrameHook& onFrame) {
    RunResult r;
    Fight fight(run.setup, p1, p2);
    Checker check(run, r.failures);
    check.afterFrame(0, fight);
    FightState snapshot = fight.state();
    std::int64_t snapshotFrame = 0;
    std::vector<std::uint64_t> window;   // hashes since the snapshot (sync test)
    for (std::int64_t frame = 1; frame <= run.frames; ++frame) {
        const FrameInput in = inputAt(run, frame);
        fight.step(in);
        if (onFrame) onFrame(frame, in, fight);
        r.broadTests += fight.stats().broadTests;
        r.broadHits += fight.stats().broadHits;
        r.nodesVisited += fight.stats().nodesVisited;
        r.hits += fight.stats().hits;
        const std::uint64_t h = fight.hash();
        if (keepHashes) r.hashes.push_back(h);
        check.afterFrame(frame, fight);
        if (syncEvery <= 0) continue;
        window.push_back(h);
        if (frame - snapshotFrame < syncEvery) continue;
        // GGPO-style sync test: go back to the snapshot, re-simulate the same inputs, demand the same hashes.
        const FightState now = fight.state();
        fight.restore(snapshot);
        for (std::int64_t f = snapshotFrame + 1; f <= frame; ++f) {
            fight.step(inputAt(run, f));
            const std::uint64_t again = fight.hash();
            if (again != window[std::size_t(f - snapshotFrame - 1)]) {
                r.failures.push_back(run.path + ":0: sync test: frame " + std::to_string(f) + " re-simulated to " +
                                     hashHex(again) + " instead of " + hashHex(window[std::size_t(f - snapshotFrame - 1)]));
                break;
            }
        }
        if (Fight::hashState(fight.state()) != Fight::hashState(now)) fight.restore(now);
        snapshot = fight.state();
        snapshotFrame = frame;
        window.clear();
    }
    r.frames = run.frames;
    r.finalHash = fight.hash();
    r.finalState = fight.state();
    return r;
}

}  // namespace sim
