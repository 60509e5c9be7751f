// Key bindings: names of actions and keys, and the controls.cfg parser (the tracker: input_tracker.cpp).
//
// controls.cfg format: one `ACTION = KEY[, KEY ...]` per line, '#' starts a comment, blank lines are fine. A line
// replaces every key of that action. KEY is a key name (A..Z, Num0..Num9, Numpad0..Numpad9, F1..F15, Left, Right,
// Up, Down, Enter, Space, Escape, Tab, Backspace, Pause, Comma, Period, Slash, Semicolon, Quote, LBracket,
// RBracket, Backslash, Hyphen, Equal, Tilde, Insert, Delete, Home, End, PageUp, PageDown, LShift, RShift,
// LControl, RControl, LAlt, RAlt, Add, Subtract, Multiply, Divide), optionally prefixed by Ctrl+, Shift+, Alt+.
// Action and key names are case-sensitive, spelled as above (one spelling per key, as the controls screen shows
// it); a name wrong only in case is refused with the right spelling in the message. An empty key (`A,,B`, `A,`), a
// modifier given twice (`Ctrl+Ctrl+A`) and a second `deadzone` line are refused too.
// One key may not drive two of the actions live in a fight (player buttons, start/pause/back, overlay, debug and
// training keys): `start = J` beside `p1.light = J` would pause the match on every jab. That is an error, reported
// on the later of the two lines. An empty file (or one with only comments) is fine: the defaults apply.
#include "game/app/input/bindings.h"

#include "game/io/atomic_file.h"
#include "game/io/text.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <sstream>

