#pragma once
// The `bvh` program's input side: a file read line by line through one bounded buffer, and the records of the
// agent and actions files read by two paths that never disagree: a one-pass scanner for the well-formed records
// that make up big files, and a token path that reads any valid record and names what is wrong with a bad one.
// Kept apart from bvh_cli.cpp, which performs the records and writes the output.
#include "engine/agent_bvh.h"
#include "engine/cli/bvh_cli.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <sys/stat.h>

namespace bvhcli {

/// A bad record: where and what, reported as `FILE:LINE: what`.
struct InputError {
    std::string what;
    int line = 0;  // 0 when the problem is the file itself
};

/// Reads a file line by line through one fixed buffer, so memory stays bounded whatever the file's size; refuses
/// a file past limits.maxFileBytes (at once for a regular file, when reached for a pipe or device) and a line
/// past limits.maxLineBytes (so an endless line, e.g. /dev/zero, stops early too).
///
/// A line ends at '\n' (a '\r' before it stays in the line, where the records' readers take it for a blank) or
/// at a lone '\r', one not followed by '\n' (old Mac files): fill() turns each lone '\r' of a block into '\n'
/// with one memchr pass per block, so a file without '\r' costs one search of each 64 KiB block, and next() decides
/// a '\r' that ends a block when the next block shows what follows it.
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
        if (::fstat(::fileno(f_), &st) == 0 && S_ISREG(st.st_mode) &&
            std::uint64_t(st.st_size) > limits_.maxFileBytes) {
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
            if (lineBytes(spans ? carry_.data() : start, spans ? carry_.size() : n) > limits_.maxLineBytes) {
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
            const bool more = fill();
            if (!more && carry_.empty()) return false;
            // The line ends at the file's end, or at a '\r' that ended the block when no '\n' follows it: a lone
            // one, dropped as fill() makes the others line ends.
            const bool loneReturn = more && !carry_.empty() && carry_.back() == '\r' && buf_[0] != '\n';
            if (!more || loneReturn) {
                if (loneReturn) carry_.pop_back();
                text = padded(carry_);
                ++line_;
                return true;
            }
        }
    }

