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

}  // namespace bvhcli
