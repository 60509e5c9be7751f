// The simulated internet (see sim_network.h).
#include "game/simnet/sim_network.h"

#include "engine/splitmix64.h"

#include <algorithm>

namespace simnet {
namespace {

constexpr std::uint8_t kAllocate = 1, kPermit = 2, kSend = 3, kData = 4;
constexpr std::size_t kEnvelope = 7;  // kind and a 6-byte address

/// The relay model's MESSAGE-INTEGRITY: a keyed FNV-1a over the request (a byte changed on the way, or a request
/// made without the client's credential, fails it). Allocations and permissions carry it; sends, as TURN's Send
/// indications, do not.
std::uint64_t integrity(std::uint64_t credential, const std::uint8_t* data, std::size_t size) {
    std::uint64_t h = 14695981039346656037ULL ^ credential;
    for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 1099511628211ULL;
    return h;
}

void putAddress(std::vector<std::uint8_t>& out, Address a) {
    for (int i = 0; i < 6; ++i) out.push_back(std::uint8_t(a >> (8 * i)));
}

Address getAddress(const std::uint8_t* p) {
    Address a = 0;
    for (int i = 0; i < 6; ++i) a |= Address(p[i]) << (8 * i);
    return a;
}

}  // namespace

std::string addressText(Address a) {
    const std::uint32_t ip = ipOf(a);
    return std::to_string(ip >> 24) + "." + std::to_string((ip >> 16) & 255) + "." + std::to_string((ip >> 8) & 255) +
           "." + std::to_string(ip & 255) + ":" + std::to_string(a & 0xffff);
}

const char* natName(NatKind k) {
    switch (k) {
    case NatKind::None: return "none";
    case NatKind::FullCone: return "full-cone";
    case NatKind::PortRestricted: return "port-restricted";
    case NatKind::Symmetric: return "symmetric";
    }
    return "?";
}

SimSocket::~SimSocket() { net_.closed(host_, port_); }

void SimSocket::sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) {
    net_.send(host_, port_, to, data, size, nowMs);
}

bool SimSocket::receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) {
    return net_.take(host_, port_, data, from, nowMs, lastArrival_);
}

Address SimSocket::local() const { return makeAddress(net_.privateIp(host_), port_); }

std::uint64_t SimNetwork::next() { return engine::splitmix64(rng_); }

int SimNetwork::addHost(const std::string& name, NatKind nat, const LinkModel& link) {
    Host h;
    h.name = name;
    h.nat = nat;
    h.link = link;
    const std::uint32_t n = std::uint32_t(hosts_.size() + 1);
    h.publicIp = (203u << 24) | (n << 8) | 7u;  // 203.0.N.7: one public address per host or NAT
    h.privateIp = nat == NatKind::None ? h.publicIp : (10u << 24) | (n << 16) | 2u;
    hosts_.push_back(h);
    return int(hosts_.size()) - 1;
}

std::unique_ptr<SimSocket> SimNetwork::open(int h, std::uint16_t port) {
    return std::make_unique<SimSocket>(*this, h, port);
}

void SimNetwork::closed(int h, std::uint16_t port) {
    auto it = inboxes_.find(makeAddress(privateIp(h), port));
    if (it == inboxes_.end()) return;
    inFlight_ -= it->second.size();
    inboxes_.erase(it);
}

void SimNetwork::rebind(int h) {
    Host& host = hosts_[std::size_t(h)];
    host.mappings.clear();
    host.nextPort = std::uint16_t(host.nextPort + 1000);
}

int SimNetwork::hostByIp(std::uint32_t ip) const {
    for (std::size_t i = 0; i < hosts_.size(); ++i) {
        if (hosts_[i].publicIp == ip) return int(i);
    }
    return -1;
}

Address SimNetwork::translateOut(Host& h, std::uint16_t port, Address to) {
    if (h.nat == NatKind::None) return makeAddress(h.publicIp, port);
    const bool perDestination = h.nat == NatKind::Symmetric;
    for (auto& [pub, m] : h.mappings) {
        if (m.localPort == port && (!perDestination || m.dest == to)) {
            m.contacted.insert(to);
            return makeAddress(h.publicIp, pub);
        }
    }
    const std::uint16_t pub = h.nextPort++;
    Mapping& m = h.mappings[pub];
    m.localPort = port;
    m.dest = to;
    m.contacted.insert(to);
    return makeAddress(h.publicIp, pub);
}

