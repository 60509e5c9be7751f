#pragma once
// `game_headless --ranked SERVICE`: joins a bvh_matchd queue with the player's identity and waits for a match, so
// bots and tests take the same path as the window. SERVICE is HOST:PORT of the service's HTTP endpoint.
namespace ranked {
bool wantsRankedClient(int argc, char** argv);
int runRankedClient(int argc, char** argv);
}  // namespace ranked
