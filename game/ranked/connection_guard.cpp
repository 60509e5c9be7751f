// The HTTP connections' guard (see connection_guard.h).
#include "game/ranked/connection_guard.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <sys/socket.h>

namespace ranked {
namespace {

// The peer of descriptor fd when it is a connected TCP socket on local port `port` (IPv4 address << 16 | port), or
// 0 for anything else (another socket, the listening one, a file, a closed descriptor).
std::uint64_t peerOn(int fd, int port) {
    int type = 0;
    socklen_t len = sizeof type;
    if (::getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_STREAM) return 0;
    sockaddr_in local{}, peer{};
    len = sizeof local;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&local), &len) != 0 || local.sin_family != AF_INET ||
        ntohs(local.sin_port) != port) {
        return 0;
    }
    len = sizeof peer;
    if (::getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &len) != 0 || peer.sin_family != AF_INET) return 0;
    return std::uint64_t(ntohl(peer.sin_addr.s_addr)) << 16 | ntohs(peer.sin_port);
}

// Every descriptor number this process has open.
std::vector<int> openDescriptors() {
    std::vector<int> out;
    DIR* dir = ::opendir("/proc/self/fd");
    if (dir == nullptr) return out;
    while (const dirent* e = ::readdir(dir)) {
        if (e->d_name[0] >= '0' && e->d_name[0] <= '9') out.push_back(std::atoi(e->d_name));
    }
    ::closedir(dir);
    return out;
}

}  // namespace

int ConnectionGuard::sweep(std::int64_t nowMs) {
    std::map<int, Connection> now;
    std::map<std::uint64_t, std::vector<std::pair<std::int64_t, int>>> byAddress;  // address -> (since, fd)
    for (int fd : openDescriptors()) {
        const std::uint64_t peer = peerOn(fd, port_);
        if (peer == 0) continue;
        const auto old = seen_.find(fd);
        const std::int64_t since = old != seen_.end() && old->second.peer == peer ? old->second.sinceMs : nowMs;
        now[fd] = Connection{peer, since};
        byAddress[peer >> 16].push_back({since, fd});
    }
    seen_.swap(now);
    int shut = 0;
    for (auto& entry : byAddress) {
        std::vector<std::pair<std::int64_t, int>>& conns = entry.second;
        std::sort(conns.begin(), conns.end());  // oldest first
        const std::size_t over = conns.size() > std::size_t(maxPerAddress_) ? conns.size() - maxPerAddress_ : 0;
        for (std::size_t i = 0; i < conns.size(); ++i) {
            const auto [since, fd] = conns[i];
            if (i >= over && nowMs - since <= maxAgeMs_) continue;
            if (peerOn(fd, port_) != seen_[fd].peer) continue;  // closed (or reused) since the look above
            ::shutdown(fd, SHUT_RDWR);
            ++shut;
        }
    }
    return shut;
}

}  // namespace ranked
