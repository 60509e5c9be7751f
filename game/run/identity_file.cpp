// The identity key file (see identity_file.h).
#include "game/run/identity_file.h"

#include "game/io/atomic_file.h"
#include "game/io/user_dirs.h"

#include <sodium.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace run {
namespace {

constexpr const char* kHeader = "bvh-fighter identity 1";

std::string hexOf(const std::array<std::uint8_t, 32>& bytes) {
    char text[2 * 32 + 1];  // sodium_bin2hex writes lower-case digits and a terminating NUL
    return sodium_bin2hex(text, sizeof text, bytes.data(), bytes.size());
}

bool seedOf(const std::string& hex, std::array<std::uint8_t, 32>& out) {
    if (hex.size() != 64) return false;
    for (std::size_t i = 0; i < 32; ++i) {
        unsigned v = 0;
        for (int k = 0; k < 2; ++k) {
            const char c = hex[2 * i + std::size_t(k)];
            const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
            if (d < 0) return false;
            v = v * 16 + unsigned(d);
        }
        out[i] = std::uint8_t(v);
    }
    return true;
}

bool makeFolder(const std::string& dir, std::string& error) {
    std::string part;
    std::stringstream in(dir);
    for (std::string piece; std::getline(in, piece, '/');) {
        part += piece + "/";
        if (piece.empty()) continue;
        if (::mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) {
            error = dir + ": cannot create the folder: " + std::strerror(errno);
            return false;
        }
    }
    return true;
}

}  // namespace

std::string identityPath(std::string& error) {
    const io::UserDirs dirs = io::userDirs();
    if (dirs.replays.empty()) {
        error = "no folder for the identity key: " + dirs.problem;
        return "";
    }
    const std::size_t slash = dirs.replays.rfind('/');
    return dirs.replays.substr(0, slash) + "/identity.key";
}

std::string playerName() {
    for (const char* var : {"BVH_PLAYER_NAME", "USER"}) {
        const char* v = std::getenv(var);
        if (v != nullptr && net::validPlayerName(v)) return v;
    }
    return "player";
}

bool loadOrMakeIdentity(const std::string& path, const std::string& name, net::Identity& out, std::string& error) {
    const std::string who = net::validPlayerName(name) ? name : "player";
    std::ifstream in(path);
    if (!in) {
        const std::size_t slash = path.rfind('/');
        if (slash != std::string::npos && !makeFolder(path.substr(0, slash), error)) return false;
        if (!net::makeIdentity(who, out)) {
            error = "no random numbers for an identity key (libsodium could not start)";
            return false;
        }
        // Made only if still missing: two games started together for the first time (both ends of a match on one
        // machine) must not each keep a key of their own when one file replaces the other. The loser reads the
        // winner's key.
        const std::string text = std::string(kHeader) + "\nseed = " + hexOf(net::identitySeed(out)) + "\n";
        bool taken = false;
        if (io::writeNewFileAtomically(path, text, error, taken, true)) return true;
        if (!taken) return false;
        in.open(path);
        if (!in) return error = path + ": cannot read it after another game made it", false;
    }
    std::string header, seedLine;
    std::getline(in, header);
    if (header != kHeader) {
        error = path + ":1: not an identity key file (it starts `" + kHeader + "`)";
        return false;
    }
    std::array<std::uint8_t, 32> seed;
    if (!std::getline(in, seedLine) || seedLine.rfind("seed = ", 0) != 0 || !seedOf(seedLine.substr(7), seed)) {
        error = path + ":2: wants `seed = ` and 64 lowercase hex digits";
        return false;
    }
    if (!net::identityFromSeed(seed, who, out)) {
        error = "libsodium could not start";
        return false;
    }
    return true;
}

}  // namespace run
