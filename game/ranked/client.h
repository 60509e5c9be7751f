#pragma once
// A player's side of the matchmaking service (service.h): signed requests and the service's GET pages, through a
// call the caller supplies (HTTP in the window and `game_headless --ranked`, the in-process service in tests), and
// the service's answers read into data. No sockets and no threads here: each call blocks until its answer.
//
// Playing a match the service made, step by step (`game_headless --ranked` and the window's match page both do it):
//   1. hello(), then queue("ranked|quick", FIGHTER, run::rulesBuild()) (or challenge());
//   2. poll() until parseMatchFound() reads a match;
//   3. planMatch(): p1 (seat 0) hosts a room on the service's lobby (plan.lobby) admitting only the opponent's key
//      (net::Admission::Key with plan.opponent) and names it with room() once the lobby gives its code; p2 polls
//      until the answer carries the room, joins it and checks the host's key is plan.opponent. Both play
//      plan.setup (fighters and seed from the service), recording the match, and every 600 confirmed frames send
//      checkpoint() with the recording's hashes so far;
//   4. result() with the recording (signed for the rules hash), then history() until the match's row
//      (findHistoryRow) is no longer `open`.
#include "game/net/countersign.h"
#include "game/net/identity.h"
#include "game/ranked/store.h"
#include "game/sim/fight.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <condition_variable>
#include <deque>
#include <thread>
#include <string>
#include <vector>

