#include "game/ranked/queue.h"

#include <doctest/doctest.h>

#include <limits>
#include <string>

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

TEST_CASE("A pair put back keeps its place and its wait: the next pass pairs it again before a newcomer") {
    // A pairing whose match the store could not write: both players go back as they were.
    MatchQueue q;
    REQUIRE(q.join("old", 1500, 0) == "");
    REQUIRE(q.join("mid", 1500, 1000) == "");
    const auto first = q.pair(2000);
    REQUIRE(first.size() == 1);
    CHECK(q.size() == 0);
    CHECK_FALSE(q.putBack("nobody"));  // only the last pass's pairs come back
    CHECK(q.putBack("mid"));           // in the other order than they joined: the place is the join order, not this one
    CHECK(q.putBack("old"));
    CHECK_FALSE(q.putBack("old"));  // already back
    CHECK(q.waiting("old"));
    CHECK(q.join("old", 1500, 2500) == "already waiting");
    REQUIRE(q.join("new", 1500, 3000) == "");
    const auto again = q.pair(4000);
    REQUIRE(again.size() == 1);
    // old waited longest and picks first; mid, equal in rating, is the nearer in join order (worked by hand: with new
    // places "new" would have picked first and taken "mid").
    CHECK(again[0].player[0] == "old");
    CHECK(again[0].player[1] == "mid");
    CHECK(again[0].waitedMs[0] == 4000);  // since 0, not since the pass that took them out
    CHECK(again[0].waitedMs[1] == 3000);
    CHECK(q.waiting("new"));
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

namespace {

// Two regions 250 ms apart; addresses of the documentation ranges.
RegionTable twoRegions() {
    RegionTable t;
    std::string why;
    REQUIRE_MESSAGE(t.parse("region near 10\nregion far 15\nrtt near far 250\nprefix 203.0.113.0/24 near\n"
                            "prefix 198.51.100.0/24 far\n",
                            "two.cfg", why),
                    why);
    return t;
}

}  // namespace

TEST_CASE("Two far players are not paired while a near one waits; the near pair is") {
    const RegionTable regions = twoRegions();
    const int near = regions.regionIndex("near"), far = regions.regionIndex("far");
    MatchQueue q({}, &regions);
    REQUIRE(q.join("ann", 1500, 0, {-1, near}) == "");
    REQUIRE(q.join("bob", 1500, 0, {-1, far}) == "");  // the same rating as ann, 250 ms away
    CHECK(q.pair(1000).empty());
    REQUIRE(q.join("cid", 1510, 1000, {-1, near}) == "");
    const auto pairs = q.pair(1000);
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0].player[0] == "ann");
    CHECK(pairs[0].player[1] == "cid");
    CHECK(pairs[0].latencyMs == 10);  // the table's figure within a region
    CHECK(q.waiting("bob"));
}

TEST_CASE("The latency limit widens with waiting time, then lifts, so a lonely player still plays") {
    // Worked by hand: the limit is 80 + 5 ms per second up to 200; two round trips of 60 ms through the service
    // estimate 120, reached after 8 s. 250 ms between regions is over the 200 cap: only the lift at 60 s pairs it.
    MatchQueue q;
    CHECK(q.latencyLimit(0, 0) == 80.0);
    CHECK(q.latencyLimit(0, 24000) == 200.0);
    CHECK(q.latencyLimit(0, 3600000) > 1e9);
    REQUIRE(q.join("x", 1500, 0, {60, -1}) == "");
    REQUIRE(q.join("y", 1500, 0, {60, -1}) == "");
    CHECK(q.pair(7999).empty());
    const auto pairs = q.pair(8000);
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0].latencyMs == 120);

    const RegionTable regions = twoRegions();
    MatchQueue apart({}, &regions);
    REQUIRE(apart.join("near", 1500, 0, {-1, regions.regionIndex("near")}) == "");
    REQUIRE(apart.join("far", 1500, 0, {-1, regions.regionIndex("far")}) == "");
    CHECK(apart.pair(59999).empty());
    REQUIRE(apart.pair(60000).size() == 1);
}

