// `--headless --replay FILE`: runs a fight replay or action script (or hands a Blaster script to its runner)
// without any window, as fast as it can, and prints a summary. Exit codes: 0 every check held, 1 a check failed
// (expectation, hash checkpoint or sync test), 2 bad flags or a bad file (`FILE:LINE: what` on stderr).
#include "game/headless_main.h"

#include "game/sim/blaster/blaster_headless.h"
#include "game/sim/fight.h"
#include "game/sim/replay.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

namespace game {
namespace {

/// The runner's flags.
struct Flags {
    std::string replay;      ///< --replay FILE
    std::string dataDir;     ///< --data DIR (default: found beside the file)
    std::string record;      ///< --record OUT: also write what ran as a replay
    int sync = 0;            ///< --sync N: save/restore/re-simulate every N frames
    bool printHashes = false;  ///< --print-hashes: one `frame N HASH` line per frame
    bool printEvents = false;  ///< --events: one line per event (for writing scripts)
};

int usage(const std::string& what) {
    std::cerr << "game --headless: " << what << "\n"
              << "usage: game_headless [--headless] --replay FILE [--sync N] [--print-hashes] [--events] [--data DIR] [--record OUT]\n";
    return 2;
}

bool parseFlags(int argc, char** argv, Flags& f, std::string& error) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](std::string& out) {
            if (i + 1 >= argc) {
                error = a + " needs a value";
                return false;
            }
            out = argv[++i];
            return true;
        };
        if (a == "--headless") continue;
        std::string v;
        if (a == "--replay") {
            if (!value(f.replay)) return false;
        } else if (a == "--data") {
            if (!value(f.dataDir)) return false;
        } else if (a == "--record") {
            if (!value(f.record)) return false;
        } else if (a == "--print-hashes") {
            f.printHashes = true;
        } else if (a == "--events") {
            f.printEvents = true;
        } else if (a == "--sync") {
            if (!value(v)) return false;
            char* end = nullptr;
            const long n = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || n < 1 || n > 100000) {
                error = "--sync needs a frame count in [1, 100000], not '" + v + "'";
                return false;
            }
            f.sync = int(n);
        } else {
            error = "unknown flag '" + a + "'";
            return false;
        }
    }
    if (f.replay.empty()) {
        error = "missing --replay FILE";
        return false;
    }
    return true;
}

std::string firstWord(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return sim::firstWordOf(text.str());
}

void writeRecording(const std::string& out, const sim::RunFile& run, const sim::FighterDef& p1,
                    const sim::FighterDef& p2) {
    sim::Fight fight(run.setup, p1, p2);
    sim::ReplayWriter writer(out, run.setup);
    for (std::int64_t f = 1; f <= run.frames; ++f) {
        const sim::FrameInput in = f <= std::int64_t(run.inputs.size()) ? run.inputs[std::size_t(f - 1)] : sim::FrameInput{};
        fight.step(in);
        writer.frame(in, fight);
    }
    writer.finish();
}

void printEvents(const sim::RunFile& run, const sim::FighterDef& p1, const sim::FighterDef& p2) {
    const char* names[] = {"hit", "block", "cancel", "ko", "timeover", "roundstart", "matchover"};
    sim::Fight fight(run.setup, p1, p2);
    for (std::int64_t f = 1; f <= run.frames; ++f) {
        fight.step(f <= std::int64_t(run.inputs.size()) ? run.inputs[std::size_t(f - 1)] : sim::FrameInput{});
        for (const sim::Event& e : fight.events()) {
            std::cout << "frame " << f << ": " << names[int(e.type)];
            if (e.victim >= 0) std::cout << " victim p" << (e.victim + 1);
            if (e.attacker >= 0) std::cout << " by p" << (e.attacker + 1);
            if (!e.move.empty()) std::cout << " move " << e.move << " member " << e.member << " damage " << e.damage;
            std::cout << "  [p1 x " << fight.state().fighters[0].x << " " << fight.animName(0) << ", p2 x "
                      << fight.state().fighters[1].x << " " << fight.animName(1) << "]\n";
        }
    }
}

void printSummary(const sim::RunFile& run, const sim::RunResult& r, const sim::FighterDef* defs) {
    const sim::FightState& s = r.finalState;
    const char* winners[] = {"p1", "p2", "draw"};
    std::cout << "file: " << run.path << " (" << (run.isReplay ? "replay" : "script") << ", mode "
              << sim::modeName(run.setup.mode) << ", seed " << run.setup.seed << ")\n"
              << "frames: " << r.frames << "\n"
              << "round: " << s.round << "  wins: p1 " << s.wins[0] << " - p2 " << s.wins[1] << "\n"
              << "winner: " << (s.matchWinner >= 0 ? winners[s.matchWinner] : "none") << "\n"
              << "health: p1 " << defs[0].id << " " << s.fighters[0].health << "/" << defs[0].health << ", p2 "
              << defs[1].id << " " << s.fighters[1].health << "/" << defs[1].health << "\n"
              << "final hash: " << sim::hashHex(r.finalHash) << "\n"
              << "hit tests: " << r.broadTests << " root tests, " << r.broadHits << " root hits, " << r.nodesVisited
              << " tree nodes visited, " << r.hits << " hits/blocks\n"
              << "checks: " << run.expectations.size() << " expectations, " << run.checkpoints.size()
              << " checkpoints, " << r.failures.size() << " failed\n";
    for (const std::string& f : r.failures) std::cout << "FAILED " << f << "\n";
    std::cout << (r.failures.empty() ? "PASS" : "FAIL") << "\n";
}

}  // namespace

int runHeadless(int argc, char** argv) {
    Flags flags;
    std::string error;
    if (!parseFlags(argc, argv, flags, error)) return usage(error);
    if (firstWord(flags.replay) == "blaster") return blaster::runHeadless(flags.replay, std::cout, std::cerr);
    sim::RunFile run;
    if (!sim::loadRunFile(flags.replay, run, error)) {
        std::cerr << error << "\n";
        return 2;
    }
    const std::string dataDir = flags.dataDir.empty() ? sim::findDataDir(flags.replay) : flags.dataDir;
    sim::FighterDef defs[2];
    for (int p = 0; p < 2; ++p) {
        sim::FighterLoad load = sim::loadFighterById(dataDir, run.setup.fighter[p]);
        if (!load.ok) {
            std::cerr << load.error << "\n" << flags.replay << ":0: cannot load fighter '" << run.setup.fighter[p] << "'\n";
            return 2;
        }
        defs[p] = std::move(load.def);
    }
    const sim::RunResult r = sim::runFile(run, defs[0], defs[1], flags.sync, flags.printHashes);
    if (flags.printHashes) {
        for (std::size_t i = 0; i < r.hashes.size(); ++i) std::cout << "frame " << (i + 1) << " " << sim::hashHex(r.hashes[i]) << "\n";
    }
    if (flags.printEvents) printEvents(run, defs[0], defs[1]);
    if (!flags.record.empty()) writeRecording(flags.record, run, defs[0], defs[1]);
    printSummary(run, r, defs);
    for (const std::string& f : r.failures) std::cerr << f << "\n";
    return r.failures.empty() ? 0 : 1;
}

}  // namespace game
