// The windowed game's command line (game/app/flags.cpp), parsed without a window.
#include "game/app/flags.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace {

/// Parses `game ARGS...`; returns whether it was accepted, with the flags and the message.
bool parse(std::vector<std::string> args, app::AppFlags& flags, std::string& error) {
    args.insert(args.begin(), "game");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    return app::parseFlags(int(argv.size()), argv.data(), flags, error);
}

}  // namespace

TEST_CASE("game --seed takes the whole unsigned 64-bit range, as scripts and replays do") {
    app::AppFlags f;
    std::string error;
    REQUIRE(parse({}, f, error));
    CHECK_FALSE(f.seedGiven);  // no flag: played matches take a seed from the clock
    f = {};
    REQUIRE(parse({"--seed", "0"}, f, error));
    CHECK(f.seedGiven);
    CHECK(f.seed == 0);
    f = {};
    REQUIRE(parse({"--seed", "18446744073709551615"}, f, error));
    CHECK(f.seed == 18446744073709551615ull);
    for (const char* bad : {"18446744073709551616", "-1", "-0", "+5", "0x10", "1e3"}) {
        CAPTURE(bad);
        f = {};
        CHECK_FALSE(parse({"--seed", bad}, f, error));
        CHECK(error == std::string("--seed wants a whole number in [0, 18446744073709551615], not '") + bad + "'");
    }
    f = {};
    CHECK_FALSE(parse({"--seed", ""}, f, error));
    CHECK(error == "--seed needs a value, not an empty one");
}

TEST_CASE("game --screenshot-crop takes WIDTHxHEIGHT within the window and needs --screenshot") {
    app::AppFlags f;
    std::string error;
    REQUIRE(parse({"--demo", "--screenshot", "a.png", "--screenshot-crop", "720x440"}, f, error));
    CHECK(f.cropWidth == 720);
    CHECK(f.cropHeight == 440);
    for (const char* bad : {"720", "720x", "x440", "0x440", "1281x440", "720x721", "720x+44", "720X440"}) {
        f = {};
        INFO(bad);
        CHECK_FALSE(parse({"--demo", "--screenshot", "a.png", "--screenshot-crop", bad}, f, error));
        CHECK(error.find("--screenshot-crop wants WIDTHxHEIGHT") != std::string::npos);
    }
    f = {};
    CHECK_FALSE(parse({"--demo", "--screenshot-crop", "720x440"}, f, error));
    CHECK(error == "--screenshot-crop needs --screenshot");
}

TEST_CASE("game picks the input delay from the ping unless --input-delay or --max-rollback is given as a flag") {
    app::AppFlags f;
    std::string error;
    REQUIRE(parse({}, f, error));
    CHECK(f.online.autoDelay);
    for (const char* flag : {"--input-delay", "--max-rollback"}) {
        CAPTURE(flag);
        f = {};
        REQUIRE(parse({flag, "3"}, f, error));
        CHECK_FALSE(f.online.autoDelay);
    }
    // A value that merely starts like the flag (here a file name) is not the flag.
    f = {};
    REQUIRE(parse({"--replay", "--max-rollback.fscript"}, f, error));
    CHECK(f.online.autoDelay);
}

TEST_CASE("game --screenshot wants a .png name: another one would fail only after the run, in the image library") {
    app::AppFlags f;
    std::string error;
    const std::string inTemp = (std::filesystem::temp_directory_path() / "shot.png").string();
    REQUIRE(parse({"--demo", "--screenshot", inTemp}, f, error));
    CHECK(f.screenshot == inTemp);
    f = {};
    REQUIRE(parse({"--demo", "--screenshot", "shot.png"}, f, error));  // the current folder
    CHECK(f.screenshot == "shot.png");
    // A folder that does not exist is said with the flags, not after the whole run.
    const std::string missing = (std::filesystem::temp_directory_path() / "no-such-folder-here" / "x.png").string();
    f = {};
    CHECK_FALSE(parse({"--demo", "--screenshot", missing}, f, error));
    CHECK(error == "--screenshot '" + missing + "': no folder '" +
                       std::filesystem::path(missing).parent_path().string() + "' to save it in");
    for (const char* bad : {"shot", "shot.txt", ".png", "shot.png.bak", "shotpng"}) {
        CAPTURE(bad);
        f = {};
        CHECK_FALSE(parse({"--demo", "--screenshot", bad}, f, error));
        CHECK(error == std::string("--screenshot wants a file name ending in .png, not '") + bad + "'");
    }
}

TEST_CASE("game --demo alone is watched live; --frames or --screenshot make any run a fixed-length one") {
    app::AppFlags f;
    std::string error;
    REQUIRE(parse({"--demo"}, f, error));
    CHECK_FALSE(f.fixedLength());  // 600 frames at 60 Hz, as a player would see them
    CHECK(f.frames == 600);
    for (const std::vector<std::string>& args : {std::vector<std::string>{"--demo", "--frames", "120"},
                                                 {"--demo", "--screenshot", "a.png"},
                                                 {"--replay", "r.freplay", "--frames", "5"},
                                                 {"--show", "title", "--screenshot", "a.png"}}) {
        f = {};
        INFO(args[0] << " " << args[1]);
        REQUIRE(parse(args, f, error));
        CHECK(f.fixedLength());
    }
    f = {};
    REQUIRE(parse({"--replay", "r.freplay"}, f, error));
    CHECK_FALSE(f.fixedLength());
}

