// io::readFile's contract with the files it is given: read once (a pipe works), the size limit checked before any
// byte is read, a UTF-8 byte order mark skipped.
#include "game/io/io_test_util.h"
#include "game/run/headless.h"
#include "game/io/run_file.h"
#include "game/io/text.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace {

using iotest::slurp;

/// Bytes this process has read through read() so far (Linux /proc/self/io), or -1 when unknown.
long long bytesRead() {
    std::ifstream io("/proc/self/io");
    std::string key;
    long long v = -1;
    while (io >> key >> v) {
        if (key == "rchar:") return v;
    }
    return -1;
}

}  // namespace

TEST_CASE("A script given through a pipe is read once and runs headless") {
    // `game_headless --replay <(cat script)`: the file is a pipe that gives its bytes once. Reading it a second
    // time (to find its kind, then to load it) gives nothing, which was refused as an empty script.
    const std::string script = slurp(std::string(BVH_DATA_DIR) + "/replays/26_throw_tech_too_late.fscript");
    REQUIRE(script.size() > 100);
    REQUIRE(script.size() < 60000);  // fits in a pipe's buffer, so it can be written before it is read
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    REQUIRE(::write(fds[1], script.data(), script.size()) == ssize_t(script.size()));
    ::close(fds[1]);
    std::string path = "/dev/fd/" + std::to_string(fds[0]);
    const char* argv[] = {"game_headless", "--replay", path.c_str(), "--data", BVH_DATA_DIR, nullptr};
    const int code = run::runHeadless(5, const_cast<char**>(argv), BVH_DATA_DIR);
    ::close(fds[0]);
    CHECK(code == 0);
}

TEST_CASE("A regular file over the size limit is refused before any byte of it is read") {
    const std::string path = (std::filesystem::temp_directory_path() / "read_file_big.txt").string();
    {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        REQUIRE(f != nullptr);
        std::fseek(f, long(io::kMaxFileBytes) + (1 << 20), SEEK_SET);  // sparse: 1 MiB past the limit
        std::fputc('x', f);
        std::fclose(f);
    }
    std::string text;
    io::Error error;
    const long long before = bytesRead();
    CHECK_FALSE(io::readFile(path, text, error));
    const long long after = bytesRead();
    CHECK(error.text() == path + ": larger than 67108864 bytes (the limit for any input file)");
    if (before < 0 || after < 0) {
        MESSAGE("/proc/self/io is not readable here: how much was read is not checked");
    } else {
        CHECK(after - before < (1 << 20));  // reading up to the limit first would be 64 MiB
    }
    std::remove(path.c_str());
}

TEST_CASE("A UTF-8 byte order mark at the start of a file is skipped") {
    const std::string path = (std::filesystem::temp_directory_path() / "read_file_bom.fscript").string();
    const std::string script = slurp(std::string(BVH_DATA_DIR) + "/replays/26_throw_tech_too_late.fscript");
    std::ofstream(path, std::ios::binary) << "\xEF\xBB\xBF" << script;
    std::string text;
    io::Error error;
    REQUIRE(io::readFile(path, text, error));
    CHECK(text == script);
    sim::RunFile run;
    CHECK_MESSAGE(sim::loadRunFile(path, run, error), error.text());
    // Only at the very start: elsewhere the bytes are part of a token and refused, shown escaped.
    std::ofstream(path, std::ios::binary) << "start \xEF\xBB\xBF"
                                          << "400 480\nwait 5\n";
    CHECK_FALSE(sim::loadRunFile(path, run, error));
    CHECK(error.text().find("\\xef\\xbb\\xbf") != std::string::npos);
    std::remove(path.c_str());
}
