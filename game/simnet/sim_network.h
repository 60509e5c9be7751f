#pragma once
// The simulated internet of the online simulator: hosts with addresses, NATs (full cone, port-restricted,
// symmetric) in front of some of them, a TURN relay model, and links whose datagrams suffer a latency distribution,
// jitter, loss, duplication, reordering, bursts of loss and partitions that heal. Every socket is a net::Transport,
// so the real NetPeer, LobbyClient, lobby::Server and spectators run on it unchanged. There is no clock here: every
// call passes the simulated time in, and every decision comes from one seeded generator, so a seed replays a run.
//
// Addresses are IPv4 << 16 | port, as over UDP. Hosts behind a NAT have a private address (10.N.0.2) that no other
// host can reach (each NAT is its own LAN); the world sees the NAT's public address and the ports it maps.
#include "game/net/transport.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <queue>
#include <set>
#include <string>
#include <vector>

namespace simnet {

using net::Address;

/// An address from an IPv4 address and a port.
constexpr Address makeAddress(std::uint32_t ip, std::uint16_t port) { return Address(ip) << 16 | port; }
/// The IPv4 part of an address.
constexpr std::uint32_t ipOf(Address a) { return std::uint32_t(a >> 16); }
/// "a.b.c.d:port".
std::string addressText(Address a);

/// What sits between a host and the internet.
enum class NatKind : std::uint8_t {
    None,            ///< the host has a public address
    FullCone,        ///< one mapping per socket; anyone may send to it
    PortRestricted,  ///< one mapping per socket; only addresses the socket sent to may answer
    Symmetric,       ///< one mapping per socket and destination; only that destination may answer
};
const char* natName(NatKind k);

/// What datagrams leaving a host suffer on the way (latency = base + uniform jitter, plus, for tailPercent of
/// them, a spike of up to tailMs: a long-tailed distribution).
struct LinkModel {
    int baseMs = 20;
    int jitterMs = 0;
    int tailPercent = 0;
    int tailMs = 0;
    int lossPermille = 0;
    int dupPermille = 0;
    int reorderPermille = 0;  ///< held back a further base/2 + 20 ms, so later datagrams overtake it
};

/// A window of time in which datagrams between two hosts (or from one host to anyone: b < 0) are all lost.
struct Outage {
    int a = 0;
    int b = -1;
    std::int64_t fromMs = 0;
    std::int64_t untilMs = 0;
};

/// One datagram as it crossed the wire (for an on-path attacker).
struct Captured {
    Address from = 0;
    Address to = 0;
    std::vector<std::uint8_t> bytes;
};

/// Counters of the whole network.
struct NetworkCounters {
    std::int64_t sent = 0, delivered = 0, lost = 0, duplicated = 0, outage = 0, natDropped = 0, unroutable = 0,
                 relayed = 0, relayRefused = 0;
    std::size_t peakInFlight = 0;  ///< most datagrams on the way at once (memory bound)
};

class SimNetwork;

/// A UDP socket on a host.
class SimSocket : public net::Transport {
public:
    SimSocket(SimNetwork& net, int host, std::uint16_t port) : net_(net), host_(host), port_(port) {}
    ~SimSocket() override;
    void sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override;
    bool receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) override;
    std::int64_t lastArrivalMs() const override { return lastArrival_; }
    std::string addressName(Address a) const override { return addressText(a); }
    /// The host's own (private, behind a NAT) address of this socket.
    Address local() const;
    int host() const { return host_; }

private:
    SimNetwork& net_;
    int host_;
    std::uint16_t port_;
    std::int64_t lastArrival_ = -1;
};

/// The network.
class SimNetwork {
public:
    explicit SimNetwork(std::uint64_t seed) : rng_(seed) {}
    /// Adds a host (its index is returned): public when nat is None, else behind a NAT of that kind.
    int addHost(const std::string& name, NatKind nat, const LinkModel& link);
    /// A socket on host h bound to port (the caller owns it; a port opened again after a close gets what is still
    /// on its way there, as a restarted process would).
    std::unique_ptr<SimSocket> open(int h, std::uint16_t port);
    /// The host's address as the world reaches it for port (its NAT's public address for a NAT'd host: the port is
    /// then only a guess; the lobby tells the real mapping).
    std::uint32_t publicIp(int h) const { return hosts_[std::size_t(h)].publicIp; }
    std::uint32_t privateIp(int h) const { return hosts_[std::size_t(h)].privateIp; }
    NatKind nat(int h) const { return hosts_[std::size_t(h)].nat; }
    const std::string& name(int h) const { return hosts_[std::size_t(h)].name; }
    /// Changes the datagrams a host sends from now on.
    void setLink(int h, const LinkModel& link) { hosts_[std::size_t(h)].link = link; }
    const LinkModel& link(int h) const { return hosts_[std::size_t(h)].link; }
    /// Datagrams between a and b (or from a to anyone, b < 0) are lost in [fromMs, untilMs).
    void addOutage(const Outage& o) { outages_.push_back(o); }
    /// The NAT of host h forgets its mappings: every socket behind it leaves from a new port from now on.
    void rebind(int h);
    /// Makes host h a TURN relay model (public, no NAT): see RelayClient.
    void makeRelay(int h) { relayHost_ = h; }
    int relayHost() const { return relayHost_; }
    /// Sends a datagram whose source address is forged (an attacker off the path spoofing someone).
    void spoof(int fromHost, Address claimedFrom, Address to, const std::uint8_t* data, std::size_t size,
               std::int64_t nowMs);
    /// Keeps the last `n` datagrams that crossed the wire for an attacker on the players' path (not the lobby's:
    /// datagrams to or from `unseenIp` are not kept).
    void captureLast(std::size_t n, std::uint32_t unseenIp) {
        captureMax_ = n;
        unseenIp_ = unseenIp;
    }
    const std::vector<Captured>& captured() const { return captured_; }
    const NetworkCounters& counters() const { return counters_; }
    /// Datagrams on their way now.
    std::size_t inFlight() const { return inFlight_; }
    /// A hook that may change or drop (return false) any datagram delivered to `to` (the explorer's planted bugs).
    using DeliveryHook = std::function<bool(Address from, Address to, std::vector<std::uint8_t>& bytes)>;
    void setDeliveryHook(DeliveryHook h) { hook_ = std::move(h); }
    /// The next number of the network's generator (the world draws its random choices here too).
    std::uint64_t next();
    /// A number in [0, n).
    std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : next() % n; }

    // Used by SimSocket and the relay model.
    void send(int h, std::uint16_t port, Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs);
    bool take(int h, std::uint16_t port, std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs,
              std::int64_t& arrival);
    void closed(int h, std::uint16_t port);

