// The one flag table (game/io/flag_table.h): the files' integer rule on the command line, values shown quoted, cut
// and escaped, empty values refused.
#include "game/io/flag_table.h"

#include <doctest/doctest.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

namespace {

/// Parses `prog ARGS...` against table.
bool parse(std::vector<std::string> args, const io::FlagTable& table, std::string& error) {
    args.insert(args.begin(), "prog");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    return io::parseFlags(int(argv.size()), argv.data(), table, error);
}

/// Runs `prog` in a forked child whose stdout is outPath: it asks for failOnLostStdout, prints a usage line and
/// leaves by exit(0). Its exit status, and what it said on stderr in said.
int childPrintingTo(const char* outPath, std::string& said, int streamedLines = 0) {
    int errPipe[2];
    REQUIRE(::pipe(errPipe) == 0);
    std::fflush(nullptr);  // nothing of ours left in a buffer for the child to write again
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const int out = ::open(outPath, O_WRONLY);
        if (out < 0 || ::dup2(out, 1) < 0 || ::dup2(errPipe[1], 2) < 0) ::_exit(9);
        io::failOnLostStdout("prog");
        for (int i = 0; i < streamedLines; ++i) {  // a line a frame, as --print-hashes writes them
            std::cout << "frame " << i << " 0123456789abcdef\n";
            io::watchStdout();
        }
        std::printf("usage: prog [--flag]\n");
        std::exit(0);
    }
    ::close(errPipe[1]);
    char buf[256];
    said.clear();
    for (ssize_t n; (n = ::read(errPipe[0], buf, sizeof buf)) > 0;) said.append(buf, std::size_t(n));
    ::close(errPipe[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TEST_CASE("Output lost on a full disk makes the program exit 2 and say so, even after main returned 0") {
    // `bench_cpu --smoke > /dev/full` printed its table into nothing and exited 0.
    std::string said;
    CHECK(childPrintingTo("/dev/full", said) == 2);
    CHECK(said ==
          "prog: cannot write the output (stdout): No space left on device\n");  // the reason, not "write failed"
    CHECK(childPrintingTo("/dev/null", said) == 0);
    CHECK(said.empty());
    // Streamed output fails long before exit (the stream then skips every later write): the reason is still named.
    CHECK(childPrintingTo("/dev/full", said, 5000) == 2);
    CHECK(said == "prog: cannot write the output (stdout): No space left on device\n");
}

TEST_CASE("A number flag follows the files' integer rule: no hex, exponent, '+', space or overflow") {
    long n = -1;
    const io::FlagTable t = {io::numberInto("--n", 0, 100000, n)};
    std::string error;
    REQUIRE(parse({"--n", "42"}, t, error));
    CHECK(n == 42);
    for (const char* bad :
         {"+5", "0x10", "1e3", "5.0", " 5", "5 ", "-0x1", "99999999999999999999999", "100001", "-1"}) {
        CAPTURE(bad);
        n = -1;
        CHECK_FALSE(parse({"--n", bad}, t, error));
        CHECK(error == std::string("--n wants a whole number in [0, 100000], not '") + bad + "'");
        CHECK(n == -1);
    }
}

TEST_CASE("A fraction flag takes digits and one point, never hex, exponents or a sign '+'") {
    double v = -1;
    const io::FlagTable t = {io::decimalFlag("--pct", 0, 100, v)};
    std::string error;
    REQUIRE(parse({"--pct", "5.25"}, t, error));
    CHECK(v == doctest::Approx(5.25));
    REQUIRE(parse({"--pct", "100"}, t, error));
    CHECK(v == doctest::Approx(100));
    for (const char* bad : {"1e1", "0x10", "+5", ".5", "5.", "nan", "inf", " 1", "100.000000001", "-1", "1.2.3"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse({"--pct", bad}, t, error));
        CHECK(error == std::string("--pct wants a number in [0, 100], not '") + bad + "'");
    }
    // A bound that is not whole is said as written: a rate of at least 0.1 refuses 0 as outside [0.1, 1000000].
    double rate = 0;
    const io::FlagTable r = {io::decimalFlag("--rate", 0.1, 1000000, rate)};
    CHECK_FALSE(parse({"--rate", "0"}, r, error));
    CHECK(error == "--rate wants a number in [0.1, 1000000], not '0'");
}

TEST_CASE("A bad flag value is echoed quoted, cut to 40 characters and escaped") {
    int n = 0;
    std::string word;
    const io::FlagTable t = {io::numberInto("--n", 0, 9, n), io::wordFlag("--w", {"a", "b"}, [](std::size_t) {})};
    std::string error;
    const std::string huge(10 * 1024, 'h');
    CHECK_FALSE(parse({"--n", huge}, t, error));
    CHECK(error == "--n wants a whole number in [0, 9], not '" + std::string(40, 'h') + "...'");
    CHECK_FALSE(parse({"--w", "\x1b[31mred\x07"}, t, error));
    CHECK(error == "--w wants a or b, not '\\x1b[31mred\\x07'");
    CHECK_FALSE(parse({"--\x1b" + huge}, t, error));
    CHECK(error == "unknown flag '--\\x1b" + std::string(37, 'h') + "...'");
    CHECK_FALSE(parse({"stray\x1b"}, t, error));
    CHECK(error == "unexpected argument 'stray\\x1b'");
    CHECK(error.find('\x1b') == std::string::npos);
}

TEST_CASE("A flag's value cannot be missing or empty, and a switch takes none") {
    std::string text = "kept";
    bool on = false;
    const io::FlagTable t = {io::textFlag("--record", text), io::switchFlag("--fast", on)};
    std::string error;
    CHECK_FALSE(parse({"--record", ""}, t, error));
    CHECK(error == "--record needs a value, not an empty one");
    CHECK(text == "kept");
    CHECK_FALSE(parse({"--record"}, t, error));
    CHECK(error == "--record needs a value");
    REQUIRE(parse({"--fast", "--record", "out.freplay"}, t, error));
    CHECK(on);
    CHECK(text == "out.freplay");
}

TEST_CASE("A flag that takes a value is refused the second time; a repeated switch is still one switch") {
    std::string replay;
    bool mute = false;
    const io::FlagTable t = {io::textFlag("--replay", replay), io::switchFlag("--mute", mute)};
    std::string error;
    CHECK_FALSE(parse({"--replay", "a.freplay", "--mute", "--replay", "b.freplay"}, t, error));
    CHECK(error == "--replay is given twice (it takes one value)");
    CHECK(replay == "a.freplay");  // the flags before the bad one are applied, as the header says
    REQUIRE(parse({"--mute", "--replay", "c.freplay", "--mute"}, t, error));
    CHECK(mute);
    CHECK(replay == "c.freplay");
}

TEST_CASE("An optional value is taken only when the next argument is not a flag") {
    bool seenMaybe = false;
    std::string got = "none";
    bool on = false;
    const io::FlagTable t = {io::noting({"--host", io::Flag::Takes::MaybeValue,
                                         [&got](const std::string& v, std::string&) { return got = v, true; }},
                                        seenMaybe),
                             io::switchFlag("--fast", on)};
    std::string error;
    REQUIRE(parse({"--host", "--fast"}, t, error));
    CHECK(seenMaybe);
    CHECK(got.empty());
    CHECK(on);
    REQUIRE(parse({"--host", "7001"}, t, error));
    CHECK(got == "7001");
    REQUIRE(parse({"--host", "-1"}, t, error));  // a negative number is a value (for the entry to judge), no flag
    CHECK(got == "-1");
    CHECK_FALSE(parse({"--host", "-x"}, t, error));
    CHECK(error == "unknown flag '-x'");
}

TEST_CASE("--help or -h anywhere on the command line asks for the usage; a value that only contains it does not") {
    const auto asked = [](std::vector<std::string> args) {
        args.insert(args.begin(), "prog");
        std::vector<char*> argv;
        for (std::string& a : args) argv.push_back(a.data());
        return io::helpAsked(int(argv.size()), argv.data());
    };
    CHECK(asked({"--help"}));
    CHECK(asked({"-h"}));
    CHECK(asked({"--port", "7", "--help"}));
    CHECK_FALSE(asked({}));
    CHECK_FALSE(asked({"--helpful", "--data", "-hx", "help"}));
}

TEST_CASE("A mode's flag given as another flag's value is that value, as the parse takes it") {
    // A program picks its mode (--ranked, --spectate) before it has that mode's table, so it looks for the mode's
    // flag where a flag may stand: not right after a flag that takes a value (parseFlags gives that flag the next
    // argument whatever it is), but after a switch, or after an optional value's flag (which takes no flag).
    std::string replay, got;
    bool fast = false;
    const io::FlagTable known = {
        io::textFlag("--replay", replay),
        io::switchFlag("--fast", fast),
        io::textFlag("--ranked", got),
        {"--host", io::Flag::Takes::MaybeValue, [](const std::string&, std::string&) { return true; }}};
    const auto given = [&known](std::vector<std::string> args) {
        args.insert(args.begin(), "prog");
        std::vector<char*> argv;
        for (std::string& a : args) argv.push_back(a.data());
        return io::flagGiven(int(argv.size()), argv.data(), {"--ranked", "--spectate"}, known);
    };
    CHECK(given({"--ranked", "host:7200"}));
    CHECK(given({"--fast", "--spectate", "ABCDEF"}));
    CHECK(given({"--host", "--ranked", "h:1"}));
    CHECK(given({"--replay", "a.freplay", "--ranked", "h:1"}));
    CHECK_FALSE(given({"--replay", "--ranked"}));
    CHECK_FALSE(given({"--replay", "--spectate", "--fast"}));
    CHECK_FALSE(given({"--fast", "--replay"}));  // a missing value is the parse's to say
    CHECK_FALSE(given({}));
    std::string error;
    REQUIRE(parse({"--replay", "--ranked"}, known, error));  // the parse agrees: the value is the file's name
    CHECK(replay == "--ranked");
}
