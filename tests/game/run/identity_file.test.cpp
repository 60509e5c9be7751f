// The identity key file (game/run/identity_file.h): made once with mode 0600, the same key read back, a damaged
// file named with its line and never replaced.
#include "game/run/identity_file.h"

#include <doctest/doctest.h>

#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

TEST_CASE("the identity key is made once, readable by its owner only, and read back as the same key") {
    const std::string dir = (std::filesystem::temp_directory_path() / "identity_file_test_dir").string();
    const std::string path = dir + "/sub/identity.key";
    std::remove(path.c_str());
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
    CHECK(error == path + ":2: wants `seed = ` and 64 lowercase hex digits");
    std::remove(path.c_str());
}
