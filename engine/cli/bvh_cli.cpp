#include "engine/cli/bvh_cli.h"

#include "engine/agent_bvh.h"

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <string_view>
#include <vector>

#include <sys/stat.h>

namespace bvhcli {
namespace {

/// A bad record: where and what, reported as `FILE:LINE: what`.
struct InputError {
    std::string what;
    int line = 0;  // 0 when the problem is the file itself
};

/// A failed write to the output stream, with errno as it was then (0 when the stream set none).
struct WriteError {
    int errorNumber = 0;
};

/// Reads a file line by line through one fixed buffer, so memory stays bounded whatever the file's size; refuses
/// a file past limits.maxFileBytes (at once for a regular file, when reached for a pipe or device) and a line
/// past limits.maxLineBytes (so an endless line, e.g. /dev/zero, stops early too).
class LineReader {
public:
    /// Readable bytes after every line given out, so a scanner may read a whole 8-byte word from any place in it.
    static constexpr std::size_t kPad = 16;
    explicit LineReader(const Limits& limits) : limits_(limits), buf_(kBlock + kPad) {}
    ~LineReader() {
        if (f_ != nullptr) std::fclose(f_);
    }
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    /// Opens the file and reads its first block, so an unopenable or unreadable file is reported before any work.
    void open(const std::string& path) {
        f_ = std::fopen(path.c_str(), "rb");
        if (f_ == nullptr) throw InputError{std::string("cannot open file: ") + std::strerror(errno), 0};
        struct stat st {};
        if (::fstat(::fileno(f_), &st) == 0 && S_ISREG(st.st_mode) && std::uint64_t(st.st_size) > limits_.maxFileBytes) {
            throw InputError{"file is " + std::to_string(st.st_size) + " bytes, over the limit of " +
                                 std::to_string(limits_.maxFileBytes),
                             0};
        }
        fill();
    }

    /// The next line (without its '\n'); false at the end of the file. line() numbers it from 1. The byte just
    /// after the line is readable and is '\n' or '\0', so a scanner may stop at it without checking the end, and
    /// so are kPad bytes after that.
    bool next(std::string_view& text) {
        bool spans = false;  // the line began in an earlier block and is being gathered in carry_
        carry_.clear();
        while (true) {
            const char* start = buf_.data() + pos_;
            const std::size_t avail = len_ - pos_;
            const char* nl = static_cast<const char*>(std::memchr(start, '\n', avail));
            const std::size_t n = nl != nullptr ? std::size_t(nl - start) : avail;
            if (spans) carry_.append(start, n);
            if ((spans ? carry_.size() : n) > limits_.maxLineBytes) {
                throw InputError{"line longer than " + std::to_string(limits_.maxLineBytes) + " bytes", line_ + 1};
            }
            if (nl != nullptr) {
                text = spans ? padded(carry_) : std::string_view(start, n);
                pos_ += n + 1;
                ++line_;
                return true;
            }
            if (!spans) carry_.assign(start, n);
            spans = true;
            pos_ = len_;
            if (!fill()) {
                if (carry_.empty()) return false;
                text = padded(carry_);
                ++line_;
                return true;
            }
        }
    }

    /// Number of the line last returned by next().
    int line() const { return line_; }

private:
    /// Reads the next block; false at the end of the file.
    bool fill() {
        pos_ = len_ = 0;
        const std::size_t n = std::fread(buf_.data(), 1, kBlock, f_);
        if (n == 0) {
            if (std::ferror(f_) != 0) throw InputError{std::string("cannot read file: ") + std::strerror(errno), 0};
            return false;
        }
        total_ += n;
        if (total_ > limits_.maxFileBytes) {
            throw InputError{"more than " + std::to_string(limits_.maxFileBytes) + " bytes, over the limit", 0};
        }
        len_ = n;
        return true;
    }

