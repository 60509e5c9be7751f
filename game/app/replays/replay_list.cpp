// The replay browser's list (see replay_list.h).
#include "game/app/replays/replay_list.h"

#include "game/io/atomic_file.h"
#include "game/io/names.h"
#include "game/sim/fight.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace app {

std::string dateOfReplayName(const std::string& name) {
    // YYYYMMDD-HHMMSS: 8 digits, '-', 6 digits.
    if (name.size() < 15 || name[8] != '-') return "";
    for (int i : {0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14}) {
        if (!std::isdigit(static_cast<unsigned char>(name[std::size_t(i)]))) return "";
    }
    return name.substr(0, 4) + "-" + name.substr(4, 2) + "-" + name.substr(6, 2) + " " + name.substr(9, 2) + ":" +
           name.substr(11, 2);
}

std::vector<ReplayInfo> listReplays(const std::string& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::filesystem::path& p = it->path();
        if (p.extension() == ".freplay" && it->is_regular_file(ec)) names.push_back(p.filename().string());
    }
    // Dated names newest first; undated ones after them, by name.
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
        const bool da = !dateOfReplayName(a).empty(), db = !dateOfReplayName(b).empty();
        if (da != db) return da;
        return da ? a > b : a < b;
    });
    if (names.size() > kMaxListedReplays) names.resize(kMaxListedReplays);
    std::vector<ReplayInfo> out;
    for (const std::string& n : names) {
        ReplayInfo r;
        r.path = (std::filesystem::path(dir) / n).string();
        r.date = dateOfReplayName(n);
        r.cut = isCutReplayName(n);
        out.push_back(std::move(r));
    }
    return out;
}

bool isCutReplayName(const std::string& name) {
    const std::string ext = ".freplay";
    if (name.size() < ext.size() || name.compare(name.size() - ext.size(), ext.size(), ext) != 0) return false;
    std::string stem = name.substr(0, name.size() - ext.size());
    const std::size_t dash = stem.rfind('-');
    if (dash != std::string::npos && dash + 1 < stem.size() &&
        stem.find_first_not_of("0123456789", dash + 1) == std::string::npos) {
        stem.resize(dash);  // NAME-cut-N
    }
    return stem.size() > 4 && stem.compare(stem.size() - 4, 4, "-cut") == 0;
}

namespace {

/// Renames temp to a free `STEM-cut[-N].freplay` in dir without replacing anything (link() fails on a taken name);
/// returns the new name, or "" with why.
std::string adoptOne(const std::filesystem::path& dir, const std::filesystem::path& temp, const std::string& stem,
                     int& why) {
    const std::string to = io::linkToFreeName(
        temp.string(),
        [&](int n) { return (dir / (stem + "-cut" + (n == 1 ? "" : "-" + std::to_string(n)) + ".freplay")).string(); },
        999, why);
    return to.empty() ? "" : std::filesystem::path(to).filename().string();
}

}  // namespace

AdoptedRecordings adoptCutRecordings(const std::string& dir) {
    AdoptedRecordings out;
    std::error_code ec;
    std::vector<std::filesystem::path> left;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::string target;
        long pid = 0;
        const std::string name = it->path().filename().string();
        if (!io::parseTempName(name, target, pid) || !it->is_regular_file(ec)) continue;
        if (std::filesystem::path(target).extension() != ".freplay" || io::processAlive(pid)) continue;
        left.push_back(it->path());
    }
    std::sort(left.begin(), left.end());
    for (const std::filesystem::path& temp : left) {
        std::string target;
        long pid = 0;
        io::parseTempName(temp.filename().string(), target, pid);
        if (std::filesystem::file_size(temp, ec) == 0 && !ec) {  // killed before its header: nothing to keep
            std::filesystem::remove(temp, ec);
            continue;
        }
        int why = 0;
        const std::string name = adoptOne(dir, temp, std::filesystem::path(target).stem().string(), why);
        if (!name.empty()) out.adopted.push_back(name);
        else if (why == ENOENT && !std::filesystem::exists(temp, ec)) continue;  // another window adopted it first
        else out.problems.push_back(temp.string() + ": cannot adopt: " + std::strerror(why));
    }
    return out;
}

std::string adoptedRecordingsText(const std::string& dir, const AdoptedRecordings& a) {
    std::string text;
    if (!a.adopted.empty()) {
        text = dir + ": " + std::to_string(a.adopted.size()) + (a.adopted.size() == 1 ? " recording" : " recordings") +
               " cut by a crash kept as cut replays:";
        for (std::size_t i = 0; i < a.adopted.size(); ++i) text += (i == 0 ? " " : ", ") + a.adopted[i];
    }
    for (const std::string& p : a.problems) text += (text.empty() ? "" : "; ") + p;
    return text;
}

void describeReplay(ReplayInfo& r, const std::function<const sim::FighterDef*(const std::string&)>& fighterById) {
    r.described = true;
    sim::RunFile run;
    io::Error error;
    if (!sim::loadRunFile(r.path, run, error)) {
        r.error = error.text();
        return;
    }
    if (!run.isReplay) {
        r.error = r.path + ": an action script, not a recorded match";
        return;
    }
    r.mode = run.setup.mode;
    const sim::FighterDef* defs[2] = {};
    for (int p = 0; p < 2; ++p) {
        r.fighter[p] = run.setup.fighter[p];
        defs[p] = fighterById(run.setup.fighter[p]);
        if (defs[p] == nullptr) {
            r.error =
                io::Error{run.path, run.fightersLine, "fighter " + io::quote(run.setup.fighter[p]) + " was not loaded"}
                    .text();
            return;
        }
    }
    if (!sim::checkRunAgainstFighters(run, *defs[0], *defs[1], error)) {
        r.error = error.text();
        return;
    }
    // The result is not in the file: play the inputs through the rules (a few milliseconds for a whole match).
    sim::Fight fight(run.setup, *defs[0], *defs[1]);
    for (std::int64_t f = 0; f < run.frames && !fight.state().matchOver; ++f) {
        fight.step(std::size_t(f) < run.inputs.size() ? run.inputs[std::size_t(f)] : sim::FrameInput{});
    }
    r.frames = run.frames;
    r.finished = fight.state().matchOver;
    r.winner = r.finished && (fight.state().matchWinner == 0 || fight.state().matchWinner == 1)
                   ? fight.state().matchWinner
                   : -1;
}

std::string lengthText(std::int64_t frames) {
    const std::int64_t seconds = std::max<std::int64_t>(0, frames) / sim::kFps;
    const std::int64_t s = seconds % 60;
    return std::to_string(seconds / 60) + ":" + (s < 10 ? "0" : "") + std::to_string(s);
}

}  // namespace app
