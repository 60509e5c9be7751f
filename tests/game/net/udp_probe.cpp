// A probe for the process-level fault tests (udp_faults.sh): it listens and speaks on the loopback address only,
// for a bounded time, and stops by itself.
//
//   udp_probe freeport                         print a UDP port that was free a moment ago
//   udp_probe sink PORT SECONDS                receive on 127.0.0.1:PORT (0: any free port) for SECONDS; print
//                                              `listening on PORT`, then one line per burst of datagrams (arrivals
//                                              less than 60 ms apart): `burst STEPS COPIES`, STEPS the time since the
//                                              previous burst's start in 250 ms steps, rounded (the joiner's Hello
//                                              period; 0 for the first burst), COPIES how many datagrams it held
//   udp_probe answer PORT SECONDS HEX          on 127.0.0.1:PORT (0: any free port) for SECONDS, print `listening on
//                                              PORT`, then answer every datagram with the bytes HEX (a host that
//                                              speaks another version)
//   udp_probe spoof FROM_PORT TO_PORT HEX      send one datagram to 127.0.0.1:TO_PORT that claims to come from
//                                              127.0.0.1:FROM_PORT (a raw socket: needs CAP_NET_RAW)
//   udp_probe forge-leave FROM_PORT TO_PORT SECONDS
//                                              wait (at most SECONDS) for a game Input datagram from FROM_PORT to
//                                              TO_PORT, set its "leaving" flag and send it again from FROM_PORT:
//                                              what anyone who sees one packet of the match could do
//   udp_probe forge-inputs FROM_PORT TO_PORT SECONDS
//                                              the same, but the copy carries the frames after the original's with
//                                              one button changed: inputs the host never pressed
//   udp_probe forge-ack FROM_PORT TO_PORT SECONDS
//                                              for SECONDS, copy every game Input from FROM_PORT to TO_PORT with its
//                                              acknowledged frame set to the largest one allowed and send the copy from
//                                              FROM_PORT: "I hold all your inputs", so lost ones are never resent
// Exit 0 when done (the forgers: when they forged one), 1 when nothing came in time, 2 on a bad command
// line or a socket error, 77 when a raw socket is not allowed here (the test counts as skipped).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

long number(const char* text, long lo, long hi) {
    char* end = nullptr;
    const long v = std::strtol(text, &end, 10);
    return (end != text && *end == '\0' && v >= lo && v <= hi) ? v : -1;
}

long msSince(Clock::time_point t0) {
    return long(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count());
}