    /// The text of a gathered line, followed in the string by kPad zero bytes.
    static std::string_view padded(std::string& line) {
        const std::size_t n = line.size();
        line.append(kPad, '\0');
        return std::string_view(line.data(), n);
    }

    static constexpr std::size_t kBlock = std::size_t(1) << 16;
    Limits limits_;
    std::FILE* f_ = nullptr;
    std::vector<char> buf_;
    std::size_t pos_ = 0, len_ = 0;
    std::uint64_t total_ = 0;
    int line_ = 0;
    std::string carry_;  // a line that crosses a block boundary
};

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

/// A token as it should appear in a message: quoted, cut to 40 characters, non-printable bytes escaped.
std::string shown(std::string_view t) {
    std::string s = "'";
    for (std::size_t i = 0; i < t.size() && i < 40; ++i) {
        const unsigned char c = static_cast<unsigned char>(t[i]);
        if (c >= 0x20 && c < 0x7f) {
            s += char(c);
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            s += hex;
        }
    }
    if (t.size() > 40) s += "...";
    return s + "'";
}

/// Parses one coordinate token.
int parseCoord(std::string_view t, const char* field, int line) {
    long long v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
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
    const engine::AABB b{parseCoord(t[0], "minX", line), parseCoord(t[1], "minY", line),
                         parseCoord(t[2], "maxX", line), parseCoord(t[3], "maxY", line)};
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
// as leading zeros) makes the scanner give up, and the token path above then reads the record or reports it.
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
/// combine the digits in pairs, then fours, then eights (measured: the byte loop was 12% of the whole run's
/// instructions).
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
    std::uint64_t v = d << (64 - 8 * digits);                 // the digits in the top bytes, zeros (leading) below
    v = (v * 10 + (v >> 8)) & 0x00FF00FF00FF00FFULL;          // 16-bit lanes: pairs of digits, 0..99
    v = (v * 100 + (v >> 16)) & 0x0000FFFF0000FFFFULL;        // 32-bit lanes: fours, 0..9999
    v = (v * 10000 + (v >> 32)) & 0xFFFFFFFFULL;              // the number, at most 9,999,999
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

/// One parsed record: kind is 0 for a blank line, else the member's 'a' or the action letter.
struct Record {
    char kind = 0;
    std::string_view name;
    engine::AABB box;
    engine::AgentBVH::NameKey key;  // name with its hash, set by Lookahead
};

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

/// The records of a file, read a few lines ahead of the one being performed so that what they will touch can be
/// asked of memory early (AgentBVH::prefetch): a move's lookup waits on three cache misses in a row (measured: name
/// lookups were 18% of the big run). A line the fast path cannot read is kept as text and read by the token path
/// only when its turn comes, and a reading error waits its turn too, so errors are reported exactly as without
/// the look-ahead: after every earlier record has been performed.
class Lookahead {
public:
    /// Records held besides the current one.
    static constexpr int kDepth = 6;
    using Scan = bool (*)(std::string_view, Record&);
    using Parse = Record (*)(std::string_view, int);

    Lookahead(LineReader& reader, Scan scan, Parse parse) : reader_(reader), scan_(scan), parse_(parse) {}

    /// The next non-blank record and its line number; false at the end of the file. Throws InputError when that
    /// record is bad. The record's name stays valid until the next call.
    bool next(Record& r, int& line) {
        while (true) {
            while (size_ < kDepth + 1 && !ended_) readAhead();  // never the slot the previous record's name is in
            if (size_ == 0) return false;
            Slot& s = slots_[head_];
            head_ = (head_ + 1) % kSlots;
            --size_;
            if (s.failed) {
                ended_ = true;
                throw s.error;
            }
            line = s.line;
            if (s.scanned) {
                r = s.record;
            } else {
                r = parse_(s.text, s.line);
                if (!r.name.empty()) r.key = engine::AgentBVH::NameKey(r.name);
            }
            if (r.kind != 0) return true;
        }
    }

    /// The record i places after the one next() gave last (1 <= i <= kDepth), or nullptr when it is not read yet
    /// or not read by the fast path.
    const Record* ahead(int i) const {
        if (i > size_) return nullptr;
        const Slot& s = slots_[(head_ + i - 1) % kSlots];
        return s.scanned ? &s.record : nullptr;
    }

private:
    struct Slot {
        int line = 0;
        bool scanned = false;  // record is read; else text is the raw line for the token path
        bool failed = false;   // reading this line failed with error
        Record record;
        std::string text;      // the record's name, or the raw line
        InputError error;
    };
    static constexpr int kSlots = kDepth + 2;  // the current record's, and kDepth + 1 read ahead

    void readAhead() {
        Slot& s = slots_[(head_ + size_) % kSlots];
        ++size_;
        s.failed = false;
        std::string_view text;
        try {
            if (!reader_.next(text)) {
                --size_;
                ended_ = true;
                return;
            }
        } catch (const InputError& e) {
            s.failed = true;
            s.error = e;
            ended_ = true;
            return;
        }
        s.line = reader_.line();
        s.record = Record{};
        s.scanned = scan_(text, s.record);
        if (s.scanned) {
            if (!s.record.name.empty()) {
                s.text.assign(s.record.name.data(), s.record.name.size());
                s.record.name = s.text;
                s.record.key = engine::AgentBVH::NameKey(s.text);
            }
        } else {
            s.text.assign(text.data(), text.size());
        }
    }

    LineReader& reader_;
    Scan scan_;
    Parse parse_;
    Slot slots_[kSlots];
    int head_ = 0, size_ = 0;
    bool ended_ = false;
};

/// Copies a string literal to p; returns the end.
template <std::size_t N>
char* put(char* p, const char (&text)[N]) {
    std::memcpy(p, text, N - 1);
    return p + (N - 1);
}

/// Writes an integer in decimal at p (at most 11 bytes); returns the end.
char* putInt(char* p, int v) { return std::to_chars(p, p + 11, v).ptr; }

/// Writes `(minX, minY), (maxX, maxY)` at p (at most kBoxBytes bytes); returns the end.
constexpr std::size_t kBoxBytes = 4 * 11 + 10;
char* putBox(char* p, const engine::AABB& b) {
    *p++ = '(';
    p = putInt(p, b.minX);
    p = put(p, ", ");
    p = putInt(p, b.minY);
    p = put(p, "), (");
    p = putInt(p, b.maxX);
    p = put(p, ", ");
    p = putInt(p, b.maxY);
    *p++ = ')';
    return p;
}

/// Keeps the tree laid out in printing order (AgentBVH::compact): insertions and re-inserting moves scatter new
/// nodes over the pool, so after as many changes as there are members the pool is renumbered afresh (O(n), so
/// O(1) amortised per change). The program holds names, not leaf handles, so renumbering costs it nothing.
/// Measured on the big input (bench/make_bvh_input.py): about 10% off the whole run.
class Layout {
public:
    /// Notes one insertion or move; returns true when the tree was just renumbered.
    bool changed(engine::AgentBVH& tree) {
        if (++changes_ < std::max(kMinChanges, tree.memberCount())) return false;
        tree.compact();
        changes_ = 0;
        return true;
    }

private:
    static constexpr int kMinChanges = 4096;
    int changes_ = 0;
};

/// Counts the levels insertions descend and refuses the record whose insertion takes the total past
/// Limits::maxDescentLevels (see kMaxDescentLevels): the tree work of a run stays bounded whatever its boxes.
class DescentBudget {
public:
    explicit DescentBudget(std::uint64_t limit) : limit_(limit) {}
    /// Adds the depth a member just landed at (the levels its insertion descended); throws past the limit.
    void charge(const engine::AgentBVH& tree, int leaf, int line) {
        used_ += std::uint64_t(tree.depth(leaf));
        if (used_ <= limit_) return;
        throw InputError{"insertions have descended more than " + std::to_string(limit_) +
                             " tree levels in all, the limit (members with identical or nested boxes make the "
                             "spec's tree a chain that every insertion walks whole)",
                         line};
    }
    /// Levels descended so far.
    std::uint64_t used() const { return used_; }

private:
    std::uint64_t limit_;
    std::uint64_t used_ = 0;
};

/// Builds the agent from its file: one `name minX minY maxX maxY` record a line, blank lines ignored.
void loadAgent(LineReader& reader, engine::AgentBVH& tree, Layout& layout, DescentBudget& budget) {
    Lookahead records(reader, scanMember, parseMember);
    Record r;
    int line = 0;
    while (records.next(r, line)) {
        if (const Record* later = records.ahead(Lookahead::kDepth)) tree.prefetch(later->key, 0);
        const int leaf = tree.addNamed(r.box, std::string(r.name), line);  // the line, for this message
        if (leaf == engine::AgentBVH::kNull) {
            const int first = tree.node(tree.find(r.name)).userData;
            throw InputError{"duplicate member name " + shown(r.name) + " (first on line " + std::to_string(first) + ")",
                             line};
        }
        budget.charge(tree, leaf, line);
        layout.changed(tree);
    }
}

/// Output collected in a fixed buffer and written whenever it holds kChunk bytes, so memory stays bounded; a
/// failed write throws WriteError. Lines are formatted straight into the buffer through room()/commit(), which
/// costs far less than growing a std::string a few bytes at a time (measured: see README).
class Output {
public:
    /// Buffer size at which the output is written.
    static constexpr std::size_t kChunk = 1 << 16;
    /// Most bytes room() may be asked for.
    static constexpr std::size_t kMaxRoom = 256;
    explicit Output(std::ostream& out) : out_(out), buf_(kChunk + kMaxRoom) {}
    /// Where the next n <= kMaxRoom bytes may be written; commit(end) then keeps them.
    char* room(std::size_t n) {
        assert(n <= kMaxRoom);
        if (used_ + n > buf_.size()) flush();
        return buf_.data() + used_;
    }
    /// Keeps what was written from room() up to end.
    void commit(char* end) { used_ = std::size_t(end - buf_.data()); }
    /// Appends bytes of any length.
    void append(std::string_view s) {
        if (used_ + s.size() > buf_.size()) {
            flush();
            if (s.size() > buf_.size()) return write(s.data(), s.size());
        }
        std::memcpy(buf_.data() + used_, s.data(), s.size());
        used_ += s.size();
    }
    void maybeFlush() {
        if (used_ >= kChunk) flush();
    }
    /// Writes and clears the buffer, and flushes the stream; throws WriteError when the stream fails.
    void flush() {
        write(buf_.data(), used_);
        used_ = 0;
    }

private:
    void write(const char* data, std::size_t n) {
        errno = 0;
        out_.write(data, std::streamsize(n));
        out_.flush();
        if (!out_) throw WriteError{errno};
    }

    std::ostream& out_;
    std::vector<char> buf_;
    std::size_t used_ = 0;
};

/// How many records ahead a move takes each AgentBVH::prefetch step: two records between the steps that wait on
/// DRAM, one before the last (its reads were fetched by the step before).
constexpr int kPrefetchAhead[4] = {6, 4, 2, 1};

/// Performs the actions file's records in order.
void runActions(LineReader& reader, engine::AgentBVH& tree, Output& output, Layout& layout, DescentBudget& budget) {
    std::vector<int> hits;  // leaf indices, sorted by name
    std::string printed;    // the tree as it is printed, a chunk at a time
    Lookahead records(reader, scanAction, parseAction);
    Record r;
    int line = 0;
    while (records.next(r, line)) {
        for (int k = 0; k < 4; ++k) {  // the farthest move takes the first step, the nearest the last
            const Record* later = records.ahead(kPrefetchAhead[k]);
            if (later != nullptr && later->kind == 'm') tree.prefetch(later->key, k);
        }
        switch (r.kind) {
        case 'c': {
            hits.clear();
            tree.query(r.box, [&](int leaf) {
                tree.prefetchName(leaf);  // read once the walk is over: its miss overlaps the rest of the walk
                hits.push_back(leaf);
                return true;
            });
            if (hits.size() > 1) {
                std::sort(hits.begin(), hits.end(), [&](int a, int b) { return tree.nameOf(a) < tree.nameOf(b); });
            }
            char* p = put(output.room(kBoxBytes + 32), "Projectile ");
            p = put(putBox(p, r.box), "\nCollides with: ");
            output.commit(p);
            for (std::size_t i = 0; i < hits.size(); ++i) {
                if (i > 0) output.append(", ");
                output.append(tree.nameOf(hits[i]));
            }
            output.append("\n");
            break;
        }
        case 'm': {
            const int leaf = tree.find(r.name);
            if (leaf == engine::AgentBVH::kNull) throw InputError{"no member named " + shown(r.name), line};
            if (tree.moveLeaf(leaf, r.box)) budget.charge(tree, leaf, line);  // re-inserted: it descended again
            layout.changed(tree);
            output.append("Moved the ");
            output.append(r.name);
            char* p = put(output.room(kBoxBytes + 32), " to the location ");
            output.commit(put(putBox(p, r.box), "\n"));
            break;
        }
        default: {  // 'p'
            output.append("Current tree:\n");
            const auto drain = [&](std::string& chunk) {
                output.append(chunk);
                chunk.clear();
            };
            tree.print(printed, Output::kChunk, drain);
            drain(printed);
            output.append("\n");
        }
        }
        output.maybeFlush();
    }
}

/// Reports an error as `FILE:LINE: what` (or `FILE: what` for the file itself).
void report(std::ostream& err, const std::string& path, const InputError& e) {
    err << path;
    if (e.line > 0) err << ':' << e.line;
    err << ": " << e.what << '\n';
}

/// Reports a failed write of the output.
int reportWriteError(std::ostream& err, int errorNumber) {
    err << "standard output: cannot write";
    if (errorNumber != 0) err << ": " << std::strerror(errorNumber);
    err << '\n';
    return kWriteError;
}

}  // namespace

int run(const std::string& agentPath, const std::string& actionsPath, std::ostream& out, std::ostream& err,
        const Limits& limits) {
    LineReader agent(limits), actions(limits);
    const std::string* path = &agentPath;  // the file an InputError is about
    Output output(out);
    try {
        agent.open(agentPath);
        path = &actionsPath;
        actions.open(actionsPath);
        engine::AgentBVH tree;
        path = &agentPath;
        Layout layout;
        DescentBudget budget(limits.maxDescentLevels);
        loadAgent(agent, tree, layout, budget);
        path = &actionsPath;
        runActions(actions, tree, output, layout, budget);
        output.flush();
    } catch (const InputError& e) {
        try {
            output.flush();  // what earlier actions printed stays printed
        } catch (const WriteError& w) {
            reportWriteError(err, w.errorNumber);
        }
        report(err, *path, e);
        return kBadInput;
    } catch (const WriteError& w) {
        return reportWriteError(err, w.errorNumber);
    }
    return kOk;
}

int run(const std::string& agentPath, const std::string& actionsPath, std::ostream& out, std::ostream& err) {
    return run(agentPath, actionsPath, out, err, Limits{});
}

int runMain(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    if (argc == 1) return run("agent.txt", "actions.txt", out, err);
    if (argc == 3) return run(argv[1], argv[2], out, err);
    err << "usage: bvh [AGENT_FILE ACTIONS_FILE]   (defaults: agent.txt actions.txt in the current folder)\n";
    return kUsage;
}

}  // namespace bvhcli
