// The headless runners' command lines (game/run/headless.cpp, headless_peer.cpp): refused before anything runs.
#include "game/io/file_size_limit.h"
#include "game/io/flag_table.h"
#include "game/run/bisect.h"
#include "game/run/headless.h"
#include "game/run/headless_peer.h"
#include "game/run/spectator_runner.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

/// Runs a runner on `game_headless ARGS...` with stderr (and stdout) captured.
int runCaptured(int (*runner)(int, char**, const std::string&), std::vector<std::string> args, std::string& err) {
    args.insert(args.begin(), "game_headless");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    std::ostringstream errs, outs;
    std::streambuf* oldErr = std::cerr.rdbuf(errs.rdbuf());
    std::streambuf* oldOut = std::cout.rdbuf(outs.rdbuf());
    const int code = runner(int(argv.size()), argv.data(), BVH_DATA_DIR);
    std::cerr.rdbuf(oldErr);
    std::cout.rdbuf(oldOut);
    err = errs.str();
    return code;
}

const std::string kCombo = BVH_TEST_SOURCE_DIR "/game/data/combo.freplay";

}  // namespace

TEST_CASE("The headless runner refuses an empty --record instead of recording nothing") {
    std::string err;
    CHECK(runCaptured(run::runHeadless, {"--replay", kCombo, "--record", ""}, err) == 2);
    CHECK(err.rfind("game_headless: --record needs a value, not an empty one\n", 0) == 0);
    CHECK(runCaptured(run::runHeadless, {"--replay", kCombo}, err) == 0);
}

TEST_CASE("The headless runner refuses --record and the other fight-only flags with a Blaster script") {
    // The Blaster runner records nothing: `--record OUT` ran the script, exited 0 and wrote no OUT.
    const std::string script = BVH_DATA_DIR "/replays/blaster_contact.blaster";
    const std::string out = BVH_TEST_SOURCE_DIR "/no_such_folder/out.blaster";  // never created: refused first
    std::string err;
    CHECK(runCaptured(run::runHeadless, {"--replay", script, "--record", out}, err) == 2);
    CHECK(err.rfind("game_headless: --record works with a fight's replay or script, not with the Blaster script '",
                    0) == 0);
    CHECK(runCaptured(run::runHeadless, {"--replay", script, "--print-hashes"}, err) == 2);
    CHECK(err.rfind("game_headless: --print-hashes works with", 0) == 0);
    CHECK(runCaptured(run::runHeadless, {"--replay", script}, err) == 0);
}

TEST_CASE("The page modes (--frame-data, --move-list, --boxes) refuse a run's flags instead of ignoring them") {
    // `--frame-data ryo --record x.freplay` printed the page, exited 0 and wrote no x.freplay.
    const std::string dir = std::filesystem::temp_directory_path() / ("headless_page_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::vector<std::vector<std::string>> pages = {
        {"--frame-data", "ryo"}, {"--move-list", "ryo"}, {"--boxes", "ryo", "light"}};
    const std::vector<std::vector<std::string>> runFlags = {{"--record", dir + "/x.freplay"},
                                                            {"--note", "looks wrong"},
                                                            {"--note-frame", "3"},
                                                            {"--sync", "2"},
                                                            {"--events"},
                                                            {"--print-hashes"}};
    for (const std::vector<std::string>& page : pages) {
        for (const std::vector<std::string>& flag : runFlags) {
            for (bool flagFirst : {false, true}) {
                std::vector<std::string> args = flagFirst ? flag : page;
                args.insert(args.end(), (flagFirst ? page : flag).begin(), (flagFirst ? page : flag).end());
                CAPTURE(args.front());
                CAPTURE(flag.front());
                std::string err;
                CHECK(runCaptured(run::runHeadless, args, err) == 2);
                CHECK(err.rfind("game_headless: " + flag.front() + " does not work with " + page.front() +
                                    " (it prints a page and runs nothing)\n",
                                0) == 0);
            }
        }
        std::vector<std::string> withData = page;
        withData.insert(withData.end(), {"--data", BVH_DATA_DIR});
        std::string err;
        CHECK(runCaptured(run::runHeadless, withData, err) == 0);
        CHECK(runCaptured(run::runHeadless, std::vector<std::string>(page.begin(), page.end()), err) == 0);
    }
    CHECK_FALSE(std::filesystem::exists(dir + "/x.freplay"));
    std::string err;
    CHECK(runCaptured(run::runHeadless, {"--frame-data", "ryo", "--bogus"}, err) == 2);
    CHECK(err.rfind("game_headless: unknown flag '--bogus'\n", 0) == 0);
    std::filesystem::remove_all(dir);
}