    /// Number of the line last returned by next().
    int line() const { return line_; }

private:
    /// The bytes of a line (or of the part read so far) that count against the line limit: a '\r' it ends with is
    /// a line end, not the line's (CRLF's, or a lone one that ended its block: fill() made every other lone '\r' a
    /// '\n'), so a line of the limit's length passes with CRLF and CR as with LF.
    static std::size_t lineBytes(const char* text, std::size_t n) { return n > 0 && text[n - 1] == '\r' ? n - 1 : n; }

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
        endLoneReturns();
        return true;
    }

    /// Turns every '\r' of the block that a byte other than '\n' follows into '\n', so that it ends its line; a
    /// '\r' that is the block's last byte is left to next(), which sees the next block's first byte.
    void endLoneReturns() {
        char* p = buf_.data();
        char* const end = p + len_;
        while ((p = static_cast<char*>(std::memchr(p, '\r', std::size_t(end - p)))) != nullptr && ++p != end) {
            if (*p != '\n') p[-1] = '\n';
        }
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

/// One parsed record: kind is 0 for a blank line, else the member's 'a' or the action letter.
struct Record {
    char kind = 0;
    std::string_view name;
    engine::AABB box;
    engine::AgentBVH::NameKey key;  // name with its hash, set by Lookahead
};

/// A token as messages show it: quoted, cut to 40 characters, other than printable bytes as \xNN.
std::string shown(std::string_view t);
/// The fast path for an agent record (`name minX minY maxX maxY`); false when the token path must read it.
bool scanMember(std::string_view s, Record& r);
/// The fast path for an action record (`c box`, `m name box`, `p`); false when the token path must read it.
bool scanAction(std::string_view s, Record& r);
/// The token path for an agent record: reads any valid record, throws InputError for a bad one.
Record parseMember(std::string_view s, int line);
/// The token path for an action record: reads any valid record, throws InputError for a bad one.
Record parseAction(std::string_view s, int line);

/// The records of a file, read up to kDepth lines ahead of the one being performed so that what they will touch can
/// be asked of memory early (AgentBVH::prefetch, the program's descent walks): a move's lookup
/// waits on three cache misses in a row, a descent on one a level. A line the fast path cannot read is kept as text
/// and read by the token path only when its turn comes, and a reading error waits its turn too, so errors are
/// reported exactly as without the look-ahead: after every earlier record has been performed.
///
/// The lines held ahead are bounded in bytes too: reading ahead stops while they hold maxHeldBytes or more (a long
/// name or a line left to the token path can be up to Limits::maxLineBytes), and a slot that held a long line gives
/// its memory back once its record is done. So the look-ahead holds at most maxHeldBytes plus two lines, where kDepth
/// lines near the line limit would otherwise hold about 31 MiB, and every slot would keep a long line's memory.
class Lookahead {
public:
    /// Records held besides the current one.
    static constexpr int kDepth = 30;
    /// Default bound on the bytes of the lines held ahead (a few hundred times a typical record).
    static constexpr std::size_t kMaxHeldBytes = std::size_t(1) << 16;
    using Scan = bool (*)(std::string_view, Record&);
    using Parse = Record (*)(std::string_view, int);

    Lookahead(LineReader& reader, Scan scan, Parse parse, std::size_t maxHeldBytes = kMaxHeldBytes)
        : reader_(reader), scan_(scan), parse_(parse), maxHeldBytes_(maxHeldBytes) {}

    /// The next non-blank record and its line number; false at the end of the file. Throws InputError when that
    /// record is bad. The record's name stays valid until the next call.
    bool next(Record& r, int& line) {
        if (prev_ >= 0 && slots_[prev_].text.capacity() > kKeptCapacity) std::string().swap(slots_[prev_].text);
        while (true) {
            // Never the slot the previous record's name is in; always at least the next record.
            while (size_ < kDepth + 1 && !ended_ && (size_ == 0 || held_ < maxHeldBytes_)) readAhead();
            if (size_ == 0) return false;
            Slot& s = slots_[head_];
            prev_ = head_;
            head_ = (head_ + 1) % kSlots;
            --size_;
            held_ -= s.held;
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

    /// Bytes of the text held by the records read ahead (their names or raw lines).
    std::size_t heldBytes() const { return held_; }
    /// Bytes held by every slot, the current record's included.
    std::size_t slotBytes() const {
        std::size_t n = 0;
        for (const Slot& s : slots_) n += s.text.capacity();
        return n;
    }

    /// The line number of ahead(i) (call only when it is not nullptr).
    int lineAhead(int i) const { return slots_[(head_ + i - 1) % kSlots].line; }

    /// The record i places after the one next() gave last (1 <= i <= kDepth), or nullptr when it is not read yet
    /// or not read by the fast path.
    const Record* ahead(int i) const {
        if (i > size_) return nullptr;
        const Slot& s = slots_[(head_ + i - 1) % kSlots];
        return s.scanned && !s.failed ? &s.record : nullptr;
    }

private:
    struct Slot {
        int line = 0;
        bool scanned = false;  // record is read; else text is the raw line for the token path
        bool failed = false;   // reading this line failed with error
        Record record;
        std::string text;      // the record's name, or the raw line
        std::size_t held = 0;  // text bytes counted in held_ while the slot waits
        InputError error;
    };
    static constexpr int kSlots = kDepth + 2;          // the current record's, and kDepth + 1 read ahead
    static constexpr std::size_t kKeptCapacity = 256;  // a slot keeps this much text memory from line to line

    void readAhead() {
        Slot& s = slots_[(head_ + size_) % kSlots];
        ++size_;
        s.failed = false;
        s.held = 0;
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
        s.held = s.text.capacity();
        held_ += s.held;
    }

    LineReader& reader_;
    Scan scan_;
    Parse parse_;
    Slot slots_[kSlots];
    int head_ = 0, size_ = 0;
    int prev_ = -1;  // the slot of the record next() gave last: its long text is freed at the next call
    bool ended_ = false;
    std::size_t maxHeldBytes_;
    std::size_t held_ = 0;  // text capacity of the slots read ahead
};

}  // namespace bvhcli
