#pragma once
// The sealed channel every game and spectator datagram travels in after the handshake: ChaCha20-Poly1305-IETF
// (libsodium) with one key per direction, the sender's 64-bit counter as the nonce (carried in clear, never
// reused: the channel stops sealing before it wraps), the datagram's clear header as associated data, and a
// 64-datagram replay window on the receiving side (a counter seen before, or older than the window, is refused
// unread). The keys come from an X25519 exchange (crypto_kx) bound to the signed handshake transcript, so nobody
// who only saw the handshake (or held the lobby's secrets) can seal or open.
//
// Layout of a sealed datagram: HEADER (the caller's clear bytes, authenticated), COUNTER (8, little-endian),
// CIPHERTEXT (as long as the plaintext), TAG (16).
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace net {

/// A 32-byte symmetric key of one direction.
using ChannelKey = std::array<std::uint8_t, 32>;
/// An X25519 key (public or secret).
using KxKey = std::array<std::uint8_t, 32>;
/// Bytes a sealed datagram adds to its plaintext: the counter and the tag.
constexpr std::size_t kSealOverhead = 8 + 16;

/// Counters seen by a receiver: the highest and a bitmap of the 64 below it.
class ReplayWindow {
public:
    /// True when counter has not been accepted yet and is not older than the window.
    bool fresh(std::uint64_t counter) const;
    /// Marks counter as accepted (call only after the datagram authenticated).
    void accept(std::uint64_t counter);

private:
    std::uint64_t highest_ = 0;
    std::uint64_t seen_ = 0;  // bit i: highest_ - i was accepted
    bool any_ = false;
};

/// One side's keys and counters.
class Channel {
public:
    Channel() = default;
    Channel(const ChannelKey& tx, const ChannelKey& rx) : tx_(tx), rx_(rx), keyed_(true) {}
    /// True once keys were set.
    bool keyed() const { return keyed_; }
    /// header + counter + sealed plaintext + tag; empty when not keyed or the counter is spent.
    std::vector<std::uint8_t> seal(const std::uint8_t* header, std::size_t headerSize, const std::uint8_t* plain,
                                   std::size_t plainSize);
    /// Opens a datagram whose first headerSize bytes are its clear header: false (and nothing changes) when it is
    /// too short, replayed, or fails authentication; else plain holds the plaintext and the counter is accepted.
    bool open(const std::uint8_t* data, std::size_t size, std::size_t headerSize, std::vector<std::uint8_t>& plain);
    /// Datagrams refused as replays (a fresh counter that failed authentication counts as forged by the caller).
    std::int64_t replays() const { return replays_; }
    /// Datagrams sealed so far.
    std::uint64_t sealed() const { return next_; }

private:
    ChannelKey tx_{};
    ChannelKey rx_{};
    bool keyed_ = false;
    std::uint64_t next_ = 0;
    ReplayWindow window_;
    std::int64_t replays_ = 0;
};

/// A fresh X25519 key pair (crypto_kx_keypair); false when libsodium cannot start.
bool makeKxPair(KxKey& publicKey, KxKey& secretKey);
/// The two direction keys of an exchange, bound to the transcript digest: the client (joiner, spectator) and the
/// server (host) get the same pair, swapped. False when the peer's key is invalid (a low-order point).
bool channelKeys(bool client, const KxKey& myPublic, const KxKey& mySecret, const KxKey& theirPublic,
                 const std::array<std::uint8_t, 32>& transcript, ChannelKey& tx, ChannelKey& rx);

}  // namespace net
