// Fault schedules: drawing, writing and reading them (see schedule.h).
#include "game/simnet/schedule.h"

#include "engine/splitmix64.h"
#include "game/io/text.h"

#include <algorithm>
#include <sstream>

namespace simnet {
namespace {

struct Draw {
    std::uint64_t state;
    std::uint64_t next() { return engine::splitmix64(state); }
    int in(int lo, int hi) { return lo + int(next() % std::uint64_t(hi - lo + 1)); }
    bool chance(int percent) { return int(next() % 100) < percent; }
};

const NatKind kNats[] = {NatKind::None, NatKind::FullCone, NatKind::PortRestricted, NatKind::Symmetric};
const char* const kSides[] = {"host", "joiner"};

LinkModel drawLink(Draw& d) {
    LinkModel l;
    l.baseMs = d.in(1, 120);
    l.jitterMs = d.chance(60) ? d.in(0, std::max(1, l.baseMs / 2)) : 0;
    if (d.chance(30)) {
        l.tailPercent = d.in(1, 10);
        l.tailMs = d.in(20, 300);
    }
    l.lossPermille = d.chance(60) ? d.in(0, d.chance(20) ? 150 : 50) : 0;
    l.dupPermille = d.chance(30) ? d.in(0, 50) : 0;
    l.reorderPermille = d.chance(30) ? d.in(0, 100) : 0;
    return l;
}

Fault drawFault(Draw& d, std::int64_t horizonMs) {
    static const FaultKind kKinds[] = {FaultKind::Link,  FaultKind::Burst,   FaultKind::Partition, FaultKind::Pause,
                                       FaultKind::Burst, FaultKind::Spoof,   FaultKind::Replay,    FaultKind::Forge,
                                       FaultKind::Flood, FaultKind::Intrude, FaultKind::Guess,     FaultKind::Pause};
    Fault f;
    f.atMs = d.in(0, int(horizonMs));
    f.kind = d.chance(4) ? FaultKind::Rebind : d.chance(4) ? FaultKind::Kill : kKinds[d.next() % 12];
    f.side = d.chance(50) ? Side::Host : Side::Joiner;
    const bool longOne = d.chance(25);
    switch (f.kind) {
    case FaultKind::Link: f.link = drawLink(d); break;
    case FaultKind::Burst:
    case FaultKind::Partition:
    case FaultKind::Pause: f.durationMs = longOne ? d.in(1000, 6000) : d.in(30, 900); break;
    case FaultKind::Kill: f.durationMs = d.in(100, 3000); break;
    case FaultKind::Flood: f.count = d.in(100, 3000); break;
    case FaultKind::Spoof:
    case FaultKind::Replay:
    case FaultKind::Forge:
    case FaultKind::Guess: f.count = d.in(1, 60); break;
    default: break;
    }
    return f;
}

}  // namespace

const char* faultName(FaultKind k) {
    static const char* const kNames[] = {"link",   "burst", "partition", "pause",   "rebind", "kill",  "spoof",
                                         "replay", "forge", "flood",     "intrude", "guess",  "madeup"};
    return kNames[int(k)];
}

bool disruptive(const Fault& f) {
    switch (f.kind) {
    case FaultKind::Burst:
    case FaultKind::Partition:
    case FaultKind::Pause: return f.durationMs >= 1000;
    case FaultKind::Rebind:
    case FaultKind::Kill: return true;
    default: return false;
    }
}

Schedule generateSchedule(std::uint64_t seed) {
    Draw d{seed * 0x9e3779b97f4a7c15ULL + 12345};
    Schedule s;
    s.seed = seed;
    s.frames = d.chance(3) ? 5940 : d.in(120, 1500);  // now and then a whole 99-second round
    s.inputDelay = d.chance(20) ? -1 : d.in(0, 4);
    s.maxRollback = d.in(2, 12);
    for (int p = 0; p < 2; ++p) {
        s.nat[p] = kNats[d.next() % 4];
        s.link[p] = drawLink(d);
    }
    s.hostRelay = d.chance(50);
    s.joinerStartMs = d.in(0, 3000);
    const std::int64_t matchMs = std::int64_t(s.frames) * 1000 / 60;
    for (int n = d.in(0, 2), i = 0; i < n; ++i) {
        s.spectatorStartMs.push_back(d.in(0, int(matchMs)));
        s.spectatorNat.push_back(kNats[d.next() % 3]);  // full cone or port-restricted at most
    }
    for (int n = d.in(0, 5), i = 0; i < n; ++i) s.faults.push_back(drawFault(d, matchMs + 4000));
    std::stable_sort(s.faults.begin(), s.faults.end(), [](const Fault& a, const Fault& b) { return a.atMs < b.atMs; });
    s.joinerRelay = d.chance(25);
    s.joinerPeriodUs = d.chance(50) ? 16667 : d.in(15900, 17500);
    return s;
}

namespace {

std::string linkText(const LinkModel& l) {
    std::ostringstream o;
    o << l.baseMs << " " << l.jitterMs << " " << l.tailPercent << " " << l.tailMs << " " << l.lossPermille << " "
      << l.dupPermille << " " << l.reorderPermille;
    return o.str();
}

}  // namespace

std::string faultText(const Fault& f) {
    std::ostringstream o;
    o << "at " << f.atMs << " " << faultName(f.kind);
    switch (f.kind) {
    case FaultKind::Link: o << " " << kSides[int(f.side)] << " " << linkText(f.link); break;
    case FaultKind::Burst:
    case FaultKind::Pause:
    case FaultKind::Kill: o << " " << kSides[int(f.side)] << " " << f.durationMs; break;
    case FaultKind::Rebind:
    case FaultKind::MadeUp: o << " " << kSides[int(f.side)]; break;
    case FaultKind::Partition: o << " " << f.durationMs; break;
    case FaultKind::Intrude: break;
    default: o << " " << f.count; break;
    }
    return o.str();
}

std::string scheduleText(const Schedule& s) {
    std::ostringstream o;
    o << "bvh-simnet 1\nseed " << s.seed << "\nframes " << s.frames << "\ndelay "
      << (s.inputDelay < 0 ? std::string("auto") : std::to_string(s.inputDelay)) << "\nrollback " << s.maxRollback
      << "\n";
    for (int p = 0; p < 2; ++p) o << "nat " << kSides[p] << " " << natName(s.nat[p]) << "\n";
    o << "relay " << (s.hostRelay ? "yes" : "no") << "\njoiner-relay " << (s.joinerRelay ? "yes" : "no")
      << "\njoiner-period " << s.joinerPeriodUs << "\n";
    for (int p = 0; p < 2; ++p) o << "link " << kSides[p] << " " << linkText(s.link[p]) << "\n";
    o << "joiner-start " << s.joinerStartMs << "\n";
    for (std::size_t i = 0; i < s.spectatorStartMs.size(); ++i) {
        o << "spectator " << s.spectatorStartMs[i] << " " << natName(s.spectatorNat[i]) << "\n";
    }
    for (const Fault& f : s.faults) o << faultText(f) << "\n";
    return o.str();
}

namespace {

/// Reads one schedule line's words; every failure is a message for FILE:LINE.
struct LineReader {
    std::vector<std::string> w;
    std::size_t at = 1;
    std::string error;

