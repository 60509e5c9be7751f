// The shared text reader (see text.h).
#include "game/io/text.h"

#include "engine/printable.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace io {

std::string Error::text() const {
    if (line <= 0) return file + ": " + message;
    return file + ":" + std::to_string(line) + ": " + message;
}

namespace {

bool fileError(const std::string& path, const std::string& what, Error& error) {
    error = Error{path, 0, what};
    return false;
}

}  // namespace

namespace {

/// Reads an open file to its end, refusing it once it passes kMaxFileBytes: the bound for what has no size to
/// check up front (a pipe, `<(...)`, a device such as /dev/zero).
bool readBounded(int fd, const std::string& path, std::string& text, Error& error) {
    char buf[1 << 16];
    while (true) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fileError(path, std::string("cannot read: ") + std::strerror(errno), error);
        if (n == 0) return true;
        if (text.size() + std::size_t(n) > kMaxFileBytes) {
            text.clear();
            return fileError(
                path, "larger than " + std::to_string(kMaxFileBytes) + " bytes (the limit for any input file)", error);
        }
        text.append(buf, std::size_t(n));
    }
}

}  // namespace

bool readFile(const std::string& path, std::string& text, Error& error) {
    if (!readFileAsWritten(path, text, error)) return false;
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);  // a UTF-8 byte order mark (editors on Windows)
    return true;
}

bool readFileAsWritten(const std::string& path, std::string& text, Error& error) {
    text.clear();
    // One open and one pass: a pipe or `<(...)` can be read only once. A regular file's size is checked before any
    // byte is read.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return fileError(path, std::string("cannot open: ") + std::strerror(errno), error);
    struct stat st {};
    bool ok = ::fstat(fd, &st) == 0;
    if (!ok) fileError(path, std::string("cannot open: ") + std::strerror(errno), error);
    else if (S_ISDIR(st.st_mode)) ok = fileError(path, "is a directory", error);
    else if (S_ISREG(st.st_mode) && std::uint64_t(st.st_size) > kMaxFileBytes)
        ok = fileError(path, "larger than " + std::to_string(kMaxFileBytes) + " bytes (the limit for any input file)",
                       error);
    if (ok && S_ISREG(st.st_mode)) text.reserve(std::size_t(st.st_size));
    if (ok) ok = readBounded(fd, path, text, error);
    ::close(fd);
    return ok;
}

WrittenText asWritten(std::string_view text) {
    TextStyle style;
    std::string_view body = text;
    if (body.substr(0, 3) == "\xEF\xBB\xBF")
        style.mark = "\xEF\xBB\xBF", body.remove_prefix(3);  // never a view of text
    // The end most ended lines have; on a tie the first line's (in a file of one kind of end: that one).
    const auto crlfAt = [body](std::size_t nl) { return nl > 0 && body[nl - 1] == '\r'; };
    const std::size_t first = body.find('\n');
    long crlfLead = 0;  // lines ended by CRLF less those ended by LF alone
    for (std::size_t nl = first; nl != std::string_view::npos; nl = body.find('\n', nl + 1))
        crlfLead += crlfAt(nl) ? 1 : -1;
    if (crlfLead > 0 || (crlfLead == 0 && first != std::string_view::npos && crlfAt(first))) style.newline = "\r\n";
    return {style, std::string(body)};
}

std::string styled(std::string_view plain, const TextStyle& style) {
    std::string out(style.mark);
    for (const RawLine& line : rawLines(plain)) addLine(out, line.text, style);
    return out;
}

std::vector<RawLine> rawLines(std::string_view text) {
    std::vector<RawLine> lines;
    while (!text.empty()) {
        const std::size_t nl = text.find('\n');
        std::size_t cut = nl == std::string_view::npos ? text.size() : nl;  // where the line's end starts
        if (cut > 0 && cut < text.size() && text[cut - 1] == '\r') --cut;
        const std::size_t next = nl == std::string_view::npos ? text.size() : nl + 1;
        lines.push_back({text.substr(0, cut), text.substr(cut, next - cut)});
        text.remove_prefix(next);
    }
    return lines;
}

void addLine(std::string& out, std::string_view line, const TextStyle& style) {
    if (!out.empty() && out.back() != '\n' && out != style.mark) out += style.newline;
    out += line;
    out += style.newline;
}

std::string commentOf(std::string_view line) {
    const std::size_t hash = line.find('#');
    if (hash == std::string_view::npos) return "";
    std::size_t start = hash;
    while (start > 0 && (line[start - 1] == ' ' || line[start - 1] == '\t')) --start;
    return (start == hash ? " " : "") + std::string(line.substr(start));
}

std::string printable(std::string_view t, std::size_t max) { return engine::printable(t, max); }

std::string tooLong(std::string_view what, std::string_view text) {
    if (text.size() <= kMaxNameChars) return "";
    return std::string(what) + " is " + std::to_string(text.size()) + " characters long (at most " +
           std::to_string(kMaxNameChars) + ")";
}

std::string controlByte(std::string_view what, std::string_view text) {
    for (char c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            return std::string(what) + " " + quote(text) + " holds a control character";
    }
    return "";
}

std::string badName(std::string_view what, std::string_view text) {
    const std::string why = tooLong(what, text);
    return why.empty() ? controlByte(what, text) : why;
}

std::string quote(std::string_view t) { return "'" + printable(t, kQuoteMax) + "'"; }

