// The online flags shared by the window and the headless peer (game/run/online_flags.h): --host with and without a
// port, --join, the numbers' ranges, the --net-* values, and the reading of HOST[:PORT].
#include "game/run/online_flags.h"
#include "game/run/relay_path.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

/// Parses every argument as an online flag (with --fighter); false with error on the first bad one.
bool parseAll(std::vector<std::string> args, run::OnlineFlags& out, std::string& error) {
    args.insert(args.begin(), "game");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    io::FlagTable table;
    run::addOnlineFlags(table, out, true);
    return io::parseFlags(int(argv.size()), argv.data(), table, error);
}

}  // namespace

TEST_CASE("--host takes an optional port and --join an address") {
    run::OnlineFlags f;
    std::string error;
    REQUIRE(parseAll({"--host"}, f, error));
    CHECK(f.host);
    CHECK(f.port == 7000);
    run::OnlineFlags g;
    REQUIRE(parseAll({"--host", "7123", "--fighter", "brick", "--input-delay", "0", "--max-rollback", "12"}, g, error));
    CHECK(g.port == 7123);
    CHECK(g.fighter == "brick");
    CHECK(g.inputDelay == 0);
    CHECK(g.maxRollback == 12);
    run::OnlineFlags j;
    REQUIRE(parseAll({"--join", "example.org:7001", "--net-delay", "80", "--net-loss", "5.5"}, j, error));
    CHECK(j.join == "example.org:7001");
    CHECK(j.active());
    CHECK(j.conditions.delayMs == 80);
    CHECK(j.conditions.lossPercent == doctest::Approx(5.5));
}

TEST_CASE("Online flags refuse out-of-range values with the flag named") {
    run::OnlineFlags f;
    std::string error;
    CHECK_FALSE(parseAll({"--input-delay", "5"}, f, error));
    CHECK(error == "--input-delay wants a whole number in [0, 4], not '5'");
    CHECK_FALSE(parseAll({"--max-rollback", "0"}, f, error));
    CHECK(error == "--max-rollback wants a whole number in [1, 30], not '0'");
    CHECK_FALSE(parseAll({"--host", "65536"}, f, error));
    CHECK(error == "--host wants a whole number in [0, 65535], not '65536'");
    CHECK_FALSE(parseAll({"--host", "-1"}, f, error));  // was `unknown flag '-1'`: a negative port is a bad port
    CHECK(error == "--host wants a whole number in [0, 65535], not '-1'");
    CHECK_FALSE(parseAll({"--join"}, f, error));
    CHECK(error == "--join needs a value");
    CHECK_FALSE(parseAll({"--net-reorder", "x"}, f, error));
    CHECK(error == "--net-reorder wants a number in [0, 100], not 'x'");
    CHECK_FALSE(parseAll({"--net-loss", "101"}, f, error));
    CHECK(error == "--net-loss wants a number in [0, 100], not '101'");
    CHECK_FALSE(parseAll({"--net-jitter", "2.5"}, f, error));
    CHECK(error == "--net-jitter wants a whole number in [0, 2000], not '2.5'");
    CHECK_FALSE(parseAll({"--net-speed", "1"}, f, error));
    CHECK(error == "unknown flag '--net-speed'");
    CHECK_FALSE(parseAll({"--replay", "x"}, f, error));
    CHECK(error == "unknown flag '--replay'");
}

TEST_CASE("Online numbers refuse hex, exponents, a sign '+' and spaces, as files do") {
    const std::vector<std::vector<std::string>> bad = {
        {"--host", "0x1b58"},      {"--host", "+7000"},   {"--input-delay", "+1"}, {"--input-delay", " 1"},
        {"--max-rollback", "1e1"}, {"--net-delay", "+5"}, {"--net-delay", "0x10"}, {"--net-loss", "1e1"},
        {"--net-loss", "0x10"},    {"--net-dup", "+5"},   {"--net-reorder", " 5"}, {"--net-jitter", "1e2"},
    };
    for (const std::vector<std::string>& args : bad) {
        CAPTURE(args[0]);
        CAPTURE(args[1]);
        run::OnlineFlags f;
        std::string error;
        CHECK_FALSE(parseAll(args, f, error));
        CHECK(error.rfind(args[0] + " wants ", 0) == 0);
    }
}

TEST_CASE("A join address is read by the one number rule and echoed quoted, cut and escaped") {
    net::Address a = 0;
    std::string error;
    REQUIRE(run::resolveJoinAddress("127.0.0.1:7001", a, error));
    CHECK((a & 0xffff) == 7001);
    REQUIRE(run::resolveJoinAddress("127.0.0.1", a, error));
    CHECK((a & 0xffff) == 7000);
    for (const char* bad : {"127.0.0.1:+7001", "127.0.0.1:0x1b59", "127.0.0.1:7e3", "127.0.0.1:", "127.0.0.1:65536"}) {
        CAPTURE(bad);
        CHECK_FALSE(run::resolveJoinAddress(bad, a, error));
        CHECK(error.rfind("bad port '", 0) == 0);
    }
    const std::string hostile = "\x1b[2J" + std::string(10 * 1024, 'h');
    CHECK_FALSE(run::resolveJoinAddress(hostile, a, error));
    CHECK(error == "bad host '\\x1b[2J" + std::string(36, 'h') + "...' (a name or a dotted IPv4 address)");
    CHECK_FALSE(run::resolveJoinAddress("127.0.0.1:\x1b[31m", a, error));
    CHECK(error == "bad port '\\x1b[31m' in '127.0.0.1:\\x1b[31m' (expected 1..65535)");
}

