#pragma once
// Small helpers and addresses that several of this folder's tests use (one unit in the unity build, so one
// definition each). Heavier fixtures live in net_test_util.h and two_peers.h.
#include "game/net/transport.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nettest {

constexpr net::Address kLobby = 100;   ///< the lobby's address in the in-memory network
constexpr net::Address kStranger = 3;  ///< an endpoint neither peer knows

/// A digest's bytes in lower-case hex.
template <typename Digest>
std::string hex(const Digest& d) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    for (std::uint8_t b : d) {
        s += digits[b >> 4];
        s += digits[b & 15];
    }
    return s;
}

/// A string's bytes.
inline std::vector<std::uint8_t> bytesOf(const std::string& s) { return std::vector<std::uint8_t>(s.begin(), s.end()); }

}  // namespace nettest
