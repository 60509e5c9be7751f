// UDP through sf::UdpSocket (see udp_transport.h).
#include "game/net/udp_transport.h"

#include "game/net/packet.h"

#include <SFML/Network/IpAddress.hpp>


namespace net {
namespace {

Address makeAddress(const sf::IpAddress& ip, unsigned short port) { return (Address(ip.toInteger()) << 16) | port; }
sf::IpAddress ipOf(Address a) { return sf::IpAddress(sf::Uint32(a >> 16)); }
unsigned short portOf(Address a) { return static_cast<unsigned short>(a & 0xffff); }

}  // namespace

bool resolveAddress(const std::string& host, unsigned short port, Address& out) {
    const sf::IpAddress ip = host.empty() ? sf::IpAddress::None : sf::IpAddress(host);
    if (ip == sf::IpAddress::None) return false;
    out = makeAddress(ip, port);
    return true;
}

std::string addressText(Address a) { return ipOf(a).toString() + ":" + std::to_string(portOf(a)); }

bool UdpTransport::open(unsigned short port, std::string& error) {
    socket_.setBlocking(false);
    if (socket_.bind(port == 0 ? static_cast<unsigned short>(sf::Socket::AnyPort) : port) != sf::Socket::Done) {
        error = "cannot use UDP port " + std::to_string(port) + " (in use, or not allowed)";
        return false;
    }
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

bool UdpTransport::receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) {
    flush(nowMs);
    // Room for any datagram a layer above decodes (a game packet, a spectator packet, a TURN message carrying a
    // game packet); a larger one arrives cut to this size and fails to decode.
    std::uint8_t buf[kMaxDatagramSize];
    std::size_t got = 0;
    sf::IpAddress ip;
    unsigned short port = 0;
    if (socket_.receive(buf, sizeof buf, got, ip, port) != sf::Socket::Done) return false;
    data.assign(buf, buf + got);
    from = makeAddress(ip, port);
    return true;
}

}  // namespace net