namespace {

/// Parses every argument as a relay flag, then loads the password and checks the flags as the peers do.
bool parseRelay(std::vector<std::string> args, run::RelayFlags& out, std::string& error) {
    args.insert(args.begin(), "game");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    io::FlagTable table;
    run::addRelayFlags(table, out);
    return io::parseFlags(int(argv.size()), argv.data(), table, error) && run::loadRelayPassword(out, error) &&
           run::checkRelayFlags(out, error);
}

}  // namespace

TEST_CASE("a relay password file holding control bytes, binary, spaces or '#' is refused by settings.cfg's rule") {
    // Any first line was taken as the password, though settings.cfg refuses such a relay.password.
    const std::string path = "relay_password_bytes_test.pass";
    const std::string rule =
        ":1: the relay password (its first line) must be 1 to 256 printable ASCII characters "
        "without spaces or '#', as settings.cfg's relay.password (not shown: a secret)";
    for (const std::string& bad :
         {std::string("se\x01cret"), std::string("\xff\xfe\0bin\x7f"), std::string("two words"), std::string("se#cret"),
          std::string("tab\tbed"), std::string(257, 'p')}) {
        CAPTURE(bad);
        std::ofstream(path, std::ios::binary) << bad << "\n";
        run::RelayFlags f;
        std::string error;
        CHECK_FALSE(parseRelay({"--turn", "127.0.0.1", "--turn-user", "u", "--turn-password-file", path}, f, error));
        CHECK(error == path + rule);
        CHECK(f.password.empty());
    }
    std::ofstream(path, std::ios::binary) << "s3cret!~\r\n";  // CRLF is a line end, not a byte of the password
    run::RelayFlags ok;
    std::string error;
    CHECK_MESSAGE(parseRelay({"--turn", "127.0.0.1", "--turn-user", "u", "--turn-password-file", path}, ok, error),
                  error);
    CHECK(ok.password == "s3cret!~");
    std::remove(path.c_str());
    run::RelayFlags user;
    ::setenv(run::kTurnPasswordEnv, "s3cret", 1);
    CHECK_FALSE(parseRelay({"--turn", "127.0.0.1", "--turn-user", "a\x1b[2Jb"}, user, error));
    CHECK(error == "--turn-user wants 1 to 256 printable ASCII characters without spaces or '#', not 'a\\x1b[2Jb'");
    ::setenv(run::kTurnPasswordEnv, "bad\x01", 1);
    run::RelayFlags env;
    CHECK_FALSE(parseRelay({"--turn", "127.0.0.1", "--turn-user", "u"}, env, error));
    CHECK(error == std::string(run::kTurnPasswordEnv) +
                       ": the relay password must be 1 to 256 printable ASCII characters without spaces or '#', as "
                       "settings.cfg's relay.password (not shown: a secret)");
    ::unsetenv(run::kTurnPasswordEnv);
}

TEST_CASE("--turn-password on the command line is refused with the alternatives, and the password never shown") {
    run::RelayFlags f;
    std::string error;
    CHECK_FALSE(parseRelay({"--turn", "127.0.0.1", "--turn-user", "u", "--turn-password", "hunter2"}, f, error));
    CHECK(error.find("--turn-password-file FILE") != std::string::npos);
    CHECK(error.find(run::kTurnPasswordEnv) != std::string::npos);
    CHECK(error.find("hunter2") == std::string::npos);
}

TEST_CASE("the relay password comes from --turn-password-file's first line, and a missing or empty file is named") {
    const std::string path = "relay_password_test.pass";
    {
        std::ofstream out(path);
        out << "s3cret\nignored\n";
    }
    run::RelayFlags f;
    std::string error;
    REQUIRE(parseRelay({"--turn", "127.0.0.1", "--turn-user", "u", "--turn-password-file", path}, f, error));
    CHECK(f.password == "s3cret");
    { std::ofstream out(path); }
    run::RelayFlags g;
    CHECK_FALSE(parseRelay({"--turn", "127.0.0.1", "--turn-user", "u", "--turn-password-file", path}, g, error));
    CHECK(error == path + ":1: the first line (the relay password) is empty");
    std::remove(path.c_str());
    run::RelayFlags h;
    CHECK_FALSE(parseRelay({"--turn", "127.0.0.1", "--turn-user", "u", "--turn-password-file", path}, h, error));
    CHECK(error == path + ": cannot open: No such file or directory (the relay password, --turn-password-file)");
    // A folder once read as a file whose first line is empty.
    run::RelayFlags d;
    CHECK_FALSE(parseRelay({"--turn", "127.0.0.1", "--turn-user", "u", "--turn-password-file", "."}, d, error));
    CHECK(error == ".: is a directory (the relay password, --turn-password-file)");
}
