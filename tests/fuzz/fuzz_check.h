#pragma once
// What every fuzz target asserts about a parser's answer, in one place: a refusal is one `FILE:LINE: what` (or
// `FILE: what`) line of printable ASCII and bounded length, naming the file it was given and a line that exists.
// A broken invariant aborts with a report, so libFuzzer saves the input as a crash and the corpus replay fails.
#include "game/io/text.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace fuzz {

/// Longest message a refusal may print (file name included): a few quoted tokens and a cut line fit easily.
constexpr std::size_t kMaxMessage = 512;

/// The fuzz input as text (bytes as they are; NUL and any other byte included).
std::string asText(const std::uint8_t* data, std::size_t size);
/// Lines of a text as a line walker counts them (a last line without '\n' counts; "" has none), at least 1.
int lineCount(std::string_view text);
/// Reports a broken invariant (what, and the offending text escaped) on stderr and aborts.
[[noreturn]] void broken(const std::string& what, std::string_view detail);
/// Aborts unless message is `FILE:LINE: what` or `FILE: what` with FILE == file and 1 <= LINE <= maxLine, one
/// printable-ASCII line, not empty after the prefix, at most kMaxMessage characters.
void checkMessage(const std::string& message, const std::string& file, int maxLine);
/// A temporary file of this process for targets whose parser reads a file (made once per name, removed at exit);
/// name is a short tag (`cfg`, `agent` ...).
const std::string& tempFile(const std::string& name);
/// Replaces a file's bytes; aborts when it cannot.
void writeFile(const std::string& path, const std::uint8_t* data, std::size_t size);
/// checkMessage for an io::Error (its file must be file, its line 0..maxLine).
void checkError(const io::Error& error, const std::string& file, int maxLine);

}  // namespace fuzz
