// Desync bisection (see bisect.h). Three sources of "where do A and B part", checked in this order:
//   1. A and B re-simulated here side by side, compared field by field after every frame: finds a difference in
//      the files themselves (inputs, setup);
//   2. the hashes the two machines recorded (A.hashes and B.hashes from a desync report, else the replays' own
//      check/end lines): finds the frame the two machines computed differently from the same inputs;
//   3. for that frame, the states the machines wrote (A.states, B.states), or one of them against this machine's
//      re-simulation: names the fields.
#include "game/run/bisect.h"

#include "game/io/fighter_file.h"
#include "game/io/flag_table.h"
#include "game/io/run_file.h"
#include "game/run/desync_report.h"
#include "game/run/headless.h"
#include "game/sim/fight_fields.h"

#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace run {
namespace {

/// One side: its replay, its fighters, and what its machine recorded.
struct Side {
    std::string path;
    sim::RunFile run;
    sim::FighterDef defs[2];
    std::map<std::int64_t, std::uint64_t> hashes;                 // recorded: frame -> hash
    std::map<std::int64_t, std::vector<sim::StateField>> states;  // recorded: frame -> fields
    bool hashLog = false;                                         // hashes came from PATH.hashes
};

int bisectUsage(const std::string& what) {
    std::cerr << "game_headless: " << what << "\n"
              << "usage: game_headless --bisect A.freplay B.freplay [--data DIR]\n";
    return 2;
}

bool load(const std::string& path, const std::string& dataDir, const std::string& fallback, Side& s,
          std::string& error) {
    s.path = path;
    io::Error bad;
    const std::string dir = dataDir.empty() ? sim::findDataDir(path, fallback) : dataDir;
    if (!sim::loadRunFile(path, s.run, bad) || !sim::loadRunFighters(s.run, dir, s.defs, bad) ||
        !sim::checkRunAgainstFighters(s.run, s.defs[0], s.defs[1], bad)) {
        error = bad.text();
        return false;
    }
    if (!s.run.isReplay) {
        error = path + ": not a replay (--bisect compares two recordings)";
        return false;
    }
    std::error_code ec;
    if (std::filesystem::exists(path + ".hashes", ec)) {
        if (!readHashLog(path + ".hashes", s.hashes, bad)) return error = bad.text(), false;
        s.hashLog = true;
    } else {
        for (const sim::Checkpoint& c : s.run.checkpoints) s.hashes[c.frame] = c.hash;
    }
    if (std::filesystem::exists(path + ".states", ec) && !readStateLog(path + ".states", s.states, bad)) {
        return error = bad.text(), false;
    }
    return true;
}

void printFields(const std::vector<sim::StateField>& a, const std::vector<sim::StateField>& b, const char* nameA,
                 const char* nameB) {
    const std::vector<std::string> names = sim::differingFields(a, b);
    std::map<std::string, std::int64_t> va, vb;
    for (const sim::StateField& f : a) va[f.name] = f.value;
    for (const sim::StateField& f : b) vb[f.name] = f.value;
    std::cout << "fields:";
    for (const std::string& n : names) std::cout << " " << n;
    std::cout << "\n";
    constexpr std::size_t kShown = 40;
    for (std::size_t i = 0; i < names.size() && i < kShown; ++i) {
        auto show = [](const std::map<std::string, std::int64_t>& m, const std::string& n) {
            const auto it = m.find(n);
            return it == m.end() ? std::string("(absent)") : std::to_string(it->second);
        };
        std::cout << "  " << names[i] << ": " << nameA << " " << show(va, names[i]) << ", " << nameB << " "
                  << show(vb, names[i]) << "\n";
    }
    if (names.size() > kShown) std::cout << "  (" << names.size() - kShown << " more)\n";
}

/// Re-simulates both sides in step. Returns the first frame whose states differ (0: none), with both states'
/// fields; also the first frame whose inputs differ, and each side's hash after every frame.
struct Resim {
    std::int64_t frames = 0;
    std::int64_t firstState = 0;
    std::int64_t firstInput = 0;
    std::vector<sim::StateField> a, b;
    std::vector<std::uint64_t> hashA, hashB;
};

Resim resimulate(const Side& A, const Side& B) {
    Resim r;
    sim::Fight fa(A.run.setup, A.defs[0], A.defs[1]);
    sim::Fight fb(B.run.setup, B.defs[0], B.defs[1]);
    r.frames = std::int64_t(std::min(A.run.inputs.size(), B.run.inputs.size()));
    if (sim::Fight::hashState(fa.state()) != sim::Fight::hashState(fb.state()) ||
        !sim::differingFields(sim::stateFields(fa.state()), sim::stateFields(fb.state())).empty()) {
        r.a = sim::stateFields(fa.state());
        r.b = sim::stateFields(fb.state());
        r.firstState = 0;
        r.firstInput = -1;  // the setups differ before any input: frame 0
        return r;
    }
    for (std::int64_t f = 1; f <= r.frames; ++f) {
        const sim::FrameInput& ia = A.run.inputs[std::size_t(f - 1)];
        const sim::FrameInput& ib = B.run.inputs[std::size_t(f - 1)];
        if (r.firstInput == 0 && (ia.buttons[0] != ib.buttons[0] || ia.buttons[1] != ib.buttons[1])) r.firstInput = f;
        fa.step(ia);
        fb.step(ib);
        r.hashA.push_back(fa.hash());
        r.hashB.push_back(fb.hash());
        if (r.hashA.back() != r.hashB.back()) {
            r.firstState = f;
            r.a = sim::stateFields(fa.state());
            r.b = sim::stateFields(fb.state());
            return r;
        }
    }
    return r;
}

/// First frame where the two machines' recorded hashes differ (0: none in the frames both recorded).
std::int64_t firstRecordedDifference(const Side& A, const Side& B) {
    for (const auto& [frame, hash] : A.hashes) {
        const auto it = B.hashes.find(frame);
        if (it != B.hashes.end() && it->second != hash) return frame;
    }
    return 0;
}

/// This machine's state after `frame` steps of A (the same fight re-simulated).
std::vector<sim::StateField> localState(const Side& A, std::int64_t frame) {
    sim::Fight f(A.run.setup, A.defs[0], A.defs[1]);
    for (std::int64_t i = 1; i <= frame && i <= std::int64_t(A.run.inputs.size()); ++i)
        f.step(A.run.inputs[std::size_t(i - 1)]);
    return sim::stateFields(f.state());
}

int report(const Side& A, const Side& B) {
    const Resim r = resimulate(A, B);
    if (r.firstState > 0 || r.firstInput < 0) {
        std::cout << "first differing frame: " << r.firstState << " (re-simulated here from the two files)\n";
        if (r.firstInput > 0) {
            const sim::FrameInput& ia = A.run.inputs[std::size_t(r.firstInput - 1)];
            const sim::FrameInput& ib = B.run.inputs[std::size_t(r.firstInput - 1)];
            std::cout << "inputs first differ at frame " << r.firstInput << ": A '" << sim::replayFrameLine(ia)
                      << "', B '" << sim::replayFrameLine(ib) << "'\n";
        } else if (r.firstInput < 0) {
            std::cout << "the two files set up different matches (header)\n";
        }
        printFields(r.a, r.b, "A", "B");
        return 1;
    }
    const std::int64_t recorded = firstRecordedDifference(A, B);
    if (recorded > 0) {
        std::cout
            << "first differing frame: " << recorded << " (the hashes the two machines recorded"
            << (A.hashLog && B.hashLog ? "" : ", at checkpoints only: the first difference is at or before it")
            << "; the files re-simulate alike here, so one machine computed it otherwise: fighter data or build)\n";
        const auto sa = A.states.find(recorded);
        const auto sb = B.states.find(recorded);
        if (sa != A.states.end() && sb != B.states.end()) {
            printFields(sa->second, sb->second, "A", "B");
        } else if (sa != A.states.end() || sb != B.states.end()) {
            const bool haveA = sa != A.states.end();
            std::cout << "(only " << (haveA ? "A" : "B")
                      << " wrote that frame's state: compared with this machine's)\n";
            const std::vector<sim::StateField> here = localState(A, recorded);
            if (haveA) printFields(sa->second, here, "A", "here");
            else printFields(here, sb->second, "here", "B");
        } else {
            std::cout << "fields: unknown (no .states file holds frame " << recorded << ")\n";
        }
        return 1;
    }
    const std::size_t na = A.run.inputs.size(), nb = B.run.inputs.size();
    std::cout << "no difference in " << r.frames << " frames";
    if (na != nb) std::cout << " (A has " << na << " frames, B " << nb << ": the shorter is a prefix of the longer)";
    std::cout << "\n";
    return 0;
}

/// --bisect's table (its pair of files is taken out before it), with a replay run's flags refusing themselves.
io::FlagTable bisectFlagTable(std::string& dataDir, bool& headless) {
    return withRunFlagsRefused({io::textFlag("--data", dataDir), io::switchFlag("--headless", headless)},
                               "--bisect (it compares two recordings)");
}

}  // namespace

