// Tests of the Blaster rules (game/sim/blaster/blaster.h): the gun, hits, overlap, stars, contact, and above all
// that the collision structure never changes what happens (per-frame hashes equal across every registered structure).
// Expected numbers are worked out by hand from the default Options; each test says how.
#include "game/sim/blaster/blaster.h"

#include "test_paths.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using blaster::Game;
using blaster::Input;
using engine::AABB;
using engine::SetKind;

/// Quiet tuning for hand-made scenes: no random spawns, a handful of stars.
blaster::Options quiet(int stars = 8) {
    blaster::Options o;
    o.spawnEnemies = false;
    o.starCount = stars;
    return o;
}

void run(Game& g, int frames, std::uint8_t buttons = 0) {
    for (int i = 0; i < frames; ++i) g.step({buttons, -1});
}

int activeLasers(const blaster::World& w) {
    int n = 0;
    for (const blaster::Laser& l : w.lasers) n += l.active ? 1 : 0;
    return n;
}

/// Every registered structure (engine/sets/registry.def).
std::vector<SetKind> allKinds() {
    std::vector<SetKind> kinds;
    for (int k = 0; k < engine::kSetKindCount; ++k) kinds.push_back(SetKind(k));
    return kinds;
}

}  // namespace

TEST_CASE("Holding fire shoots 50 three-laser spreads, then the gun recharges for exactly 300 frames") {
    Game g(1, SetKind::Grid, quiet());
    // By hand: fireInterval 6, first shot on frame 1, so shot k leaves on frame 1 + 6 (k - 1); shot 50 on frame 295.
    g.step({blaster::kFire, -1});
    CHECK(g.world().shotsLeft == 49);
    CHECK(activeLasers(g.world()) == 3);
    run(g, 293, blaster::kFire);  // frame 294: 49 shots gone
    CHECK(g.world().shotsLeft == 1);
    g.step({blaster::kFire, -1});  // frame 295: the 50th
    CHECK(g.world().shotsLeft == 0);
    CHECK(g.world().rechargeLeft == 300);
    run(g, 299, blaster::kFire);  // frames 296..594: still recharging, nothing fires
    CHECK(g.world().shotsLeft == 0);
    CHECK(g.world().rechargeLeft == 1);
    CHECK(activeLasers(g.world()) == 0);  // the last lasers (x speed 20) left the 1280-wide screen long ago
    g.step({blaster::kFire, -1});         // frame 595: the 300th recharge frame refills the gun
    CHECK(g.world().shotsLeft == 50);
    CHECK(g.world().rechargeLeft == 0);
    g.step({blaster::kFire, -1});  // frame 596 fires again
    CHECK(g.world().shotsLeft == 49);
}

TEST_CASE("A laser hit on a lone ship costs it 2 health and shrinks it by 2 units on each side") {
    Game g(1, SetKind::QuadTreeLeaves, quiet());
    // Player box y 348..372 (centred on 720), so the straight laser is y 358..362 and after frame n spans
    // x 88+20n .. 112+20n: it first reaches a ship at x 300 on frame 10. The spread lasers have moved 30 units up
    // or down by then and pass above and below the ship (y 340..380).
    const int id = g.spawnEnemy({300, 340, 340, 380}, 0, 10);
    g.step({blaster::kFire, -1});
    run(g, 8);
    REQUIRE(g.world().enemies[std::size_t(id)].health == 10);
    g.step({});
    const blaster::Enemy& e = g.world().enemies[std::size_t(id)];
    CHECK(e.health == 8);
    CHECK(e.box == AABB{302, 342, 338, 378});
    CHECK_FALSE(e.overlapping);
    CHECK(g.world().hits == 1);
    CHECK(g.world().score == 1);
    CHECK(activeLasers(g.world()) == 2);
}

