#include "game/ranked/verify.h"

#include "game/io/player.h"
#include "game/net/crypto/sha256.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace ranked {
namespace {

const char* sideName(int side) { return side == 0 ? "p1" : "p2"; }

bool sameInputs(const sim::RunFile& a, const sim::RunFile& b) {
    if (a.inputs.size() != b.inputs.size()) return false;
    for (std::size_t i = 0; i < a.inputs.size(); ++i)
        if (a.inputs[i].buttons[0] != b.inputs[i].buttons[0] || a.inputs[i].buttons[1] != b.inputs[i].buttons[1])
            return false;
    return true;
}

// The side ahead when a match ended unfinished (a player left): more rounds, then the larger part of its full
// health (fighters differ in health: brick has 1200 to ryo's 1000); equal is a draw.
int sideAhead(const sim::FightState& s, const sim::FighterDef& p1, const sim::FighterDef& p2) {
    if (s.wins[0] != s.wins[1]) return s.wins[0] > s.wins[1] ? 0 : 1;
    const std::int64_t left0 = std::int64_t(s.fighters[0].health) * p2.health;
    const std::int64_t left1 = std::int64_t(s.fighters[1].health) * p1.health;
    return left0 > left1 ? 0 : left1 > left0 ? 1 : 2;
}

// The player an online recording's `ending` line names as having left or gone silent, else -1. A leave or a silence
// forfeits: that player takes the loss even when ahead, so quitting a losing match never saves a rating.
int blamedSide(const sim::RunFile& run) {
    const sim::Ending& e = run.ending;
    const bool forfeit = e.word == "left" || e.word == "silent";
    return forfeit && (e.seat == 0 || e.seat == 1) ? e.seat : -1;
}

// Why an unfinished match went the way it did, for the match's flags.
std::string endingFlag(const Replayed& r) {
    if (r.blamed < 0) return "unfinished: the side ahead wins";
    const std::string what = r.ending == "silent" ? " went silent" : " left";
    return std::string(sideName(r.blamed)) + what + (r.blamed == r.ahead ? " while ahead" : "") +
           ": the loss is theirs";
}

}  // namespace

sim::MatchSetup serviceBaseSetup() {
    sim::MatchSetup s;
    s.mode = sim::Mode::Versus;
    s.counter = sim::CounterHits::On;
    return s;
}

sim::MatchSetup matchSetupOf(const MatchRecord& m, const sim::MatchSetup& base) {
    sim::MatchSetup s = base;
    s.fighter[0] = m.fighter[0];
    s.fighter[1] = m.fighter[1];
    s.seed = m.seed;
    return s;
}

std::array<std::uint8_t, 32> logDigest(std::int64_t matchId, const std::string& rules, const std::string& recording) {
    net::crypto::Sha256 h;
    const std::string head = "bvh-ranked-log 1\n" + std::to_string(matchId) + "\n" + rules + "\n";
    h.update(head.data(), head.size());
    h.update(recording.data(), recording.size());
    return h.finish();
}

SignedLog signLog(const net::Identity& id, std::int64_t matchId, const std::string& rules, std::string recording) {
    SignedLog log;
    log.matchId = matchId;
    log.signer = id.publicKey;
    log.signature = net::signDigest(id, logDigest(matchId, rules, recording));
    log.recording = std::move(recording);
    return log;
}

std::string keyHex(const net::IdentityKey& key) {
    std::string s;
    char buf[3];
    for (std::uint8_t b : key) {
        std::snprintf(buf, sizeof buf, "%02x", b);
        s += buf;
    }
    return s;
}

