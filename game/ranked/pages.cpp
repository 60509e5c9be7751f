// The service's player pages (see pages.h).
#include "game/ranked/pages.h"

#include <cstdio>
#include <map>

namespace ranked {

bool playerPage(Store& store, const std::string& keyHex, std::string& page, std::string& why) {
    PlayerRecord p;
    if (!store.player(keyHex, p, why)) return false;
    std::vector<Standing> board;
    int rank = 0;
    if (store.leaderboard(kRankedPlaces, board, why)) {
        for (std::size_t i = 0; i < board.size() && rank == 0; ++i)
            if (board[i].player == keyHex) rank = int(i) + 1;
    }
    char line[160];
    std::snprintf(line, sizeof line, "rating %.0f %.0f %d %s\nrank %d\n", p.rating.rating, p.rating.deviation,
                  p.rating.games, isProvisional(p.rating) ? "provisional" : "established", rank);
    page = "name " + p.name + "\ncode " + p.code + "\n" + line;
    return true;
}

bool historyPage(Store& store, const std::string& keyHex, std::string& page, std::string& why) {
    std::vector<MatchRecord> rows;
    if (!store.history(keyHex, 20, rows, why)) return false;
    page.clear();
    std::vector<std::string> ids;
    for (const MatchRecord& m : rows) {
        page += std::to_string(m.id) + " " + m.state + " " + std::to_string(m.winner) + " " + m.fighter[0] + " " +
                m.fighter[1] + " " + std::to_string(m.change[0]) + " " + std::to_string(m.change[1]) + " " +
                m.player[0] + " " + m.player[1] + "\n";
        ids.insert(ids.end(), m.player, m.player + 2);
    }
    // After the rows, each player once by the name the store knows now, all read in one statement: a reader of the
    // rows alone (parseHistory before the names) skips these lines, whose first word is not a match id. A player the
    // store cannot read now is left out (all of them when the read fails): the reader shows the fingerprint.
    std::map<std::string, PlayerRecord> players;
    std::string ignored;
    store.players(ids, players, ignored);
    for (const auto& [id, p] : players)
        if (!p.name.empty()) page += "name " + id + " " + p.name + "\n";
    return true;
}

namespace {

// The standings of the leaderboard and every one of their players, read in two statements; false with why when
// either read fails (a line without its player's code would not be one the page's readers read).
bool standings(Store& store, std::vector<Standing>& rows, std::map<std::string, PlayerRecord>& players,
               std::string& why) {
    if (!store.leaderboard(kLeaderboardRows, rows, why)) return false;
    std::vector<std::string> ids;
    for (const Standing& s : rows) ids.push_back(s.player);
    return store.players(ids, players, why);
}

}  // namespace

bool leaderboardPage(Store& store, std::string& out, std::string& why) {
    std::vector<Standing> rows;
    std::map<std::string, PlayerRecord> players;
    if (!standings(store, rows, players, why)) return false;
    out.clear();
    int rank = 0;
    for (const Standing& s : rows) {
        const PlayerRecord& p = players[s.player];
        char line[256];
        std::snprintf(line, sizeof line, "%d %s %.0f %.0f %d%s %s\n", ++rank, p.code.c_str(), s.rating.rating,
                      s.rating.deviation, s.rating.games, isProvisional(s.rating) ? " provisional" : "",
                      p.name.c_str());
        out += line;
    }
    return true;
}

namespace {

std::string jsonText(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (std::uint8_t(c) >= 0x20) out += c;
    }
    return out + "\"";
}

}  // namespace

std::string leaderboardJson(Store& store) {
    std::vector<Standing> rows;
    std::map<std::string, PlayerRecord> players;
    std::string why, out = "[";
    if (!standings(store, rows, players, why)) return "{\"error\":" + jsonText(why) + "}";
    int rank = 0;
    for (const Standing& s : rows) {
        const PlayerRecord& p = players[s.player];
        char nums[160];
        std::snprintf(nums, sizeof nums, "\"rating\":%.1f,\"deviation\":%.1f,\"games\":%d,\"provisional\":%s",
                      s.rating.rating, s.rating.deviation, s.rating.games, isProvisional(s.rating) ? "true" : "false");
        out += std::string(rank ? "," : "") + "{\"rank\":" + std::to_string(rank + 1) +
               ",\"key\":" + jsonText(s.player) + ",\"code\":" + jsonText(p.code) + ",\"name\":" + jsonText(p.name) +
               "," + nums + "}";
        ++rank;
    }
    return out + "]";
}

std::string historyJson(Store& store, const std::string& key) {
    std::vector<MatchRecord> rows;
    std::string why, out = "[";
    if (!store.history(key, 20, rows, why)) return "{\"error\":" + jsonText(why) + "}";
    std::vector<std::string> ids;
    for (const MatchRecord& m : rows) ids.insert(ids.end(), m.player, m.player + 2);
    std::map<std::string, PlayerRecord> players;  // every player's name in one statement
    store.players(ids, players, why);
    for (const MatchRecord& m : rows) {
        PlayerRecord p[2];
        for (int i = 0; i < 2; ++i)
            if (players.count(m.player[i])) p[i] = players[m.player[i]];
        char nums[96];
        std::snprintf(nums, sizeof nums, "\"winner\":%d,\"change\":[%.1f,%.1f]", m.winner, m.change[0], m.change[1]);
        out += std::string(out.size() > 1 ? "," : "") + "{\"id\":\"" + std::to_string(m.id) +
               "\",\"state\":" + jsonText(m.state) + ",\"ranked\":" + (m.ranked ? "true" : "false") + ",\"players\":[" +
               jsonText(p[0].name) + "," + jsonText(p[1].name) + "],\"fighters\":[" + jsonText(m.fighter[0]) + "," +
               jsonText(m.fighter[1]) + "]," + nums + ",\"flags\":" + jsonText(m.flags) + "}";
    }
    return out + "]";
}

}  // namespace ranked
