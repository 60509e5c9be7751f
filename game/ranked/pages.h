#pragma once
// The service's GET pages that describe players (bvh_matchd serves them; tests read them in-process):
//   GET /player/KEYHEX   `name NAME` / `code FP` / `rating R D GAMES provisional|established` / `rank N` (0: no
//                        rated game yet, or not among the first kRankedPlaces), or a 404 for a player the store
//                        does not know
//   GET /history/KEYHEX  the last 20 matches, newest first: `ID STATE WINNER FIGHTER1 FIGHTER2 CHANGE1 CHANGE2 KEY1
//                        KEY2` (the last two, both players' keys, say which side the asker played); then `name KEY
//                        NAME` once for each player of those matches, with the name the store knows for the key
//                        now (NAME may hold spaces: the rest of the line)
//   GET /leaderboard     the best kLeaderboardRows players with a rated game: `RANK CODE RATING DEVIATION GAMES
//                        [provisional] NAME` a line
//   GET /api/leaderboard, GET /api/history/KEYHEX: the same as JSON, for the leaderboard page (web/leaderboard.js)
// Each page reads the names of its players in one statement (Store::players), whatever the number of rows.
#include "game/ranked/client.h"
#include "game/ranked/store.h"

#include <string>

namespace ranked {

/// GET /player's page for the player whose key is keyHex; false with why when the store does not know it.
bool playerPage(Store& store, const std::string& keyHex, std::string& page, std::string& why);
/// GET /history's page; false with why when the store cannot read it.
bool historyPage(Store& store, const std::string& keyHex, std::string& page, std::string& why);
/// The rows GET /leaderboard lists.
constexpr int kLeaderboardRows = 100;
/// GET /leaderboard's page; false with why when the store cannot read it.
bool leaderboardPage(Store& store, std::string& page, std::string& why);
/// GET /api/leaderboard: [{"rank":1,"key":"...","code":"...","name":"...","rating":1500.0,"deviation":...,
/// "games":...,"provisional":...}, ...], or {"error":"WHY"}.
std::string leaderboardJson(Store& store);
/// GET /api/history/KEYHEX: the player's last 20 matches, [{"id":"...","state":"...","ranked":...,"players":[NAME1,
/// NAME2],"fighters":[...],"winner":...,"change":[...],"flags":"..."}, ...], or {"error":"WHY"}.
std::string historyJson(Store& store, const std::string& keyHex);

}  // namespace ranked
