#pragma once
// `game_headless --ranked HOST:PORT`: the player's side of bvh_matchd for bots and tests, through the same
// ranked::RankedClient (client.h) and the same steps as the window's Online screen: queue, play the match the
// service made through its lobby as a headless online peer, send the checkpoints and the recording, wait for the
// decision.
#include "game/io/flag_table.h"

#include <string>

namespace ranked {

/// True when the command line asks for --ranked (known: every flag of the program's modes, io::flagGiven).
bool wantsRankedClient(int argc, char** argv, const io::FlagTable& known);
/// The client's flags, each refusing itself: its part of a program's known flags.
io::FlagTable knownClientFlags();
/// `game_headless --ranked HOST:PORT [--queue quick|ranked] [--fighter ID] [--wait SECONDS] [--play attack|idle]
/// [--dir DIR]`: queues, plays the match it is given through the service's lobby (its buttons: walk in and attack,
/// or stand), sends the recording and waits for the service's decision.
int runRankedClient(int argc, char** argv, const std::string& defaultDataDir);

}  // namespace ranked
