// Key bindings: names of actions and keys, the controls.cfg parser, and the held/pressed tracker.
//
// controls.cfg format: one `ACTION = KEY[, KEY ...]` per line, '#' starts a comment, blank lines are fine. A line
// replaces every key of that action. KEY is a key name (A..Z, Num0..Num9, Numpad0..Numpad9, F1..F15, Left, Right,
// Up, Down, Enter, Space, Escape, Tab, Backspace, Pause, Comma, Period, Slash, Semicolon, Quote, LBracket,
// RBracket, Backslash, Hyphen, Equal, Tilde, Insert, Delete, Home, End, PageUp, PageDown, LShift, RShift,
// LControl, RControl, LAlt, RAlt, Add, Subtract, Multiply, Divide), optionally prefixed by Ctrl+, Shift+, Alt+.
// Action and key names are case-sensitive, spelled as above (one spelling per key, as the controls screen shows
// it); a name wrong only in case is refused with the right spelling in the message.
// One key may not drive two of the actions live in a fight (player buttons, start/pause/back, overlay, debug and
// training keys): `start = J` beside `p1.light = J` would pause the match on every jab. That is an error, reported
// on the later of the two lines. An empty file (or one with only comments) is fine: the defaults apply.
#include "game/app/bindings.h"

#include "game/io/text.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <sstream>

