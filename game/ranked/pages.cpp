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

}  // namespace ranked