namespace ranked {

/// One exchange with the service: whether it answered at all, the HTTP status and the body (one trailing newline
/// taken off).
struct ServiceAnswer {
    bool reached = false;           ///< false: no connection, no answer in time
    int status = 0;                 ///< 200 ok, 403 refused, 400 malformed, 404 not found
    std::string text;               ///< "ok ..." / "refused ..." for a request; the page for a GET
    std::int64_t roundTripMs = -1;  ///< one round trip to the service, as the call measured it (-1: not measured)
    bool ok() const { return reached && status == 200; }
};

/// `method` is "GET" or "POST"; `path` starts with '/'.
using ServiceCall =
    std::function<ServiceAnswer(const std::string& method, const std::string& path, const std::string& body)>;

/// The service over HTTP at HOST:PORT (cpp-httplib, 3 s to connect, 10 s to read): built only with the service
/// client (target ranked_client; BVH_HAVE_RANKED_CLIENT is then defined for its users).
ServiceCall httpServiceCall(const std::string& hostPort);

/// Milliseconds since 1970 (what a request's time is checked against).
std::int64_t wallClockMs();

/// A match the service made for this player (Poll's `ok match ID ranked|unranked KEY1 KEY2 FIGHTER1 FIGHTER2
/// SEED LOBBYPORT ROOM`; ROOM is `-` until p1 named it).
struct MatchFound {
    std::int64_t id = 0;
    bool ranked = false;
    net::IdentityKey key[2]{};  ///< P1's and P2's identity keys
    std::string fighter[2];
    std::uint64_t seed = 1;
    int lobbyPort = 0;   ///< the service's lobby (UDP, on the service's host); 0 when the answer had none
    std::string room;    ///< the room p1 hosts ("" until p1 named it)
    int latencyMs = -1;  ///< the service's estimate of the round trip between the two players (-1: unknown)
    std::string found;   ///< whom the asker was paired with, in words: `found Ann (1520), about 40 ms` ("" if unsaid)
};

/// This player's seat in the match: 0 (p1, hosts), 1 (p2, joins), -1 when the match is not theirs.
int seatOf(const MatchFound& m, const net::IdentityKey& me);

/// What this player's peer does with a match.
struct MatchPlan {
    bool host = false;         ///< p1 hosts the lobby room, p2 joins it
    std::string lobby;         ///< HOST:PORT of the lobby
    std::string opponent;      ///< the only fingerprint to play against
    sim::MatchSetup setup;     ///< the match the service will re-simulate (serviceBaseSetup with its fighters, seed)
    std::int64_t matchId = 0;  ///< the service's id: the peers countersign its checkpoints (PeerConfig::serviceMatch)
};
/// `service` is the HOST:PORT the client talks to (the lobby is on its host); seat is seatOf(m, me).
MatchPlan planMatch(const MatchFound& m, int seat, const std::string& service);

/// A player as GET /player/KEYHEX describes it.
struct PlayerCard {
    std::string name;
    std::string code;  ///< the friend code (the key's fingerprint)
    double rating = 1500, deviation = 350;
    int games = 0;
    bool provisional = true;
    int rank = 0;  ///< place on the leaderboard (1 = best); 0 without a rated game (the leaderboard lists only
                   ///< players with one), or when not among the first kRankedPlaces
};

/// One line of GET /history/KEYHEX: a match this player played.
struct HistoryRow {
    std::int64_t id = 0;
    std::string state;  ///< open, verified, disputed
    int winner = -1;    ///< 0/1, 2 a draw, -1 none
    std::string fighter[2];
    double change[2] = {0, 0};
    std::string player[2];  ///< both players' keys in hex ("" from a service that does not say)
    std::string name[2];    ///< both players' names as the service knows them now ("" when it does not say)
};

/// The players a GET /player rank is counted among.
constexpr int kRankedPlaces = 10000;

/// Reads a Poll answer's text ("ok match ..."); false for anything else ("ok waiting", "ok idle", a refusal).
bool parseMatchFound(const std::string& text, MatchFound& out);
/// Reads GET /player's page; false when it is not one.
bool parsePlayerCard(const std::string& text, PlayerCard& out);
/// Reads GET /history's page: its match rows, each with its players' names from the page's `name KEY NAME` lines
/// (a page without them, from an older service, leaves the names ""); lines that do not read are skipped.
std::vector<HistoryRow> parseHistory(const std::string& text);
/// The row of match `id` in a history page; false when it is not listed.
bool findHistoryRow(const std::string& page, std::int64_t id, HistoryRow& out);
/// A key in hex back to bytes; false when it is not 64 hex digits.
bool keyFromHex(const std::string& hex, net::IdentityKey& out);

/// How often a waiting client asks the service (Poll in the queue and for the room, GET /history for the decision):
/// once a second, the rate the service refills a player's requests at (service.h, kRequestsPerMinute), so a player
/// may wait as long as it likes without spending its burst. The window and `game_headless --ranked` both.
constexpr std::int64_t kPollMs = 1000;

/// A refusal that may pass when the same request is sent again a little later: a rate limit (the player's `too
/// many requests; wait a little`, or the address's, answered 429), a full nonce table (`the service is busy`) or the
/// store failing to write (`the store: REASON`: a full disk, a lost connection). Any other refusal is about the
/// request itself (a forged or bad log, a match not the player's) and would be refused again.
bool refusedForNow(const ServiceAnswer& a);

/// How a client waits between requests: a clock and a wait. `game_headless --ranked` sleeps on the steady clock
/// (realPacing); tests move a virtual clock (and tick the service) instead.
struct Pacing {
    std::function<std::int64_t()> nowMs;
    std::function<void(std::int64_t ms)> wait;
};
Pacing realPacing();

/// How hard a request refused for now is pressed: sent at most `sends` times, `apartMs` apart, and not again once
/// `withinMs` passed since the first.
struct Persistence {
    int sends = 1;
    std::int64_t apartMs = 0, withinMs = 0;
};
/// Hello, Queue, the Room, a Checkpoint: the Room well inside the 30 s p2 waits for it and the host's lobby room
/// waits for p2. Two seconds apart gives the rate limit room for two requests each time.
constexpr Persistence kRequestPersistence{6, 2000, 15000};
/// The log: a full disk takes longer to clear than a rate limit, and the service waits 60 s for the second log.
constexpr Persistence kLogPersistence{10, 5000, 50000};

/// Sends a request (send() signs a fresh one each time) until the service takes it, refuses it for good, does not
/// answer, or `how` runs out; `refused` is told of each refusal for now before the wait. The last answer.
ServiceAnswer sendPersisting(const std::function<ServiceAnswer()>& send, const Persistence& how, const Pacing& pace,
                             const std::function<void(const ServiceAnswer&)>& refused = {});

/// sendPersisting's bounds for a client that may not wait in place (the window's pages, ticked each frame): told
/// each answer, it says whether the request goes again and when.
class Resends {
public:
    /// True when `a` was refused for now and may go again (not before dueMs()), within `how` counted from the first
    /// refusal; false when taken, refused for good or out of sends or time (the next request starts afresh).
    bool again(const ServiceAnswer& a, const Persistence& how, std::int64_t nowMs);
    /// No request before then.
    std::int64_t dueMs() const { return dueMs_; }

private:
    int sent_ = 0;
    std::int64_t firstMs_ = 0, dueMs_ = 0;
};

/// One player talking to the service: every request signed with its identity.
class RankedClient {
public:
    RankedClient(ServiceCall call, net::Identity me, std::function<std::int64_t()> clockMs = wallClockMs)
        : call_(std::move(call)), me_(std::move(me)), clockMs_(std::move(clockMs)) {}