namespace app {
namespace {

struct ActionText {
    const char* name;
    const char* label;
    const char* keys;  // defaults, config spelling
};

// Indexed by Action; the defaults match data/controls.cfg.
const ActionText kActions[kActionCount] = {
    {"p1.up", "P1 jump", "W"},
    {"p1.down", "P1 crouch", "S"},
    {"p1.left", "P1 left", "A"},
    {"p1.right", "P1 right", "D"},
    {"p1.light", "P1 light", "J"},
    {"p1.heavy", "P1 heavy", "K"},
    {"p1.special", "P1 special", "L"},
    {"p1.throw", "P1 throw", "I"},
    {"p2.up", "P2 jump", "Up"},
    {"p2.down", "P2 crouch", "Down"},
    {"p2.left", "P2 left", "Left"},
    {"p2.right", "P2 right", "Right"},
    {"p2.light", "P2 light", "Numpad1, Comma"},
    {"p2.heavy", "P2 heavy", "Numpad2, Period"},
    {"p2.special", "P2 special", "Numpad3, Slash"},
    {"p2.throw", "P2 throw", "Numpad4, RShift"},
    {"start", "start / confirm / pause", "Enter"},
    {"pause", "freeze / run (no menu)", "P, Pause"},
    {"back", "back / pause", "Escape"},
    {"overlay", "hitbox overlay", "F1, Ctrl+C"},
    {"names", "names + counters", "F2"},
    {"framestep", "one frame (while frozen)", "F10"},
    {"slowmotion", "slow motion", "F3"},
    {"reset", "reset (restart match)", "F5"},
    {"dummy.next", "dummy: next behaviour", "F6"},
    {"dummy.stand", "dummy: stand", "Num1"},
    {"dummy.crouch", "dummy: crouch", "Num2"},
    {"dummy.block", "dummy: block", "Num3"},
    {"dummy.crouchblock", "dummy: crouch block", "Num4"},
    {"dummy.jump", "dummy: jump", "Num5"},
    {"fire", "Blaster fire", "Space, J"},
    {"structure.1", "Blaster: array", "Num1, Numpad1"},
    {"structure.2", "Blaster: grid", "Num2, Numpad2"},
    {"structure.3", "Blaster: quadtree (lowest)", "Num3, Numpad3"},
    {"structure.4", "Blaster: quadtree (leaves)", "Num4, Numpad4"},
    {"structure.5", "Blaster: agent BVH", "Num5, Numpad5"},
    {"structure.6", "Blaster: dynamic tree", "Num6, Numpad6"},
};

struct KeyText {
    sf::Keyboard::Key key;
    const char* name;
};

using K = sf::Keyboard;
const KeyText kNamedKeys[] = {
    {K::Left, "Left"},       {K::Right, "Right"},       {K::Up, "Up"},           {K::Down, "Down"},
    {K::Enter, "Enter"},     {K::Space, "Space"},       {K::Escape, "Escape"},   {K::Tab, "Tab"},
    {K::Backspace, "Backspace"}, {K::Pause, "Pause"},   {K::Comma, "Comma"},     {K::Period, "Period"},
    {K::Slash, "Slash"},     {K::Semicolon, "Semicolon"}, {K::Quote, "Quote"},   {K::LBracket, "LBracket"},
    {K::RBracket, "RBracket"}, {K::Backslash, "Backslash"}, {K::Hyphen, "Hyphen"}, {K::Equal, "Equal"},
    {K::Tilde, "Tilde"},     {K::Insert, "Insert"},     {K::Delete, "Delete"},   {K::Home, "Home"},
    {K::End, "End"},         {K::PageUp, "PageUp"},     {K::PageDown, "PageDown"}, {K::LShift, "LShift"},
    {K::RShift, "RShift"},   {K::LControl, "LControl"}, {K::RControl, "RControl"}, {K::LAlt, "LAlt"},
    {K::RAlt, "RAlt"},       {K::Add, "Add"},           {K::Subtract, "Subtract"}, {K::Multiply, "Multiply"},
    {K::Divide, "Divide"},
};

/// True when a and b are the same name; with ignoreCase, ASCII letters match either case (only to suggest the right
/// spelling: the config's names are case-sensitive).
bool sameName(const std::string& a, const std::string& b, bool ignoreCase) {
    if (!ignoreCase || a.size() != b.size()) return a == b;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
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

/// Parses `Ctrl+Shift+X` style chords.
bool parseChord(std::string text, KeyChord& out, bool ignoreCase = false) {
    out = KeyChord{};
    for (;;) {
        if (takePrefix(text, "Ctrl+", ignoreCase)) out.ctrl = true;
        else if (takePrefix(text, "Shift+", ignoreCase)) out.shift = true;
        else if (takePrefix(text, "Alt+", ignoreCase)) out.alt = true;
        else break;
    }
    return parseKey(text, out.key, ignoreCase);
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
    return !out.empty();
}

int findAction(const std::string& name, bool ignoreCase = false) {
    for (int a = 0; a < kActionCount; ++a) {
        if (sameName(kActions[a].name, name, ignoreCase)) return a;
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
    if (bad.empty()) return "empty key in '" + trim(list) + "' for '" + action + "'";
    KeyChord c;
    const bool onlyCase = parseChord(bad, c, true);
    return "unknown key '" + bad + "' for '" + action + "'" + caseHint(onlyCase, onlyCase ? chordName(c) : "");
}

/// True when pressing one chord also triggers the other: the same key, and one's modifiers are all held by the
/// other (a plain `C` fires on Ctrl+C too, see InputTracker::onEvent).
bool chordsOverlap(const KeyChord& a, const KeyChord& b) {
    if (a.key != b.key) return false;
    const bool aInB = (!a.ctrl || b.ctrl) && (!a.shift || b.shift) && (!a.alt || b.alt);
    const bool bInA = (!b.ctrl || a.ctrl) && (!b.shift || a.shift) && (!b.alt || a.alt);
    return aInB || bInA;
}

/// Actions live during a fight: the player buttons, and the app keys read while a fight runs (menus, overlay,
/// debug, training). One key may drive at most one of them, or p1's light attack could pause the match.
bool liveInFight(int a) { return a >= kP1Up && a <= kDummyJump; }

/// Finds two fight actions sharing a key. The clash is reported on the later of the two actions' lines (line 0 =
/// a built-in default), so a file may swap keys between actions over several lines; the earliest such line wins.
bool fightKeysDistinct(const Bindings& b, const int (&lineOf)[kActionCount], int& line, std::string& why) {
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
                    why = "key " + chordName(aIsNew ? c : d) + " already drives " + kActions[aIsNew ? o : a].name;
                }
            }
        }
    }
    return line < 0;
}

}  // namespace

