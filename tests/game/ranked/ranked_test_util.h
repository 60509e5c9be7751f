#pragma once
// A temporary folder removed at the end of a test, and small makers of players and matches.
#include "game/io/fighter_file.h"
#include "game/io/replay_writer.h"
#include "game/io/run_file.h"
#include "game/net/countersign.h"
#include "game/ranked/client.h"
#include "game/ranked/service.h"
#include "game/ranked/store.h"
#include "game/ranked/verify.h"
#include "game/sim/determinism.h"
#include "test_paths.h"

#include <map>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace rankedtest {

/// A request as bvh_matchd serves it on one thread: handled, then what it made due decided.
inline ranked::Reply handle(ranked::MatchService& s, const ranked::Request& r, std::int64_t now) {
    const ranked::Reply reply = s.handle(r, now);
    s.decideDue();
    return reply;
}

/// A tick as bvh_matchd runs it on one thread: the queues paired, then what is due decided.
inline std::vector<ranked::MatchStart> tick(ranked::MatchService& s, std::int64_t now) {
    std::vector<ranked::MatchStart> made = s.tick(now);
    s.decideDue();
    return made;
}

struct TempDir {
    std::string path;
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "bvh-ranked-XXXXXX").string();
        if (char* made = mkdtemp(pattern.data())) path = made;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    std::string file(const std::string& name) const { return path + "/" + name; }
};

inline ranked::PlayerRecord player(const std::string& id, const std::string& name) {
    ranked::PlayerRecord p;
    p.id = id;
    p.name = name;
    p.code = "code-" + id;
    return p;
}

inline ranked::MatchRecord match(std::int64_t id, const std::string& a, const std::string& b) {
    ranked::MatchRecord m;
    m.id = id;
    m.player[0] = a;
    m.player[1] = b;
    m.fighter[0] = "ryo";
    m.fighter[1] = "brick";
    m.seed = 0xfedcba9876543210ULL;
    m.rules = "00112233";
    m.created = id;
    return m;
}

/// The service's rules for tests: a short ranked match (one round of 10 s), the shipped fighters.
inline ranked::VerifyRules testRules() {
    static std::map<std::string, sim::FighterDef> fighters;
    if (fighters.empty())
        for (const char* id : {"ryo", "brick"}) fighters[id] = sim::loadFighterById(testpaths::data(), id).def;
    ranked::VerifyRules r;
    r.rules = "00112233";
    r.setup.mode = sim::Mode::Versus;
    r.setup.roundsToWin = 1;
    r.setup.roundFrames = 600;
    r.fighter = [](const std::string& id) -> const sim::FighterDef* {
        auto it = fighters.find(id);
        return it == fighters.end() ? nullptr : &it->second;
    };
    return r;
}

/// A recording of match m under rules: `attacker` walks in, then mashes light attacks (seeded), the other stands;
/// stops at the match's end or after maxFrames (a player who left).
inline std::string recordMatch(const ranked::MatchRecord& m, const ranked::VerifyRules& rules, int attacker,
                               std::uint64_t seed, std::int64_t maxFrames = 100000) {
    const sim::MatchSetup setup = ranked::matchSetupOf(m, rules.setup);
    sim::Fight fight(setup, *rules.fighter(setup.fighter[0]), *rules.fighter(setup.fighter[1]));
    sim::ReplayText rec;
    rec.start(fight);
    std::uint64_t rng = sim::seedRandom(seed);
    while (!fight.state().matchOver && rec.frames < maxFrames) {
        sim::FrameInput in;
        const int dx = fight.state().fighters[1 - attacker].x - fight.state().fighters[attacker].x;
        const bool near = dx < 130 && dx > -130;  // walk in, then mash light attacks
        in.buttons[attacker] = std::uint16_t(near ? (sim::nextRandom(rng) % 3 == 0 ? sim::kLight : 0)
                                                  : (dx > 0 ? sim::kRight : sim::kLeft));
        fight.step(in);
        rec.frame(in, fight);
    }
    rec.finish(fight.hash());
    return rec.text;
}

