#pragma once
// The one command-line parser. Every program at the edge (the window, the headless fight and Blaster runner, the
// headless online peer) describes its flags as a table of io::Flag and hands argv to parseFlags; shared flags
// (the online ones, --data, --replay, --record) are one entry each, written once and put in several tables.
//
// Why a table: each program once walked argv itself with its own strtol wrapper, so the same flag took "+5" in one
// program and refused it in another, and echoed a bad value raw. Here a value is checked by the files' own rules
// (io::toInt, io::toUint64, io::toDecimal: no hex, exponent, sign '+', space or overflow) and every message shows
// the user's text through io::quote (quoted, cut to 40 characters, non-printable bytes as \xNN).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace io {

/// One command-line flag: its name, whether a value follows it, and what to do with the value.
struct Flag {
    /// Whether a value follows: never (a switch), always, or when the next argument is no flag (it does not start
    /// with '-', or it is a negative number such as `-1`, refused by the entry's own check).
    enum class Takes { Nothing, Value, MaybeValue };
    /// Stores the value (or "" for a switch or an absent optional value); false with error set when it is bad.
    using Apply = std::function<bool(const std::string& value, std::string& error)>;

    std::string name;              ///< e.g. "--frames"
    Takes takes = Takes::Nothing;  ///< whether a value follows
    Apply apply;                   ///< what the flag does
    bool* seen = nullptr;          ///< when set: made true once the flag is on the command line (with a good value)
};

/// The same flag, also noting in seen that it was given.
inline Flag noting(Flag f, bool& seen) {
    f.seen = &seen;
    return f;
}

/// The flags one program accepts.
using FlagTable = std::vector<Flag>;

/// Parses argv[1..] against the table. Refuses an unknown flag (`unknown flag '--x'`), a stray argument
/// (`unexpected argument 'x'`), a missing value (`--x needs a value`), an empty one, a bad one (the entry's
/// message) and a flag taking a value given twice (`--x is given twice (it takes one value)`). False with a one-line error; the flags before the bad one are applied.
bool parseFlags(int argc, char** argv, const FlagTable& table, std::string& error);

/// The table for a mode that takes fewer of a program's flags (a page printed instead of a run): every entry not
/// named in `allowed` refuses itself, `FLAG does not work with WHY`, so a flag the mode would ignore is said, not
/// dropped; a flag of no entry is still `unknown flag`.
FlagTable onlyFlags(FlagTable table, const std::vector<std::string>& allowed, const std::string& why);
/// `own` with each entry of `more` whose name `own` lacks appended (a mode's table with another mode's flags, each
/// refusing itself by onlyFlags, where the mode has no entry of that name).
FlagTable withFlagsAdded(FlagTable own, const FlagTable& more);
/// A mode's table with every entry refusing itself (onlyFlags with nothing allowed: `FLAG does not work with WHY`),
/// built by `make` over targets of its own that nothing fills: the mode's part of a program's known flags
/// (flagGiven), or of another mode's refusals (withFlagsAdded).
template <class Targets>
FlagTable refusingFlags(FlagTable (*make)(Targets&, bool&), const std::string& why = "") {
    Targets unused;
    bool unusedSwitch = false;
    return onlyFlags(make(unused, unusedSwitch), {}, why);
}

/// True when one of `names` stands in argv[1..] as a flag, not as another flag's value: an argument after a flag of
/// `known` that takes a value is that value, as parseFlags takes it (`--replay --ranked` replays a file named
/// `--ranked`). For a program that picks its mode by a flag before it has the mode's table: `known` holds every
/// flag of all its modes (what an entry does does not matter here).
bool flagGiven(int argc, char** argv, const std::vector<std::string>& names, const FlagTable& known);

/// True when an argument is `--help` or `-h`: the program then prints its usage on stdout and exits 0 (asking for
/// help is not a mistake, and its answer belongs in a pipe to `less`).
bool helpAsked(int argc, char** argv);

/// Makes the process end with status 2 and `PROGRAM: cannot write the output (stdout): REASON` (the system's, e.g. No space left on device) on stderr when
/// anything written to stdout was lost (a full disk, `> /dev/full`): a program whose output is its result (a
/// benchmark's table, a usage) must not report success without it. Call once, first thing in main; it checks at
/// exit (std::atexit), whatever path main leaves by.
void failOnLostStdout(const char* program);
/// Flushes stdout: false when anything written to it was lost, saying so once (the same line as above).
bool stdoutWritten(const std::string& program);
/// For output streamed while a run goes on (a line a frame): call after each piece. The first time stdout has
/// failed it keeps the system's reason, which later writes (skipped by the failed stream) could not give again, so
/// the line above names it.
void watchStdout();

/// `FLAG wants WHAT, not 'VALUE'` with the value quoted, cut and escaped.
std::string badFlagValue(const std::string& flag, const std::string& what, const std::string& value);

/// A switch: sets on.
Flag switchFlag(std::string name, bool& on);
/// A text value (a path, a host, an id); an empty one is refused.
Flag textFlag(std::string name, std::string& out);
/// A whole number in [lo, hi] (io::toInt), stored through set.
Flag numberFlag(std::string name, std::int64_t lo, std::int64_t hi, std::function<void(std::int64_t)> set);
/// A whole number in [0, 2^64-1] (io::toUint64).
Flag uint64Flag(std::string name, std::uint64_t& out);
/// A decimal fraction in [lo, hi] (io::toDecimal).
Flag decimalFlag(std::string name, double lo, double hi, double& out);
/// One of words (the message lists them); stores the word's index through set.
Flag wordFlag(std::string name, std::vector<std::string> words, std::function<void(std::size_t)> set);

/// Checks a flag's number as numberFlag does (for an entry that does more with it).
bool flagNumber(const std::string& flag, const std::string& value, std::int64_t lo, std::int64_t hi, std::int64_t& out,
                std::string& error);

/// numberFlag into an integer variable of any width (the range must fit it).
template <class T>
Flag numberInto(std::string name, std::int64_t lo, std::int64_t hi, T& out) {
    return numberFlag(std::move(name), lo, hi, [&out](std::int64_t v) { out = T(v); });
}

}  // namespace io
