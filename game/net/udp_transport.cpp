// UDP through sf::UdpSocket, read with recvmsg for the arrival times and ICMP errors (see udp_transport.h).
#include "game/net/udp_transport.h"

#include "game/net/packet.h"
#include "game/net/sfml_quiet.h"

#include <SFML/Network/IpAddress.hpp>

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <linux/errqueue.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <time.h>

#include <cerrno>
#include <cstring>

namespace net {
namespace {

constexpr std::size_t kMaxUnreachable = 16;  // reports kept until the peer takes them

Address makeAddress(const sf::IpAddress& ip, unsigned short port) { return (Address(ip.toInteger()) << 16) | port; }
Address fromSockaddr(const sockaddr_in& a) { return (Address(ntohl(a.sin_addr.s_addr)) << 16) | ntohs(a.sin_port); }
sf::IpAddress ipOf(Address a) { return sf::IpAddress(sf::Uint32(a >> 16)); }
unsigned short portOf(Address a) { return static_cast<unsigned short>(a & 0xffff); }

std::int64_t realtimeNs() {
    timespec ts{};
    clock_gettime(CLOCK_REALTIME, &ts);
    return std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

}  // namespace

bool resolveAddress(const std::string& host, unsigned short port, Address& out) {
    const sf::IpAddress ip = host.empty() ? sf::IpAddress::None : sf::IpAddress(host);
    if (ip == sf::IpAddress::None) return false;
    out = makeAddress(ip, port);
    return true;
}

std::vector<Address> localAddresses(unsigned short port, std::size_t max) {
    std::vector<Address> out;
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) != 0) return out;
    for (ifaddrs* i = list; i != nullptr && out.size() < max; i = i->ifa_next) {
        if (i->ifa_addr == nullptr || i->ifa_addr->sa_family != AF_INET) continue;
        if (!(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK)) continue;
        sockaddr_in a;
        std::memcpy(&a, i->ifa_addr, sizeof a);
        a.sin_port = htons(port);
        out.push_back(fromSockaddr(a));
    }
    freeifaddrs(list);
    return out;
}

std::string addressText(Address a) { return ipOf(a).toString() + ":" + std::to_string(portOf(a)); }

bool UdpTransport::open(unsigned short port, std::string& error) {
    socket_.setBlocking(false);
    const net::QuietSfml quiet;  // the message below says it, naming the port
    if (socket_.bind(port == 0 ? static_cast<unsigned short>(sf::Socket::AnyPort) : port) != sf::Socket::Done) {
        error = "cannot use UDP port " + std::to_string(port) + " (in use, or not allowed)";
        return false;
    }
    const int fd = socket_.getHandle();
    const int size = kReceiveBuffer, on = 1;
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);  // best effort: the kernel may grant less
    socklen_t len = sizeof receiveBuffer_;
    getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receiveBuffer_, &len);
    setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on);
    setsockopt(fd, IPPROTO_IP, IP_RECVERR, &on, sizeof on);
    return true;
}

void UdpTransport::flush(std::int64_t nowMs) {
    Datagram d;
    while (out_.popDue(nowMs, d)) {
        if (socket_.send(d.bytes.data(), d.bytes.size(), ipOf(d.to), portOf(d.to)) != sf::Socket::Done) ++sendErrors_;
    }
}

void UdpTransport::sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) {
    out_.push(to, data, size, nowMs);
    flush(nowMs);
}

void UdpTransport::readErrors() {
    for (int i = 0; i < 64; ++i) {  // bounded: the error queue is read until empty or this many
        sockaddr_in offender{};
        char control[512];
        std::uint8_t payload[64];
        iovec iov{payload, sizeof payload};
        msghdr m{};
        m.msg_name = &offender;
        m.msg_namelen = sizeof offender;
        m.msg_iov = &iov;
        m.msg_iovlen = 1;
        m.msg_control = control;
        m.msg_controllen = sizeof control;
        if (recvmsg(socket_.getHandle(), &m, MSG_ERRQUEUE | MSG_DONTWAIT) < 0) return;
        for (cmsghdr* c = CMSG_FIRSTHDR(&m); c != nullptr; c = CMSG_NXTHDR(&m, c)) {
            if (c->cmsg_level != IPPROTO_IP || c->cmsg_type != IP_RECVERR) continue;
            sock_extended_err e;
            std::memcpy(&e, CMSG_DATA(c), sizeof e);
            const bool refused =
                e.ee_origin == SO_EE_ORIGIN_ICMP && e.ee_type == 3 && e.ee_code == 3;  // port unreachable
            if (refused && unreachable_.size() < kMaxUnreachable) unreachable_.push_back(fromSockaddr(offender));
        }
    }
}

bool UdpTransport::takeUnreachable(Address& to) {
    readErrors();
    if (unreachable_.empty()) return false;
    to = unreachable_.front();
    unreachable_.erase(unreachable_.begin());
    return true;
}

bool UdpTransport::receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) {
    flush(nowMs);
    // Room for any datagram a layer above decodes (a game packet, a spectator packet, a TURN message carrying a
    // game packet); a larger one arrives cut to this size and fails to decode.
    std::uint8_t buf[kMaxDatagramSize];
    for (int attempt = 0; attempt < 4; ++attempt) {  // a pending ICMP error fails one read; then the data comes
        sockaddr_in source{};
        alignas(cmsghdr) char control[128];
        iovec iov{buf, sizeof buf};
        msghdr m{};
        m.msg_name = &source;
        m.msg_namelen = sizeof source;
        m.msg_iov = &iov;
        m.msg_iovlen = 1;
        m.msg_control = control;
        m.msg_controllen = sizeof control;
        const ssize_t got = recvmsg(socket_.getHandle(), &m, MSG_DONTWAIT);
        if (got < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) return false;
            if (errno != EINTR) readErrors();
            continue;
        }
        lastArrivalMs_ = -1;
        for (cmsghdr* c = CMSG_FIRSTHDR(&m); c != nullptr; c = CMSG_NXTHDR(&m, c)) {
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS) {
                timespec ts;
                std::memcpy(&ts, CMSG_DATA(c), sizeof ts);
                const std::int64_t waitedNs = realtimeNs() - (std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec);
                if (waitedNs >= 0 && waitedNs < 10000000000LL) lastArrivalMs_ = nowMs - waitedNs / 1000000;
            }
        }
        data.assign(buf, buf + got);
        from = fromSockaddr(source);
        return true;
    }
    return false;
}

}  // namespace net