TEST_CASE("Ships that overlap another ship are flagged and take half damage, lone ships are not") {
    Game g(1, SetKind::DynamicTree, quiet());
    // a and b overlap (x 300..340 and 320..360); c is alone near the top. The straight laser on frame 10 spans
    // x 288..312, so it touches a only and takes 1 (overlapDamage) instead of 2, shrinking a by 1 unit a side.
    const int a = g.spawnEnemy({300, 340, 340, 380}, 0, 10);
    const int b = g.spawnEnemy({320, 340, 360, 380}, 0, 10);
    const int c = g.spawnEnemy({300, 600, 340, 640}, 0, 10);
    g.step({blaster::kFire, -1});
    const auto& w = g.world();
    CHECK(w.enemies[std::size_t(a)].overlapping);
    CHECK(w.enemies[std::size_t(b)].overlapping);
    CHECK_FALSE(w.enemies[std::size_t(c)].overlapping);
    run(g, 9);
    CHECK(w.enemies[std::size_t(a)].health == 9);
    CHECK(w.enemies[std::size_t(a)].box == AABB{301, 341, 339, 379});
    CHECK(w.enemies[std::size_t(b)].health == 10);
    CHECK(w.enemies[std::size_t(c)].health == 10);
}

TEST_CASE("A ship whose partner is shot down is no longer flagged at the end of that frame") {
    Game g(1, SetKind::QuadTreeLeaves, quiet());
    // As above, the straight laser hits a (the leftmost) on frame 10; a has 1 health left, so the overlap hit
    // (1 damage) destroys it and b is alone when the frame ends.
    const int a = g.spawnEnemy({300, 340, 340, 380}, 0, 1);
    const int b = g.spawnEnemy({320, 340, 360, 380}, 0, 10);
    g.step({blaster::kFire, -1});
    run(g, 8);
    REQUIRE(g.world().enemies[std::size_t(b)].overlapping);
    g.step({});
    CHECK_FALSE(g.world().enemies[std::size_t(a)].active);
    CHECK_FALSE(g.world().enemies[std::size_t(b)].overlapping);
    CHECK(g.world().enemies[std::size_t(b)].health == 10);
}

TEST_CASE("A ship whose health runs out is destroyed and scores the kill") {
    Game g(1, SetKind::AgentBvh, quiet());
    // Health 2 and a lone hit does 2: one hit kills. Score: 1 for the hit + 10 for the kill.
    const int id = g.spawnEnemy({300, 340, 340, 380}, 0, 2);
    g.step({blaster::kFire, -1});
    run(g, 9);
    CHECK_FALSE(g.world().enemies[std::size_t(id)].active);
    CHECK(g.world().kills == 1);
    CHECK(g.world().score == 11);
    CHECK(g.world().bestScore == 11);
    CHECK(g.objectCount() == 8);  // only the stars are left in the sets
}

TEST_CASE("A ship touching the player ends the run, even edge to edge, and the best score survives a restart") {
    SUBCASE("a ship flying in") {
        Game g(1, SetKind::Grid, quiet());
        // Ship x 200..220 at speed 10: minX after n frames is 200 - 10n; the player's right edge is x 88, so the
        // first contact is n = 12 (minX 80), not n = 11 (minX 90).
        g.spawnEnemy({200, 348, 220, 368}, 10);
        run(g, 11);
        CHECK_FALSE(g.world().gameOver);
        g.step({});
        CHECK(g.world().gameOver);
        CHECK_FALSE(g.world().player.alive);
    }
    SUBCASE("sharing only an edge counts (inclusive collision)") {
        Game g(1, SetKind::QuadTreeLowest, quiet());
        g.spawnEnemy({98, 300, 118, 348}, 10);  // after one frame: x 88..108, y ..348: touches the corner (88, 348)
        g.step({});
        CHECK(g.world().gameOver);
    }
    SUBCASE("restart keeps the best score") {
        Game g(1, SetKind::Array, quiet());
        g.spawnEnemy({300, 340, 340, 380}, 0, 2);  // killed on frame 10 as above: score 11
        g.spawnEnemy({400, 600, 420, 620}, 0);
        g.step({blaster::kFire, -1});
        run(g, 9);
        REQUIRE(g.world().score == 11);
        g.spawnEnemy({60, 340, 80, 360}, 0);  // right on the player
        g.step({blaster::kFire + blaster::kUp, -1});
        REQUIRE(g.world().gameOver);
        const int frozenY = g.world().player.box.minY;
        g.step({blaster::kUp, -1});  // a dead ship does not move
        CHECK(g.world().player.box.minY == frozenY);
        g.step({blaster::kRestart, -1});
        CHECK_FALSE(g.world().gameOver);
        CHECK(g.world().score == 0);
        CHECK(g.world().bestScore == 11);
        CHECK(g.world().runs == 2);
        CHECK(g.world().shotsLeft == 50);
    }
}

