// The net_packet seeds of the current protocol version: one packet of each type the decoder reads a body of, with
// every field set to a recognisable value, plus one malformed Input (a button bit no button has). A new packet type
// adds its seed here; `scripts/fuzz --write-seeds` writes the files, and the test "the net_packet seeds are the
// ones the encoders make" fails until it has been run.
#include "tests/fuzz/net_packet_seeds.h"

#include "game/net/packet.h"

namespace fuzz {
namespace {

/// first, first + 1, ... as the array's bytes: recognisable in a hex dump.
template <std::size_t N>
std::array<std::uint8_t, N> counting(std::uint8_t first) {
    std::array<std::uint8_t, N> a{};
    for (std::size_t i = 0; i < N; ++i) a[i] = std::uint8_t(first + i);
    return a;
}

template <std::size_t N>
std::array<std::uint8_t, N> filled(std::uint8_t value) {
    std::array<std::uint8_t, N> a{};
    a.fill(value);
    return a;
}

net::Packet withType(net::PacketType type, std::uint32_t token) {
    net::Packet p;
    p.type = type;
    p.token = token;
    p.tag = counting<net::kTagSize>(0xa0);
    return p;
}

net::Packet hello() {
    net::Packet p = withType(net::PacketType::Hello, 0);
    p.fighter = "ryo";
    p.style = sim::InputStyle::Simple;
    p.rules = 0x1122334455667788ULL;
    p.ephemeral = counting<sizeof p.ephemeral>(0x00);
    p.identity = counting<sizeof p.identity>(0x40);
    p.name = "joiner";
    p.signature = counting<sizeof p.signature>(0x80);
    return p;
}

net::Packet welcome() {
    net::Packet p = withType(net::PacketType::Welcome, 0x12345678);
    p.setup.seed = ~0ULL;
    p.setup.fighter[0] = "ryo";
    p.setup.fighter[1] = "brick";
    p.setup.roundsToWin = 2;
    p.setup.roundFrames = 5940;
    p.setup.startX[0] = 400;
    p.setup.startX[1] = 800;
    p.setup.startHealth[0] = p.setup.startHealth[1] = 0;
    p.setup.intro = 100;
    p.setup.style[0] = sim::InputStyle::Motion;
    p.setup.style[1] = sim::InputStyle::Simple;
    p.setup.counter = sim::CounterHits::Off;
    p.frameLimit = 0;
    p.rules = 0x99;
    p.name = "host";
    p.ephemeral = filled<sizeof p.ephemeral>(0x01);
    p.identity = filled<sizeof p.identity>(0x07);
    p.signature = filled<sizeof p.signature>(0x09);
    return p;
}

net::Packet input(std::uint16_t thirdButton) {
    net::Packet p = withType(net::PacketType::Input, 0x12345678);
    p.seq = 7;
    p.sendTime = 1000;
    p.echoTime = 990;
    p.echoHold = 3;
    p.ackFrame = 40;
    p.senderFrame = 42;
    p.advantage = -2;
    p.match = 1;
    p.firstFrame = 38;
    p.buttons = {0x0000, 0x0004, thirdButton, 0x0108, 0x0012};
    p.hashFrame = 30;
    p.hash = 0xdeadbeefcafef00dULL;
    p.signAck = 120;  // a service match's countersignature of frame 240 (countersign.h)
    p.signFrame = 240;
    p.countersign = counting<net::kSignatureSize>(0x40);
    return p;
}

net::Packet challenge() {
    net::Packet p = withType(net::PacketType::Challenge, 0);
    p.cookie = counting<net::kNonceSize>(0x20);
    return p;
}

net::Packet refuseBusy() {
    net::Packet p = withType(net::PacketType::Refuse, 0);
    p.reason = net::RefuseReason::Busy;
    return p;
}

}  // namespace

std::vector<Seed> netPacketSeeds() {
    return {
        {"challenge.bin", net::encodePacket(challenge())},
        {"hello.bin", net::encodePacket(hello())},
        {"input.bin", net::encodePacket(input(0x0110))},
        {"input_undefined_button.bin", net::encodePacket(input(0x8000))},  // refused: bit 15 names no button
        {"refuse_busy.bin", net::encodePacket(refuseBusy())},
        {"welcome.bin", net::encodePacket(welcome())},
    };
}

}  // namespace fuzz
