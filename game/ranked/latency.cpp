#include "game/ranked/latency.h"

#include "game/io/text.h"

#include <arpa/inet.h>

#include <algorithm>
#include <sstream>

namespace ranked {

bool addressBytes(const std::string& address, std::array<std::uint8_t, 16>& out) {
    in_addr v4{};
    if (inet_pton(AF_INET, address.c_str(), &v4) == 1) {
        out.fill(0);
        out[10] = out[11] = 0xff;
        std::copy_n(reinterpret_cast<const std::uint8_t*>(&v4), 4, out.begin() + 12);
        return true;
    }
    in6_addr v6{};
    if (inet_pton(AF_INET6, address.c_str(), &v6) != 1) return false;
    std::copy_n(reinterpret_cast<const std::uint8_t*>(&v6), 16, out.begin());
    return true;
}

namespace {

bool prefixHolds(const std::array<std::uint8_t, 16>& prefix, int bits, const std::array<std::uint8_t, 16>& a) {
    for (int i = 0; i < bits; ++i) {
        const int byte = i / 8, mask = 0x80 >> (i % 8);
        if ((prefix[std::size_t(byte)] & mask) != (a[std::size_t(byte)] & mask)) return false;
    }
    return true;
}

// A round trip in a file: whole milliseconds, 0..kMaxStatedRttMs.
bool millis(const std::string& word, int& out) {
    if (word.empty() || word.size() > 5 || word.find_first_not_of("0123456789") != std::string::npos) return false;
    out = std::atoi(word.c_str());
    return out <= kMaxStatedRttMs;
}

}  // namespace

int RegionTable::regionOf(const std::string& address) const {
    std::array<std::uint8_t, 16> a{};
    if (!addressBytes(address, a)) return -1;
    for (const Prefix& p : prefixes_)
        if (prefixHolds(p.bytes, p.bits, a)) return p.region;
    return -1;
}

int RegionTable::regionIndex(const std::string& name) const {
    const auto it = std::find(names_.begin(), names_.end(), name);
    return it == names_.end() ? -1 : int(it - names_.begin());
}

int RegionTable::regionRttMs(int a, int b) const {
    if (a < 0 || b < 0 || a >= int(names_.size()) || b >= int(names_.size())) return -1;
    return rtt_[std::size_t(a * kMaxRegions + b)];
}

int RegionTable::estimateMs(const PlayerLatency& a, const PlayerLatency& b) const {
    const int table = regionRttMs(a.region, b.region);
    const int triangle = a.rttMs >= 0 && b.rttMs >= 0 ? a.rttMs + b.rttMs : -1;
    if (table < 0 || triangle < 0) return std::max(table, triangle);
    return std::min(table, triangle);
}

bool RegionTable::parsePrefix(std::istringstream& words, int number, std::string& why) {
    std::string spec, name;
    words >> spec >> name;
    const std::size_t slash = spec.find('/');
    Prefix p;
    const std::string bits = slash == std::string::npos ? "" : spec.substr(slash + 1);
    if (slash == std::string::npos || !addressBytes(spec.substr(0, slash), p.bytes) || bits.empty() ||
        bits.size() > 3 || bits.find_first_not_of("0123456789") != std::string::npos)
        return why = "`" + spec.substr(0, 60) + "` is not ADDRESS/BITS (e.g. 203.0.113.0/24, 2001:db8::/32)", false;
    const bool v4 = spec.find(':') == std::string::npos;
    p.bits = std::atoi(bits.c_str()) + (v4 ? 96 : 0);
    if (p.bits > 128) return why = "a prefix of " + bits + " bits is longer than the address", false;
    std::array<std::uint8_t, 16> masked{};
    for (int i = 0; i < p.bits; ++i) masked[std::size_t(i / 8)] |= p.bytes[std::size_t(i / 8)] & (0x80 >> (i % 8));
    if (masked != p.bytes) return why = "`" + spec + "` has address bits set beyond its prefix length", false;
    p.region = regionIndex(name);
    if (p.region < 0)
        return why = "unknown region '" + name.substr(0, 40) + "' (declare it with a region line first)", false;
    for (const Prefix& q : prefixes_) {  // one address block, one region: a second line would be ignored unseen
        if (q.bits != p.bits || q.bytes != p.bytes) continue;
        return why = "prefix " + spec + " already belongs to region " + names_[std::size_t(q.region)] + " (line " +
                     std::to_string(q.line) + ")",
               false;
    }
    p.line = number;
    prefixes_.push_back(p);
    return true;
}

bool RegionTable::parseRtt(std::istringstream& words, std::string& why) {
    std::string a, b, ms;
    words >> a >> b >> ms;
    const int ia = regionIndex(a), ib = regionIndex(b);
    int v = 0;
    if (ia < 0 || ib < 0)
        return why = "unknown region '" + (ia < 0 ? a : b).substr(0, 40) + "' (declare it with a region line first)",
               false;
    if (!millis(ms, v))
        return why =
                   "`" + ms.substr(0, 20) + "` is not a round trip in ms (0.." + std::to_string(kMaxStatedRttMs) + ")",
               false;
    int& ab = rtt_[std::size_t(ia * kMaxRegions + ib)];
    if (ab >= 0 && ia != ib) return why = "the round trip between " + a + " and " + b + " is given twice", false;
    ab = rtt_[std::size_t(ib * kMaxRegions + ia)] = v;
    return true;
}

bool RegionTable::parseRegion(std::istringstream& words, std::string& why) {
    std::string name, ms;
    int v = 0;
    words >> name >> ms;
    if (name.empty()) return why = "a region is `region NAME MS`", false;
    if (name.size() > kMaxRegionName)
        return why = "a region's name is at most " + std::to_string(kMaxRegionName) + " characters, not " +
                     std::to_string(name.size()),
               false;
    if (regionIndex(name) >= 0) return why = "region '" + name + "' is declared twice", false;
    if (int(names_.size()) == kMaxRegions) return why = "more than " + std::to_string(kMaxRegions) + " regions", false;
    if (!millis(ms, v)) return why = "`" + ms.substr(0, 20) + "` is not a round trip in ms", false;
    names_.push_back(name);
    const std::size_t i = names_.size() - 1;
    rtt_[i * kMaxRegions + i] = v;
    return true;
}

bool RegionTable::parseLine(const std::string& line, int number, std::string& why) {
    std::istringstream words(line);
    std::string word, extra;
    words >> word;
    if (word == "region") {
        if (!parseRegion(words, why)) return false;
    } else if (word == "prefix") {
        if (!parsePrefix(words, number, why)) return false;
    } else if (word == "rtt") {
        if (!parseRtt(words, why)) return false;
    } else {
        return why = "unknown line '" + word.substr(0, 40) + "' (region, prefix or rtt)", false;
    }
    if (words >> extra) return why = "unexpected '" + extra.substr(0, 40) + "' at the end of the line", false;
    return true;
}

bool RegionTable::parse(const std::string& text, const std::string& file, std::string& why) {
    RegionTable fresh;
    fresh.rtt_.assign(std::size_t(kMaxRegions * kMaxRegions), -1);
    std::istringstream lines(text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number) {
        const std::size_t hash = line.find('#');
        if (hash != std::string::npos) line.resize(hash);
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::string what;
        if (!fresh.parseLine(line, number, what)) return why = file + ":" + std::to_string(number) + ": " + what, false;
    }
    std::stable_sort(fresh.prefixes_.begin(), fresh.prefixes_.end(),
                     [](const Prefix& x, const Prefix& y) { return x.bits > y.bits; });
    *this = std::move(fresh);
    return true;
}

bool RegionTable::load(const std::string& path, std::string& why) {
    std::string text;
    io::Error error;  // a folder, an unreadable file: named with the reason (a stream would throw on a folder)
    if (!io::readFile(path, text, error)) return why = error.text(), false;
    if (text.size() > 4 * 1024 * 1024) return why = path + ": larger than 4 MiB", false;
    return parse(text, path, why);
}

}  // namespace ranked