namespace app {
namespace {

struct ActionText {
    const char* name;
    const char* label;
    const char* keys;  // defaults, config spelling; nullptr: the button table's row of that name holds them
};

// Indexed by Action. The players' buttons and start take their default keys (and pad buttons, addDefaultPads)
// from the button table, data/buttons.cfg's key columns; the app's own keys are here. Both match data/controls.cfg.
const ActionText kActions[kActionCount] = {
    {"p1.up", "P1 jump", nullptr},
    {"p1.down", "P1 crouch", nullptr},
    {"p1.left", "P1 left", nullptr},
    {"p1.right", "P1 right", nullptr},
    {"p1.light", "P1 light", nullptr},
    {"p1.heavy", "P1 heavy", nullptr},
    {"p1.special", "P1 special", nullptr},
    {"p1.throw", "P1 throw", nullptr},
    {"p1.medium", "P1 medium", nullptr},
    {"p2.up", "P2 jump", nullptr},
    {"p2.down", "P2 crouch", nullptr},
    {"p2.left", "P2 left", nullptr},
    {"p2.right", "P2 right", nullptr},
    {"p2.light", "P2 light", nullptr},
    {"p2.heavy", "P2 heavy", nullptr},
    {"p2.special", "P2 special", nullptr},
    {"p2.throw", "P2 throw", nullptr},
    {"p2.medium", "P2 medium", nullptr},
    {"", "", nullptr},
    {"", "", nullptr},
    {"", "", nullptr},
    {"", "", nullptr},  // extra slots: see actionName
    {"", "", nullptr},
    {"", "", nullptr},
    {"", "", nullptr},
    {"", "", nullptr},
    {"start", "start / confirm / pause", nullptr},
    {"pause", "freeze / run (practice)", "P, Pause"},
    {"back", "back / pause", "Escape"},
    {"overlay", "hitbox overlay", "F1, Ctrl+C"},
    {"names", "names + counters", "F2"},
    {"framestep", "one frame (when frozen)", "F10"},
    {"slowmotion", "slow motion (practice)", "F3"},
    {"reset", "restart (practice)", "F5"},
    {"dummy.next", "dummy: next behaviour", "F6"},
    {"dummy.stand", "dummy: stand", "Num1"},
    {"dummy.crouch", "dummy: crouch", "Num2"},
    {"dummy.block", "dummy: block", "Num3"},
    {"dummy.crouchblock", "dummy: crouch block", "Num4"},
    {"dummy.jump", "dummy: jump", "Num5"},
    {"position", "training: next start position", "F7"},
    {"dummy.record", "dummy: record / play back", "F8"},
    {"dummy.counter", "dummy: counter hits on/off", "F9"},
    {"fire", "Blaster fire", "Space, J"},
    {"structure.1", "Blaster: array", "Num1, Numpad1"},
    {"structure.2", "Blaster: grid", "Num2, Numpad2"},
    {"structure.3", "Blaster: quadtree (lowest)", "Num3, Numpad3"},
    {"structure.4", "Blaster: quadtree (leaves)", "Num4, Numpad4"},
    {"structure.5", "Blaster: agent BVH", "Num5, Numpad5"},
    {"structure.6", "Blaster: dynamic tree", "Num6, Numpad6"},
    {"structure.7", "Blaster: sort and sweep", "Num7, Numpad7"},
};

struct KeyText {
    sf::Keyboard::Key key;
    const char* name;
};

using K = sf::Keyboard;
const KeyText kNamedKeys[] = {
    {K::Left, "Left"},
    {K::Right, "Right"},
    {K::Up, "Up"},
    {K::Down, "Down"},
    {K::Enter, "Enter"},
    {K::Space, "Space"},
    {K::Escape, "Escape"},
    {K::Tab, "Tab"},
    {K::Backspace, "Backspace"},
    {K::Pause, "Pause"},
    {K::Comma, "Comma"},
    {K::Period, "Period"},
    {K::Slash, "Slash"},
    {K::Semicolon, "Semicolon"},
    {K::Quote, "Quote"},
    {K::LBracket, "LBracket"},
    {K::RBracket, "RBracket"},
    {K::Backslash, "Backslash"},
    {K::Hyphen, "Hyphen"},
    {K::Equal, "Equal"},
    {K::Tilde, "Tilde"},
    {K::Insert, "Insert"},
    {K::Delete, "Delete"},
    {K::Home, "Home"},
    {K::End, "End"},
    {K::PageUp, "PageUp"},
    {K::PageDown, "PageDown"},
    {K::LShift, "LShift"},
    {K::RShift, "RShift"},
    {K::LControl, "LControl"},
    {K::RControl, "RControl"},
    {K::LAlt, "LAlt"},
    {K::RAlt, "RAlt"},
    {K::Add, "Add"},
    {K::Subtract, "Subtract"},
    {K::Multiply, "Multiply"},
    {K::Divide, "Divide"},
};

/// True when a and b are the same name; with ignoreCase, ASCII letters match either case (only to suggest the right
/// spelling: the config's names are case-sensitive).
bool sameName(const std::string& a, const std::string& b, bool ignoreCase) {
    if (!ignoreCase || a.size() != b.size()) return a == b;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

/// Removes `prefix` from the front of text when it is there.
bool takePrefix(std::string& text, const std::string& prefix, bool ignoreCase) {
    if (text.size() <= prefix.size() || !sameName(text.substr(0, prefix.size()), prefix, ignoreCase)) return false;
    text.erase(0, prefix.size());
    return true;
}

/// Parses a key name without modifiers ("?", keyName's answer for a key without a name, names none).
bool parseKey(const std::string& name, sf::Keyboard::Key& out, bool ignoreCase) {
    for (int k = 0; k < sf::Keyboard::KeyCount && name != "?"; ++k) {
        if (sameName(keyName(sf::Keyboard::Key(k)), name, ignoreCase)) {
            out = sf::Keyboard::Key(k);
            return true;
        }
    }
    return false;
}

const char* const kAxisNames[] = {"X", "Y", "Z", "R", "U", "V", "PovX", "PovY"};  // sf::Joystick::Axis order

/// Parses a pad or button number below `limit` by the one integer rule, spelled one way only: no sign, no leading
/// zero ("Joy00" is not "Joy0").
bool smallNumber(const std::string& s, int limit, int& out) {
    std::string why;
    return !s.empty() && s[0] != '-' && !(s.size() > 1 && s[0] == '0') && io::toInt(s, 0, limit - 1, out, why);
}

/// Parses `JoyN.ButtonM` or `JoyN.AXIS+` / `JoyN.AXIS-` (AXIS: X Y Z R U V PovX PovY).
bool parsePad(const std::string& text, KeyChord& out, bool ignoreCase) {
    std::string rest = text;
    const std::size_t dot = rest.find('.');
    if (dot == std::string::npos || !takePrefix(rest, "Joy", ignoreCase)) return false;
    if (!smallNumber(rest.substr(0, dot - 3), 8, out.joy)) return false;
    std::string input = rest.substr(dot - 2);
    if (takePrefix(input, "Button", ignoreCase)) return smallNumber(input, 32, out.button);
    if (input.size() < 2 || (input.back() != '+' && input.back() != '-')) return false;
    out.sign = input.back() == '+' ? 1 : -1;
    input.pop_back();
    for (int a = 0; a < 8; ++a) {
        if (sameName(kAxisNames[a], input, ignoreCase)) out.axis = a;
    }
    return out.axis >= 0;
}

/// Takes the `Ctrl+`, `Shift+` and `Alt+` prefixes off text into out; false with `twice` naming a modifier given
/// twice (`Ctrl+Ctrl+A` is a slip, not a chord).
bool takeModifiers(std::string& text, KeyChord& out, bool ignoreCase, std::string& twice) {
    for (;;) {
        bool* held = nullptr;
        if (takePrefix(text, "Ctrl+", ignoreCase)) held = &out.ctrl, twice = "Ctrl+";
        else if (takePrefix(text, "Shift+", ignoreCase)) held = &out.shift, twice = "Shift+";
        else if (takePrefix(text, "Alt+", ignoreCase)) held = &out.alt, twice = "Alt+";
        else break;
        if (*held) return false;
        *held = true;
    }
    twice.clear();
    return true;
}

/// Parses `Ctrl+Shift+X` style chords and gamepad inputs.
bool parseChord(std::string text, KeyChord& out, bool ignoreCase = false) {
    out = KeyChord{};
    if (parsePad(text, out, ignoreCase)) return true;
    out = KeyChord{};
    std::string twice;
    return takeModifiers(text, out, ignoreCase, twice) && parseKey(text, out.key, ignoreCase);
}

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) return "";
    const auto b = s.find_last_not_of(" \t\r");
    return s.substr(a, b - a + 1);
}

/// Parses a comma-separated key list; on failure names the bad key.
bool parseKeyList(const std::string& list, std::vector<KeyChord>& out, std::string& bad) {
    out.clear();
    std::stringstream in(list);
    std::string item;
    while (std::getline(in, item, ',')) {
        item = trim(item);
        KeyChord c;
        if (item.empty() || !parseChord(item, c)) {
            bad = item;
            return false;
        }
        out.push_back(c);
    }
    bad.clear();
    return !out.empty() && trim(list).back() != ',';  // `A,` ends with an empty key, as `A,,B` holds one
}

int findAction(const std::string& name, bool ignoreCase = false) {
    for (int a = 0; a < kActionCount; ++a) {
        const std::string known = actionName(Action(a));
        if (!known.empty() && sameName(known, name, ignoreCase)) return a;
    }
    return -1;
}

/// ` (names are case-sensitive: 'RIGHT')` for a name that differs from RIGHT only in case, else nothing.
std::string caseHint(bool differsInCase, const std::string& right) {
    return differsInCase ? " (names are case-sensitive: '" + right + "')" : "";
}

/// The message for a key list that does not parse: the bad key, and its right spelling when only case is wrong.
std::string badKeyMessage(const std::string& list, const std::string& bad, const std::string& action) {
    if (trim(list).empty()) return "no key given for '" + action + "'";
    if (bad.empty()) return "empty key in " + io::quote(trim(list)) + " for '" + action + "'";
    KeyChord c;
    std::string text = bad, twice;
    if (!takeModifiers(text, c, false, twice))
        return twice + " given twice in " + io::quote(bad) + " for '" + action + "'";
    const bool onlyCase = parseChord(bad, c, true);
    return "unknown key " + io::quote(bad) + " for '" + action + "'" + caseHint(onlyCase, onlyCase ? chordName(c) : "");
}

/// True when pressing one chord also triggers the other: the same key, and one's modifiers are all held by the
/// other (a plain `C` fires on Ctrl+C too, see InputTracker::onEvent).
bool chordsOverlap(const KeyChord& a, const KeyChord& b) {
    if (a.joy >= 0 || b.joy >= 0) return a.joy == b.joy && a.button == b.button && a.axis == b.axis && a.sign == b.sign;
    if (a.key != b.key) return false;
    const bool aInB = (!a.ctrl || b.ctrl) && (!a.shift || b.shift) && (!a.alt || b.alt);
    const bool bInA = (!b.ctrl || a.ctrl) && (!b.shift || a.shift) && (!b.alt || a.alt);
    return aInB || bInA;
}

/// Actions live during a fight: the player buttons, and the app keys read while a fight runs (menus, overlay,
/// debug, training). One key may drive at most one of them, or p1's light attack could pause the match.
bool liveInFight(int a) { return a >= kP1Up && a <= kDummyCounter; }

/// Finds two fight actions sharing a key. The clash is reported on the later of the two actions' lines (line 0 =
/// a built-in default), so a file may swap keys between actions over several lines; the earliest such line wins.
/// `driven`, when given, is set to the action the message says the key already drives.
bool fightKeysDistinct(const Bindings& b, const int (&lineOf)[kActionCount], int& line, std::string& why,
                       int* driven = nullptr) {
    line = -1;
    for (int a = kP1Up; liveInFight(a); ++a) {
        for (int o = a + 1; liveInFight(o); ++o) {
            const int later = std::max(lineOf[a], lineOf[o]);
            if (line >= 0 && later >= line) continue;
            for (const KeyChord& c : b.keys[a]) {
                for (const KeyChord& d : b.keys[o]) {
                    if (!chordsOverlap(c, d)) continue;
                    const bool aIsNew = lineOf[a] >= lineOf[o];
                    line = later;
                    why = "key " + chordName(aIsNew ? c : d) + " already drives " + actionName(Action(aIsNew ? o : a));
                    if (driven != nullptr) *driven = aIsNew ? o : a;
                }
            }
        }
    }
    return line < 0;
}

}  // namespace

