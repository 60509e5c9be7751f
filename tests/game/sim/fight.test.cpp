// The fight rules through the simulation (no window): hits on the nearest member, blocks, projectiles, push boxes,
// rounds, and hit detection going through the agent BVH (root test first, then the tree).
// Expected numbers are worked out by hand from data/fighters/ryo.fighter and brick.fighter (see each comment).
#include "game/sim/fight.h"
#include "game/sim/fight_test_util.h"
#include "game/io/button_file.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <set>

using fighttest::input;
using fighttest::Recorder;
using fighttest::setupAt;
using sim::EventType;

namespace {
struct Pair {
    sim::FighterDef ryo = fighttest::fighter("ryo");
    sim::FighterDef brick = fighttest::fighter("brick");
};
}  // namespace

TEST_CASE("A light attack's active frames hit the opponent's nearest member") {
    Pair d;
    sim::Fight fight(setupAt(400, 480), d.ryo, d.ryo);
    Recorder rec;
    rec.step(fight, input(sim::kLight));
    rec.step(fight, input(0), 3);
    CHECK(rec.count(EventType::Hit) == 0);  // frames 1-4 are startup
    rec.step(fight, input(0));              // frame 5: first active frame
    std::int64_t frame = 0;
    const sim::Event* hit = rec.first(EventType::Hit, &frame);
    REQUIRE(hit != nullptr);
    CHECK(frame == 5);
    // Jab box x 434..476 y 128..150 overlaps p2's arm-front (446..470) and torso (460..502); the arm is nearer.
    CHECK(hit->member == "arm-front");
    CHECK(hit->move == "light");
    CHECK(hit->damage == 40);
    CHECK(fight.state().fighters[1].health == 960);
    CHECK(fight.stats().broadTests == 1);
    CHECK(fight.stats().broadHits == 1);
    CHECK(fight.stats().nodesVisited > 1);
    CHECK(fight.state().hitstop == 6);
}

TEST_CASE("An attack lands once even though it stays active for several frames") {
    Pair d;
    sim::Fight fight(setupAt(400, 480), d.ryo, d.ryo);
    Recorder rec;
    rec.step(fight, input(sim::kHeavy));
    rec.step(fight, input(0), 40);
    CHECK(rec.count(EventType::Hit) == 1);
    CHECK(fight.state().fighters[1].health == 1000 - 110);
}

TEST_CASE("A far attack is stopped by the agent's root box without searching the tree") {
    Pair d;
    sim::Fight fight(setupAt(300, 900), d.ryo, d.ryo);
    fight.step(input(sim::kLight));
    for (int i = 0; i < 3; ++i) fight.step(input(0));
    fight.step(input(0));  // first active frame: the jab is tested, but 400 units short of p2's root box
    CHECK(fight.stats().broadTests == 1);
    CHECK(fight.stats().broadHits == 0);
    CHECK(fight.stats().nodesVisited == 0);
    CHECK(fight.events().empty());
}

TEST_CASE("Blocking by holding back costs only chip damage") {
    Pair d;
    std::uint16_t attack = 0;
    int chip = 0;
    SUBCASE("jab: no chip") {
        attack = sim::kLight;
        chip = 0;
    }
    SUBCASE("heavy kick: 15 chip") {
        attack = sim::kHeavy;
        chip = 15;
    }
    CAPTURE(attack);
    // p2 in the right corner (1175) holds right, which is back for a fighter facing left.
    sim::Fight fight(setupAt(1090, 1175), d.ryo, d.ryo);
    Recorder rec;
    rec.step(fight, input(0, sim::kRight), 2);
    rec.step(fight, input(attack, sim::kRight));
    rec.step(fight, input(0, sim::kRight), 40);
    CHECK(rec.count(EventType::Hit) == 0);
    REQUIRE(rec.count(EventType::Block) == 1);
    CHECK(fight.state().fighters[1].health == 1000 - chip);
}

TEST_CASE("A low must be blocked crouching") {
    Pair d;
    std::uint16_t guard = 0;
    EventType expected = EventType::Hit;
    SUBCASE("standing guard is hit") {
        guard = sim::kRight;
        expected = EventType::Hit;
    }
    SUBCASE("crouching guard blocks") {
        guard = sim::kRight | sim::kDown;
        expected = EventType::Block;
    }
    sim::Fight fight(setupAt(1090, 1175), d.ryo, d.ryo);
    Recorder rec;
    rec.step(fight, input(0, guard), 3);
    rec.step(fight, input(sim::kDown | sim::kLight, guard));
    rec.step(fight, input(0, guard), 30);
    REQUIRE(rec.events.size() >= 2);
    const sim::Event* e = rec.first(expected);
    REQUIRE(e != nullptr);
    CHECK(e->move == "low");
}