TEST_CASE("The ship moves 8 units a frame and stays on the screen") {
    Game g(1, SetKind::Array, quiet());
    run(g, 10, blaster::kUp);
    CHECK(g.world().player.box.minY == 348 + 80);
    run(g, 100, blaster::kUp);  // clamped at the top: maxY 720
    CHECK(g.world().player.box.maxY == blaster::kScreenHeight);
    run(g, 200, blaster::kDown);
    CHECK(g.world().player.box.minY == 0);
}

namespace {

/// Input of frame f in the busy scenario: fire held most of the time, weaving up and down.
Input busyInput(int f) {
    std::uint8_t b = (f % 90) < 70 ? blaster::kFire : 0;
    b |= (f / 40) % 2 ? blaster::kUp : blaster::kDown;
    return {b, -1};
}

/// A crowded, fast scene: many big ships, stars big enough to touch often.
blaster::Options busy() {
    blaster::Options o;
    o.starCount = 120;
    o.starMinSize = 4;
    o.starMaxSize = 12;
    o.spawnMinGap = 3;
    o.spawnMaxGap = 8;
    o.enemyMinSpeed = 6;
    o.enemyMaxSpeed = 14;
    return o;
}

std::vector<std::uint64_t> hashesOf(SetKind kind, int frames, bool cycleStructures) {
    Game g(42, kind, busy());
    std::vector<std::uint64_t> out;
    for (int f = 0; f < frames; ++f) {
        Input in = busyInput(f);
        if (cycleStructures && f % 17 == 0) in.select = (f / 17) % engine::kSetKindCount;
        g.step(in);
        if (g.world().gameOver) g.step({blaster::kRestart, -1});
        out.push_back(g.hash());
    }
    return out;
}

}  // namespace

TEST_CASE("Every frame's flags match a brute-force check of the World's boxes") {
    for (SetKind kind : allKinds()) {
        CAPTURE(engine::setKindName(kind));
        Game g(1, kind, busy());  // a seed whose first 100 frames raise every flag (checked below)
        int overlapSeen = 0, touchSeen = 0, shipTouchSeen = 0;
        for (int f = 0; f < 100; ++f) {
            g.step(busyInput(f));
            if (g.world().gameOver) g.step({blaster::kRestart, -1});
            const blaster::World& w = g.world();
            CAPTURE(w.frame);
            for (std::size_t i = 0; i < w.enemies.size(); ++i) {
                if (!w.enemies[i].active) continue;
                bool other = false;
                for (std::size_t j = 0; j < w.enemies.size(); ++j)
                    other =
                        other || (j != i && w.enemies[j].active && engine::collide(w.enemies[i].box, w.enemies[j].box));
                REQUIRE(w.enemies[i].overlapping == other);
                overlapSeen += other ? 1 : 0;
            }
            for (std::size_t i = 0; i < w.stars.size(); ++i) {
                bool star = false, ship = false;
                for (std::size_t j = 0; j < w.stars.size(); ++j)
                    star = star || (j != i && engine::collide(w.stars[i].box, w.stars[j].box));
                for (const blaster::Enemy& e : w.enemies)
                    ship = ship || (e.active && engine::collide(w.stars[i].box, e.box));
                REQUIRE(w.stars[i].touching == (star || ship));
                touchSeen += star ? 1 : 0;
                shipTouchSeen += ship ? 1 : 0;
            }
        }
        // The scene must actually exercise every flag, or the comparison above proves nothing.
        CHECK(overlapSeen > 0);
        CHECK(touchSeen > 0);
        CHECK(shipTouchSeen > 0);
        CHECK(g.world().hits > 0);
    }
}