std::string actionName(Action a) {
    int player = 0, index = 0;
    if (!extraSlotOf(a, player, index)) return kActions[a].name;
    const sim::ButtonDef* row = extraButtonRow(sim::buttonTable(), index);
    return row == nullptr ? "" : (player == 0 ? "p1." : "p2.") + row->name;
}

std::string actionLabel(Action a) {
    int player = 0, index = 0;
    if (!extraSlotOf(a, player, index)) return kActions[a].label;
    const sim::ButtonDef* row = extraButtonRow(sim::buttonTable(), index);
    return row == nullptr ? "" : (player == 0 ? "P1 " : "P2 ") + row->name;
}

std::string keyName(sf::Keyboard::Key key) {
    if (key >= K::A && key <= K::Z) return std::string(1, char('A' + (key - K::A)));
    if (key >= K::Num0 && key <= K::Num9) return "Num" + std::to_string(key - K::Num0);
    if (key >= K::Numpad0 && key <= K::Numpad9) return "Numpad" + std::to_string(key - K::Numpad0);
    if (key >= K::F1 && key <= K::F15) return "F" + std::to_string(key - K::F1 + 1);
    for (const KeyText& k : kNamedKeys) {
        if (k.key == key) return k.name;
    }
    return "?";
}

std::string chordName(const KeyChord& c) {
    if (c.joy >= 0) {
        const std::string pad = "Joy" + std::to_string(c.joy) + ".";
        if (c.button >= 0) return pad + "Button" + std::to_string(c.button);
        return pad + kAxisNames[c.axis] + (c.sign > 0 ? "+" : "-");
    }
    std::string s;
    if (c.ctrl) s += "Ctrl+";
    if (c.shift) s += "Shift+";
    if (c.alt) s += "Alt+";
    return s + keyName(c.key);
}

