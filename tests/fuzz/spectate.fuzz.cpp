// Fuzz target: spectator datagrams (net::readSpectate; a host's SpectatorHub and a SpectatorClient fed the
// datagram). Beyond no crash: an accepted message is at most kMaxSpectateSize bytes, re-encodes to exactly its bytes
// (one spelling; a sealed one when it is the first of its channel), carries at most kMaxSpectateFrames frames of
// defined buttons, and a Watch is kWatchSize bytes; the hub never answers a datagram shorter than a Watch with more
// bytes than it got. The sealed types are opened under the fixed keys the seeds were sealed with (the host sends
// under 32 bytes of 0x01, the spectator under 32 bytes of 0x02; tests/fuzz/corpus/spectate), so the fuzzer gets
// past the seal with them; the clear types' tags use the empty key (a Refuse or a Challenge with a context of 32
// zero bytes).
#include "game/net/spectate.h"
#include "tests/fuzz/fuzz_check.h"

#include <algorithm>
#include <vector>

namespace {

/// Counts what is sent and to whom; delivers one datagram.
class Probe : public net::Transport {
public:
    Probe(const std::uint8_t* d, std::size_t n) : data_(d, d + n) {}
    void sendTo(net::Address, const std::uint8_t*, std::size_t size, std::int64_t) override {
        largest = std::max(largest, size);
    }
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

net::Channel fixedChannel(bool host) {
    net::ChannelKey a, b;
    a.fill(1);
    b.fill(2);
    return host ? net::Channel(a, b) : net::Channel(b, a);
}

void checkMessage(const net::SpectateMessage& m, std::size_t size, const std::string& bytes) {
    if (size > net::kMaxSpectateSize)
        fuzz::broken("a spectator datagram larger than kMaxSpectateSize was accepted", bytes);
    if (m.type == net::SpectateType::Watch && size != net::kWatchSize) fuzz::broken("a Watch of another size", bytes);
    if (m.inputs.size() > std::size_t(net::kMaxSpectateFrames)) fuzz::broken("too many frames", bytes);
    for (const sim::FrameInput& f : m.inputs) {
        if (((f.buttons[0] | f.buttons[1]) & ~net::wireButtons()) != 0) fuzz::broken("an undefined button", bytes);
    }
}

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
        if (t.largest > size && size < net::kWatchSize)
            fuzz::broken("the hub answered a short datagram with a longer one", bytes);
        Probe c(data, size);
        net::SpectatorClient client(c, 5);
        client.setKeyPair(net::KxKey{}, net::KxKey{});
        client.tick(0);
    }
    net::SpectateMessage head;
    if (!net::spectateHead(data, size, head)) return 0;
    // The side that receives the type opens it: the spectator a Setup or Inputs, the host an Ack.
    net::Channel opener = fixedChannel(head.type == net::SpectateType::Ack);
    const net::KxKey zeros{};
    const bool clearAnswer = head.type == net::SpectateType::Refuse || head.type == net::SpectateType::Challenge;
    const net::KxKey* context = clearAnswer ? &zeros : nullptr;
    net::SpectateMessage m;
    if (net::readSpectate(data, size, m, &opener, context) != net::SpectateRead::Ok) return 0;
    checkMessage(m, size, bytes);
    net::Channel sealer = fixedChannel(head.type != net::SpectateType::Ack);
    const std::vector<std::uint8_t> again = net::encodeSpectate(m, &sealer, context);
    const bool firstOfChannel =
        !net::sealedSpectateType(m.type) ||
        std::all_of(data + (m.type == net::SpectateType::Setup ? net::kSetupHeaderSize : net::kSpectateHeaderSize),
                    data + (m.type == net::SpectateType::Setup ? net::kSetupHeaderSize : net::kSpectateHeaderSize) + 8,
                    [](std::uint8_t b) { return b == 0; });
    if (firstOfChannel && again != std::vector<std::uint8_t>(data, data + size))
        fuzz::broken("re-encodes to other bytes", bytes);
    return 0;
}
