#pragma once
// Abstract buttons: what the simulation sees of a player's controls, one bit each.
//
// The buttons are open data: data/buttons.cfg (loaded by game/io/button_file) lists them once, with a name, a
// replay letter and default keys; a button's bit is its row in that table. The first nine rows are the buttons
// the first recorded replays used and stay where they are (so an old replay's letters keep meaning the same
// buttons); new buttons are appended. The rules know only the directions and start by bit; every attack button
// is reached through a fighter file's move inputs, by name.
//
// Directions are ABSOLUTE (Left/Right on the screen); the simulation turns them into back/forward using the
// fighter's facing, so a replay stays valid whichever side a fighter stands on. Keys never reach the simulation:
// the app maps keys to these bits, the CPU and the scripts produce the same bits.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sim {

/// Bits of the table's fixed rows. Directions and start are the rules' own; light, heavy, special and throw are
/// the shipped table's first attack buttons (the CPU and the tests press them by bit).
enum Button : std::uint16_t {
    kUp = 1 << 0,       ///< jump
    kDown = 1 << 1,     ///< crouch
    kLeft = 1 << 2,     ///< screen left
    kRight = 1 << 3,    ///< screen right
    kLight = 1 << 4,    ///< light attack
    kHeavy = 1 << 5,    ///< heavy attack
    kSpecial = 1 << 6,  ///< special
    kStart = 1 << 7,    ///< pause (ignored by the rules)
    kThrow = 1 << 8,    ///< throw (and throw tech)
};

/// Most buttons a table may hold (the input of a frame is 16 bits per player).
constexpr int kMaxButtons = 16;
/// Rows every table starts with, in this order (their bits are fixed).
constexpr int kFixedButtons = 9;

/// One row of the button table.
struct ButtonDef {
    std::string name;                  ///< script and fighter-file name ("light")
    char letter = '?';                 ///< replay letter ('A')
    std::string label;                 ///< short text a move list shows ("L", "LP" ...)
    std::vector<std::string> keys[2];  ///< default keys of player 1 and 2 (the app's key names)
    std::vector<int> pad;              ///< default gamepad buttons
    int line = 0;                      ///< where the table declares it (0 = built in)
};

/// The button table: row i is bit (1 << i).
struct ButtonTable {
    std::vector<ButtonDef> rows;  ///< in bit order
    /// Bit of the button with this name, or 0.
    std::uint16_t bit(std::string_view name) const;
    /// Row of a single bit, or nullptr.
    const ButtonDef* row(std::uint16_t bit) const;
    /// Every defined bit.
    std::uint16_t mask() const;
    /// The names joined with spaces (for messages).
    std::string names() const;
};

/// The nine fixed rows with their names and letters (no keys): what the tables of every data folder start with.
ButtonTable fixedButtonTable();
/// The table in force. Until a program installs one (game/io's loadButtons), the fixed rows.
const ButtonTable& buttonTable();
/// Installs the table every name and letter lookup below reads (done once at start-up, before any file that names
/// buttons is read; the rules never read it per frame).
void setButtonTable(const ButtonTable& table);

/// Both players' held buttons for one 60 Hz frame (index 0 = player 1).
struct FrameInput {
    std::uint16_t buttons[2] = {0, 0};
};

/// Script name of a single button bit ("up", "light" ...), "?" when the table has none.
const char* buttonName(std::uint16_t bit);
/// Parses one script name (see buttonName) to its bit; returns 0 for an unknown name.
std::uint16_t parseButtonName(std::string_view name);
/// Parses `a+b+c` (or `none`) to a bit set; returns false on an unknown name or one given twice (`down+down`, as
/// parseButtonLetters refuses `AA`).
bool parseButtonSet(std::string_view text, std::uint16_t& out);
/// The first button name `a+b+c` gives twice (`down` for `down+up+down`), or "" when none is repeated.
std::string repeatedButton(std::string_view text);
/// Replay letters for a bit set, in table order (U D L R A B C S T ...), or "-" when nothing is held.
std::string buttonLetters(std::uint16_t buttons);
/// Parses replay letters back to a bit set; returns false on an unknown letter or one given twice (the writer
/// gives each once: `AA` is a damaged or hand-made frame, not a button held twice).
bool parseButtonLetters(std::string_view text, std::uint16_t& out);
/// The first letter text gives twice (`A` for `RAA`), or 0 when none is repeated.
char repeatedLetter(std::string_view text);
/// The table's letters as one string ("UDLRABCST..."), for messages.
std::string buttonLetterList();

}  // namespace sim
