#pragma once
// The one text reader every loader at the edge uses (fighter files, action scripts, replays, Blaster scripts,
// blaster.cfg, controls.cfg): a bounded file reader, a line walker, one tokenizer, one checked integer parser,
// one way to show user text in a message, and one error type `{file, line, message}`.
//
// Why one module: each loader once had its own copies of all of these, with slightly different rules and
// messages. The rules, once, here:
// - A file larger than kMaxFileBytes is refused before it is read (no loader needs more; it bounds memory).
// - A line is split at spaces and tabs; everything from '#' on is a comment; a '\r' before the line end is dropped.
//   Other control bytes ('\v', '\f', NUL ...) are not separators: they stay inside the token, which is then
//   refused by whoever reads it, and shown escaped.
// - An integer is an optional '-' then decimal digits ("-0" is 0); "+5", "0x10", "5.0", "1e3", " 5" and "" are not
//   integers, and one past the range is out of range, never wrapped. A fraction (a percentage on the command line)
//   is such an integer, then optionally '.' and up to nine digits. No other code parses numbers: every file and
//   every command-line flag goes through these.
// - User text in a message is quoted, cut to kQuoteMax characters ("..." marks the cut) and every byte outside
//   printable ASCII is shown as \xNN, so a message is always one printable line of bounded length.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace io {

/// Largest file any loader reads: 64 MiB (a million-frame replay is about 10 MiB).
constexpr std::uint64_t kMaxFileBytes = std::uint64_t(64) << 20;
/// User text in a message is cut to this many characters.
constexpr std::size_t kQuoteMax = 40;
/// The longest name or label any file may give (bone, pose, member, anim and move names, display names, button
/// labels, colour roles): a longer one is refused at its line, never kept or cut.
constexpr std::size_t kMaxNameChars = 64;

/// What is wrong with an input, and where.
struct Error {
    std::string file;     ///< the file (or flag) the problem is in
    int line = 0;         ///< 1-based line; 0 when the problem is the file as a whole
    std::string message;  ///< what is wrong
    /// `FILE:LINE: message`, or `FILE: message` when line is 0.
    std::string text() const;
};

/// Reads a whole file. Refuses a directory (`PATH: is a directory`), a file that cannot be opened or read
/// (`PATH: cannot open: REASON`) and one larger than kMaxFileBytes (`PATH: larger than ... bytes`). A UTF-8 byte
/// order mark at its start is dropped.
bool readFile(const std::string& path, std::string& text, Error& error);
/// readFile that keeps a byte order mark: the text as written, for a save that rewrites the player's file.
bool readFileAsWritten(const std::string& path, std::string& text, Error& error);

/// How a player's file is written, which a save that rewrites it keeps (settings.cfg, controls.cfg): its UTF-8 byte
/// order mark ("" when none) and the end most of its lines have ("\r\n" in a file from Windows, else "\n"; the first
/// line's when as many have each), the end every line the game writes there takes.
struct TextStyle {
    std::string_view mark;            ///< the byte order mark, or ""
    std::string_view newline = "\n";  ///< the line end of a line the game writes
};
/// A player's file as written, split for a save that rewrites it: how it is written, and what it says.
struct WrittenText {
    TextStyle style;   ///< its byte order mark and the end of a line the game writes
    std::string body;  ///< the text without its byte order mark (as readFile gives it), for the parse
};
/// `text` (as readFileAsWritten gives it) split so: the mark taken off, the line end most of its lines have.
WrittenText asWritten(std::string_view text);
/// `plain` (lines ended by "\n", a file written afresh) in `style`: the mark first, every line end style's.
std::string styled(std::string_view plain, const TextStyle& style);
/// One line of a text as written: its text and its own end ("\n", "\r\n", or "" for a last line with none).
struct RawLine {
    std::string_view text;  ///< the line without its end
    std::string_view end;   ///< its end, as written
};
/// The lines of a text, each with its end, so that a save can copy the lines it leaves alone byte for byte.
std::vector<RawLine> rawLines(std::string_view text);
/// Appends `line` and style's line end to out, first ending out's last line when it has no end.
void addLine(std::string& out, std::string_view line, const TextStyle& style);
/// A config line's comment with the blanks before it (" # loud", one space put before a '#' with none), or "" when
/// it has none: what a save that rewrites the line's value keeps, so aligned comments stay aligned.
std::string commentOf(std::string_view line);