std::string bindingText(const Bindings& b, Action a) {
    std::string s;
    for (const KeyChord& c : b.keys[a]) s += (s.empty() ? "" : ", ") + chordName(c);
    return s.empty() ? "-" : s;
}

std::string shownKeys(const std::string& configText) {
    std::string out;
    for (std::size_t i = 0; i < configText.size();) {
        const bool wordStart =
            i == 0 || configText[i - 1] == ' ' || configText[i - 1] == '+' || configText[i - 1] == ',';
        if (wordStart && configText.compare(i, 6, "Numpad") == 0) out += "Numpad", i += 6;
        else if (wordStart && configText.compare(i, 3, "Num") == 0 && i + 3 < configText.size() &&
                 std::isdigit(static_cast<unsigned char>(configText[i + 3])))
            i += 3;
        else out += configText[i++];
    }
    return out;
}

std::string firstKeyText(const Bindings& b, Action a) { return b.keys[a].empty() ? "-" : chordName(b.keys[a].front()); }

std::string buttonKeysText(const Bindings& b, Action a) {
    std::string text = firstKeyText(b, a);
    for (std::size_t i = 1; i < b.keys[a].size(); ++i) {
        if (b.keys[a][i].joy < 0 && b.keys[a][0].joy < 0) return text + "/" + chordName(b.keys[a][i]);
    }
    return text;
}

