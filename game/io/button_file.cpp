// The button table: data/buttons.cfg.
//
// FORMAT (one record per line; '#' starts a comment; tokens separated by spaces or tabs):
//   button NAME LETTER LABEL P1KEYS P2KEYS PAD
//     NAME     the button's name in scripts and fighter files (a-z, 0-9, _ and -)
//     LETTER   its replay letter, one of A-Z (each letter once)
//     LABEL    what a move list shows for it (no spaces)
//     P1KEYS, P2KEYS   default keys of player 1 and 2, comma-separated key names as controls.cfg spells them, or -
//     PAD      default gamepad buttons (0..31), comma-separated, or -
// Row i is bit (1 << i) of a player's input. The first nine rows are fixed (up U, down D, left L, right R,
// light A, heavy B, special C, start S, throw T: the letters every older replay uses); new buttons are appended,
// at most 16 in all. Errors are `FILE:LINE: what`.
#include "game/io/button_file.h"

#include <map>

namespace sim {

namespace {

bool nameOk(const std::string& s) {
    if (s.empty() || s.size() > 32) return false;
    for (char c : s) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
    }
    return true;
}

std::vector<std::string> commaList(const std::string& s) {
    std::vector<std::string> out;
    if (s == "-") return out;
    std::size_t start = 0;
    while (start <= s.size()) {
        const std::size_t comma = s.find(',', start);
        out.push_back(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

/// One `button NAME LETTER LABEL P1KEYS P2KEYS PAD` line as row number t.rows.size() of the table being read;
/// false with the parser's error set when it breaks a rule (the first nine rows are the fixed ones).
bool parseButtonLine(io::LineParser& p, const std::vector<std::string>& w, const ButtonTable& t,
                     const ButtonTable& fixed, ButtonDef& b) {
    if (w[0] != "button")
        return p.fail("unknown record " + io::quote(w[0]) + " (expected `button NAME LETTER LABEL P1KEYS P2KEYS PAD`)");
    if (w.size() != 7) return p.fail("expected `button NAME LETTER LABEL P1KEYS P2KEYS PAD`");
    b.name = w[1];
    b.label = w[3];
    b.line = p.line;
    if (const std::string why = io::badName("the label", b.label); !why.empty()) return p.fail(why);
    if (!nameOk(b.name)) return p.fail("bad button name " + io::quote(b.name) + " (use a-z, 0-9, _ and -)");
    if (w[2].size() != 1 || w[2][0] < 'A' || w[2][0] > 'Z')
        return p.fail("bad letter " + io::quote(w[2]) + " (one of A-Z)");
    b.letter = w[2][0];
    for (const ButtonDef& o : t.rows) {
        if (o.name == b.name)
            return p.fail("button " + io::quote(b.name) + " is already defined on line " + std::to_string(o.line));
        if (o.letter == b.letter) return p.fail("letter " + io::quote(w[2]) + " already names " + io::quote(o.name));
    }
    const std::size_t row = t.rows.size();
    if (row < fixed.rows.size() && (fixed.rows[row].name != b.name || fixed.rows[row].letter != b.letter)) {
        return p.fail("row " + std::to_string(row + 1) + " must be " + io::quote(fixed.rows[row].name) +
                      " with letter " + std::string(1, fixed.rows[row].letter) +
                      " (the first nine rows are fixed; append new buttons)");
    }
    if (row >= std::size_t(kMaxButtons)) return p.fail("more than " + std::to_string(kMaxButtons) + " buttons");
    b.keys[0] = commaList(w[4]);
    b.keys[1] = commaList(w[5]);
    for (const std::string& pad : commaList(w[6])) {
        int n = 0;
        if (!p.toInt(pad, 0, 31, n)) return false;
        b.pad.push_back(n);
    }
    return true;
}

}  // namespace

bool parseButtonTable(const std::string& text, const std::string& fileName, ButtonTable& out, io::Error& error) {
    io::LineParser p;
    p.error.file = fileName;
    const ButtonTable fixed = fixedButtonTable();
    ButtonTable t;
    io::Lines lines(text);
    std::string_view raw;
    bool ok = true;
    while (ok && lines.next(raw)) {
        p.line = lines.number();
        const std::vector<std::string> w = io::tokens(raw);
        if (w.empty()) continue;
        ButtonDef b;
        ok = parseButtonLine(p, w, t, fixed, b);
        if (ok) t.rows.push_back(b);
    }
    if (ok && t.rows.size() < fixed.rows.size()) {
        p.line = std::max(p.line, 1);
        ok = p.fail("the table needs at least the nine fixed buttons (" + fixed.names() + ")");
    }
    if (!ok) {
        error = p.error;
        return false;
    }
    out = t;
    return true;
}

bool loadButtons(const std::string& dataDir, io::Error& error) {
    // Read once per run and folder: every later call installs the same table again, so a pipe is not read twice
    // and an edit during a run cannot give the two fighters different buttons.
    static std::map<std::string, ButtonTable> readTables;
    const std::string path = dataDir + "/buttons.cfg";
    if (const auto it = readTables.find(path); it != readTables.end()) {
        setButtonTable(it->second);
        return true;
    }
    std::string text;
    ButtonTable t;
    if (!io::readFile(path, text, error) || !parseButtonTable(text, path, t, error)) return false;
    readTables.emplace(path, t);
    setButtonTable(t);
    return true;
}

}  // namespace sim
