// settings.cfg (see settings_file.h).
#include "game/io/settings_file.h"

#include "game/io/atomic_file.h"
#include "game/io/names.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace io {
namespace {

const char* const kKeys =
    "p1.style, p2.style, volume, window, fullscreen, framecap, msaa, service, lobby, relay, relay.user, relay.password";

/// True when a line may hold a secret (the relay password, or any key naming a password, key or secret, even
/// misspelt or glued to its value): such a line is named, never echoed.
bool maySecret(std::string_view raw) {
    std::string lower(raw);
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    for (const char* word : {"pass", "word", "pwd", "secret", "key", "token", "cred"}) {
        if (lower.find(word) != std::string::npos) return true;
    }
    return false;
}

/// The message for a line that is not `KEY = VALUE`: the line is quoted unless it may hold a secret.
std::string malformedLine(std::string_view raw, const std::vector<std::string>& w) {
    if (!maySecret(raw)) return "expected `KEY = VALUE`, got " + quote(joined(w));
    return "expected `KEY = VALUE` (the line is not shown: it may hold a secret)";
}

bool onOff(const std::string& v, bool& out, std::string& why) {
    if (v == "on" || v == "off") {
        out = v == "on";
        return true;
    }
    why = "wants on or off, not " + quote(v);
    return false;
}

/// WIDTHxHEIGHT, each in its range.
bool windowSize(const std::string& v, int& w, int& h, std::string& why) {
    const std::size_t x = v.find('x');
    if (x == std::string::npos) {
        why = "window wants WIDTHxHEIGHT (e.g. 1280x720), not " + quote(v);
        return false;
    }
    if (!toInt(v.substr(0, x), kMinWindowW, kMaxWindowW, w, why) ||
        !toInt(v.substr(x + 1), kMinWindowH, kMaxWindowH, h, why)) {
        why = "window: " + why;
        return false;
    }
    return true;
}

bool msaaValue(const std::string& v, Msaa& out, std::string& why) {
    if (v == "auto") return out = Msaa::Auto, true;
    if (v == "on") return out = Msaa::On, true;
    if (v == "off") return out = Msaa::Off, true;
    why = "msaa wants auto, on or off, not " + quote(v);
    return false;
}

bool setValue(Settings& s, const std::string& key, const std::string& v, std::string& why) {
    if (key == "p1.style" || key == "p2.style") {
        if (sim::parseStyle(v, s.style[key[1] - '1'])) return true;
        why = key + " wants motion or simple, not " + quote(v);
        return false;
    }
    if (key == "volume") {
        if (toInt(v, 0, 100, s.volume, why)) return true;
        why = "volume: " + why;
        return false;
    }
    if (key == "window") return windowSize(v, s.width, s.height, why);
    if (key == "msaa") return msaaValue(v, s.msaa, why);
    if (key == "fullscreen") {
        if (onOff(v, s.fullscreen, why)) return true;
        why = key + " " + why;
        return false;
    }
    if (key == "framecap") {
        if (v == "off") return s.frameCap = 0, true;
        if (toInt(v, kMinFrameCap, kMaxFrameCap, s.frameCap, why)) return true;
        why = "framecap wants off or " + std::to_string(kMinFrameCap) + "-" + std::to_string(kMaxFrameCap) + ": " + why;
        return false;
    }
    if (key == "service" || key == "lobby" || key == "relay") {
        if (!checkHostPort(v, why)) return why = key + ": " + why, false;
        (key == "service" ? s.service : key == "lobby" ? s.lobby : s.relay) = v;
        return true;
    }
    if (key == "relay.user" || key == "relay.password") {
        if (!checkCredential(v, why)) return why = key + ": " + why, false;
        (key == "relay.user" ? s.relayUser : s.relayPassword) = v;
        return true;
    }
    why = "unknown setting " + (maySecret(key) ? std::string("(not shown: it may hold a secret)") : quote(key)) +
          " (known: " + kKeys + ")";
    return false;
}

/// True when `#` follows a relay credential's value with no space between (`relay.password = se#cret`): the comment
/// rule would cut the value there, and a cut password fails later with no word on why. A `#` after a space is a
/// comment, as on any line.
bool credentialCut(std::string_view raw, const std::string& key) {
    if (key != "relay.user" && key != "relay.password") return false;
    const std::size_t hash = raw.find('#');
    return hash != std::string_view::npos && hash > 0 && raw[hash - 1] != ' ' && raw[hash - 1] != '\t';
}

/// The relay keys belong together: a server needs both credentials, credentials need a server. "" when they do.
std::string relayMismatch(const Settings& s) {
    if (!s.relay.empty() && (s.relayUser.empty() || s.relayPassword.empty()))
        return "relay needs relay.user and relay.password (the TURN server's long-term credentials)";
    if (s.relay.empty() && (!s.relayUser.empty() || !s.relayPassword.empty()))
        return "relay.user and relay.password need relay = HOST[:PORT]";
    return "";
}

/// Splits a line's words at the first '=' into KEY and VALUE (`volume = 60`, `volume=60`, `volume =60` alike);
/// false unless each side is one word.
bool keyValue(const std::vector<std::string>& w, std::string& key, std::string& value) {
    std::string line;
    for (const std::string& word : w) line += (line.empty() ? "" : " ") + word;
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) return false;
    const auto trim = [](std::string t) {
        while (!t.empty() && t.back() == ' ') t.pop_back();
        while (!t.empty() && t.front() == ' ') t.erase(0, 1);
        return t;
    };
    key = trim(line.substr(0, eq));
    value = trim(line.substr(eq + 1));
    return !key.empty() && !value.empty() && key.find(' ') == std::string::npos && value.find(' ') == std::string::npos;
}