private:
    struct Mapping {
        std::uint16_t localPort = 0;
        Address dest = 0;             // symmetric: the one destination
        std::set<Address> contacted;  // port-restricted: who it sent to
    };
    struct Host {
        std::string name;
        NatKind nat = NatKind::None;
        std::uint32_t privateIp = 0, publicIp = 0;
        LinkModel link;
        std::map<std::uint16_t, Mapping> mappings;  // public port -> mapping
        std::uint16_t nextPort = 20000;
    };
    struct InFlight {
        std::int64_t due = 0;
        std::uint64_t order = 0;
        Address from = 0;
        std::vector<std::uint8_t> bytes;
        bool operator>(const InFlight& o) const { return due != o.due ? due > o.due : order > o.order; }
    };
    using Inbox = std::priority_queue<InFlight, std::vector<InFlight>, std::greater<InFlight>>;

    Address translateOut(Host& h, std::uint16_t port, Address to);
    bool route(Address to, Address from, int& host, std::uint16_t& port);
    bool inOutage(int a, int b, std::int64_t nowMs) const;
    void launch(int fromHost, Address src, Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs);
    void relayIn(Address src, Address to, const std::uint8_t* data, std::size_t size, std::int64_t atMs);
    int hostByIp(std::uint32_t ip) const;
    friend class RelayClient;

    std::uint64_t rng_;
    std::vector<Host> hosts_;
    std::map<Address, Inbox> inboxes_;  // by the receiving socket's local address
    std::vector<Outage> outages_;
    int relayHost_ = -1;
    std::map<std::uint16_t, Address> allocations_;  // relayed port -> the client's address as the relay saw it
    std::map<std::uint16_t, std::set<std::uint32_t>> permissions_;
    std::map<std::uint16_t, std::uint64_t> credentials_;  // relayed port -> its client's credential
    std::vector<Captured> captured_;
    std::size_t captureMax_ = 0;
    std::uint32_t unseenIp_ = 0;
    std::uint64_t order_ = 0;
    std::size_t inFlight_ = 0;
    NetworkCounters counters_;
    DeliveryHook hook_;
};

/// The TURN port of the relay model.
constexpr std::uint16_t kRelayPort = 3478;

/// A client's side of the TURN relay model, in front of its socket (a model of net::TurnTransport with directFirst:
/// the allocation and its refreshes are one datagram each, the messages a 7-byte envelope instead of STUN; requests
/// carry a keyed integrity check, as TURN's MESSAGE-INTEGRITY, indications do not). A
/// datagram that came through the relay comes up from the sender's address as the relay saw it, and what goes back
/// to such an address goes through the relay again; everything else goes straight out. The relay forwards to the
/// client only from IPs the client permitted (permit(), or by sending to them through it).
class RelayClient : public net::Transport {
public:
    RelayClient(SimNetwork& net, net::Transport& inner, std::uint16_t relayedPort);
    /// Allocates, then refreshes the allocation and the permissions every second (a lost request is said again,
    /// as a TURN client retransmits).
    void refresh(std::int64_t nowMs);
    /// Lets datagrams from this IP through the relay.
    void permit(Address peer, std::int64_t nowMs);
    Address relayedAddress() const;
    bool relayedPeer(Address a) const { return relayed_.count(a) != 0; }
    void sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override;
    bool receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) override;
    std::int64_t lastArrivalMs() const override { return inner_.lastArrivalMs(); }
    std::string addressName(Address a) const override { return inner_.addressName(a); }

private:
    void envelope(std::uint8_t kind, Address peer, const std::uint8_t* data, std::size_t size, std::int64_t nowMs);
    SimNetwork& net_;
    net::Transport& inner_;
    std::uint16_t port_;
    std::set<Address> relayed_;
    std::set<Address> permitted_;
    std::uint64_t credential_;
    std::int64_t lastRefreshMs_ = -1000000;
};

}  // namespace simnet