TEST_CASE("A projectile hits once and disappears") {
    Pair d;
    sim::Fight fight(setupAt(300, 800), d.ryo, d.ryo);
    Recorder rec;
    rec.step(fight, input(sim::kSpecial));
    rec.step(fight, input(0), 11);
    CHECK_FALSE(fight.state().projectiles[0].alive);
    rec.step(fight, input(0));  // frame 13: the first active frame spawns it
    REQUIRE(fight.state().projectiles[0].alive);
    rec.step(fight, input(0), 200);
    CHECK(rec.count(EventType::Hit) == 1);
    std::int64_t frame = 0;
    const sim::Event* hit = rec.first(EventType::Hit, &frame);
    CHECK(hit->projectile);
    CHECK(frame == 56);  // maxX 379 on frame 13, p2's arm starts at 766: 43 frames of 9 units later
    CHECK_FALSE(fight.state().projectiles[0].alive);
    CHECK(fight.state().fighters[1].health == 910);
}

TEST_CASE("Two projectiles that meet cancel each other") {
    Pair d;
    sim::Fight fight(setupAt(300, 900), d.ryo, d.ryo);
    Recorder rec;
    rec.step(fight, input(sim::kSpecial, sim::kSpecial));
    rec.step(fight, input(0), 200);
    CHECK(rec.count(EventType::ProjectileCancel) == 1);
    CHECK(rec.count(EventType::Hit) == 0);
    CHECK_FALSE(fight.state().projectiles[0].alive);
    CHECK_FALSE(fight.state().projectiles[1].alive);
}

TEST_CASE("Only one projectile per fighter is on screen") {
    Pair d;
    sim::Fight fight(setupAt(100, 1100), d.ryo, d.ryo);
    fight.step(input(sim::kSpecial));
    for (int i = 0; i < 45; ++i) fight.step(input(0));
    REQUIRE(fight.state().projectiles[0].alive);
    fight.step(input(sim::kSpecial));  // refused while the first one flies
    CHECK(fight.animName(0) != "special");
}

TEST_CASE("Push boxes never overlap while one fighter walks into the other") {
    Pair d;
    const char* other = "ryo";
    SUBCASE("against ryo") { other = "ryo"; }
    SUBCASE("against brick") { other = "brick"; }
    sim::Fight fight(setupAt(600, 700, "ryo", other), d.ryo, std::string(other) == "ryo" ? d.ryo : d.brick);
    for (int i = 0; i < 250; ++i) {
        fight.step(input(sim::kRight));
        const engine::AABB& a = fight.state().fighters[0].push;
        const engine::AABB& b = fight.state().fighters[1].push;
        CAPTURE(i);
        CHECK(a.maxX <= b.minX);
    }
    // Walking 6 a frame against a standing fighter moves the pair 3 a frame, so within 250 frames p2 reaches the
    // right corner: 1200 minus its push half-width (25 ryo, 40 brick); p1 stops where the boxes touch.
    const bool ryo = std::string(other) == "ryo";
    CHECK(fight.state().fighters[1].x == (ryo ? 1175 : 1160));
    CHECK(fight.state().fighters[0].x == (ryo ? 1125 : 1095));
}

TEST_CASE("A KO ends the round and the next round puts the fighters back") {
    Pair d;
    sim::MatchSetup s = setupAt(400, 480);
    s.startHealth[1] = 40;
    sim::Fight fight(s, d.ryo, d.ryo);
    Recorder rec;
    rec.step(fight, input(sim::kLight), 1);
    rec.step(fight, input(0), 4);
    REQUIRE(rec.count(EventType::KO) == 1);
    CHECK(fight.state().roundOver);
    CHECK(fight.state().wins[0] == 1);
    CHECK(fight.state().fighters[1].action == sim::Action::KO);
    rec.step(fight, input(0), sim::kRoundEndFrames + 1);
    CHECK(rec.count(EventType::RoundStart) == 2);
    CHECK(fight.state().round == 2);
    CHECK(fight.state().fighters[1].health == 40);
    CHECK(fight.state().fighters[0].x == 400);
}