namespace {

/// The button-table row an action takes its defaults from ("p2.light" -> light, "start" -> start), or nullptr.
const sim::ButtonDef* tableRow(const sim::ButtonTable& table, int a, int& player) {
    int index = 0;
    if (extraSlotOf(Action(a), player, index)) return extraButtonRow(table, index);
    if (kActions[a].keys != nullptr) return nullptr;
    const std::string name = kActions[a].name;
    player = name.rfind("p2.", 0) == 0 ? 1 : 0;
    const std::string row = name.rfind("p1.", 0) == 0 || player == 1 ? name.substr(3) : name;
    for (const sim::ButtonDef& d : table.rows) {
        if (d.name == row) return &d;
    }
    return nullptr;
}

/// The default key list of action a as the config spells it ("" when the table gives it none).
std::string defaultKeyText(const sim::ButtonTable& table, int a) {
    int player = 0;
    const sim::ButtonDef* row = tableRow(table, a, player);
    if (row == nullptr) return kActions[a].keys != nullptr ? kActions[a].keys : "";
    std::vector<std::string> keys = row->keys[player];
    if (a == kStart) keys.insert(keys.end(), row->keys[1].begin(), row->keys[1].end());  // start: either column
    std::string text;
    for (const std::string& k : keys) text += (text.empty() ? "" : ", ") + k;
    return text;
}

/// The defaults `table` gives (defaultBindings() for the table in force).
Bindings defaultsOf(const sim::ButtonTable& table) {
    Bindings b;
    for (int a = 0; a < kActionCount; ++a) {
        const std::string text = defaultKeyText(table, a);
        std::string bad;
        if (text.empty() || parseKeyList(text, b.keys[a], bad)) continue;
        b.keys[a].clear();  // a table key that does not parse binds nothing (the game refused it at start)
        assert(kActions[a].keys == nullptr && "a built-in default key list does not parse");
    }
    return b;
}

/// addDefaultPads with `table`'s PAD column.
void addPadsOf(Bindings& b, const sim::ButtonTable& table) {
    for (const std::vector<KeyChord>& list : b.keys) {
        for (const KeyChord& c : list) {
            if (c.joy >= 0) return;  // the player set up pads: theirs only
        }
    }
    // Directions: the stick and the d-pad. Buttons: the button table's PAD column (Joy0 for player 1, Joy1 for
    // player 2; start on Joy0 only).
    for (int p = 0; p < 2; ++p) {
        const std::string pad = "Joy" + std::to_string(p) + ".";
        const Action base = p == 0 ? kP1Up : kP2Up;
        const char* const sticks[4] = {"Y-, PovY-", "Y+, PovY+", "X-, PovX-", "X+, PovX+"};
        for (int i = 0; i < 4; ++i) {
            std::stringstream in(sticks[i]);
            std::string item;
            while (std::getline(in, item, ',')) {
                KeyChord c;
                [[maybe_unused]] const bool ok = parsePad(pad + trim(item), c, false);
                assert(ok && "a built-in pad input does not parse");
                b.keys[base + i].push_back(c);
            }
        }
    }
    for (int a = 0; a < kActionCount; ++a) {
        int player = 0;
        const sim::ButtonDef* row = tableRow(table, a, player);
        if (row == nullptr) continue;
        for (int n : row->pad) {
            KeyChord c;
            if (parsePad("Joy" + std::to_string(player) + ".Button" + std::to_string(n), c, false))
                b.keys[a].push_back(c);
        }
    }
}

/// The clash check of parseBindings over the defaults a table gives, keys and pad buttons, each player action at its
/// row's line: "" when no key drives two fight actions, else the message, with the line of the action already
/// driven when the table names it (`key J already drives p1.light (line 9)`).
std::string tableClash(const sim::ButtonTable& table, int& line) {
    Bindings b = defaultsOf(table);
    addPadsOf(b, table);
    int lineOf[kActionCount] = {};
    for (int a = 0; a < kActionCount; ++a) {
        int player = 0;
        if (const sim::ButtonDef* row = tableRow(table, a, player)) lineOf[a] = row->line;
    }
    std::string why;
    int driven = 0;
    if (fightKeysDistinct(b, lineOf, line, why, &driven)) return "";
    return lineOf[driven] > 0 && lineOf[driven] != line ? why + " (line " + std::to_string(lineOf[driven]) + ")" : why;
}

}  // namespace

