// Identity keys over libsodium's crypto_sign (Ed25519); see identity.h.
#include "game/net/identity.h"

#include "game/net/crypto/random.h"

#include <sodium.h>

#include <cctype>

namespace net {

bool makeIdentity(const std::string& name, Identity& out) {
    std::array<std::uint8_t, 32> seed;
    if (!crypto::randomBytes(seed.data(), seed.size())) return false;
    const bool ok = identityFromSeed(seed, name, out);
    sodium_memzero(seed.data(), seed.size());
    return ok;
}

bool identityFromSeed(const std::array<std::uint8_t, 32>& seed, const std::string& name, Identity& out) {
    if (!crypto::ready()) return false;
    crypto_sign_seed_keypair(out.publicKey.data(), out.secretKey.data(), seed.data());
    out.name = name;
    out.valid = true;
    return true;
}

std::array<std::uint8_t, 32> identitySeed(const Identity& id) {
    std::array<std::uint8_t, 32> seed;
    crypto_sign_ed25519_sk_to_seed(seed.data(), id.secretKey.data());
    return seed;
}

std::string normalFingerprint(const std::string& typed) {
    std::string digits;
    for (char c : typed) {
        if (c == '-' || c == ' ') continue;  // grouping as a person types or pastes it: any, or none
        if (!std::isxdigit(static_cast<unsigned char>(c)) || digits.size() == 16) return "";
        digits += char(std::tolower(static_cast<unsigned char>(c)));
    }
    if (digits.size() != 16) return "";
    return digits.substr(0, 4) + "-" + digits.substr(4, 4) + "-" + digits.substr(8, 4) + "-" + digits.substr(12, 4);
}

std::string fingerprint(const IdentityKey& key) {
    crypto::ready();
    std::uint8_t h[8];
    crypto_generichash(h, sizeof h, key.data(), key.size(), nullptr, 0);
    static const char* kHex = "0123456789abcdef";
    std::string s;
    for (int i = 0; i < 8; ++i) {
        if (i > 0 && i % 2 == 0) s += '-';
        s += kHex[h[i] >> 4];
        s += kHex[h[i] & 15];
    }
    return s;
}

bool validPlayerName(const std::string& name) {
    if (name.empty() || name.size() > kMaxPlayerNameLength) return false;
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' ||
                        c == '_' || c == '-' || c == '.';
        if (!ok) return false;
    }
    return true;
}

Signature signDigest(const Identity& id, const std::array<std::uint8_t, 32>& digest) {
    Signature s{};
    crypto_sign_detached(s.data(), nullptr, digest.data(), digest.size(), id.secretKey.data());
    return s;
}

bool verifyDigest(const IdentityKey& key, const std::array<std::uint8_t, 32>& digest, const Signature& sig) {
    return crypto::ready() && crypto_sign_verify_detached(sig.data(), digest.data(), digest.size(), key.data()) == 0;
}

}  // namespace net