/// Reads one line into next (a blank or comment line reads as nothing); false with the failure recorded in p.
bool settingsLine(std::string_view raw, LineParser& p, std::vector<std::pair<std::string, int>>& seen, Settings& next) {
    const std::vector<std::string> w = tokens(raw);
    if (w.empty()) return true;
    std::string key, value, why;
    if (!keyValue(w, key, value)) return p.fail(malformedLine(raw, w));
    if (!p.once(seen, key)) return false;
    // The value is not shown: it may be a password.
    if (credentialCut(raw, key)) return p.fail(key + " cannot hold '#': it starts a comment");
    if (!setValue(next, key, value, why)) return p.fail(why);
    return true;
}

/// The line of the first relay key read, for the message about the relay keys together.
int firstRelayLine(const std::vector<std::pair<std::string, int>>& seen) {
    for (const auto& [key, line] : seen) {
        if (key.rfind("relay", 0) == 0) return line;
    }
    return 0;
}

/// parseSettings, or with skipBad parseSettingsSkipping.
bool readSettingsLines(const std::string& text, const std::string& file, Settings& out, Error& error, bool skipBad,
                       std::vector<Error>* skipped) {
    Settings next = out;
    Lines lines(text);
    LineParser p;
    p.error.file = file;
    std::vector<std::pair<std::string, int>> seen;
    std::vector<Error> failures;  // every line skipped, in line order
    std::string_view raw;
    while (lines.next(raw)) {
        p.line = lines.number();
        if (settingsLine(raw, p, seen, next)) continue;
        if (!skipBad) break;
        failures.push_back(p.error);
        p.error = Error{file, 0, ""};  // the next bad line is its own failure
    }
    if (const std::string why = relayMismatch(next); !why.empty() && (skipBad || !p.failed())) {
        p.line = firstRelayLine(seen);
        p.fail(why);
        failures.push_back(p.error);
        next.relay.clear(), next.relayUser.clear(), next.relayPassword.clear();
    }
    std::stable_sort(failures.begin(), failures.end(), [](const Error& a, const Error& b) { return a.line < b.line; });
    if (!skipBad && p.failed()) failures.assign(1, p.error);
    if (!failures.empty()) error = failures.front();
    if (skipped != nullptr) *skipped = failures;
    if (failures.empty() || skipBad) out = next;
    return failures.empty();
}
}  // namespace

namespace {

/// A host name (labels of letters, digits, '-' and '_', 1 to 63 each, none starting or ending with '-', 253 in all)
/// or, when its last label is all digits, a dotted IPv4 address (four numbers 0..255).
bool hostNameOrIpv4(const std::string& host) {
    if (host.empty() || host.size() > 253) return false;
    std::vector<std::string> labels(1);
    for (char c : host) {
        if (c == '.') labels.emplace_back();
        else labels.back() += c;
    }
    for (const std::string& l : labels) {
        if (l.empty() || l.size() > 63 || l.front() == '-' || l.back() == '-') return false;
        for (char c : l) {
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
        }
    }
    const auto digits = [](const std::string& l) { return l.find_first_not_of("0123456789") == std::string::npos; };
    if (!digits(labels.back())) return true;  // a name (its last label is not a number)
    if (labels.size() != 4) return false;
    for (const std::string& l : labels) {
        if (!digits(l) || l.size() > 3 || std::stoi(l) > 255) return false;
    }
    return true;
}

}  // namespace

