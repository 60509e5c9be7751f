#pragma once
// Where ranked play persists: players and their keys, ratings, matches and the replays that decided them. One
// interface, two backends over the same SQL (sql_store.cpp): SQLite (one file, write-ahead log: the embedded default)
// and PostgreSQL (several service processes sharing one queue and leaderboard). Every call answers false with why
// (the backend's own words, e.g. "database or disk is full") and changes nothing then: a result and both rating
// changes are one transaction.
#include "game/ranked/glicko2.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ranked {

/// Schema version this build writes; older stores are migrated on open, newer ones refused.
constexpr int kSchemaVersion = 6;

/// A match as the service knows it.
struct MatchRecord {
    std::int64_t id = 0;         ///< the service's random id (positive 63-bit)
    std::string player[2];       ///< players' ids (their Ed25519 public keys in hex)
    std::string fighter[2];      ///< fighter ids
    std::uint64_t seed = 1;      ///< the fight's seed
    std::string rules;           ///< the rules hash both peers played under (hex)
    bool ranked = true;          ///< ratings move (ranked) or not (quick match)
    std::string state = "open";  ///< open (being played), verified, disputed, void (expired, nobody played),
                                 ///< forfeit (expired: the side that never showed loses, unrated)
    int winner = -1;             ///< 0/1 the winner, 2 a draw, -1 none yet
    std::string flags;           ///< why a side was flagged ("" = nothing), e.g. "p2 missing log"
    double change[2] = {0, 0};   ///< rating change of each side
    std::int64_t created = 0;    ///< service time (seconds) when made
    int latencyMs = -1;          ///< the queue's estimate of the players' round trip (-1: unknown, a challenge)
};

/// What the service decided about a match. The store rates the game itself (both ratings read and written inside the
/// transaction that records the result and keeps the replay), so two processes never rate from stale values.
struct Decision {
    std::int64_t matchId = 0;
    std::string state = "verified";  ///< verified, disputed, void or forfeit (the last two never rated)
    int winner = -1;
    std::string flags;
    std::string replay;  ///< the recording the decision was computed from
};

/// A player waiting in the shared queue (the queue table).
struct QueuedPlayer {
    std::string player;
    std::string kind;  ///< quick or ranked
    std::string fighter;
    double rating = 1500;
    std::int64_t joinedMs = 0;
    int rttMs = -1;      ///< the player's measured round trip to the service (-1: not said)
    std::string region;  ///< the region of the address the service saw ("" when none): a name, so every process
                         ///< reads it with its own region table
};

/// Chooses pairs among waiting players (indexes into the list); the service's queue rules.
using ChoosePairs = std::function<std::vector<std::pair<std::size_t, std::size_t>>(const std::vector<QueuedPlayer>&)>;
/// Makes the match of a pair (its id, seed, rules, ranked; the players and fighters are filled in by the store).
using MakeMatch = std::function<MatchRecord(const QueuedPlayer&, const QueuedPlayer&)>;

/// Hashes a player told the service during a match (Checkpoint requests): confirmed frame -> Fight::hash() after
/// it, as the player's recording's `check` lines say them.
using Claims = std::map<std::int64_t, std::uint64_t>;

/// An open match without a log that ran past a deadline (Store::staleMatches), and which sides were seen in it.
struct StaleMatch {
    std::int64_t id = 0;
    bool seen[2] = {false, false};  ///< that side sent a checkpoint
};

/// A player's row.
struct PlayerRecord {
    std::string id;  ///< public key hex
    std::string name;
    std::string code;  ///< the friend code (the key's fingerprint)
    Rating rating;
};

