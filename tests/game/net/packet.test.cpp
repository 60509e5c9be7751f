// The packet decoder: every packet type round-trips (version 2 and on: 16-bit inputs, input styles, the whole Versus
// setup), the byte layout of the inputs is as documented, a version-1 packet decodes to its header only, and random
// or corrupted bytes are refused or decode to a packet that re-encodes to exactly those bytes (so nothing out of
// range gets through), never a crash.
#include "game/io/atomic_file.h"
#include "game/net/packet.h"
#include "tests/fuzz/net_packet_seeds.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
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
    p.buttons = {0, sim::kLeft, sim::kDown | sim::kLight, sim::kThrow | sim::kRight, net::wireButtons()};
    p.hashFrame = 300;
    p.hash = 0x0123456789abcdefULL;
    return p;
}

net::Packet sampleWelcome() {
    net::Packet p;
    p.type = net::PacketType::Welcome;
    p.name = "host";
    p.token = 99;
    p.setup.seed = 0xfeedfacecafebeefULL;
    p.setup.fighter[0] = "ryo";
    p.setup.fighter[1] = "brick";
    p.setup.roundsToWin = 3;
    p.setup.roundFrames = 3600;
    p.setup.startX[0] = 300;
    p.setup.startX[1] = 900;
    p.setup.startHealth[1] = 500;
    p.setup.intro = 100;
    p.setup.style[0] = sim::InputStyle::Motion;
    p.setup.style[1] = sim::InputStyle::Simple;
    p.setup.counter = sim::CounterHits::On;
    p.frameLimit = 1800;
    return p;
}

std::vector<std::vector<std::uint8_t>> samples() {
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "brick";
    hello.style = sim::InputStyle::Simple;
    hello.name = "joiner";
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
    if (!net::decodeClearPacket(bytes.data(), bytes.size(), p)) return;
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
    REQUIRE(net::decodeClearPacket(bytes.data(), bytes.size(), out));
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
    REQUIRE(net::decodeClearPacket(bytes.data(), bytes.size(), out));
    CHECK(out.type == net::PacketType::Welcome);
    CHECK(out.setup.seed == 0xfeedfacecafebeefULL);
    CHECK(out.setup.fighter[1] == "brick");
    CHECK(out.setup.roundsToWin == 3);
    CHECK(out.setup.startX[1] == 900);
    CHECK(out.setup.startHealth[1] == 500);
    CHECK(out.frameLimit == 1800);
    CHECK(out.setup.mode == sim::Mode::Versus);
    CHECK(out.setup.intro == 100);
    CHECK(out.setup.style[0] == sim::InputStyle::Motion);
    CHECK(out.setup.style[1] == sim::InputStyle::Simple);
    CHECK(out.setup.counter == sim::CounterHits::On);

    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "ryo";
    hello.style = sim::InputStyle::Simple;
    hello.name = "joiner";
    bytes = net::encodePacket(hello);
    REQUIRE(net::decodeClearPacket(bytes.data(), bytes.size(), out));
    CHECK(out.type == net::PacketType::Hello);
    CHECK(out.fighter == "ryo");
    CHECK(out.style == sim::InputStyle::Simple);
}

TEST_CASE("an Input packet carries each frame's buttons as 16 little-endian bits, the throw button included") {
    net::Packet in;
    in.type = net::PacketType::Input;
    in.firstFrame = 1;
    in.buttons = {sim::kThrow | sim::kLight, sim::kUp};
    const std::vector<std::uint8_t> bytes = net::encodePacket(in);
    // header 4 + token 4, then seq 4, sendTime 4, echoTime 4, echoHold 2, ackFrame 4, senderFrame 4, advantage 1,
    // flags 1, match 1, firstFrame 4: the input count is byte 37, the inputs start at 38; hashFrame 4 + hash 8 and
    // the 16-byte tag follow (signAck 4, and signFrame 4 with a 64-byte countersignature, only when flags 4 and 8 say).
    REQUIRE(bytes.size() == 38 + 2 * 2 + 12 + 16);
    CHECK(bytes[2] ==
          net::kProtocolVersion);  // the layout below is that of version 9 (a bump that changes it says so here)
    CHECK(bytes[37] == 2);         // two inputs
    CHECK(bytes[38] == 0x10);      // kLight (bit 4)
    CHECK(bytes[39] == 0x01);      // kThrow (bit 8)
    CHECK(bytes[40] == 0x01);      // kUp
    CHECK(bytes[41] == 0x00);
    net::Packet out;
    REQUIRE(net::decodeClearPacket(bytes.data(), bytes.size(), out));
    CHECK(out.buttons == in.buttons);
}