    /// Hello: the service stores (or renames) this player; `ok welcome NAME, your code is FP`.
    ServiceAnswer hello();
    /// Queue for `quick` or `ranked` with a fighter, under this build's rules hash, and this player's round trip to
    /// the service (roundTripMs(); with fewer than three measured, Polls measure more first).
    ServiceAnswer queue(const std::string& kind, const std::string& fighter, const std::string& rules);
    /// Poll: `ok waiting`, `ok idle` or `ok match ...` (parseMatchFound).
    ServiceAnswer poll();
    /// Leave the queue and any challenge.
    ServiceAnswer leave();
    /// Challenge the friend whose code this is, with a fighter.
    ServiceAnswer challenge(const std::string& code, const std::string& fighter);
    /// p1: names the lobby room it hosts for the match.
    ServiceAnswer room(std::int64_t matchId, const std::string& code);
    /// Hashes of this side's recording during the match (at most 64 a call): what tells the honest log from a
    /// rewritten one when the two disagree.
    ServiceAnswer checkpoint(std::int64_t matchId, const Claims& claims);
    /// The match's recording, signed for the rules hash, with the opponent's countersignatures the peer held
    /// (net::NetPeer::countersigner()): a Result request.
    ServiceAnswer result(std::int64_t matchId, const std::string& rules, const std::string& recording,
                         const std::vector<net::Countersign>& countersigns = {});
    /// GET /player/KEYHEX (parsePlayerCard).
    ServiceAnswer player(const net::IdentityKey& key);
    /// GET /history/KEYHEX (parseHistory).
    ServiceAnswer history(const net::IdentityKey& key);
    /// GET /replay/MATCHID: the recording that decided the match.
    ServiceAnswer replay(std::int64_t matchId);

    const net::Identity& identity() const { return me_; }
    /// The median of the last round trips the call measured (at most kRoundTripSamples), bounded to
    /// 0..kMaxStatedRttMs; -1 when none was measured (an in-process call).
    int roundTripMs() const;
    static constexpr std::size_t kRoundTripSamples = 5;

private:
    struct RoundTrips {  // shared by the copies a window's background jobs make
        std::mutex lock;
        std::vector<std::int64_t> samples;  // newest last
    };
    ServiceAnswer request(int kind, const std::string& body);

    ServiceCall call_;
    net::Identity me_;
    std::function<std::int64_t()> clockMs_;
    std::shared_ptr<RoundTrips> roundTrips_ = std::make_shared<RoundTrips>();
};

/// The steps of a match the service made, with their waits (`game_headless --ranked`; the window runs the same steps
/// as a state machine, match_flow.h). Every loop asks at most every kPollMs and ends at its wait.
/// Hello, then Queue for `kind` with a fighter under the rules hash, each sent again while refused for now
/// (kRequestPersistence); `refused` is told of each such refusal with the request's name ("Hello", "Queue"). The
/// Queue's last answer, or the Hello's when the service did not take it.
ServiceAnswer joinQueue(RankedClient& client, const std::string& kind, const std::string& fighter,
                        const std::string& rules, const Pacing& pace,
                        const std::function<void(const char* request, const ServiceAnswer&)>& refused = {});
/// Polls until the service answers a match (true, out filled) or waitMs passed.
bool awaitMatch(RankedClient& client, const Pacing& pace, std::int64_t waitMs, MatchFound& out);
/// p2: polls until p1 named the match's room; "" when it did not within waitMs.
std::string awaitRoom(RankedClient& client, std::int64_t matchId, const Pacing& pace, std::int64_t waitMs);
/// p1: names the room it hosts, sent again while refused for now (kRequestPersistence).
ServiceAnswer nameRoom(RankedClient& client, std::int64_t matchId, const std::string& code, const Pacing& pace,
                       const std::function<void(const ServiceAnswer&)>& refused = {});
/// The match's log (result()), sent again while refused for now (kLogPersistence): a log refused for good (forged,
/// not this match's) is sent once.
ServiceAnswer sendLog(RankedClient& client, std::int64_t matchId, const std::string& rules,
                      const std::string& recording, const std::vector<net::Countersign>& countersigns,
                      const Pacing& pace, const std::function<void(const ServiceAnswer&)>& refused = {});
/// Reads the player's history until the match is no longer open (true, row filled) or waitMs passed.
bool awaitDecision(RankedClient& client, std::int64_t matchId, const Pacing& pace, std::int64_t waitMs,
                   HistoryRow& row);

/// Sends a match's claims to the service on a thread of its own, in order, so that a peer's loop never waits on the
/// service: a slow answer would stall the peer, and the opponent ends a match whose other side goes silent. The
/// destructor sends what is still queued, then stops (so after the match, before its result). `game_headless
/// --ranked` uses it; the window sends through its own RequestRunner.
class ClaimSender {
public:
    /// pace: how it waits before sending a batch refused for now again (kRequestPersistence).
    ClaimSender(RankedClient client, std::int64_t matchId, Pacing pace = realPacing());
    ~ClaimSender();
    ClaimSender(const ClaimSender&) = delete;
    ClaimSender& operator=(const ClaimSender&) = delete;
    /// Queues a batch; returns at once.
    void send(Claims claims);

private:
    void run();

    RankedClient client_;
    std::int64_t matchId_;
    Pacing pace_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Claims> queue_;
    bool done_ = false;
    std::thread thread_;  // last: it starts once everything it uses exists
};

}  // namespace ranked