TEST_CASE("Time over gives the round to the fighter with more health") {
    Pair d;
    sim::MatchSetup s = setupAt(300, 900, "ryo", "brick");
    s.roundFrames = 30;
    s.startHealth[0] = 500;  // half of ryo's 1000
    s.startHealth[1] = 700;  // 7/11 of brick's 1100: more, as a fraction
    sim::Fight fight(s, d.ryo, d.brick);
    Recorder rec;
    rec.step(fight, input(0), 30);
    REQUIRE(rec.count(EventType::TimeOver) == 1);
    std::int64_t frame = 0;
    rec.first(EventType::TimeOver, &frame);
    CHECK(frame == 30);
    CHECK(fight.state().wins[1] == 1);
    CHECK(fight.state().wins[0] == 0);
}

TEST_CASE("Every hurtbox leaf is where the animation puts it and the tree stays valid") {
    Pair d;
    sim::MatchSetup s = setupAt(400, 800);
    s.mode = sim::Mode::CpuVsCpu;
    s.seed = 5;
    sim::Fight fight(s, d.ryo, d.brick);
    for (int i = 0; i < 600; ++i) {
        fight.step(input(0));
        for (int p = 0; p < 2; ++p) {
            const sim::FighterState& f = fight.state().fighters[p];
            REQUIRE(f.body.validate() == "");
            CHECK(f.body.memberCount() == int(fight.def(p).members.size()));
            // The root box bounds every member, as the broad test relies on.
            for (int m = 0; m < int(fight.def(p).members.size()); ++m) {
                CHECK(engine::contains(f.body.node(f.body.root()).box, fight.memberBox(p, m)));
            }
        }
    }
}

TEST_CASE("A member's world box on one frame is the file's box, placed and mirrored by facing") {
    // An old-format fighter: the data-only Ninja (tests/game/fighter4, Ryo's body in per-frame boxes; its own
    // button table is loaded with it and the shipped one put back).
    sim::FighterLoad ninja = sim::loadFighterById(BVH_TEST_SOURCE_DIR "/game/fighter4", "ninja");
    io::Error buttons;
    REQUIRE(sim::loadButtons(testpaths::data(), buttons));
    REQUIRE_MESSAGE(ninja.ok, ninja.error.text());
    struct {
        sim::FighterDef ryo;
    } d{ninja.def};
    sim::Fight fight(setupAt(400, 800), d.ryo, d.ryo);
    // Worked out by hand from tests/game/fighter4/fighters/ninja.fighter. Standing fighters start on stand frame 1
    // and advance one frame per step, so after 20 steps both show stand frame 21, where `box 21 40 head -12 158 14
    // 184` applies.
    // p1 at x 400 faces right: head x 400-12..400+14 = 388..414. p2 at x 800 faces LEFT, so x is mirrored:
    // x 800-14..800+12 = 786..812. arm-front (10 110 34 150, never moved by stand) of p2: x 800-34..800-10.
    for (int i = 0; i < 20; ++i) fight.step(input(0));
    const int head = d.ryo.member("head");
    const int arm = d.ryo.member("arm-front");
    CHECK(fight.state().fighters[0].animFrame == 21);
    CHECK(fight.memberBox(0, head) == engine::AABB{388, 158, 414, 184});
    CHECK(fight.memberBox(1, head) == engine::AABB{786, 158, 812, 184});
    CHECK(fight.memberBox(1, arm) == engine::AABB{766, 110, 790, 150});
    // One step earlier (frame 20) the neutral head (-12 160 14 186) was in place.
    sim::Fight before(setupAt(400, 800), d.ryo, d.ryo);
    for (int i = 0; i < 19; ++i) before.step(input(0));
    CHECK(before.memberBox(1, head) == engine::AABB{786, 160, 812, 186});
}

TEST_CASE("Equal jabs on the same frame trade: both fighters are hit") {
    Pair d;
    // Worked out by hand as in data/replays/16_trade.fscript: mirror-image jabs at x 400 and 480 both reach the
    // other's arm-front on frame 5 (startup 4): 40 damage, hitstun 17 and pushback 12 each.
    sim::Fight fight(setupAt(400, 480), d.ryo, d.ryo);
    Recorder rec;
    rec.step(fight, input(sim::kLight, sim::kLight));
    rec.step(fight, input(0, 0), 4);
    REQUIRE(rec.count(EventType::Hit) == 2);
    for (int p = 0; p < 2; ++p) {
        CAPTURE(p);
        const sim::FighterState& f = fight.state().fighters[p];
        CHECK(f.health == 960);
        CHECK(f.action == sim::Action::Hitstun);
        CHECK(f.hitstun == 17);
        CHECK(f.lastAdvantage == 0);  // both stunned 17 frames: neither is free first
    }
    CHECK(fight.state().fighters[0].x == 388);
    CHECK(fight.state().fighters[1].x == 492);
}