TEST_CASE("the fullest Input packet fits kMaxPacketSize and decodes") {
    net::Packet p;
    p.type = net::PacketType::Input;
    p.firstFrame = 1;
    p.hashFrame = 30;
    p.buttons.assign(net::kMaxInputsPerPacket, net::wireButtons());
    p.signAck = 120;
    p.signFrame = 240;
    p.countersign.fill(0xa5);
    const std::vector<std::uint8_t> bytes = net::encodePacket(p);
    CHECK(bytes.size() == 378);  // 290 bytes of body, 8 of countersignature frames, the 64-byte signature, the tag
    CHECK(bytes[31] == (net::kFlagSignAck | net::kFlagCountersign));  // the flags byte says they follow
    CHECK(bytes.size() + 8 <= net::kMaxPacketSize);                   // sealed: the channel's 8-byte counter too
    net::Packet out;
    REQUIRE(net::decodeClearPacket(bytes.data(), bytes.size(), out));
    CHECK(out.signAck == 120);
    CHECK(out.signFrame == 240);
    CHECK(out.countersign == p.countersign);
    p.signFrame = 0;  // no countersignature: no frame and no signature bytes
    CHECK(net::encodePacket(p).size() == 306 + 4);
    p.signAck = 0;  // nothing of a service match: the packet of a plain match
    CHECK(net::encodePacket(p).size() == 306);
    std::vector<std::uint8_t> flagged = net::encodePacket(p);
    flagged[31] |= net::kFlagSignAck;  // a flag without its field
    CHECK_FALSE(net::decodeClearPacket(flagged.data(), flagged.size(), out));
}

TEST_CASE("the decoder refuses buttons no button has, an unknown input style, counter rule or an overlong intro") {
    net::Packet p;
    for (std::uint16_t b :
         {std::uint16_t(1u << sim::buttonTable().rows.size()), std::uint16_t(0x8000), std::uint16_t(0xffff)}) {
        CAPTURE(b);
        net::Packet in = sampleInput();
        in.buttons[1] = b;
        const std::vector<std::uint8_t> bytes = net::encodePacket(in);
        CHECK_FALSE(net::decodeClearPacket(bytes.data(), bytes.size(), p));
    }
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "ryo";
    hello.style = sim::InputStyle(3);
    hello.name = "joiner";
    std::vector<std::uint8_t> bytes = net::encodePacket(hello);
    CHECK_FALSE(net::decodeClearPacket(bytes.data(), bytes.size(), p));
    net::Packet bad = sampleWelcome();
    bad.setup.style[1] = sim::InputStyle(3);
    bytes = net::encodePacket(bad);
    CHECK_FALSE(net::decodeClearPacket(bytes.data(), bytes.size(), p));
    bad = sampleWelcome();
    bad.setup.counter = sim::CounterHits(3);
    bytes = net::encodePacket(bad);
    CHECK_FALSE(net::decodeClearPacket(bytes.data(), bytes.size(), p));
    bad = sampleWelcome();
    bad.setup.intro = sim::kMaxIntro + 1;
    bytes = net::encodePacket(bad);
    CHECK_FALSE(net::decodeClearPacket(bytes.data(), bytes.size(), p));
    bad.setup.intro = sim::kMaxIntro;
    bytes = net::encodePacket(bad);
    CHECK(net::decodeClearPacket(bytes.data(), bytes.size(), p));
}

TEST_CASE("a version-1 packet (8-bit inputs, no styles) decodes to its header only, whatever follows") {
    // What a version-1 game sends: its Hello for ryo, and an Input whose inputs are one byte each.
    const std::vector<std::uint8_t> hello = {'B', 'F', 1, 1, 0, 0, 0, 0, 3, 'r', 'y', 'o'};
    std::vector<std::uint8_t> input = {'B', 'F', 1, 4, 0xef, 0xbe, 0xad, 0xde};
    input.resize(input.size() + 29, 0);
    input.push_back(3);  // three one-byte inputs
    for (std::uint8_t b : {0x10, 0x20, 0xff}) input.push_back(b);
    input.resize(input.size() + 12, 0);
    for (const auto& bytes : {hello, input}) {
        net::Packet p;
        REQUIRE(net::decodeClearPacket(bytes.data(), bytes.size(), p));
        CHECK(p.version == 1);
        CHECK(p.buttons.empty());
        CHECK(p.fighter.empty());
    }
}

