#pragma once
// Small text-file helpers shared by every loader at the edge of the simulation (fighter files, action scripts,
// replays, and later the Blaster scripts): one file reader that tells a directory or an unreadable file apart,
// one tokenizer for the line formats ('#' comments, spaces or tabs, CRLF) and one checked integer parser.
//
// Why a separate module: the loaders had near-identical private copies of all three, with slightly different
// messages. These helpers know nothing about fights, so any loader can include them.
#include <cstdint>
#include <string>
#include <vector>

namespace textio {

/// Reads a whole file into text. On failure returns false and sets error to `PATH: is a directory` or
/// `PATH: cannot open: REASON` (no line number: the file was never read).
bool readTextFile(const std::string& path, std::string& text, std::string& error);

/// Splits one line into tokens: drops a trailing '\r' and everything from '#' on, splits at spaces and tabs.
std::vector<std::string> tokens(const std::string& line);

/// Parses a whole token as a base-10 integer in [lo, hi]. On failure returns false and sets why to
/// `'T' is not an integer` or `number T out of range [LO, HI]` (callers prefix FILE:LINE:).
bool toInt(const std::string& token, std::int64_t lo, std::int64_t hi, std::int64_t& out, std::string& why);

/// The same for an int range.
bool toInt(const std::string& token, int lo, int hi, int& out, std::string& why);

}  // namespace textio
