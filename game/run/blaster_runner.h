#pragma once
// Headless run of a Blaster script (a file whose first word is `blaster`): no SFML.
#include <iosfwd>
#include <string>

namespace run {

/// Runs the Blaster script at path, printing a summary to out and problems to err.
/// Returns 0 when every expectation holds, 1 when one fails, 2 when the file is bad (`FILE:LINE: what` on err).
int runBlasterScript(const std::string& path, std::ostream& out, std::ostream& err);
/// The same for a script already read (text), so a file that can be read only once (a pipe) is read once.
int runBlasterText(const std::string& path, const std::string& text, std::ostream& out, std::ostream& err);

}  // namespace run