std::vector<std::string> tokens(std::string_view line) {
    std::vector<std::string> out;
    const std::size_t hash = line.find('#');
    if (hash != std::string_view::npos) line = line.substr(0, hash);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::size_t i = 0;
    const std::size_t n = line.size();
    while (i < n) {
        while (i < n && (line[i] == ' ' || line[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < n && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) out.emplace_back(line.substr(start, i - start));
    }
    return out;
}

std::string joined(const std::vector<std::string>& t) {
    std::string s;
    for (const std::string& w : t) s += (s.empty() ? "" : " ") + w;
    return printable(s, 120);
}

namespace {

/// Digits only (after an optional '-' when allowed), at least one.
bool isDecimal(std::string_view t, bool allowMinus) {
    std::size_t i = (allowMinus && !t.empty() && t[0] == '-') ? 1 : 0;
    if (i == t.size()) return false;
    for (; i < t.size(); ++i) {
        if (t[i] < '0' || t[i] > '9') return false;
    }
    return true;
}

/// A range bound as a message shows it: "100", "0.5" (no trailing zeros).
std::string number(double v) {
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    return s;
}

}  // namespace

bool toInt(std::string_view token, std::int64_t lo, std::int64_t hi, std::int64_t& out, std::string& why) {
    if (!isDecimal(token, true)) {
        why = quote(token) + " is not an integer";
        return false;
    }
    const bool negative = token[0] == '-';
    // Accumulate the magnitude with an overflow check (long tokens are out of range, not undefined).
    std::uint64_t mag = 0;
    bool overflow = false;
    for (std::size_t i = negative ? 1 : 0; i < token.size(); ++i) {
        const unsigned d = unsigned(token[i] - '0');
        if (mag > (UINT64_MAX - d) / 10) overflow = true;
        else mag = mag * 10 + d;
    }
    const std::uint64_t limit = negative ? std::uint64_t(INT64_MAX) + 1 : std::uint64_t(INT64_MAX);
    std::int64_t v = 0;
    if (!overflow && mag <= limit) v = negative ? std::int64_t(0 - mag) : std::int64_t(mag);
    if (overflow || mag > limit || v < lo || v > hi) {
        why = "number " + printable(token, kQuoteMax) + " out of range [" + std::to_string(lo) + ", " +
              std::to_string(hi) + "]";
        return false;
    }
    out = v;
    return true;
}

bool toInt(std::string_view token, int lo, int hi, int& out, std::string& why) {
    std::int64_t v = 0;
    if (!toInt(token, std::int64_t(lo), std::int64_t(hi), v, why)) return false;
    out = int(v);
    return true;
}

bool toUint64(std::string_view token, std::uint64_t& out, std::string& why) {
    if (!isDecimal(token, false)) {
        why = quote(token) + " is not an unsigned integer";
        return false;
    }
    std::uint64_t v = 0;
    for (char c : token) {
        const unsigned d = unsigned(c - '0');
        if (v > (UINT64_MAX - d) / 10) {
            why = "number " + printable(token, kQuoteMax) + " out of range [0, " + std::to_string(UINT64_MAX) + "]";
            return false;
        }
        v = v * 10 + d;
    }
    out = v;
    return true;
}

bool toHash(std::string_view token, std::uint64_t& out, std::string& why) {
    if (token.size() != 16) {
        why = "hash must be 16 hex digits, got " + quote(token);
        return false;
    }
    std::uint64_t v = 0;
    for (char c : token) {
        int d = -1;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
        if (d < 0) {
            why = "bad hash " + quote(token);
            return false;
        }
        v = (v << 4) | std::uint64_t(d);
    }
    out = v;
    return true;
}

bool toDecimal(std::string_view token, double lo, double hi, double& out, std::string& why) {
    const std::size_t dot = token.find('.');
    const std::string_view whole = token.substr(0, dot);
    const std::string_view fraction = dot == std::string_view::npos ? std::string_view() : token.substr(dot + 1);
    const bool fractionOk =
        dot == std::string_view::npos || (!fraction.empty() && fraction.size() <= 9 && isDecimal(fraction, false));
    if (!isDecimal(whole, true) || !fractionOk) {
        why = quote(token) + " is not a number";
        return false;
    }
    std::int64_t units = 0;
    std::string ignored;
    const bool fits = io::toInt(whole, -999999999, 999999999, units, ignored);
    double v = double(units < 0 ? -units : units);
    double scale = 0.1;
    for (char c : fraction) {
        v += double(c - '0') * scale;
        scale /= 10;
    }
    if (whole[0] == '-') v = -v;
    if (!fits || v < lo || v > hi) {
        why = "number " + printable(token, kQuoteMax) + " out of range [" + number(lo) + ", " + number(hi) + "]";
        return false;
    }
    out = v;
    return true;
}

bool Lines::next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    const std::size_t nl = text_.find('\n', pos_);
    ++number_;
    if (nl == std::string_view::npos) {
        line = text_.substr(pos_);
        pos_ = text_.size();
        unterminated_ = true;
    } else {
        line = text_.substr(pos_, nl - pos_);
        pos_ = nl + 1;
    }
    return true;
}

bool LineParser::fail(const std::string& what) {
    if (error.message.empty()) {
        error.line = line;
        error.message = what;
    }
    return false;
}

bool LineParser::toInt(std::string_view token, std::int64_t lo, std::int64_t hi, std::int64_t& v) {
    std::string why;
    return io::toInt(token, lo, hi, v, why) || fail(why);
}

bool LineParser::toInt(std::string_view token, int lo, int hi, int& v) {
    std::string why;
    return io::toInt(token, lo, hi, v, why) || fail(why);
}

bool LineParser::once(std::vector<std::pair<std::string, int>>& seen, const std::string& key) {
    for (const auto& k : seen) {
        if (k.first == key)
            return fail("repeated `" + printable(key, kQuoteMax) + "` (first on line " + std::to_string(k.second) +
                        ")");
    }
    seen.emplace_back(key, line);
    return true;
}

}  // namespace io