    bool number(std::int64_t lo, std::int64_t hi, const char* what, std::int64_t& out) {
        if (at >= w.size()) return fail(std::string("missing ") + what);
        std::string why;
        return io::toInt(w[at++], lo, hi, out, why) ? true : fail(std::string(what) + ": " + why);
    }
    template <class T>
    bool number(std::int64_t lo, std::int64_t hi, const char* what, T& out) {
        std::int64_t v = 0;
        if (!number(lo, hi, what, v)) return false;
        out = T(v);
        return true;
    }
    bool side(Side& out) {
        if (at < w.size() && (w[at] == "host" || w[at] == "joiner"))
            return out = w[at++] == "host" ? Side::Host : Side::Joiner, true;
        return fail("wants host or joiner, not " + io::quote(at < w.size() ? w[at] : std::string()));
    }
    bool nat(NatKind& out) {
        for (NatKind k : kNats) {
            if (at < w.size() && w[at] == natName(k)) return out = k, ++at, true;
        }
        return fail("wants a NAT (none, full-cone, port-restricted, symmetric), not " +
                    io::quote(at < w.size() ? w[at] : std::string()));
    }
    bool link(LinkModel& l) {
        return number(0, 5000, "base latency (ms)", l.baseMs) && number(0, 5000, "jitter (ms)", l.jitterMs) &&
               number(0, 100, "tail (%)", l.tailPercent) && number(0, 10000, "tail (ms)", l.tailMs) &&
               number(0, 1000, "loss (per mille)", l.lossPermille) &&
               number(0, 1000, "duplicates (per mille)", l.dupPermille) &&
               number(0, 1000, "reordered (per mille)", l.reorderPermille);
    }
    bool end() { return at == w.size() ? true : fail("unexpected " + io::quote(w[at]) + " at the end of the line"); }
    bool fail(const std::string& why) {
        if (error.empty()) error = why;
        return false;
    }
};

bool readFault(LineReader& r, Fault& f) {
    if (!r.number(0, 3600000, "the time (ms)", f.atMs)) return false;
    if (r.at >= r.w.size()) return r.fail("missing the fault after the time");
    const std::string kind = r.w[r.at++];
    int k = 0;
    while (k < 13 && kind != faultName(FaultKind(k))) ++k;
    if (k == 13) return r.fail("unknown fault " + io::quote(kind));
    f.kind = FaultKind(k);
    switch (f.kind) {
    case FaultKind::Link: return r.side(f.side) && r.link(f.link);
    case FaultKind::Burst:
    case FaultKind::Pause:
    case FaultKind::Kill: return r.side(f.side) && r.number(0, 600000, "the duration (ms)", f.durationMs);
    case FaultKind::Rebind:
    case FaultKind::MadeUp: return r.side(f.side);
    case FaultKind::Partition: return r.number(0, 600000, "the duration (ms)", f.durationMs);
    case FaultKind::Intrude: return true;
    default: return r.number(1, 100000, "the count", f.count);
    }
}

bool readLine(LineReader& r, Schedule& s, bool& sawHeader) {
    const std::string& key = r.w[0];
    if (!sawHeader) {
        if (key != "bvh-simnet" || r.w.size() != 2 || r.w[1] != "1")
            return r.fail("not a simulator schedule (the first line must be 'bvh-simnet 1')");
        sawHeader = true;
        r.at = 2;
        return true;
    }
    if (key == "seed") return r.number(0, 999999999999999, "seed", s.seed);
    if (key == "frames") return r.number(1, 60 * 60 * 10, "frames", s.frames);
    if (key == "delay") {
        if (r.w.size() > 1 && r.w[1] == "auto") return s.inputDelay = -1, r.at = 2, true;
        return r.number(0, 4, "delay", s.inputDelay);
    }
    if (key == "rollback") return r.number(1, 30, "rollback", s.maxRollback);
    if (key == "nat" || key == "link") {
        Side side = Side::Host;
        if (!r.side(side)) return false;
        return key == "nat" ? r.nat(s.nat[int(side)]) : r.link(s.link[int(side)]);
    }
    if (key == "relay" || key == "joiner-relay") {
        if (r.w.size() > 1 && (r.w[1] == "yes" || r.w[1] == "no")) {
            (key == "relay" ? s.hostRelay : s.joinerRelay) = r.w[1] == "yes";
            r.at = 2;
            return true;
        }
        return r.fail(key + " wants yes or no");
    }
    if (key == "joiner-period") return r.number(8000, 33333, "joiner-period (microseconds)", s.joinerPeriodUs);
    if (key == "joiner-start") return r.number(0, 600000, "joiner-start", s.joinerStartMs);
    if (key == "spectator") {
        std::int64_t at = 0;
        NatKind k = NatKind::None;
        if (!r.number(0, 3600000, "the spectator's start (ms)", at) || !r.nat(k)) return false;
        if (s.spectatorStartMs.size() >= 8) return r.fail("at most 8 spectators");
        s.spectatorStartMs.push_back(at);
        s.spectatorNat.push_back(k);
        return true;
    }
    if (key == "at") {
        Fault f;
        if (!readFault(r, f)) return false;
        if (!s.faults.empty() && f.atMs < s.faults.back().atMs) return r.fail("faults must be in time order");
        if (s.faults.size() >= 1000) return r.fail("at most 1000 faults");
        s.faults.push_back(f);
        return true;
    }
    return r.fail("unknown record " + io::quote(key));
}

}  // namespace

bool parseSchedule(const std::string& text, const std::string& fileName, Schedule& out, std::string& error) {
    Schedule s;
    io::Lines lines(text);
    std::string_view line;
    bool sawHeader = false;
    while (lines.next(line)) {
        LineReader r;
        r.w = io::tokens(line);
        if (r.w.empty()) continue;
        if (!readLine(r, s, sawHeader) || !r.end()) {
            error = fileName + ":" + std::to_string(lines.number()) + ": " + r.error;
            return false;
        }
    }
    if (!sawHeader) {
        error = fileName + ":1: not a simulator schedule (the first line must be 'bvh-simnet 1')";
        return false;
    }
    out = s;
    return true;
}

}  // namespace simnet
