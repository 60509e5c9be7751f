#pragma once
// The key hints along the bottom of a fight, from the bindings in use: in a match the players' own keys and the
// key that opens the pause menu; in training the practice and debug keys too (overlay, freeze, step, slow motion,
// reset). A pure function of the bindings, so the app tests check the wording without a window.
#include "game/app/input/bindings.h"
#include "game/sim/fight.h"

#include <string>

namespace app {

/// One player's keys: "P1: W A S D move, J light, O medium, K heavy, L special, I throw".
std::string playerKeysHint(const Bindings& b, int player);
/// The hint line of a live fight of `mode`: the human players' keys and the pause key; in training the debug keys
/// instead of P2's.
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

/// The hint line of a replay: overlay, freeze, frame step, slow motion and the menu key.
std::string replayHint(const Bindings& b);

}  // namespace app
