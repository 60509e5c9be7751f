#pragma once
// Little-endian fixed-width fields for the wire formats (the game's packets, the lobby's messages): a writer that
// appends and a reader that never reads past its end and, after the first overrun, yields zeros with ok false, so
// a decoder is a straight list of fields with range checks after them.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace net::wire {

/// Appends little-endian fixed-width fields.
struct Writer {
    std::vector<std::uint8_t> bytes;
    void u8(std::uint8_t v) { bytes.push_back(v); }
    void uint(std::uint64_t v, int n) {
        for (int i = 0; i < n; ++i) bytes.push_back(std::uint8_t(v >> (8 * i)));
    }
    /// A length byte and the characters (the caller keeps s under 256 bytes).
    void str(const std::string& s) {
        u8(std::uint8_t(s.size()));
        bytes.insert(bytes.end(), s.begin(), s.end());
    }
    template <std::size_t N>
    void raw(const std::array<std::uint8_t, N>& a) {
        bytes.insert(bytes.end(), a.begin(), a.end());
    }
};

/// Reads little-endian fields; after the first overrun every read yields 0 and ok stays false.
struct Reader {
    const std::uint8_t* p;
    std::size_t left;
    bool ok = true;
    std::uint64_t uint(int n) {
        if (!ok || left < std::size_t(n)) {
            ok = false;
            return 0;
        }
        std::uint64_t v = 0;
        for (int i = 0; i < n; ++i) v |= std::uint64_t(p[i]) << (8 * i);
        p += n;
        left -= std::size_t(n);
        return v;
    }
    std::uint8_t u8() { return std::uint8_t(uint(1)); }
    std::int32_t i32() { return std::int32_t(std::uint32_t(uint(4))); }
    /// A length byte and at most maxLen characters.
    std::string str(std::size_t maxLen) {
        const std::size_t n = u8();
        if (!ok || n > maxLen || n > left) {
            ok = false;
            return "";
        }
        std::string s(reinterpret_cast<const char*>(p), n);
        p += n;
        left -= n;
        return s;
    }
    template <std::size_t N>
    void raw(std::array<std::uint8_t, N>& a) {
        for (std::uint8_t& b : a) b = u8();
    }
};

}  // namespace net::wire