bool wantsBisect(int argc, char** argv, const io::FlagTable& known) {
    return io::flagGiven(argc, argv, {"--bisect"}, known);
}

io::FlagTable knownBisectFlags() {
    std::string unused;  // never filled: every entry refuses itself
    bool headless = false;
    io::FlagTable table = bisectFlagTable(unused, headless);
    table.push_back(io::textFlag("--bisect", unused));  // two values: the first is enough to tell it from a flag
    return io::onlyFlags(std::move(table), {}, "");
}

int runBisect(int argc, char** argv, const std::string& defaultDataDir) {
    // --bisect takes two values and a table's flag one, so its pair is taken out first; the rest goes through the
    // flag table like every program's flags.
    std::string a, b, dataDir;
    std::string error;
    bool headless = false;
    std::vector<char*> rest;
    for (int i = 0; i < argc; ++i) {
        if (i == 0 || std::strcmp(argv[i], "--bisect") != 0) {
            rest.push_back(argv[i]);
            continue;
        }
        if (i + 2 >= argc || !a.empty()) return bisectUsage("--bisect needs two files (once): A.freplay B.freplay");
        a = argv[i + 1];
        b = argv[i + 2];
        i += 2;
    }
    const io::FlagTable table = bisectFlagTable(dataDir, headless);
    if (!io::parseFlags(int(rest.size()), rest.data(), table, error)) return bisectUsage(error);
    if (a.empty() || b.empty()) return bisectUsage("--bisect needs two files: A.freplay B.freplay");
    Side A, B;
    if (!load(a, dataDir, defaultDataDir, A, error) || !load(b, dataDir, defaultDataDir, B, error)) {
        std::cerr << error << "\n";
        return 2;
    }
    std::cout << "A: " << a << " (" << A.run.inputs.size() << " frames)\nB: " << b << " (" << B.run.inputs.size()
              << " frames)\n";
    const int code = report(A, B);
    std::cout.flush();
    io::watchStdout();  // the reason, for the line said at exit
    return std::cout ? code : 2;
}

}  // namespace run