TEST_CASE("--bisect, --spectate and an online peer refuse a replay run's flag naming the mode, not as unknown") {
    // `--bisect A B --sync 5` said `unknown flag '--sync'`, as if the program had no such flag.
    struct Mode {
        int (*runner)(int, char**, const std::string&);
        std::vector<std::string> args;
        std::string why;
    };
    const std::vector<Mode> modes = {
        {run::runBisect, {"--bisect", kCombo, kCombo}, "--bisect (it compares two recordings)"},
        {run::runSpectator, {"--spectate", "127.0.0.1:9"}, "--spectate (it watches a match and plays none)"},
        {run::runHeadlessPeer,
         {"--join", "127.0.0.1:9", "--replay", kCombo},
         "an online match (--host, --join or --code)"},
    };
    const std::vector<std::vector<std::string>> runFlags = {
        {"--sync", "2"}, {"--print-hashes"}, {"--note", "x"}, {"--frame-data", "ryo"}, {"--boxes", "ryo", "light"}};
    for (const Mode& mode : modes) {
        for (const std::vector<std::string>& flag : runFlags) {
            std::vector<std::string> args = mode.args;
            args.insert(args.end(), flag.begin(), flag.end());
            CAPTURE(mode.why);
            CAPTURE(flag.front());
            std::string err;
            CHECK(runCaptured(mode.runner, args, err) == 2);
            CHECK(err.rfind("game_headless: " + flag.front() + " does not work with " + mode.why + "\n", 0) == 0);
        }
    }
    std::string err;
    CHECK(runCaptured(run::runBisect, {"--bisect", kCombo, kCombo, "--record", "x.freplay"}, err) == 2);
    CHECK(err.rfind("game_headless: --record does not work with --bisect (it compares two recordings)\n", 0) == 0);
    CHECK(runCaptured(run::runBisect, {"--bisect", kCombo, kCombo, "--bogus"}, err) == 2);
    CHECK(err.rfind("game_headless: unknown flag '--bogus'\n", 0) == 0);
    CHECK(runCaptured(run::runBisect, {"--headless", "--bisect", kCombo, kCombo, "--data", BVH_DATA_DIR}, err) == 0);
}

TEST_CASE("A mode's flag given as another flag's value is that value: the mode is not picked, nor a page") {
    // `game --headless --replay --ranked` said --ranked was game_headless's, and `--note --frame-data` refused the
    // note as a run's flag with a page: the flag tables take the argument after --replay or --note as its value.
    const io::FlagTable known = run::knownHeadlessFlags();
    using Wants = bool (*)(int, char**, const io::FlagTable&);
    const auto wants = [&known](Wants mode, std::vector<std::string> args) {
        std::vector<char*> argv = {const_cast<char*>("game_headless")};
        for (std::string& a : args) argv.push_back(a.data());
        return mode(int(argv.size()), argv.data(), known);
    };
    const Wants ranked = [](int argc, char** argv, const io::FlagTable& k) {
        return io::flagGiven(argc, argv, {"--ranked"}, k);
    };
    CHECK_FALSE(wants(run::wantsSpectator, {"--headless", "--replay", "--spectate"}));
    CHECK_FALSE(wants(run::wantsBisect, {"--record", "--bisect", "--data", "x"}));
    CHECK_FALSE(wants(run::wantsHeadlessPeer, {"--spectate", "--join", "--note-frame", "--host"}));
    CHECK(wants(run::wantsSpectator, {"--spectate", "--join", "--note-frame", "--host"}));
    CHECK(wants(run::wantsHeadlessPeer, {"--headless", "--host", "--replay", "x"}));  // --host takes no flag as port
    CHECK_FALSE(wants(ranked, {"--data", "--ranked", "--lobby", "--ranked"}));
    CHECK(wants(ranked, {"--max-rollback", "3", "--ranked", "h:1"}));

    // The note's text is "--frame-data": a run's flag, said as such (a note goes into a recording), no page.
    std::string err;
    CHECK(runCaptured(run::runHeadless, {"--replay", kCombo, "--note", "--frame-data"}, err) == 2);
    CHECK(err.rfind("game_headless: --note needs --record OUT (the note goes into that file)\n", 0) == 0);
}

