// Button names for scripts and letters for replays: the only place where text meets the input bits.
#include "game/sim/buttons.h"

namespace sim {
namespace {

struct ButtonText {
    std::uint16_t bit;
    const char* name;
    char letter;
};

constexpr ButtonText kButtons[kButtonCount] = {
    {kUp, "up", 'U'},         {kDown, "down", 'D'},   {kLeft, "left", 'L'},       {kRight, "right", 'R'},
    {kLight, "light", 'A'},   {kHeavy, "heavy", 'B'}, {kSpecial, "special", 'C'}, {kStart, "start", 'S'},
    {kThrow, "throw", 'T'},
};

}  // namespace

const char* buttonName(std::uint16_t bit) {
    for (const ButtonText& b : kButtons) {
        if (b.bit == bit) return b.name;
    }
    return "?";
}

std::uint16_t parseButtonName(std::string_view name) {
    for (const ButtonText& b : kButtons) {
        if (name == b.name) return b.bit;
    }
    return 0;
}

bool parseButtonSet(std::string_view text, std::uint16_t& out) {
    out = 0;
    if (text == "none") return true;
    while (!text.empty()) {
        const std::size_t plus = text.find('+');
        const std::string_view part = text.substr(0, plus);
        const std::uint16_t bit = parseButtonName(part);
        if (bit == 0) return false;
        out = std::uint16_t(out | bit);
        if (plus == std::string_view::npos) break;
        text.remove_prefix(plus + 1);
        if (text.empty()) return false;  // trailing '+'
    }
    return out != 0;
}

std::string buttonLetters(std::uint16_t buttons) {
    std::string s;
    for (const ButtonText& b : kButtons) {
        if (buttons & b.bit) s += b.letter;
    }
    return s.empty() ? "-" : s;
}

bool parseButtonLetters(std::string_view text, std::uint16_t& out) {
    out = 0;
    if (text == "-") return true;
    if (text.empty()) return false;
    for (char c : text) {
        bool known = false;
        for (const ButtonText& b : kButtons) {
            if (b.letter == c) {
                out = std::uint16_t(out | b.bit);
                known = true;
            }
        }
        if (!known) return false;
    }
    return true;
}

}  // namespace sim
