#include "game/ranked/queue.h"

#include <doctest/doctest.h>

using namespace ranked;

TEST_CASE("Two players 300 points apart are paired once both windows have widened to 300") {
    // Worked by hand: the window is 50 + 10 per second, so it reaches 300 after 25 seconds.
    MatchQueue q;
    REQUIRE(q.join("a", 1500, 0) == "");
    REQUIRE(q.join("b", 1800, 0) == "");
    CHECK(q.pair(24900).empty());
    const auto pairs = q.pair(25000);
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0].player[0] == "a");
    CHECK(pairs[0].player[1] == "b");
    CHECK(pairs[0].waitedMs[0] == 25000);
    CHECK(q.size() == 0);
}

TEST_CASE("The longest waiting player gets the closest rating both windows accept") {
    MatchQueue q;
    REQUIRE(q.join("old", 1500, 0) == "");
    REQUIRE(q.join("far", 1540, 1000) == "");
    REQUIRE(q.join("near", 1480, 2000) == "");
    REQUIRE(q.join("new", 1495, 2900) == "");  // closest, but its window (50 + 1 s) covers 1500
    const auto pairs = q.pair(3000);
    REQUIRE(pairs.size() == 2);
    CHECK(pairs[0].player[0] == "old");
    CHECK(pairs[0].player[1] == "new");
    CHECK(pairs[1].player[0] == "far");  // 60 apart: far's window is 70 after 2 s, near's 60 after 1 s
    CHECK(pairs[1].player[1] == "near");
}

TEST_CASE("A narrow window on the other side keeps a pair apart until it widens too") {
    MatchQueue q;
    REQUIRE(q.join("waiting", 1500, 0) == "");      // window 450 after 40 s
    REQUIRE(q.join("arrived", 1800, 40000) == "");  // window 50 on arrival
    CHECK(q.pair(40000).empty());
    CHECK(q.pair(64900).empty());      // arrived's window: 50 + 249 = 299
    CHECK(q.pair(65000).size() == 1);  // 300
}

TEST_CASE("The queue refuses a second join, a full queue, and caps the window") {
    QueueRules rules;
    rules.capacity = 2;
    rules.maxWindow = 200;
    MatchQueue q(rules);
    CHECK(q.join("a", 1000, 0) == "");
    CHECK(q.join("a", 1000, 0) == "already waiting");
    CHECK(q.join("b", 1300, 0) == "");
    CHECK(q.join("c", 1300, 0) == "the queue is full (2)");
    CHECK(q.window(0, 3600000) == 200.0);
    CHECK(q.pair(3600000).empty());  // 300 apart never meet under a 200 cap
    CHECK(q.leave("a"));
    CHECK_FALSE(q.leave("a"));
    CHECK(q.size() == 1);
}

TEST_CASE("Twenty simulated players of spread ratings are all paired within the widest window's time") {
    // Ratings 1000..1950 in steps of 50, joined at once, paired every 250 ms of virtual time: each has a neighbour
    // 50 away, so all are paired on the first pass; bench/RESULTS.md has the 2, 20 and 10,000 player figures.
    MatchQueue q;
    for (int i = 0; i < 20; ++i) REQUIRE(q.join("p" + std::to_string(i), 1000.0 + 50.0 * ((i * 7) % 20), 0) == "");
    int paired = 0;
    for (std::int64_t now = 0; now <= 45000 && q.size() > 0; now += 250) paired += int(q.pair(now).size());
    CHECK(paired == 10);
    CHECK(q.size() == 0);
}
