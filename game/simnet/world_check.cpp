// The invariants checked after every simulated run (see world.h).
#include "game/io/run_file.h"
#include "game/ranked/verify.h"
#include "game/simnet/world_parts.h"

namespace simnet {
namespace {

constexpr std::int64_t kEndBoundMs = 16000;    // last confirmed frame to Done: progress 8 s + silence 3 s + linger
constexpr std::int64_t kStartBoundMs = 20000;  // a peer that never played: the connect timeout or the host's wait
constexpr std::size_t kMaxInFlight = 100000;   // datagrams on their way at once
constexpr std::size_t kMaxRooms = 8;           // the lobby's rooms held (live and remembered)

/// The recording without its `end` line (what a cut-short recording shares with a longer one).
std::string body(const std::string& text) {
    const std::size_t last = text.rfind("\nend ");
    return last == std::string::npos ? text : text.substr(0, last + 1);
}

std::string lifeName(int p, std::size_t i, std::size_t lives) {
    return std::string(kPlayerNames[p]) + (lives > 1 ? " (life " + std::to_string(i + 1) + ")" : std::string());
}

}  // namespace

bool World::fighters(const sim::MatchSetup& setup, sim::FighterDef (&defs)[2]) {
    std::string error;
    for (int p = 0; p < 2; ++p) {
        if (!loader_(setup.fighter[p], defs[p], error)) {
            fail("cannot load fighter '" + setup.fighter[p] + "': " + error);
            return false;
        }
    }
    return true;
}

bool World::replayOffline(const std::string& text, const std::string& what, std::vector<std::uint64_t>& hashes,
                          std::vector<sim::FrameInput>& inputs) {
    sim::RunFile run;
    io::Error error;
    if (!sim::parseReplay(text, what, run, error)) {
        fail(what + ": its recording does not load: " + error.text());
        return false;
    }
    sim::FighterDef defs[2];
    if (!fighters(run.setup, defs)) return false;
    sim::Fight fight(run.setup, defs[0], defs[1]);
    const std::uint64_t start = fight.hash();
    for (const sim::FrameInput& in : run.inputs) {
        fight.step(in);
        hashes.push_back(fight.hash());
    }
    for (const sim::Checkpoint& c : run.checkpoints) {
        const std::uint64_t at = c.frame == 0                             ? start
                                 : c.frame <= std::int64_t(hashes.size()) ? hashes[std::size_t(c.frame - 1)]
                                                                          : 0;
        if (at != c.hash) {
            fail(what + ": its recording's hash at frame " + std::to_string(c.frame) + " is not the offline replay's");
            return false;
        }
    }
    inputs = run.inputs;
    return true;
}

void World::checkIncarnation(int p, const Incarnation& life) {
    const std::string name = lifeName(p, std::size_t(&life - players_[p].lives.data()), players_[p].lives.size());
    if (life.peerAddress != 0 && ipOf(life.peerAddress) == net_.publicIp(attackerHost_))
        fail(name + ": the attacker holds the seat");
    if (!life.started) return;
    std::vector<std::uint64_t> offline;
    std::vector<sim::FrameInput> inputs;
    if (!replayOffline(life.rec.text, name, offline, inputs)) return;
    if (offline != life.hashes) {
        std::size_t f = 0;
        while (f < offline.size() && f < life.hashes.size() && offline[f] == life.hashes[f]) ++f;
        fail(name + ": its confirmed hashes differ from the offline replay of its recording from frame " +
             std::to_string(f + 1));
    }
    if (life.longestRollback > life.maxRollback) {
        fail(name + ": a rollback of " + std::to_string(life.longestRollback) + " frames, deeper than its window of " +
             std::to_string(life.maxRollback));
    }
    for (std::size_t f = 1; f <= inputs.size(); ++f) {
        const std::uint16_t pressed =
            std::int64_t(f) <= life.inputDelay ? 0 : std::uint16_t(buttonFor(p, std::int64_t(f)) & net::wireButtons());
        if (inputs[f - 1].buttons[p] != pressed) {
            fail(name + ": its recording says its player pressed " + std::to_string(inputs[f - 1].buttons[p]) +
                 " at frame " + std::to_string(f) + ", the player pressed " + std::to_string(pressed));
            break;
        }
    }
}

void World::checkPlayers() {
    for (int p = 0; p < 2; ++p) {
        for (const Incarnation& life : players_[p].lives) checkIncarnation(p, life);
    }
}

void World::checkPair() {
    if (players_[0].lives.size() != 1 || players_[1].lives.size() != 1) return;  // a restart plays another match
    const Incarnation& a = players_[0].lives.back();
    const Incarnation& b = players_[1].lives.back();
    if (!a.started || !b.started) return;
    if (a.end == net::PeerEnd::MatchOver && b.end == net::PeerEnd::MatchOver) {
        if (a.rec.text != b.rec.text) fail("the two players' recordings of a completed match differ");
        if (a.hashes.empty() || a.hashes != b.hashes) fail("the two players' final hashes differ");
        return;
    }
    const std::string x = body(a.rec.text), y = body(b.rec.text);
    const std::string& shorter = x.size() <= y.size() ? x : y;
    const std::string& longer = x.size() <= y.size() ? y : x;
    if (longer.compare(0, shorter.size(), shorter) != 0)
        fail("a cut-short match: the shorter recording is not a prefix of the longer");
}

std::string World::recordingOf(const net::Packet& welcome, const std::vector<sim::FrameInput>& inputs, bool whole) {
    sim::FighterDef defs[2];
    if (!fighters(welcome.setup, defs)) return "";
    sim::Fight fight(welcome.setup, defs[0], defs[1]);
    Recording r;
    r.start(fight);
    for (const sim::FrameInput& in : inputs) {
        fight.step(in);
        r.frame(in, fight);
    }
    if (whole) r.finish(fight.hash());
    return r.text;
}

void World::checkWatchers() {
    const Player& h = players_[0];
    if (h.lives.empty()) return;
    const Incarnation& served = h.lives.back();
    const bool matchWhole = h.lives.size() == 1 && served.end == net::PeerEnd::MatchOver;
    for (std::size_t i = 0; i < watchers_.size(); ++i) {
        const Watcher& w = watchers_[i];
        const std::string name = "spectator " + std::to_string(i + 1);
        const bool reachable = s_.nat[0] != NatKind::Symmetric || s_.hostRelay;
        const bool expected = matchWhole && !disrupted_ && connectable_ && reachable && matchStartMs_ >= 0 &&
                              w.startMs + 8000 <= matchEndMs_ && w.startMs + 20000 >= matchStartMs_;
        if (expected && !w.complete) fail(name + " did not see the whole match: " + w.ending);
        if (!w.client || w.client->welcome().type != net::PacketType::Welcome || !served.started) continue;
        std::vector<sim::FrameInput> held = w.client->inputs();
        if (w.complete) held.resize(w.client->lastFrame());
        const std::string rec = recordingOf(w.client->welcome(), held, w.complete);
        if (w.complete && matchWhole && rec != served.rec.text)
            fail(name + ": its recording differs from the players'");
        const std::string mine = body(rec), theirs = body(served.rec.text);
        if (mine.size() > theirs.size() || theirs.compare(0, mine.size(), mine) != 0) {
            fail(name + ": its recording is not a prefix of the players'");
        }
    }
}

std::string World::blame(int p, const Incarnation& life) const {
    // Each disruptive fault is put on the side it struck (a partition and NATs that cannot meet: the network).
    std::string why;
    for (const Fault& f : s_.faults) {
        if (!disruptive(f)) continue;
        const std::string side =
            f.kind == FaultKind::Partition ? "the network" : std::string("the ") + kPlayerNames[int(f.side)];
        why += (why.empty() ? "" : "; ") + side + " (" + faultText(f) + ")";
    }
    if (!connectable_) {
        why += std::string(why.empty() ? "" : "; ") + "the network (NATs " + natName(s_.nat[0]) + " and " +
               natName(s_.nat[1]) + ", no relay)";
    }
    return std::string(kPlayerNames[p]) + ": " + (life.message.empty() ? life.lobbyError : life.message) +
           "; blamed on " + (why.empty() ? "nothing" : why);
}

void World::checkEndings() {
    const bool benign = !disrupted_ && connectable_;
    for (int p = 0; p < 2; ++p) {
        const Player& pl = players_[p];
        for (std::size_t i = 0; i < pl.lives.size(); ++i) {
            const Incarnation& life = pl.lives[i];
            const std::string name = lifeName(p, i, pl.lives.size());
            if (life.killed) continue;
            if (life.lobbyError.empty() && life.end == net::PeerEnd::None) {
                fail(name + ": never ended");
                continue;
            }
            const std::int64_t since = life.started ? life.lastProgressMs : 0;
            const std::int64_t bound = life.started ? kEndBoundMs : kStartBoundMs + s_.joinerStartMs + 30000;
            if (life.doneMs >= 0 && life.doneMs - since > bound) {
                fail(name + ": ended " + std::to_string(life.doneMs - since) +
                     " ms after its last confirmed frame (bound " + std::to_string(bound) + ")");
            }
            if (life.end == net::PeerEnd::MatchOver) continue;
            if (benign) fail("unexplained failure: " + blame(p, life));
            else note("explained: " + blame(p, life));
        }
    }
}

// Every honest log of the match the service made (a player's first session, the one that countersigns) ends within
// ranked::kLoneLogTailFrames of the opponent's last countersignature it holds, however the network behaved: the bound
// past which the service judges a log alone at its last countersigned checkpoint never strikes an honest player.
void World::checkCountersignedTails() {
    for (int p = 0; p < 2; ++p) {
        if (p == cheater_ || players_[p].lives.empty()) continue;
        const Incarnation& life = players_[p].lives.front();
        if (life.killed || !life.started || !life.rec.ended || life.end == net::PeerEnd::Desync) continue;
        const std::int64_t signedFrame = life.countersigns.empty() ? 0 : life.countersigns.back().frame;
        const std::int64_t tail = life.rec.frames - signedFrame;
        if (tail > ranked::kLoneLogTailFrames)
            fail(lifeName(p, 0, players_[p].lives.size()) + ": its log runs " + std::to_string(tail) +
                 " frames past the opponent's last countersignature (frame " + std::to_string(signedFrame) +
                 "), more than the lock step allows (" + std::to_string(ranked::kLoneLogTailFrames) + ")");
    }
}

// A side played a made-up match in step and sends it as its log (FaultKind::MadeUp): the service's settlement
// (ranked::decideMatch, the logs with the countersignatures each peer held) must not go to it, and goes to the honest
// log whenever the cheater countersigned any of it (docs/ranked.md, "Countersigned checkpoints").
void World::checkSettlement() {
    const int honest = 1 - cheater_;
    const Incarnation& h = players_[honest].lives.back();
    const Incarnation& c = players_[cheater_].lives.front();
    if (!h.started || !h.rec.ended || !madeUpRec_.ended) return note("settlement: no match to settle");
    ranked::VerifyRules rules;
    io::Error error;
    sim::RunFile run;
    if (!sim::parseReplay(h.rec.text, "honest", run, error)) return fail("settlement: " + error.text());
    sim::FighterDef defs[2];
    if (!fighters(run.setup, defs)) return;
    rules.rules = "simnet";
    rules.setup = run.setup;
    rules.fighter = [&](const std::string& id) -> const sim::FighterDef* {
        return id == run.setup.fighter[0] ? &defs[0] : id == run.setup.fighter[1] ? &defs[1] : nullptr;
    };
    ranked::MatchRecord m;
    m.id = simServiceMatch(s_.seed);
    m.rules = rules.rules;
    m.player[honest] = ranked::keyHex(h.key);
    m.player[cheater_] = ranked::keyHex(h.opponentKey);
    m.fighter[0] = run.setup.fighter[0];
    m.fighter[1] = run.setup.fighter[1];
    m.seed = run.setup.seed;
    ranked::AdmittedLog logs[2];
    const std::string refused[2] = {ranked::admitRecording(m, honest, h.rec.text, rules, logs[honest]),
                                    ranked::admitRecording(m, cheater_, madeUpRec_.text, rules, logs[cheater_])};
    if (!refused[0].empty() || !refused[1].empty())
        return fail("settlement: a log refused: " + refused[0] + refused[1]);
    logs[honest].countersigns = h.countersigns;
    logs[cheater_].countersigns = c.countersigns;  // the real match's: they sign none of its made-up hashes
    const ranked::AdmittedLog* both[2] = {&logs[0], &logs[1]};
    const ranked::Decision d = ranked::decideMatch(m, both, rules);
    note("settlement: " + d.state + ", winner " + std::to_string(d.winner) + ": " + d.flags);
    if (d.replay == madeUpRec_.text && d.state == "verified") fail("settlement: the made-up match was believed");
    if (!h.countersigns.empty() && (d.state != "verified" || d.replay != h.rec.text))
        fail("settlement: the log the cheater countersigned lost: " + d.state + " " + d.flags);
    checkLoneLogs(m, logs, rules, !h.countersigns.empty());
}

// Each log of a made-up match's settlement sent alone (the other player never sends theirs): the made-up log alone
// is never believed; the honest log alone stands when the cheater countersigned any of it.
void World::checkLoneLogs(const ranked::MatchRecord& m, const ranked::AdmittedLog logs[2],
                          const ranked::VerifyRules& rules, bool cheaterSigned) {
    const int honest = 1 - cheater_;
    const ranked::AdmittedLog* alone[2] = {nullptr, nullptr};
    alone[cheater_] = &logs[cheater_];
    const ranked::Decision made = ranked::decideMatch(m, alone, rules);
    note("settlement, the made-up log alone: " + made.state + ": " + made.flags);
    if (made.state == "verified") fail("settlement: the made-up log alone was believed: " + made.flags);
    alone[cheater_] = nullptr;
    alone[honest] = &logs[honest];
    const ranked::Decision real = ranked::decideMatch(m, alone, rules);
    note("settlement, the honest log alone: " + real.state + ": " + real.flags);
    if (cheaterSigned && real.state != "verified") fail("settlement: the honest log alone lost: " + real.flags);
}

RunResult World::check() {
    const NetworkCounters& c = net_.counters();
    note("network: " + std::to_string(c.sent) + " datagrams sent, " + std::to_string(c.delivered) + " delivered, " +
         std::to_string(c.lost) + " lost, " + std::to_string(c.duplicated) + " duplicated, " +
         std::to_string(c.outage) + " in outages, " + std::to_string(c.natDropped) + " dropped by NATs, " +
         std::to_string(c.unroutable) + " unroutable, " + std::to_string(c.relayed) + " relayed, " +
         std::to_string(c.relayRefused) + " refused by the relay");
    if (violations_.empty()) {
        checkPlayers();
        checkPair();
        checkWatchers();
        checkEndings();
        checkCountersignedTails();
        if (cheater_ >= 0) checkSettlement();
    }
    if (net_.counters().peakInFlight > kMaxInFlight)
        fail("memory: " + std::to_string(net_.counters().peakInFlight) + " datagrams in flight at once");
    if (lobby_->heldRooms() > kMaxRooms)
        fail("memory: the lobby holds " + std::to_string(lobby_->heldRooms()) + " rooms");
    if (intruderPlayed_) fail("the attacker's intruder took the seat and played");
    RunResult r;
    r.ok = violations_.empty();
    r.violations = violations_;
    r.simulatedMs = nowMs_;
    const Player& h = players_[0];
    if (!h.lives.empty()) r.framesPlayed = h.lives.back().confirmed;
    for (int p = 0; p < 2; ++p) {
        const Player& pl = players_[p];
        const std::string how = pl.lives.empty()                   ? "never started"
                                : !pl.lives.back().message.empty() ? pl.lives.back().message
                                                                   : pl.lives.back().lobbyError;
        r.outcome += std::string(p ? ", " : "") + kPlayerNames[p] + ": " + how;
    }
    for (std::size_t i = 0; i < watchers_.size(); ++i)
        r.outcome += ", spectator " + std::to_string(i + 1) + ": " + watchers_[i].ending;
    r.log = std::move(log_);
    return r;
}

}  // namespace simnet