TEST_CASE("After a cross-up a buffered attack comes out facing the opponent") {
    Pair d;
    // p1 (x 400) jumps forward over p2 (x 530): jump 22 1 6 keeps it 45 frames in the air at 6 units a frame, so it
    // lands right of p2. p2 is in its heavy (frames 15..) when p1 crosses and presses light on frame 42 (buffered);
    // when the heavy ends the light must start facing RIGHT, towards p1.
    sim::Fight fight(setupAt(400, 530), d.ryo, d.ryo);
    fight.step(input(sim::kUp | sim::kRight));
    for (int frame = 2; frame <= 48; ++frame) {
        const std::uint16_t p2 = frame == 15 ? sim::kHeavy : frame == 42 ? sim::kLight : 0;
        fight.step(input(0, p2));
    }
    REQUIRE(fight.state().fighters[0].x > fight.state().fighters[1].x);
    CHECK(fight.animName(1) == "light");
    CHECK(fight.state().fighters[1].facing == 1);
    // Its attack box, once active (jab frames 5-7), is on p1's side of p2.
    for (int i = 0; i < 8 && fight.state().fighters[1].attacks.empty(); ++i) fight.step(input(0, 0));
    REQUIRE_FALSE(fight.state().fighters[1].attacks.empty());
    CHECK(fight.state().fighters[1].attacks[0].box.minX > fight.state().fighters[1].x);
}

TEST_CASE("Holding back from the opponent guards on the very frame recovery ends after a cross-up") {
    Pair d;
    // As above: p1 crosses over p2 while p2 is in its heavy (pressed on frame 15). From frame 30 p2 holds LEFT,
    // which is away from p1 once p1 is on its right. On the frame the heavy ends, p2 must already guard (blocking)
    // and face right; a stale facing would read LEFT as forward and walk into p1 unguarded.
    sim::Fight fight(setupAt(400, 530), d.ryo, d.ryo);
    fight.step(input(sim::kUp | sim::kRight));
    bool checked = false;
    for (int frame = 2; frame <= 90 && !checked; ++frame) {
        const bool wasAttacking = fight.state().fighters[1].action == sim::Action::Attack;
        fight.step(input(0, frame == 15 ? sim::kHeavy : frame >= 30 ? sim::kLeft : 0));
        const sim::FighterState& f = fight.state().fighters[1];
        if (wasAttacking && f.action != sim::Action::Attack) {
            CAPTURE(frame);
            REQUIRE(fight.state().fighters[0].x > f.x);
            CHECK(f.facing == 1);
            CHECK(f.blocking);
            checked = true;
        }
    }
    CHECK(checked);
}

TEST_CASE("Saving is copying the state, and restoring and re-stepping gives the same hash") {
    Pair d;
    sim::MatchSetup s = setupAt(400, 800);
    s.mode = sim::Mode::CpuVsCpu;
    sim::Fight fight(s, d.ryo, d.brick);
    for (int i = 0; i < 100; ++i) fight.step(input(0));
    const sim::FightState saved = fight.state();
    const std::uint64_t h0 = fight.hash();
    for (int i = 0; i < 100; ++i) fight.step(input(0));
    const std::uint64_t h1 = fight.hash();
    CHECK(h1 != h0);
    fight.restore(saved);
    CHECK(fight.hash() == h0);
    for (int i = 0; i < 100; ++i) fight.step(input(0));
    CHECK(fight.hash() == h1);
}

TEST_CASE("A saved state is self-contained: another fight restored from a byte copy steps to the same hashes") {
    // The state is plain data, so a copy holds everything (the agent trees included) and points at nothing of the
    // fight it came from: a second fight with a different history, restored from a byte-for-byte copy, must follow
    // the first one hash for hash, through hits, throws and projectiles (the CPUs use all of them).
    Pair d;
    sim::MatchSetup s = setupAt(400, 800);
    s.mode = sim::Mode::CpuVsCpu;
    s.cpuLevel = 4;
    s.startHealth[0] = s.startHealth[1] = 100000;
    sim::Fight a(s, d.ryo, d.brick), b(s, d.ryo, d.brick);
    for (int i = 0; i < 500; ++i) a.step(input(0));
    for (int i = 0; i < 37; ++i) b.step(input(0));
    sim::FightState copy;
    std::memcpy(static_cast<void*>(&copy), &a.state(), sizeof copy);
    b.restore(copy);
    REQUIRE(b.hash() == a.hash());
    Recorder rec;
    for (int i = 0; i < 1500; ++i) {
        rec.step(a, input(0));
        b.step(input(0));
        REQUIRE(b.hash() == a.hash());
    }
    CHECK(rec.count(EventType::Hit) + rec.count(EventType::Block) > 0);
}