std::string checkTableKeys(const sim::ButtonTable& table, const std::string& fileName, io::Error& error) {
    if (const sim::ButtonDef* over = extraButtonRow(table, kExtraSlots)) {
        error = {fileName, over->line,
                 "button '" + over->name + "' cannot be bound: the key bindings hold at most " +
                     std::to_string(kExtraSlots) +
                     " buttons beyond up, down, left, right, light, heavy, "
                     "special, start, throw and medium"};
        return error.text();
    }
    for (const sim::ButtonDef& d : table.rows) {
        for (int p = 0; p < 2; ++p) {
            for (const std::string& k : d.keys[p]) {
                std::vector<KeyChord> chords;
                std::string bad;
                if (parseKeyList(k, chords, bad)) continue;
                error = {fileName, d.line,
                         badKeyMessage(k, bad, d.name) + " (player " + std::to_string(p + 1) + "'s keys)"};
                return error.text();
            }
        }
    }
    int line = 0;
    const std::string clash = tableClash(table, line);
    if (clash.empty()) return "";
    error = {fileName, line, clash};
    return error.text();
}

Bindings defaultBindings() { return defaultsOf(sim::buttonTable()); }

namespace {

/// Applies one line (comment and spaces already allowed); false with the failure recorded in p. `deadZoneLine` is
/// where `deadzone` was set (0: not yet): a second one is refused, as a repeated key of settings.cfg is.
bool bindLine(std::string_view raw, io::LineParser& p, Bindings& inout, int (&lineOf)[kActionCount],
              int& deadZoneLine) {
    const std::string body = trim(std::string(raw.substr(0, raw.find('#'))));
    if (body.empty()) return true;
    const auto eq = body.find('=');
    if (eq == std::string::npos) return p.fail("expected `ACTION = KEY[, KEY...]`, got " + io::quote(body));
    const std::string name = trim(body.substr(0, eq));
    if (name == "deadzone") {  // not an action: the gamepads' dead zone in percent
        if (deadZoneLine > 0) return p.fail("repeated `deadzone` (first on line " + std::to_string(deadZoneLine) + ")");
        deadZoneLine = p.line;
        const std::string value = trim(body.substr(eq + 1));
        std::string why;
        if (!io::toInt(value, 1, 99, inout.deadZone, why))
            return p.fail("deadzone takes a whole percent 1..99, not " + io::quote(value));
        return true;
    }
    const int a = findAction(name);
    if (a < 0) {
        const int near = findAction(name, true);
        return p.fail("unknown action " + io::quote(name) +
                      caseHint(near >= 0, near >= 0 ? actionName(Action(near)) : ""));
    }
    std::string bad;
    const std::string list = body.substr(eq + 1);
    if (!parseKeyList(list, inout.keys[a], bad)) return p.fail(badKeyMessage(list, bad, name));
    lineOf[a] = p.line;
    return true;
}

}  // namespace

bool parseBindings(const std::string& text, const std::string& fileName, Bindings& inout, io::Error& error) {
    io::LineParser p;
    p.error.file = fileName;
    int lineOf[kActionCount] = {};  // where each action was last set (0: the built-in default)
    int deadZoneLine = 0;
    io::Lines lines(text);
    std::string_view raw;
    while (!p.failed() && lines.next(raw)) {
        p.line = lines.number();
        bindLine(raw, p, inout, lineOf, deadZoneLine);
    }
    std::string why;
    if (!p.failed() && !fightKeysDistinct(inout, lineOf, p.line, why)) p.fail(why);
    error = p.error;
    return !p.failed();
}

bool loadBindings(const std::string& path, Bindings& inout, io::Error& error) {
    std::string text;  // the shared reader tells `PATH: is a directory` from `PATH: cannot open: REASON`
    return io::readFile(path, text, error) && parseBindings(text, path, inout, error);
}

void addDefaultPads(Bindings& b) { addPadsOf(b, sim::buttonTable()); }

std::string bindingsText(const Bindings& b) {
    std::string s = "# Key bindings written by the game's Controls screen (format: see data/controls.cfg).\n";
    s += "deadzone = " + std::to_string(b.deadZone) + "\n";
    for (int a = 0; a < kActionCount; ++a) {
        if (b.keys[a].empty()) continue;  // an unbound action keeps the built-in default when read back
        s += actionName(Action(a)) + " = " + bindingText(b, Action(a)) + "\n";
    }
    return s;
}

