// A fighter's animations are identified in the fight state (and so in its hash, the replays' checkpoints and online
// peers' comparisons) by their position in the fighter file. A shipped position that moves changes every golden
// replay's hashes with no hint why; this test says why first. The lists below are the shipped files' order, copied
// by hand from data/fighters/ (a regression list, not a golden value worked out from the spec): new animations and
// moves go at the end of a file, after these.
#include "game/io/fighter_file.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

struct Shipped {
    const char* id;
    std::vector<std::string> anims;
};

const std::vector<Shipped>& shipped() {
    static const std::vector<Shipped> list = {
        {"ryo", {"stand",  "walk",         "crouch",      "jump",         "block",       "crouchblock", "hitstun",
                 "ko",     "hitstun-high", "hitstun-low", "down",         "win",         "lose",        "light",
                 "heavy",  "low",          "air",         "special",      "dash",        "backdash",    "thrown",
                 "rising", "throw",        "medium",      "crouchmedium", "crouchheavy", "super"}},
        {"brick", {"stand",    "walk",         "crouch",      "jump",  "block",  "crouchblock",  "hitstun",
                   "ko",       "light",        "heavy",       "low",   "air",    "special",      "dash",
                   "backdash", "thrown",       "rising",      "throw", "medium", "crouchmedium", "crouchheavy",
                   "super",    "hitstun-high", "hitstun-low", "down",  "win",    "lose"}},
        {"tasha", {"stand",    "walk",         "crouch",      "jump",  "block",  "crouchblock",  "hitstun",
                   "ko",       "light",        "heavy",       "low",   "air",    "special",      "dash",
                   "backdash", "thrown",       "rising",      "throw", "medium", "crouchmedium", "crouchheavy",
                   "super",    "hitstun-high", "hitstun-low", "down",  "win",    "lose"}},
    };
    return list;
}

}  // namespace

TEST_CASE("every shipped animation keeps its position in its fighter file: new moves are appended at the end") {
    for (const Shipped& s : shipped()) {
        const std::string id = s.id;
        CAPTURE(id);
        const sim::FighterLoad load = sim::loadFighterById(BVH_DATA_DIR, s.id);
        REQUIRE_MESSAGE(load.ok, load.error.file << ":" << load.error.line << ": " << load.error.message);
        const std::vector<sim::AnimDef>& anims = load.def.anims;
        REQUIRE(anims.size() >= s.anims.size());
        for (std::size_t i = 0; i < s.anims.size(); ++i) {
            CHECK_MESSAGE(anims[i].name == s.anims[i],
                          "data/fighters/" << std::string(s.id) << ".fighter: animation " << i << " is '"
                                           << anims[i].name << "', shipped as '" << s.anims[i]
                                           << "': animations are identified by their position and the state hash "
                                              "includes it; append new moves and animations at the end of the file");
        }
    }
}