TEST_CASE("Among acceptable candidates the lower cost of rating gap and latency wins") {
    // Costs by hand (2 points a ms): bob 10 + 2 x (10 + 60) = 150, cid 40 + 2 x (10 + 10) = 80: cid.
    MatchQueue q;
    REQUIRE(q.join("ann", 1500, 0, {10, -1}) == "");
    REQUIRE(q.join("bob", 1510, 0, {60, -1}) == "");
    REQUIRE(q.join("cid", 1540, 0, {10, -1}) == "");
    auto pairs = q.pair(0);
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0].player[1] == "cid");
    CHECK(pairs[0].latencyMs == 20);
    // Without the rule: the closest rating, as before, the estimate still said.
    QueueRules ratingOnly;
    ratingOnly.byLatency = false;
    MatchQueue plain(ratingOnly);
    REQUIRE(plain.join("ann", 1500, 0, {10, -1}) == "");
    REQUIRE(plain.join("bob", 1510, 0, {60, -1}) == "");
    REQUIRE(plain.join("cid", 1540, 0, {10, -1}) == "");
    pairs = plain.pair(0);
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0].player[1] == "bob");
    CHECK(pairs[0].latencyMs == 70);
    // A player that said no round trip, in no region: judged on rating alone.
    MatchQueue unknown;
    REQUIRE(unknown.join("old", 1500, 0) == "");
    REQUIRE(unknown.join("far", 1500, 0, {900, -1}) == "");
    REQUIRE(unknown.pair(0).size() == 1);
}

TEST_CASE("The region table places addresses by the longest prefix and estimates the smaller figure") {
    RegionTable t;
    std::string why;
    REQUIRE_MESSAGE(t.parse("# comment\n\nregion eu 20\nregion us 25  # trailing comment\nregion lab 1\n"
                            "rtt eu us 90\nprefix 10.0.0.0/8 eu\nprefix 10.1.0.0/16 us\nprefix 2001:db8::/32 lab\n",
                            "r.cfg", why),
                    why);
    CHECK(t.regionOf("10.2.3.4") == t.regionIndex("eu"));
    CHECK(t.regionOf("10.1.3.4") == t.regionIndex("us"));
    CHECK(t.regionOf("::ffff:10.1.3.4") == t.regionIndex("us"));
    CHECK(t.regionOf("2001:db8::7") == t.regionIndex("lab"));
    CHECK(t.regionOf("192.0.2.1") == -1);
    CHECK(t.regionOf("not an address") == -1);
    const int eu = t.regionIndex("eu"), us = t.regionIndex("us"), lab = t.regionIndex("lab");
    CHECK(t.estimateMs({-1, eu}, {-1, us}) == 90);
    CHECK(t.estimateMs({30, eu}, {40, us}) == 70);   // the triangle through the service is shorter
    CHECK(t.estimateMs({60, eu}, {70, us}) == 90);   // the table's figure is
    CHECK(t.estimateMs({-1, eu}, {-1, lab}) == -1);  // no line for the pair, no round trips
    CHECK(t.estimateMs({5, eu}, {-1, lab}) == -1);
    CHECK(t.estimateMs({-1, eu}, {-1, eu}) == 20);
}