TEST_CASE("wireSetup keeps what a Welcome carries and resets what a Versus match does not use") {
    sim::MatchSetup in;
    in.mode = sim::Mode::Training;
    in.seed = 12345;
    in.fighter[0] = "brick";
    in.fighter[1] = "ryo";
    in.roundsToWin = 3;
    in.roundFrames = 1200;
    in.startX[0] = 300;
    in.startHealth[1] = 700;
    in.intro = 100;
    in.style[0] = sim::InputStyle::Simple;
    in.style[1] = sim::InputStyle::Motion;
    in.counter = sim::CounterHits::On;
    in.cpuLevel = 4;
    in.dummy = sim::DummyMode::Jump;
    in.tape = {sim::kLight};
    sim::MatchSetup out;
    REQUIRE(net::wireSetup(in, out));
    CHECK(out.mode == sim::Mode::Versus);
    CHECK(out.seed == 12345);
    CHECK(out.fighter[0] == "brick");
    CHECK(out.fighter[1] == "ryo");
    CHECK(out.roundsToWin == 3);
    CHECK(out.roundFrames == 1200);
    CHECK(out.startX[0] == 300);
    CHECK(out.startX[1] == 800);
    CHECK(out.startHealth[1] == 700);
    CHECK(out.intro == 100);
    CHECK(out.style[0] == sim::InputStyle::Simple);
    CHECK(out.style[1] == sim::InputStyle::Motion);
    CHECK(out.counter == sim::CounterHits::On);
    CHECK(out.cpuLevel == sim::MatchSetup{}.cpuLevel);
    CHECK(out.dummy == sim::DummyMode::Stand);
    CHECK(out.tape.empty());
    in.fighter[1] = std::string(300, 'a');  // longer than a length byte: refused, not wrapped
    CHECK_FALSE(net::wireSetup(in, out));
    in.fighter[1] = "ryo";
    in.intro = sim::kMaxIntro + 1;
    CHECK_FALSE(net::wireSetup(in, out));
    in.intro = 100;
    in.roundsToWin = 65536 + 2;  // would arrive as 2 in its 16 bits: refused, not changed
    CHECK_FALSE(net::wireSetup(in, out));
}

TEST_CASE("the decoder refuses truncated, padded and out-of-range packets") {
    for (const std::vector<std::uint8_t>& bytes : samples()) {
        net::Packet p;
        for (std::size_t n = 0; n < bytes.size(); ++n) CHECK_FALSE(net::decodeClearPacket(bytes.data(), n, p));
        std::vector<std::uint8_t> longer = bytes;
        longer.push_back(0);
        CHECK_FALSE(net::decodeClearPacket(longer.data(), longer.size(), p));
    }
    net::Packet bad = sampleWelcome();
    bad.setup.fighter[0] = "../etc";  // never a path
    std::vector<std::uint8_t> bytes = net::encodePacket(bad);
    net::Packet p;
    CHECK_FALSE(net::decodeClearPacket(bytes.data(), bytes.size(), p));
    bad = sampleWelcome();
    bad.setup.startX[0] = -1;
    bytes = net::encodePacket(bad);
    CHECK_FALSE(net::decodeClearPacket(bytes.data(), bytes.size(), p));
    net::Packet flags = sampleInput();
    flags.flags = 0x80;
    bytes = net::encodePacket(flags);
    CHECK_FALSE(net::decodeClearPacket(bytes.data(), bytes.size(), p));
    net::Packet many = sampleInput();
    many.buttons.assign(net::kMaxInputsPerPacket + 1, 1);
    bytes = net::encodePacket(many);
    CHECK_FALSE(net::decodeClearPacket(bytes.data(), bytes.size(), p));
    CHECK_FALSE(net::decodeClearPacket(nullptr, 0, p));
}