namespace {

/// The line a save puts above the actions it appends (once in a file).
const char* const kAddedHeader = "# Added by the game's Controls screen:";

/// True when some action of b is bound to a gamepad input.
bool namesPad(const Bindings& b) {
    for (const std::vector<KeyChord>& list : b.keys) {
        if (std::any_of(list.begin(), list.end(), [](const KeyChord& c) { return c.joy >= 0; })) return true;
    }
    return false;
}

/// What a save must change in a config text for it to read back as the bindings it saves.
struct Changes {
    bool action[kActionCount] = {};  ///< actions the text binds otherwise
    bool deadZone = false;           ///< the dead zone differs
    bool padsImplied = false;        ///< the text names no pad input: the default pad layout comes with it
    bool any() const { return deadZone || std::find(action, action + kActionCount, true) != action + kActionCount; }
};

/// The Changes from `text` to b. The text is read as the game reads it at start: the defaults, the text over them,
/// then (when b binds pads at all) the default pad layout if the text names none. An action b leaves unbound keeps
/// its default when read back, so it is never a change; a text that does not read changes everywhere.
Changes changesTo(const std::string& text, const Bindings& b) {
    Changes c;
    Bindings now = defaultBindings();
    io::Error unread;
    const bool reads = parseBindings(text, "controls.cfg", now, unread);
    c.padsImplied = reads && !namesPad(now);
    if (reads && namesPad(b)) addDefaultPads(now);
    for (int a = 0; a < kActionCount; ++a)
        c.action[a] = !b.keys[a].empty() && (!reads || bindingText(now, Action(a)) != bindingText(b, Action(a)));
    c.deadZone = !reads || now.deadZone != b.deadZone;
    return c;
}

/// The keys a written line gives action a: b's, less the default layout's pad inputs when the text brings them
/// anyway (it names no pad input), so that a file never holds pad bindings its player did not write.
std::string valueFor(const Bindings& b, int a, bool padsImplied) {
    if (!padsImplied) return bindingText(b, Action(a));
    Bindings pads;  // the default layout alone
    addDefaultPads(pads);
    std::string out;
    for (const KeyChord& c : b.keys[a]) {
        const auto same = [&](const KeyChord& d) { return chordName(d) == chordName(c); };
        if (std::none_of(pads.keys[a].begin(), pads.keys[a].end(), same))
            out += (out.empty() ? "" : ", ") + chordName(c);
    }
    return out.empty() ? bindingText(b, Action(a)) : out;
}

/// A config line (without its end) with a new value: the text up to `=` and the comment with the blanks before it
/// (io::commentOf) stay, so aligned comments stay aligned.
std::string lineWithValue(const std::string& line, const std::string& value) {
    const std::string code = line.substr(0, line.find('#'));
    return code.substr(0, code.find('=') + 1) + " " + value + io::commentOf(line);
}

/// The text with the Changes made: each changed line rewritten in place (keeping its own end), a change no line
/// holds appended under kAddedHeader (in style's line end), every other line byte for byte as it was.
std::string withChanges(std::string_view text, const Bindings& b, const Changes& c, const io::TextStyle& style) {
    std::string out;
    bool written[kActionCount] = {};
    bool deadZoneWritten = false, header = false;
    for (const io::RawLine& raw : io::rawLines(text)) {
        const std::string line(raw.text);
        const std::string code = line.substr(0, line.find('#'));
        const std::size_t eq = code.find('=');
        const std::string name = eq == std::string::npos ? "" : trim(code.substr(0, eq));
        const int a = name.empty() ? -1 : findAction(name);
        header = header || trim(line) == kAddedHeader;
        if (name == "deadzone" && c.deadZone) {
            out += lineWithValue(line, std::to_string(b.deadZone));
            deadZoneWritten = true;
        } else if (a >= 0 && c.action[a]) {
            out += lineWithValue(line, valueFor(b, a, c.padsImplied));
            written[a] = true;
        } else {
            out += line;
        }
        out += raw.end;
    }
    std::vector<std::string> added;
    if (c.deadZone && !deadZoneWritten) added.push_back("deadzone = " + std::to_string(b.deadZone));
    for (int a = 0; a < kActionCount; ++a) {
        if (c.action[a] && !written[a]) added.push_back(actionName(Action(a)) + " = " + valueFor(b, a, c.padsImplied));
    }
    if (!added.empty() && !header) io::addLine(out, kAddedHeader, style);
    for (const std::string& line : added) io::addLine(out, line, style);
    return out;
}

}  // namespace

