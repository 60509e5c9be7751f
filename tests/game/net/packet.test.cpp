// The packet decoder: every packet type round-trips, and random or corrupted bytes are refused or decode to a
// packet that re-encodes to exactly those bytes (so nothing out of range gets through), never a crash.
#include "game/net/packet.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

namespace {

net::Packet sampleInput() {
    net::Packet p;
    p.type = net::PacketType::Input;
    p.token = 0xdeadbeef;
    p.seq = 41;
    p.sendTime = 123456;
    p.echoTime = 120000;
    p.echoHold = 7;
    p.ackFrame = 300;
    p.senderFrame = 310;
    p.advantage = -3;
    p.flags = net::kFlagLeaving;
    p.match = 3;
    p.firstFrame = 305;
    p.buttons = {0, sim::kLeft, std::uint8_t(sim::kDown | sim::kLight), 0xff};
    p.hashFrame = 300;
    p.hash = 0x0123456789abcdefULL;
    return p;
}

net::Packet sampleWelcome() {
    net::Packet p;
    p.type = net::PacketType::Welcome;
    p.token = 99;
    p.setup.seed = 0xfeedfacecafebeefULL;
    p.setup.fighter[0] = "ryo";
    p.setup.fighter[1] = "brick";
    p.setup.roundsToWin = 3;
    p.setup.roundFrames = 3600;
    p.setup.startX[0] = 300;
    p.setup.startX[1] = 900;
    p.setup.startHealth[1] = 500;
    p.frameLimit = 1800;
    return p;
}

std::vector<std::vector<std::uint8_t>> samples() {
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "brick";
    net::Packet refuse;
    refuse.type = net::PacketType::Refuse;
    refuse.reason = net::RefuseReason::BadFighter;
    net::Packet empty;  // an Input with no buttons and no hash
    return {net::encodePacket(sampleInput()), net::encodePacket(sampleWelcome()), net::encodePacket(hello),
            net::encodePacket(refuse), net::encodePacket(empty)};
}

/// A decoded packet must re-encode to the same bytes (the encoding is canonical), unless it is another version.
void checkCanonical(const std::vector<std::uint8_t>& bytes) {
    net::Packet p;
    if (!net::decodePacket(bytes.data(), bytes.size(), p)) return;
    if (p.version != net::kProtocolVersion) {
        CHECK(bytes.size() >= 8);
        return;
    }
    CHECK(net::encodePacket(p) == bytes);
}

}  // namespace

TEST_CASE("every packet type decodes to what was encoded") {
    net::Packet in = sampleInput();
    std::vector<std::uint8_t> bytes = net::encodePacket(in);
    net::Packet out;
    REQUIRE(net::decodePacket(bytes.data(), bytes.size(), out));
    CHECK(out.type == net::PacketType::Input);
    CHECK(out.token == 0xdeadbeef);
    CHECK(out.seq == 41);
    CHECK(out.echoHold == 7);
    CHECK(out.advantage == -3);
    CHECK(out.flags == net::kFlagLeaving);
    CHECK(out.match == 3);
    CHECK(out.firstFrame == 305);
    CHECK(out.buttons == in.buttons);
    CHECK(out.hash == 0x0123456789abcdefULL);

    bytes = net::encodePacket(sampleWelcome());
    REQUIRE(net::decodePacket(bytes.data(), bytes.size(), out));
    CHECK(out.type == net::PacketType::Welcome);
    CHECK(out.setup.seed == 0xfeedfacecafebeefULL);
    CHECK(out.setup.fighter[1] == "brick");
    CHECK(out.setup.roundsToWin == 3);
    CHECK(out.setup.startX[1] == 900);
    CHECK(out.setup.startHealth[1] == 500);
    CHECK(out.frameLimit == 1800);
    CHECK(out.setup.mode == sim::Mode::Versus);
}

TEST_CASE("the decoder refuses truncated, padded and out-of-range packets") {
    for (const std::vector<std::uint8_t>& bytes : samples()) {
        net::Packet p;
        for (std::size_t n = 0; n < bytes.size(); ++n) CHECK_FALSE(net::decodePacket(bytes.data(), n, p));
        std::vector<std::uint8_t> longer = bytes;
        longer.push_back(0);
        CHECK_FALSE(net::decodePacket(longer.data(), longer.size(), p));
    }
    net::Packet bad = sampleWelcome();
    bad.setup.fighter[0] = "../etc";  // never a path
    std::vector<std::uint8_t> bytes = net::encodePacket(bad);
    net::Packet p;
    CHECK_FALSE(net::decodePacket(bytes.data(), bytes.size(), p));
    bad = sampleWelcome();
    bad.setup.startX[0] = -1;
    bytes = net::encodePacket(bad);
    CHECK_FALSE(net::decodePacket(bytes.data(), bytes.size(), p));
    net::Packet flags = sampleInput();
    flags.flags = 0x80;
    bytes = net::encodePacket(flags);
    CHECK_FALSE(net::decodePacket(bytes.data(), bytes.size(), p));
    net::Packet many = sampleInput();
    many.buttons.assign(net::kMaxInputsPerPacket + 1, 1);
    bytes = net::encodePacket(many);
    CHECK_FALSE(net::decodePacket(bytes.data(), bytes.size(), p));
    CHECK_FALSE(net::decodePacket(nullptr, 0, p));
}

TEST_CASE("a packet of another protocol version decodes to its header only") {
    std::vector<std::uint8_t> bytes = net::encodePacket(sampleInput());
    bytes[2] = net::kProtocolVersion + 1;
    net::Packet p;
    REQUIRE(net::decodePacket(bytes.data(), bytes.size(), p));
    CHECK(p.version == net::kProtocolVersion + 1);
    CHECK(p.type == net::PacketType::Input);
    CHECK(p.buttons.empty());
}

TEST_CASE("random bytes and random corruptions of real packets are refused or decode canonically") {
    std::uint64_t x = 0x9e3779b97f4a7c15ULL;
    auto next = [&x] {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        return x;
    };
    int accepted = 0;
    for (int i = 0; i < 20000; ++i) {  // pure noise, with the magic bytes half the time
        std::vector<std::uint8_t> bytes(next() % 80);
        for (std::uint8_t& b : bytes) b = std::uint8_t(next());
        if (bytes.size() >= 2 && (i & 1)) bytes[0] = 'B', bytes[1] = 'F';
        checkCanonical(bytes);
    }
    const auto base = samples();
    for (int i = 0; i < 50000; ++i) {  // real packets with 1..3 bytes changed: reaches every field check
        std::vector<std::uint8_t> bytes = base[next() % base.size()];
        const int flips = 1 + int(next() % 3);
        for (int k = 0; k < flips; ++k) bytes[next() % bytes.size()] = std::uint8_t(next());
        net::Packet p;
        if (net::decodePacket(bytes.data(), bytes.size(), p)) ++accepted;
        checkCanonical(bytes);
    }
    CHECK(accepted > 0);  // the corruption test did reach deep fields, not only the magic
}