/// A recording of match m under rules playing `inputs` (one per frame), its hashes computed: what a peer writes.
inline std::string recordInputs(const ranked::MatchRecord& m, const ranked::VerifyRules& rules,
                                const std::vector<sim::FrameInput>& inputs) {
    sim::MatchSetup setup = ranked::matchSetupOf(m, rules.setup);
    sim::Fight fight(setup, *rules.fighter(setup.fighter[0]), *rules.fighter(setup.fighter[1]));
    sim::ReplayText rec;
    rec.start(fight);
    for (const sim::FrameInput& in : inputs) {
        if (fight.state().matchOver) break;
        fight.step(in);
        rec.frame(in, fight);
    }
    rec.finish(fight.hash());
    return rec.text;
}

/// A recording's inputs, frame 1 first.
inline std::vector<sim::FrameInput> inputsOf(const std::string& rec) {
    io::Error error;
    sim::RunFile run;
    if (!sim::parseReplay(rec, "rec", run, error)) return {};
    return run.inputs;
}

/// What `signer` (a player of match m) countersigns of a recording: every checkpoint frame of it up to `upTo` (0: all),
/// signed over the recording's own hashes, as the peer's Countersigner signs them.
inline std::vector<net::Countersign> countersignsOf(const std::string& rec, const net::Identity& signer,
                                                    const ranked::MatchRecord& m, std::int64_t upTo = 0) {
    io::Error error;
    sim::RunFile run;
    net::IdentityKey p1{}, p2{};
    std::vector<net::Countersign> out;
    if (!sim::parseReplay(rec, "rec", run, error) || !ranked::keyFromHex(m.player[0], p1) ||
        !ranked::keyFromHex(m.player[1], p2) || run.checkpoints.empty())
        return out;
    const std::int64_t end = run.checkpoints.back().frame;
    for (const sim::Checkpoint& c : run.checkpoints)
        if (net::countersignFrame(c.frame, end) && (upTo == 0 || c.frame <= upTo))
            out.push_back(net::signCheckpoint(signer, m.id, std::uint32_t(c.frame), c.hash, p1, p2));
    return out;
}

/// A store that passes every call to another, except the calls named below while their reason is set: then each
/// fails with that reason, as a database failing on that one statement would (a statement only it makes cannot be
/// made to fail through the database alone: every other statement on its table works).
class FailingStore : public ranked::Store {
public:
    explicit FailingStore(ranked::Store& inner) : in_(inner) {}
    std::string codeLookupFails;   ///< playerByCode (the friend-code look-up); "": passed on
    std::string createMatchFails;  ///< createMatch (a match the queue paired)
    std::string dequeueFails;      ///< dequeue (a Leave from the shared queue)
    std::string withdrawFails;     ///< withdrawChallenge (a Leave's challenge taken back)
    std::string queuedFails;       ///< queued (how many wait in the shared queue)
    std::string playerFails;       ///< player, for the id playerFailsFor only (another player's record)
    std::string playerFailsFor;