TEST_CASE("a packet of another protocol version decodes to its header only") {
    std::vector<std::uint8_t> bytes = net::encodePacket(sampleInput());
    bytes[2] = net::kProtocolVersion + 1;
    net::Packet p;
    REQUIRE(net::decodeClearPacket(bytes.data(), bytes.size(), p));
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
        if (net::decodeClearPacket(bytes.data(), bytes.size(), p)) ++accepted;
        checkCanonical(bytes);
    }
    CHECK(accepted > 0);  // the corruption test did reach deep fields, not only the magic
}

TEST_CASE("the net_packet fuzz seeds are what their names say: current-version packets, refused ones, older versions") {
    // Written by hand from the layout in packet.h (tests/fuzz/corpus/net_packet); this checks they decode as meant.
    const std::filesystem::path dir =
        std::filesystem::path(testpaths::data()) / ".." / "tests" / "fuzz" / "corpus" / "net_packet";
    int seen = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        CAPTURE(name);
        std::ifstream in(e.path(), std::ios::binary);
        const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        net::Packet p;
        const bool ok = net::decodeClearPacket(bytes.data(), bytes.size(), p);
        ++seen;
        if (name.find("undefined") != std::string::npos) {
            CHECK_FALSE(ok);
        } else if (name.find("version1") != std::string::npos || name.find("old_version") != std::string::npos) {
            REQUIRE(ok);
            CHECK(p.version != net::kProtocolVersion);
        } else {
            REQUIRE(ok);
            CHECK(p.version == net::kProtocolVersion);
            CHECK(net::encodePacket(p) == bytes);
        }
        if (name == "input.bin") {
            CHECK(p.buttons == std::vector<std::uint16_t>{0, sim::kLeft, sim::kThrow | sim::kLight,
                                                          sim::kThrow | sim::kRight, sim::kDown | sim::kLight});
        }
        if (name == "welcome.bin") {
            CHECK(p.setup.intro == 100);
            CHECK(p.setup.style[0] == sim::InputStyle::Motion);
            CHECK(p.setup.style[1] == sim::InputStyle::Simple);
        }
        if (name == "hello.bin") {
            CHECK(p.style == sim::InputStyle::Simple);
            CHECK(p.rules == 0x1122334455667788ULL);
            CHECK(p.ephemeral[15] == 15);
            CHECK(p.name == "joiner");
            CHECK(p.identity[0] == 0x40);
        }
        if (name == "challenge.bin") CHECK(p.cookie[0] == 32);
        if (name == "input.bin" || name == "challenge.bin") CHECK(p.tag[0] == 0xa0);
    }
    CHECK(seen >= 15);
}

TEST_CASE("a sealed packet is authentic under its key and context only, and any changed byte breaks it") {
    const net::Key key = {1, 2, 3};
    const net::Nonce context{};
    const std::vector<std::uint8_t> bytes = net::sealPacket(sampleInput(), key, context.data(), context.size());
    CHECK(net::packetAuthentic(key, bytes.data(), bytes.size(), context.data(), context.size()));
    CHECK_FALSE(net::packetAuthentic(key, bytes.data(), bytes.size()));  // no context
    CHECK_FALSE(net::packetAuthentic(net::Key{1, 2, 4}, bytes.data(), bytes.size(), context.data(), context.size()));
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        std::vector<std::uint8_t> changed = bytes;
        changed[i] ^= 0x20;
        CHECK_FALSE(net::packetAuthentic(key, changed.data(), changed.size(), context.data(), context.size()));
    }
    net::Packet out;  // the tag is decoded, so a sealed packet still re-encodes to itself
    REQUIRE(net::decodeClearPacket(bytes.data(), bytes.size(), out));
    CHECK(net::encodePacket(out) == bytes);
}