TEST_CASE("The training dummy's health refills once it is free") {
    Pair d;
    sim::MatchSetup s = setupAt(400, 480);
    s.mode = sim::Mode::Training;
    s.dummy = sim::DummyMode::Stand;
    sim::Fight fight(s, d.ryo, d.ryo);
    Recorder rec;
    rec.step(fight, input(sim::kHeavy));
    rec.step(fight, input(0), 8);  // frame 9: the kick lands
    CHECK(fight.state().fighters[1].health == 890);
    rec.step(fight, input(0), 60);
    CHECK(fight.state().fighters[1].health == 1000);
    CHECK(fight.state().timer == s.roundFrames);
}

TEST_CASE("The blocking dummy stands its ground until attacked, then blocks") {
    // Regression: the block dummy used to hold back on every frame, which is a walk away, so it walked into the
    // corner before anything was thrown at it. Ryo's heavy kick chips 15 on block (ryo.fighter).
    Pair d;
    sim::MatchSetup s = setupAt(400, 480);
    s.mode = sim::Mode::Training;
    s.dummy = sim::DummyMode::Block;
    sim::Fight fight(s, d.ryo, d.ryo);
    Recorder rec;
    rec.step(fight, input(0), 60);
    CHECK(fight.state().fighters[1].x == 480);  // idle for a second: not one step back
    rec.step(fight, input(sim::kHeavy));
    rec.step(fight, input(0), 30);
    CHECK(rec.count(EventType::Hit) == 0);
    CHECK(rec.count(EventType::Block) == 1);
}

TEST_CASE("Jumps go up, forward or back along the fighter's arc") {
    Pair d;
    std::uint16_t dir = 0;
    int expectedX = 0;
    // ryo: jump 22 1 6. y after n airborne frames is 22n - n(n-1)/2, which is 0 again at n = 45, so a diagonal
    // jump covers 45 * 6 = 270 units.
    SUBCASE("up") {
        dir = 0;
        expectedX = 400;
    }
    SUBCASE("forward") {
        dir = sim::kRight;
        expectedX = 670;
    }
    SUBCASE("back") {
        dir = sim::kLeft;
        expectedX = 130;
    }
    sim::Fight fight(setupAt(400, 1100), d.ryo, d.ryo);
    fight.step(input(std::uint16_t(sim::kUp | dir)));
    CHECK(fight.state().fighters[0].airborne);
    CHECK(fight.state().fighters[0].y == 22);
    for (int i = 0; i < 43; ++i) fight.step(input(0));
    CHECK(fight.state().fighters[0].airborne);  // 44 frames: still in the air (y = 22 * 44 - 44 * 43 / 2 = 22)
    fight.step(input(0));
    CHECK_FALSE(fight.state().fighters[0].airborne);
    CHECK(fight.state().fighters[0].y == 0);
    CHECK(fight.state().fighters[0].x == expectedX);
}

TEST_CASE("Left and right are absolute: the sim turns them into forward and back by facing") {
    Pair d;
    sim::Fight fight(setupAt(400, 800), d.ryo, d.ryo);
    for (int i = 0; i < 10; ++i) fight.step(input(sim::kLeft, sim::kLeft));
    // p1 faces right, so left is back (walk 4); p2 faces left, so left is forward (walk 6).
    CHECK(fight.state().fighters[0].x == 400 - 40);
    CHECK(fight.state().fighters[1].x == 800 - 60);
    CHECK(fight.state().fighters[0].blocking);
    CHECK_FALSE(fight.state().fighters[1].blocking);
}

TEST_CASE("Frame advantage is the frame the victim can act again minus the frame the attacker can") {
    // Counted, not computed: after the jab connects, step until each fighter is back in a free state and compare
    // those frames. Ryo's jab (15 frames, first active frame 5) with hitstun 17 / blockstun 10 is +6 on hit and
    // -1 on block, the numbers the training frame meter reads off the same frames.
    Pair d;
    std::uint16_t guard = 0;
    int expected = 0;
    SUBCASE("on hit") {
        guard = 0;
        expected = 6;
    }
    SUBCASE("on block") {
        guard = sim::kRight;
        expected = -1;
    }
    sim::Fight fight(setupAt(1090, 1175), d.ryo, d.ryo);
    fight.step(input(0, guard));
    fight.step(input(sim::kLight, guard));
    auto isFree = [](const sim::FighterState& f) {
        return f.action == sim::Action::Idle || f.action == sim::Action::Walk || f.action == sim::Action::Crouch;
    };
    std::int64_t hitFrame = -1, free[2] = {-1, -1};
    for (int i = 0; i < 60; ++i) {
        fight.step(input(0, guard));
        for (const sim::Event& e : fight.events()) {
            if (e.type == EventType::Hit || e.type == EventType::Block) hitFrame = fight.state().frame;
        }
        for (int p = 0; p < 2; ++p) {
            if (hitFrame >= 0 && free[p] < 0 && fight.state().frame > hitFrame && isFree(fight.state().fighters[p])) {
                free[p] = fight.state().frame;
            }
        }
    }
    REQUIRE(free[0] > 0);
    REQUIRE(free[1] > 0);
    CHECK(free[1] - free[0] == expected);
    CHECK(fight.state().fighters[0].hasAdvantage);
    CHECK(fight.state().fighters[0].lastAdvantage == expected);
}