std::string admitLog(const MatchRecord& m, const SignedLog& log, const VerifyRules& rules, AdmittedLog& out) {
    const std::string match = "match " + std::to_string(m.id);
    if (log.matchId != m.id) return "a log for match " + std::to_string(log.matchId) + ", not " + match;
    if (m.state != "open") return match + " already decided (" + m.state + "): a result counts once";
    const std::string signer = keyHex(log.signer);
    const int side = signer == m.player[0] ? 0 : signer == m.player[1] ? 1 : -1;
    if (side < 0) return "the signer " + net::fingerprint(log.signer) + " does not play in " + match;
    if (m.rules != rules.rules)
        return match + " was played under rules " + m.rules + ", this service simulates " + rules.rules;
    if (log.recording.size() > kMaxLogBytes) return "the log is larger than " + std::to_string(kMaxLogBytes) + " bytes";
    if (!net::verifyDigest(log.signer, logDigest(log.matchId, m.rules, log.recording), log.signature))
        return "the log's signature does not check (forged or damaged)";
    return admitRecording(m, side, log.recording, rules, out);
}

std::int64_t maxMatchFrames(const sim::MatchSetup& setup) {
    const std::int64_t rounds = 2 * std::int64_t(std::max(1, setup.roundsToWin)) - 1;
    return rounds * (std::int64_t(setup.intro) + 3 * std::int64_t(setup.roundFrames) + sim::kRoundEndFrames) + 600;
}

std::string admitRecording(const MatchRecord& m, int side, const std::string& recording, const VerifyRules& rules,
                           AdmittedLog& out) {
    io::Error error;
    sim::RunFile run;
    if (sim::firstWordOf(recording) != "fightreplay" || !sim::parseReplay(recording, "log", run, error))
        return "the log is not a recording: " + (error.message.empty() ? "no fightreplay header" : error.text());
    if (sim::replayHeader(run.setup) != sim::replayHeader(matchSetupOf(m, rules.setup)))
        return "the log records another match's setup (fighters, seed or settings differ from match " +
               std::to_string(m.id) + ")";
    const std::int64_t most = maxMatchFrames(run.setup);
    if (std::int64_t(run.inputs.size()) > most)
        return "the log runs " + std::to_string(run.inputs.size()) + " frames, more than a match of its setup can (" +
               std::to_string(most) + ")";
    out.side = side;
    out.run = std::move(run);
    out.text = recording;
    return "";
}

Replayed replayLog(const AdmittedLog& log, const VerifyRules& rules) {
    Replayed r;
    const sim::FighterDef* p1 = rules.fighter(log.run.setup.fighter[0]);
    const sim::FighterDef* p2 = rules.fighter(log.run.setup.fighter[1]);
    if (!p1 || !p2) {
        r.why = "the service has no fighter " + log.run.setup.fighter[p1 ? 1 : 0];
        return r;
    }
    const sim::RunResult result = sim::runFile(log.run, *p1, *p2, 0, false);
    r.frames = result.frames;
    r.consistent = result.failures.empty();
    if (!r.consistent) r.why = result.failures.front().text();
    r.finished = result.finalState.matchOver;
    if (r.finished) {
        r.winner = result.finalState.matchWinner;
        return r;
    }
    r.ahead = sideAhead(result.finalState, *p1, *p2);
    r.blamed = blamedSide(log.run);
    r.ending = log.run.ending.word;
    r.winner = r.blamed >= 0 ? 1 - r.blamed : r.ahead;
    return r;
}