TEST_CASE("Hello, Challenge and Welcome carry the handshake's nonces, cookie and rules hash") {
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "ryo";
    hello.rules = 0xfedcba9876543210ULL;
    hello.ephemeral[3] = 33;
    hello.cookie[15] = 44;
    hello.identity[0] = 55;
    hello.name = "joiner";
    hello.signature[63] = 66;
    std::vector<std::uint8_t> bytes = net::encodePacket(hello);
    net::Packet out;
    REQUIRE(net::decodeClearPacket(bytes.data(), bytes.size(), out));
    CHECK(out.rules == hello.rules);
    CHECK(out.ephemeral == hello.ephemeral);
    CHECK(out.cookie == hello.cookie);
    CHECK(out.identity == hello.identity);  // the joiner's name and key, signed: the host sees them before welcoming
    CHECK(out.name == "joiner");
    CHECK(out.signature == hello.signature);
    hello.name.clear();
    bytes = net::encodePacket(hello);
    CHECK_FALSE(net::decodeClearPacket(bytes.data(), bytes.size(), out));  // a Hello without a name is malformed
    net::Packet challenge;
    challenge.type = net::PacketType::Challenge;
    challenge.cookie[0] = 5;
    bytes = net::encodePacket(challenge);
    CHECK(bytes.size() == 8 + 16 + 16);  // header, cookie, tag: smaller than any Hello, so never an amplifier
    REQUIRE(net::decodeClearPacket(bytes.data(), bytes.size(), out));
    CHECK(out.type == net::PacketType::Challenge);
    CHECK(out.cookie == challenge.cookie);
    net::Packet welcome = sampleWelcome();
    welcome.rules = 12;
    welcome.ephemeral[0] = 77;
    bytes = net::encodePacket(welcome);
    REQUIRE(net::decodeClearPacket(bytes.data(), bytes.size(), out));
    CHECK(out.rules == 12);
    CHECK(out.ephemeral == welcome.ephemeral);
}

TEST_CASE("the decoder refuses a type number the packet table does not list, and routes every listed one") {
    net::Packet punch;
    punch.type = net::PacketType::Punch;
    std::vector<std::uint8_t> bytes = net::encodePacket(punch);
    net::Packet out;
    REQUIRE(net::decodePacket(bytes.data(), bytes.size(), out));
    for (int number : {0, net::kPacketTypeCount + 1, 255}) {
        bytes[3] = std::uint8_t(number);
        CHECK_FALSE(net::decodePacket(bytes.data(), bytes.size(), out));
        CHECK_FALSE(net::decodeClearPacket(bytes.data(), bytes.size(), out));
    }
    CHECK(net::kPacketTypeCount >= 7);  // Hello .. Confirm at least (docs/netcode.md); a new type adds a line
    for (const net::PacketTypeInfo& t : net::kPacketTypes) CHECK(net::packetRoute(t.type) != net::PacketRoute::Unknown);
    CHECK(net::packetRoute(net::PacketType(net::kPacketTypeCount + 1)) == net::PacketRoute::Unknown);
    CHECK(net::sealedType(net::PacketType::Input));
    CHECK(net::sealedType(net::PacketType::Confirm));
    CHECK_FALSE(net::sealedType(net::PacketType::Welcome));
}

namespace {

std::string netPacketCorpus() { return testpaths::data("../tests/fuzz/corpus/net_packet"); }

/// BVH_WRITE_NET_SEEDS=1 (scripts/fuzz --write-seeds) writes the seeds instead of comparing them.
bool writingSeeds() {
    const char* v = std::getenv("BVH_WRITE_NET_SEEDS");
    return v != nullptr && std::string(v) == "1";
}

}  // namespace

TEST_CASE("the net_packet seeds are the ones the encoders make") {
    const std::vector<fuzz::Seed> seeds = fuzz::netPacketSeeds();
    REQUIRE_FALSE(seeds.empty());
    for (const fuzz::Seed& seed : seeds) {
        const std::string path = netPacketCorpus() + "/" + seed.file;
        if (writingSeeds()) {
            std::string error;
            REQUIRE_MESSAGE(io::writeFileAtomically(path, std::string(seed.bytes.begin(), seed.bytes.end()), error),
                            error);
            continue;
        }
        std::ifstream in(path, std::ios::binary);
        const std::vector<std::uint8_t> committed((std::istreambuf_iterator<char>(in)),
                                                  std::istreambuf_iterator<char>());
        INFO(path
             << " differs from what the encoders make now: write the seeds again with\n  scripts/fuzz --write-seeds");
        CHECK(committed == seed.bytes);
    }
}

TEST_CASE("the net_packet seeds decode in clear, except the one with an undefined button bit") {
    for (const fuzz::Seed& seed : fuzz::netPacketSeeds()) {
        net::Packet out;
        INFO(seed.file);
        CHECK(net::decodeClearPacket(seed.bytes.data(), seed.bytes.size(), out) ==
              (seed.file != "input_undefined_button.bin"));
    }
}