std::string bindingsTextKeeping(const std::string& old, const Bindings& b) {
    const io::WrittenText file = io::asWritten(old);  // its text without a byte order mark, which the result keeps
    const io::TextStyle& style = file.style;
    std::string text = file.body;
    // Each round rewrites what still reads otherwise than b. A pad input written into a file that named none ends
    // the default pad layout for every action, so the next round writes the layout's inputs out; it settles by then.
    for (int round = 0; round < 4; ++round) {
        const Changes c = changesTo(text, b);
        if (!c.any()) return std::string(style.mark) + text;
        if (round < 3) text = withChanges(text, b, c, style);
    }
    return io::styled(bindingsText(b), style);  // a file that cannot be kept so is written afresh
}

namespace {

/// False with error = `PATH:LINE: what; ...` when `old`, the player's file as written, does not read as the game
/// reads it at start: a save over it would lose the line the player is mending, so none is made.
bool readsForSave(const std::string& path, const std::string& old, std::string& error) {
    Bindings b = defaultBindings();
    io::Error unread;
    if (parseBindings(io::asWritten(old).body, path, b, unread)) return true;
    error = unread.text() + "; mend that line to save";
    return false;
}

}  // namespace

bool saveBindings(const std::string& path, const Bindings& b, std::string& error, const std::string& basis) {
    // Keep the file as written (or, for a first save, the basis file): only the lines of the bindings that change.
    std::string old;
    io::Error unread;
    std::error_code ec;
    const bool own = std::filesystem::is_regular_file(path, ec);  // the player's file, not the shipped basis
    const std::string from = own || std::filesystem::exists(path, ec) || basis.empty() ? path : basis;
    const bool haveOld = std::filesystem::is_regular_file(from, ec) && io::readFileAsWritten(from, old, unread);
    if (own && !haveOld) return error = unread.text() + "; not saved over it", false;
    if (own && !readsForSave(path, old, error)) return false;
    if (!io::makeFolderFor(path, error)) return false;
    const std::string text = haveOld ? bindingsTextKeeping(old, b) : bindingsText(b);
    // A temporary file renamed over the old one: a full disk or a signal mid-save leaves the old file whole.
    return io::writeFileAtomically(path, text, error);
}

Bindings mergeBindings(const Bindings& base, const Bindings& mine, const Bindings& disk) {
    Bindings out = disk;
    for (int a = 0; a < kActionCount; ++a) {
        if (bindingText(mine, Action(a)) != bindingText(base, Action(a))) out.keys[a] = mine.keys[a];
    }
    if (mine.deadZone != base.deadZone) out.deadZone = mine.deadZone;
    int lineOf[kActionCount] = {};
    int line = 0;
    std::string why;
    return fightKeysDistinct(out, lineOf, line, why) ? out : mine;  // a key both bound elsewhere: the later save's
}

bool saveBindingsMerging(const std::string& path, const Bindings& base, const Bindings& mine, Bindings& saved,
                         std::string& error, const std::string& basis) {
    Bindings disk = defaultBindings();  // read as the game reads it at start: the file over the defaults, then pads
    io::Error unread;
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec) && loadBindings(path, disk, unread)) {
        addDefaultPads(disk);
    } else {
        disk = base;  // no file yet: nobody saved since (one that does not read, saveBindings refuses)
    }
    const Bindings merged = mergeBindings(base, mine, disk);
    if (!saveBindings(path, merged, error, basis)) return false;
    saved = merged;
    return true;
}

std::string rebind(Bindings& b, Action a, const KeyChord& c) {
    Bindings trial = b;  // a key replaces the action's keys, a pad input its pad inputs; the other kind stays
    std::vector<KeyChord>& list = trial.keys[a];
    list.erase(
        std::remove_if(list.begin(), list.end(), [&](const KeyChord& k) { return (k.joy >= 0) == (c.joy >= 0); }),
        list.end());
    list.insert(list.begin(), c);
    int lineOf[kActionCount] = {};
    lineOf[a] = 1;  // the new binding is the "later line", so the message names the action already using it
    int line = 0, driven = 0;
    std::string why;  // the file's message names actions as the file does ("p1.heavy"); a player reads "P1 heavy"
    if (!fightKeysDistinct(trial, lineOf, line, why, &driven))
        return (c.joy < 0 ? "key " : "") + shownKeys(chordName(c)) + " already drives " + actionLabel(Action(driven));
    b = trial;
    return "";
}

}  // namespace app
