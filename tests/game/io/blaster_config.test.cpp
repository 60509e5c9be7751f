// The Blaster's tuning as text (blaster.cfg, `set` lines) and the structure names, through game/io.
#include "game/io/blaster_config.h"
#include "game/io/names.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using engine::SetKind;

namespace {

/// Every registered structure (engine/sets/registry.def).
std::vector<SetKind> allKinds() {
    std::vector<SetKind> kinds;
    for (int k = 0; k < engine::kSetKindCount; ++k) kinds.push_back(SetKind(k));
    return kinds;
}

}  // namespace

TEST_CASE("Options files and keys are checked with file and line") {
    blaster::Options o;
    std::string why;
    CHECK(blaster::setOptionText(o, "starCount", "900", why));
    CHECK(o.starCount == 900);
    CHECK_FALSE(blaster::setOptionText(o, "starCount", "-1", why));
    CHECK_FALSE(blaster::setOptionText(o, "starCount", "12x", why));
    CHECK_FALSE(blaster::setOptionText(o, "warpDrive", "1", why));
    CHECK(why.find("warpDrive") != std::string::npos);
    CHECK(blaster::setOptionText(o, "spawnEnemies", "0", why));
    CHECK_FALSE(o.spawnEnemies);
    o.spawnMinGap = 90;
    CHECK_FALSE(blaster::checkOptions(o, why));
}

TEST_CASE("data/blaster.cfg loads, and a bad options file names its file and line") {
    blaster::Options o;
    o.shotsPerCharge = o.rechargeFrames = 1;
    io::Error err;
    REQUIRE_MESSAGE(blaster::loadOptions(testpaths::data("blaster.cfg"), o, err), err.text());
    CHECK(o.shotsPerCharge == 50);   // the spec: 50 shots...
    CHECK(o.rechargeFrames == 300);  // ...then a 5-second recharge at 60 Hz
    const std::string path = (std::filesystem::temp_directory_path() / "blaster_options_test.cfg").string();
    {
        std::ofstream f(path);
        f << "# tuning\nstarCount 10\nfireInterval 0\n";
    }
    io::Error bad;
    CHECK_FALSE(blaster::loadOptions(path, o, bad));
    CHECK(bad.text().rfind(path + ":3: fireInterval", 0) == 0);
    std::remove(path.c_str());
    io::Error missing;
    CHECK_FALSE(blaster::loadOptions(path, o, missing));
    CHECK(missing.text().rfind(path + ": cannot open: ", 0) == 0);
}

TEST_CASE("blaster.cfg refuses a key given twice, and a number past 64 bits is said with the key's own range") {
    // A repeated key was taken silently (the later value won) where a script's `set`, settings.cfg and controls.cfg
    // refuse it; a huge number quoted the 64-bit range instead of the key's (starCount: 0..20000, data/blaster.cfg).
    const std::string path = (std::filesystem::temp_directory_path() / "blaster_repeat_test.cfg").string();
    std::ofstream(path) << "starCount 600\n# again:\nstarCount 500\n";
    blaster::Options o;
    io::Error bad;
    CHECK_FALSE(blaster::loadOptions(path, o, bad));
    CHECK(bad.text() == path + ":3: repeated 'starCount' (first on line 1)");
    std::ofstream(path) << "starCount 99999999999999999999999\n";
    CHECK_FALSE(blaster::loadOptions(path, o, bad));
    CHECK(bad.text() == path + ":1: starCount takes an integer in 0..20000, not '99999999999999999999999'");
    std::remove(path.c_str());
    std::string why;
    CHECK_FALSE(blaster::setOptionText(o, "spawnEnemies", "-99999999999999999999", why));
    CHECK(why == "spawnEnemies takes an integer in 0..1, not '-99999999999999999999'");
    CHECK_FALSE(blaster::setOptionText(o, "starCount", "9x", why));  // not a number: the parser's own words
    CHECK(why.rfind("starCount: ", 0) == 0);
}

TEST_CASE("Structure names round-trip, and number keys 1..N (the registry's count) name them too") {
    for (SetKind kind : allKinds()) {
        SetKind back{};
        REQUIRE(blaster::parseStructure(blaster::structureName(kind), back));
        CHECK(back == kind);
        REQUIRE(blaster::parseStructure(std::to_string(int(kind) + 1), back));
        CHECK(back == kind);
    }
    SetKind k{};
    CHECK_FALSE(blaster::parseStructure("octree", k));
    CHECK_FALSE(blaster::parseStructure(std::to_string(engine::kSetKindCount + 1), k));
    CHECK_FALSE(blaster::parseStructure("0", k));
}

TEST_CASE("The Blaster spells structures exactly as the engine and the scripts in data/replays do") {
    // Expected spellings copied by hand from data/replays/blaster_all_structures.blaster (switch lines).
    const std::pair<SetKind, const char*> scripted[] = {{SetKind::Array, "array"},
                                                        {SetKind::Grid, "grid"},
                                                        {SetKind::QuadTreeLowest, "quadtree-lowest"},
                                                        {SetKind::QuadTreeLeaves, "quadtree-leaves"},
                                                        {SetKind::AgentBvh, "agent-bvh"},
                                                        {SetKind::DynamicTree, "dynamic-tree"}};
    for (const auto& one : scripted) {  // no structured binding: CAPTURE's lambda may not capture one in C++17 (clang)
        const SetKind kind = one.first;
        const auto& name = one.second;
        CAPTURE(int(kind));
        CHECK(std::string(blaster::structureName(kind)) == name);
    }
    for (SetKind kind : allKinds()) CHECK(std::string(blaster::structureName(kind)) == engine::setKindName(kind));
    SUBCASE("the engine's former short names are not structure names") {
        SetKind k = SetKind::Array;
        CHECK_FALSE(blaster::parseStructure("bvh", k));
        CHECK_FALSE(blaster::parseStructure("dyntree", k));
        CHECK(k == SetKind::Array);
    }
}