const char* actionLabel(Action a) { return kActions[a].label; }

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

std::string firstKeyText(const Bindings& b, Action a) { return b.keys[a].empty() ? "-" : chordName(b.keys[a].front()); }

Bindings defaultBindings() {
    Bindings b;
    for (int a = 0; a < kActionCount; ++a) {
        std::string bad;
        [[maybe_unused]] const bool ok = parseKeyList(kActions[a].keys, b.keys[a], bad);
        assert(ok && "a built-in default key list does not parse");
    }
    return b;
}

bool parseBindings(const std::string& text, const std::string& fileName, Bindings& inout, std::string& error) {
    std::istringstream in(text);
    std::string raw;
    int line = 0;
    const auto fail = [&](const std::string& what) {
        error = fileName + ":" + std::to_string(line) + ": " + what;
        return false;
    };
    int lineOf[kActionCount] = {};  // where each action was last set (0: the built-in default)
    while (std::getline(in, raw)) {
        ++line;
        const std::string body = trim(raw.substr(0, raw.find('#')));
        if (body.empty()) continue;
        const auto eq = body.find('=');
        if (eq == std::string::npos) return fail("expected `ACTION = KEY[, KEY...]`, got '" + body + "'");
        const std::string name = trim(body.substr(0, eq));
        const int a = findAction(name);
        if (a < 0) {
            const int near = findAction(name, true);
            return fail("unknown action '" + name + "'" + caseHint(near >= 0, near >= 0 ? kActions[near].name : ""));
        }
        std::string bad;
        const std::string list = body.substr(eq + 1);
        if (!parseKeyList(list, inout.keys[a], bad)) return fail(badKeyMessage(list, bad, name));
        lineOf[a] = line;
    }
    std::string why;
    if (!fightKeysDistinct(inout, lineOf, line, why)) return fail(why);
    return true;
}

bool loadBindings(const std::string& path, Bindings& inout, std::string& error) {
    std::string text;  // the shared reader tells `PATH: is a directory` from `PATH: cannot open: REASON`
    io::Error bad;
    if (!io::readFile(path, text, bad)) {
        error = bad.text();
        return false;
    }
    return parseBindings(text, path, inout, error);
}

void InputTracker::onEvent(const sf::Event& e, const Bindings& b) {
    if (e.type == sf::Event::LostFocus) {
        for (bool& d : down_) d = false;
        return;
    }
    if (e.type != sf::Event::KeyPressed && e.type != sf::Event::KeyReleased) return;
    if (e.key.code < 0 || e.key.code >= sf::Keyboard::KeyCount) return;
    const bool press = e.type == sf::Event::KeyPressed;
    down_[e.key.code] = press;
    if (!press) return;
    for (int a = 0; a < kActionCount; ++a) {
        for (const KeyChord& c : b.keys[a]) {
            if (c.key == e.key.code && (!c.ctrl || e.key.control) && (!c.shift || e.key.shift) && (!c.alt || e.key.alt)) {
                pressed_ |= bit(Action(a));
            }
        }
    }
}

bool InputTracker::chordHeld(const KeyChord& c) const {
    const auto either = [this](K::Key l, K::Key r) { return down_[l] || down_[r]; };
    return down_[c.key] && (!c.ctrl || either(K::LControl, K::RControl)) && (!c.shift || either(K::LShift, K::RShift)) &&
           (!c.alt || either(K::LAlt, K::RAlt));
}

ActionSet InputTracker::held(const Bindings& b) const {
    ActionSet s = 0;
    for (int a = 0; a < kActionCount; ++a) {
        for (const KeyChord& c : b.keys[a]) {
            if (chordHeld(c)) s |= bit(Action(a));
        }
    }
    return s;
}

ActionSet InputTracker::takePressed() {
    const ActionSet p = pressed_;
    pressed_ = 0;
    return p;
}

}  // namespace app
