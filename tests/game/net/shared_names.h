#pragma once
// Small helpers and addresses that several of this folder's tests use (one unit in the unity build, so one
// definition each). Heavier fixtures live in net_test_util.h and two_peers.h.
#include "game/net/transport.h"

#include <sodium.h>

#include <cstdint>
#include <string>
#include <vector>

namespace nettest {

constexpr net::Address kLobby = 100;   ///< the lobby's address in the in-memory network
constexpr net::Address kStranger = 3;  ///< an endpoint neither peer knows

/// A digest's bytes in lower-case hex.
template <typename Digest>
std::string hex(const Digest& d) {
    std::string s(d.size() * 2 + 1, '\0');  // sodium_bin2hex writes a terminating NUL
    sodium_bin2hex(&s[0], s.size(), d.data(), d.size());
    s.pop_back();
    return s;
}

/// A string's bytes.
inline std::vector<std::uint8_t> bytesOf(const std::string& s) { return std::vector<std::uint8_t>(s.begin(), s.end()); }

}  // namespace nettest
