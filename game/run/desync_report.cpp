// The desync report's files (see desync_report.h).
#include "game/run/desync_report.h"

#include "game/io/atomic_file.h"
#include "game/io/run_file.h"

#include <limits>
#include <string_view>

namespace run {

void StateRing::push(std::int64_t frame, const sim::FightState& s) {
    states_.emplace_back(frame, s);
    while (states_.size() > kStateRing) states_.pop_front();
}

bool writeDesyncReport(const std::string& out, const std::vector<std::uint64_t>& confirmedHashes, const StateRing& ring,
                       std::string& error) {
    std::string text = "fighthashes 1\n";
    for (std::size_t i = 0; i < confirmedHashes.size(); ++i) {
        text += std::to_string(i + 1) + " " + sim::hashHex(confirmedHashes[i]) + "\n";
    }
    if (!io::writeFileAtomically(out + ".hashes", text, error)) return false;
    text = "fightstates 1\n";
    for (const auto& [frame, state] : ring.states()) {
        text += "state " + std::to_string(frame) + "\n";
        for (const sim::StateField& f : sim::stateFields(state)) text += f.name + " " + std::to_string(f.value) + "\n";
    }
    return io::writeFileAtomically(out + ".states", text, error);
}

namespace {

/// Reads a whole file and checks its first line is `MAGIC 1`; walks the rest with `line(tokens)`.
template <typename F>
bool readLog(const std::string& path, const char* magic, io::Error& error, F line) {
    std::string text;
    if (!io::readFile(path, text, error)) return false;
    io::Lines lines(text);
    io::LineParser p;
    p.error.file = path;
    std::string_view l;
    bool header = false;
    while (lines.next(l)) {
        p.line = lines.number();
        const std::vector<std::string> t = io::tokens(l);
        if (t.empty()) continue;
        if (!header) {
            if (t.size() != 2 || t[0] != magic || t[1] != "1") p.fail(std::string("expected `") + magic + " 1` first");
            header = true;
        } else {
            line(p, t);
        }
        if (p.failed()) break;
    }
    if (!header && !p.failed()) p.fail(std::string("empty: expected `") + magic + " 1`");
    error = p.error;
    return !p.failed();
}

}  // namespace

bool readHashLog(const std::string& path, std::map<std::int64_t, std::uint64_t>& out, io::Error& error) {
    out.clear();
    return readLog(path, "fighthashes", error, [&](io::LineParser& p, const std::vector<std::string>& t) {
        std::int64_t frame = 0;
        std::uint64_t hash = 0;
        std::string why;
        if (t.size() != 2) return void(p.fail("expected FRAME HASH"));
        if (!p.toInt(t[0], 1, sim::kMaxRunFrames, frame)) return;
        if (!io::toHash(t[1], hash, why)) return void(p.fail(why));
        if (!out.emplace(frame, hash).second) p.fail("frame " + t[0] + " listed twice");
    });
}

bool readStateLog(const std::string& path, std::map<std::int64_t, std::vector<sim::StateField>>& out,
                  io::Error& error) {
    out.clear();
    std::vector<sim::StateField>* current = nullptr;
    return readLog(path, "fightstates", error, [&](io::LineParser& p, const std::vector<std::string>& t) {
        if (t.size() != 2) return void(p.fail("expected `state F` or NAME VALUE"));
        std::int64_t v = 0;
        if (t[0] == "state") {
            if (!p.toInt(t[1], 0, sim::kMaxRunFrames, v)) return;
            if (out.size() >= kStateRing) return void(p.fail("more than " + std::to_string(kStateRing) + " frames"));
            const auto [it, fresh] = out.emplace(v, std::vector<sim::StateField>());
            if (!fresh) return void(p.fail("frame " + t[1] + " listed twice"));
            current = &it->second;
            return;
        }
        if (current == nullptr) return void(p.fail("a field before the first `state F` line"));
        if (current->size() >= kMaxStateFields)
            return void(p.fail("more than " + std::to_string(kMaxStateFields) + " fields in a frame"));
        if (!p.toInt(t[1], std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(), v))
            return;
        current->push_back({t[0], v});
    });
}

}  // namespace run