TEST_CASE("The CPU walks, blocks, attacks and throws fireballs") {
    Pair d;
    sim::MatchSetup s = setupAt(400, 800);
    s.mode = sim::Mode::CpuVsCpu;
    s.seed = 11;
    s.startHealth[0] = s.startHealth[1] = 100000;  // no KO: keep them fighting
    sim::Fight fight(s, d.ryo, d.brick);
    Recorder rec;
    bool walked = false, threw = false;
    for (int i = 0; i < 3000; ++i) {
        rec.step(fight, input(sim::kLight | sim::kRight, sim::kLight | sim::kRight));  // ignored: both are CPUs
        walked = walked || fight.state().fighters[1].action == sim::Action::Walk;
        threw = threw || fight.state().projectiles[0].alive || fight.state().projectiles[1].alive;
    }
    CHECK(walked);
    CHECK(threw);
    CHECK(rec.count(EventType::Hit) > 0);
    CHECK(rec.count(EventType::Block) > 0);
}

TEST_CASE("CPU levels 2 and 4 start every normal of their fighter, the throw and the special") {
    Pair d;
    for (int level : {2, 4}) {
        CAPTURE(level);
        sim::MatchSetup s = setupAt(400, 800);
        s.mode = sim::Mode::CpuVsCpu;
        s.cpuLevel = level;
        s.seed = 5;
        s.startHealth[0] = s.startHealth[1] = 100000;  // no KO: keep them fighting
        sim::Fight fight(s, d.ryo, d.brick);
        std::set<std::string> started;
        for (int i = 0; i < 6000; ++i) {
            const sim::FightState before = fight.state();
            fight.step(input(0, 0));
            for (int p = 0; p < 2; ++p) {
                const sim::FighterState& f = fight.state().fighters[p];
                const sim::FighterState& was = before.fighters[p];
                if (f.action == sim::Action::Attack && !(was.action == sim::Action::Attack && was.anim == f.anim))
                    started.insert(fight.animName(p));
            }
        }
        for (const char* move : {"light", "medium", "heavy", "low", "crouchmedium", "crouchheavy", "throw", "special"})
            CHECK_MESSAGE(started.count(move) == 1, move);
    }
}

namespace {

/// What a CPU-versus-CPU run shows of one side's throws, dashes and super.
struct CpuTools {
    int throws = 0, throwsThatHeld = 0;  // throws started; of them, those that caught the opponent (even if broken)
    int supers = 0, supersThatHeld = 0;  // the same for a grab super
    int dashes = 0, backdashes = 0;
    int chains = 0;  // a medium or crouching medium started from a light or low that hit, the opponent in hitstun
    int knockdowns = 0, quickRises = 0;  // times player 0 lay down; of them, those it got up from by a quick rise
};

/// Plays `frames` frames of CPU (level) against CPU (opponentLevel; 0: the same), both meters full at the start and
/// both healths `health` (0: the fighters' own), and counts player 0's tools.
CpuTools cpuToolsOf(const sim::FighterDef& a, const sim::FighterDef& b, int level, int frames, int health,
                    std::uint64_t seed = 11, int opponentLevel = 0) {
    sim::MatchSetup s = setupAt(400, 800, a.id.c_str(), b.id.c_str());
    s.mode = sim::Mode::CpuVsCpu;
    s.cpuLevel = opponentLevel > 0 ? opponentLevel : level;
    s.cpuLevelP1 = level;
    s.seed = seed;
    if (health > 0) s.startHealth[0] = s.startHealth[1] = health;
    s.startMeter[0] = s.startMeter[1] = sim::kMeterMax;
    sim::Fight fight(s, a, b);
    CpuTools t;
    std::string holding;  // the throw or super player 0 is in, until it catches the opponent or ends
    for (int i = 0; i < frames; ++i) {
        const sim::FighterState was = fight.state().fighters[0];
        fight.step(input(0, 0));
        const sim::FighterState& f = fight.state().fighters[0];
        const bool fresh = f.action != was.action || f.anim != was.anim;
        const std::string name = fight.animName(0);
        if (fresh && f.action == sim::Action::Dash) (f.vx * f.facing > 0 ? t.dashes : t.backdashes) += 1;
        if (f.action == sim::Action::Knockdown && was.action != sim::Action::Knockdown) ++t.knockdowns;
        if (f.rose && !was.rose) ++t.quickRises;
        const bool fromLight =
            was.action == sim::Action::Attack && (was.anim == a.anim("light") || was.anim == a.anim("low"));
        if (fresh && fromLight && (name == "medium" || name == "crouchmedium") &&
            fight.state().fighters[1].action == sim::Action::Hitstun)
            ++t.chains;
        if (fresh && f.action == sim::Action::Attack && (name == "throw" || (name == "super" && a.id == "tasha"))) {
            (name == "throw" ? t.throws : t.supers) += 1;
            holding = name;
        }
        if (holding.empty()) continue;
        if (fight.state().fighters[1].action == sim::Action::Thrown) {
            (holding == "throw" ? t.throwsThatHeld : t.supersThatHeld) += 1;
            holding.clear();
        } else if (f.action != sim::Action::Attack || name != holding) {
            holding.clear();
        }
    }
    return t;
}

}  // namespace