namespace {

// Whether claims (one player's hashes sent during the match) attest a log: at least one claimed frame the log has a
// hash for, and every such hash the same.
bool attests(const Claims& claims, const sim::RunFile& run) {
    int compared = 0;
    for (const sim::Checkpoint& c : run.checkpoints) {
        const auto it = claims.find(c.frame);
        if (it == claims.end()) continue;
        if (it->second != c.hash) return false;
        ++compared;
    }
    return compared > 0;
}

// The first frame (1-based) at which two logs' inputs differ; one a prefix of the other parts after its last frame.
std::int64_t partingFrame(const sim::RunFile& a, const sim::RunFile& b) {
    const std::size_t n = std::min(a.inputs.size(), b.inputs.size());
    for (std::size_t i = 0; i < n; ++i)
        if (a.inputs[i].buttons[0] != b.inputs[i].buttons[0] || a.inputs[i].buttons[1] != b.inputs[i].buttons[1])
            return std::int64_t(i) + 1;
    return std::int64_t(n) + 1;
}

bool keyOfHex(const std::string& hex, net::IdentityKey& out) {
    if (hex.size() != 2 * out.size()) return false;
    for (std::size_t i = 0; i < out.size(); ++i) {
        unsigned v = 0;
        if (std::sscanf(hex.c_str() + 2 * i, "%2x", &v) != 1) return false;
        out[i] = std::uint8_t(v);
    }
    return true;
}

// What the opponent countersigned in one log: the newest frame whose signature checks (the opponent's key, this
// match, the log's own hash at that frame); refused: the signatures that do not.
struct Countersigned {
    std::int64_t frame = 0;
    int refused = 0;
};

Countersigned countersignedFrame(const MatchRecord& m, const AdmittedLog& log) {
    Countersigned out;
    net::IdentityKey keys[2];
    if (!keyOfHex(m.player[0], keys[0]) || !keyOfHex(m.player[1], keys[1])) return out;
    std::map<std::int64_t, std::uint64_t> own;
    for (const sim::Checkpoint& c : log.run.checkpoints) own[c.frame] = c.hash;
    const std::int64_t end = log.run.checkpoints.empty() ? 0 : log.run.checkpoints.back().frame;
    for (const net::Countersign& c : log.countersigns) {
        const auto it = own.find(c.frame);
        const bool ok = it != own.end() && it->second == c.hash && net::countersignFrame(c.frame, end) &&
                        net::countersignChecks(c, keys[1 - log.side], m.id, keys[0], keys[1]);
        if (!ok) ++out.refused;
        else out.frame = std::max(out.frame, std::int64_t(c.frame));
    }
    return out;
}

// Who was ahead when log's match stood at `frame` (0/1, 2 even; the winner when it was over by then).
int aheadAt(const AdmittedLog& log, std::int64_t frame, const VerifyRules& rules) {
    const sim::FighterDef* p1 = rules.fighter(log.run.setup.fighter[0]);
    const sim::FighterDef* p2 = rules.fighter(log.run.setup.fighter[1]);
    if (!p1 || !p2) return 2;
    sim::RunFile upTo = log.run;
    upTo.inputs.resize(std::size_t(std::min<std::int64_t>(frame, std::int64_t(upTo.inputs.size()))));
    upTo.checkpoints.clear();
    upTo.frames = std::int64_t(upTo.inputs.size());
    const sim::RunResult r = sim::runFile(upTo, *p1, *p2, 0, false);
    return r.finalState.matchOver ? r.finalState.matchWinner : sideAhead(r.finalState, *p1, *p2);
}

constexpr int kNoCountersigns = -2, kSettled = -1;

// Two consistent logs that differ, told apart by the opponent's countersignatures (docs/ranked.md): the side to verify
// from (d.flags say why), kSettled when they decided it otherwise (d filled), kNoCountersigns when neither log carries
// one that checks (the claims decide then; d.flags name the refused ones).
int settleByCountersigns(const MatchRecord& m, const AdmittedLog* logs[2], const VerifyRules& rules, Decision& d) {
    const Countersigned c[2] = {countersignedFrame(m, *logs[0]), countersignedFrame(m, *logs[1])};
    std::string refused;
    for (int p = 0; p < 2; ++p)
        if (c[p].refused > 0)
            refused += "; " + std::to_string(c[p].refused) + " countersignature(s) in " + sideName(p) +
                       "'s log do not check (refused, " + sideName(p) + " flagged)";
    if (c[0].frame == 0 && c[1].frame == 0) {
        d.flags = refused.empty() ? "" : refused.substr(2);
        return kNoCountersigns;
    }
    const std::int64_t parting = partingFrame(logs[0]->run, logs[1]->run);
    const bool past[2] = {c[0].frame >= parting, c[1].frame >= parting};
    const std::string at = "the two logs part at frame " + std::to_string(parting);
    d.replay = logs[c[0].frame >= c[1].frame ? 0 : 1]->text;
    if (past[0] && past[1]) {
        d.state = "disputed";
        d.flags = at + ", and each is countersigned past it: a key signed two matches (both flagged)" + refused;
        return kSettled;
    }
    if (past[0] != past[1]) {
        const int from = past[0] ? 0 : 1;
        d.flags = at + ": " + sideName(1 - from) + " countersigned " + sideName(from) + "'s log at frame " +
                  std::to_string(c[from].frame) + " (" + sideName(1 - from) + " flagged)" + refused;
        return from;
    }
    const std::int64_t last = std::max(c[0].frame, c[1].frame);
    d.state = "verified";
    d.winner = aheadAt(*logs[c[0].frame >= c[1].frame ? 0 : 1], last, rules);
    d.flags = at + ", after the last countersigned checkpoint (frame " + std::to_string(last) +
              "): judged as the match stood there" + refused;
    return kSettled;
}

// Of two consistent logs that differ, the one the opponent's own claims attest (0/1), or -1 when neither or both.
int attestedSide(const AdmittedLog* logs[2], const Claims* claims) {
    if (!claims) return -1;
    const bool ok0 = attests(claims[1], logs[0]->run), ok1 = attests(claims[0], logs[1]->run);
    return ok0 == ok1 ? -1 : ok0 ? 0 : 1;
}

// The decision from the log of side `from` (it replays to its own hashes), with the ending's blame.
void verifyFrom(Decision& d, const AdmittedLog* logs[2], const Replayed rep[2], bool bothGood, int from) {
    d.state = "verified";
    d.winner = rep[from].winner;
    d.replay = logs[from]->text;
    if (rep[from].finished) return;
    Replayed ending = rep[from];
    // Each side wrote its own view of the ending: when they blame different players (each saw the other go silent:
    // the path between them broke), neither is believed.
    if (bothGood && rep[0].blamed != rep[1].blamed) {
        ending.blamed = -1;
        d.winner = ending.ahead;
    }
    d.flags += std::string(d.flags.empty() ? "" : "; ") + endingFlag(ending);
}

// A log alone whose frames run further past the last checkpoint the absent player backed (`backedFrame`: their last
// countersignature, or their last claim) than an honest peer can play on without them (`bound`): the tail may be
// rewritten (the opponent "left" much later, or was beaten in play nobody backed), so the match is judged as it
// stood at that checkpoint. False when the tail is within. `what` names the backing, `why` the bound.
bool judgedAtLastBacked(const AdmittedLog& log, std::int64_t backedFrame, std::int64_t bound, const std::string& what,
                        const std::string& why, const VerifyRules& rules, Decision& d) {
    const std::int64_t tail = std::int64_t(log.run.inputs.size()) - backedFrame;
    if (tail <= bound) return false;
    d.state = "verified";
    d.winner = aheadAt(log, backedFrame, rules);
    d.replay = log.text;
    d.flags += "; " + std::string(sideName(log.side)) + "'s log runs " + std::to_string(tail) + " frames past " +
               sideName(1 - log.side) + "'s last " + what + " (frame " + std::to_string(backedFrame) + "), more than " +
               why + " (" + std::to_string(bound) + "): judged as the match stood there";
    return true;
}

// The last frame of the log's checkpoints that the claims hold (0: none).
std::int64_t lastClaimedFrame(const Claims& claims, const sim::RunFile& run) {
    std::int64_t last = 0;
    for (const sim::Checkpoint& c : run.checkpoints)
        if (claims.count(c.frame)) last = std::max<std::int64_t>(last, c.frame);
    return last;
}

// A log alone (the other never came) stands only with something of the absent player's behind it: a
// countersignature of theirs that checks, or the hashes they sent the service during the match matching it. Without
// either it may be a made-up match played against a bot, so it is not rated. True: backed, verify from it; false: d
// is the decision (disputed, or judged at the last countersigned checkpoint).
bool loneLogBacked(const MatchRecord& m, const AdmittedLog& log, const VerifyRules& rules, const Claims* claims,
                   Decision& d) {
    const std::string self = sideName(log.side), absent = sideName(1 - log.side);
    const Countersigned c = countersignedFrame(m, log);
    const std::string refused = c.refused == 0 ? ""
                                               : "; " + std::to_string(c.refused) + " countersignature(s) in " + self +
                                                     "'s log do not check (refused, " + self + " flagged)";
    if (c.frame > 0) {
        d.flags += refused;
        return !judgedAtLastBacked(log, c.frame, kLoneLogTailFrames, "countersignature",
                                   "the lock step lets a match go on unsigned", rules, d);
    }
    if (claims && attests(claims[1 - log.side], log.run)) {
        d.flags += "; " + absent + "'s own hashes sent during the match are " + self + "'s log" + refused;
        return !judgedAtLastBacked(log, lastClaimedFrame(claims[1 - log.side], log.run), kClaimTailFrames,
                                   "claimed checkpoint", "a player's unsent claims and the lock step allow", rules, d);
    }
    d.state = "disputed";
    d.replay = log.text;
    d.flags += "; " + self + "'s log stands alone with nothing of " + absent +
               "'s behind it (no countersignature of theirs that checks, no hashes of theirs that match it): not "
               "rated (" +
               self + " flagged for review)" + refused;
    return false;
}

}  // namespace

