#pragma once
// A temporary folder removed at the end of a test, and small makers of players and matches.
#include "game/ranked/store.h"

#include <cstdlib>
#include <filesystem>
#include <string>

namespace rankedtest {

struct TempDir {
    std::string path;
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "bvh-ranked-XXXXXX").string();
        if (char* made = mkdtemp(pattern.data())) path = made;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    std::string file(const std::string& name) const { return path + "/" + name; }
};

inline ranked::PlayerRecord player(const std::string& id, const std::string& name) {
    ranked::PlayerRecord p;
    p.id = id;
    p.name = name;
    p.code = "code-" + id;
    return p;
}

inline ranked::MatchRecord match(std::int64_t id, const std::string& a, const std::string& b) {
    ranked::MatchRecord m;
    m.id = id;
    m.player[0] = a;
    m.player[1] = b;
    m.fighter[0] = "ryo";
    m.fighter[1] = "brick";
    m.seed = 0xfedcba9876543210ULL;
    m.rules = "00112233";
    m.created = id;
    return m;
}

/// The checks every store backend passes (store.test.cpp): players, a decided match, a result counted once.
void checkStoreBasics(ranked::Store& s);

}  // namespace rankedtest