TEST_CASE(
    "The CPU throws from its throw's reach, dashes in and out, chains, and keeps its grab super for where it holds") {
    Pair d;
    const sim::FighterDef tasha = fighttest::fighter("tasha");
    const sim::FighterDef* fighters[] = {&d.ryo, &d.brick, &tasha};
    // Before this rule (bench_balance, 100 matches a pairing at level 4): 3-4% of throws landed, as the CPU pressed
    // throw at its heavy's reach; the level-4 CPU never dashed on purpose; Tasha's level-4 super came only by
    // accident, from range (2 of 45 landed), and at level 2 her accidental supers landed 4 of 294. The "before"
    // figures below are this test's counts on that CPU.
    for (int level : {2, 3, 4}) {
        CAPTURE(level);
        CpuTools all;
        for (const sim::FighterDef* a : fighters) {
            const CpuTools t = cpuToolsOf(*a, a == &d.ryo ? d.brick : d.ryo, level, 8000, 100000, 12);
            all.throws += t.throws;
            all.throwsThatHeld += t.throwsThatHeld;
            all.dashes += t.dashes;
            all.backdashes += t.backdashes;
            all.chains += t.chains;
        }
        CAPTURE(all.chains);
        // Seed 12: over seeds 11-30 (8000 frames each) level 3 chains 66 times (none on seed 11 alone) and holds 159
        // of 252 throws, level 4 chains 131 times and holds 168 of 343 (seed 11 alone, level 3 held 1 of 5), level 2
        // holds 312 of 457 and chains none.
        // A light chained into a medium (before: none). Only the hit confirm chains now: while the CPU still decided
        // inside its own jab, a decision that pressed the medium chained by accident (with the confirm's chain
        // switched off, that CPU still chained 41 times at level 4 over seeds 11-30, against 153 with it).
        CHECK(all.chains >= (level == 4 ? 3 : level == 3 ? 1 : 0));
        if (level == 2) CHECK(all.chains == 0);  // level 2 confirms into the special only
        // Whiffs remain where the opponent walked or jumped out during the startup, or hit first (before: level 4
        // held 12 of 54, levels 2-3 threw only to answer a habit; 1 and 5 throws here).
        CHECK(all.throws >= 5);
        CHECK(all.throwsThatHeld * 10 >= all.throws * 4);
        if (level == 4) CHECK(all.dashes >= 10);  // before: 3 and 2, both by accident
        if (level == 4) CHECK(all.backdashes >= 10);
        int supers = 0, held = 0;
        for (std::uint64_t seed : {1, 2, 3, 4, 5, 6, 7, 8}) {
            const CpuTools t = cpuToolsOf(tasha, d.ryo, level, 3 * 99 * 60, 0, seed);
            supers += t.supers;
            held += t.supersThatHeld;
        }
        CAPTURE(supers);
        CAPTURE(held);
        if (level == 2) CHECK(supers == 0);  // no super of its own at level 2, and none by accident (before: 4, 0 held)
        if (level >= 3) CHECK(supers >= 1);
        // More than half: over seeds 1-40 level 3 holds 47 of 59 (80%) and level 4 29 of 33, but eight seeds are
        // few (a draft of this CPU held 6 of 10 at level 3). Before (seeds 1-4): level 3 held 5 of 14, level 4 none.
        if (level >= 3) CHECK(held * 2 > supers);
    }
}

