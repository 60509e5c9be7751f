#include "game/ranked/glicko2.h"

#include <algorithm>
#include <cmath>

namespace ranked {
namespace {

constexpr double kScale = 173.7178;  // Glicko points per Glicko-2 unit
constexpr double kPi = 3.14159265358979323846;
constexpr double kConvergence = 0.000001;

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (kPi * kPi)); }
double expected(double mu, double muJ, double phiJ) { return 1.0 / (1.0 + std::exp(-g(phiJ) * (mu - muJ))); }

// Step 5 of the paper: the new volatility, by the Illinois algorithm on f(x) = 0.
double newVolatility(double sigma, double phi, double v, double delta, double tau) {
    const double a = std::log(sigma * sigma);
    const auto f = [&](double x) {
        const double ex = std::exp(x);
        const double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
    };
    double A = a, B = 0.0;
    if (delta * delta > phi * phi + v) {
        B = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0.0 && k < 1000) ++k;  // bounded: f grows without limit as x falls
        B = a - k * tau;
    }
    double fA = f(A), fB = f(B);
    for (int i = 0; i < 200 && std::fabs(B - A) > kConvergence; ++i) {
        const double C = A + (A - B) * fA / (fB - fA);
        const double fC = f(C);
        if (fC * fB <= 0.0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2.0;
        }
        B = C;
        fB = fC;
    }
    return std::exp(A / 2.0);
}

}  // namespace

Rating updateRating(const Rating& before, const std::vector<GameResult>& games, double tau) {
    const double mu = (before.rating - 1500.0) / kScale;
    const double phi = before.deviation / kScale;
    Rating after = before;
    if (games.empty()) {
        after.deviation =
            std::min(kMaxDeviation, std::sqrt(phi * phi + before.volatility * before.volatility) * kScale);
        return after;
    }
    double vInverse = 0.0, sum = 0.0;
    for (const GameResult& game : games) {
        const double muJ = (game.opponent.rating - 1500.0) / kScale;
        const double phiJ = game.opponent.deviation / kScale;
        const double e = expected(mu, muJ, phiJ);
        vInverse += g(phiJ) * g(phiJ) * e * (1.0 - e);
        sum += g(phiJ) * (game.score - e);
    }
    const double v = 1.0 / vInverse;
    const double sigma = newVolatility(before.volatility, phi, v, v * sum, tau);
    const double phiStar = std::sqrt(phi * phi + sigma * sigma);
    const double phiNew = 1.0 / std::sqrt(1.0 / (phiStar * phiStar) + 1.0 / v);
    after.rating = (mu + phiNew * phiNew * sum) * kScale + 1500.0;
    after.deviation = std::min(kMaxDeviation, phiNew * kScale);
    after.volatility = sigma;
    after.games = before.games + int(games.size());
    return after;
}

void rateGame(Rating& a, Rating& b, double score, double tau) {
    const Rating a0 = a, b0 = b;
    a = updateRating(a0, {GameResult{b0, score}}, tau);
    b = updateRating(b0, {GameResult{a0, 1.0 - score}}, tau);
}

bool isProvisional(const Rating& r) { return r.deviation > kProvisionalDeviation || r.games < kProvisionalGames; }

bool leaderboardBefore(const Standing& a, const Standing& b) {
    const bool pa = isProvisional(a.rating), pb = isProvisional(b.rating);
    if (pa != pb) return !pa;
    if (a.rating.rating != b.rating.rating) return a.rating.rating > b.rating.rating;
    if (a.rating.deviation != b.rating.deviation) return a.rating.deviation < b.rating.deviation;
    return a.player < b.player;
}

}  // namespace ranked
