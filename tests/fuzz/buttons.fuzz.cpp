// Fuzz target: buttons.cfg (sim::parseButtonTable). A refusal is one well-formed `FILE:LINE: what`. A table that
// parses has the nine fixed rows first, at most kMaxButtons rows, unique names and letters; written back as
// `button` lines it parses to the same table; installed, every button's name and letter read back to its bit and
// any held set's replay letters read back to that set.
#include "game/io/button_file.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

std::string joinedList(const std::vector<std::string>& items) {
    if (items.empty()) return "-";
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "" : ",") + items[i];
    return out;
}

std::string tableText(const sim::ButtonTable& t) {
    std::string out;
    for (const sim::ButtonDef& b : t.rows) {
        std::vector<std::string> pad;
        for (int n : b.pad) pad.push_back(std::to_string(n));
        out += "button " + b.name + " " + std::string(1, b.letter) + " " + b.label + " " + joinedList(b.keys[0]) + " " +
               joinedList(b.keys[1]) + " " + joinedList(pad) + "\n";
    }
    return out;
}

bool sameTable(const sim::ButtonTable& a, const sim::ButtonTable& b) {
    if (a.rows.size() != b.rows.size()) return false;
    for (std::size_t i = 0; i < a.rows.size(); ++i) {
        const sim::ButtonDef &x = a.rows[i], &y = b.rows[i];
        if (x.name != y.name || x.letter != y.letter || x.label != y.label || x.keys[0] != y.keys[0] ||
            x.keys[1] != y.keys[1] || x.pad != y.pad)
            return false;
    }
    return true;
}

void checkInstalled(const sim::ButtonTable& t, const std::string& text) {
    sim::setButtonTable(t);
    const std::uint16_t mask = t.mask();
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        const std::uint16_t bit = std::uint16_t(1u << i);
        if (sim::parseButtonName(sim::buttonName(bit)) != bit) fuzz::broken("a button's name does not read back", text);
        std::uint16_t back = 0;
        if (!sim::parseButtonLetters(sim::buttonLetters(bit), back) || back != bit)
            fuzz::broken("a letter does not read back", text);
    }
    std::uint16_t back = 0;
    if (!sim::parseButtonLetters(sim::buttonLetters(mask), back) || back != mask)
        fuzz::broken("all letters do not read back", text);
    sim::setButtonTable(sim::fixedButtonTable());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string file = "buttons.cfg";
    const std::string text = fuzz::asText(data, size);
    sim::ButtonTable t;
    io::Error error;
    if (!sim::parseButtonTable(text, file, t, error)) {
        fuzz::checkError(error, file, fuzz::lineCount(text));
        return 0;
    }
    const sim::ButtonTable fixed = sim::fixedButtonTable();
    if (t.rows.size() < fixed.rows.size() || t.rows.size() > std::size_t(sim::kMaxButtons))
        fuzz::broken("a table of a bad size", text);
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        if (i < fixed.rows.size() && (t.rows[i].name != fixed.rows[i].name || t.rows[i].letter != fixed.rows[i].letter))
            fuzz::broken("a fixed row moved", text);
        for (std::size_t j = 0; j < i; ++j) {
            if (t.rows[i].name == t.rows[j].name || t.rows[i].letter == t.rows[j].letter)
                fuzz::broken("a name or letter twice", text);
        }
    }
    const std::string written = tableText(t);
    sim::ButtonTable back;
    if (!sim::parseButtonTable(written, file, back, error))
        fuzz::broken("a written table does not read back: " + error.text(), written);
    if (!sameTable(t, back)) fuzz::broken("a written table reads back to another", written);
    checkInstalled(t, text);
    return 0;
}