/// addLog's refusal of a second log from one side: the only one not the database's (a full disk, a lost connection).
constexpr const char* kLogAlreadyIn = "this side's log is already in";
/// enqueue's refusal of a player already in the queue: the only one not the database's.
constexpr const char* kAlreadyWaiting = "already waiting";
/// dequeue's refusal of a player not in the queue, and withdrawChallenge's of one without a challenge: the only ones
/// not the database's.
constexpr const char* kNotWaiting = "not waiting";
constexpr const char* kNoChallenge = "no challenge";
/// The checkpoints addClaims keeps for one side of a match (a best of three of full 99-second rounds has about 300),
/// and its refusal of more: the only one not the database's.
constexpr std::int64_t kMaxClaimsPerSide = 5000;
constexpr const char* kTooManyClaims = "more than 5000 checkpoints for one side of a match";
/// player()'s refusal of a key it does not know, the start of match()'s for an id it does not know (`unknown match N`)
/// and of playerByCode()'s for a code nobody has (`no player has the code CODE`): the only refusals of theirs not the
/// database's.
constexpr const char* kUnknownPlayer = "unknown player";
constexpr const char* kUnknownMatch = "unknown match ";
constexpr const char* kUnknownCode = "no player has the code ";
/// Whether a refused player(), match() or playerByCode() found no such row (the request's fault), not a database that
/// failed.
inline bool isUnknownRow(const std::string& why) {
    return why == kUnknownPlayer || why.rfind(kUnknownMatch, 0) == 0 || why.rfind(kUnknownCode, 0) == 0;
}
/// decide()'s refusal of a match that is not open (`match N already decided (STATE)`: another decision came first),
/// the only one not the database's besides an unknown match.
constexpr const char* kAlreadyDecided = " already decided (";
/// Whether a refused decide() found the match decided already or missing, not a database that failed.
inline bool isDecidedOrUnknown(const std::string& why) {
    return isUnknownRow(why) || why.find(kAlreadyDecided) != std::string::npos;
}

class Store {
public:
    virtual ~Store() = default;
    /// Adds a player (or renames one already known).
    virtual bool savePlayer(const PlayerRecord& p, std::string& why) = 0;
    /// A player by id; false with why kUnknownPlayer when there is none.
    virtual bool player(const std::string& id, PlayerRecord& out, std::string& why) = 0;
    /// Several players by id (they may repeat) in one statement: a page naming each player of its rows. An id the
    /// store does not know is left out of `out`, which is cleared first.
    virtual bool players(const std::vector<std::string>& ids, std::map<std::string, PlayerRecord>& out,
                         std::string& why) = 0;
    /// A player id by friend code.
    virtual bool playerByCode(const std::string& code, std::string& id, std::string& why) = 0;
    /// Adds a match in state open and assigns both players to it (what Poll answers); refused when its id exists.
    virtual bool createMatch(const MatchRecord& m, std::string& why) = 0;
    /// A match by id; false with why `unknown match N` (kUnknownMatch) when there is none.
    virtual bool match(std::int64_t id, MatchRecord& out, std::string& why) = 0;
    /// Records a decision: the match leaves `open`, both ratings change (ranked and verified only), the replay is
    /// kept, all or nothing. Refused ("already decided") when the match is not open: a result counts once.
    virtual bool decide(const Decision& d, std::string& why) = 0;
    /// The best `limit` players with at least one rated game (a player without one is not ranked), leaderboard
    /// order.
    virtual bool leaderboard(int limit, std::vector<Standing>& out, std::string& why) = 0;
    /// A player's last `limit` matches, newest first.
    virtual bool history(const std::string& id, int limit, std::vector<MatchRecord>& out, std::string& why) = 0;
    /// The replay stored for a decided match.
    virtual bool replay(std::int64_t matchId, std::string& text, std::string& why) = 0;
    /// Matches still open (a restarted service finds the ones its predecessor was playing).
    virtual bool openMatches(std::vector<MatchRecord>& out, std::string& why) = 0;

    // The shared queue: several service processes pair players from one table.
    /// Puts a player in the queue (and forgets its last assignment); refused kAlreadyWaiting, else the database's
    /// reason.
    virtual bool enqueue(const QueuedPlayer& q, std::string& why) = 0;
    /// Takes a player out of the queue; false (kNotWaiting) when it was not in, else the database's reason.
    virtual bool dequeue(const std::string& player, std::string& why) = 0;
    /// In one transaction: the `batch` longest waiting of `kind` that no other process holds (SELECT ... FOR UPDATE
    /// SKIP LOCKED), the pairs choose() picks among them, each made a match (make()) with both players assigned and
    /// taken out of the queue. Two processes pairing at once take disjoint players: nobody is matched twice.
    virtual bool pairQueue(const std::string& kind, int batch, const ChoosePairs& choose, const MakeMatch& make,
                           std::vector<MatchRecord>& made, std::string& why) = 0;
    /// Players waiting in the queue.
    virtual bool queued(std::int64_t& count, std::string& why) = 0;
    /// Whether one player waits in the queue.
    virtual bool isQueued(const std::string& player, bool& waiting, std::string& why) = 0;