    bool playerByCode(const std::string& code, std::string& id, std::string& why) override {
        return passOn(codeLookupFails, why) && in_.playerByCode(code, id, why);
    }
    bool savePlayer(const ranked::PlayerRecord& p, std::string& why) override { return in_.savePlayer(p, why); }
    bool player(const std::string& id, ranked::PlayerRecord& out, std::string& why) override {
        return passOn(id == playerFailsFor ? playerFails : "", why) && in_.player(id, out, why);
    }
    bool players(const std::vector<std::string>& ids, std::map<std::string, ranked::PlayerRecord>& out,
                 std::string& why) override {
        return in_.players(ids, out, why);
    }
    bool createMatch(const ranked::MatchRecord& m, std::string& why) override {
        return passOn(createMatchFails, why) && in_.createMatch(m, why);
    }
    bool match(std::int64_t id, ranked::MatchRecord& out, std::string& why) override { return in_.match(id, out, why); }
    bool decide(const ranked::Decision& d, std::string& why) override { return in_.decide(d, why); }
    bool leaderboard(int limit, std::vector<ranked::Standing>& out, std::string& why) override {
        return in_.leaderboard(limit, out, why);
    }
    bool history(const std::string& id, int limit, std::vector<ranked::MatchRecord>& out, std::string& why) override {
        return in_.history(id, limit, out, why);
    }
    bool replay(std::int64_t matchId, std::string& text, std::string& why) override {
        return in_.replay(matchId, text, why);
    }
    bool openMatches(std::vector<ranked::MatchRecord>& out, std::string& why) override {
        return in_.openMatches(out, why);
    }
    bool enqueue(const ranked::QueuedPlayer& q, std::string& why) override { return in_.enqueue(q, why); }
    bool dequeue(const std::string& player, std::string& why) override {
        return passOn(dequeueFails, why) && in_.dequeue(player, why);
    }
    bool pairQueue(const std::string& kind, int batch, const ranked::ChoosePairs& choose, const ranked::MakeMatch& make,
                   std::vector<ranked::MatchRecord>& made, std::string& why) override {
        return in_.pairQueue(kind, batch, choose, make, made, why);
    }
    bool queued(std::int64_t& count, std::string& why) override {
        return passOn(queuedFails, why) && in_.queued(count, why);
    }
    bool isQueued(const std::string& player, bool& waiting, std::string& why) override {
        return in_.isQueued(player, waiting, why);
    }
    bool assignment(const std::string& player, std::int64_t& matchId, std::string& room, std::string& why) override {
        return in_.assignment(player, matchId, room, why);
    }
    bool setRoom(std::int64_t matchId, const std::string& room, std::string& why) override {
        return in_.setRoom(matchId, room, why);
    }
    bool addLog(std::int64_t matchId, int side, const std::string& text, const std::string& countersigns,
                std::int64_t nowMs, std::string& why) override {
        return in_.addLog(matchId, side, text, countersigns, nowMs, why);
    }
    bool logs(std::int64_t matchId, std::string text[2], std::string& why, std::string* countersigns) override {
        return in_.logs(matchId, text, why, countersigns);
    }
    bool addClaims(std::int64_t matchId, int side, const ranked::Claims& claims, std::string& why) override {
        return in_.addClaims(matchId, side, claims, why);
    }
    bool claims(std::int64_t matchId, ranked::Claims out[2], std::string& why) override {
        return in_.claims(matchId, out, why);
    }
    bool matchesToDecide(std::int64_t deadlineMs, std::vector<std::int64_t>& out, std::string& why) override {
        return in_.matchesToDecide(deadlineMs, out, why);
    }
    bool challenge(const std::string& challenger, const std::string& target, const std::string& fighter,
                   std::int64_t nowMs, std::int64_t sinceMs, const std::function<ranked::MatchRecord()>& make,
                   ranked::MatchRecord& made, bool& matched, std::string& why) override {
        return in_.challenge(challenger, target, fighter, nowMs, sinceMs, make, made, matched, why);
    }
    bool withdrawChallenge(const std::string& challenger, std::string& why) override {
        return passOn(withdrawFails, why) && in_.withdrawChallenge(challenger, why);
    }
    bool staleMatches(std::int64_t connectCutoff, std::int64_t finalCutoff, std::vector<ranked::StaleMatch>& out,
                      std::string& why) override {
        return in_.staleMatches(connectCutoff, finalCutoff, out, why);
    }
    std::int64_t statements() const override { return in_.statements(); }

private:
    /// True when the call goes on to the inner store; false with why = reason when a reason is set.
    static bool passOn(const std::string& reason, std::string& why) {
        if (reason.empty()) return true;
        why = reason;
        return false;
    }
    ranked::Store& in_;
};

/// The checks every store backend passes (store.test.cpp): players, a decided match, a result counted once.
void checkStoreBasics(ranked::Store& s);
/// A history page names each player of its matches as the store knows them now, read in one statement (store.test.cpp).
void checkHistoryNames(ranked::Store& s);
/// The leaderboard's pages name each player as the store knows them now, read in one statement (store.test.cpp).
void checkLeaderboardNames(ranked::Store& s);
/// The queue by latency through a service on this store (service.test.cpp): in memory, or the store's queue table.
void checkLatencyPairing(ranked::Store& s, bool sharedQueue);
/// Two service processes on one store (a and b: two connections to it), a challenge made on one answered on the
/// other (service.test.cpp).
void checkChallengesAcrossServices(ranked::Store& a, ranked::Store& b);
/// Two service processes on one store close the matches nobody finished at their deadlines, each once
/// (service.test.cpp).
void checkExpiryAcrossServices(ranked::Store& a, ranked::Store& b);

}  // namespace rankedtest
