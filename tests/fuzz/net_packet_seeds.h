#pragma once
// The net_packet fuzz target's seeds of the current protocol version, made by the encoders (encodePacket) from the
// packets listed in net_packet_seeds.cpp: a protocol bump writes them again instead of editing bytes by hand.
// tests/fuzz/corpus/net_packet/ keeps, beside them, seeds of older versions (NAME_old_version*.bin,
// NAME_version1.bin): those are what an old client sends, and no encoder of this build makes them.
#include <cstdint>
#include <string>
#include <vector>

namespace fuzz {

struct Seed {
    std::string file;                 ///< its name in tests/fuzz/corpus/net_packet/
    std::vector<std::uint8_t> bytes;  ///< encodePacket's bytes
};

/// Every current-version seed, in file-name order.
std::vector<Seed> netPacketSeeds();

}  // namespace fuzz
