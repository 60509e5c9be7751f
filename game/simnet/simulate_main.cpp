// The fault-schedule explorer's command line (see simulate_main.h).
#include "game/simnet/simulate_main.h"

#include "game/io/fighter_file.h"
#include "game/io/flag_table.h"
#include "game/io/text.h"
#include "game/simnet/world.h"

#include <chrono>
#include <iostream>
#include <map>
#include <memory>

namespace simnet {
namespace {

struct SimFlags {
    std::vector<std::uint64_t> seeds;
    std::string schedule;       // --schedule FILE
    double minutes = 0;         // --minutes M: explore for this long
    bool log = false;           // --log: every run's schedule and event log
    Plant plant = Plant::None;  // --plant NAME
    std::string dataDir;        // --data DIR
    std::int64_t runLimitMs = 20000;
    std::vector<std::string> roster;  // the data folder's fighters (not a flag)
};

int usage(const std::string& why) {
    std::cerr << "game_headless: " << why << "\n"
              << "usage: game_headless --simulate SEEDS [--minutes M] [--log] [--plant NAME] [--data DIR]\n"
              << "       game_headless --schedule FILE [--log] [--plant NAME] [--data DIR]\n"
              << "  SEEDS: N, A-B or a comma list of them; --plant: corrupt-input, corrupt-spectator or drop-end\n";
    return 2;
}

bool wholeNumber(const std::string& t, std::uint64_t& out) {
    std::string why;
    return io::toUint64(t, out, why) && out <= 999999999999999ULL;  // the schedule's seed range
}

/// The explorer's flags, by the one flag table (game/io/flag_table.h): a bad value is refused with its message.
io::FlagTable simFlagTable(SimFlags& f, bool& seeds) {
    io::Flag simulate{"--simulate", io::Flag::Takes::Value, [&f](const std::string& v, std::string& error) {
                          if (parseSeeds(v, f.seeds, error)) return true;
                          error = "--simulate: " + error;
                          return false;
                      }};
    io::Flag plant{"--plant", io::Flag::Takes::Value, [&f](const std::string& v, std::string& error) {
                       if (plantByName(v, f.plant)) return true;
                       error = io::badFlagValue("--plant", "corrupt-input, corrupt-spectator or drop-end", v);
                       return false;
                   }};
    return {io::switchFlag("--log", f.log),
            io::noting(simulate, seeds),
            io::textFlag("--schedule", f.schedule),
            io::numberFlag("--minutes", 1, 1440, [&f](std::int64_t m) { f.minutes = double(m); }),
            plant,
            io::textFlag("--data", f.dataDir)};
}

bool parseFlags(int argc, char** argv, SimFlags& f, const io::FlagTable& refused, std::string& error) {
    bool seeds = false;
    if (!io::parseFlags(argc, argv, io::withFlagsAdded(simFlagTable(f, seeds), refused), error)) return false;
    if (seeds == !f.schedule.empty()) return error = "give exactly one of --simulate SEEDS and --schedule FILE", false;
    if (f.minutes > 0 && !seeds)
        return error = "--minutes goes with --simulate (the first seed is where it starts)", false;
    return true;
}

/// Loads each fighter once; every run copies it from here.
net::FighterLoader cachedLoader(const std::string& dataDir) {
    auto cache = std::make_shared<std::map<std::string, sim::FighterLoad>>();
    return [cache, dataDir](const std::string& id, sim::FighterDef& out, std::string& error) {
        auto it = cache->find(id);
        if (it == cache->end()) it = cache->emplace(id, sim::loadFighterById(dataDir, id)).first;
        if (!it->second.ok) {
            error = it->second.error.text();
            return false;
        }
        out = it->second.def;
        return true;
    };
}

std::string replayCommand(const char* program, const SimFlags& f, std::uint64_t seed) {
    std::string c = std::string(program) +
                    (f.schedule.empty() ? " --simulate " + std::to_string(seed) : " --schedule " + f.schedule);
    if (f.plant != Plant::None) c += std::string(" --plant ") + plantName(f.plant);
    if (!f.dataDir.empty()) c += " --data " + f.dataDir;
    return c + " --log";
}

/// Runs one schedule; prints what a failure (or --log) asks for. True when every invariant held.
bool runOne(const Schedule& s, const SimFlags& f, const net::FighterLoader& loader, const char* program,
            std::int64_t& simulatedMs) {
    RunOptions o;
    o.plant = f.plant;
    o.realTimeLimitMs = f.runLimitMs;
    o.roster = f.roster;
    const RunResult r = runSchedule(s, loader, o);
    simulatedMs += r.simulatedMs;
    if (r.ok && !f.log) return true;
    std::cout << "seed " << s.seed << ": " << (r.ok ? "ok" : "FAILED") << " (" << r.outcome << "; " << r.framesPlayed
              << " frames, " << r.simulatedMs << " ms simulated)\n";
    for (const std::string& v : r.violations) std::cout << "  violation: " << v << "\n";
    std::cout << "  schedule:\n";
    const std::string text = scheduleText(s);
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t nl = text.find('\n', at);
        std::cout << "    " << text.substr(at, nl - at) << "\n";
        at = nl + 1;
    }
    std::cout << "  event log:\n";
    for (const std::string& line : r.log) std::cout << "    " << line << "\n";
    if (!r.ok) std::cout << "  replay: " << replayCommand(program, f, s.seed) << "\n";
    return r.ok;
}

}  // namespace