bool checkHostPort(const std::string& text, std::string& why) {
    std::string host = text;
    const std::size_t colon = text.rfind(':');
    if (colon != std::string::npos) {
        host = text.substr(0, colon);
        const std::string port = text.substr(colon + 1);
        int n = 0;
        if (!toInt(port, 1, 65535, n, why)) {
            why = "bad port " + quote(port) + " in " + quote(text) + " (expected 1..65535)";
            return false;
        }
    }
    const bool ok = hostNameOrIpv4(host);
    if (!ok) why = "bad host " + quote(host) + " (a name or a dotted IPv4 address)";
    return ok;
}

bool checkCredential(const std::string& text, std::string& why) {
    if (text.empty() || text.size() > kMaxRelayCredential) {
        why = "wants 1 to " + std::to_string(kMaxRelayCredential) + " characters";
        return false;
    }
    for (char c : text) {
        if (c <= ' ' || c > '~' || c == '#') {
            why = "only printable ASCII without spaces or '#'";  // the text is not echoed: it may be a password
            return false;
        }
    }
    return true;
}

bool parseSettings(const std::string& text, const std::string& file, Settings& out, Error& error) {
    return readSettingsLines(text, file, out, error, false, nullptr);
}

bool parseSettingsSkipping(const std::string& text, const std::string& file, Settings& out, Error& error,
                           std::vector<Error>* skipped) {
    return readSettingsLines(text, file, out, error, true, skipped);
}

bool loadSettings(const std::string& path, Settings& out, Error& error, std::vector<Error>* skipped) {
    std::string text;
    if (!readFile(path, text, error)) return false;
    return parseSettingsSkipping(text, path, out, error, skipped);
}

std::string settingsText(const Settings& s) {
    const auto onOffText = [](bool b) { return b ? "on" : "off"; };
    std::string t = "# BVH Fighter settings (the Options screen writes this file; the format is in docs/formats.md)\n";
    t += std::string("p1.style = ") + sim::styleName(s.style[0]) + "\n";
    t += std::string("p2.style = ") + sim::styleName(s.style[1]) + "\n";
    t += "volume = " + std::to_string(s.volume) + "\n";
    t += "window = " + std::to_string(s.width) + "x" + std::to_string(s.height) + "\n";
    t += std::string("fullscreen = ") + onOffText(s.fullscreen) + "\n";
    t += "framecap = " + (s.frameCap == 0 ? std::string("off") : std::to_string(s.frameCap)) + "\n";
    t += std::string("msaa = ") + (s.msaa == Msaa::Auto ? "auto" : s.msaa == Msaa::On ? "on" : "off") + "\n";
    if (s.service != kDefaultService) t += "service = " + s.service + "\n";
    if (!s.lobby.empty()) t += "lobby = " + s.lobby + "\n";
    if (!s.relay.empty()) t += "relay = " + s.relay + "\n";
    if (!s.relayUser.empty()) t += "relay.user = " + s.relayUser + "\n";
    if (!s.relayPassword.empty()) t += "relay.password = " + s.relayPassword + "\n";
    return t;
}

namespace {

/// Every `KEY = VALUE` settingsText(s) writes, in its order.
std::vector<std::pair<std::string, std::string>> settingsValues(const Settings& s) {
    std::vector<std::pair<std::string, std::string>> out;
    const std::string text = settingsText(s);
    Lines lines(text);
    std::string_view raw;
    std::string key, value;
    while (lines.next(raw)) {
        if (keyValue(tokens(raw), key, value)) out.emplace_back(key, value);
    }
    return out;
}

/// The value s gives `key` in the file ("" = the line goes): the service is kept on a line that names it even when
/// it is the default.
std::string valueOf(const Settings& s, const std::vector<std::pair<std::string, std::string>>& values,
                    const std::string& key) {
    if (key == "service") return s.service;
    for (const auto& [k, v] : values) {
        if (k == key) return v;
    }
    return "";
}

}  // namespace