bool SimNetwork::route(Address to, Address from, int& host, std::uint16_t& port) {
    host = hostByIp(ipOf(to));
    if (host < 0) return false;
    const Host& h = hosts_[std::size_t(host)];
    port = std::uint16_t(to & 0xffff);
    if (h.nat == NatKind::None) return true;
    const auto it = h.mappings.find(port);
    if (it == h.mappings.end()) return false;
    const Mapping& m = it->second;
    const bool let = h.nat == NatKind::FullCone || (h.nat == NatKind::PortRestricted && m.contacted.count(from) != 0) ||
                     (h.nat == NatKind::Symmetric && m.dest == from);
    port = m.localPort;
    return let;
}

bool SimNetwork::inOutage(int a, int b, std::int64_t nowMs) const {
    for (const Outage& o : outages_) {
        if (nowMs < o.fromMs || nowMs >= o.untilMs) continue;
        if (o.b < 0 && o.a == a) return true;
        if (o.b >= 0 && ((o.a == a && o.b == b) || (o.a == b && o.b == a))) return true;
    }
    return false;
}

void SimNetwork::send(int h, std::uint16_t port, Address to, const std::uint8_t* data, std::size_t size,
                      std::int64_t nowMs) {
    const Address src = translateOut(hosts_[std::size_t(h)], port, to);
    launch(h, src, to, data, size, nowMs);
}

void SimNetwork::spoof(int fromHost, Address claimedFrom, Address to, const std::uint8_t* data, std::size_t size,
                       std::int64_t nowMs) {
    launch(fromHost, claimedFrom, to, data, size, nowMs);
}

void SimNetwork::launch(int fromHost, Address src, Address to, const std::uint8_t* data, std::size_t size,
                        std::int64_t nowMs) {
    ++counters_.sent;
    if (captureMax_ > 0 && ipOf(src) != unseenIp_ && ipOf(to) != unseenIp_) {
        Captured c{src, to, std::vector<std::uint8_t>(data, data + size)};
        if (captured_.size() < captureMax_) captured_.push_back(std::move(c));
        else captured_[std::size_t(counters_.sent) % captureMax_] = std::move(c);
    }
    const int toHost = hostByIp(ipOf(to));
    if (inOutage(fromHost, toHost, nowMs)) {
        ++counters_.outage;
        return;
    }
    const LinkModel& l = hosts_[std::size_t(fromHost)].link;
    if (l.lossPermille > 0 && int(below(1000)) < l.lossPermille) {
        ++counters_.lost;
        return;
    }
    const int copies = l.dupPermille > 0 && int(below(1000)) < l.dupPermille ? 2 : 1;
    counters_.duplicated += copies - 1;
    for (int c = 0; c < copies; ++c) {
        std::int64_t delay = l.baseMs;
        if (l.jitterMs > 0) delay += std::int64_t(below(std::uint64_t(2 * l.jitterMs + 1))) - l.jitterMs;
        if (l.tailPercent > 0 && int(below(100)) < l.tailPercent)
            delay += std::int64_t(below(std::uint64_t(l.tailMs) + 1));
        if (l.reorderPermille > 0 && int(below(1000)) < l.reorderPermille) delay += l.baseMs / 2 + 20;
        const std::int64_t due = nowMs + std::max<std::int64_t>(delay, 0);
        if (toHost >= 0 && toHost == relayHost_) {
            relayIn(src, to, data, size, due);
            continue;
        }
        int h = 0;
        std::uint16_t port = 0;
        if (!route(to, src, h, port)) {
            ++(toHost < 0 ? counters_.unroutable : counters_.natDropped);
            continue;
        }
        inboxes_[makeAddress(privateIp(h), port)].push(
            InFlight{due, order_++, src, std::vector<std::uint8_t>(data, data + size)});
        counters_.peakInFlight = std::max(counters_.peakInFlight, ++inFlight_);
    }
}

bool SimNetwork::take(int h, std::uint16_t port, std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs,
                      std::int64_t& arrival) {
    auto it = inboxes_.find(makeAddress(privateIp(h), port));
    if (it == inboxes_.end()) return false;
    Inbox& box = it->second;
    while (!box.empty() && box.top().due <= nowMs) {
        InFlight d = box.top();
        box.pop();
        --inFlight_;
        const Address to = makeAddress(privateIp(h), port);
        if (hook_ && !hook_(d.from, to, d.bytes)) continue;
        ++counters_.delivered;
        data = std::move(d.bytes);
        from = d.from;
        arrival = d.due;
        return true;
    }
    return false;
}

