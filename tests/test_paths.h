#pragma once
// Where tests find the project's data/ and the shared conformance cases (set by tests/CMakeLists.txt).
#include <string>

namespace testpaths {
/// The project's data/ folder.
inline std::string data(const std::string& rel = "") {
    return std::string(BVH_DATA_DIR) + (rel.empty() ? "" : "/" + rel);
}
/// ../shared beside the checkout (may not exist outside CI and the team's machines).
inline std::string shared(const std::string& rel = "") {
    return std::string(BVH_SHARED_DIR) + (rel.empty() ? "" : "/" + rel);
}
}  // namespace testpaths