sockaddr_in loopback(long port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(std::uint16_t(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return a;
}

int freePort() {
    const int fd = socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in a = loopback(0);
    socklen_t len = sizeof a;
    if (fd < 0 || bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0 ||
        getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
        std::perror("udp_probe: freeport");
        return 2;
    }
    close(fd);
    std::cout << ntohs(a.sin_port) << "\n";
    return 0;
}

/// A UDP socket on 127.0.0.1:port (0: any free port) after printing `listening on PORT`; -1 after saying why.
int listening(long port, const char* what) {
    const int fd = socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in a = loopback(port);
    socklen_t len = sizeof a;
    if (fd < 0 || bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0 ||
        getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
        std::perror(what);
        if (fd >= 0) close(fd);
        return -1;
    }
    std::cout << "listening on " << ntohs(a.sin_port) << std::endl;
    return fd;
}

/// The bytes of an even number of hex digits; false (said) for anything else.
bool parseHex(const std::string& hex, std::vector<std::uint8_t>& out) {
    const bool digits = hex.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
    for (std::size_t i = 0; digits && i + 1 < hex.size(); i += 2) {
        out.push_back(std::uint8_t(std::strtol(hex.substr(i, 2).c_str(), nullptr, 16)));
    }
    if (!digits || out.empty() || hex.size() % 2 != 0) {
        std::cerr << "udp_probe: HEX wants an even number of hex digits\n";
        return false;
    }
    return true;
}

int answer(long port, long seconds, const std::string& hex) {
    std::vector<std::uint8_t> reply;
    if (!parseHex(hex, reply)) return 2;
    const int fd = listening(port, "udp_probe: answer");
    if (fd < 0) return 2;
    const Clock::time_point t0 = Clock::now();
    std::uint8_t buf[2048];
    while (msSince(t0) < seconds * 1000) {
        pollfd p{fd, POLLIN, 0};
        if (poll(&p, 1, 20) <= 0) continue;
        sockaddr_in from{};
        socklen_t len = sizeof from;
        if (recvfrom(fd, buf, sizeof buf, 0, reinterpret_cast<sockaddr*>(&from), &len) < 0) continue;
        sendto(fd, reply.data(), reply.size(), 0, reinterpret_cast<const sockaddr*>(&from), len);
    }
    close(fd);
    return 0;
}

int sink(long port, long seconds) {
    const int fd = listening(port, "udp_probe: sink");
    if (fd < 0) return 2;
    const Clock::time_point t0 = Clock::now();
    long previous = -1, burstStart = -1, last = -1, copies = 0;
    const auto endBurst = [&] {
        if (copies == 0) return;
        std::cout << "burst " << (previous < 0 ? 0 : (burstStart - previous + 125) / 250) << " " << copies << std::endl;
        previous = burstStart;
        copies = 0;
    };
    std::uint8_t buf[2048];
    while (msSince(t0) < seconds * 1000) {
        pollfd p{fd, POLLIN, 0};
        if (poll(&p, 1, 20) <= 0) continue;
        const ssize_t n = recv(fd, buf, sizeof buf, 0);
        if (n < 0) continue;
        const long now = msSince(t0);
        if (copies > 0 && now - last >= 60) endBurst();
        if (copies == 0) burstStart = now;
        ++copies;
        last = now;
    }
    endBurst();
    close(fd);
    return 0;
}

/// A raw UDP socket (the kernel writes the IP header, this process the UDP header), or -1 after saying why.
int rawSocket(bool& denied) {
    const int fd = socket(AF_INET, SOCK_RAW, IPPROTO_UDP);
    denied = fd < 0 && (errno == EPERM || errno == EACCES);
    if (fd < 0) std::cout << "udp_probe: no raw socket here (" << std::strerror(errno) << "): cannot spoof a source\n";
    return fd;
}

/// Sends payload from 127.0.0.1:fromPort to 127.0.0.1:toPort (UDP checksum 0: none, allowed over IPv4).
bool sendSpoofed(int fd, long fromPort, long toPort, const std::vector<std::uint8_t>& payload) {
    std::vector<std::uint8_t> d(sizeof(udphdr) + payload.size());
    udphdr h{};
    h.uh_sport = htons(std::uint16_t(fromPort));
    h.uh_dport = htons(std::uint16_t(toPort));
    h.uh_ulen = htons(std::uint16_t(d.size()));
    std::memcpy(d.data(), &h, sizeof h);
    std::memcpy(d.data() + sizeof h, payload.data(), payload.size());
    const sockaddr_in to = loopback(toPort);
    return sendto(fd, d.data(), d.size(), 0, reinterpret_cast<const sockaddr*>(&to), sizeof to) == ssize_t(d.size());
}

int spoof(long fromPort, long toPort, const std::string& hex) {
    std::vector<std::uint8_t> payload;
    if (!parseHex(hex, payload)) return 2;
    bool denied = false;
    const int fd = rawSocket(denied);
    if (fd < 0) return denied ? 77 : 2;
    const bool ok = sendSpoofed(fd, fromPort, toPort, payload);
    close(fd);
    std::cout << "spoofed " << payload.size() << " bytes from port " << fromPort << " to port " << toPort << "\n";
    return ok ? 0 : 2;
}

// The game's Input packet, the same in protocol versions 3 and 4: `B F VERSION 4`, token (4), sequence (4), send
// time (4), echo (4), echo hold (2), acknowledged frame (4), sender frame (4), advantage (1), then the flags byte,
// whose bit 0 says "leaving"; the acknowledged frame is at kAckOffset.
constexpr std::size_t kAckOffset = 4 + 4 + 4 + 4 + 4 + 2;
constexpr std::size_t kFlagsOffset = kAckOffset + 4 + 4 + 1;
// The largest frame a packet may name (both versions' decoders refuse more): "I hold everything you sent".
constexpr std::uint32_t kForgedAck = 1000000;

/// The payload of a game Input datagram from fromPort to toPort in a raw IPv4 packet, or null.
const std::uint8_t* inputPayload(const std::uint8_t* buf, ssize_t n, long fromPort, long toPort, std::size_t& size) {
    if (n < ssize_t(sizeof(iphdr))) return nullptr;
    iphdr ip{};
    std::memcpy(&ip, buf, sizeof ip);
    const std::size_t ipLen = std::size_t(ip.ihl) * 4;
    if (ip.protocol != IPPROTO_UDP || std::size_t(n) < ipLen + sizeof(udphdr)) return nullptr;
    udphdr u{};
    std::memcpy(&u, buf + ipLen, sizeof u);
    const std::uint8_t* payload = buf + ipLen + sizeof u;
    size = std::size_t(n) - ipLen - sizeof u;
    if (ntohs(u.uh_sport) != fromPort || ntohs(u.uh_dport) != toPort || size <= kFlagsOffset) return nullptr;
    if (payload[0] != 'B' || payload[1] != 'F' || payload[3] != 4) return nullptr;  // an Input
    return payload;
}

int forgeAck(long fromPort, long toPort, long seconds) {
    bool denied = false;
    const int fd = rawSocket(denied);
    if (fd < 0) return denied ? 77 : 2;
    std::cout << "listening" << std::endl;
    const Clock::time_point t0 = Clock::now();
    std::uint8_t buf[4096];
    long forged = 0;
    while (msSince(t0) < seconds * 1000) {
        pollfd p{fd, POLLIN, 0};
        if (poll(&p, 1, 20) <= 0) continue;
        const ssize_t n = recv(fd, buf, sizeof buf, 0);
        std::size_t size = 0;
        const std::uint8_t* payload = inputPayload(buf, n, fromPort, toPort, size);
        if (payload == nullptr) continue;
        std::vector<std::uint8_t> copy(payload, payload + size);
        std::uint32_t ack = 0;  // little-endian, as every field
        for (std::size_t i = 0; i < 4; ++i) ack |= std::uint32_t(copy[kAckOffset + i]) << (8 * i);
        if (ack == kForgedAck) continue;  // our own copies come back through this socket too
        for (std::size_t i = 0; i < 4; ++i) copy[kAckOffset + i] = std::uint8_t(kForgedAck >> (8 * i));
        if (sendSpoofed(fd, fromPort, toPort, copy)) ++forged;
    }
    close(fd);
    std::cout << "forged " << forged << " acknowledgements\n";
    return forged > 0 ? 0 : 1;
}

/// Makes a forgery of a captured Input in place: false when this one does not serve (then the next is tried).
bool forgeLeaving(std::vector<std::uint8_t>& p) {
    p[kFlagsOffset] |= 1;
    return true;
}

/// The frames right after the ones the Input carries, with the same buttons and one more (the lowest button bit,
/// which every version has): inputs the host never pressed, for frames the joiner has not heard of yet.
bool forgeInputs(std::vector<std::uint8_t>& p) {
    const std::size_t first = kFlagsOffset + 2, count = kFlagsOffset + 6, buttons = kFlagsOffset + 7;
    const std::size_t n = p[count];
    if (n == 0 || p.size() < buttons + 2 * n) return false;
    std::uint32_t frame = 0;
    for (std::size_t i = 0; i < 4; ++i) frame |= std::uint32_t(p[first + i]) << (8 * i);
    frame += std::uint32_t(n);
    for (std::size_t i = 0; i < 4; ++i) p[first + i] = std::uint8_t(frame >> (8 * i));
    for (std::size_t i = 0; i < n; ++i) p[buttons + 2 * i] ^= 1;
    return true;
}

int forgeOne(long fromPort, long toPort, long seconds, bool (*forge)(std::vector<std::uint8_t>&), const char* what) {
    bool denied = false;
    const int fd = rawSocket(denied);
    if (fd < 0) return denied ? 77 : 2;
    std::cout << "listening" << std::endl;
    const Clock::time_point t0 = Clock::now();
    std::uint8_t buf[4096];
    while (msSince(t0) < seconds * 1000) {
        pollfd p{fd, POLLIN, 0};
        if (poll(&p, 1, 20) <= 0) continue;
        const ssize_t n = recv(fd, buf, sizeof buf, 0);  // IPv4 raw sockets receive the IP header too
        std::size_t size = 0;
        const std::uint8_t* payload = inputPayload(buf, n, fromPort, toPort, size);
        if (payload == nullptr) continue;
        std::vector<std::uint8_t> forged(payload, payload + size);
        if (!forge(forged)) continue;
        const bool ok = sendSpoofed(fd, fromPort, toPort, forged);
        close(fd);
        std::cout << "forged " << what << " from a " << size << "-byte Input (version " << int(payload[2])
                  << ") after " << msSince(t0) << " ms\n";
        return ok ? 0 : 2;
    }
    close(fd);
    std::cout << "udp_probe: no Input from port " << fromPort << " to port " << toPort << " within " << seconds << " s\n";
    return 1;
}

int usage() {
    std::cerr << "usage: udp_probe freeport | sink PORT SECONDS | answer PORT SECONDS HEX | spoof FROM_PORT TO_PORT HEX |"
                 " forge-leave|forge-inputs|forge-ack FROM_PORT TO_PORT SECONDS\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "freeport" && argc == 2) return freePort();
    if (argc < 4) return usage();
    const long a = number(argv[2], mode == "sink" || mode == "answer" ? 0 : 1, 65535);
    if (mode == "sink" && argc == 4) {
        const long s = number(argv[3], 1, 60);
        return a < 0 || s < 0 ? usage() : sink(a, s);
    }
    if (mode == "answer" && argc == 5) {
        const long s = number(argv[3], 1, 60);
        return a < 0 || s < 0 ? usage() : answer(a, s, argv[4]);
    }
    const long b = number(argv[3], 1, 65535);
    if (a < 0 || b < 0 || argc != 5) return usage();
    if (mode == "spoof") return spoof(a, b, argv[4]);
    const long s = number(argv[4], 1, 60);
    if (s < 0) return usage();
    if (mode == "forge-leave") return forgeOne(a, b, s, forgeLeaving, "a leave");
    if (mode == "forge-inputs") return forgeOne(a, b, s, forgeInputs, "inputs");
    if (mode == "forge-ack") return forgeAck(a, b, s);
    return usage();
}
