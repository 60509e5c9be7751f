#pragma once
// Integer axis-aligned boxes, the one geometric value the whole engine is built on.
//
// Boxes are plain values with free functions. The one edge rule, used everywhere: collision is INCLUSIVE on all
// four sides, so boxes that share only an edge or a corner collide (spec/bvh.md). Areas are 64-bit so boxes a few
// hundred thousand units a side cannot overflow.
#include <algorithm>
#include <cstdint>

namespace engine {

/// An integer box; (minX, minY) is the bottom-left corner, (maxX, maxY) the top-right one.
struct AABB {
    int minX = 0, minY = 0, maxX = 0, maxY = 0;
    /// True when the corners are ordered (min <= max on both axes).
    constexpr bool valid() const { return minX <= maxX && minY <= maxY; }
    constexpr bool operator==(const AABB& o) const {
        return minX == o.minX && minY == o.minY && maxX == o.maxX && maxY == o.maxY;
    }
    constexpr bool operator!=(const AABB& o) const { return !(*this == o); }
};

/// Width times height, in 64 bits.
constexpr std::int64_t area(const AABB& a) {
    return std::int64_t(a.maxX - std::int64_t(a.minX)) * (std::int64_t(a.maxY) - a.minY);
}

/// Perimeter (2 * (w + h)) in 64 bits; the cost the balanced tree minimises.
constexpr std::int64_t perimeter(const AABB& a) {
    return 2 * ((std::int64_t(a.maxX) - a.minX) + (std::int64_t(a.maxY) - a.minY));
}

/// The smallest box holding both a and b.
constexpr AABB merge(const AABB& a, const AABB& b) {
    return {std::min(a.minX, b.minX), std::min(a.minY, b.minY), std::max(a.maxX, b.maxX), std::max(a.maxY, b.maxY)};
}

/// Area of merge(a, b): the homework's unionArea.
constexpr std::int64_t unionArea(const AABB& a, const AABB& b) { return area(merge(a, b)); }

/// Inclusive overlap test: touching edges and corners collide.
constexpr bool collide(const AABB& a, const AABB& b) {
    return a.maxX >= b.minX && a.minX <= b.maxX && a.maxY >= b.minY && a.minY <= b.maxY;
}

/// True when inner lies inside outer, borders included.
constexpr bool contains(const AABB& outer, const AABB& inner) {
    return outer.minX <= inner.minX && outer.minY <= inner.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY;
}

/// The box grown by m on every side (m >= 0), clamped to int range.
constexpr AABB fattened(const AABB& a, int m) {
    auto lo = [](std::int64_t v) { return int(std::max<std::int64_t>(v, INT32_MIN)); };
    auto hi = [](std::int64_t v) { return int(std::min<std::int64_t>(v, INT32_MAX)); };
    return {lo(std::int64_t(a.minX) - m), lo(std::int64_t(a.minY) - m), hi(std::int64_t(a.maxX) + m),
            hi(std::int64_t(a.maxY) + m)};
}

/// The box moved by (dx, dy).
constexpr AABB translated(const AABB& a, int dx, int dy) {
    return {a.minX + dx, a.minY + dy, a.maxX + dx, a.maxY + dy};
}

}  // namespace engine