std::string settingsTextKeeping(const std::string& old, const Settings& s, bool& secret) {
    const WrittenText file = asWritten(old);  // its text without a byte order mark, which the written text keeps
    const TextStyle& style = file.style;
    const auto values = settingsValues(s);
    Settings oldRead;  // what the old file's good lines say: a key the game read there and s lacks was cleared
    Error unread;
    parseSettingsSkipping(file.body, "", oldRead, unread);
    const auto oldValues = settingsValues(oldRead);
    std::vector<std::string> written;
    std::vector<std::pair<std::string, int>> seen;
    std::string out(style.mark);
    for (const RawLine& raw : rawLines(file.body)) {
        const std::string line(raw.text);
        const std::vector<std::string> w = tokens(line);
        std::string key, value;
        LineParser p;
        Settings scratch;
        const bool reads = w.empty() || settingsLine(line, p, seen, scratch);
        // Every line keeps its own end; a blank line, and a key's line whose value did not change, stay as written.
        if (w.empty()) {
            out += line;
        } else if (!reads || !keyValue(w, key, value) || valueOf(oldRead, oldValues, key).empty()) {
            out += "# (not read by the game) " + line;  // kept for the player to mend
            secret = secret || maySecret(line);
        } else if (const std::string v = valueOf(s, values, key); !v.empty()) {
            out += v == valueOf(oldRead, oldValues, key) ? line : key + " = " + v + commentOf(line);
            written.push_back(key);
        } else {
            continue;  // a key the player cleared: its line goes
        }
        out += raw.end;
    }
    // A key the file lacks reads as its default: it is added only when the player made it something else.
    const auto defaults = settingsValues(Settings{});
    std::vector<std::string> added;
    for (const auto& kv : values) {
        const bool onLine = std::find(written.begin(), written.end(), kv.first) != written.end();
        if (!onLine && std::find(defaults.begin(), defaults.end(), kv) == defaults.end())
            added.push_back(kv.first + " = " + kv.second);
    }
    if (!added.empty()) addLine(out, "# Added by the game:", style);
    for (const std::string& line : added) addLine(out, line, style);
    Settings back;  // the edit must read back as s; a file it cannot keep that way is written afresh
    Error e;
    return parseSettings(asWritten(out).body, "", back, e) && back == s ? out : styled(settingsText(s), style);
}

namespace {

/// Writes s to path over the file's text `old`, or afresh (settingsText) when there was no file (old == nullptr).
bool writeSettings(const std::string& path, const Settings& s, std::string& error, const std::string* old) {
    if (!makeFolderFor(path, error)) return false;
    bool secret = !s.relayPassword.empty();
    const std::string text = old == nullptr ? settingsText(s) : settingsTextKeeping(*old, s, secret);
    return writeFileAtomically(path, text, error, secret);
}

}  // namespace

bool saveSettings(const std::string& path, const Settings& s, std::string& error, const std::string& old) {
    return writeSettings(path, s, error, old.empty() ? nullptr : &old);
}

Settings mergeSettings(const Settings& base, const Settings& mine, const Settings& disk) {
    Settings out = disk;
    const auto keep = [](const auto& b, const auto& m, auto& o) {
        if (!(m == b)) o = m;
    };
    keep(base.style[0], mine.style[0], out.style[0]);
    keep(base.style[1], mine.style[1], out.style[1]);
    keep(base.volume, mine.volume, out.volume);
    if (mine.width != base.width || mine.height != base.height) out.width = mine.width, out.height = mine.height;
    keep(base.fullscreen, mine.fullscreen, out.fullscreen);
    keep(base.frameCap, mine.frameCap, out.frameCap);
    keep(base.msaa, mine.msaa, out.msaa);
    keep(base.service, mine.service, out.service);
    keep(base.lobby, mine.lobby, out.lobby);
    if (mine.relay != base.relay || mine.relayUser != base.relayUser || mine.relayPassword != base.relayPassword) {
        out.relay = mine.relay, out.relayUser = mine.relayUser, out.relayPassword = mine.relayPassword;
    }
    return out;
}

bool saveSettingsMerging(const std::string& path, const Settings& base, const Settings& mine, Settings& saved,
                         std::string& error) {
    Settings disk = base;  // no file: nobody saved since
    std::string old;
    Error unread;
    std::error_code ec;
    const bool there = std::filesystem::is_regular_file(path, ec);
    if (there && !readFileAsWritten(path, old, unread)) {
        error = unread.text() + "; not saved over it";  // the game started with the defaults and said why
        return false;
    }
    if (there) {
        disk = Settings{};  // a key the file lacks has its default, as when the game starts
        // The lines that read count (the text without a byte order mark, which the save keeps); the others are
        // kept as comments.
        parseSettingsSkipping(asWritten(old).body, path, disk, unread);
    }
    const Settings merged = mergeSettings(base, mine, disk);
    if (!writeSettings(path, merged, error, there ? &old : nullptr)) return false;
    saved = merged;
    return true;
}

}  // namespace io
