#pragma once
// Abstract buttons: what the simulation sees of a player's controls, one bit each.
//
// Directions are ABSOLUTE (Left/Right on the screen); the simulation turns them into back/forward using the
// fighter's facing, so a replay stays valid whichever side a fighter stands on. Keys never reach the simulation:
// the app maps keys to these bits, the CPU and the scripts produce the same bits.
#include <cstdint>
#include <string>
#include <string_view>

namespace sim {

/// One bit per button; a player's input for one frame is the OR of the held buttons.
enum Button : std::uint16_t {
    kUp = 1 << 0,       ///< jump
    kDown = 1 << 1,     ///< crouch
    kLeft = 1 << 2,     ///< screen left
    kRight = 1 << 3,    ///< screen right
    kLight = 1 << 4,    ///< light attack
    kHeavy = 1 << 5,    ///< heavy attack
    kSpecial = 1 << 6,  ///< projectile special
    kStart = 1 << 7,    ///< pause (ignored by the rules)
    kThrow = 1 << 8,    ///< throw (and throw tech); letter T, added after format 1's first files
};

/// Number of defined button bits.
constexpr int kButtonCount = 9;

/// Both players' held buttons for one 60 Hz frame (index 0 = player 1).
struct FrameInput {
    std::uint16_t buttons[2] = {0, 0};
};

/// Script name of a single button bit ("up", "down", "left", "right", "light", "heavy", "special", "start", "throw").
const char* buttonName(std::uint16_t bit);
/// Parses one script name (see buttonName) to its bit; returns 0 for an unknown name.
std::uint16_t parseButtonName(std::string_view name);
/// Parses `a+b+c` (or `none`) to a bit set; returns false on an unknown name.
bool parseButtonSet(std::string_view text, std::uint16_t& out);
/// Replay letters for a bit set: U D L R A(light) B(heavy) C(special) S(start) T(throw), or "-" when nothing is held.
std::string buttonLetters(std::uint16_t buttons);
/// Parses replay letters back to a bit set; returns false on an unknown letter.
bool parseButtonLetters(std::string_view text, std::uint16_t& out);

}  // namespace sim
