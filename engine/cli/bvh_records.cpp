// The records of the `bvh` program's files: the scanner (fast path) and the token path (see bvh_records.h).
#include "engine/cli/bvh_records.h"
#include "engine/printable.h"

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace bvhcli {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/// Splits one line into whitespace-separated tokens (at most max + 1 are kept: enough to see a stray one).
int tokenize(std::string_view line, std::string_view* tokens, int max) {
    int n = 0;
    std::size_t i = 0;
    while (i < line.size() && n <= max) {
        while (i < line.size() && isSpace(line[i])) ++i;
        if (i == line.size()) break;
        const std::size_t start = i;
        while (i < line.size() && !isSpace(line[i])) ++i;
        tokens[n++] = line.substr(start, i - start);
    }
    return n;
}

/// Parses one coordinate token: an optional '-' or '+' and decimal digits, as `std::cin >> int` reads a whole token
/// (from_chars takes no '+', so one '+' before a digit is skipped here: "+3" is 3; "+-3", "++3" and "+" are not
/// integers).
int parseCoord(std::string_view t, const char* field, int line) {
    const bool plus = t.size() > 1 && t[0] == '+' && t[1] >= '0' && t[1] <= '9';
    long long v = 0;
    const auto [end, ec] = std::from_chars(t.data() + plus, t.data() + t.size(), v);
    if (ec == std::errc::result_out_of_range) {
        throw InputError{std::string(field) + " " + shown(t) + " is out of range (allowed -" +
                             std::to_string(kCoordLimit) + ".." + std::to_string(kCoordLimit) + ")",
                         line};
    }
    if (ec != std::errc() || end != t.data() + t.size()) {
        throw InputError{std::string(field) + " " + shown(t) + " is not an integer", line};
    }
    if (v < -kCoordLimit || v > kCoordLimit) {
        throw InputError{std::string(field) + " " + std::to_string(v) + " is out of range (allowed -" +
                             std::to_string(kCoordLimit) + ".." + std::to_string(kCoordLimit) + ")",
                         line};
    }
    return int(v);
}

/// Parses the four coordinate tokens of a box and checks min <= max.
engine::AABB parseBox(const std::string_view* t, int line) {
    const engine::AABB b{parseCoord(t[0], "minX", line), parseCoord(t[1], "minY", line), parseCoord(t[2], "maxX", line),
                         parseCoord(t[3], "maxY", line)};
    if (b.minX > b.maxX) {
        throw InputError{"box has minX " + std::to_string(b.minX) + " > maxX " + std::to_string(b.maxX), line};
    }
    if (b.minY > b.maxY) {
        throw InputError{"box has minY " + std::to_string(b.minY) + " > maxY " + std::to_string(b.maxY), line};
    }
    return b;
}

/// Checks a record has exactly `want` tokens; `form` is the expected shape, for the message.
void expectFields(int got, int want, const std::string_view* t, const char* form, int line) {
    if (got < want) {
        throw InputError{"record cut short: expected '" + std::string(form) + "', got " + std::to_string(got) +
                             (got == 1 ? " field" : " fields"),
                         line};
    }
    if (got > want) throw InputError{"stray token " + shown(t[want]) + " after '" + std::string(form) + "'", line};
}

// ---- The fast path. A well-formed record (the big files are millions of them) is read in one pass over its
// bytes, with no token array and no error bookkeeping; anything unusual (an error, but also a valid oddity such
// as leading zeros or a '+' sign) makes the scanner give up, and the token path above then reads the record or reports it.
// The two paths never disagree: the scanner accepts only what the token path reads the same way.

/// Skips spaces; returns where the next token starts (or end). Relies on the byte after the line not being a
/// space (LineReader::next guarantees '\n' or '\0' there).
const char* skipSpace(const char* p) {
    while (isSpace(*p)) ++p;
    return p;
}

/// Reads a coordinate's digits one at a time from p (after any '-'): the rare case of eight digits or more.
bool scanLongCoord(const char*& at, const char* p, const char* end, bool negative, int& value) {
    const char* first = p;
    std::uint64_t v = 0;
    for (unsigned d; (d = unsigned(*p) - '0') < 10; ++p) v = 10 * v + d;  // wraps past 19 digits: refused below
    if (p - first > 10 || (p != end && !isSpace(*p)) || v > std::uint64_t(kCoordLimit)) return false;
    value = negative ? -int(v) : int(v);
    at = p;
    return true;
}

/// Reads one coordinate: an optional '-' and one to ten digits, within kCoordLimit, ending at a space or the line's
/// end. Up to seven digits are read as one 8-byte word (LineReader pads every line), without a loop: a digit is a
/// byte whose value minus '0' is below 10, the first other byte ends the number, and three multiply-and-add steps
/// combine the digits in pairs, then fours, then eights (a byte loop here was the run's costliest parse step).
bool scanCoord(const char*& at, const char* end, int& value) {
    const char* p = skipSpace(at);  // a local cursor: the compiler keeps it in a register
    const bool negative = *p == '-';
    p += negative;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return scanLongCoord(at, p, end, negative, value);  // the word arithmetic below assumes little-endian
#endif
    std::uint64_t word;
    std::memcpy(&word, p, 8);  // byte 0 is the first character (the digits' order in a little-endian word)
    const std::uint64_t d = word - 0x3030303030303030ULL;  // each byte minus '0'; a borrow only follows a non-digit
    // A byte's top bit is set here when it is below '0' (d wraps) or above '9' (d + 0x76 reaches 0x80); carries
    // out of such a byte only reach later bytes, so the lowest marked byte is exactly the first non-digit.
    const std::uint64_t nonDigit = (d | (d + 0x7676767676767676ULL)) & 0x8080808080808080ULL;
    if (nonDigit == 0) return scanLongCoord(at, p, end, negative, value);
    const int digits = __builtin_ctzll(nonDigit) / 8;
    if (digits == 0) return false;
    std::uint64_t v = d << (64 - 8 * digits);           // the digits in the top bytes, zeros (leading) below
    v = (v * 10 + (v >> 8)) & 0x00FF00FF00FF00FFULL;    // 16-bit lanes: pairs of digits, 0..99
    v = (v * 100 + (v >> 16)) & 0x0000FFFF0000FFFFULL;  // 32-bit lanes: fours, 0..9999
    v = (v * 10000 + (v >> 32)) & 0xFFFFFFFFULL;        // the number, at most 9,999,999
    p += digits;
    if (p != end && !isSpace(*p)) return false;
    value = negative ? -int(v) : int(v);
    at = p;
    return true;
}

/// Reads four coordinates forming a box with min <= max on both axes.
bool scanBox(const char*& p, const char* end, engine::AABB& box) {
    return scanCoord(p, end, box.minX) && scanCoord(p, end, box.minY) && scanCoord(p, end, box.maxX) &&
           scanCoord(p, end, box.maxY) && box.valid();
}

/// Reads one token (a name): the bytes up to the next space.
bool scanToken(const char*& p, const char* end, std::string_view& token) {
    p = skipSpace(p);
    const char* first = p;
    while (p != end && !isSpace(*p)) ++p;
    token = std::string_view(first, std::size_t(p - first));
    return p != first;
}

/// True when nothing but spaces is left.
bool scanEnd(const char* p, const char* end) { return skipSpace(p) == end; }

}  // namespace