TEST_CASE("The headless runner refuses '+', hex and spaces in --sync and echoes a long value cut") {
    std::string err;
    for (const char* bad : {"+7", "0x7", " 7", "7e0"}) {
        CAPTURE(bad);
        CHECK(runCaptured(run::runHeadless, {"--replay", kCombo, "--sync", bad}, err) == 2);
        CHECK(err.rfind(std::string("game_headless: --sync wants a whole number in [1, 100000], not '") + bad + "'\n",
                        0) == 0);
    }
    CHECK(runCaptured(run::runHeadless, {"--replay", kCombo, "--sync", "\x1b" + std::string(5000, '7')}, err) == 2);
    CHECK(err.rfind(
              "game_headless: --sync wants a whole number in [1, 100000], not '\\x1b" + std::string(39, '7') + "...'\n",
              0) == 0);
}

TEST_CASE("The headless peer refuses an empty --record and a hostile --join before opening a socket") {
    std::string err;
    CHECK(runCaptured(run::runHeadlessPeer, {"--host", "0", "--replay", kCombo, "--record", ""}, err) == 2);
    CHECK(err.rfind("game_headless: --record needs a value, not an empty one\n", 0) == 0);
    const std::string host = "\x1b]0;owned\x07" + std::string(10 * 1024, 'h');
    CHECK(runCaptured(run::runHeadlessPeer, {"--join", host, "--replay", kCombo}, err) == 2);
    CHECK(err.rfind("game_headless: bad host '\\x1b]0;owned\\x07" + std::string(30, 'h') +
                        "...' (a name or a dotted IPv4 address)\n",
                    0) == 0);
    CHECK(err.size() < 1000);
    CHECK(err.find('\x1b') == std::string::npos);
}

TEST_CASE("The headless peer refuses --private-room but for a host through a lobby, before opening a socket") {
    // A joiner's or a direct host's --private-room was accepted and did nothing.
    std::string err;
    const std::string said = "game_headless: --private-room is for a host through a lobby (--host with --lobby)\n";
    CHECK(runCaptured(run::runHeadlessPeer, {"--join", "127.0.0.1:9", "--private-room", "--replay", kCombo}, err) == 2);
    CHECK(err.rfind(said, 0) == 0);
    CHECK(runCaptured(run::runHeadlessPeer, {"--host", "0", "--private-room", "--replay", kCombo}, err) == 2);
    CHECK(err.rfind(said, 0) == 0);
    CHECK(runCaptured(run::runHeadlessPeer,
                      {"--code", "ABCDEF", "--lobby", "127.0.0.1:9", "--private-room", "--replay", kCombo}, err) == 2);
    CHECK(err.rfind(said, 0) == 0);
}

TEST_CASE("The headless runner plays a replay without its end line, exits 0 and says in one line where it ends") {
    // truncated_combo.freplay is combo.freplay cut before its `end` line: 66 frame lines (counted in the file).
    const std::string file = BVH_TEST_SOURCE_DIR "/game/data/truncated_combo.freplay";
    std::string err;
    CHECK(runCaptured(run::runHeadless, {"--replay", file}, err) == 0);
    CHECK(err == file + ": ends without its end line after frame 66 (a recording cut short; it plays up to there)\n");
    CHECK(runCaptured(run::runHeadless, {"--replay", kCombo}, err) == 0);
    CHECK(err.empty());  // a whole replay: nothing on stderr
}

TEST_CASE("A --record the disk stops taking ends the run at that checkpoint with the reason and exit 2") {
    const std::string dir = std::filesystem::temp_directory_path() / ("headless_full_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/idle.fscript") << "fighters ryo ryo\nwait 600\n";
    // In a child whose files may not pass 800 bytes (RLIMIT_FSIZE; a write past it fails as on a full disk). Worked
    // by hand: a 139-byte header, 266 bytes for the first second of idle frames (60 `- -` lines of 4 bytes and
    // `check 60 HASH` of 26) and 267 for each next: 672 after frame 120, 939 after frame 180, so frame 180's
    // checkpoint is the write that fails.
    const iotest::LimitedRun child = iotest::withFileSizeLimit(800, [&](int& code) {
        std::string childErr;
        code = runCaptured(run::runHeadless, {"--replay", dir + "/idle.fscript", "--record", dir + "/out.freplay"},
                           childErr);
        return childErr;
    });
    const std::string& err = child.out;
    CHECK(child.exitCode == 2);
    CHECK(err == dir +
                     "/out.freplay: cannot write: File too large (recording stopped at frame 180; that file was left "
                     "as it was)\n");
    CHECK_FALSE(std::filesystem::exists(dir + "/out.freplay"));
    std::filesystem::remove_all(dir);
}