void SimNetwork::relayIn(Address src, Address to, const std::uint8_t* data, std::size_t size, std::int64_t atMs) {
    const std::uint32_t relayIp = publicIp(relayHost_);
    const std::uint16_t toPort = std::uint16_t(to & 0xffff);
    if (toPort == kRelayPort) {  // from a client: allocate, permit, send
        if (size < kEnvelope) return void(++counters_.relayRefused);
        const Address peer = getAddress(data + 1);
        if (data[0] == kAllocate || data[0] == kPermit) {  // requests: checked against the client's credential
            if (size != kEnvelope + 14) return void(++counters_.relayRefused);  // the port and the integrity
            const std::uint16_t port = std::uint16_t(data[0] == kAllocate ? peer : getAddress(data + kEnvelope));
            const auto cred = credentials_.find(port);
            std::uint64_t tag = 0;
            for (int i = 0; i < 8; ++i) tag |= std::uint64_t(data[size - 8 + std::size_t(i)]) << (8 * i);
            if (cred == credentials_.end() || integrity(cred->second, data, size - 8) != tag)
                return void(++counters_.relayRefused);
            if (data[0] == kAllocate) return void(allocations_[port] = src);
            if (allocations_[port] == src) permissions_[port].insert(ipOf(peer));
            return;
        }
        const auto own =
            std::find_if(allocations_.begin(), allocations_.end(), [src](const auto& a) { return a.second == src; });
        if (own == allocations_.end() || data[0] != kSend) return void(++counters_.relayRefused);
        ++counters_.relayed;
        return launch(relayHost_, makeAddress(relayIp, own->first), peer, data + kEnvelope, size - kEnvelope, atMs);
    }
    const auto alloc = allocations_.find(toPort);  // from a peer to a relayed address
    if (alloc == allocations_.end() || permissions_[toPort].count(ipOf(src)) == 0)
        return void(++counters_.relayRefused);
    std::vector<std::uint8_t> env{kData};
    putAddress(env, src);
    env.insert(env.end(), data, data + size);
    ++counters_.relayed;
    launch(relayHost_, makeAddress(relayIp, kRelayPort), alloc->second, env.data(), env.size(), atMs);
}

RelayClient::RelayClient(SimNetwork& net, net::Transport& inner, std::uint16_t relayedPort)
    : net_(net), inner_(inner), port_(relayedPort), credential_(net.next()) {
    net.credentials_[relayedPort] = credential_;  // the relay knows its users' passwords
}

Address RelayClient::relayedAddress() const { return makeAddress(net_.publicIp(net_.relayHost()), port_); }

void RelayClient::envelope(std::uint8_t kind, Address peer, const std::uint8_t* data, std::size_t size,
                           std::int64_t nowMs) {
    std::vector<std::uint8_t> env{kind};
    putAddress(env, peer);
    env.insert(env.end(), data, data + size);
    if (kind == kAllocate || kind == kPermit) {  // a request: the allocation's port, then its integrity
        putAddress(env, port_);
        const std::uint64_t tag = integrity(credential_, env.data(), env.size());
        for (int i = 0; i < 8; ++i) env.push_back(std::uint8_t(tag >> (8 * i)));
    }
    inner_.sendTo(makeAddress(net_.publicIp(net_.relayHost()), kRelayPort), env.data(), env.size(), nowMs);
}

void RelayClient::refresh(std::int64_t nowMs) {
    if (nowMs - lastRefreshMs_ < 1000) return;
    lastRefreshMs_ = nowMs;
    envelope(kAllocate, port_, nullptr, 0, nowMs);
    for (Address peer : permitted_) envelope(kPermit, peer, nullptr, 0, nowMs);  // a lost one is said again
}

void RelayClient::permit(Address peer, std::int64_t nowMs) {
    permitted_.insert(peer);
    envelope(kPermit, peer, nullptr, 0, nowMs);
}

void RelayClient::sendTo(Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) {
    if (relayed_.count(to) != 0) return envelope(kSend, to, data, size, nowMs);
    inner_.sendTo(to, data, size, nowMs);
}

bool RelayClient::receive(std::vector<std::uint8_t>& data, Address& from, std::int64_t nowMs) {
    const Address server = makeAddress(net_.publicIp(net_.relayHost()), kRelayPort);
    for (int i = 0; i < 4096 && inner_.receive(data, from, nowMs); ++i) {
        if (from != server) return true;
        if (data.size() < kEnvelope || data[0] != kData) continue;
        from = getAddress(data.data() + 1);
        data.erase(data.begin(), data.begin() + std::ptrdiff_t(kEnvelope));
        relayed_.insert(from);
        return true;
    }
    return false;
}

}  // namespace simnet