/// A token as it should appear in a message: quoted, cut to 40 characters, non-printable bytes escaped.
std::string shown(std::string_view t) { return "'" + engine::printable(t, 40) + "'"; }

/// The fast path for an agent record (`name minX minY maxX maxY`); false when the token path must read it.
bool scanMember(std::string_view s, Record& r) {
    const char* p = s.data();
    const char* end = p + s.size();
    r.kind = 'a';
    return scanToken(p, end, r.name) && scanBox(p, end, r.box) && scanEnd(p, end);
}

/// The fast path for an action record (`c box`, `m name box`, `p`); false when the token path must read it.
bool scanAction(std::string_view s, Record& r) {
    const char* p = skipSpace(s.data());
    const char* end = s.data() + s.size();
    if (p == end || (p + 1 != end && !isSpace(p[1]))) return false;
    r.kind = *p++;
    switch (r.kind) {
    case 'c': return scanBox(p, end, r.box) && scanEnd(p, end);
    case 'm': return scanToken(p, end, r.name) && scanBox(p, end, r.box) && scanEnd(p, end);
    case 'p': return scanEnd(p, end);
    default: return false;
    }
}

/// The token path for an agent record: reads any valid record, throws InputError for a bad one.
Record parseMember(std::string_view s, int line) {
    std::string_view t[6];
    const int n = tokenize(s, t, 5);
    Record r;
    if (n == 0) return r;
    expectFields(n, 5, t, "NAME MINX MINY MAXX MAXY", line);
    r.kind = 'a';
    r.name = t[0];
    r.box = parseBox(t + 1, line);
    return r;
}

/// The token path for an action record: reads any valid record, throws InputError for a bad one.
Record parseAction(std::string_view s, int line) {
    std::string_view t[7];
    const int n = tokenize(s, t, 6);
    Record r;
    if (n == 0) return r;
    if (t[0] == "c") {
        expectFields(n, 5, t, "c MINX MINY MAXX MAXY", line);
        r.box = parseBox(t + 1, line);
    } else if (t[0] == "m") {
        expectFields(n, 6, t, "m NAME MINX MINY MAXX MAXY", line);
        r.name = t[1];
        r.box = parseBox(t + 2, line);
    } else if (t[0] == "p") {
        expectFields(n, 1, t, "p", line);
    } else {
        throw InputError{"unknown action " + shown(t[0]) + " (expected c, m or p)", line};
    }
    r.kind = t[0][0];
    return r;
}

}  // namespace bvhcli
