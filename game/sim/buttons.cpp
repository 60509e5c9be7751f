// The button table in force and the text of buttons: names for scripts, letters for replays. The table itself is
// read from data/buttons.cfg by game/io/button_file; only its nine fixed rows are known here.
#include "game/sim/buttons.h"

#include <algorithm>
#include <vector>

namespace sim {
namespace {

ButtonTable& current() {
    static ButtonTable table = fixedButtonTable();
    return table;
}

}  // namespace

std::uint16_t ButtonTable::bit(std::string_view name) const {
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].name == name) return std::uint16_t(1u << i);
    }
    return 0;
}

const ButtonDef* ButtonTable::row(std::uint16_t bit) const {
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (bit == (1u << i)) return &rows[i];
    }
    return nullptr;
}

std::uint16_t ButtonTable::mask() const { return std::uint16_t((1u << rows.size()) - 1); }

std::string ButtonTable::names() const {
    std::string s;
    for (const ButtonDef& b : rows) s += (s.empty() ? "" : " ") + b.name;
    return s;
}

ButtonTable fixedButtonTable() {
    // The format-1 buttons: names and letters of every replay recorded before the table was a file.
    static const struct {
        const char* name;
        char letter;
    } kFixed[kFixedButtons] = {{"up", 'U'},    {"down", 'D'},    {"left", 'L'},  {"right", 'R'}, {"light", 'A'},
                               {"heavy", 'B'}, {"special", 'C'}, {"start", 'S'}, {"throw", 'T'}};
    ButtonTable t;
    for (const auto& f : kFixed) {
        ButtonDef b;
        b.name = f.name;
        b.letter = f.letter;
        b.label = f.name;
        t.rows.push_back(b);
    }
    return t;
}

const ButtonTable& buttonTable() { return current(); }

void setButtonTable(const ButtonTable& table) { current() = table; }

const char* buttonName(std::uint16_t bit) {
    const ButtonDef* b = current().row(bit);
    return b ? b->name.c_str() : "?";
}

std::uint16_t parseButtonName(std::string_view name) { return current().bit(name); }

bool parseButtonSet(std::string_view text, std::uint16_t& out) {
    out = 0;
    if (text == "none") return true;
    while (!text.empty()) {
        const std::size_t plus = text.find('+');
        const std::string_view part = text.substr(0, plus);
        const std::uint16_t bit = parseButtonName(part);
        if (bit == 0 || (out & bit) != 0) return false;  // unknown, or named twice
        out = std::uint16_t(out | bit);
        if (plus == std::string_view::npos) break;
        text.remove_prefix(plus + 1);
        if (text.empty()) return false;  // trailing '+'
    }
    return out != 0;
}

std::string repeatedButton(std::string_view text) {
    std::vector<std::string_view> names;
    while (true) {
        const std::size_t plus = text.find('+');
        const std::string_view name = text.substr(0, plus);
        if (std::find(names.begin(), names.end(), name) != names.end()) return std::string(name);
        if (plus == std::string_view::npos) return "";
        names.push_back(name);
        text.remove_prefix(plus + 1);
    }
}

std::string buttonLetters(std::uint16_t buttons) {
    std::string s;
    const ButtonTable& t = current();
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        if (buttons & (1u << i)) s += t.rows[i].letter;
    }
    return s.empty() ? "-" : s;
}

char repeatedLetter(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.find(text[i], i + 1) != std::string_view::npos) return text[i];
    }
    return 0;
}

bool parseButtonLetters(std::string_view text, std::uint16_t& out) {
    out = 0;
    if (text == "-") return true;
    if (text.empty() || repeatedLetter(text) != 0) return false;
    const ButtonTable& t = current();
    for (char c : text) {
        bool known = false;
        for (std::size_t i = 0; i < t.rows.size(); ++i) {
            if (t.rows[i].letter == c) {
                out = std::uint16_t(out | (1u << i));
                known = true;
            }
        }
        if (!known) return false;
    }
    return true;
}

std::string buttonLetterList() {
    std::string s;
    for (const ButtonDef& b : current().rows) s += b.letter;
    return s;
}

}  // namespace sim
