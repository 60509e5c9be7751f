#pragma once
// The installation's identity on disk: DATA/identity.key beside the replays folder (XDG: $XDG_DATA_HOME/bvh-fighter,
// else ~/.local/share/bvh-fighter), made on first online use, written through io's atomic writer readable by its
// owner only (mode 0600). It holds the Ed25519 seed in hex; the public key and fingerprint follow from it.
//
//   bvh-fighter identity 1
//   seed = 64 HEX DIGITS
//
// It is read as every text file of the game is (game/io/text.h): a byte order mark, CRLF, blanks around fields and
// `#` comments are fine; the spaces around '=' may be left out (`seed=HEX`, as in settings.cfg; it is written
// `seed = `); the hex digits may be in either case (it is written in lower case).
#include "game/net/identity.h"

#include <string>

namespace run {

/// DATA/identity.key for the player's folders ("" with error when there is no data folder).
std::string identityPath(std::string& error);
/// Why a key could not be loaded or made: a file at the path that cannot be read or is damaged, or a new key
/// that could not be written (a full disk, a folder that cannot be made).
enum class KeyProblem { None, BadFile, NotWritten };
/// Loads the identity at path, or makes one and writes it there when nothing has that name. name is the player's
/// name (validPlayerName; else "player"). False with error for a damaged file (`PATH:LINE: what`), one that cannot
/// be read (`PATH: is a directory`, `PATH: cannot open: REASON`) or a failed write: a key is never replaced.
bool loadOrMakeIdentity(const std::string& path, const std::string& name, net::Identity& out, std::string& error);
/// The same, saying in problem which kind of failure it was (None on success).
bool loadOrMakeIdentity(const std::string& path, const std::string& name, net::Identity& out, std::string& error,
                        KeyProblem& problem);
/// The player's name for this run: $BVH_PLAYER_NAME, else $USER, when it is a valid name; else "player".
std::string playerName();

}  // namespace run
