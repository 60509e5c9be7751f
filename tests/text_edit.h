#pragma once
// Editing a test's text fixture by line, for the loaders' "each subcase breaks one line" tests.
#include <string>

namespace testtext {

/// `text` with its 1-based line `line` replaced by `with` (every line of the result ends with a newline).
inline std::string replaceLine(const std::string& text, int line, const std::string& with) {
    std::string out;
    int n = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        ++n;
        out += (n == line ? with : text.substr(start, end - start)) + "\n";
        start = end + 1;
    }
    return out;
}

}  // namespace testtext
