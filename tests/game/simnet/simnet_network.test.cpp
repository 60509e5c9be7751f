// The simulated network's models, each against what was worked out by hand: a full-cone NAT lets anyone in once a
// mapping exists, a port-restricted one only those its socket sent to, a symmetric one maps each destination to its
// own port; an outage loses everything in its window; a rebound NAT leaves from a new port; the relay forwards only
// from permitted IPs and refuses a request whose integrity fails.
#include "game/simnet/sim_network.h"

#include <doctest/doctest.h>

namespace {

using simnet::Address;
using simnet::NatKind;

/// The source address the datagram arrived from at `to` by nowMs, or 0 when none came.
Address heardFrom(net::Transport& to, std::int64_t nowMs) {
    std::vector<std::uint8_t> data;
    Address from = 0;
    return to.receive(data, from, nowMs) ? from : 0;
}

const std::uint8_t kByte[] = {1};

}  // namespace

TEST_CASE(
    "simulated NATs: full cone lets anyone in, port-restricted only whom it sent to, symmetric maps each destination "
    "apart") {
    simnet::SimNetwork net(1);
    simnet::LinkModel link;
    link.baseMs = 10;
    const int server = net.addHost("server", NatKind::None, link);
    const int other = net.addHost("other", NatKind::None, link);
    const int cone = net.addHost("cone", NatKind::FullCone, link);
    const int restricted = net.addHost("restricted", NatKind::PortRestricted, link);
    const int symmetric = net.addHost("symmetric", NatKind::Symmetric, link);
    auto s = net.open(server, 1000), o = net.open(other, 2000);
    const Address sAt = simnet::makeAddress(net.publicIp(server), 1000),
                  oAt = simnet::makeAddress(net.publicIp(other), 2000);
    for (int h : {cone, restricted, symmetric}) {
        CAPTURE(net.name(h));
        auto c = net.open(h, 5000);
        c->sendTo(sAt, kByte, 1, 0);
        const Address mapped = heardFrom(*s, 10);  // 10 ms later at the server, from the NAT's public address
        REQUIRE(simnet::ipOf(mapped) == net.publicIp(h));
        s->sendTo(mapped, kByte, 1, 20);
        CHECK(heardFrom(*c, 30) == sAt);  // the answer to what it sent always comes in
        o->sendTo(mapped, kByte, 1, 40);  // a stranger at the same mapping
        CHECK((heardFrom(*c, 50) == oAt) == (h == cone));
        c->sendTo(oAt, kByte, 1, 60);  // now it sends to the stranger
        const Address second = heardFrom(*o, 70);
        CHECK((second == mapped) == (h != symmetric));  // a symmetric NAT gives that destination another port
        o->sendTo(second, kByte, 1, 80);
        CHECK(heardFrom(*c, 90) == oAt);
    }
}

TEST_CASE("simulated links: an outage loses what is sent in its window, a rebound NAT leaves from a new port") {
    simnet::SimNetwork net(2);
    simnet::LinkModel link;
    link.baseMs = 5;
    const int a = net.addHost("a", NatKind::PortRestricted, link);
    const int b = net.addHost("b", NatKind::None, link);
    auto sa = net.open(a, 7000), sb = net.open(b, 7000);
    const Address bAt = simnet::makeAddress(net.publicIp(b), 7000);
    net.addOutage(simnet::Outage{a, b, 100, 200});
    sa->sendTo(bAt, kByte, 1, 0);
    const Address first = heardFrom(*sb, 5);
    CHECK(first != 0);
    sa->sendTo(bAt, kByte, 1, 100);  // in the partition
    sa->sendTo(bAt, kByte, 1, 199);
    CHECK(heardFrom(*sb, 1000) == 0);
    sa->sendTo(bAt, kByte, 1, 200);  // healed
    CHECK(heardFrom(*sb, 1000) == first);
    net.rebind(a);
    sa->sendTo(bAt, kByte, 1, 1000);
    const Address after = heardFrom(*sb, 1005);
    CHECK(simnet::ipOf(after) == simnet::ipOf(first));
    CHECK(after != first);
    sb->sendTo(first, kByte, 1, 1010);  // the old mapping is gone
    CHECK(heardFrom(*sa, 2000) == 0);
    CHECK(net.counters().outage == 2);
}

TEST_CASE("the relay model forwards only from permitted IPs, answers through itself, and ignores a forged permission") {
    simnet::SimNetwork net(3);
    simnet::LinkModel link;
    link.baseMs = 5;
    const int client = net.addHost("client", NatKind::Symmetric, link);
    const int peer = net.addHost("peer", NatKind::None, link);
    const int stranger = net.addHost("stranger", NatKind::None, link);
    const int relay = net.addHost("relay", NatKind::None, link);
    net.makeRelay(relay);
    auto cs = net.open(client, 7000), ps = net.open(peer, 9000), xs = net.open(stranger, 9000);
    simnet::RelayClient rc(net, *cs, 50001);
    rc.refresh(0);
    const Address relayed = rc.relayedAddress();
    xs->sendTo(relayed, kByte, 1, 20);  // not permitted
    CHECK(heardFrom(rc, 100) == 0);
    // A permission forged by someone else in the client's name (no valid integrity) is refused.
    std::vector<std::uint8_t> forged = {2, 0, 0, 0, 0, 0, 0};
    const Address xAt = simnet::makeAddress(net.publicIp(stranger), 9000);
    for (int i = 0; i < 6; ++i) forged[std::size_t(1 + i)] = std::uint8_t(xAt >> (8 * i));
    xs->sendTo(simnet::makeAddress(net.publicIp(relay), simnet::kRelayPort), forged.data(), forged.size(), 110);
    for (int i = 0; i < 6; ++i) forged.push_back(std::uint8_t(std::uint64_t(50001) >> (8 * i)));  // the port ...
    forged.resize(forged.size() + 8, 0xAB);  // ... and an integrity made up
    xs->sendTo(simnet::makeAddress(net.publicIp(relay), simnet::kRelayPort), forged.data(), forged.size(), 111);
    xs->sendTo(relayed, kByte, 1, 130);
    CHECK(heardFrom(rc, 200) == 0);
    rc.permit(simnet::makeAddress(net.publicIp(peer), 9000), 200);
    ps->sendTo(relayed, kByte, 1, 300);
    const Address pAt = simnet::makeAddress(net.publicIp(peer), 9000);
    CHECK(heardFrom(rc, 400) == pAt);
    CHECK(rc.relayedPeer(pAt));
    rc.sendTo(pAt, kByte, 1, 400);  // back through the relay: it comes from the relayed address
    CHECK(heardFrom(*ps, 500) == relayed);
    CHECK(net.counters().relayRefused >= 4);
}
