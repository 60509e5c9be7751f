#pragma once
// The Transport over UDP (a non-blocking sf::UdpSocket, read with recvmsg), with the network-conditions simulator
// in front of sends.
//
// A joiner binds any free port and talks to one address; a host binds the port it was given (0 = let the system
// pick; localPort() tells which). Nothing here decides whom to trust: the peer filters by address, token and tag.
// The socket's receive buffer is asked for kReceiveBuffer bytes (the kernel caps it at net.core.rmem_max), so a
// burst waits in the kernel instead of being dropped between two ticks; each datagram comes with the kernel's
// arrival time (SO_TIMESTAMPNS), so the ping does not include how long it waited to be read; and ICMP "port
// unreachable" answers are asked for (IP_RECVERR), so a join to a closed port fails at once. Only IPv4
// (sf::IpAddress in SFML 2.5 is IPv4 only).
#include "game/net/conditions.h"
#include "game/net/transport.h"

#include <SFML/Network/UdpSocket.hpp>

#include <string>
#include <vector>

namespace net {

/// Largest datagram received whole (STUN's kMaxStunSize: a TURN message around a game packet).
constexpr std::size_t kMaxDatagramSize = 2048;

/// Default UDP port of `--host` and `--join HOST`.
constexpr unsigned short kDefaultPort = 7000;
/// Receive buffer asked of the kernel.
constexpr int kReceiveBuffer = 1 << 20;

/// Resolves a host (a name or dotted IPv4) at a port; false when it cannot. ("HOST[:PORT]" text is read, and a
/// failure worded, above net where the flags are: run::resolveJoinAddress.)
bool resolveAddress(const std::string& host, unsigned short port, Address& out);
/// This machine's IPv4 addresses that are up and not loopback, at port (at most max): the local candidates a lobby
/// passes to the other side, for two players behind the same NAT.
std::vector<Address> localAddresses(unsigned short port, std::size_t max = 3);
/// "a.b.c.d:port" of an address.
std::string addressText(Address a);

/// A non-blocking UDP endpoint.
class UdpTransport : public Transport {
public:
    /// Conditions applied to what this side sends (seeded for repeatability).
    UdpTransport(const NetConditions& c, std::uint64_t seed) : out_(c, seed) {}
    /// Binds port (0 = any free port); false with error set (`cannot use UDP port N: ...`).
    bool open(unsigned short port, std::string& error);
    /// The bound port.
    unsigned short localPort() const { return socket_.getLocalPort(); }
    /// Queues the datagram through the conditions and sends whatever is due.
    void sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override;
    /// Sends what is due, then takes one waiting datagram from the socket (never blocks).
    bool receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) override;
    std::int64_t lastArrivalMs() const override { return lastArrivalMs_; }
    bool takeUnreachable(Address& to) override;
    std::string addressName(Address a) const override { return addressText(a); }
    /// Sends what is due by nowMs (a caller that is done keeps calling this until nothing is queued).
    void flush(std::int64_t nowMs);
    /// Datagrams the conditions still hold back.
    std::size_t queued() const { return out_.queued(); }
    /// Datagrams the OS refused to send.
    std::int64_t sendErrors() const { return sendErrors_; }
    /// Datagrams dropped by the simulated loss.
    std::int64_t simulatedLoss() const { return out_.dropped(); }
    /// The receive buffer the kernel granted (bytes; 0 before open).
    int receiveBuffer() const { return receiveBuffer_; }

private:
    /// sf::UdpSocket with its descriptor reachable (for recvmsg and the socket options SFML does not offer).
    class Socket : public sf::UdpSocket {
    public:
        using sf::UdpSocket::getHandle;
    };
    void readErrors();

    Socket socket_;
    ConditionedQueue out_;
    std::int64_t sendErrors_ = 0;
    std::int64_t lastArrivalMs_ = -1;
    int receiveBuffer_ = 0;
    std::vector<Address> unreachable_;
};

}  // namespace net
