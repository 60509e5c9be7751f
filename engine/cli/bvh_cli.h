#pragma once
// The homework's `bvh` program as a library function, so tests can run it without a process: read the agent file
// into an AgentBVH, then perform the actions file's records in order, printing exactly what spec/bvh.md says.
//
// Both files are read whole and parsed line by line with string views (no per-token streams), and output is
// collected in a buffer written in large chunks, so a 200,000-member agent and a 1,000,000-action file take
// seconds. Every malformed record stops the run with `FILE:LINE: what is wrong` on the error stream; whatever was
// printed for earlier actions has already been written by then.
#include <iosfwd>
#include <string>

namespace bvhcli {

/// Exit status for success.
inline constexpr int kOk = 0;
/// Exit status for a bad or unreadable input file.
inline constexpr int kBadInput = 1;
/// Exit status for a wrong command line.
inline constexpr int kUsage = 2;

/// Largest coordinate magnitude accepted, so every area and union area fits in 64 bits.
inline constexpr long long kCoordLimit = 1000000000;

/// Runs the program on the two files; returns kOk or kBadInput (the message is already on err).
int run(const std::string& agentPath, const std::string& actionsPath, std::ostream& out, std::ostream& err);

/// Runs the program from main's arguments (`bvh [AGENT_FILE ACTIONS_FILE]`); returns the exit status.
int runMain(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace bvhcli
