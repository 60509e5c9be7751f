// The window's identity key (game/app/online/online_menu.cpp, playerIdentity): a key that cannot be written is a
// failed write (exit status 1, said on stderr and on screen), a damaged or unreadable identity.key a bad file (exit
// status 2, as a bad settings.cfg); either way the run goes on with a key of its own, said once.
#include "game/app/online/online_screens.h"
#include "game/io/file_size_limit.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

namespace {

/// XDG_DATA_HOME pointed at a fresh folder for the test's life (identity.key goes in DIR/bvh-fighter/).
struct DataHome {
    std::string dir;
    std::string before;
    bool had = false;
    explicit DataHome(const std::string& name)
        : dir(std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir + "/bvh-fighter");
        if (const char* v = std::getenv("XDG_DATA_HOME")) had = true, before = v;
        ::setenv("XDG_DATA_HOME", dir.c_str(), 1);
    }
    ~DataHome() {
        if (had) ::setenv("XDG_DATA_HOME", before.c_str(), 1);
        else ::unsetenv("XDG_DATA_HOME");
        std::filesystem::remove_all(dir);
    }
    std::string key() const { return dir + "/bvh-fighter/identity.key"; }
};

}  // namespace

TEST_CASE("the window: a damaged identity.key is a bad file (exit 2), kept as it was, the run on a key of its own") {
    const DataHome home("identity_bad");
    std::ofstream(home.key()) << "bvh-fighter identity 1\nseed = 12\n";
    app::Context ctx;
    const net::Identity& me = app::playerIdentity(ctx);
    CHECK(ctx.identityProblem == home.key() + ":2: wants `seed = ` and 64 hex digits");
    CHECK(net::fingerprint(me.publicKey).size() > 0);
    CHECK(ctx.writeFailure.empty());
    CHECK(app::finalExitStatus(ctx, 0) == 2);
    CHECK(app::finalExitStatus(ctx, 1) == 1);  // a failed write's status wins over a bad file's, as for settings.cfg
    const std::string fingerprint = net::fingerprint(me.publicKey);
    CHECK(net::fingerprint(app::playerIdentity(ctx).publicKey) == fingerprint);  // loaded once a run
    std::ifstream in(home.key());
    CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == "bvh-fighter identity 1\nseed = 12\n");
}

TEST_CASE("the window: an identity key that cannot be written is a failed write (exit 1, on screen)") {
    const DataHome home("identity_full");
    // In a child whose files may not pass 16 bytes: the key (about 96) fails to write as on a full disk.
    const iotest::LimitedRun child = iotest::withFileSizeLimit(16, [](int& code) {
        app::Context ctx;
        app::playerIdentity(ctx);
        code = app::finalExitStatus(ctx, 0);
        return ctx.writeFailure + "|" + ctx.identityProblem;
    });
    CHECK(child.exitCode == 1);
    const std::string said = home.key() + ": cannot write: File too large";
    CHECK(child.out == said + " (a key for this run only)|" + said);
    CHECK_FALSE(std::filesystem::exists(home.key()));
}

TEST_CASE("the window: a good identity.key is loaded with no problem and exit 0, a missing one made") {
    const DataHome home("identity_good");
    app::Context made;
    const net::IdentityKey key = app::playerIdentity(made).publicKey;
    CHECK(std::filesystem::exists(home.key()));
    app::Context ctx;
    CHECK(app::playerIdentity(ctx).publicKey == key);
    CHECK(ctx.identityProblem.empty());
    CHECK(app::finalExitStatus(made, 0) == 0);
    CHECK(app::finalExitStatus(ctx, 0) == 0);
}
