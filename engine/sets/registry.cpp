// The registry's table, built from registry.def: one pointer to each structure's constant entry; and the scene
// sums the cost estimates share.
#include "engine/sets/registry.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>

namespace engine {
namespace {

const SetEntry* const kEntries[kSetKindCount] = {
#define ENGINE_COLLISION_SET(Kind, file) &k##Kind##Entry,
#include "engine/sets/registry.def"
#undef ENGINE_COLLISION_SET
};

}  // namespace

const SetEntry& setEntry(SetKind kind) {
    assert(int(kind) >= 0 && int(kind) < kSetKindCount);
    return *kEntries[int(kind)];
}

std::unique_ptr<CollisionSet> makeCollisionSet(SetKind kind, const SetOptions& options) {
    return setEntry(kind).make(options);
}

const char* setKindName(SetKind kind) { return setEntry(kind).name; }

bool parseSetKind(std::string_view name, SetKind& kind) {
    for (int k = 0; k < kSetKindCount; ++k) {
        if (name == kEntries[k]->name) {
            kind = SetKind(k);
            return true;
        }
    }
    return false;
}

SetCost estimateCost(SetKind kind, const SetOptions& options, const std::vector<ItemGroup>& groups) {
    return setEntry(kind).cost(options, SceneEstimate(options, groups));
}

SceneEstimate::SceneEstimate(const SetOptions& options, const std::vector<ItemGroup>& groups) {
    worldW_ = std::max(1.0, double(options.world.maxX) - options.world.minX);
    worldH_ = std::max(1.0, double(options.world.maxY) - options.world.minY);
    for (ItemGroup g : groups) {
        if (g.count <= 0) continue;
        g.width = std::clamp(g.width, 0.0, worldW_);
        g.height = std::clamp(g.height, 0.0, worldH_);
        g.move = std::max(0.0, g.move);
        groups_.push_back(g);
        n_ += g.count;
        sumW_ += g.count * g.width;
        sumH_ += g.count * g.height;
        sumWH_ += g.count * g.width * g.height;
    }
}

double SceneEstimate::overlapPairs() const {
    // Boxes a x b and c x d placed at random meet with probability (a + c)(b + d) / area; summed over all ordered
    // pairs (i, j) that is 2 (n sum(wh) + sum(w) sum(h)) / area, whose i = j terms, 4 sum(wh) / area, are not pairs.
    const double area = worldW_ * worldH_;
    return std::max(0.0, (2.0 * (n_ * sumWH_ + sumW_ * sumH_) - 4.0 * sumWH_) / area);
}

double SceneEstimate::stripPairs() const {
    // Extents a and c meet with probability (a + c) / width: summed over the ordered pairs, 2 n sum(w) / width.
    return std::max(0.0, 2.0 * (n_ - 1) * sumW_ / worldW_);
}

double SceneEstimate::cellRefs(double side) const {
    side = std::max(1.0, side);
    const double cols = std::ceil(worldW_ / side), rows = std::ceil(worldH_ / side);
    double refs = 0;
    for (const ItemGroup& g : groups_)
        refs +=
            g.count * std::min(cols, std::floor(g.width / side) + 2) * std::min(rows, std::floor(g.height / side) + 2);
    return refs;
}

double SceneEstimate::movedCells(double side) const {
    side = std::max(1.0, side);
    const double cols = std::ceil(worldW_ / side), rows = std::ceil(worldH_ / side);
    double cells = 0;
    for (const ItemGroup& g : groups_) {
        const double strip = std::min(cols, std::floor(g.move / side) + 1);  // columns (or rows) entered and left
        const double span =
            std::min(cols, std::floor(g.width / side) + 2) + std::min(rows, std::floor(g.height / side) + 2);
        cells += g.count * 2 * strip * span;
    }
    return cells;
}

double SceneEstimate::worldCells(double side) const {
    side = std::max(1.0, side);
    return std::ceil(worldW_ / side) * std::ceil(worldH_ / side);
}

double SceneEstimate::itemsAboveInQuadtree(int depth) const {
    // An item w wide crosses one of the vertical split lines at spacing S with probability about w / S (and so for
    // heights); if it crosses a line of level l + 1 it stays at level l or above, where a query meets it when it
    // passes through that node: one node in 4^l of its level.
    double above = 0;
    for (const ItemGroup& g : groups_) {
        double perQuery = 0, linesPerUnit = 2, share = 1;  // level l: 2^(l+1) lines per world side, 1 / 4^l of them
        for (int l = 0; l <= depth && perQuery < 1; ++l, linesPerUnit *= 2, share /= 4) {
            const double crosses =
                l == depth ? 1.0 : std::min(1.0, linesPerUnit * (g.width / worldW_ + g.height / worldH_));
            perQuery += crosses * share;
        }
        above += g.count * std::min(1.0, perQuery);
    }
    return above;
}

double SceneEstimate::worldSide() const { return std::min(worldW_, worldH_); }

std::string setKindNames() {
    std::string names;
    for (int k = 0; k < kSetKindCount; ++k) names += (k > 0 ? ", " : "") + std::string(kEntries[k]->name);
    return names;
}

}  // namespace engine
