#pragma once
// How doctest shows an engine::AABB in a failed check: `{minX, minY, maxX, maxY}` instead of `{?}`. Include it in
// every test file that compares boxes.
#include "engine/aabb.h"

#include <doctest/doctest.h>

#include <string>

namespace doctest {
template <>
struct StringMaker<engine::AABB> {
    static String convert(const engine::AABB& b) {
        const std::string s = "{" + std::to_string(b.minX) + ", " + std::to_string(b.minY) + ", " +
                              std::to_string(b.maxX) + ", " + std::to_string(b.maxY) + "}";
        return String(s.c_str());
    }
};
}  // namespace doctest
