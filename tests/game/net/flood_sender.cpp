// A hostile sender for the flood tests (udp_faults.sh flood and joinflood): datagrams at a fixed rate to a port on the
// loopback address, and nowhere else, for a bounded count and time. Every other datagram is junk (`B F 5 4` and
// eight bytes), the rest look like a version-5 Hello of a real Hello's size with a tag that cannot be right, so the
// host has to read the header and check the tag. No spoofing: they come from this process's own port.
//
//   flood_sender PORT RATE_PER_SECOND MAX_COUNT MAX_SECONDS [junk]
// With `junk`, every datagram is junk (what costs the receiver least: the flood then tests the socket's capacity,
// not the speed of the tag check).
// Prints `sent N datagrams in S ms` and exits 0; 2 on a bad command line or a socket error.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

namespace {

long number(const char* text, long lo, long hi) {
    char* end = nullptr;
    const long v = std::strtol(text, &end, 10);
    return (end != text && *end == '\0' && v >= lo && v <= hi) ? v : -1;
}

}  // namespace

int main(int argc, char** argv) {
    const bool junkOnly = argc == 6 && std::string(argv[5]) == "junk";
    if (argc != 5 && !junkOnly) {
        std::cerr << "usage: flood_sender PORT RATE_PER_SECOND MAX_COUNT MAX_SECONDS [junk]\n";
        return 2;
    }
    const long port = number(argv[1], 1, 65535), rate = number(argv[2], 1, 10000000);
    const long count = number(argv[3], 1, 100000000), seconds = number(argv[4], 1, 600);
    if (port < 0 || rate < 0 || count < 0 || seconds < 0) {
        std::cerr << "flood_sender: bad number\n";
        return 2;
    }
    const int fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (fd < 0) {
        std::perror("flood_sender: socket");
        return 2;
    }
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(std::uint16_t(port));
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // loopback only, whatever the caller wants
    std::uint8_t junk[12] = {'B', 'F', 5, 4, 'j', 'u', 'n', 'k', 'j', 'u', 'n', 'k'};
    std::uint8_t hello[96] = {'B', 'F', 5, 1};
    for (std::size_t i = 4; i < sizeof hello; ++i) hello[i] = std::uint8_t(i * 37);
    using Clock = std::chrono::steady_clock;
    const Clock::time_point t0 = Clock::now();
    long sent = 0;
    // Bounded: MAX_COUNT datagrams or MAX_SECONDS, whichever comes first; paced in slices of a millisecond.
    while (sent < count && Clock::now() - t0 < std::chrono::seconds(seconds)) {
        const long due = long(std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count() * rate / 1000000);
        for (; sent < due && sent < count; ++sent) {
            const bool j = junkOnly || sent % 2 == 0;
            sendto(fd, j ? junk : hello, j ? sizeof junk : sizeof hello, 0, reinterpret_cast<const sockaddr*>(&to), sizeof to);
        }
        std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    const long ms = long(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count());
    close(fd);
    std::cout << "sent " << sent << " datagrams in " << ms << " ms" << std::endl;
    return 0;
}
