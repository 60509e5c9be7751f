// Capped double runs of parsed inputs (see fuzz_runs.h).
#include "tests/fuzz/fuzz_runs.h"

#include "game/io/fighter_file.h"
#include "game/io/player.h"
#include "tests/fuzz/fuzz_check.h"

#include <algorithm>
#include <map>

namespace fuzz {

const sim::FighterDef* shippedFighter(const std::string& id) {
    static const std::map<std::string, sim::FighterDef> shipped = [] {
        std::map<std::string, sim::FighterDef> m;
        for (const char* name : {"ryo", "brick"}) {
            sim::FighterLoad load = sim::loadFighterById(BVH_DATA_DIR, name);
            if (!load.ok) broken("a shipped fighter does not load", load.error.text());
            m.emplace(name, std::move(load.def));
        }
        return m;
    }();
    const auto it = shipped.find(id);
    return it == shipped.end() ? nullptr : &it->second;
}

namespace {

/// Hash and failures of one capped run.
struct FightOutcome {
    std::uint64_t hash = 0;
    std::vector<io::RunFailure> failures;
};

FightOutcome runFightCapped(const sim::RunFile& run, const sim::FighterDef& p1, const sim::FighterDef& p2) {
    sim::ReplayPlayer player(run, p1, p2);
    for (std::int64_t f = 0; f < kFightFrames && !player.done(); ++f) player.step();
    return {player.fight().hash(), player.failures()};
}

}  // namespace

void runFightTwice(const sim::RunFile& run, const sim::FighterDef& p1, const sim::FighterDef& p2, int maxLine) {
    const FightOutcome a = runFightCapped(run, p1, p2);
    const FightOutcome b = runFightCapped(run, p1, p2);
    if (a.hash != b.hash) broken("two runs of one fight ended with different hashes", run.path);
    if (a.failures != b.failures) broken("two runs of one fight reported different failures", run.path);
    for (const io::RunFailure& f : a.failures) checkMessage(f.text(), run.path, maxLine);
}

void runWithShippedFighters(const sim::RunFile& run, int maxLine) {
    const sim::FighterDef* p1 = shippedFighter(run.setup.fighter[0]);
    const sim::FighterDef* p2 = shippedFighter(run.setup.fighter[1]);
    if (p1 == nullptr || p2 == nullptr) return;  // the runner refuses it (tested by its own tests)
    io::Error error;
    if (!sim::checkRunAgainstFighters(run, *p1, *p2, error)) {
        checkError(error, run.path, maxLine);
        return;
    }
    checkReplayRoundTrip(run);
    runFightTwice(run, *p1, *p2, maxLine);
}

void checkReplayRoundTrip(const sim::RunFile& run) {
    // Only the frames a capped run plays: a script's `wait 1000000` is a million lines, which written and read back
    // took seconds and hundreds of MB under ASan for no line of a new kind.
    const std::size_t frames = std::min(run.inputs.size(), std::size_t(kFightFrames));
    std::string text = sim::replayHeader(run.setup);
    for (std::size_t i = 0; i < frames; ++i) text += sim::replayFrameLine(run.inputs[i]) + "\n";
    sim::RunFile back;
    io::Error error;
    if (!sim::parseReplay(text, "written.freplay", back, error))
        broken("a written replay does not parse", error.text());
    if (sim::replayHeader(back.setup) != sim::replayHeader(run.setup))
        broken("a written replay reads another setup", text);
    bool same = back.inputs.size() == frames;
    for (std::size_t i = 0; same && i < frames; ++i) {
        for (int p = 0; p < 2; ++p) same = same && back.inputs[i].buttons[p] == run.inputs[i].buttons[p];
    }
    if (!same) broken("a written replay reads other inputs", text);
}

namespace {

/// Box tests one Blaster frame costs with this tuning and structure (every pair for the array structure).
long long frameWork(const blaster::Options& o, engine::SetKind structure) {
    const long long n = o.starCount + 64;
    return structure == engine::SetKind::Array ? n * n : 32 * n;
}

/// Frames of `wanted` the budget still allows at this cost per frame; takes them from the budget.
long long takeFrames(long long wanted, long long perFrame, long long& framesLeft, long long& workLeft) {
    const long long n = std::min({wanted, framesLeft, workLeft / std::max(1LL, perFrame)});
    framesLeft -= n;
    workLeft -= n * perFrame;
    return n;
}

}  // namespace

blaster::Script cappedScript(const blaster::Script& script) {
    blaster::Script out = script;
    out.commands.clear();
    out.options.starCount = std::min(out.options.starCount, kBlasterStars);
    long long framesLeft = kBlasterFrames, workLeft = kBlasterWork;
    engine::SetKind structure = script.structure;
    for (blaster::Command c : script.commands) {
        const long long perFrame = frameWork(out.options, structure);
        using Kind = blaster::Command::Kind;
        if (c.kind == Kind::Switch || c.kind == Kind::Restart) {  // a rebuild of every set: one frame's work
            if (takeFrames(1, perFrame, framesLeft, workLeft) == 0) break;
            if (c.kind == Kind::Switch) structure = c.structure;
        } else if (c.kind == Kind::Hold) {
            c.frames = int(takeFrames(c.frames, perFrame, framesLeft, workLeft));
            if (c.frames == 0) break;
        } else if (c.kind == Kind::Expect && c.expect.kind == blaster::Expectation::Kind::GameOverWithin) {
            c.expect.value = takeFrames(c.expect.value, perFrame, framesLeft, workLeft);
        }
        out.commands.push_back(c);
    }
    return out;
}

void runBlasterTwice(const blaster::Script& script, const std::string& file, int maxLine) {
    const blaster::Script capped = cappedScript(script);
    const blaster::ScriptResult a = blaster::runScript(capped, file);
    const blaster::ScriptResult b = blaster::runScript(capped, file);
    if (a.hash != b.hash || a.frames != b.frames) broken("two runs of one Blaster script ended differently", file);
    if (a.failures != b.failures) broken("two runs of one Blaster script reported different failures", file);
    for (const io::RunFailure& f : a.failures) checkMessage(f.text(), file, maxLine);
}

}  // namespace fuzz
