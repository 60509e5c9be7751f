#pragma once
// How far apart two players in the queue are, in round-trip milliseconds, estimated before they ever meet. Two
// sources, the smaller figure wins: the region table (data/regions.cfg: address prefixes to regions, and the round
// trip between regions), and the triangle through the service (each player's measured round trip to the service,
// sent with its Queue request: A to the service to B is never shorter than A to B, so rttA + rttB bounds it).
#include <array>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace ranked {

/// What the queue knows of one player's whereabouts: -1 for what it does not know.
struct PlayerLatency {
    int rttMs = -1;   ///< the player's measured round trip to the service (its Queue request says it)
    int region = -1;  ///< index into the region table (from the address the service saw)
};

/// The most round trip a Queue request may state; a figure beyond it is refused as nonsense.
constexpr int kMaxStatedRttMs = 5000;
/// The most regions a table holds.
constexpr int kMaxRegions = 64;
/// The longest region name, in bytes.
constexpr std::size_t kMaxRegionName = 40;

/// data/regions.cfg:
///   region NAME MS            a region; MS: the round trip between two players both in it
///   prefix ADDRESS/BITS NAME  addresses (IPv4 or IPv6) in a region; the longest matching prefix wins
///   rtt NAME NAME MS          the round trip between two regions (either order; a pair not listed is unknown)
/// '#' starts a comment; blank lines are skipped.
class RegionTable {
public:
    /// The region of an address ("1.2.3.4", "::1", "::ffff:1.2.3.4"); -1 when no prefix holds it or it does not read.
    int regionOf(const std::string& address) const;
    /// A region by name; -1 when there is none.
    int regionIndex(const std::string& name) const;
    const std::string& regionName(int region) const { return names_.at(std::size_t(region)); }
    std::size_t regions() const { return names_.size(); }
    /// The table's round trip between two regions; -1 when either is unknown or the pair is not listed.
    int regionRttMs(int a, int b) const;
    /// The pair's estimate: the smaller of the table's figure and rttA + rttB; -1 when neither is known.
    int estimateMs(const PlayerLatency& a, const PlayerLatency& b) const;

    /// Reads the file's text; false with `FILE:LINE: what` at the first bad line (nothing kept then).
    bool parse(const std::string& text, const std::string& file, std::string& why);
    /// Reads a file; false with why (the file cannot be read, or parse's FILE:LINE).
    bool load(const std::string& path, std::string& why);

private:
    struct Prefix {
        std::array<std::uint8_t, 16> bytes{};  ///< IPv4 as IPv4-mapped IPv6
        int bits = 0;
        int region = 0;
        int line = 0;  ///< the file's line that gave it
    };
    bool parseLine(const std::string& line, int number, std::string& why);
    bool parseRegion(std::istringstream& words, std::string& why);
    bool parsePrefix(std::istringstream& words, int number, std::string& why);
    bool parseRtt(std::istringstream& words, std::string& why);

    std::vector<std::string> names_;
    std::vector<Prefix> prefixes_;  // longest first
    std::vector<int> rtt_;          // kMaxRegions x kMaxRegions, -1 unknown
};

/// An address as 16 bytes (IPv4 mapped into IPv6); false when it is not an address.
bool addressBytes(const std::string& address, std::array<std::uint8_t, 16>& out);

}  // namespace ranked
