// The one command-line parser (see flag_table.h).
#include "game/io/flag_table.h"

#include "game/io/text.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <iostream>

namespace io {
namespace {

const Flag* find(const FlagTable& table, const std::string& name) {
    for (const Flag& f : table) {
        if (f.name == name) return &f;
    }
    return nullptr;
}

/// The value after argv[i] for flag f (advancing i), "" for a switch or an absent optional value.
bool takeValue(int argc, char** argv, int& i, const Flag& f, std::string& value, std::string& error) {
    value.clear();
    if (f.takes == Flag::Takes::Nothing) return true;
    const bool present = i + 1 < argc;
    if (f.takes == Flag::Takes::MaybeValue) {
        // The next argument is the value unless it is a flag: `-1` is a (bad) number, never a flag's name.
        const char* next = present ? argv[i + 1] : "";
        const bool number = next[0] == '-' && next[1] >= '0' && next[1] <= '9';
        if (next[0] != '\0' && (next[0] != '-' || number)) value = argv[++i];
        return true;
    }
    if (!present) {
        error = f.name + " needs a value";
        return false;
    }
    value = argv[++i];
    if (value.empty()) {
        error = f.name + " needs a value, not an empty one";
        return false;
    }
    return true;
}

}  // namespace

bool parseFlags(int argc, char** argv, const FlagTable& table, std::string& error) {
    std::vector<const Flag*> given;  // the flags taking a value met so far
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const Flag* f = find(table, arg);
        if (f == nullptr) {
            error = (arg.rfind("-", 0) == 0 ? "unknown flag " : "unexpected argument ") + quote(arg);
            return false;
        }
        // `--replay a --replay b` would otherwise replay b alone and say nothing of a. A switch given twice is
        // still one switch.
        if (f->takes != Flag::Takes::Nothing && std::find(given.begin(), given.end(), f) != given.end()) {
            error = f->name + " is given twice (it takes one value)";
            return false;
        }
        given.push_back(f);
        std::string value;
        if (!takeValue(argc, argv, i, *f, value, error) || !f->apply(value, error)) return false;
        if (f->seen != nullptr) *f->seen = true;
    }
    return true;
}

bool flagGiven(int argc, char** argv, const std::vector<std::string>& names, const FlagTable& known) {
    for (int i = 1; i < argc; ++i) {
        if (std::find(names.begin(), names.end(), argv[i]) != names.end()) return true;
        const Flag* f = find(known, argv[i]);
        std::string value, error;
        if (f != nullptr) takeValue(argc, argv, i, *f, value, error);  // past its value
    }
    return false;
}

FlagTable onlyFlags(FlagTable table, const std::vector<std::string>& allowed, const std::string& why) {
    for (Flag& f : table) {
        if (std::find(allowed.begin(), allowed.end(), f.name) != allowed.end()) continue;
        f.apply = [name = f.name, why](const std::string&, std::string& error) {
            error = name + " does not work with " + why;
            return false;
        };
        f.seen = nullptr;
    }
    return table;
}

FlagTable withFlagsAdded(FlagTable own, const FlagTable& more) {
    for (const Flag& f : more) {
        const auto same = [&f](const Flag& g) { return g.name == f.name; };
        if (std::none_of(own.begin(), own.end(), same)) own.push_back(f);
    }
    return own;
}

namespace {

std::string gStdoutProgram;
bool gLostStdoutSaid = false;
int gStdoutFailure = 0;  // errno of the first failed write watchStdout saw (0: none seen)

extern "C" void checkStdoutAtExit() {
    // exit() may not be called again from an atexit handler; stdout is flushed already.
    if (!stdoutWritten(gStdoutProgram)) std::_Exit(2);
}

}  // namespace

void watchStdout() {
    if (gStdoutFailure == 0 && (!std::cout || std::ferror(stdout) != 0)) gStdoutFailure = errno;
}

bool stdoutWritten(const std::string& program) {
    errno = 0;  // the reason a write or the flush below fails, when the system gives one
    std::cout.flush();
    const bool lost = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
    const int why = gStdoutFailure != 0 ? gStdoutFailure : errno;
    if (lost && !gLostStdoutSaid)
        std::fprintf(stderr, "%s: cannot write the output (stdout): %s\n", program.c_str(),
                     why != 0 ? std::strerror(why) : "write failed");
    gLostStdoutSaid = gLostStdoutSaid || lost;
    return !lost;
}

void failOnLostStdout(const char* program) {
    static bool installed = false;
    gStdoutProgram = program;
    if (!installed) installed = std::atexit(checkStdoutAtExit) == 0;
}

bool helpAsked(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") return true;
    }
    return false;
}

std::string badFlagValue(const std::string& flag, const std::string& what, const std::string& value) {
    return flag + " wants " + what + ", not " + quote(value);
}

Flag switchFlag(std::string name, bool& on) {
    return {std::move(name), Flag::Takes::Nothing, [&on](const std::string&, std::string&) { return on = true; }};
}

Flag textFlag(std::string name, std::string& out) {
    return {std::move(name), Flag::Takes::Value, [&out](const std::string& v, std::string&) {
                out = v;
                return true;
            }};
}

bool flagNumber(const std::string& flag, const std::string& value, std::int64_t lo, std::int64_t hi, std::int64_t& out,
                std::string& error) {
    std::string why;
    if (toInt(value, lo, hi, out, why)) return true;
    error = badFlagValue(flag, "a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]", value);
    return false;
}

Flag numberFlag(std::string name, std::int64_t lo, std::int64_t hi, std::function<void(std::int64_t)> set) {
    const std::string flag = name;
    return {std::move(name), Flag::Takes::Value, [flag, lo, hi, set](const std::string& v, std::string& error) {
                std::int64_t n = 0;
                if (!flagNumber(flag, v, lo, hi, n, error)) return false;
                set(n);
                return true;
            }};
}

Flag uint64Flag(std::string name, std::uint64_t& out) {
    const std::string flag = name;
    return {std::move(name), Flag::Takes::Value, [flag, &out](const std::string& v, std::string& error) {
                std::string why;
                if (toUint64(v, out, why)) return true;
                error = badFlagValue(flag, "a whole number in [0, 18446744073709551615]", v);
                return false;
            }};
}

namespace {

// A bound as a person writes it: 0.1, 100, 1000000 (an int cast said 0.1 as 0, and "[0, ...]" then refused 0).
std::string boundText(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", x);
    return buf;
}

}  // namespace

Flag decimalFlag(std::string name, double lo, double hi, double& out) {
    const std::string flag = name;
    return {std::move(name), Flag::Takes::Value, [flag, lo, hi, &out](const std::string& v, std::string& error) {
                std::string why;
                if (toDecimal(v, lo, hi, out, why)) return true;
                error = badFlagValue(flag, "a number in [" + boundText(lo) + ", " + boundText(hi) + "]", v);
                return false;
            }};
}

Flag wordFlag(std::string name, std::vector<std::string> words, std::function<void(std::size_t)> set) {
    const std::string flag = name;
    return {std::move(name), Flag::Takes::Value, [flag, words, set](const std::string& v, std::string& error) {
                for (std::size_t i = 0; i < words.size(); ++i) {
                    if (words[i] != v) continue;
                    set(i);
                    return true;
                }
                std::string list;
                for (std::size_t i = 0; i < words.size(); ++i)
                    list += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
                error = badFlagValue(flag, list, v);
                return false;
            }};
}

}  // namespace io