/// "" when `text` has at most kMaxNameChars characters, else `WHAT is N characters long (at most 64)` (the text
/// itself is not repeated: its line is named).
std::string tooLong(std::string_view what, std::string_view text);
/// "" when `text` holds no control byte (below 0x20, or 0x7f), else `WHAT 'TEXT' holds a control character`: names
/// and labels are drawn as they are, where such a byte would show as a box or garbage.
std::string controlByte(std::string_view what, std::string_view text);
/// A name or label as every file must give it: tooLong's rule, then controlByte's ("" when both hold).
std::string badName(std::string_view what, std::string_view text);
/// User text as a message shows it: in single quotes, cut to kQuoteMax characters, non-printable bytes as \xNN.
std::string quote(std::string_view text);
/// The same without the quotes and with a caller-chosen cut (for whole lines quoted in messages).
std::string printable(std::string_view text, std::size_t max);

/// Splits one line into tokens: drops everything from '#', a trailing '\r', splits at spaces and tabs.
std::vector<std::string> tokens(std::string_view line);
/// The tokens joined with single spaces (a line as a message shows it, cut to 120 characters).
std::string joined(const std::vector<std::string>& tokens);

/// Parses a whole token as an integer in [lo, hi]. On failure sets why to `'T' is not an integer` or
/// `number T out of range [LO, HI]`.
bool toInt(std::string_view token, std::int64_t lo, std::int64_t hi, std::int64_t& out, std::string& why);
/// The same for an int.
bool toInt(std::string_view token, int lo, int hi, int& out, std::string& why);
/// Parses a whole token as an unsigned 64-bit integer (decimal digits only, 0..2^64-1).
bool toUint64(std::string_view token, std::uint64_t& out, std::string& why);
/// Parses exactly 16 lower- or upper-case hex digits (a state hash).
bool toHash(std::string_view token, std::uint64_t& out, std::string& why);
/// Parses a decimal fraction in [lo, hi]: an integer as toInt takes it, optionally followed by '.' and 1 to 9
/// digits ("5", "5.25", "-0.5"; never "+5", ".5", "5.", "1e2" or "0x10"). On failure sets why as toInt does.
bool toDecimal(std::string_view token, double lo, double hi, double& out, std::string& why);

/// Walks a text line by line, counting lines; knows whether the last line ended with '\n'.
class Lines {
public:
    /// Walks text (which must outlive this object).
    explicit Lines(std::string_view text) : text_(text) {}
    /// Moves to the next line; false at the end of the text.
    bool next(std::string_view& line);
    /// 1-based number of the line last returned.
    int number() const { return number_; }
    /// True when the line last returned is the text's last and has no '\n' (a file cut mid-write).
    bool unterminated() const { return unterminated_; }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
    int number_ = 0;
    bool unterminated_ = false;
};

/// What every line-based loader shares: its file, the line being read and the first error met.
struct LineParser {
    Error error;   ///< the first failure (error.message empty while none)
    int line = 0;  ///< line being read
    /// Records `what` at the current line as the error (only the first one is kept); returns false.
    bool fail(const std::string& what);
    /// toInt at the current line; fails with the reason.
    bool toInt(std::string_view token, std::int64_t lo, std::int64_t hi, std::int64_t& v);
    /// toInt for an int at the current line.
    bool toInt(std::string_view token, int lo, int hi, int& v);
    /// Refuses a key already in `seen` (`repeated `KEY` (first on line N)`, KEY shown as printable() cut to
    /// kQuoteMax); otherwise remembers it.
    bool once(std::vector<std::pair<std::string, int>>& seen, const std::string& key);
    /// True once a failure was recorded.
    bool failed() const { return !error.message.empty(); }
};

}  // namespace io
