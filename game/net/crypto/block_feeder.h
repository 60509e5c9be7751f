#pragma once
// The Merkle-Damgard framing SHA-1 and MD5 share: input cut into 64-byte blocks for a compression function, and
// the final padding (0x80, zeros, the message length in bits in the last 8 bytes: big-endian for SHA-1, little-
// endian for MD5).
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace net::crypto {

/// Buffers input into 64-byte blocks and pads the end; `compress(const std::uint8_t* block)` eats each block.
class BlockFeeder {
public:
    static constexpr std::size_t kBlock = 64;

    template <typename F>
    void update(const void* data, std::size_t size, F compress) {
        const auto* p = static_cast<const std::uint8_t*>(data);
        total_ += size;
        while (size > 0) {
            const std::size_t n = size < kBlock - used_ ? size : kBlock - used_;
            std::memcpy(buf_ + used_, p, n);
            used_ += n;
            p += n;
            size -= n;
            if (used_ == kBlock) {
                compress(buf_);
                used_ = 0;
            }
        }
    }

    template <typename F>
    void pad(bool bigEndianLength, F compress) {
        const std::uint64_t bits = total_ * 8;
        buf_[used_++] = 0x80;
        if (used_ > kBlock - 8) {
            std::memset(buf_ + used_, 0, kBlock - used_);
            compress(buf_);
            used_ = 0;
        }
        std::memset(buf_ + used_, 0, kBlock - 8 - used_);
        for (int i = 0; i < 8; ++i) {
            const int shift = bigEndianLength ? 56 - 8 * i : 8 * i;
            buf_[kBlock - 8 + std::size_t(i)] = std::uint8_t(bits >> shift);
        }
        compress(buf_);
        used_ = 0;
    }

private:
    std::uint8_t buf_[kBlock] = {};
    std::size_t used_ = 0;
    std::uint64_t total_ = 0;
};

inline std::uint32_t rotl32(std::uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

}  // namespace net::crypto
