// Fuzz target: STUN/TURN messages from the network (net::stun::decodeStun, the integrity and fingerprint checks,
// and the TURN client fed the datagram as if the server sent it). Beyond no crash: an accepted message is at most
// kMaxStunSize bytes with at most kMaxStunAttributes attributes, each lying inside it in increasing order, and
// re-encodes (without the checks) to a message of the same size whose attributes decode back the same; the TURN
// client hands up a datagram only from a Data indication naming a permitted peer.
#include "game/net/turn/stun.h"
#include "game/net/turn/turn_client.h"
#include "tests/fuzz/fuzz_check.h"

#include <vector>

namespace {

/// An inner transport that delivers one datagram, from the server, then nothing; sends go nowhere.
class OneDatagram : public net::Transport {
public:
    OneDatagram(const std::uint8_t* d, std::size_t n, net::Address from) : data_(d, d + n), from_(from) {}
    void sendTo(net::Address, const std::uint8_t*, std::size_t, std::int64_t) override {}
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t) override {
        if (taken_) return false;
        taken_ = true;
        data = data_;
        from = from_;
        return true;
    }

private:
    std::vector<std::uint8_t> data_;
    net::Address from_;
    bool taken_ = false;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes = fuzz::asText(data, size);
    const net::Address server = (net::Address(0x7f000001) << 16) | 3478;
    {
        OneDatagram inner(data, size, server);
        net::TurnConfig cfg;
        cfg.server = server;
        cfg.user = "u";
        cfg.password = "p";
        net::TurnTransport turn(inner, cfg);
        std::vector<std::uint8_t> out;
        net::Address from = 0;
        if (turn.receive(out, from, 0))
            fuzz::broken("the TURN client handed up a datagram with no permitted peer", bytes);
    }
    net::stun::Message m;
    if (!net::stun::decodeStun(data, size, m)) return 0;
    if (size > net::stun::kMaxStunSize) fuzz::broken("a message larger than kMaxStunSize was accepted", bytes);
    if (m.attrs.size() > net::stun::kMaxStunAttributes) fuzz::broken("too many attributes accepted", bytes);
    std::size_t at = net::stun::kHeaderSize;
    for (const net::stun::Attribute& a : m.attrs) {
        if (a.offset != at || a.offset + 4 + a.value.size() > size)
            fuzz::broken("an attribute outside the message", bytes);
        at += 4 + (a.value.size() + 3) / 4 * 4;
    }
    if (at != size) fuzz::broken("the attributes do not fill the message", bytes);
    const std::vector<std::uint8_t> key = {1, 2, 3};
    (void)net::stun::checkIntegrity(data, size, m, key);
    (void)net::stun::checkFingerprint(data, size, m);
    const std::vector<std::uint8_t> again = net::stun::encodeStun(m, {}, false);
    net::stun::Message back;
    if (again.size() != size || !net::stun::decodeStun(again.data(), again.size(), back) ||
        back.attrs.size() != m.attrs.size() || back.method != m.method || back.cls != m.cls) {
        fuzz::broken("a message re-encodes to another message", bytes);
    }
    for (std::size_t i = 0; i < m.attrs.size(); ++i) {
        if (back.attrs[i].type != m.attrs[i].type || back.attrs[i].value != m.attrs[i].value)
            fuzz::broken("an attribute changed on re-encoding", bytes);
    }
    return 0;
}
