#pragma once
// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation (how unsure the
// service is of it) and its volatility (how erratic the player's results are). Each ranked match is a rating period
// of one game for each player, so a rating moves as soon as a match is verified. Plain arithmetic, no I/O.
#include <cstdint>
#include <string>
#include <vector>

namespace ranked {

/// A player's rating on the Glicko scale (1500 is the start, 173.7178 points per Glicko-2 unit).
struct Rating {
    double rating = 1500.0;    ///< r
    double deviation = 350.0;  ///< RD: 350 for a new player, shrinking as games are played
    double volatility = 0.06;  ///< sigma
    int games = 0;             ///< rated games played
};

/// One game of a rating period: the opponent's rating before the period and our score (1 win, 0.5 draw, 0 loss).
struct GameResult {
    Rating opponent;
    double score = 0.0;
};

/// The system constant tau (how fast volatility may change): Glickman suggests 0.3..1.2; 0.5 is his example's.
constexpr double kTau = 0.5;
/// A rating stays provisional (shown with a '?', kept off the leaderboard's ranks) while its deviation is above this
/// or fewer than kProvisionalGames games were rated.
constexpr double kProvisionalDeviation = 110.0;
constexpr int kProvisionalGames = 5;
/// The deviation never grows past a new player's.
constexpr double kMaxDeviation = 350.0;

/// The rating after one rating period with these games (none: only the deviation grows, by the volatility).
Rating updateRating(const Rating& before, const std::vector<GameResult>& games, double tau = kTau);
/// Both players' ratings after one game between them: score is player a's (1, 0.5 or 0).
void rateGame(Rating& a, Rating& b, double score, double tau = kTau);
/// True while a rating is provisional.
bool isProvisional(const Rating& r);

/// A row of the leaderboard.
struct Standing {
    std::string player;  ///< the player's id (a fingerprint or a key's hex)
    Rating rating;
};
/// Leaderboard order: established ratings before provisional ones, then by rating (highest first), then by the
/// lower deviation, then by player id (so the order is total and the same on every service).
bool leaderboardBefore(const Standing& a, const Standing& b);

}  // namespace ranked