Decision decideMatch(const MatchRecord& m, const AdmittedLog* logs[2], const VerifyRules& rules, const Claims* claims) {
    Decision d;
    d.matchId = m.id;
    Replayed rep[2];
    // Two logs of the same bytes (the usual case: both peers wrote the same confirmed inputs and hashes) replay once.
    const bool identical = logs[0] && logs[1] && logs[0]->text == logs[1]->text;
    for (int p = 0; p < 2; ++p) {
        if (p == 1 && identical) rep[1] = rep[0];
        else if (logs[p]) rep[p] = replayLog(*logs[p], rules);
    }
    const bool good[2] = {logs[0] && rep[0].consistent, logs[1] && rep[1].consistent};
    for (int p = 0; p < 2; ++p) {
        if (!logs[p]) d.flags += std::string(d.flags.empty() ? "" : "; ") + sideName(p) + " sent no log";
        else if (!rep[p].consistent)
            d.flags +=
                std::string(d.flags.empty() ? "" : "; ") + sideName(p) + " log does not replay to its own hashes";
    }
    int from = good[0] ? 0 : good[1] ? 1 : -1;
    if (good[0] && good[1] && !sameInputs(logs[0]->run, logs[1]->run)) {
        // A log the opponent countersigned past the frame where the two part records the match they played.
        const int settled = settleByCountersigns(m, logs, rules, d);
        if (settled == kSettled) return d;
        if (settled >= 0) {
            verifyFrom(d, logs, rep, false, settled);
            return d;
        }
        const std::string refused = d.flags;
        // A player who rewrote its inputs after the match cannot rewrite the hashes it sent during it.
        from = attestedSide(logs, claims);
        if (from < 0) {
            d.state = "disputed";
            d.flags = "the two logs disagree (both flagged for review)" + (refused.empty() ? "" : "; " + refused);
            d.replay = logs[0]->text;
            return d;
        }
        const std::string cheat = sideName(1 - from);
        d.flags = "the two logs disagree: " + cheat + "'s own hashes sent during the match are " + sideName(from) +
                  "'s log (" + cheat + " flagged)" + (refused.empty() ? "" : "; " + refused);
    }
    if (from >= 0 && !logs[1 - from] && !loneLogBacked(m, *logs[from], rules, claims, d)) return d;
    if (from < 0) {
        d.state = "disputed";
        if (d.flags.empty()) d.flags = "no log";
        if (logs[0] || logs[1]) d.replay = (logs[0] ? logs[0] : logs[1])->text;
        return d;
    }
    verifyFrom(d, logs, rep, good[0] && good[1], from);
    return d;
}

}  // namespace ranked
