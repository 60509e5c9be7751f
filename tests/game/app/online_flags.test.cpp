// The window's online flags: --host with and without a port, --join, the numbers' ranges, the --net-* values.
#include "game/app/online_flags.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

/// Parses every argument as an online flag; false with error on the first bad one (or one that is not online).
bool parseAll(std::vector<std::string> args, app::OnlineFlags& out, std::string& error) {
    args.insert(args.begin(), "game");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(&a[0]);
    for (int i = 1; i < int(argv.size()); ++i) {
        bool matched = false;
        if (!app::parseOnlineFlag(int(argv.size()), argv.data(), i, out, matched, error)) return false;
        if (!matched) {
            error = "not an online flag: " + args[std::size_t(i)];
            return false;
        }
    }
    return true;
}

}  // namespace

TEST_CASE("--host takes an optional port and --join an address") {
    app::OnlineFlags f;
    std::string error;
    REQUIRE(parseAll({"--host"}, f, error));
    CHECK(f.host);
    CHECK(f.port == 7000);
    app::OnlineFlags g;
    REQUIRE(parseAll({"--host", "7123", "--fighter", "brick", "--input-delay", "0", "--max-rollback", "12"}, g, error));
    CHECK(g.port == 7123);
    CHECK(g.fighter == "brick");
    CHECK(g.inputDelay == 0);
    CHECK(g.maxRollback == 12);
    app::OnlineFlags j;
    REQUIRE(parseAll({"--join", "example.org:7001", "--net-delay", "80", "--net-loss", "5"}, j, error));
    CHECK(j.join == "example.org:7001");
    CHECK(j.active());
    CHECK(j.conditions.delayMs == 80);
    CHECK(j.conditions.lossPercent == doctest::Approx(5.0));
}

TEST_CASE("online flags refuse out-of-range values with the flag named") {
    app::OnlineFlags f;
    std::string error;
    CHECK_FALSE(parseAll({"--input-delay", "5"}, f, error));
    CHECK(error == "--input-delay wants 0 to 4, not '5'");
    CHECK_FALSE(parseAll({"--max-rollback", "0"}, f, error));
    CHECK(error == "--max-rollback wants 1 to 30, not '0'");
    CHECK_FALSE(parseAll({"--join"}, f, error));
    CHECK(error == "--join needs a value");
    CHECK_FALSE(parseAll({"--net-reorder", "x"}, f, error));
    CHECK(error == "--net-reorder needs a percentage in [0, 100], not 'x'");
    CHECK_FALSE(parseAll({"--replay", "x"}, f, error));
    CHECK(error == "not an online flag: --replay");
}
