#pragma once
// The key hints along the bottom of a fight, from the bindings in use: in a match the players' own keys and the
// key that opens the pause menu; in training the practice and debug keys too (overlay, freeze, step, slow motion,
// reset), and where those keys act at all. Pure functions of the bindings, so the app tests check them without a
// window.
#include "game/app/input/bindings.h"
#include "game/sim/fight.h"

#include <string>

namespace app {

/// True when the practice keys (freeze, frame step, slow motion, reset) act on a paced fight of `mode`: in training,
/// and where nobody plays a match (a replay watched, a tutorial lesson or combo trial: sources that offer no
/// rematch). Never in a match against a player or the CPU, arcade included: the freeze key sits beside player 1's
/// medium button, and reset would throw the match away unasked (the pause menu's Reset is chosen on purpose).
inline bool practiceKeysAct(sim::Mode mode, bool offersRematch) {
    return mode == sim::Mode::Training || !offersRematch;
}

/// One player's keys: "P1: W A S D move, J light, O medium, K heavy, L special, I throw"; a button with two keys
/// names both ("P2: ... Numpad1/Comma light, ...").
std::string playerKeysHint(const Bindings& b, int player);
/// The hint line of a live fight of `mode`: the human players' keys and the pause key; in training the debug keys
/// instead of P2's. Versus takes two lines, P1's keys and the pause key, then "\n" and P2's keys.
std::string fightHint(const Bindings& b, sim::Mode mode);

/// The hint line of an online match: this side plays on player 1's keys whatever its seat, so the line says which
/// fighter is this player's and the keys, then how to leave ("You are P2 (right): W A S D move, ...    Escape:
/// leave").
std::string onlineHint(const Bindings& b, int seat);

/// The hint line of a tutorial lesson: player 1's keys (the lesson is played with them) and the pause key.
std::string lessonHint(const Bindings& b);
/// The lesson panel's line of player 1's direction keys, with glyph names as the tutorial's `say` lines use them:
/// "Your keys:  [up] W   [down] S   [back] A   [forward] D   (forward = towards the opponent)" for a fighter
/// facing right; facing left, back and forward swap keys.
std::string lessonKeysLine(const Bindings& b, bool facingRight);

/// The overlay's key line (while the hitbox overlay is on): its own keys, and the practice keys where they act.
std::string overlayHint(const Bindings& b, bool practice);

/// The hint line of a replay: overlay, freeze, frame step, slow motion and the menu key.
std::string replayHint(const Bindings& b);

}  // namespace app
