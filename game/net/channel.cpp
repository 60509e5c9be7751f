// The sealed channel (see channel.h) over libsodium's crypto_aead_chacha20poly1305_ietf and crypto_kx.
#include "game/net/channel.h"

#include "game/net/crypto/random.h"

#include <sodium.h>

#include <cstring>

namespace net {
namespace {

constexpr std::size_t kCounterSize = 8;
constexpr std::size_t kAeadTag = crypto_aead_chacha20poly1305_IETF_ABYTES;
static_assert(kSealOverhead == kCounterSize + kAeadTag, "the overhead is the counter and the tag");

void nonceOf(std::uint64_t counter, std::uint8_t (&nonce)[crypto_aead_chacha20poly1305_IETF_NPUBBYTES]) {
    std::memset(nonce, 0, sizeof nonce);
    for (std::size_t i = 0; i < kCounterSize; ++i) nonce[i] = std::uint8_t(counter >> (8 * i));
}

}  // namespace

bool ReplayWindow::fresh(std::uint64_t counter) const {
    if (!any_ || counter > highest_) return true;
    const std::uint64_t back = highest_ - counter;
    return back < 64 && (seen_ & (std::uint64_t(1) << back)) == 0;
}

void ReplayWindow::accept(std::uint64_t counter) {
    if (!any_) {
        any_ = true;
        highest_ = counter;
        seen_ = 1;
    } else if (counter > highest_) {
        const std::uint64_t shift = counter - highest_;
        seen_ = shift >= 64 ? 1 : (seen_ << shift) | 1;
        highest_ = counter;
    } else {
        seen_ |= std::uint64_t(1) << (highest_ - counter);
    }
}

std::vector<std::uint8_t> Channel::seal(const std::uint8_t* header, std::size_t headerSize, const std::uint8_t* plain,
                                        std::size_t plainSize) {
    if (!keyed_ || next_ == UINT64_MAX) return {};
    const std::uint64_t counter = next_++;
    std::vector<std::uint8_t> out(headerSize + kCounterSize + plainSize + kAeadTag);
    if (headerSize > 0) std::memcpy(out.data(), header, headerSize);
    for (std::size_t i = 0; i < kCounterSize; ++i) out[headerSize + i] = std::uint8_t(counter >> (8 * i));
    std::uint8_t nonce[crypto_aead_chacha20poly1305_IETF_NPUBBYTES];
    nonceOf(counter, nonce);
    const std::size_t ad = headerSize + kCounterSize;
    crypto_aead_chacha20poly1305_ietf_encrypt_detached(out.data() + ad, out.data() + ad + plainSize, nullptr, plain,
                                                       plainSize, out.data(), ad, nullptr, nonce, tx_.data());
    return out;
}

bool Channel::open(const std::uint8_t* data, std::size_t size, std::size_t headerSize,
                   std::vector<std::uint8_t>& plain) {
    const std::size_t ad = headerSize + kCounterSize;
    if (!keyed_ || data == nullptr || size < ad + kAeadTag) return false;
    std::uint64_t counter = 0;
    for (std::size_t i = 0; i < kCounterSize; ++i) counter |= std::uint64_t(data[headerSize + i]) << (8 * i);
    if (!window_.fresh(counter)) {
        ++replays_;
        return false;
    }
    std::uint8_t nonce[crypto_aead_chacha20poly1305_IETF_NPUBBYTES];
    nonceOf(counter, nonce);
    const std::size_t n = size - ad - kAeadTag;
    std::vector<std::uint8_t> out(n);
    if (crypto_aead_chacha20poly1305_ietf_decrypt_detached(out.data(), nullptr, data + ad, n, data + ad + n, data, ad,
                                                           nonce, rx_.data()) != 0) {
        return false;
    }
    window_.accept(counter);
    plain = std::move(out);
    return true;
}

bool makeKxPair(KxKey& publicKey, KxKey& secretKey) {
    if (!crypto::ready()) return false;
    crypto_kx_keypair(publicKey.data(), secretKey.data());
    return true;
}

bool channelKeys(bool client, const KxKey& myPublic, const KxKey& mySecret, const KxKey& theirPublic,
                 const std::array<std::uint8_t, 32>& transcript, ChannelKey& tx, ChannelKey& rx) {
    if (!crypto::ready()) return false;
    ChannelKey kxRx, kxTx;
    const int r = client ? crypto_kx_client_session_keys(kxRx.data(), kxTx.data(), myPublic.data(), mySecret.data(),
                                                         theirPublic.data())
                         : crypto_kx_server_session_keys(kxRx.data(), kxTx.data(), myPublic.data(), mySecret.data(),
                                                         theirPublic.data());
    if (r != 0) return false;
    // Bound to the signed transcript: the keys belong to this handshake and its identities, nothing else.
    crypto_generichash(tx.data(), tx.size(), transcript.data(), transcript.size(), kxTx.data(), kxTx.size());
    crypto_generichash(rx.data(), rx.size(), transcript.data(), transcript.size(), kxRx.data(), kxRx.size());
    sodium_memzero(kxRx.data(), kxRx.size());
    sodium_memzero(kxTx.data(), kxTx.size());
    return true;
}

}  // namespace net
