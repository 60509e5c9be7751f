// Fuzz target: spectator datagrams (net::decodeSpectate; a host's SpectatorHub and a SpectatorClient fed the
// datagram). Beyond no crash: an accepted message is at most kMaxSpectateSize bytes, re-encodes to exactly its
// bytes but the tag (one spelling), carries at most kMaxSpectateFrames frames of defined buttons, and a Watch is
// kWatchSize bytes; the hub never answers with more bytes than the datagram it got. The tag is checked against the
// encoder's under the key the seeds carry (the direct path's: the empty secret, a spectator nonce of zeros; a Watch
// without a cookie under the secret, a Refuse with that nonce, the rest under the stream key), so the hub and the
// client (given that nonce) get past their tag check with them.
#include "game/net/spectate.h"
#include "tests/fuzz/fuzz_check.h"

#include <algorithm>
#include <vector>

namespace {

/// Counts what is sent and to whom; delivers one datagram.
class Probe : public net::Transport {
public:
    Probe(const std::uint8_t* d, std::size_t n) : data_(d, d + n) {}
    void sendTo(net::Address, const std::uint8_t*, std::size_t size, std::int64_t) override { largest = std::max(largest, size); }
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t) override {
        if (taken_) return false;
        taken_ = true;
        data = data_;
        from = 5;
        return true;
    }
    std::size_t largest = 0;

private:
    std::vector<std::uint8_t> data_;
    bool taken_ = false;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes = fuzz::asText(data, size);
    {
        Probe t(data, size);
        net::SpectatorHub hub(2);
        net::Packet w;
        w.type = net::PacketType::Welcome;
        hub.startMatch(w, 0);
        hub.handle(data, size, 5, t, 0);
        hub.tick(t, 16);
        if (t.largest > size && t.largest > 0 && hub.count() > 0 && size < net::kWatchSize) {
            fuzz::broken("the hub answered a short datagram with a longer one", bytes);
        }
        Probe c(data, size);
        net::SpectatorClient client(c, 5);
        client.setNonce(net::Nonce{});
        client.tick(0);
    }
    net::SpectateMessage m;
    if (!net::decodeSpectate(data, size, m)) return 0;
    if (size > net::kMaxSpectateSize) fuzz::broken("a spectator datagram larger than kMaxSpectateSize was accepted", bytes);
    if (m.type == net::SpectateType::Watch && size != net::kWatchSize) fuzz::broken("a Watch of another size", bytes);
    if (m.inputs.size() > std::size_t(net::kMaxSpectateFrames)) fuzz::broken("too many frames", bytes);
    for (const sim::FrameInput& f : m.inputs) {
        if (((f.buttons[0] | f.buttons[1]) & ~net::wireButtons()) != 0) fuzz::broken("an undefined button", bytes);
    }
    // The tag is not part of the decoded message: everything before it re-encodes to the same bytes, and the
    // tag is the one of those bytes under the seeds' key exactly when the datagram is authentic under it.
    const net::Nonce zeros{};
    const bool bySecret = m.type == net::SpectateType::Refuse || (m.type == net::SpectateType::Watch && m.cookie == 0);
    const net::Key key =
        bySecret ? net::Key{}
                 : net::spectateStreamKey({}, zeros, m.type == net::SpectateType::Setup ? m.nonce : zeros, m.cookie);
    const net::Nonce* context = m.type == net::SpectateType::Refuse ? &zeros : nullptr;
    const std::vector<std::uint8_t> again = net::encodeSpectate(m, key, context);
    if (again.size() != size || !std::equal(again.begin(), again.end() - std::ptrdiff_t(net::kTagSize), data)) {
        fuzz::broken("re-encodes to other bytes", bytes);
    }
    if (net::spectateAuthentic(key, data, size, context) != (again == std::vector<std::uint8_t>(data, data + size))) {
        fuzz::broken("the tag check disagrees with the encoder", bytes);
    }
    return 0;
}
