// The store's statements, once for SQLite and PostgreSQL: plain SQL both accept ($N parameters, ON CONFLICT,
// DOUBLE PRECISION, BIGINT), all values passed as text. Each write is a transaction; a failure rolls it back.
#include "game/ranked/sql_connection.h"
#include "game/ranked/store.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace ranked {
namespace {

// Migration N takes a store from schema N to N + 1; each runs in the one migration transaction.
const std::vector<std::vector<const char*>> kMigrations = {
    {"CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, code TEXT NOT NULL UNIQUE)",
     "CREATE TABLE keys (key TEXT PRIMARY KEY, player TEXT NOT NULL REFERENCES players(id))",
     "CREATE TABLE ratings (player TEXT PRIMARY KEY REFERENCES players(id), rating DOUBLE PRECISION NOT NULL,"
     " deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL)",
     "CREATE TABLE matches (id BIGINT PRIMARY KEY, player_a TEXT NOT NULL REFERENCES players(id),"
     " player_b TEXT NOT NULL REFERENCES players(id), fighter_a TEXT NOT NULL, fighter_b TEXT NOT NULL,"
     " seed TEXT NOT NULL, rules TEXT NOT NULL, ranked INTEGER NOT NULL, state TEXT NOT NULL, winner INTEGER NOT NULL,"
     " flags TEXT NOT NULL, change_a DOUBLE PRECISION NOT NULL, change_b DOUBLE PRECISION NOT NULL,"
     " created BIGINT NOT NULL)"},
    {"CREATE TABLE replays (match_id BIGINT PRIMARY KEY REFERENCES matches(id), text TEXT NOT NULL)",
     "CREATE INDEX matches_by_a ON matches (player_a, created)",
     "CREATE INDEX matches_by_b ON matches (player_b, created)", "CREATE INDEX matches_open ON matches (state)"},
    {"CREATE TABLE queue (player TEXT PRIMARY KEY REFERENCES players(id), kind TEXT NOT NULL, fighter TEXT NOT NULL,"
     " rating DOUBLE PRECISION NOT NULL, joined BIGINT NOT NULL)",
     "CREATE INDEX queue_by_age ON queue (kind, joined)",
     "CREATE TABLE assignments (player TEXT PRIMARY KEY REFERENCES players(id),"
     " match_id BIGINT NOT NULL REFERENCES matches(id), room TEXT NOT NULL)",
     "CREATE INDEX assignments_by_match ON assignments (match_id)",
     "CREATE TABLE logs (match_id BIGINT NOT NULL REFERENCES matches(id), side INTEGER NOT NULL, text TEXT NOT NULL,"
     " received BIGINT NOT NULL, PRIMARY KEY (match_id, side))",
     "CREATE TABLE claims (match_id BIGINT NOT NULL REFERENCES matches(id), side INTEGER NOT NULL,"
     " frame BIGINT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (match_id, side, frame))"},
    // Pairing by latency: each waiting player's measured round trip and region, each match's estimate.
    {"ALTER TABLE queue ADD COLUMN rtt INTEGER NOT NULL DEFAULT -1",
     "ALTER TABLE queue ADD COLUMN region TEXT NOT NULL DEFAULT ''",
     "ALTER TABLE matches ADD COLUMN latency INTEGER NOT NULL DEFAULT -1"},
    // Friends' challenges in the store, so that two processes sharing it meet them.
    {"CREATE TABLE challenges (challenger TEXT PRIMARY KEY REFERENCES players(id),"
     " target TEXT NOT NULL REFERENCES players(id), fighter TEXT NOT NULL, made BIGINT NOT NULL)",
     "CREATE INDEX challenges_by_target ON challenges (target)"},
    // The opponent's countersignatures each log carried (logs before read as carrying none).
    {"ALTER TABLE logs ADD COLUMN countersigns TEXT NOT NULL DEFAULT ''"},
};

const char* kMatchColumns =
    "id, player_a, player_b, fighter_a, fighter_b, seed, rules, ranked, state, winner, flags, change_a, change_b, "
    "created, latency";

std::function<void(int)>& decisionHook() {
    static std::function<void(int)> hook;
    return hook;
}

std::string num(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}
std::string num(std::int64_t v) { return std::to_string(v); }
std::string hex64(std::uint64_t v) {
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

MatchRecord matchFromRow(const std::vector<std::string>& r) {
    MatchRecord m;
    m.id = std::strtoll(r[0].c_str(), nullptr, 10);
    m.player[0] = r[1];
    m.player[1] = r[2];
    m.fighter[0] = r[3];
    m.fighter[1] = r[4];
    m.seed = std::strtoull(r[5].c_str(), nullptr, 16);
    m.rules = r[6];
    m.ranked = r[7] == "1";
    m.state = r[8];
    m.winner = std::atoi(r[9].c_str());
    m.flags = r[10];
    m.change[0] = std::strtod(r[11].c_str(), nullptr);
    m.change[1] = std::strtod(r[12].c_str(), nullptr);
    m.created = std::strtoll(r[13].c_str(), nullptr, 10);
    m.latencyMs = std::atoi(r[14].c_str());
    return m;
}

Rating ratingFromRow(const std::vector<std::string>& r, std::size_t at) {
    Rating x;
    x.rating = std::strtod(r[at].c_str(), nullptr);
    x.deviation = std::strtod(r[at + 1].c_str(), nullptr);
    x.volatility = std::strtod(r[at + 2].c_str(), nullptr);
    x.games = std::atoi(r[at + 3].c_str());
    return x;
}

class SqlStore : public Store {
public:
    explicit SqlStore(std::unique_ptr<SqlConnection> db) : db_(std::move(db)) {}

    bool migrate(std::string& why);
    bool savePlayer(const PlayerRecord& p, std::string& why) override;
    bool player(const std::string& id, PlayerRecord& out, std::string& why) override;
    bool players(const std::vector<std::string>& ids, std::map<std::string, PlayerRecord>& out,
                 std::string& why) override;
    bool playerByCode(const std::string& code, std::string& id, std::string& why) override;
    bool createMatch(const MatchRecord& m, std::string& why) override;
    bool match(std::int64_t id, MatchRecord& out, std::string& why) override;
    bool decide(const Decision& d, std::string& why) override;
    bool leaderboard(int limit, std::vector<Standing>& out, std::string& why) override;
    bool history(const std::string& id, int limit, std::vector<MatchRecord>& out, std::string& why) override;
    bool replay(std::int64_t matchId, std::string& text, std::string& why) override;
    bool openMatches(std::vector<MatchRecord>& out, std::string& why) override;
    bool enqueue(const QueuedPlayer& q, std::string& why) override;
    bool dequeue(const std::string& player, std::string& why) override;
    bool pairQueue(const std::string& kind, int batch, const ChoosePairs& choose, const MakeMatch& make,
                   std::vector<MatchRecord>& made, std::string& why) override;
    bool queued(std::int64_t& count, std::string& why) override;
    bool isQueued(const std::string& player, bool& waiting, std::string& why) override;
    bool assignment(const std::string& player, std::int64_t& matchId, std::string& room, std::string& why) override;
    bool setRoom(std::int64_t matchId, const std::string& room, std::string& why) override;
    bool addLog(std::int64_t matchId, int side, const std::string& text, const std::string& countersigns,
                std::int64_t nowMs, std::string& why) override;
    bool logs(std::int64_t matchId, std::string text[2], std::string& why, std::string* countersigns) override;
    bool matchesToDecide(std::int64_t deadlineMs, std::vector<std::int64_t>& out, std::string& why) override;
    bool addClaims(std::int64_t matchId, int side, const Claims& claims, std::string& why) override;
    bool claims(std::int64_t matchId, Claims out[2], std::string& why) override;
    bool challenge(const std::string& challenger, const std::string& target, const std::string& fighter,
                   std::int64_t nowMs, std::int64_t sinceMs, const std::function<MatchRecord()>& make,
                   MatchRecord& made, bool& matched, std::string& why) override;
    bool withdrawChallenge(const std::string& challenger, std::string& why) override;
    bool staleMatches(std::int64_t connectCutoff, std::int64_t finalCutoff, std::vector<StaleMatch>& out,
                      std::string& why) override;
    std::int64_t statements() const override { return statements_; }

private:
    bool run(const std::string& sql, const std::vector<std::string>& params, SqlRows& out, std::string& why) {
        ++statements_;
        return db_->exec(sql, params, out, why);
    }
    bool run(const std::string& sql, const std::vector<std::string>& params, std::string& why) {
        SqlRows ignored;
        return run(sql, params, ignored, why);
    }
    bool rollback(std::string& why) {
        std::string ignored;
        run("ROLLBACK", {}, ignored);
        (void)why;
        return false;
    }
    bool applyDecision(const Decision& d, const std::vector<std::string>& match, std::string& why);
    bool insertMatch(const MatchRecord& m, std::string& why);

    std::unique_ptr<SqlConnection> db_;
    std::int64_t statements_ = 0;
};

bool SqlStore::migrate(std::string& why) {
    SqlRows rows;
    if (!run(db_->begin(), {}, why)) return false;
    if ((*db_->migrationLock() && !run(db_->migrationLock(), {}, why)) ||
        !run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)", {}, why) ||
        !run("SELECT version FROM schema_version", {}, rows, why))
        return rollback(why);
    int version = 0;
    if (rows.rows.empty()) {
        if (!run("INSERT INTO schema_version (version) VALUES (0)", {}, why)) return rollback(why);
    } else {
        version = std::atoi(rows.rows[0][0].c_str());
    }
    if (int(kMigrations.size()) != kSchemaVersion || version > kSchemaVersion) {
        why = "the store has schema version " + std::to_string(version) + ", newer than this service's " +
              std::to_string(kSchemaVersion) + " (update the service)";
        return rollback(why);
    }
    for (; version < kSchemaVersion; ++version) {
        for (const char* sql : kMigrations[std::size_t(version)])
            if (!run(sql, {}, why)) return rollback(why);
    }
    if (!run("UPDATE schema_version SET version = $1", {num(std::int64_t(version))}, why) || !run("COMMIT", {}, why))
        return rollback(why);
    return true;
}

bool SqlStore::savePlayer(const PlayerRecord& p, std::string& why) {
    const Rating& r = p.rating;
    if (!run(db_->begin(), {}, why)) return false;
    if (!run("INSERT INTO players (id, name, code) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET name = $2",
             {p.id, p.name, p.code}, why) ||
        !run("INSERT INTO keys (key, player) VALUES ($1, $1) ON CONFLICT (key) DO NOTHING", {p.id}, why) ||
        !run("INSERT INTO ratings (player, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5)"
             " ON CONFLICT (player) DO NOTHING",
             {p.id, num(r.rating), num(r.deviation), num(r.volatility), num(std::int64_t(r.games))}, why) ||
        !run("COMMIT", {}, why))
        return rollback(why);
    return true;
}

constexpr const char* kPlayerSelect =
    "SELECT p.id, p.name, p.code, r.rating, r.deviation, r.volatility, r.games FROM players p"
    " JOIN ratings r ON r.player = p.id";

bool SqlStore::player(const std::string& id, PlayerRecord& out, std::string& why) {
    SqlRows rows;
    if (!run(std::string(kPlayerSelect) + " WHERE p.id = $1", {id}, rows, why)) return false;
    if (rows.rows.empty()) {
        why = kUnknownPlayer;
        return false;
    }
    const auto& r = rows.rows[0];
    out = PlayerRecord{r[0], r[1], r[2], ratingFromRow(r, 3)};
    return true;
}

bool SqlStore::players(const std::vector<std::string>& ids, std::map<std::string, PlayerRecord>& out,
                       std::string& why) {
    SqlRows rows;
    out.clear();
    if (ids.empty()) return true;
    std::string in;  // $1, $2, ...: both databases take a parameter list of any length
    for (std::size_t i = 0; i < ids.size(); ++i) in += (i ? ", $" : "$") + std::to_string(i + 1);
    if (!run(std::string(kPlayerSelect) + " WHERE p.id IN (" + in + ")", ids, rows, why)) return false;
    for (const auto& r : rows.rows) out[r[0]] = PlayerRecord{r[0], r[1], r[2], ratingFromRow(r, 3)};
    return true;
}

bool SqlStore::playerByCode(const std::string& code, std::string& id, std::string& why) {
    SqlRows rows;
    if (!run("SELECT id FROM players WHERE code = $1", {code}, rows, why)) return false;
    if (rows.rows.empty()) {
        why = kUnknownCode + code;
        return false;
    }
    id = rows.rows[0][0];
    return true;
}

// Inside a transaction: the match row and both players' assignments to it.
bool SqlStore::insertMatch(const MatchRecord& m, std::string& why) {
    if (!run(std::string("INSERT INTO matches (") + kMatchColumns +
                 ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', -1, '', 0, 0, $9, $10)",
             {num(m.id), m.player[0], m.player[1], m.fighter[0], m.fighter[1], hex64(m.seed), m.rules,
              m.ranked ? "1" : "0", num(m.created), num(std::int64_t(m.latencyMs))},
             why))
        return false;
    for (const std::string& p : m.player)
        if (!run("INSERT INTO assignments (player, match_id, room) VALUES ($1, $2, '')"
                 " ON CONFLICT (player) DO UPDATE SET match_id = $2, room = ''",
                 {p, num(m.id)}, why))
            return false;
    return true;
}

bool SqlStore::createMatch(const MatchRecord& m, std::string& why) {
    if (!run(db_->begin(), {}, why)) return false;
    if (!insertMatch(m, why) || !run("COMMIT", {}, why)) return rollback(why);
    return true;
}

bool SqlStore::enqueue(const QueuedPlayer& q, std::string& why) {
    SqlRows rows;
    if (!run(db_->begin(), {}, why)) return false;
    if (!run("DELETE FROM assignments WHERE player = $1", {q.player}, why) ||
        !run(
            "INSERT INTO queue (player, kind, fighter, rating, joined, rtt, region) VALUES ($1, $2, $3, $4, $5, $6, $7)"
            " ON CONFLICT (player) DO NOTHING",
            {q.player, q.kind, q.fighter, num(q.rating), num(q.joinedMs), num(std::int64_t(q.rttMs)), q.region}, rows,
            why))
        return rollback(why);
    if (rows.changed == 0) {
        why = kAlreadyWaiting;
        return rollback(why);
    }
    return run("COMMIT", {}, why) || rollback(why);
}

bool SqlStore::dequeue(const std::string& player, std::string& why) {
    SqlRows rows;
    if (!run("DELETE FROM queue WHERE player = $1", {player}, rows, why)) return false;
    if (rows.changed == 0) why = kNotWaiting;
    return rows.changed > 0;
}

bool SqlStore::pairQueue(const std::string& kind, int batch, const ChoosePairs& choose, const MakeMatch& make,
                         std::vector<MatchRecord>& made, std::string& why) {
    SqlRows rows;
    if (!run(db_->begin(), {}, why)) return false;
    if (!run("SELECT player, kind, fighter, rating, joined, rtt, region FROM queue WHERE kind = $1"
             " ORDER BY joined, player LIMIT " +
                 num(std::int64_t(batch)) + db_->forUpdateSkipLocked(),
             {kind}, rows, why))
        return rollback(why);
    std::vector<QueuedPlayer> waiting;
    for (const auto& r : rows.rows)
        waiting.push_back(QueuedPlayer{r[0], r[1], r[2], std::strtod(r[3].c_str(), nullptr),
                                       std::strtoll(r[4].c_str(), nullptr, 10), std::atoi(r[5].c_str()), r[6]});
    std::vector<MatchRecord> now;
    for (const auto& [a, b] : choose(waiting)) {
        MatchRecord m = make(waiting[a], waiting[b]);
        m.player[0] = waiting[a].player;
        m.player[1] = waiting[b].player;
        m.fighter[0] = waiting[a].fighter;
        m.fighter[1] = waiting[b].fighter;
        if (!insertMatch(m, why) ||
            !run("DELETE FROM queue WHERE player = $1 OR player = $2", {m.player[0], m.player[1]}, why))
            return rollback(why);
        now.push_back(m);
    }
    if (!run("COMMIT", {}, why)) return rollback(why);
    made.insert(made.end(), now.begin(), now.end());
    return true;
}

bool SqlStore::queued(std::int64_t& count, std::string& why) {
    SqlRows rows;
    if (!run("SELECT COUNT(*) FROM queue", {}, rows, why)) return false;
    count = rows.rows.empty() ? 0 : std::strtoll(rows.rows[0][0].c_str(), nullptr, 10);
    return true;
}

bool SqlStore::isQueued(const std::string& player, bool& waiting, std::string& why) {
    SqlRows rows;
    if (!run("SELECT 1 FROM queue WHERE player = $1", {player}, rows, why)) return false;
    waiting = !rows.rows.empty();
    return true;
}

bool SqlStore::assignment(const std::string& player, std::int64_t& matchId, std::string& room, std::string& why) {
    SqlRows rows;
    if (!run("SELECT match_id, room FROM assignments WHERE player = $1", {player}, rows, why)) return false;
    matchId = rows.rows.empty() ? 0 : std::strtoll(rows.rows[0][0].c_str(), nullptr, 10);
    room = rows.rows.empty() ? "" : rows.rows[0][1];
    return true;
}

bool SqlStore::setRoom(std::int64_t matchId, const std::string& room, std::string& why) {
    return run("UPDATE assignments SET room = $2 WHERE match_id = $1", {num(matchId), room}, why);
}

bool SqlStore::addLog(std::int64_t matchId, int side, const std::string& text, const std::string& countersigns,
                      std::int64_t nowMs, std::string& why) {
    SqlRows rows;
    if (!run("INSERT INTO logs (match_id, side, text, received, countersigns) VALUES ($1, $2, $3, $4, $5)"
             " ON CONFLICT (match_id, side) DO NOTHING",
             {num(matchId), num(std::int64_t(side)), text, num(nowMs), countersigns}, rows, why))
        return false;
    if (rows.changed == 0) why = kLogAlreadyIn;
    return rows.changed > 0;
}

bool SqlStore::logs(std::int64_t matchId, std::string text[2], std::string& why, std::string* countersigns) {
    SqlRows rows;
    for (int side = 0; side < 2; ++side) {
        text[side].clear();
        if (countersigns) countersigns[side].clear();
    }
    if (!run("SELECT side, text, countersigns FROM logs WHERE match_id = $1", {num(matchId)}, rows, why)) return false;
    for (const auto& r : rows.rows) {
        if (r[0] != "0" && r[0] != "1") continue;
        text[r[0] == "1"] = r[1];
        if (countersigns) countersigns[r[0] == "1"] = r[2];
    }
    return true;
}

bool SqlStore::addClaims(std::int64_t matchId, int side, const Claims& claims, std::string& why) {
    SqlRows rows;
    if (!run(db_->begin(), {}, why)) return false;
    if (!run("SELECT COUNT(*) FROM claims WHERE match_id = $1 AND side = $2", {num(matchId), num(std::int64_t(side))},
             rows, why))
        return rollback(why);
    if (std::strtoll(rows.rows.at(0).at(0).c_str(), nullptr, 10) + std::int64_t(claims.size()) > kMaxClaimsPerSide) {
        why = kTooManyClaims;
        return rollback(why);
    }
    for (const auto& [frame, hash] : claims)
        if (!run("INSERT INTO claims (match_id, side, frame, hash) VALUES ($1, $2, $3, $4)"
                 " ON CONFLICT (match_id, side, frame) DO NOTHING",
                 {num(matchId), num(std::int64_t(side)), num(frame), hex64(hash)}, why))
            return rollback(why);
    return run("COMMIT", {}, why) || rollback(why);
}

bool SqlStore::claims(std::int64_t matchId, Claims out[2], std::string& why) {
    SqlRows rows;
    out[0].clear();
    out[1].clear();
    if (!run("SELECT side, frame, hash FROM claims WHERE match_id = $1", {num(matchId)}, rows, why)) return false;
    for (const auto& r : rows.rows)
        out[r[0] == "1"][std::strtoll(r[1].c_str(), nullptr, 10)] = std::strtoull(r[2].c_str(), nullptr, 16);
    return true;
}

bool SqlStore::matchesToDecide(std::int64_t deadlineMs, std::vector<std::int64_t>& out, std::string& why) {
    SqlRows rows;
    out.clear();
    if (!run("SELECT l.match_id FROM logs l JOIN matches m ON m.id = l.match_id WHERE m.state = 'open'"
             " GROUP BY l.match_id HAVING COUNT(*) = 2 OR MIN(l.received) <= CAST($1 AS BIGINT) ORDER BY l.match_id",
             {num(deadlineMs)}, rows, why))
        return false;
    for (const auto& r : rows.rows) out.push_back(std::strtoll(r[0].c_str(), nullptr, 10));
    return true;
}

bool SqlStore::challenge(const std::string& challenger, const std::string& target, const std::string& fighter,
                         std::int64_t nowMs, std::int64_t sinceMs, const std::function<MatchRecord()>& make,
                         MatchRecord& made, bool& matched, std::string& why) {
    SqlRows rows;
    matched = false;
    if (!run(db_->begin(), {}, why)) return false;
    if (!run(std::string("SELECT id FROM players WHERE id = $1 OR id = $2 ORDER BY id") + db_->forUpdate(),
             {challenger, target}, why) ||
        !run("SELECT fighter FROM challenges WHERE challenger = $1 AND target = $2 AND made >= CAST($3 AS BIGINT)",
             {target, challenger, num(sinceMs)}, rows, why))
        return rollback(why);
    if (rows.rows.empty()) {
        if (!run("INSERT INTO challenges (challenger, target, fighter, made) VALUES ($1, $2, $3, $4)"
                 " ON CONFLICT (challenger) DO UPDATE SET target = $2, fighter = $3, made = $4",
                 {challenger, target, fighter, num(nowMs)}, why))
            return rollback(why);
        return run("COMMIT", {}, why) || rollback(why);
    }
    MatchRecord m = make();
    m.player[0] = target;
    m.player[1] = challenger;
    m.fighter[0] = rows.rows[0][0];
    m.fighter[1] = fighter;
    if (!run("DELETE FROM challenges WHERE challenger = $1 OR challenger = $2", {challenger, target}, why) ||
        !insertMatch(m, why) || !run("COMMIT", {}, why))
        return rollback(why);
    made = m;
    matched = true;
    return true;
}

bool SqlStore::withdrawChallenge(const std::string& challenger, std::string& why) {
    SqlRows rows;
    if (!run("DELETE FROM challenges WHERE challenger = $1", {challenger}, rows, why)) return false;
    if (rows.changed == 0) why = kNoChallenge;
    return rows.changed > 0;
}

bool SqlStore::staleMatches(std::int64_t connectCutoff, std::int64_t finalCutoff, std::vector<StaleMatch>& out,
                            std::string& why) {
    SqlRows rows;
    out.clear();
    if (!run("SELECT m.id, (SELECT COUNT(*) FROM claims c WHERE c.match_id = m.id AND c.side = 0),"
             " (SELECT COUNT(*) FROM claims c WHERE c.match_id = m.id AND c.side = 1) FROM matches m"
             " WHERE m.state = 'open' AND m.created <= CAST($1 AS BIGINT)"
             " AND NOT EXISTS (SELECT 1 FROM logs l WHERE l.match_id = m.id)"
             " AND (m.created <= CAST($2 AS BIGINT) OR NOT EXISTS (SELECT 1 FROM claims c WHERE c.match_id = m.id))"
             " ORDER BY m.id",
             {num(connectCutoff), num(finalCutoff)}, rows, why))
        return false;
    for (const auto& r : rows.rows) {
        StaleMatch s;
        s.id = std::strtoll(r[0].c_str(), nullptr, 10);
        s.seen[0] = r[1] != "0";
        s.seen[1] = r[2] != "0";
        out.push_back(s);
    }
    return true;
}

bool SqlStore::match(std::int64_t id, MatchRecord& out, std::string& why) {
    SqlRows rows;
    if (!run(std::string("SELECT ") + kMatchColumns + " FROM matches WHERE id = $1", {num(id)}, rows, why))
        return false;
    if (rows.rows.empty()) {
        why = kUnknownMatch + std::to_string(id);
        return false;
    }
    out = matchFromRow(rows.rows[0]);
    return true;
}

bool SqlStore::decide(const Decision& d, std::string& why) {
    const auto hook = [](int step) {
        if (decisionHook()) decisionHook()(step);
    };
    hook(0);
    if (!run(db_->begin(), {}, why)) return false;
    SqlRows rows;
    hook(1);
    if (!run(std::string("SELECT ") + kMatchColumns + " FROM matches WHERE id = $1" + db_->forUpdate(),
             {num(d.matchId)}, rows, why))
        return rollback(why);
    if (rows.rows.empty() || rows.rows[0][8] != "open") {
        why = rows.rows.empty() ? kUnknownMatch + std::to_string(d.matchId)
                                : "match " + std::to_string(d.matchId) + kAlreadyDecided + rows.rows[0][8] + ")";
        return rollback(why);
    }
    if (!applyDecision(d, rows.rows[0], why)) return rollback(why);
    hook(6);
    if (!run("COMMIT", {}, why)) return rollback(why);
    return true;
}

// Inside decide()'s transaction: both ratings (read locked, rated here so two processes never rate from stale
// values), the match row, the replay.
bool SqlStore::applyDecision(const Decision& d, const std::vector<std::string>& matchRow, std::string& why) {
    const MatchRecord m = matchFromRow(matchRow);
    Rating before[2], after[2];
    for (int p = 0; p < 2; ++p) {
        SqlRows rows;
        if (!run(std::string("SELECT rating, deviation, volatility, games FROM ratings WHERE player = $1") +
                     db_->forUpdate(),
                 {m.player[p]}, rows, why))
            return false;
        if (rows.rows.empty()) {
            why = "no rating for player " + m.player[p];
            return false;
        }
        before[p] = after[p] = ratingFromRow(rows.rows[0], 0);
    }
    const bool rated = m.ranked && d.state == "verified" && d.winner >= 0;
    if (rated) rateGame(after[0], after[1], d.winner == 0 ? 1.0 : d.winner == 1 ? 0.0 : 0.5);
    const auto hook = [](int step) {
        if (decisionHook()) decisionHook()(step);
    };
    hook(2);
    if (!run("UPDATE matches SET state = $2, winner = $3, flags = $4, change_a = $5, change_b = $6"
             " WHERE id = $1 AND state = 'open'",
             {num(d.matchId), d.state, num(std::int64_t(d.winner)), d.flags, num(after[0].rating - before[0].rating),
              num(after[1].rating - before[1].rating)},
             why))
        return false;
    for (int p = 0; rated && p < 2; ++p) {
        hook(3 + p);
        if (!run("UPDATE ratings SET rating = $2, deviation = $3, volatility = $4, games = $5 WHERE player = $1",
                 {m.player[p], num(after[p].rating), num(after[p].deviation), num(after[p].volatility),
                  num(std::int64_t(after[p].games))},
                 why))
            return false;
    }
    hook(5);
    const bool noReplay = d.replay.empty();  // an expired match: nothing was played
    return (noReplay || run("INSERT INTO replays (match_id, text) VALUES ($1, $2)", {num(d.matchId), d.replay}, why)) &&
           run("DELETE FROM logs WHERE match_id = $1", {num(d.matchId)}, why);
}

bool SqlStore::leaderboard(int limit, std::vector<Standing>& out, std::string& why) {
    SqlRows rows;
    out.clear();
    const std::string provisional = "CASE WHEN deviation > " + num(kProvisionalDeviation) + " OR games < " +
                                    num(std::int64_t(kProvisionalGames)) + " THEN 1 ELSE 0 END";
    // Only players with a rated game: everyone starts at 1500, and a player who never played is not ranked.
    if (!run("SELECT player, rating, deviation, volatility, games FROM ratings WHERE games > 0 ORDER BY " +
                 provisional + ", rating DESC, deviation, player LIMIT " + num(std::int64_t(limit)),
             {}, rows, why))
        return false;
    for (const auto& r : rows.rows) out.push_back(Standing{r[0], ratingFromRow(r, 1)});
    return true;
}

bool SqlStore::history(const std::string& id, int limit, std::vector<MatchRecord>& out, std::string& why) {
    SqlRows rows;
    out.clear();
    if (!run(std::string("SELECT ") + kMatchColumns +
                 " FROM matches WHERE player_a = $1 OR player_b = $1 ORDER BY created DESC, id DESC LIMIT " +
                 num(std::int64_t(limit)),
             {id}, rows, why))
        return false;
    for (const auto& r : rows.rows) out.push_back(matchFromRow(r));
    return true;
}

bool SqlStore::replay(std::int64_t matchId, std::string& text, std::string& why) {
    SqlRows rows;
    if (!run("SELECT text FROM replays WHERE match_id = $1", {num(matchId)}, rows, why)) return false;
    if (rows.rows.empty()) {
        why = "no replay for match " + std::to_string(matchId);
        return false;
    }
    text = rows.rows[0][0];
    return true;
}

bool SqlStore::openMatches(std::vector<MatchRecord>& out, std::string& why) {
    SqlRows rows;
    out.clear();
    if (!run(std::string("SELECT ") + kMatchColumns + " FROM matches WHERE state = 'open' ORDER BY id", {}, rows, why))
        return false;
    for (const auto& r : rows.rows) out.push_back(matchFromRow(r));
    return true;
}

}  // namespace

void setDecisionStatementHook(std::function<void(int)> hook) { decisionHook() = std::move(hook); }

bool anotherProgramsTables(const std::vector<std::string>& tables, const std::string& advice, std::string& why) {
    if (tables.empty() || std::find(tables.begin(), tables.end(), "schema_version") != tables.end()) return false;
    std::string list;
    for (std::size_t i = 0; i < tables.size() && i < 8; ++i) list += (i ? ", " : "") + tables[i];
    if (tables.size() > 8) list += ", ...";
    why = "not a bvh_matchd store (it has tables " + list + "; " + advice + ")";
    return true;
}

std::unique_ptr<Store> makeSqlStore(std::unique_ptr<SqlConnection> db, std::string& why) {
    auto store = std::make_unique<SqlStore>(std::move(db));
    if (!store->migrate(why)) return nullptr;
    return store;
}

}  // namespace ranked