TEST_CASE("game refuses the online flags where no online match can come: --net-*, --private-room, delay, --fighter") {
    // `game --demo --net-loss 50` and `game --join H --private-room` were accepted and the flag did nothing.
    const std::vector<std::vector<std::string>> refused = {
        {"--demo", "--net-loss", "50"},
        {"--demo", "--net-delay", "80"},
        {"--replay", "x.freplay", "--net-jitter", "5"},
        {"--demo", "--net-seed", "7"},
        {"--demo", "--private-room"},
        {"--join", "127.0.0.1", "--private-room"},
        {"--lobby", "example.org", "--code", "ABCDEF", "--private-room"},
        {"--lobby", "example.org", "--spectate", "ABCDEF", "--private-room"},
    };
    for (const std::vector<std::string>& args : refused) {
        CAPTURE(args[0]);
        CAPTURE(args[args.size() - 2]);
        app::AppFlags f;
        std::string error;
        CHECK_FALSE(parse(args, f, error));
        const bool net = args[args.size() - 2].rfind("--net-", 0) == 0;
        CHECK(error ==
              (net ? "--net-delay, --net-jitter, --net-loss, --net-dup, --net-reorder and --net-seed simulate a "
                     "network for online play, not for --demo or --replay"
                   : "--private-room is for a room's host: --host with a lobby, or the Online menu's Host a "
                     "room"));
    }
    // The same for online play's input delay, rollback window and fighter (`game --demo --fighter nova` showed
    // the first two fighters and said nothing).
    const std::string delay = "--input-delay and --max-rollback tune online play, not --demo or --replay";
    const std::string fighter =
        "--fighter picks your fighter for online play, not for --demo or --replay (a replay names its fighters)";
    const std::string meet = "--lobby and --turn are for online play, not --demo or --replay";
    const std::vector<std::pair<std::vector<std::string>, std::string>> online = {
        {{"--demo", "--input-delay", "3"}, delay},
        {{"--replay", "x.freplay", "--max-rollback", "4"}, delay},
        {{"--demo", "--fighter", "nova"}, fighter},
        {{"--replay", "x.freplay", "--fighter", "ryo"}, fighter},
        // A direct join with a lobby: the window ignored the lobby, the headless peer refused it.
        {{"--join", "127.0.0.1", "--lobby", "example.org"}, "--join goes to an address; through a lobby use --code"},
        // A lobby or a relay where no online match can come (both were taken and ignored).
        {{"--demo", "--lobby", "example.org"}, meet},
        {{"--replay", "x.freplay", "--turn", "relay.example"}, meet},
    };
    for (const auto& [args, said] : online) {
        const std::string& flag = args[args.size() - 2];  // CAPTURE takes no structured binding (clang)
        CAPTURE(flag);
        app::AppFlags f;
        std::string error;
        CHECK_FALSE(parse(args, f, error));
        CHECK(error == said);
    }
    // Where an online match can still come, they stand: the Online menu (no flag, --show) and a host with a lobby.
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"--input-delay", "1"},
                                               {"--show", "online", "--fighter", "nova", "--max-rollback", "4"},
                                               {"--join", "127.0.0.1", "--fighter", "nova", "--input-delay", "0"},
                                               {"--net-loss", "5"},
                                               {"--show", "online", "--net-delay", "80"},
                                               {"--private-room"},
                                               {"--lobby", "example.org", "--host", "--private-room"},
                                               {"--host", "0", "--net-dup", "1"}}) {
        CAPTURE(args[0]);
        app::AppFlags f;
        std::string error;
        CHECK_MESSAGE(parse(args, f, error), error);
    }
}

TEST_CASE("game refuses a malformed --join address or --code / --spectate room code with the flags") {
    // `game --join 'a b'` opened the window and said it on the Join screen only.
    const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
        {{"--join", "a b"}, "--join: bad host 'a b' (a name or a dotted IPv4 address)"},
        {{"--join", "example.org:70000"}, "--join: bad port '70000' in 'example.org:70000' (expected 1..65535)"},
        {{"--join", ""}, "--join needs a value, not an empty one"},
        {{"--lobby", "example.org", "--code", "a b"}, "--code wants a room code (6 letters or digits), not 'a b'"},
        {{"--lobby", "example.org", "--code", "ABCDEFG"},
         "--code wants a room code (6 letters or digits), not 'ABCDEFG'"},
        {{"--lobby", "example.org", "--spectate", "ABCDE0"},  // 0 is no code letter (it reads as O)
         "--spectate wants a room code (6 letters or digits), not 'ABCDE0'"},
    };
    for (const auto& [args, said] : refused) {
        const std::string& value = args.back();  // CAPTURE takes no structured binding (clang)
        CAPTURE(value);
        app::AppFlags f;
        std::string error;
        CHECK_FALSE(parse(args, f, error));
        CHECK(error == said);
    }
    // As the Join screen reads them: a name or address with a port, a code typed in lower case with a dash.
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"--join", "127.0.0.1"},
                                               {"--join", "play.example.org:7001"},
                                               {"--lobby", "example.org", "--code", "abc-def"},
                                               {"--lobby", "example.org", "--spectate", "ABC DEF"}}) {
        CAPTURE(args.back());
        app::AppFlags f;
        std::string error;
        CHECK_MESSAGE(parse(args, f, error), error);
    }
}
