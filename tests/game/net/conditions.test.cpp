// The network-conditions simulator and the in-memory network: delay, loss, duplicates and reordering do what
// their flags say (the flags themselves: tests/game/run/online_flags.test.cpp).
#include "game/net/conditions.h"
#include "game/net/memory_transport.h"

#include <doctest/doctest.h>

namespace {

std::vector<std::uint8_t> one(std::uint8_t v) { return {v}; }

}  // namespace

TEST_CASE("a delayed datagram arrives exactly when due and not before") {
    net::NetConditions c;
    c.delayMs = 80;
    net::ConditionedQueue q(c, 1);
    const auto b = one(7);
    q.push(5, b.data(), b.size(), 1000);
    net::Datagram d;
    CHECK_FALSE(q.popDue(1079, d));
    REQUIRE(q.popDue(1080, d));
    CHECK(d.to == 5);
    CHECK(d.bytes == b);
    CHECK_FALSE(q.popDue(5000, d));
}

TEST_CASE("loss, duplication and reordering happen at about their rates") {
    net::NetConditions c;
    c.lossPercent = 20;
    c.dupPercent = 10;
    c.delayMs = 50;
    c.reorderPercent = 30;
    net::ConditionedQueue q(c, 42);
    for (int i = 0; i < 2000; ++i) {
        const auto b = one(std::uint8_t(i));
        q.push(1, b.data(), b.size(), i);  // one a millisecond, in order
    }
    net::Datagram d;
    int got = 0, outOfOrder = 0;
    std::int64_t lastOrder = -1;
    while (q.popDue(1000000, d)) {
        ++got;
        if (std::int64_t(d.order) < lastOrder) ++outOfOrder;
        lastOrder = std::int64_t(d.order);
    }
    CHECK(q.dropped() > 300);  // ~400 expected
    CHECK(q.dropped() < 500);
    CHECK(got > 2000 - q.dropped() + 100);  // ~160 duplicates expected
    CHECK(got < 2000 - q.dropped() + 250);
    CHECK(outOfOrder > 100);  // held-back datagrams were overtaken
}

TEST_CASE("the in-memory network delivers only to the addressed endpoint with the sender's address") {
    net::MemoryNetwork network;
    net::NetConditions c;
    c.delayMs = 10;
    net::Transport& a = network.add(1, c, 1);
    net::Transport& b = network.add(2, {}, 2);
    net::Transport& third = network.add(3, {}, 3);
    const auto bytes = one(9);
    a.sendTo(2, bytes.data(), bytes.size(), 0);
    std::vector<std::uint8_t> got;
    net::Address from = 0;
    CHECK_FALSE(b.receive(got, from, 9));
    CHECK_FALSE(third.receive(got, from, 10));
    REQUIRE(b.receive(got, from, 10));
    CHECK(from == 1);
    CHECK(got == bytes);
}

namespace {

/// Every delivery of 500 datagrams (one a millisecond, each its own byte) through a queue seeded with `seed`:
/// the byte and its due time, in delivery order.
std::vector<std::int64_t> deliveries(std::uint64_t seed) {
    net::NetConditions c;
    c.lossPercent = 25;
    c.dupPercent = 25;
    c.delayMs = 30;
    c.jitterMs = 10;
    c.reorderPercent = 10;
    net::ConditionedQueue q(c, seed);
    for (int i = 0; i < 500; ++i) {
        const auto b = one(std::uint8_t(i));
        q.push(1, b.data(), b.size(), i);
    }
    std::vector<std::int64_t> out;
    net::Datagram d;
    while (q.popDue(1000000, d)) out.push_back(d.due * 256 + d.bytes[0]);
    return out;
}

}  // namespace

TEST_CASE("the simulator's seed decides every loss, copy and delay: the same seed twice alike, another seed not") {
    const std::vector<std::int64_t> a = deliveries(7), b = deliveries(7), c = deliveries(8);
    CHECK(a.size() > 300);  // ~375 expected (500 - 25% + 25% of the rest)
    CHECK(a == b);
    CHECK(a != c);
}
