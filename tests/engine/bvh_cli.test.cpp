// Tests for the `bvh` program (engine/cli): the exact output format, every bad-input class of spec/bvh.md with its
// message and exit status, the official conformance cases (from ../shared when it is there), and huge inputs.
#include "engine/cli/bvh_cli.h"
#include "engine/cli/bvh_records.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <unistd.h>

namespace fs = std::filesystem;

namespace {

/// A scratch folder for one test, removed afterwards.
struct Scratch {
    fs::path dir;
    Scratch() {
        static int counter = 0;  // test-only: distinct folders within one process
        dir = fs::temp_directory_path() /
              ("bvh_cli_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
        fs::create_directories(dir);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(dir / name, std::ios::binary) << text;
        return (dir / name).string();
    }
};

struct Run {
    int status = -1;
    std::string out, err;
};

Run runBvh(const std::string& agent, const std::string& actions) {
    Scratch s;
    const std::string a = s.write("agent.txt", agent), b = s.write("actions.txt", actions);
    std::ostringstream out, err;
    Run r;
    r.status = bvhcli::run(a, b, out, err);
    r.out = out.str();
    // Replace the scratch paths so messages can be compared exactly.
    r.err = err.str();
    for (const auto& [path, name] :
         {std::pair{a, std::string("agent.txt")}, std::pair{b, std::string("actions.txt")}}) {
        for (std::size_t p; (p = r.err.find(path)) != std::string::npos;) r.err.replace(p, path.size(), name);
    }
    return r;
}

const char* kSampleAgent = "left-leg 0 0 1 3\nright-leg 2 0 3 3\ntorso 0 3 3 7\nhead 1 7 3 8\n";
const char* kSampleActions = "c 1 2 2 3\nc 10 10 11 11\nc 0 3 1 8\nm left-leg 1 0 2 3\nc 0 3 1 8\np\n";
// The homework's sample output (spec/bvh.md), with the tree indented by the spec's printing rule.
const char* kSampleOutput =
    "Projectile (1, 2), (2, 3)\n"
    "Collides with: left-leg, right-leg, torso\n"
    "Projectile (10, 10), (11, 11)\n"
    "Collides with: \n"
    "Projectile (0, 3), (1, 8)\n"
    "Collides with: head, left-leg, torso\n"
    "Moved the left-leg to the location (1, 0), (2, 3)\n"
    "Projectile (0, 3), (1, 8)\n"
    "Collides with: head, left-leg, torso\n"
    "Current tree:\n"
    "+ branch || min = (0, 0), max = (3, 8), Area = 24\n"
    "  - R - leaf: left-leg || min = (1, 0), max = (2, 3), Area = 3\n"
    "  + branch || min = (0, 0), max = (3, 8), Area = 24\n"
    "    - R - leaf: right-leg || min = (2, 0), max = (3, 3), Area = 3\n"
    "    + branch || min = (0, 3), max = (3, 8), Area = 15\n"
    "      - R - leaf: torso || min = (0, 3), max = (3, 7), Area = 12\n"
    "      - L - leaf: head || min = (1, 7), max = (3, 8), Area = 2\n"
    "\n";

}  // namespace

TEST_CASE("the homework sample prints exactly the spec's output") {
    const Run r = runBvh(kSampleAgent, kSampleActions);
    CHECK(r.status == 0);
    CHECK(r.err == "");
    CHECK(r.out == kSampleOutput);
}

TEST_CASE("whitespace variants parse the same: CRLF, tabs, blank lines, no final newline") {
    SUBCASE("CRLF and no final newline") {
        const Run r = runBvh("left-leg 0 0 1 3\r\nright-leg 2 0 3 3\r\ntorso 0 3 3 7\r\nhead 1 7 3 8",
                             "c 1 2 2 3\r\nc 10 10 11 11\r\nc 0 3 1 8\r\nm left-leg 1 0 2 3\r\nc 0 3 1 8\r\np");
        CHECK(r.status == 0);
        CHECK(r.out == kSampleOutput);
    }
    SUBCASE("tabs, runs of spaces and blank lines") {
        const Run r = runBvh("\n  left-leg\t0 0  1 3\n\nright-leg 2 0 3 3\ntorso 0 3 3 7\n\t\nhead 1 7 3 8\n\n",
                             "c 1 2 2 3\n\nc\t10 10 11 11\nc 0 3 1 8\n   m left-leg 1 0 2 3\nc 0 3 1 8\np  \n");
        CHECK(r.status == 0);
        CHECK(r.out == kSampleOutput);
    }
}

TEST_CASE("a UTF-8 byte order mark opening the agent file is part of the first name, as the spec's words have it") {
    // Names are runs of non-blank bytes (spec/bvh.md); the mark's three bytes are not blanks, and a program reading
    // the homework's format with `>>` keeps them too, so the outputs agree on the same files (docs/bvh-program.md).
    const std::string bom = "\xEF\xBB\xBF";
    const Run r = runBvh(bom + "a 0 0 1 1\n", "p\nm a 2 2 3 3\n");
    CHECK(r.out == "Current tree:\n- - leaf: " + bom + "a || min = (0, 0), max = (1, 1), Area = 1\n\n");
    CHECK(r.status == 1);
    CHECK(r.err.find(":2: no member named 'a'") != std::string::npos);
}

TEST_CASE("old Mac files: a lone CR ends a line as LF does, CRLF stays one line end, and lines are counted") {
    SUBCASE("CR-only line ends read as LF ones") {
        const Run r = runBvh("left-leg 0 0 1 3\rright-leg 2 0 3 3\rtorso 0 3 3 7\rhead 1 7 3 8\r",
                             "c 1 2 2 3\rc 10 10 11 11\r\rc 0 3 1 8\rm left-leg 1 0 2 3\rc 0 3 1 8\rp\r");
        CHECK(r.status == 0);
        CHECK(r.err == "");
        CHECK(r.out == kSampleOutput);
    }
    SUBCASE("mixed line ends, each CR that no LF follows counted as a line") {
        // Lines: 1 `a` (CRLF), 2 `b` (CR), 3 empty (CR), 4 empty (CRLF), 5 the bad record.
        const Run r = runBvh("a 0 0 1 1\r\nb 2 2 3 3\r\r\r\nc 4 4 5\n", "p\n");
        CHECK(r.status == bvhcli::kBadInput);
        CHECK(r.err == "agent.txt:5: record cut short: expected 'NAME MINX MINY MAXX MAXY', got 4 fields\n");
    }
    SUBCASE("a record split by a lone CR is refused as one split by LF is") {
        const Run r = runBvh("a 0 0 1 1\rb 2 2\r3 3\r", "p\n");
        CHECK(r.status == bvhcli::kBadInput);
        CHECK(r.err == "agent.txt:2: record cut short: expected 'NAME MINX MINY MAXX MAXY', got 3 fields\n");
        const Run act = runBvh("a 0 0 1 1\n", "c 0 0 1 1\rm a\r2 2 3 3\r");
        CHECK(act.err == "actions.txt:2: record cut short: expected 'm NAME MINX MINY MAXX MAXY', got 2 fields\n");
        CHECK(act.out == "Projectile (0, 0), (1, 1)\nCollides with: a\n");
    }
}

TEST_CASE("a CR that ends the reader's 64 KiB block is decided by the next block's first byte") {
    // The reader turns a CR into a line end when it sees the byte after it; at a block's last byte that byte is the
    // next block's first. Members fill the first 65,536 bytes exactly, the last one's CR being byte 65,535.
    for (const char* after : {"", "\n"}) {  // a lone CR, then a CRLF split across the two blocks
        CAPTURE(std::string(after).size());
        std::string agent;
        int members = 0;
        const std::string pad(100, 'n');  // long names: a few hundred members fill the block
        while (agent.size() < 65536 - 300) agent += "m" + std::to_string(members++) + pad + " 0 0 1 1\r" + after;
        const std::string tail = " 0 0 1 1\r";
        agent += std::string(65536 - agent.size() - tail.size(), 'x') + tail + after;  // member `xx...x`
        REQUIRE(agent.size() == 65536 + std::string(after).size());
        REQUIRE(agent[65535] == '\r');
        ++members;
        const int line = members + 1;
        const Run ok = runBvh(agent + "last 0 0 1 1\r", "c 0 0 0 0\r");
        REQUIRE(ok.status == 0);
        const std::string hits = ok.out.substr(ok.out.find('\n') + 1);
        CHECK(std::count(hits.begin(), hits.end(), ',') == members);  // every member and `last`, none merged
        CHECK(hits.find("last") != std::string::npos);
        const Run bad = runBvh(agent + "bad 0 0 1\r", "p\r");
        CHECK(bad.err == "agent.txt:" + std::to_string(line) +
                             ": record cut short: expected 'NAME MINX MINY MAXX MAXY', got 4 fields\n");
    }
}

TEST_CASE("a number may start with one '+', as `std::cin >> int` reads it, and prints as its value") {
    // Worked by hand: b goes left of a at the root (spec: the new leaf is LEFT); the query touches b's corner edge;
    // the move stays inside the root's box (0, -1)-(4, 3), so only a's box changes.
    const Run r = runBvh("a 0 0 +3 3\nb +2 -1 +4 +1\n", "c +1 +1 +2 +2\nm a +0 +0 1 1\np\n");
    CHECK(r.status == 0);
    CHECK(r.err == "");
    CHECK(r.out ==
          "Projectile (1, 1), (2, 2)\n"
          "Collides with: a, b\n"
          "Moved the a to the location (0, 0), (1, 1)\n"
          "Current tree:\n"
          "+ branch || min = (0, -1), max = (4, 3), Area = 16\n"
          "  - R - leaf: a || min = (0, 0), max = (1, 1), Area = 1\n"
          "  - L - leaf: b || min = (2, -1), max = (4, 1), Area = 4\n"
          "\n");
    const std::pair<std::string, std::string> bad[] = {
        {"a 0 0 +-3 3\n", "agent.txt:1: maxX '+-3' is not an integer\n"},
        {"a 0 0 ++3 3\n", "agent.txt:1: maxX '++3' is not an integer\n"},
        {"a 0 0 -+3 3\n", "agent.txt:1: maxX '-+3' is not an integer\n"},
        {"a 0 0 + 3\n", "agent.txt:1: maxX '+' is not an integer\n"},
        {"a +x 0 1 1\n", "agent.txt:1: minX '+x' is not an integer\n"},
        {"a +1000000001 0 1 1\n", "agent.txt:1: minX 1000000001 is out of range (allowed -1000000000..1000000000)\n"},
    };
    for (const auto& [agent, err] : bad) {
        const std::string& agentText = agent;  // CAPTURE takes a variable, not a structured binding (clang)
        CAPTURE(agentText);
        const Run b = runBvh(agent, "p\n");
        CHECK(b.status == bvhcli::kBadInput);
        CHECK(b.err == err);
    }
}

TEST_CASE("records the one-pass scanner leaves to the token path read the same as plain ones") {
    // Leading zeros past ten digits, '-0', a NUL byte inside a name and a lone trailing '\r' are valid but unusual:
    // the scanner gives them up and the token path reads them; the output must not tell the two paths apart.
    const std::string nul("x\0y", 3);
    const Run odd = runBvh("a 000000000000 -0 1 00000000000001\n" + nul + " 0 0 2 2\nb -0 -000 2 2\r\n",
                           "c 0000000000000 0 1 1\nm " + nul + " 1 1 002 2\nc -1 -1 0000000000002 2\r\np\n");
    const Run plain =
        runBvh("a 0 0 1 1\n" + nul + " 0 0 2 2\nb 0 0 2 2\n", "c 0 0 1 1\nm " + nul + " 1 1 2 2\nc -1 -1 2 2\np\n");
    REQUIRE(plain.status == 0);
    CHECK(odd.status == 0);
    CHECK(odd.err == "");
    CHECK(odd.out == plain.out);
    CHECK(plain.out.find("Moved the " + nul + " to the location (1, 1), (2, 2)\n") != std::string::npos);
}

TEST_CASE("coordinates of every length, sign and padding read as their values") {
    // The scanner reads up to seven digits as one word and longer numbers digit by digit; leading zeros and '-0'
    // are values like any other. Each coordinate is written plainly in one run and padded in the other.
    std::mt19937 rng(7);
    const auto num = [&](long long lo, long long hi) { return std::uniform_int_distribution<long long>(lo, hi)(rng); };
    std::string agent, padded, actions, paddedActions;
    const auto write = [&](std::string& plain, std::string& pad, long long v) {
        plain += ' ' + std::to_string(v);
        pad += ' ';
        if (v < 0 || (v == 0 && num(0, 1) == 0)) pad += '-';  // -0 is 0
        pad += std::string(std::size_t(num(0, 3)), '0') + std::to_string(v < 0 ? -v : v);
    };
    for (int i = 0; i < 400; ++i) {
        const long long digits = num(1, 10);
        long long lo = 1;
        for (long long k = 1; k < digits; ++k) lo *= 10;
        const long long a = std::min(num(lo - 1, lo * 10 - 1), 1000000000LL);
        const long long b = num(0, 1) == 0 ? -a : a;
        const long long minX = std::min(b, 0LL), maxX = std::max(b, 0LL);
        const std::string name = "m" + std::to_string(i);
        agent += name;
        padded += name;
        for (long long v : {minX, minX, maxX, maxX}) write(agent, padded, v);
        agent += '\n';
        padded += '\n';
        actions += 'c';
        paddedActions += 'c';
        for (long long v : {minX, 0LL, maxX, 1LL}) write(actions, paddedActions, v);
        actions += '\n';
        paddedActions += '\n';
    }
    const Run plain = runBvh(agent, actions + "p\n");
    const Run odd = runBvh(padded, paddedActions + "p\n");
    REQUIRE(plain.status == 0);
    CHECK(odd.err == "");
    CHECK(odd.out == plain.out);
}

TEST_CASE("an empty agent prints an empty tree and collides with nothing") {
    const Run r = runBvh("", "p\nc 0 0 1 1\n");
    CHECK(r.status == 0);
    CHECK(r.out == "Current tree:\n\nProjectile (0, 0), (1, 1)\nCollides with: \n");
}

TEST_CASE("negative coordinates and large areas print in full") {
    const Run r = runBvh("big -500000 -500000 500000 500000\n", "c -500000 500000 -500000 500000\np\n");
    CHECK(r.status == 0);
    CHECK(r.out ==
          "Projectile (-500000, 500000), (-500000, 500000)\n"
          "Collides with: big\n"
          "Current tree:\n"
          "- - leaf: big || min = (-500000, -500000), max = (500000, 500000), Area = 1000000000000\n\n");
}

TEST_CASE("every bad-input class names the file and line, exits non-zero, and keeps earlier output") {
    struct Case {
        const char* what;
        const char* agent;
        const char* actions;
        const char* err;
        const char* out;
    };
    const Case cases[] = {
        {"agent record cut short", "a 0 0 1 1\nb 0 0 1\n", "p\n",
         "agent.txt:2: record cut short: expected 'NAME MINX MINY MAXX MAXY', got 4 fields\n", ""},
        {"agent stray token", "a 0 0 1 1 9\n", "p\n", "agent.txt:1: stray token '9' after 'NAME MINX MINY MAXX MAXY'\n",
         ""},
        {"agent non-integer", "a 0 0 x1 1\n", "p\n", "agent.txt:1: maxX 'x1' is not an integer\n", ""},
        {"agent number with trailing junk", "a 0 0 1 1.5\n", "p\n", "agent.txt:1: maxY '1.5' is not an integer\n", ""},
        {"agent number out of range", "a 0 0 1 99999999999999999999\n", "p\n",
         "agent.txt:1: maxY '99999999999999999999' is out of range (allowed -1000000000..1000000000)\n", ""},
        {"agent number past the coordinate limit", "a -1000000001 0 1 1\n", "p\n",
         "agent.txt:1: minX -1000000001 is out of range (allowed -1000000000..1000000000)\n", ""},
        {"agent min > max", "a 0 0 1 1\nb 5 0 3 1\n", "p\n", "agent.txt:2: box has minX 5 > maxX 3\n", ""},
        {"agent min > max on y", "b 0 5 3 1\n", "p\n", "agent.txt:1: box has minY 5 > maxY 1\n", ""},
        {"agent duplicate name", "a 0 0 1 1\n\nb 1 1 2 2\na 2 2 3 3\n", "p\n",
         "agent.txt:4: duplicate member name 'a' (first on line 1)\n", ""},
        {"action unknown letter", "a 0 0 1 1\n", "c 0 0 1 1\nx 1 2\n",
         "actions.txt:2: unknown action 'x' (expected c, m or p)\n", "Projectile (0, 0), (1, 1)\nCollides with: a\n"},
        {"action move of an unknown member", "a 0 0 1 1\n", "p\nm b 0 0 1 1\n", "actions.txt:2: no member named 'b'\n",
         "Current tree:\n- - leaf: a || min = (0, 0), max = (1, 1), Area = 1\n\n"},
        {"action c cut short", "a 0 0 1 1\n", "c 0 0 1\n",
         "actions.txt:1: record cut short: expected 'c MINX MINY MAXX MAXY', got 4 fields\n", ""},
        {"action m cut short", "a 0 0 1 1\n", "m a 0 0\n",
         "actions.txt:1: record cut short: expected 'm NAME MINX MINY MAXX MAXY', got 4 fields\n", ""},
        {"action p with a stray token", "a 0 0 1 1\n", "p now\n", "actions.txt:1: stray token 'now' after 'p'\n", ""},
        {"action c with a stray token", "a 0 0 1 1\n", "c 0 0 1 1 1\n",
         "actions.txt:1: stray token '1' after 'c MINX MINY MAXX MAXY'\n", ""},
        {"action move to an inverted box", "a 0 0 1 1\n", "m a 3 3 2 2\n", "actions.txt:1: box has minX 3 > maxX 2\n",
         ""},
        {"action non-integer", "a 0 0 1 1\n", "c 0 0 1 +\n", "actions.txt:1: maxY '+' is not an integer\n", ""},
        {"binary junk is shown escaped", "a 0 0 1 1\n", "\x01\xff z\n",
         "actions.txt:1: unknown action '\\x01\\xff' (expected c, m or p)\n", ""},
    };
    for (const Case& c : cases) {
        CAPTURE(c.what);
        const Run r = runBvh(c.agent, c.actions);
        CHECK(r.status == bvhcli::kBadInput);
        CHECK(r.err == c.err);
        CHECK(r.out == c.out);
    }
}

TEST_CASE("a missing or unreadable file is named with the reason") {
    Scratch s;
    const std::string actions = s.write("actions.txt", "p\n");
    std::ostringstream out, err;
    SUBCASE("missing agent file") {
        const std::string missing = (s.dir / "nope.txt").string();
        CHECK(bvhcli::run(missing, actions, out, err) == bvhcli::kBadInput);
        CHECK(err.str() == missing + ": cannot open file: No such file or directory\n");
    }
    SUBCASE("a folder instead of the actions file") {
        const std::string agent = s.write("agent.txt", "a 0 0 1 1\n");
        CHECK(bvhcli::run(agent, s.dir.string(), out, err) == bvhcli::kBadInput);
        CHECK(err.str() == s.dir.string() + ": cannot read file: Is a directory\n");
    }
    CHECK(out.str() == "");
}

TEST_CASE("the command line takes no file or exactly two") {
    std::ostringstream out, err;
    const char* argv[] = {"bvh", "only-one"};
    CHECK(bvhcli::runMain(2, argv, out, err) == bvhcli::kUsage);
    CHECK(err.str().rfind("usage: bvh [AGENT_FILE ACTIONS_FILE]", 0) == 0);
    for (int empty = 1; empty <= 2; ++empty) {  // an empty name would be reported as ": cannot open file"
        std::ostringstream o, e;
        const char* names[] = {"bvh", empty == 1 ? "" : "agent.txt", empty == 2 ? "" : "actions.txt"};
        CHECK(bvhcli::runMain(3, names, o, e) == bvhcli::kUsage);
        CHECK(e.str() == "bvh: an empty file name: give the path of the agent file and of the actions file\n");
        CHECK(o.str() == "");
    }
}

TEST_CASE("--help and -h print the usage on stdout and exit 0; a stdout that cannot take it exits 3") {
    // `bvh --help` printed the usage on stderr and exited 2, as for a wrong command line.
    for (const char* help : {"--help", "-h"}) {
        CAPTURE(help);
        std::ostringstream out, err;
        const char* argv[] = {"bvh", help};
        CHECK(bvhcli::runMain(2, argv, out, err) == bvhcli::kOk);
        CHECK(out.str().rfind("usage: bvh [AGENT_FILE ACTIONS_FILE]", 0) == 0);
        CHECK(err.str().empty());
        std::ostringstream lost, said;
        lost.setstate(std::ios::badbit);  // a full disk: the stream takes nothing
        CHECK(bvhcli::runMain(2, argv, lost, said) == bvhcli::kWriteError);
        CHECK(said.str().rfind("standard output: cannot write", 0) == 0);
    }
    std::ostringstream out, err;
    const char* both[] = {"bvh", "--help", "actions.txt"};  // two names: the files, as before
    CHECK(bvhcli::runMain(3, both, out, err) == bvhcli::kBadInput);
    CHECK(err.str() == "--help: cannot open file: No such file or directory\n");
}

TEST_CASE("the official conformance cases pass byte for byte") {
    const fs::path root = testpaths::shared("conformance/bvh-cli");
    if (!fs::is_directory(root)) {
        WARN_MESSAGE(false, "conformance cases not found at " << root.string() << ": not checked in this run");
        return;
    }
    int cases = 0;
    for (const auto& entry : fs::directory_iterator(root)) {
        if (!entry.is_directory()) continue;
        CAPTURE(entry.path().string());
        std::ifstream in(entry.path() / "expected.txt", std::ios::binary);
        const std::string expected((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::ostringstream out, err;
        CHECK(bvhcli::run((entry.path() / "agent.txt").string(), (entry.path() / "actions.txt").string(), out, err) ==
              0);
        CHECK(err.str() == "");
        CHECK(out.str() == expected);
        ++cases;
    }
    CHECK(cases >= 12);
}

TEST_CASE("huge inputs run through without trouble") {
    // 200,000 members and 1,000,000 actions in an optimised build (a tenth of each under the sanitizers, which are
    // ~20x slower). Speed is measured in the README, not asserted here; this checks the run completes and every
    // action printed its lines.
#if defined(BVH_SANITIZED)
    constexpr int members = 20000, actions = 100000;
#else
    constexpr int members = 200000, actions = 1000000;
#endif
    std::mt19937 rng(7);
    auto num = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    std::string agent, acts;
    std::vector<std::pair<int, int>> at(members);
    for (int i = 0; i < members; ++i) {
        at[i] = {num(0, 1000000), num(0, 1000000)};
        agent += "m" + std::to_string(i) + " " + std::to_string(at[i].first) + " " + std::to_string(at[i].second) +
                 " " + std::to_string(at[i].first + num(1, 100)) + " " + std::to_string(at[i].second + num(1, 100)) +
                 "\n";
    }
    int expectedLines = 0;
    for (int i = 0; i < actions; ++i) {
        if (i % 2 == 0) {
            const int x = num(0, 1000000), y = num(0, 1000000);
            acts += "c " + std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(x + 200) + " " +
                    std::to_string(y + 200) + "\n";
            expectedLines += 2;
        } else {
            const int m = num(0, members - 1);
            at[m].first += num(-3, 3);
            acts += "m m" + std::to_string(m) + " " + std::to_string(at[m].first) + " " + std::to_string(at[m].second) +
                    " " + std::to_string(at[m].first + 10) + " " + std::to_string(at[m].second + 10) + "\n";
            expectedLines += 1;
        }
    }
    const Run r = runBvh(agent, acts);
    CHECK(r.status == 0);
    CHECK(r.err == "");
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == expectedLines);
}

TEST_CASE("queries answered ahead of their turn see every move made before it") {
    // The program walks the queries it has read ahead together, before the moves between them; each answer must
    // still be the members colliding at the query's own turn. Expected lines worked by hand from the boxes.
    const std::string agent = "ant 0 0 1 1\nbee 10 10 11 11\ncat 20 20 21 21\n";
    const std::string actions =
        "c 0 0 5 5\nm bee 2 2 3 3\nc 0 0 5 5\nm ant 30 30 31 31\nc 0 0 5 5\n"
        "m bee 40 40 41 41\nm bee 3 3 4 4\nc 0 0 5 5\nm cat 4 4 5 5\nc 5 5 6 6\nc 0 0 5 5\n";
    const Run r = runBvh(agent, actions);
    CHECK(r.status == 0);
    CHECK(r.out ==
          "Projectile (0, 0), (5, 5)\nCollides with: ant\n"
          "Moved the bee to the location (2, 2), (3, 3)\n"
          "Projectile (0, 0), (5, 5)\nCollides with: ant, bee\n"
          "Moved the ant to the location (30, 30), (31, 31)\n"
          "Projectile (0, 0), (5, 5)\nCollides with: bee\n"
          "Moved the bee to the location (40, 40), (41, 41)\n"
          "Moved the bee to the location (3, 3), (4, 4)\n"
          "Projectile (0, 0), (5, 5)\nCollides with: bee\n"
          "Moved the cat to the location (4, 4), (5, 5)\n"
          "Projectile (5, 5), (6, 6)\nCollides with: cat\n"
          "Projectile (0, 0), (5, 5)\nCollides with: bee, cat\n");
}

TEST_CASE("a query read ahead keeps its answer right when the tree is laid out anew before its turn") {
    // The tree is renumbered after 4096 changes (the program's re-layout), which changes every leaf's index: a
    // query walked before that and answered after it must not use the old indices. 3 members and 4092 moves of
    // ant, a query (walked with the one after it), bee's move (the 4096th change: the re-layout), ant's move, then
    // the query answered after the re-layout.
    std::string actions;
    for (int i = 0; i < 4092; ++i) actions += i % 2 == 0 ? "m ant 50 50 51 51\n" : "m ant 60 60 61 61\n";
    actions += "c 0 0 5 5\nm bee 2 2 3 3\nm ant 1 1 2 2\nc 0 0 5 5\n";
    const Run r = runBvh("ant 0 0 1 1\nbee 10 10 11 11\ncat 20 20 21 21\n", actions);
    CHECK(r.status == 0);
    const std::string tail =
        "Projectile (0, 0), (5, 5)\nCollides with: \n"
        "Moved the bee to the location (2, 2), (3, 3)\n"
        "Moved the ant to the location (1, 1), (2, 2)\n"
        "Projectile (0, 0), (5, 5)\nCollides with: ant, bee\n";
    REQUIRE(r.out.size() > tail.size());
    CHECK(r.out.substr(r.out.size() - tail.size()) == tail);
}

namespace {

/// A stream buffer that accepts `room` bytes and then fails every write, like a full disk.
class FullBuf : public std::streambuf {
public:
    explicit FullBuf(std::size_t room) : room_(room) {}
    std::size_t written = 0;

protected:
    std::streamsize xsputn(const char*, std::streamsize n) override {
        if (written + std::size_t(n) > room_) return 0;
        written += std::size_t(n);
        return n;
    }
    int_type overflow(int_type c) override { return xsputn(nullptr, 1) == 1 ? c : traits_type::eof(); }

private:
    std::size_t room_;
};

/// A stream buffer that keeps what it is given and the size of the largest single write.
class ChunkBuf : public std::streambuf {
public:
    std::string text;
    std::size_t largest = 0;

protected:
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        text.append(s, std::size_t(n));
        largest = std::max(largest, std::size_t(n));
        return n;
    }
    int_type overflow(int_type c) override {
        text += char(c);
        return c;
    }
};

/// `count` members m0, m1, ... one a line, on a grid 64 boxes wide: a shallow tree, so a large agent builds fast
/// (a single row makes the spec's insertion walk ever longer paths).
std::string gridOfMembers(int count) {
    std::string agent;
    for (int i = 0; i < count; ++i) {
        const int x = 3 * (i % 64), y = 3 * (i / 64);
        agent += "m" + std::to_string(i) + " " + std::to_string(x) + " " + std::to_string(y) + " " +
                 std::to_string(x + 2) + " " + std::to_string(y + 2) + "\n";
    }
    return agent;
}

}  // namespace

TEST_CASE("a failed write stops the run with a message and the write-error status") {
    Scratch s;
    const std::string agent = s.write("agent.txt", gridOfMembers(3000)),
                      actions = s.write("actions.txt", "p\nc 0 0 1 1\n");
    for (const std::size_t room : {std::size_t(0), std::size_t(1000), std::size_t(100000)}) {
        CAPTURE(room);
        FullBuf buf(room);
        std::ostream out(&buf);
        std::ostringstream err;
        CHECK(bvhcli::run(agent, actions, out, err) == bvhcli::kWriteError);
        CHECK(err.str().rfind("standard output: cannot write", 0) == 0);
        CHECK(buf.written <= room);
    }
}

TEST_CASE("output, the printed tree included, is written in bounded chunks and stays byte for byte the same") {
    Scratch s;
    const std::string agentText = gridOfMembers(5000);
    const std::string agent = s.write("agent.txt", agentText), actions = s.write("actions.txt", "p\n");
    ChunkBuf buf;
    std::ostream out(&buf);
    std::ostringstream err;
    REQUIRE(bvhcli::run(agent, actions, out, err) == bvhcli::kOk);
    const Run whole = runBvh(agentText, "p\n");  // the same run into one string
    CHECK(buf.text == whole.out);
    CHECK(buf.text.size() > 500000);                  // 9999 printed nodes
    CHECK(buf.largest < 2 * (std::size_t(1) << 16));  // never the whole tree at once
}

TEST_CASE("files past the size limit and lines past the line limit are refused, endless input included") {
    Scratch s;
    const std::string agent = s.write("agent.txt", "a 0 0 1 1\nb 2 2 3 3\n"), actions = s.write("actions.txt", "p\n");
    std::ostringstream out, err;
    SUBCASE("a regular file over the limit is refused before any work") {
        bvhcli::Limits small;
        small.maxFileBytes = 10;
        CHECK(bvhcli::run(agent, actions, out, err, small) == bvhcli::kBadInput);
        CHECK(err.str() == agent + ": file is 20 bytes, over the limit of 10\n");
    }
    SUBCASE("an endless stream stops at the size limit when its lines are short enough") {
        bvhcli::Limits small;
        small.maxFileBytes = 100000;
        CHECK(bvhcli::run(agent, "/dev/zero", out, err, small) == bvhcli::kBadInput);
        CHECK(err.str() == "/dev/zero: more than 100000 bytes, over the limit\n");
    }
    SUBCASE("an endless line stops at the line limit with the default limits") {
        CHECK(bvhcli::run("/dev/zero", actions, out, err) == bvhcli::kBadInput);
        CHECK(err.str() == "/dev/zero:1: line longer than " + std::to_string(bvhcli::kMaxLineBytes) + " bytes\n");
    }
    SUBCASE("a long line on a later line is counted there") {
        const std::string longLine = s.write("long.txt", "c 0 0 1 1\nc 0 0 1 " + std::string(300, '1') + "\n");
        bvhcli::Limits small;
        small.maxLineBytes = 100;
        CHECK(bvhcli::run(agent, longLine, out, err, small) == bvhcli::kBadInput);
        CHECK(err.str() == longLine + ":2: line longer than 100 bytes\n");
        CHECK(out.str() == "Projectile (0, 0), (1, 1)\nCollides with: a\n");
    }
}

TEST_CASE("the line limit counts a line's bytes, not its line end: LF, CRLF and a lone CR agree") {
    // A line of exactly kMaxLineBytes passed with LF and was refused with CRLF (its CR counted against the limit).
    Scratch s;
    const std::string agent = s.write("agent.txt", "a 0 0 1 1\n");
    const auto padded = [](std::size_t bytes) { return "c 0 0 1 1" + std::string(bytes - 9, ' '); };
    const std::string at = padded(bvhcli::kMaxLineBytes), over = padded(bvhcli::kMaxLineBytes + 1);
    for (const char* end : {"\n", "\r\n", "\r"}) {
        CAPTURE(std::string(end) == "\n" ? "LF" : std::string(end) == "\r" ? "CR" : "CRLF");
        std::ostringstream out, err;
        const std::string fits = s.write("fits.txt", at + end + "p" + end);
        CHECK(bvhcli::run(agent, fits, out, err) == bvhcli::kOk);
        CHECK(err.str().empty());
        std::ostringstream out2, err2;
        const std::string refused = s.write("over.txt", "p" + std::string(end) + over + end);
        CHECK(bvhcli::run(agent, refused, out2, err2) == bvhcli::kBadInput);
        CHECK(err2.str() == refused + ":2: line longer than " + std::to_string(bvhcli::kMaxLineBytes) + " bytes\n");
    }
    SUBCASE("a CRLF split across the reader's 64 KiB blocks, the line at the limit") {
        bvhcli::Limits small;
        small.maxLineBytes = 100;
        // Short lines filling `bytes`, so that a line after them of N bytes ends with its CR as the first block's
        // last byte when bytes + N = 65535.
        const auto filler = [&](std::size_t bytes) {
            std::string text;
            while (text.size() + 10 <= bytes - 20) text += "c 0 0 1 1\n";
            return text + padded(bytes - text.size() - 1) + "\n";
        };
        std::ostringstream out, err;
        const std::string split = s.write("split.txt", filler(65535 - 100) + padded(100) + "\r\np\r\n");
        CHECK(bvhcli::run(agent, split, out, err, small) == bvhcli::kOk);
        CHECK(err.str().empty());
        std::ostringstream out2, err2;
        const std::string before = filler(65535 - 101);
        const std::string longer = s.write("longer.txt", before + padded(101) + "\r\np\r\n");
        CHECK(bvhcli::run(agent, longer, out2, err2, small) == bvhcli::kBadInput);
        const auto line = std::count(before.begin(), before.end(), '\n') + 1;
        CHECK(err2.str() == longer + ":" + std::to_string(line) + ": line longer than 100 bytes\n");
    }
}

TEST_CASE("lines crossing the reader's block boundary parse whole") {
    // Members with long names push records across the 64 KiB read blocks at every possible offset.
    std::string agent;
    for (int i = 0; i < 2000; ++i) {
        agent += std::string(40 + i % 61, char('a' + i % 26)) + std::to_string(i) + " 0 0 1 1\n";
    }
    const Run r = runBvh(agent, "c 0 0 0 0\n");
    REQUIRE(r.status == 0);
    const std::string hitsLine = r.out.substr(r.out.find('\n') + 1);
    CHECK(std::count(hitsLine.begin(), hitsLine.end(), ',') == 1999);  // all 2000 members hit, none cut or merged
    CHECK(hitsLine.find(std::string(40, 'a') + "0, ") != std::string::npos);
}

TEST_CASE("a duplicate far down the agent names the first line even after the tree was laid out anew") {
    const Run r = runBvh(gridOfMembers(9000) + "m0 5 5 6 6\n", "p\n");
    CHECK(r.status == bvhcli::kBadInput);
    CHECK(r.err == "agent.txt:9001: duplicate member name 'm0' (first on line 1)\n");
}

TEST_CASE("identical members make a chain: the record past the descent limit is refused, earlier output kept") {
    // The spec sends a box that adds no area to either child left, so identical boxes stack into a chain and the
    // k-th member lands k - 1 levels deep (the second at depth 1): 45 members descend 990 levels, the 46th 1035.
    Scratch s;
    std::string same;
    for (int i = 0; i < 60; ++i) same += "m" + std::to_string(i) + " 0 0 10 10\n";
    bvhcli::Limits small;
    small.maxDescentLevels = 1000;
    std::ostringstream out, err;
    const std::string agent = s.write("agent.txt", same), actions = s.write("actions.txt", "p\n");
    CHECK(bvhcli::run(agent, actions, out, err, small) == bvhcli::kBadInput);
    CHECK(err.str() == agent +
                           ":46: insertions have descended more than 1000 tree levels in all, the limit (members "
                           "with identical or nested boxes make the spec's tree a chain that every insertion "
                           "walks whole)\n");
    CHECK(out.str().empty());
    SUBCASE("moves that re-insert are counted too, after what earlier actions printed") {
        const std::string fewer = s.write("fewer.txt", same.substr(0, same.find("m30 ")));  // 30 members: 435 levels
        std::string moves = "c 0 0 1 1\n";
        for (int i = 1; i <= 1000; ++i) {  // ever farther: the box leaves its parent's, so each move re-inserts
            const std::string x = std::to_string(1000 * i), x2 = std::to_string(1000 * i + 10);
            moves += "m m29 " + x + " " + x + " " + x2 + " " + x2 + "\n";
        }
        const std::string acts = s.write("moves.txt", moves);
        std::ostringstream out2, err2;
        CHECK(bvhcli::run(fewer, acts, out2, err2, small) == bvhcli::kBadInput);
        CHECK(err2.str().rfind(acts + ":", 0) == 0);
        CHECK(err2.str().find("tree levels in all, the limit") != std::string::npos);
        CHECK(out2.str().rfind("Projectile (0, 0), (1, 1)\nCollides with: m0, m1, m10,", 0) == 0);
    }
    SUBCASE("a spread-out agent of the same size stays far below the limit that stops the chain") {
        std::string spread;  // 60 members on a 4 x 15 grid of separate boxes: a tree about log2(60) deep
        for (int i = 0; i < 60; ++i) {
            const int x = 100 * (i % 4), y = 100 * (i / 4);
            spread += "s" + std::to_string(i) + " " + std::to_string(x) + " " + std::to_string(y) + " " +
                      std::to_string(x + 10) + " " + std::to_string(y + 10) + "\n";
        }
        std::ostringstream out3, err3;
        CHECK(bvhcli::run(s.write("spread.txt", spread), actions, out3, err3, small) == bvhcli::kOk);
        CHECK(err3.str().empty());
    }
}

TEST_CASE("the look-ahead holds a bounded number of bytes however long its lines are") {
    // 40 records of 100,000-byte names, every other one left to the token path (a coordinate with leading zeros
    // past ten digits): a look-ahead of 30 records would hold 3 MB. With a 150,000-byte budget it holds at most the
    // budget and one line more, and the records still come out in order with their line numbers.
    Scratch s;
    std::string text;
    for (int i = 0; i < 40; ++i) {
        text += std::string(100000, char('a' + i % 26)) + std::to_string(i) +
                (i % 2 == 0 ? " 1 2 3 4\n" : " 000000000001 2 3 4\n");
    }
    const std::string path = s.write("agent.txt", text);
    bvhcli::LineReader reader{bvhcli::Limits{}};
    reader.open(path);
    constexpr std::size_t kBudget = 150000;
    bvhcli::Lookahead records(reader, bvhcli::scanMember, bvhcli::parseMember, kBudget);
    bvhcli::Record r;
    int line = 0, count = 0;
    std::size_t mostHeld = 0, mostSlots = 0;
    while (records.next(r, line)) {
        ++count;
        CHECK(line == count);
        CHECK(r.name.size() == 100000 + std::to_string(count - 1).size());
        CHECK(r.box == engine::AABB{1, 2, 3, 4});
        mostHeld = std::max(mostHeld, records.heldBytes());
        mostSlots = std::max(mostSlots, records.slotBytes());
    }
    CHECK(count == 40);
    CHECK(mostHeld <= kBudget + 2 * 100100);   // the budget, and the line that passed it (capacity rounds up)
    CHECK(mostSlots <= kBudget + 4 * 100100);  // and the current record's slot
}

TEST_CASE("a bad record after lines longer than the look-ahead's byte budget is still reported at its own line") {
    // Five members of 200,000-byte names pass the 64 KiB budget one by one, so the look-ahead reads them one at a
    // time; line 6 is cut short and must be named as without the budget, after the five have been added.
    std::string agent;
    for (int i = 0; i < 5; ++i) agent += std::string(200000, char('a' + i)) + " 0 0 1 1\n";
    agent += "bad 1 2 3\n";
    const Run r = runBvh(agent, "c 0 0 1 1\n");
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK(r.err == "agent.txt:6: record cut short: expected 'NAME MINX MINY MAXX MAXY', got 4 fields\n");
}