TEST_CASE("The CPU quick rises by choice: never at level 1, a quarter of the time at 2, half at 3, most at 4") {
    // Before this rule every level pressed on while lying as it had planned, and a fresh down press (a low guard, a
    // crouching attack) rose by accident. Four fighters against a level-3 Ryo or Brick (who sweeps and throws),
    // 12,000 frames each, both healths far above a round's damage; the knockdowns counted are player 0's. On that
    // CPU this test counted rises in 23 of 343 knockdowns at level 1, 29 of 107 at level 2, 8 of 40 at level 3 and
    // 46 of 70 at level 4: levels 1 and 3 fail below (now: 0 of 381, 17 of 103, 19 of 35, 43 of 59).
    Pair d;
    const sim::FighterDef tasha = fighttest::fighter("tasha");
    const sim::FighterDef nova = fighttest::fighter("nova");
    const sim::FighterDef* fighters[] = {&d.ryo, &d.brick, &tasha, &nova};
    for (int level : {1, 2, 3, 4}) {
        CAPTURE(level);
        int knockdowns = 0, rises = 0;
        for (const sim::FighterDef* a : fighters) {
            const CpuTools t = cpuToolsOf(*a, a == &d.ryo ? d.brick : d.ryo, level, 12000, 100000, 11, 3);
            knockdowns += t.knockdowns;
            rises += t.quickRises;
        }
        CAPTURE(knockdowns);
        CAPTURE(rises);
        REQUIRE(knockdowns >= 20);
        const double share = double(rises) / knockdowns;
        if (level == 1) CHECK(rises == 0);
        if (level == 2) CHECK((share >= 0.1 && share <= 0.4));
        if (level == 3) CHECK((share >= 0.35 && share <= 0.65));
        if (level == 4) CHECK(share >= 0.6);
    }
}

namespace {

/// A beginner's play, scripted: walk in; once close, press light, then heavy, every 12 frames in turn; never block,
/// jump, throw or enter a motion (what a first-time player mashing two buttons does).
std::uint16_t beginnerInput(const sim::FightState& s) {
    const sim::FighterState& me = s.fighters[0];
    const sim::FighterState& them = s.fighters[1];
    const std::uint16_t fwd = me.x < them.x ? sim::kRight : sim::kLeft;
    if (std::abs(them.x - me.x) > 100) return fwd;
    const std::int64_t beat = s.frame % 24;
    return beat == 0 ? std::uint16_t(sim::kLight) : beat == 12 ? std::uint16_t(sim::kHeavy) : std::uint16_t(0);
}

/// Plays a live-rules match of the scripted beginner (Ryo, player 1) against a CPU of `level` playing `cpu`;
/// returns the rounds the beginner won minus the rounds the CPU won.
int beginnerAgainstCpu(const sim::FighterDef& ryo, const sim::FighterDef& cpu, int level, std::uint64_t seed) {
    sim::MatchSetup s = setupAt(400, 800, "ryo", cpu.id.c_str());
    s.mode = sim::Mode::VersusCpu;
    s.cpuLevel = level;
    s.counter = sim::CounterHits::On;
    s.seed = seed;
    sim::Fight fight(s, ryo, cpu);
    for (int i = 0; i < 3 * 99 * 60 + 600 && !fight.state().matchOver; ++i)
        fight.step(input(beginnerInput(fight.state())));
    return fight.state().wins[0] - fight.state().wins[1];
}

}  // namespace

TEST_CASE("A scripted beginner who walks in and mashes light and heavy beats the level-1 CPU with every fighter") {
    // Level 1 is the first step of the arcade: it thinks slowly, rarely guards, rarely throws fireballs and up close
    // mostly waits, so two buttons pressed up close win. Seed 9 is a match the level-1 Tasha of the earlier rules won
    // (12 seeds a fighter were tried: 47 of 48 matches went to the beginner then, 48 of 48 now). The same beginner
    // loses to level 3 with Nova (12 of 12 seeds; level 2 Nova, who lunges only within reach, beats it in 8 of 12),
    // so the script is no sure win against any CPU.
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    for (const std::string id : {"ryo", "brick", "tasha", "nova"}) {
        CAPTURE(id);
        CHECK(beginnerAgainstCpu(ryo, fighttest::fighter(id), 1, 9) > 0);
    }
    CHECK(beginnerAgainstCpu(ryo, fighttest::fighter("nova"), 3, 9) < 0);
}