TEST_CASE("The region file's bad lines are refused with FILE:LINE") {
    const std::string head = "region eu 20\nregion us 25\n";
    const std::pair<const char*, const char*> bad[] = {
        {"zone eu", "r.cfg:3: unknown line 'zone' (region, prefix or rtt)"},
        {"prefix 10.0.0.0/8 mars", "r.cfg:3: unknown region 'mars' (declare it with a region line first)"},
        {"prefix 10.0.0.0 eu", "r.cfg:3: `10.0.0.0` is not ADDRESS/BITS (e.g. 203.0.113.0/24, 2001:db8::/32)"},
        {"prefix 10.0.0.0/33 eu", "r.cfg:3: a prefix of 33 bits is longer than the address"},
        {"prefix 10.1.0.0/8 eu", "r.cfg:3: `10.1.0.0/8` has address bits set beyond its prefix length"},
        {"region eu 30", "r.cfg:3: region 'eu' is declared twice"},
        {"rtt eu us 80\nrtt us eu 90", "r.cfg:4: the round trip between us and eu is given twice"},
        {"rtt eu us fast", "r.cfg:3: `fast` is not a round trip in ms (0..5000)"},
        {"rtt eu us 9000", "r.cfg:3: `9000` is not a round trip in ms (0..5000)"},
        {"rtt eu us 80 ms", "r.cfg:3: unexpected 'ms' at the end of the line"},
        {"region", "r.cfg:3: a region is `region NAME MS`"},
        {"prefix 1.2.3.0/24 eu\nprefix 1.2.3.0/24 us",
         "r.cfg:4: prefix 1.2.3.0/24 already belongs to region eu (line 3)"},
        {"prefix 1.2.3.0/24 eu\nprefix ::ffff:1.2.3.0/120 eu",
         "r.cfg:4: prefix ::ffff:1.2.3.0/120 already belongs to region eu (line 3)"},
    };
    for (const auto& [line, expected] : bad) {
        RegionTable t;
        std::string why;
        CHECK_FALSE(t.parse(head + line + "\n", "r.cfg", why));
        CHECK(why == expected);
        CHECK(t.regions() == 0);  // nothing kept
    }
    RegionTable t;
    std::string why;
    CHECK_FALSE(t.parse("region " + std::string(5000, 'a') + " 5\n", "r.cfg", why));
    CHECK(why == "r.cfg:1: a region's name is at most 40 characters, not 5000");
    CHECK(t.parse("region " + std::string(40, 'a') + " 5\n", "r.cfg", why));
    RegionTable shipped;
    CHECK_MESSAGE(shipped.load(std::string(BVH_DATA_DIR) + "/regions.cfg", why), why);
    CHECK(shipped.regions() > 1);
    CHECK_FALSE(shipped.load("/nonexistent/regions.cfg", why));
    CHECK(why == "/nonexistent/regions.cfg: cannot open: No such file or directory");
    CHECK_FALSE(shipped.load(BVH_DATA_DIR, why));  // a folder: named, not a thrown stream error
    CHECK(why == std::string(BVH_DATA_DIR) + ": is a directory");
    CHECK(shipped.regions() > 1);  // a refused load keeps the table it had
}

// x (1000) and y (1300) have waited 60 s, so their windows are 500 wide; 500 newcomers rated 1100..1199 (five to
// a rating) have windows of 50, so each refuses x and y (100 or more apart) but accepts a neighbour.
namespace {
void joinCrowdBetweenTwo(MatchQueue& q) {
    REQUIRE(q.join("x", 1000, 0) == "");
    REQUIRE(q.join("y", 1300, 0) == "");
    for (int i = 0; i < 500; ++i) REQUIRE(q.join("n" + std::to_string(i), 1100 + i / 5, 60000) == "");
}
}  // namespace

TEST_CASE("A pass's work is bounded: a player examines at most 64 candidates, and looks further in a later pass") {
    // By hand (rating alone): x walks up first; the newcomers refuse it one after another and it gives up after 64
    // of them instead of walking all 500 to y; y likewise after 64 downwards. Each newcomer then finds its nearest
    // neighbour first (same rating, or one point up for the fifth of a rating) and stops: one look-up for each of
    // the 250 pairs. 64 + 64 + 250 = 378. Once the newcomers have paired, the next pass pairs x with y (one look).
    QueueRules rules;
    rules.byLatency = false;
    REQUIRE(rules.maxCandidates == 64);
    MatchQueue q(rules);
    joinCrowdBetweenTwo(q);
    const auto first = q.pair(60000);
    CHECK(first.size() == 250);  // the newcomers, among themselves
    CHECK(q.waiting("x"));
    CHECK(q.waiting("y"));
    CHECK(q.lastPassExamined() == 64 + 64 + 250);
    const auto second = q.pair(60250);
    REQUIRE(second.size() == 1);
    CHECK(second[0].player[0] == "x");
    CHECK(second[0].player[1] == "y");
    CHECK(q.lastPassExamined() == 1);
}

TEST_CASE("Without the bound the same crowd makes the first pass walk it all, and pairs x with y at once") {
    // The queue before the bound (by hand): x examines the 500 newcomers and then y, and takes y; the newcomers
    // then pair among themselves as above. 501 + 250 = 751 look-ups, twice the bounded pass's 378.
    QueueRules rules;
    rules.byLatency = false;
    rules.maxCandidates = std::numeric_limits<std::size_t>::max();
    MatchQueue q(rules);
    joinCrowdBetweenTwo(q);
    const auto first = q.pair(60000);
    REQUIRE(first.size() == 251);
    CHECK(first[0].player[0] == "x");
    CHECK(first[0].player[1] == "y");
    CHECK(q.lastPassExamined() == 501 + 250);
}
