#pragma once
// The installation's identity on disk: DATA/identity.key beside the replays folder (XDG: $XDG_DATA_HOME/bvh-fighter,
// else ~/.local/share/bvh-fighter), made on first online use, written through io's atomic writer readable by its
// owner only (mode 0600). It holds the Ed25519 seed in hex; the public key and fingerprint follow from it.
//
//   bvh-fighter identity 1
//   seed = 64 HEX DIGITS
#include "game/net/identity.h"

#include <string>

namespace run {

/// DATA/identity.key for the player's folders ("" with error when there is no data folder).
std::string identityPath(std::string& error);
/// Loads the identity at path, or makes one and writes it there when there is no file. name is the player's name
/// (validPlayerName; else "player"). False with error (`PATH:LINE: what`) for a damaged file or a failed write: a
/// damaged key is never replaced in silence.
bool loadOrMakeIdentity(const std::string& path, const std::string& name, net::Identity& out, std::string& error);
/// The player's name for this run: $BVH_PLAYER_NAME, else $USER, when it is a valid name; else "player".
std::string playerName();

}  // namespace run