    // Assignments and logs: what any process needs to answer a player of a match another process made.
    /// The match a player was last assigned (0 when none) and the lobby room its p1 named ("" while none).
    virtual bool assignment(const std::string& player, std::int64_t& matchId, std::string& room, std::string& why) = 0;
    /// Names the lobby room of a match, for both its players.
    virtual bool setRoom(std::int64_t matchId, const std::string& room, std::string& why) = 0;
    /// Keeps an admitted log of one side of an open match with the opponent's countersignatures it carried
    /// (net::countersignText); refused kLogAlreadyIn, else the database's reason.
    virtual bool addLog(std::int64_t matchId, int side, const std::string& text, const std::string& countersigns,
                        std::int64_t nowMs, std::string& why) = 0;
    /// The logs kept for a match ("" for a side not in), and their countersignatures when countersigns is given.
    virtual bool logs(std::int64_t matchId, std::string text[2], std::string& why,
                      std::string* countersigns = nullptr) = 0;
    /// Keeps hashes one side claimed during an open match (a frame claimed before keeps its first hash); refused
    /// kTooManyClaims beyond kMaxClaimsPerSide, else the database's reason.
    virtual bool addClaims(std::int64_t matchId, int side, const Claims& claims, std::string& why) = 0;
    /// The hashes each side claimed.
    virtual bool claims(std::int64_t matchId, Claims out[2], std::string& why) = 0;
    /// Open matches to decide now: both logs in, or the first one received before deadlineMs.
    virtual bool matchesToDecide(std::int64_t deadlineMs, std::vector<std::int64_t>& out, std::string& why) = 0;

    // Friends' challenges, kept here so that two players meet whichever process each reaches.
    /// In one transaction that first locks both players' rows (so two processes answering each other's challenge at
    /// once take turns, and the second sees the first's): when `target` already challenges `challenger` (a
    /// challenge made at or after sinceMs), that challenge is taken out, make()'s match created with the target as
    /// p1 (it challenged first) and both assigned, and matched is true; else the challenger's challenge is recorded
    /// (replacing its earlier one) and matched is false.
    virtual bool challenge(const std::string& challenger, const std::string& target, const std::string& fighter,
                           std::int64_t nowMs, std::int64_t sinceMs, const std::function<MatchRecord()>& make,
                           MatchRecord& made, bool& matched, std::string& why) = 0;
    /// Takes a player's challenge back; false (kNoChallenge) when it had none, else the database's reason.
    virtual bool withdrawChallenge(const std::string& challenger, std::string& why) = 0;
    /// Open matches without any log that are past a deadline: made (created, seconds) at or before connectCutoff
    /// with no checkpoint from either side, or at or before finalCutoff whatever was seen.
    virtual bool staleMatches(std::int64_t connectCutoff, std::int64_t finalCutoff, std::vector<StaleMatch>& out,
                              std::string& why) = 0;

    /// Statements run since open (database writes per match, measured).
    virtual std::int64_t statements() const = 0;
};

/// False with why (`PATH: not a bvh_matchd store (it has tables ...)`) when PATH is another program's SQLite database:
/// it has tables and none is the store's `schema_version`. Reads only; a file it cannot read passes (the open says why).
bool sqliteFileIsStoreOrNew(const std::string& path, std::string& why);
/// Opens (creating and migrating) a SQLite store in one file, in WAL mode. Null with why on failure. maxPages > 0
/// caps the file (SQLite's max_page_count): what a full disk does, for tests. Another program's database is refused
/// (sqliteFileIsStoreOrNew) before anything in it is changed.
std::unique_ptr<Store> openSqliteStore(const std::string& path, std::string& why, std::int64_t maxPages = 0);
/// Opens a PostgreSQL store by libpq connection string (e.g. "host=/tmp/x port=5432 dbname=bvh"), creating and
/// migrating its tables. Null with why on failure, or when this build has no libpq. A schema (current_schema()) that
/// holds another program's tables is refused before anything is created, as openSqliteStore refuses a file.
std::unique_ptr<Store> openPostgresStore(const std::string& conninfo, std::string& why);

/// A test's hook: called before each statement of a decision's transaction with its index (0 = BEGIN); a crash test
/// ends the process there.
void setDecisionStatementHook(std::function<void(int)> hook);

}  // namespace ranked
