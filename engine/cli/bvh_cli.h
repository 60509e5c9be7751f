#pragma once
// The homework's `bvh` program as a library function, so tests can run it without a process: read the agent file
// into an AgentBVH, then perform the actions file's records in order, printing exactly what spec/bvh.md says.
//
// Both files are streamed through a fixed buffer and read a few lines ahead by a one-pass scanner (a token path
// reads and reports anything it does not take), and output goes through a buffer written every 64 KiB (the
// printed tree too), so memory stays bounded by the tree itself whatever the files' sizes (measured against the
// program's I/O floor in bench/RESULTS.md). A file past Limits::maxFileBytes or a line past Limits::maxLineBytes is
// refused (an endless input such as /dev/zero stops at once). Every malformed record stops the run with
// `FILE:LINE: what is wrong` on the error stream; whatever was printed for earlier actions has already been written
// by then. A failed write (a full disk, a closed pipe) stops the run with exit status kWriteError.
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace bvhcli {

/// Exit status for success.
inline constexpr int kOk = 0;
/// Exit status for a bad or unreadable input file.
inline constexpr int kBadInput = 1;
/// Exit status for a wrong command line.
inline constexpr int kUsage = 2;
/// Exit status when the output cannot be written.
inline constexpr int kWriteError = 3;

/// Largest coordinate magnitude accepted, so every area and union area fits in 64 bits.
inline constexpr long long kCoordLimit = 1000000000;

/// Largest input file accepted (1 GiB), far above the 33 MB of a 1,000,000-action file.
inline constexpr std::uint64_t kMaxFileBytes = std::uint64_t(1) << 30;
/// Longest line accepted (1 MiB); a record needs a few dozen bytes plus its name.
inline constexpr std::size_t kMaxLineBytes = std::size_t(1) << 20;

/// Most tree levels all insertions of one run may descend together (each agent record, and each move that
/// re-inserts its member, descends to the depth where the member lands). The spec's insertion rule sends a box that
/// adds no area to either child to the left, so members with identical or nested boxes make the tree a chain in
/// which every insertion walks the whole chain: n such members cost n * n / 2 steps. This bounds a run's tree work
/// far above what a spread-out agent needs (the measured sizes are in docs/bvh-program.md).
inline constexpr std::uint64_t kMaxDescentLevels = std::uint64_t(1) << 29;

/// Input limits (tests lower them).
struct Limits {
    std::uint64_t maxFileBytes = kMaxFileBytes;          ///< a file past this many bytes is refused
    std::size_t maxLineBytes = kMaxLineBytes;            ///< a line past this many bytes is refused
    std::uint64_t maxDescentLevels = kMaxDescentLevels;  ///< the record whose insertion passes this is refused
};

/// Runs the program on the two files; returns kOk, kBadInput or kWriteError (the message is already on err).
int run(const std::string& agentPath, const std::string& actionsPath, std::ostream& out, std::ostream& err,
        const Limits& limits);
/// run() with the default limits.
int run(const std::string& agentPath, const std::string& actionsPath, std::ostream& out, std::ostream& err);

/// Runs the program from main's arguments (`bvh [AGENT_FILE ACTIONS_FILE]`); returns the exit status.
int runMain(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace bvhcli
