#pragma once
// A fighter's move list as plain data, for whatever draws it (the app's move-list screen, the README, the
// frame-data pages): every move a player can enter, its display name, its inputs as tokens and its properties,
// all read from the fighter's data, so a new move in a fighter file appears in the list with no code.
#include "game/sim/fight.h"

#include <string>
#include <vector>

namespace sim {

/// One token of an input, in the order a player enters them.
struct MoveToken {
    enum class Kind : std::uint8_t { Direction, Motion, Button };
    Kind kind = Kind::Button;     ///< what it is
    std::vector<int> directions;  ///< Direction: one numpad direction (2 = any down); Motion: its steps (2 3 6)
    std::uint16_t button = 0;     ///< Button: the bit
    std::string text;             ///< "6", "236", or the button's label from the button table
};

/// One input of a move (a move may have several, e.g. light or heavy for a jump-in).
struct MoveListInput {
    std::vector<MoveToken> tokens;  ///< direction/motion first, then the button
    bool simple = false;            ///< a Simple-style shortcut
    bool air = false;               ///< entered in the air
};

/// One move of the list.
struct MoveListEntry {
    std::string name;                           ///< the file's name ("rising")
    std::string display;                        ///< the shown name ("Rising Uppercut")
    std::vector<MoveListInput> inputs;          ///< how to enter it
    int startup = 0, active = 0, recovery = 0;  ///< frame data as the file declares it
    int damage = 0;                             ///< damage on hit
    Guard level = Guard::Mid;                   ///< hit level
    bool projectile = false, knockdown = false, launcher = false, invincible = false, noTech = false;  ///< properties
    std::vector<std::string> cancels;  ///< moves it cancels into (file names)
};

/// Numpad steps of a motion (236 -> 2 3 6).
std::vector<int> motionSteps(Motion m);
/// The motion's notation ("236"), "" for None.
const char* motionText(Motion m);
/// A hit level's word ("mid", "overhead" ...).
const char* levelText(Guard g);
/// True for a move that grabs: its level is `throw` or it places a throw box (a command throw on 623, a grab
/// super). Guarding does not stop it; its hit level in the file is then not what the opponent meets.
bool isGrab(const AnimDef& a);
/// Every move of a fighter that has an input, in file order, with the inputs `style` allows (Simple shows its
/// shortcuts too). Button labels come from the button table in force.
std::vector<MoveListEntry> moveList(const FighterDef& def, InputStyle style = InputStyle::Motion);

}  // namespace sim
