// Two peers in one process over the in-memory network with a fake clock, under many network conditions: every
// run must end with both sides' per-frame confirmed hashes equal to the offline run of the same inputs.
#include "net_test_util.h"

#include <doctest/doctest.h>

#include <algorithm>

namespace {

/// One row of the condition matrix.
struct Condition {
    const char* name;
    net::NetConditions toJoiner;  // what the host's sends suffer
    net::NetConditions toHost;    // what the joiner's sends suffer
    int inputDelay;
    int maxRollback;
    std::int64_t joinerPeriodUs;  // 16667 = 60 Hz; 17500 = 5% slower
};

net::NetConditions cond(int delay, int jitter, double loss, double dup, double reorder) {
    net::NetConditions c;
    c.delayMs = delay;
    c.jitterMs = jitter;
    c.lossPercent = loss;
    c.dupPercent = dup;
    c.reorderPercent = reorder;
    return c;
}

net::LoopbackResult runPair(const Condition& c, const std::vector<std::uint16_t> (&buttons)[2],
                            const sim::MatchSetup& setup, std::uint32_t frameLimit, std::uint64_t seed) {
    net::LoopbackSpec spec;
    spec.toJoiner = c.toJoiner;
    spec.toHost = c.toHost;
    spec.session.inputDelay = c.inputDelay;
    spec.session.maxRollback = c.maxRollback;
    spec.setup = setup;
    spec.frameLimit = frameLimit;
    spec.joinerPeriodUs = c.joinerPeriodUs;
    spec.seed = seed;
    spec.buttons[0] = buttons[0];
    spec.buttons[1] = buttons[1];
    spec.loader = nettest::dataLoader();
    return net::playLoopback(spec);
}

/// The first frame whose hashes differ (0 = none; a missing frame counts as different).
std::int64_t firstDifference(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
    for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        if (i >= a.size() || i >= b.size() || a[i] != b[i]) return std::int64_t(i) + 1;
    }
    return 0;
}

const Condition kMatrix[] = {
    {"perfect network, delay 2", {}, {}, 2, 8, 16667},
    {"perfect network, no input delay", {}, {}, 0, 8, 16667},
    {"50 ms, jitter 10", cond(50, 10, 0, 0, 0), cond(50, 10, 0, 0, 0), 2, 8, 16667},
    {"100 ms, jitter 20, 5% loss", cond(100, 20, 5, 0, 0), cond(100, 20, 5, 0, 0), 2, 8, 16667},
    {"150 ms, 10% loss, dup, reorder", cond(150, 10, 10, 5, 10), cond(150, 10, 10, 5, 10), 1, 8, 16667},
    {"250 ms, jitter 30, 20% loss, dup, reorder", cond(250, 30, 20, 10, 10), cond(250, 30, 20, 10, 10), 2, 8, 16667},
    {"20% loss only, delay 0", cond(0, 0, 20, 0, 0), cond(0, 0, 20, 0, 0), 0, 8, 16667},
    {"asymmetric 20 ms / 160 ms", cond(20, 5, 2, 0, 0), cond(160, 20, 2, 0, 0), 2, 8, 16667},
    {"joiner 5% slower, 80 ms, 5% loss", cond(80, 20, 5, 0, 0), cond(80, 20, 5, 0, 0), 2, 8, 17500},
    {"joiner 5% slower, perfect network", {}, {}, 1, 8, 17500},
    {"input delay 4, rollback window 4, 120 ms", cond(120, 15, 5, 5, 5), cond(120, 15, 5, 5, 5), 4, 4, 16667},
    {"rollback window 12, 200 ms, 10% loss", cond(200, 20, 10, 0, 5), cond(200, 20, 10, 0, 5), 1, 12, 16667},
};

}  // namespace

TEST_CASE("two peers over the in-memory network confirm the offline hashes of every frame under every condition") {
    sim::MatchSetup setup;
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "brick";
    setup.seed = 77;
    const std::uint32_t frameLimit = 900;
    std::uint64_t seed = 1;
    for (const Condition& c : kMatrix) {
        const std::string name = c.name;
        CAPTURE(name);
        const std::vector<std::uint16_t> buttons[2] = {nettest::randomButtons(seed, 1000),
                                                       nettest::randomButtons(seed + 100, 1000)};
        const net::LoopbackResult o = runPair(c, buttons, setup, frameLimit, seed);
        ++seed;
        for (int p = 0; p < 2; ++p) {
            CAPTURE(p);
            CHECK(o.message[p] == "match over");
            CHECK_FALSE(o.failed[p]);
            CHECK(o.stats[p].longestRollback <= c.maxRollback);
        }
        REQUIRE(o.endFrame[0] > 0);
        CHECK(o.endFrame[0] == o.endFrame[1]);
        const std::vector<std::uint64_t> offline = nettest::offlineHashes(setup, buttons, o.endFrame[0]);
        CAPTURE(firstDifference(o.hashes[0], offline));
        CAPTURE(firstDifference(o.hashes[1], offline));
        CHECK(o.hashes[0] == offline);
        CHECK(o.hashes[1] == offline);
        if (c.joinerPeriodUs > 16667) {  // time sync: the faster host skips ticks now and then (~3 a second)
            CHECK(o.stats[0].syncWaits > 20);
            CHECK(o.stats[1].syncWaits < 5);
        }
        if (c.toJoiner.delayMs >= 50) {  // real latency: predictions must have been wrong and rolled back
            CHECK(o.stats[0].rollbacks > 0);
            CHECK(o.stats[1].rollbacks > 0);
        }
    }
}

TEST_CASE("a match that ends by knockout stops both sides on the same confirmed frame") {
    sim::MatchSetup setup;
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "ryo";
    setup.startX[0] = 400;
    setup.startX[1] = 480;
    setup.startHealth[0] = 40;
    setup.startHealth[1] = 40;
    setup.roundsToWin = 1;
    std::vector<std::uint16_t> buttons[2] = {std::vector<std::uint16_t>(400, 0), std::vector<std::uint16_t>(400, 0)};
    for (int f = 20; f < 26; ++f) buttons[0][std::size_t(f)] = sim::kLight;  // p1 jabs: p2 (40 health) falls
    const Condition c{"ko", cond(70, 10, 5, 0, 0), cond(70, 10, 5, 0, 0), 2, 8, 16667};
    const net::LoopbackResult o = runPair(c, buttons, setup, 0, 9);
    CHECK(o.message[0] == "match over");
    CHECK(o.message[1] == "match over");
    REQUIRE(o.endFrame[0] > 0);
    CHECK(o.endFrame[0] < 400);
    CHECK(o.endFrame[0] == o.endFrame[1]);
    CHECK(o.hashes[0] == nettest::offlineHashes(setup, buttons, o.endFrame[0]));
    CHECK(o.hashes[1] == o.hashes[0]);
}