TEST_CASE("The same input gives the same hash on every frame whichever structure is used") {
    constexpr int kFrames = 150;
    const std::vector<std::uint64_t> reference = hashesOf(SetKind::Array, kFrames, false);
    SUBCASE("each structure from the start") {
        for (SetKind kind : allKinds()) {
            CAPTURE(engine::setKindName(kind));
            CHECK(hashesOf(kind, kFrames, false) == reference);
        }
    }
    SUBCASE("switching structure every 17 frames through Input::select") {
        CHECK(hashesOf(SetKind::DynamicTree, kFrames, true) == reference);
    }
    SUBCASE("setStructure mid-run reports the new kind and keeps the hash") {
        Game g(42, SetKind::Array, busy());
        for (int f = 0; f < 60; ++f) g.step(busyInput(f));
        const std::uint64_t before = g.hash();
        g.setStructure(SetKind::QuadTreeLeaves);
        CHECK(g.structure() == SetKind::QuadTreeLeaves);
        CHECK(g.hash() == before);
    }
}

TEST_CASE("Restoring a saved World and re-simulating gives the same hashes") {
    Game g(5, SetKind::Grid, busy());
    for (int f = 0; f < 50; ++f) g.step(busyInput(f));
    const blaster::World saved = g.world();
    std::vector<std::uint64_t> first;
    for (int f = 50; f < 120; ++f) {
        g.step(busyInput(f));
        first.push_back(g.hash());
    }
    g.restore(saved);
    g.setStructure(SetKind::AgentBvh);
    std::vector<std::uint64_t> second;
    for (int f = 50; f < 120; ++f) {
        g.step(busyInput(f));
        second.push_back(g.hash());
    }
    CHECK(first == second);
}

TEST_CASE("Different seeds give different worlds, and the frame counters count the sets' work") {
    Game a(1, SetKind::Array, quiet(50));
    Game b(2, SetKind::Array, quiet(50));
    CHECK(a.hash() != b.hash());
    a.step({});
    // By hand: one pass over the star set's pairs, one over the (empty) ship set's, every star untouched by another
    // asks the ship set once (at most 50 queries), plus the player-contact query; the array tests each of the
    // 50 * 49 / 2 = 1225 pairs of stars once and has no ships to test.
    int lonely = 0;  // stars touching no other star, by testing every two stars here
    const auto& stars = a.world().stars;
    for (std::size_t i = 0; i < stars.size(); ++i) {
        bool touches = false;
        for (std::size_t j = 0; j < stars.size(); ++j)
            touches = touches || (i != j && engine::collide(stars[i].box, stars[j].box));
        lonely += touches ? 0 : 1;
    }
    CHECK(a.lastStats().queries == std::uint64_t(3 + lonely));
    CHECK(a.lastStats().boxTests == 1225);
    Game grid(1, SetKind::Grid, quiet(50));
    grid.step({});
    CHECK(grid.lastStats().boxTests < 2500);
}

TEST_CASE("The ship stays inside playerMinY..playerMaxY (the window keeps it clear of its HUD)") {
    blaster::Options o = quiet();
    o.playerMinY = 32;
    o.playerMaxY = 574;
    Game g(1, SetKind::Grid, o);
    run(g, 100, blaster::kUp);  // 8 units a frame from 348: far past the top bound
    CHECK(g.world().player.box.maxY == 574);
    run(g, 200, blaster::kDown);
    CHECK(g.world().player.box.minY == 32);
    blaster::Options full = quiet();  // the defaults (scripts): the whole screen, as before
    Game h(1, SetKind::Grid, full);
    run(h, 100, blaster::kUp);
    CHECK(h.world().player.box.maxY == blaster::kScreenHeight);
    o.playerMaxY = 50;  // narrower than the ship
    std::string why;
    CHECK_FALSE(blaster::checkOptions(o, why));
    CHECK(why == "options need playerMinY + 24 (the ship's height) <= playerMaxY");
}
