#pragma once
// A fighter's move list as plain data, built from its FighterDef: what each input does, written as glyphs (arrows
// relative to the way the fighter faces and the buttons), with a short line of frame data. The character select
// screen and the pause menu draw it (game/app/move_list_draw.*); nothing here knows SFML, so a test reads the
// list a fighter file produces. The moves are the file's own (sim::moveList: every move with an `input`, under
// its `display` name), so a new move appears with no code; movement and defence come from the rules' fixed
// inputs and the file's windows (no `dash` record: no dashes).
#include "game/sim/fight.h"

#include <cstdint>
#include <string>
#include <vector>

namespace view {

/// One symbol of an input: a direction (relative: forward is the way the fighter faces), a button, or a joint.
enum class Glyph : std::uint8_t {
    Up,
    UpForward,
    Forward,
    DownForward,
    Down,
    DownBack,
    Back,
    UpBack,  // directions, clockwise from up
    Light,
    Heavy,
    Special,
    Throw,
    Medium,  // buttons
    Plus,    ///< pressed together with what follows
    Or,      ///< either what comes before or what follows
};

/// True for the eight direction glyphs.
inline bool isDirection(Glyph g) { return g <= Glyph::UpBack; }
/// True for the button glyphs.
inline bool isButton(Glyph g) { return g >= Glyph::Light && g <= Glyph::Medium; }
/// The direction's angle in degrees, clockwise from up (Up 0, Forward 90, Down 180, Back 270).
inline int directionAngle(Glyph g) { return int(g) * 45; }

/// Which part of the list an entry belongs to.
enum class Group : std::uint8_t { Movement, Defence, Normal, Special, Throw };

/// One line of the move list.
struct MoveEntry {
    Group group = Group::Normal;  ///< section
    std::string name;             ///< "Fireball", "Block low", ...
    std::vector<Glyph> input;     ///< what to press, in order (adjacent directions are a motion)
    std::string when;             ///< a condition in words ("in the air", "hold", "when grabbed"), or ""
    std::string detail;           ///< frame data and properties in words ("mid, 90 damage, 12f startup")
    std::string move;             ///< the fighter file's anim name it starts ("" for blocking)
    std::vector<Glyph> simple;    ///< the simple style's shortcut for it (empty: none)
};

/// The section heading of a group ("MOVEMENT", "DEFENCE", "NORMALS", "SPECIALS", "THROWS").
const char* groupName(Group g);
/// A glyph in words for text-only output and tests ("down-forward", "special", "+").
const char* glyphName(Glyph g);

/// The move list of a fighter, in display order: movement, defence, normals, specials, throws.
std::vector<MoveEntry> moveList(const sim::FighterDef& def);

/// An input as words ("down, down-forward, forward + special").
std::string inputText(const std::vector<Glyph>& input);

}  // namespace view
