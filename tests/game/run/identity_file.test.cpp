// The identity key file (game/run/identity_file.h): made once with mode 0600, the same key read back, a damaged
// file named with its line and never replaced.
#include "game/run/identity_file.h"

#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

/// A fresh folder for one test case, removed afterwards.
struct KeyDir {
    std::string dir;
    explicit KeyDir(const std::string& name)
        : dir((std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()))).string()) {
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    ~KeyDir() {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
};

void put(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("the identity key is made once, readable by its owner only, and read back as the same key") {
    const KeyDir keys("identity_file_test_dir");
    const std::string path = keys.dir + "/sub/identity.key";
    net::Identity made, again;
    std::string error;
    REQUIRE(run::loadOrMakeIdentity(path, "alice", made, error));
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    REQUIRE(run::loadOrMakeIdentity(path, "alice", again, error));
    CHECK(again.publicKey == made.publicKey);
    CHECK(net::fingerprint(again.publicKey).size() == 19);
    {
        std::ofstream out(path);
        out << "bvh-fighter identity 1\nseed = nothex\n";
    }
    CHECK_FALSE(run::loadOrMakeIdentity(path, "alice", again, error));
    CHECK(error == path + ":2: wants `seed = ` and 64 hex digits");
}

TEST_CASE("the identity key is read by the shared text rules: a BOM, CRLF, blanks, comments, upper-case hex") {
    const KeyDir d("identity_rules");
    const std::string path = d.dir + "/identity.key";
    net::Identity made;
    std::string error;
    REQUIRE(run::loadOrMakeIdentity(path, "alice", made, error));
    const std::string text = slurp(path);
    REQUIRE(text.rfind("bvh-fighter identity 1\nseed = ", 0) == 0);
    const std::string hex = text.substr(30, 64);
    std::string upper = hex;
    for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
    const std::string header = "bvh-fighter identity 1";
    const std::pair<std::string, std::string> edits[] = {
        {"CRLF line ends", header + "\r\nseed = " + hex + "\r\n"},
        {"a byte order mark", "\xEF\xBB\xBF" + text},
        {"a space after the header and tabs in the seed line", header + " \nseed\t=\t" + hex + "  \n"},
        {"upper-case hex digits", header + "\nseed = " + upper + "\n"},
        {"comments and blank lines, no final newline", "# mine\n\n" + header + " # v1\n\nseed = " + hex},
        {"no spaces around '=', as settings.cfg allows", header + "\nseed=" + hex + "\n"},
        {"a space on one side of '=' only", header + "\nseed =" + hex + "\n"},
        {"a tab on the other side only", header + "\nseed=\t" + hex + "\n"},
    };
    for (const auto& [what, edited] : edits) {
        const std::string& edit = what;  // CAPTURE takes no structured binding (clang)
        CAPTURE(edit);
        put(path, edited);
        net::Identity read;
        CHECK_MESSAGE(run::loadOrMakeIdentity(path, "alice", read, error), error);
        CHECK(read.publicKey == made.publicKey);
        CHECK(slurp(path) == edited);  // read, never written
    }
}

TEST_CASE("a damaged identity key is named at its line, and nothing of the secret is shown") {
    const KeyDir d("identity_damaged");
    const std::string path = d.dir + "/identity.key";
    const std::string header = "bvh-fighter identity 1\n", seed = "seed = " + std::string(64, 'a') + "\n";
    const std::pair<std::string, std::string> cases[] = {
        {"", ":1: not an identity key file (its first line must be `bvh-fighter identity 1`)"},
        {"bvh-fighter identity 2\n" + seed,
         ":1: not an identity key file (its first line must be `bvh-fighter identity 1`)"},
        {header, ":2: wants `seed = ` and 64 hex digits"},
        {header + "# no seed\n\n", ":4: wants `seed = ` and 64 hex digits"},
        {header + "seed = " + std::string(63, 'a') + "\n", ":2: wants `seed = ` and 64 hex digits"},
        {header + "seed = " + std::string(63, 'a') + "g\n", ":2: wants `seed = ` and 64 hex digits"},
        {header + "seed = " + std::string(32, 'a') + " " + std::string(32, 'a') + "\n",
         ":2: wants `seed = ` and 64 hex digits"},
        {header + "se ed=" + std::string(64, 'a') + "\n", ":2: wants `seed = ` and 64 hex digits"},
        {header + "seed == " + std::string(64, 'a') + "\n", ":2: wants `seed = ` and 64 hex digits"},
        {header + "seed = " + std::string(64, 'a') + "\v\n", ":2: wants `seed = ` and 64 hex digits"},
        {header + seed + "seed = " + std::string(64, 'b') + "\n", ":3: unexpected text after the seed line"},
    };
    for (const auto& [text, message] : cases) {
        const std::string& fileText = text;  // CAPTURE takes no structured binding (clang)
        CAPTURE(fileText);
        put(path, text);
        net::Identity id;
        std::string error;
        CHECK_FALSE(run::loadOrMakeIdentity(path, "alice", id, error));
        CHECK(error == path + message);
        CHECK(slurp(path) == text);  // never replaced
    }
}

TEST_CASE("an identity key that cannot be read is named with the system's reason, and nothing is made") {
    const KeyDir d("identity_unreadable");
    const std::string path = d.dir + "/identity.key";
    net::Identity id;
    std::string error;
    SUBCASE("a folder in its place") {
        std::filesystem::create_directory(path);
        CHECK_FALSE(run::loadOrMakeIdentity(path, "alice", id, error));
        CHECK(error == path + ": is a directory");
    }
    SUBCASE("a symbolic link to nothing") {
        std::filesystem::create_symlink(d.dir + "/elsewhere.key", path);
        CHECK_FALSE(run::loadOrMakeIdentity(path, "alice", id, error));
        CHECK(error == path + ": cannot open: No such file or directory");
        CHECK_FALSE(std::filesystem::exists(d.dir + "/elsewhere.key"));
        CHECK(std::filesystem::is_symlink(path));
    }
    SUBCASE("a file its owner may not read") {
        net::Identity made;
        REQUIRE(run::loadOrMakeIdentity(path, "alice", made, error));
        const std::string text = slurp(path);
        REQUIRE(::chmod(path.c_str(), 0) == 0);
        if (::geteuid() != 0) {  // root reads it anyway
            CHECK_FALSE(run::loadOrMakeIdentity(path, "alice", id, error));
            CHECK(error == path + ": cannot open: Permission denied");
        }
        ::chmod(path.c_str(), 0600);
        CHECK(slurp(path) == text);
    }
    SUBCASE("a file where its folder belongs") {
        put(d.dir + "/data", "not a folder\n");
        const std::string inside = d.dir + "/data/identity.key";
        CHECK_FALSE(run::loadOrMakeIdentity(inside, "alice", id, error));
        CHECK(error == inside + ": cannot open: Not a directory");
    }
}