bool parseSeeds(const std::string& text, std::vector<std::uint64_t>& out, std::string& error) {
    out.clear();
    for (std::size_t at = 0; at <= text.size();) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string item = text.substr(at, comma - at);
        const std::size_t dash = item.find('-');
        std::uint64_t a = 0, b = 0;
        const bool ok = dash == std::string::npos
                            ? wholeNumber(item, a) && (b = a, true)
                            : wholeNumber(item.substr(0, dash), a) && wholeNumber(item.substr(dash + 1), b);
        if (!ok || b < a)
            return error = io::quote(item) + " is not a seed (N), a range (A-B, A <= B) or a comma list of them", false;
        if (b - a >= 1000000 || out.size() + (b - a) >= 1000000)
            return error = "more than 1000000 seeds (--minutes explores longer)", false;
        for (std::uint64_t s = a; s <= b; ++s) out.push_back(s);
        at = comma + 1;
    }
    return true;
}

bool wantsSimulate(int argc, char** argv, const io::FlagTable& known) {
    return io::flagGiven(argc, argv, {"--simulate", "--schedule"}, known);
}

io::FlagTable knownSimulateFlags() { return io::refusingFlags(simFlagTable); }

int runSimulate(int argc, char** argv, const std::string& defaultDataDir, const io::FlagTable& refused) {
    SimFlags f;
    std::string error;
    if (!parseFlags(argc, argv, f, refused, error)) return usage(error);
    const std::string dataDir = f.dataDir.empty() ? defaultDataDir : f.dataDir;
    const net::FighterLoader loader = cachedLoader(dataDir);
    f.roster = sim::fighterIdsIn(dataDir);
    sim::FighterDef probe;
    if (f.roster.empty()) error = dataDir + "/fighters: no .fighter files";
    if (f.roster.empty() || !loader(f.roster.front(), probe, error)) {
        std::cerr << error << "\n";
        return 2;
    }
    if (!f.schedule.empty()) {
        std::string text;
        io::Error readError;
        Schedule s;
        if (!io::readFile(f.schedule, text, readError)) return std::cerr << readError.text() << "\n", 2;
        if (!parseSchedule(text, f.schedule, s, error)) return std::cerr << error << "\n", 2;
        std::int64_t simulatedMs = 0;
        return runOne(s, f, loader, argv[0], simulatedMs) ? 0 : 1;
    }
    using Clock = std::chrono::steady_clock;
    const Clock::time_point t0 = Clock::now();
    const auto elapsed = [&t0] { return std::chrono::duration<double>(Clock::now() - t0).count(); };
    std::int64_t runs = 0, failed = 0, simulatedMs = 0;
    for (std::uint64_t i = 0;; ++i) {
        const bool explore = f.minutes > 0;
        if (!explore && i >= f.seeds.size()) break;
        if (explore && elapsed() >= f.minutes * 60) break;
        const std::uint64_t seed = explore ? f.seeds.front() + i : f.seeds[i];
        ++runs;
        if (!runOne(generateSchedule(seed), f, loader, argv[0], simulatedMs)) ++failed;
    }
    const double seconds = elapsed();
    std::cout << "simulated: " << runs << " schedules, " << failed << " failed, in " << seconds << " s ("
              << (seconds > 0 ? std::int64_t(double(runs) * 60 / seconds) : 0) << " schedules a minute; "
              << simulatedMs / 1000 << " s of simulated time, "
              << (seconds > 0 ? std::int64_t(double(simulatedMs) / 1000 / seconds) : 0) << " times real time)\n";
    return failed == 0 ? 0 : 1;
}

}  // namespace simnet
