#pragma once
// Action scripts: the human-written form of a replay (grammar at the top of script.cpp and in the README).
// A script compiles to a MatchSetup, per-frame inputs and a list of expectations checked while it runs.
#include "game/sim/fight.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sim {

/// One `expect` line of a script.
struct Expectation {
    int line = 0;            ///< line in the script
    std::string text;        ///< the line as written (for messages)
    bool isEvent = false;    ///< event expectation (hit, block, cancel, ko, timeover, roundstart) vs state check
    bool negate = false;     ///< `expect no ...`: the event must NOT happen in the window
    EventType event = EventType::Hit;  ///< event kind
    int victim = -1;         ///< event victim (KO: the fallen) or -1 for any
    int attacker = -1;       ///< event attacker or -1 for any
    std::string member;      ///< member hit, "" for any
    std::string move;        ///< attacker's move, "" for any
    std::int64_t first = 0;  ///< first frame of the window (state checks: first == last == the frame)
    std::int64_t last = 0;   ///< last frame of the window, inclusive
    int player = -1;         ///< state check: 0/1 for `p1.field`, -1 for match fields
    std::string field;       ///< state field: health x y move wins combo facing airborne crouching blocking hitstun blockstun advantage / round winner timer projectiles frame
    std::string op = "==";   ///< == != < <= > >=
    std::string value;       ///< expected value (number or word)
};

/// Checks a state expectation against the fight now; on failure, fills why with the actual value.
bool checkState(const Expectation& e, const Fight& fight, std::string& why);
/// True when the event matches an event expectation (kind, players, member, move).
bool eventMatches(const Expectation& e, const Event& ev);

}  // namespace sim
