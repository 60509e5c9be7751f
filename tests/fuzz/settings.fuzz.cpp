// Fuzz target: settings.cfg (io::parseSettings). A refusal is one well-formed `FILE:LINE: what` and leaves the
// settings as they were; it never shows the relay password: the same file with every letter and digit of a
// `relay.password` line's value changed (same length, same kind of character) gives the same message. Settings
// that parse are written back (io::settingsText, what the Options screen saves) and read back the same, and the
// three-way merge of a save keeps either side when the other changed nothing.
#include "game/io/settings_file.h"
#include "tests/fuzz/fuzz_check.h"

#include <cctype>

namespace {

/// Lines starting with `relay.password` (any case) with each letter and digit after the key moved one place on in
/// its range (z to a, 9 to 0): valid stays valid, and only the secret differs.
std::string otherPasswords(const std::string& text) {
    const std::string key = "relay.password";
    std::string out = text;
    std::size_t start = 0;
    while (start < out.size()) {
        std::size_t end = out.find('\n', start);
        if (end == std::string::npos) end = out.size();
        std::size_t k = out.find_first_not_of(" \t", start);
        bool match = k != std::string::npos && k + key.size() <= end;
        for (std::size_t i = 0; match && i < key.size(); ++i)
            match = std::tolower(static_cast<unsigned char>(out[k + i])) == key[i];
        for (std::size_t i = match ? k + key.size() : end; i < end; ++i) {
            char& c = out[i];
            if (c >= 'a' && c <= 'z') c = c == 'z' ? 'a' : char(c + 1);
            else if (c >= 'A' && c <= 'Z') c = c == 'Z' ? 'A' : char(c + 1);
            else if (c >= '0' && c <= '9') c = c == '9' ? '0' : char(c + 1);
        }
        start = end + 1;
    }
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string file = "fuzz.cfg";
    const std::string text = fuzz::asText(data, size);
    const io::Settings defaults;
    io::Settings s;
    io::Error error;
    if (!io::parseSettings(text, file, s, error)) {
        fuzz::checkError(error, file, fuzz::lineCount(text));
        if (s != defaults) fuzz::broken("a refused file changed the settings", text);
        io::Settings other;
        io::Error otherError;
        if (io::parseSettings(otherPasswords(text), file, other, otherError) || otherError.text() != error.text())
            fuzz::broken("a message depends on the relay password: " + error.text(), text);
        return 0;
    }
    const std::string saved = io::settingsText(s);
    io::Settings back;
    if (!io::parseSettings(saved, file, back, error))
        fuzz::broken("saved settings do not read back: " + error.text(), saved);
    if (back != s) fuzz::broken("saved settings read back to others", saved);
    if (io::mergeSettings(defaults, defaults, s) != s) fuzz::broken("a merge undid another process's save", text);
    if (io::mergeSettings(defaults, s, defaults) != s) fuzz::broken("a merge undid this process's change", text);
    if (io::mergeSettings(s, s, defaults) != defaults) fuzz::broken("a merge kept a value the disk changed", text);
    return 0;
}
