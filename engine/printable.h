#pragma once
// User text in a message: printable ASCII kept, every other byte shown as \xNN, cut to a length with "..." after,
// so a hostile token (a 10 KB name, escape bytes) cannot flood or drive a terminal. The engine's `bvh` program and
// the game's text formats both quote tokens this way; it lives here because the engine may include nothing above it.
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace engine {

/// The first max bytes of t with non-printable bytes as \xNN, and "..." when t was longer.
inline std::string printable(std::string_view t, std::size_t max) {
    std::string s;
    for (std::size_t i = 0; i < t.size() && i < max; ++i) {
        const unsigned char c = static_cast<unsigned char>(t[i]);
        if (c >= 0x20 && c < 0x7f) {
            s += char(c);
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            s += hex;
        }
    }
    if (t.size() > max) s += "...";
    return s;
}

}  // namespace engine
