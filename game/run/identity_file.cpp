// The identity key file (see identity_file.h).
#include "game/run/identity_file.h"

#include "game/io/atomic_file.h"
#include "game/io/text.h"
#include "game/io/user_dirs.h"

#include <sodium.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string_view>
#include <vector>

namespace run {
namespace {

constexpr const char* kHeader = "bvh-fighter identity 1";

std::string hexOf(const std::array<std::uint8_t, 32>& bytes) {
    char text[2 * 32 + 1];  // sodium_bin2hex writes lower-case digits and a terminating NUL
    return sodium_bin2hex(text, sizeof text, bytes.data(), bytes.size());
}

/// The seed of its 64 hex digits, in either case (the writer writes lower case); false when it is not that.
bool seedOf(std::string_view hex, std::array<std::uint8_t, 32>& out) {
    std::size_t n = 0;  // sodium_hex2bin stops at the first byte that is no hex digit: n < 32 then
    return hex.size() == 64 &&
           sodium_hex2bin(out.data(), out.size(), hex.data(), hex.size(), nullptr, &n, nullptr) == 0 && n == 32;
}

/// The seed of the seed line's words: `seed = HEX`, the spaces around '=' optional as in settings.cfg (`seed=HEX`,
/// `seed =HEX`); false when it is not that. The words are run together (`seed=HEX` for every spelling) and may only
/// have been split around the '='; the copy is wiped.
bool seedLine(const std::vector<std::string>& t, std::array<std::uint8_t, 32>& seed) {
    std::size_t size = 0;
    for (const std::string& word : t) size += word.size();
    std::string line;
    line.reserve(size);  // one buffer: no copy of the secret is left behind by a reallocation
    bool split = true;   // every split between words lies next to the '='
    for (const std::string& word : t) {
        split = split && (line.empty() || line.size() == 4 || line.size() == 5);
        line += word;
    }
    const bool ok = split && line.compare(0, 5, "seed=") == 0 && seedOf(std::string_view(line).substr(5), seed);
    sodium_memzero(line.data(), line.size());
    return ok;
}

/// What the key file's record number `record` (1: the header, 2: the seed line) must be, for a message.
std::string wanted(int record) {
    if (record == 1) return std::string("not an identity key file (its first line must be `") + kHeader + "`)";
    if (record == 2) return "wants `seed = ` and 64 hex digits";
    return "unexpected text after the seed line";
}

/// The seed of a key file's text, read by the shared text rules (io::readFile dropped a byte order mark; io::tokens
/// drops comments and a '\r' and splits at spaces and tabs): the header record, then `seed = HEX` (seedLine),
/// nothing else.
/// False with the line and what is wrong. No message quotes the file: it holds the secret.
bool parseKeyFile(const std::string& text, std::array<std::uint8_t, 32>& seed, io::Error& error) {
    io::Lines lines(text);
    int records = 0;
    for (std::string_view line; lines.next(line);) {
        std::vector<std::string> t = io::tokens(line);
        if (t.empty()) continue;
        ++records;
        bool ok = false;
        if (records == 1) ok = io::joined(t) == kHeader;
        if (records == 2) ok = seedLine(t, seed);
        for (std::string& word : t) sodium_memzero(word.data(), word.size());
        if (!ok) return error.line = lines.number(), error.message = wanted(records), false;
    }
    if (records == 2) return true;
    error.line = records == 0 ? 1 : lines.number() + 1;  // the line the missing record belongs on
    error.message = wanted(records + 1);
    return false;
}

/// Reads the key file at path into out; false with the file's problem (`PATH: is a directory`, `PATH: cannot open:
/// REASON`, `PATH:LINE: what`).
bool readKeyFile(const std::string& path, const std::string& who, net::Identity& out, io::Error& error) {
    std::string text;
    if (!io::readFile(path, text, error)) return false;
    error = io::Error{path, 0, ""};
    std::array<std::uint8_t, 32> seed{};
    const bool parsed = parseKeyFile(text, seed, error);
    sodium_memzero(text.data(), text.size());
    const bool ok = parsed && net::identityFromSeed(seed, who, out);
    sodium_memzero(seed.data(), seed.size());
    if (parsed && !ok) error = io::Error{path, 0, "libsodium could not start"};
    return ok;
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
    KeyProblem kind = KeyProblem::None;
    return loadOrMakeIdentity(path, name, out, error, kind);
}

bool loadOrMakeIdentity(const std::string& path, const std::string& name, net::Identity& out, std::string& error,
                        KeyProblem& kind) {
    const std::string who = net::validPlayerName(name) ? name : "player";
    // Made only when nothing has the name: a directory, an unreadable file or a dangling symbolic link there is
    // the player's to fix, and is reported with the system's reason.
    io::Error problem;
    struct stat st {};
    kind = KeyProblem::BadFile;
    if (::lstat(path.c_str(), &st) == 0 || errno != ENOENT) {
        if (readKeyFile(path, who, out, problem)) return kind = KeyProblem::None, true;
        error = problem.text();
        return false;
    }
    kind = KeyProblem::NotWritten;
    const std::size_t slash = path.rfind('/');
    if (slash != std::string::npos && !makeFolder(path.substr(0, slash), error)) return false;
    if (!net::makeIdentity(who, out)) {
        error = "no random numbers for an identity key (libsodium could not start)";
        return false;
    }
    // Made only if still missing: two games started together for the first time (both ends of a match on one
    // machine) must not each keep a key of their own when one file replaces the other. The loser reads the
    // winner's key.
    std::string text = std::string(kHeader) + "\nseed = " + hexOf(net::identitySeed(out)) + "\n";
    bool taken = false;
    const bool made = io::writeNewFileAtomically(path, text, error, taken, true);
    sodium_memzero(text.data(), text.size());
    if (made) kind = KeyProblem::None;
    if (made || !taken) return made;
    kind = KeyProblem::BadFile;
    if (readKeyFile(path, who, out, problem)) return kind = KeyProblem::None, true;
    // The winner's file cannot be read: say so with the reason (a damaged one is named at its line as any other).
    if (problem.line == 0) problem.message = "cannot read it after another game made it (" + problem.message + ")";
    error = problem.text();
    return false;
}

}  // namespace run
