// The Blaster's budgets (see budget.h).
#include "game/sim/blaster/budget.h"

#include <algorithm>
#include <cmath>

namespace blaster {
namespace {

/// Lasers in flight at most: three per shot, one shot every fireInterval frames, each alive while it crosses.
double lasersInFlight(const Options& o) {
    const double life = std::ceil((kScreenWidth + kLaserLength) / double(o.laserSpeed)) + 1;
    return 3 * std::ceil(life / double(o.fireInterval));
}

/// The Blaster's own margins over a structure's estimate, fitted with bench/blaster_budget_main.cpp so that every
/// measured scene costs at most about 0.7 ns of CPU per unit (bench/RESULTS.md): the grid's estimate undercounts
/// a live game on `gridCell 1` (lasers crossing hundreds of cells each frame: 3.7 ns per unit) and its rebuilds
/// with 20,000 stars (a restart storm: 1.3), the array's 20,000 stars (0.8). 1 where the estimate holds.
struct Margin {
    double build = 1, frame = 1;
};

Margin marginOf(engine::SetKind kind) {
    switch (kind) {
    case engine::SetKind::Grid: return {2.0, 6.0};
    case engine::SetKind::Array: return {1.0, 1.25};
    default: return {};
    }
}

}  // namespace

int busyShips(const Options& o) {
    if (!o.spawnEnemies) return 0;
    if (o.enemyMinSpeed <= 0) return kMaxEnemies;
    const double life = std::ceil(double(kScreenWidth + o.enemyMaxSize) / o.enemyMinSpeed) + 1;
    return int(std::min<double>(kMaxEnemies, std::ceil(life / o.spawnMinGap) + 1));
}

engine::ItemGroup placedShip(const engine::AABB& box, int speed) {
    return {1, double(box.maxX) - box.minX, double(box.maxY) - box.minY, double(speed)};
}

engine::SetCost costOf(engine::SetKind kind, const Options& o, const std::vector<engine::ItemGroup>& placed) {
    const engine::ItemGroup stars{double(o.starCount), double(o.starMaxSize), double(o.starMaxSize),
                                  double(o.starMaxSpeed)};
    const engine::ItemGroup ships{double(busyShips(o)), double(o.enemyMaxSize), double(o.enemyMaxSize),
                                  double(o.enemyMaxSpeed)};
    const engine::ItemGroup lasers{lasersInFlight(o), kLaserLength, kLaserThickness,
                                   double(o.laserSpeed + o.laserSpread)};
    std::vector<engine::ItemGroup> shipScene{ships, stars, lasers};
    shipScene.insert(shipScene.end(), placed.begin(), placed.end());
    const engine::SetCost starSet = engine::estimateCost(kind, o.sets, {stars});
    const engine::SetCost shipSet = engine::estimateCost(kind, o.sets, shipScene);
    const Margin m = marginOf(kind);
    return {starSet.bytes + shipSet.bytes + std::max(starSet.bytes, shipSet.bytes),
            m.build * (starSet.build + shipSet.build), m.frame * (starSet.frame + shipSet.frame)};
}

bool fitsMemory(engine::SetKind kind, const engine::SetCost& cost, std::string& why) {
    if (cost.bytes <= kMaxStructureBytes) return true;
    why = std::string("the ") + engine::setKindName(kind) + " structure would hold about " +
          std::to_string(std::llround(cost.bytes / (1024 * 1024))) + " MB (limit " +
          std::to_string(std::llround(kMaxStructureBytes / (1024 * 1024))) +
          " MB): fewer or smaller stars and ships, a larger gridCell or a smaller quadMaxDepth";
    return false;
}

}  // namespace blaster
