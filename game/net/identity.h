#pragma once
// A player's long-term identity: an Ed25519 key pair (libsodium's crypto_sign), a display name, and the short
// fingerprint people compare. The handshake (peer.h, spectate.h) signs its transcript with it, so an opponent is
// known by a key nobody else holds, whatever path or lobby carried the packets. Kept on disk by game/run's
// identity_file (mode 0600, written atomically); here only the keys, no files.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace net {

/// Bytes of an Ed25519 public key, secret key (seed and public key) and signature.
constexpr std::size_t kIdentityKeySize = 32;
constexpr std::size_t kIdentitySecretSize = 64;
constexpr std::size_t kSignatureSize = 64;
/// Longest player name on the wire.
constexpr std::size_t kMaxPlayerNameLength = 24;

using IdentityKey = std::array<std::uint8_t, kIdentityKeySize>;
using Signature = std::array<std::uint8_t, kSignatureSize>;

/// A key pair and the name it goes by.
struct Identity {
    IdentityKey publicKey{};
    std::array<std::uint8_t, kIdentitySecretSize> secretKey{};
    std::string name = "player";
    bool valid = false;  ///< false until made or loaded
};

/// A fresh key pair with name; false when libsodium cannot start.
bool makeIdentity(const std::string& name, Identity& out);
/// The identity of a 32-byte seed (the key file holds the seed); false when libsodium cannot start.
bool identityFromSeed(const std::array<std::uint8_t, 32>& seed, const std::string& name, Identity& out);
/// The seed of an identity (the first half of its secret key).
std::array<std::uint8_t, 32> identitySeed(const Identity& id);
/// The short fingerprint of a public key: 16 hex digits in 4 groups, `3f2a-91bc-07de-55a1` (the first 8 bytes of
/// its BLAKE2b hash: 64 bits, enough to tell a stranger's key from a friend's by eye).
std::string fingerprint(const IdentityKey& key);
/// A fingerprint as a person typed or pasted it (16 hex digits in either case; dashes and spaces anywhere, or
/// none), written as fingerprint() writes it (4 groups of 4 joined by '-'); "" when it is not one.
std::string normalFingerprint(const std::string& typed);
/// True when name is a name the protocol carries: 1..24 bytes of letters, digits, space, '_', '-', '.'.
bool validPlayerName(const std::string& name);
/// Signs the 32-byte digest with id; verifies a signature of it by key.
Signature signDigest(const Identity& id, const std::array<std::uint8_t, 32>& digest);
bool verifyDigest(const IdentityKey& key, const std::array<std::uint8_t, 32>& digest, const Signature& sig);

}  // namespace net
