// The input rules tested through Fight directly: SOCD cleaning, motion inputs and their window and buffer, the
// one-button shortcuts, invincible frames, dashes, a move's advance, throws, the round intro, and a hash that sees every field. Expected frames and positions worked out by hand from data/fighters/*.fighter (comments).
#include "game/sim/fight_test_util.h"

#include <algorithm>
#include <functional>
#include <vector>

using fighttest::fighter;
using fighttest::input;
using fighttest::Recorder;
using fighttest::setupAt;
using sim::EventType;

namespace {

sim::MatchSetup motionSetup(int x1, int x2, const char* f1 = "ryo", const char* f2 = "ryo") {
    sim::MatchSetup s = setupAt(x1, x2, f1, f2);
    s.style[0] = s.style[1] = sim::InputStyle::Motion;
    return s;
}

/// Steps p1's inputs one frame each (p2 idle).
void feed(sim::Fight& f, std::initializer_list<std::uint16_t> p1) {
    for (std::uint16_t b : p1) f.step(input(b));
}

constexpr std::uint16_t kDR = sim::kDown | sim::kRight;

}  // namespace

TEST_CASE("SOCD: left and right together are neutral, so down+left+right is an unguarded crouch") {
    sim::Fight f(setupAt(400, 480), fighter("ryo"), fighter("ryo"));
    f.step(input(sim::kDown | sim::kLeft | sim::kRight));
    CHECK(f.state().fighters[0].crouching);
    CHECK_FALSE(f.state().fighters[0].blocking);
    f.step(input(sim::kLeft | sim::kRight));
    CHECK(f.state().fighters[0].action == sim::Action::Idle);  // not walking either way
    CHECK(f.state().fighters[0].x == 400);
}

TEST_CASE("236 + special throws the fireball in motion style, special alone does nothing") {
    sim::Fight f(motionSetup(400, 800), fighter("ryo"), fighter("ryo"));
    feed(f, {sim::kSpecial});
    CHECK(f.animName(0) == "stand");
    feed(f, {0, sim::kDown, kDR, sim::kRight | sim::kSpecial});
    CHECK(f.animName(0) == "special");
}

TEST_CASE("A setup with no style reads simple: special alone is the fireball and 623S the anti-air") {
    sim::Fight f(setupAt(400, 800), fighter("ryo"), fighter("ryo"));
    feed(f, {sim::kSpecial});
    CHECK(f.animName(0) == "special");
    sim::Fight g(setupAt(400, 800), fighter("ryo"), fighter("ryo"));
    feed(g, {sim::kRight, sim::kDown, kDR | sim::kSpecial});  // 623S: the rising anti-air, not the fireball
    CHECK(g.animName(0) == "rising");
}

TEST_CASE("The motion window counts the press frame: 12 frames pass, 13 do not (ryo: motion 12)") {
    for (int hold : {10, 11}) {
        sim::Fight f(motionSetup(400, 800), fighter("ryo"), fighter("ryo"));
        f.step(input(sim::kDown));
        for (int i = 0; i < hold; ++i) f.step(input(kDR));
        f.step(input(sim::kRight | sim::kSpecial));
        CHECK(f.animName(0) == (hold == 10 ? "special" : "walk"));
    }
}

TEST_CASE("623 wins over 236 when both are in the history (6 2 3 6 + special)") {
    sim::Fight f(motionSetup(400, 800), fighter("ryo"), fighter("ryo"));
    feed(f, {sim::kRight, sim::kDown, kDR, sim::kRight | sim::kSpecial});
    CHECK(f.animName(0) == "rising");
}

TEST_CASE("A motion finished during recovery is buffered and comes out on the first free frame") {
    sim::Fight f(motionSetup(400, 800), fighter("ryo"), fighter("ryo"));
    f.step(input(sim::kHeavy));  // kick: 30 frames; frame 1 of it now
    for (int i = 0; i < 25; ++i) f.step(input(0));
    // frames 27-29: 2 3 6S while still kicking (frames 27..29 of 30); the buffer holds the special 6 frames
    feed(f, {sim::kDown, kDR, sim::kRight | sim::kSpecial});
    CHECK(f.animName(0) == "heavy");
    f.step(input(sim::kRight));  // frame 30: the kick's last frame
    CHECK(f.animName(0) == "heavy");
    f.step(input(sim::kRight));  // free: the buffered fireball starts
    CHECK(f.animName(0) == "special");
}

TEST_CASE("Simple style: special is the fireball, forward + special the anti-air") {
    sim::MatchSetup s = setupAt(400, 800);
    s.style[0] = sim::InputStyle::Simple;
    sim::Fight a(s, fighter("ryo"), fighter("ryo"));
    feed(a, {sim::kSpecial});
    CHECK(a.animName(0) == "special");
    sim::Fight b(s, fighter("ryo"), fighter("ryo"));
    feed(b, {sim::kRight, sim::kRight | sim::kSpecial});
    CHECK(b.animName(0) == "rising");
}

TEST_CASE("Invincible frames: without them the same anti-air trades with the jump-in") {
    // data/replays/21: p1's rising beats p2's jump attack clean. Remove its invincibility and p1 is hit too.
    for (bool invincible : {true, false}) {
        sim::FighterDef ryo = fighter("ryo");
        if (!invincible) ryo.anims[std::size_t(ryo.anim("rising"))].invFirst = 0;
        sim::Fight f(motionSetup(400, 700), ryo, ryo);
        Recorder rec;
        rec.step(f, input(0, sim::kUp | sim::kLeft));
        rec.step(f, input(0), 27);
        rec.step(f, input(0, sim::kHeavy));
        rec.step(f, input(0), 2);
        rec.step(f, input(sim::kRight));
        rec.step(f, input(sim::kDown));
        rec.step(f, input(kDR | sim::kSpecial));
        rec.step(f, input(0), 10);
        int p1Hit = 0, p2Hit = 0;
        for (const auto& fe : rec.events) {
            if (fe.second.type != EventType::Hit) continue;
            (fe.second.victim == 0 ? p1Hit : p2Hit) += 1;
        }
        CHECK(p1Hit == (invincible ? 0 : 1));
        // Without invincibility both land: the rising's dip (its frames 1-3, a crouch) keeps p1's head under the
        // boot until the uppercut rises into it on its first active frame, so they trade.
        CHECK(p2Hit == 1);
    }
}

TEST_CASE("Dashes need a neutral gap and the window (ryo: dash 10 12 9)") {
    sim::Fight f(motionSetup(400, 800), fighter("ryo"), fighter("ryo"));
    f.step(input(sim::kRight));  // a one-frame walk: x 406
    for (int i = 0; i < 9; ++i) f.step(input(0));
    f.step(input(sim::kRight));  // second tap 10 frames after the first
    CHECK(f.state().fighters[0].action == sim::Action::Dash);
    CHECK(f.state().fighters[0].x == 406 + 12);
    sim::Fight late(motionSetup(400, 800), fighter("ryo"), fighter("ryo"));
    late.step(input(sim::kRight));
    for (int i = 0; i < 10; ++i) late.step(input(0));
    late.step(input(sim::kRight));  // 11 frames after the first: too late, a walk
    CHECK(late.state().fighters[0].action == sim::Action::Walk);
    sim::Fight held(motionSetup(400, 800), fighter("ryo"), fighter("ryo"));
    held.step(input(sim::kRight));
    held.step(input(sim::kRight));  // no neutral frame between: still a walk
    CHECK(held.state().fighters[0].action == sim::Action::Walk);
}

TEST_CASE("A throw beats a block, and the thrown fighter can break it in the tech window") {
    for (bool techs : {false, true}) {
        sim::Fight f(setupAt(400, 480, "ryo", "brick"), fighter("ryo"), fighter("brick"));
        Recorder rec;
        rec.step(f, input(sim::kThrow, sim::kRight));  // p2 holds back (guards)
        rec.step(f, input(0, sim::kRight), 5);         // the grab on frame 6
        std::int64_t at = 0;
        REQUIRE(rec.first(EventType::Throw, &at) != nullptr);
        CHECK(at == 6);
        CHECK(f.state().fighters[1].action == sim::Action::Thrown);
        rec.step(f, input(0, techs ? sim::kThrow : 0));
        rec.step(f, input(0), 20);
        CHECK(rec.count(EventType::Tech) == (techs ? 1 : 0));
        CHECK(rec.count(EventType::Block) == 0);
        CHECK(f.state().fighters[1].health == (techs ? 1100 : 1100 - 120));  // brick's full health, ryo's throw
    }
}

TEST_CASE("A throw press up to five frames before the grab breaks the throw, as the genre's option select does") {
    // p1's throw, pressed on frame 1, grabs on frame 6 (the test above). p2 presses throw on frame 6 - early: its
    // own throw is then in startup (active from frame press + 5, too late to grab first) and counts as the tech.
    for (int early = 0; early <= sim::kEarlyTech - 1; ++early) {
        CAPTURE(early);
        sim::Fight f(setupAt(400, 480, "ryo", "brick"), fighter("ryo"), fighter("brick"));
        Recorder rec;
        rec.step(f, input(sim::kThrow));
        rec.step(f, input(0), 4 - early);
        rec.step(f, input(0, sim::kThrow));
        rec.step(f, input(0), 20 + early);
        CHECK(rec.count(EventType::Throw) == 1);
        CHECK(rec.count(EventType::Tech) == 1);
        CHECK(f.state().fighters[1].health == 1100);
    }
}

TEST_CASE("A fighter in blockstun cannot be thrown") {
    // The low made +28 on block (blockstun 40) so p1 can throw while p2 is still in blockstun. p2 crouch-blocks
    // (so it does not walk away): blocked on frame 7, hitstop frames 8-14, blockstun frames 15-54; p1 is free on
    // frame 29 and its throw, pressed then, is active on frames 34-35 with p2 (pushed to 484) inside its box
    // (420..462, y 60..160, against p2's crouch-blocking front arm at 454..470, y 70..125).
    sim::FighterDef ryo = fighter("ryo");
    ryo.anims[std::size_t(ryo.anim("low"))].blockstun = 40;
    for (bool stunned : {true, false}) {
        sim::Fight f(setupAt(400, 470), ryo, ryo);
        Recorder rec;
        rec.step(f, input(sim::kDown | sim::kLight, sim::kDown | sim::kRight));
        rec.step(f, input(0, sim::kDown | sim::kRight), 27);
        REQUIRE(rec.count(EventType::Block) == 1);
        if (!stunned) {  // the control: the same throw on a p2 that is free (its stun cut short by hand)
            sim::FightState st = f.state();
            st.fighters[1].blockstun = 1;
            f.restore(st);
        }
        rec.step(f, input(sim::kThrow));
        rec.step(f, input(0), 7);
        CHECK(rec.count(EventType::Throw) == (stunned ? 0 : 1));
    }
}

TEST_CASE("The round intro locks inputs and the timer for its frames") {
    sim::MatchSetup s = setupAt(400, 480);
    s.intro = 10;
    sim::Fight f(s, fighter("ryo"), fighter("ryo"));
    for (int i = 0; i < 10; ++i) f.step(input(sim::kRight));
    CHECK(f.state().fighters[0].x == 400);
    CHECK(f.state().timer == s.roundFrames);
    f.step(input(sim::kRight));
    CHECK(f.state().fighters[0].x == 406);
    CHECK(f.state().timer == s.roundFrames - 1);
}

TEST_CASE("Every field added for motions and throws reaches the hash, zero or not") {
    // The direction history, the throw's tech timer and grabbed member, the level-4 CPU's motion and fireball wait
    // and an attack box's grab flag: changing any one of them in a saved state must change the hash.
    sim::Fight f(motionSetup(400, 800), fighter("ryo"), fighter("ryo"));
    for (int i = 0; i < 5; ++i) f.step(input(0));
    const sim::FightState base = f.state();
    const std::uint64_t h = f.hash();
    std::vector<std::function<void(sim::FightState&)>> edits = {
        [](sim::FightState& s) { s.fighters[0].dirs[7] = sim::kDown; },
        [](sim::FightState& s) { s.fighters[1].techTimer = 3; },
        [](sim::FightState& s) { s.fighters[0].grabMember = 0; },
        [](sim::FightState& s) { s.fighters[1].cpu.motion = 2; },
        [](sim::FightState& s) { s.fighters[0].cpu.fireballWait = 9; },
        [](sim::FightState& s) {
            s.fighters[0].attacks.push_back({{0, 0, 1, 1}, false, true});
        },
    };
    for (std::size_t k = 0; k < edits.size(); ++k) {
        CAPTURE(k);
        sim::FightState s = base;
        edits[k](s);
        f.restore(s);
        CHECK(f.hash() != h);
    }
    f.restore(base);
    CHECK(f.hash() == h);
}

TEST_CASE("A command throw (notech) cannot be broken, the same grab without notech can") {
    // data/replays/30: Tasha's 623S grabs Ryo on frame 7; Ryo presses throw on frame 9, inside its tech window.
    for (bool noTech : {true, false}) {
        sim::FighterDef tasha = fighter("tasha");
        tasha.anims[std::size_t(tasha.anim("rising"))].noTech = noTech;
        sim::Fight f(motionSetup(400, 480, "tasha", "ryo"), tasha, fighter("ryo"));
        Recorder rec;
        rec.step(f, input(sim::kRight, sim::kRight));
        rec.step(f, input(sim::kDown, sim::kRight));
        rec.step(f, input(kDR | sim::kSpecial, sim::kRight));
        rec.step(f, input(0, sim::kRight), 5);
        REQUIRE(rec.count(EventType::Throw) == 1);
        rec.step(f, input(0, sim::kThrow));
        rec.step(f, input(0), 20);
        CHECK(rec.count(EventType::Tech) == (noTech ? 0 : 1));
        CHECK(f.state().fighters[1].health == (noTech ? 780 : 1000));
    }
}

namespace {

/// One step of a level-4 CPU (p2) with its planning switched off: it never decides, it holds `stance` (0 = nothing),
/// so only its frame-data reactions (guard on reaction, anti-air, punish) act.
void stepReactionsOnly(sim::Fight& f, Recorder& rec, std::uint16_t p1, std::uint16_t stance) {
    sim::FightState st = f.state();
    st.fighters[1].cpu.think = 1000;
    st.fighters[1].cpu.plan = stance;
    st.fighters[1].cpu.planFrames = stance != 0 ? 1000 : 0;
    f.restore(st);
    rec.step(f, input(p1));
}

sim::MatchSetup cpu4(int x1, int x2) {
    sim::MatchSetup s = motionSetup(x1, x2);
    s.mode = sim::Mode::VersusCpu;
    s.cpuLevel = 4;
    return s;
}

int hitsOn(const Recorder& rec, int victim, const char* move = nullptr) {
    int n = 0;
    for (const auto& fe : rec.events) {
        const sim::Event& e = fe.second;
        n += e.type == EventType::Hit && e.victim == victim && (move == nullptr || e.move == move) ? 1 : 0;
    }
    return n;
}

}  // namespace

TEST_CASE("CPU level 4 anti-airs a jump-in with its invincible uppercut") {
    sim::Fight f(cpu4(400, 640), fighter("ryo"), fighter("ryo"));
    Recorder rec;
    stepReactionsOnly(f, rec, sim::kUp | sim::kRight, 0);  // p1 jumps at the CPU
    for (int i = 0; i < 60; ++i) stepReactionsOnly(f, rec, i == 25 ? sim::kHeavy : 0, 0);
    CHECK(hitsOn(rec, 0, "rising") == 1);
    CHECK(hitsOn(rec, 1) == 0);
}

TEST_CASE("CPU level 4 guards only what a player could react to") {
    // Ryo's kick (startup 8) is faster than kCpuReaction (14): with no guard stance the CPU is hit. The same kick
    // with 20 frames of startup is seen in time and guarded.
    for (int startup : {8, 20}) {
        sim::FighterDef slow = fighter("ryo");
        sim::AnimDef& kick = slow.anims[std::size_t(slow.anim("heavy"))];
        for (sim::Placement& pl : kick.boxes) {  // push the active boxes back with the startup
            if (pl.first > 8) pl.first += startup - 8, pl.last += startup - 8;
            else if (pl.last == 8) pl.last = startup;
        }
        kick.startup = startup;
        kick.length = kick.startup + kick.active + kick.recovery;
        sim::Fight f(cpu4(400, 480), slow, fighter("ryo"));
        Recorder rec;
        stepReactionsOnly(f, rec, sim::kHeavy, 0);
        for (int i = 0; i < 40; ++i) stepReactionsOnly(f, rec, 0, 0);
        CHECK(hitsOn(rec, 1) == (startup == 8 ? 1 : 0));
        CHECK(rec.count(EventType::Block) == (startup == 8 ? 0 : 1));
    }
}

TEST_CASE("CPU level 4 punishes a blocked uppercut and lets a safe jab go") {
    // From a guard stance: Ryo's uppercut (28 frames of recovery) blocked -> the CPU's own uppercut (startup 3,
    // entered in 3 frames) lands; a blocked jab leaves too little time (8 frames of recovery) for anything.
    for (bool unsafe : {true, false}) {
        sim::Fight f(cpu4(400, 470), fighter("ryo"), fighter("ryo"));
        Recorder rec;
        const std::uint16_t back = sim::kRight;  // the CPU faces left
        if (unsafe) {
            stepReactionsOnly(f, rec, sim::kRight, back);
            stepReactionsOnly(f, rec, sim::kDown, back);
            stepReactionsOnly(f, rec, kDR | sim::kSpecial, back);
        } else {
            stepReactionsOnly(f, rec, sim::kLight, back);
        }
        for (int i = 0; i < 60; ++i) stepReactionsOnly(f, rec, 0, back);
        REQUIRE(rec.count(EventType::Block) == 1);
        CHECK(hitsOn(rec, 0) == (unsafe ? 1 : 0));
    }
}

TEST_CASE("Training dummy randomblock guards some jabs and lets others in") {
    // 40 jabs, each after the dummy is back to neutral: a fair coin per attack, so both outcomes must show up
    // many times (the chance of fewer than 8 of either in 40 tosses is below 1 in 10,000).
    sim::MatchSetup s = setupAt(400, 470);
    s.mode = sim::Mode::Training;
    s.dummy = sim::DummyMode::RandomBlock;
    sim::Fight f(s, fighter("ryo"), fighter("ryo"));
    Recorder rec;
    for (int i = 0; i < 40; ++i) {
        sim::FightState st = f.state();  // the same spacing for every jab
        st.fighters[1].x = 470;
        f.restore(st);
        rec.step(f, input(sim::kLight));
        rec.step(f, input(0), 45);
    }
    CHECK(rec.count(EventType::Hit) >= 8);
    CHECK(rec.count(EventType::Block) >= 8);
    CHECK(rec.count(EventType::Hit) + rec.count(EventType::Block) == 40);
}

namespace {

/// Ryo whose jab, its attack boxes removed (a lunge that never strikes, so nothing but the motion moves anyone),
/// carries him DX a frame on frames 2-6: 5 frames.
sim::FighterDef lunger(int dx) {
    sim::FighterDef d = fighter("ryo");
    sim::AnimDef& jab = d.anims[std::size_t(d.anim("light"))];
    jab.boxes.clear();
    jab.advanceFirst = 2;
    jab.advanceLast = 6;
    jab.advanceDx = dx;
    return d;
}

}  // namespace

TEST_CASE("A move's advance carries the origin and the push box forward, mirrored by facing, and keeps them there") {
    // The jab starts on the press's frame (frame 1) and shows frame n on the n-th step, so after 6 steps frames 2-6
    // have each moved the origin 10: 50 units. Ryo's push box is -25..25 (data/fighters/ryo.fighter).
    int start = 400, other = 800, facing = 1;
    SUBCASE("facing right") {}
    SUBCASE("facing left") {
        start = 800;
        other = 400;
        facing = -1;
    }
    sim::Fight f(setupAt(start, other), lunger(10), fighter("ryo"));
    sim::Fight still(setupAt(start, other), lunger(10), fighter("ryo"));
    f.step(input(sim::kLight));
    CHECK(f.state().fighters[0].x == start);  // frame 1: not yet
    f.step(input(0));
    CHECK(f.state().fighters[0].x == start + 10 * facing);
    for (int i = 0; i < 4; ++i) f.step(input(0));
    const sim::FighterState& p1 = f.state().fighters[0];
    CHECK(p1.x == start + 50 * facing);
    CHECK(p1.push.minX == start + 50 * facing - 25);
    CHECK(p1.push.maxX == start + 50 * facing + 25);
    for (int i = 0; i < 20; ++i) f.step(input(0));  // the move (15 frames) is over: no snap back
    CHECK(p1.action == sim::Action::Idle);
    CHECK(p1.x == start + 50 * facing);
    for (int i = 0; i < 26; ++i) still.step(input(0));  // without the press nothing moved
    CHECK(still.state().fighters[0].x == start);
}

TEST_CASE("A move's advance stops at the wall as a walk does") {
    // Back 10 a frame from x 60: the push box's left edge (x - 25) reaches the wall after 3.5 frames; x stops at 25.
    sim::Fight f(setupAt(60, 800), lunger(-10), fighter("ryo"));
    f.step(input(sim::kLight));
    for (int i = 0; i < 5; ++i) f.step(input(0));
    CHECK(f.state().fighters[0].x == 25);
    CHECK(f.state().fighters[0].push.minX == 0);
}

TEST_CASE("A move's advance pushes the opponent as walking into it does, into the corner") {
    // Push boxes touching (50 apart): each frame's 10 units of overlap are split 5 and 5, as a walk's are.
    sim::Fight f(setupAt(400, 450), lunger(10), fighter("ryo"));
    f.step(input(sim::kLight));
    for (int i = 0; i < 5; ++i) {
        f.step(input(0));
        CHECK(f.state().fighters[0].push.maxX <= f.state().fighters[1].push.minX);
    }
    CHECK(f.state().fighters[0].x == 425);
    CHECK(f.state().fighters[1].x == 475);
    // Against an opponent in the corner (x 1175: its push box ends at the wall) the lunge is stopped where the boxes
    // touch, 50 short of it, and the opponent does not move.
    sim::Fight corner(setupAt(1100, 1175), lunger(10), fighter("ryo"));
    corner.step(input(sim::kLight));
    for (int i = 0; i < 5; ++i) corner.step(input(0));
    CHECK(corner.state().fighters[1].x == 1175);
    CHECK(corner.state().fighters[0].x == 1125);
}

TEST_CASE("A rollback through a move's advance re-steps to the same hashes and positions") {
    sim::Fight f(setupAt(400, 700), lunger(10), fighter("ryo"));
    f.step(input(sim::kLight));
    f.step(input(0));
    const sim::FightState saved = f.state();  // mid-lunge (frame 2 done)
    std::vector<std::uint64_t> hashes;
    for (int i = 0; i < 10; ++i) {
        f.step(input(0));
        hashes.push_back(f.hash());
    }
    const int x = f.state().fighters[0].x;
    CHECK(x == 450);
    f.restore(saved);
    for (int i = 0; i < 10; ++i) {
        f.step(input(0));
        CHECK(f.hash() == hashes[std::size_t(i)]);
    }
    CHECK(f.state().fighters[0].x == x);
}

namespace {

/// Plays `frames` frames of `s` (Ryo standing still against a CPU Nova) and counts the dash punches the CPU starts;
/// every one, and every super, must start within its reach (the figures are worked out in the test below).
int lungesWithinReach(const sim::MatchSetup& s, int frames) {
    sim::Fight f(s, fighter("ryo"), fighter("nova"));
    int lunges = 0;
    for (int i = 0; i < frames; ++i) {
        const sim::FighterState& cpu = f.state().fighters[1];
        const sim::FighterState& ryo = f.state().fighters[0];
        const int gap = cpu.x < ryo.x ? ryo.push.minX - cpu.x : cpu.x - ryo.push.maxX;
        f.step(input(0));
        const int motion = f.state().fighters[1].cpu.motion;
        if (motion == 12) {
            CHECK(gap <= 212);
            ++lunges;
        }
        if (motion == 25) CHECK(gap <= 245);
    }
    return lunges;
}

}  // namespace

TEST_CASE("The CPU starts a strike special or super only within its reach, at every level") {
    // Nova's dash punch is a strike that carries her (nova.fighter): its attack box reaches 82 ahead of her origin
    // on frames 12-15 and `advance 6 15 13` moves her 13 a frame on frames 6-15, so by its last active frame (15)
    // it reaches 82 + 10 * 13 = 212 ahead of where it started. Her super: box to 125 on frames 6-11, `advance 3 7
    // 24` = 5 * 24 = 120 by then: 245. Ryo (player 1) stands still from 400; the CPU starts 400 away, further than
    // either reaches. On the frame the CPU decides a motion (236 + special leaves cpu.motion at 12, 236236 +
    // special at 25), the distance it saw, its origin to the near edge of Ryo's push box, must be within reach.
    // Before the rule, levels 1-3 threw the dash punch from any range as if it were a fireball.
    // Three seeds: against a Ryo who never moves, level 4 soon throws him on every wake-up (its answer to a player
    // who waits), so one match may hold no lunge at all.
    for (int level = 1; level <= 4; ++level) {
        CAPTURE(level);
        int lunges = 0;
        for (std::uint64_t seed : {5, 6, 7}) {
            sim::MatchSetup s = motionSetup(400, 800, "ryo", "nova");
            s.mode = sim::Mode::VersusCpu;
            s.cpuLevel = level;
            s.seed = seed;
            s.startHealth[0] = s.startHealth[1] = 100000;  // no KO: keep them fighting
            s.startMeter[1] = 1000;
            lunges += lungesWithinReach(s, 2000);
        }
        if (level >= 2) CHECK(lunges > 0);  // it still uses the move where it reaches
    }
}

TEST_CASE("The CPU does not enter a projectile super while its own projectile flies") {
    // Ryo's super throws a projectile (ryo.fighter: `projectile` in `move super`), and the rules start no projectile
    // move while the fighter's own flies (Fight::canStart), so 236236 + special then does nothing: the CPU must not
    // spend its motion on it. Before, it checked only the meter and entered the super with its fireball on screen.
    // A level-3 CPU Ryo up close with a full meter decides on the next frame, 200 times with 200 random states, once
    // with a fireball of his flying away off the far side and once without. On the frame the CPU decides the super,
    // cpu.motion is 25 (236236 + special entered over the next frames); it picks it in 30% of close decisions.
    // The CPU decides only where it can act (grounded, standing, walking or crouching: Fight::cpuDecisionDue), so
    // the close state is the first such frame with Ryo less than 150 from Nova (who may have been pushed back).
    sim::MatchSetup s = motionSetup(400, 700, "nova", "ryo");
    s.mode = sim::Mode::VersusCpu;
    s.cpuLevel = 3;
    s.startHealth[0] = s.startHealth[1] = 100000;
    sim::Fight f(s, fighter("nova"), fighter("ryo"));
    auto closeAndFree = [&f]() {
        const sim::FighterState& ryo = f.state().fighters[1];
        const bool free =
            ryo.action == sim::Action::Idle || ryo.action == sim::Action::Walk || ryo.action == sim::Action::Crouch;
        return std::abs(ryo.x - f.state().fighters[0].x) < 150 && free && !ryo.airborne && ryo.cpu.motion == 0;
    };
    for (int i = 0; i < 900 && !closeAndFree(); ++i) f.step(input(0));
    REQUIRE(closeAndFree());  // Ryo came in: the close range
    const sim::FightState close = f.state();
    int supers[2] = {0, 0};
    for (int flying = 0; flying < 2; ++flying) {
        for (std::uint64_t k = 1; k <= 200; ++k) {
            sim::FightState t = close;
            t.rng = k * 0x9E3779B97F4A7C15ull;
            t.fighters[1].cpu.think = 1;  // decides on the next frame
            t.fighters[1].cpu.plan = 0;
            t.fighters[1].cpu.planFrames = 0;
            t.fighters[1].meter = 1000;
            if (flying) t.projectiles[1] = sim::Projectile{{1100, 100, 1140, 140}, 1, 8, 60, -1, true};
            f.restore(t);
            f.step(input(0));
            supers[flying] += f.state().fighters[1].cpu.motion == 25;
        }
    }
    CHECK(supers[0] > 20);  // it uses its super up close ...
    CHECK(supers[1] == 0);  // ... but not while its fireball flies
}

namespace {

/// The CPU (player 2, `level`, Ryo against Ryo) in its own jump at `height` on the way down, `dist` from player 1,
/// with a decision due on the next frame and the state's generator set from k.
sim::FightState cpuInTheAir(sim::Fight& f, int dist, int height, std::uint64_t k) {
    sim::FightState t = f.state();
    sim::FighterState& cpu = t.fighters[1];
    cpu.x = t.fighters[0].x + dist;
    cpu.y = height;
    cpu.vy = -2;
    cpu.vx = 0;
    cpu.airborne = true;
    cpu.action = sim::Action::Air;
    cpu.anim = f.def(1).ids.jump;
    cpu.animFrame = 1;
    cpu.facing = -1;
    cpu.cpu.think = 1;
    cpu.cpu.plan = 0;
    cpu.cpu.planFrames = 0;
    cpu.cpu.motion = 0;
    t.rng = k * 0x9E3779B97F4A7C15ull;
    return t;
}

}  // namespace

TEST_CASE("The CPU in its own jump presses nothing a jump cannot do: no walk, dash, motion or second jump") {
    // In the air only the jump attack (`from air`) can start: a direction held, a dash's 6-5-6, a 236 + special's
    // presses are dropped, or buffered and played on the landing as a move nobody chose. The CPU, 60 units up and
    // coming down, at distances from up close to across the stage, with a decision due on the next frame and 50
    // random states each: every frame until it lands it may hold the jump attack's button (light) or nothing.
    // Before the rule the decision was made in the air: walks, dashes and fireball motions held over the landing.
    for (int level = 1; level <= 4; ++level) {
        CAPTURE(level);
        sim::MatchSetup s = motionSetup(300, 900);
        s.mode = sim::Mode::VersusCpu;
        s.cpuLevel = level;
        s.startHealth[0] = s.startHealth[1] = 100000;
        sim::Fight f(s, fighter("ryo"), fighter("ryo"));
        const sim::FightState start = f.state();
        int groundPresses = 0, airAttacks = 0;
        for (int dist : {90, 200, 300, 450, 700}) {
            for (std::uint64_t k = 1; k <= 50; ++k) {
                f.restore(start);
                f.restore(cpuInTheAir(f, dist, 60, k));
                for (int i = 0; i < 40 && f.state().fighters[1].airborne; ++i) {
                    const bool inJump = f.state().fighters[1].action == sim::Action::Air;
                    f.step(input(0));
                    const sim::FighterState& cpu = f.state().fighters[1];
                    if (inJump && ((cpu.held & ~sim::kLight) != 0 || cpu.cpu.motion != 0)) ++groundPresses;
                    airAttacks += inJump && cpu.action == sim::Action::Attack;
                }
            }
        }
        CHECK(groundPresses == 0);
        if (level == 4) CHECK(airAttacks > 0);  // up close it comes down with its jump attack
        else CHECK(airAttacks == 0);            // levels 1-3 land without it (the balance at level 3, fight_cpu.cpp)
    }
}

TEST_CASE("The CPU comes down with its jump attack where it reaches, and not from afar") {
    // Ryo's jumping kick (ryo.fighter `move air`: startup 4, attack box 20-66 ahead, 14-58 up on frames 5-12) pressed
    // when it will meet the opponent's push box (170 high) before the landing: a level-4 Ryo jumping in at a standing
    // Ryo from 250 away (jump 22 up, 1 of gravity, 6 forward: 45 frames, 270 forward; 148 up and 222 on after 37)
    // kicks him on the way down; from 700 away the kick would meet no one, and the CPU lands without it.
    for (int from : {250, 700}) {
        CAPTURE(from);
        for (std::uint64_t k = 1; k <= 20; ++k) {
            sim::FightState t;
            sim::Fight f(cpu4(300, 300 + from), fighter("ryo"), fighter("ryo"));
            t = f.state();
            t.rng = k * 0x9E3779B97F4A7C15ull;
            t.fighters[1].cpu.think = 1000;  // only the jump's own choices act
            t.fighters[1].cpu.plan = sim::kUp | sim::kLeft;
            t.fighters[1].cpu.planFrames = 1;
            f.restore(t);
            Recorder rec;
            int kicks = 0;
            for (int i = 0; i < 50; ++i) {
                rec.step(f, input(0));
                kicks += f.animName(1) == "air" && f.state().fighters[1].animFrame == 1;
            }
            CHECK(kicks == (from == 250 ? 1 : 0));
            CHECK(hitsOn(rec, 0, "air") == (from == 250 ? 1 : 0));
        }
    }
}

TEST_CASE("A CPU decision due in hitstun or in its own attack waits for the first frame the fighter can act") {
    // Level 4 thinks every 4-8 frames; one due while it cannot act is made on its first free frame. A Ryo with a
    // decision due on the next frame, 600 from a standing Ryo (far: it would walk in or throw a fireball, pressing
    // at once): in 12 frames of hitstun with a walk planned (the hit ends that plan), or on the first of the 15
    // frames of his jab (ryo.fighter: startup 4, active 3, recovery 8), whiffed. No decision and nothing held until
    // the stun or the jab ends, then one decision (the countdown set again to 4-8). Before, the decision came on
    // the next frame whatever the fighter did: its presses were dropped, or buffered into a move nobody chose (a
    // medium pressed in a jab that hit chained from it).
    // The decision that waited keeps the rhythm: the next comes P - (wait mod P) frames on for the period P drawn
    // (4-8), not P frames after the free frame. The wait is 12 frames in the stun (the countdown at 0 on its first
    // frame, -11 on its last, -12 on the free frame), 15 in the jab: by hand, P = 4..8 give 4, 3, 6, 2, 4 after
    // the stun and 1, 5, 3, 6, 1 after the jab. Twenty states of the generator: each a value of its list, and some
    // below 4 (a whole period never is; before, the CPU always waited one and answered late).
    sim::Action busy = sim::Action::Hitstun;
    int frames = 12;
    std::vector<int> rhythm = {4, 3, 6, 2, 4};
    SUBCASE("in hitstun") {}
    SUBCASE("in its own attack") {
        busy = sim::Action::Attack;
        frames = 15;
        rhythm = {1, 5, 3, 6, 1};
    }
    int sooner = 0;
    for (std::uint64_t k = 1; k <= 20; ++k) {
        CAPTURE(k);
        sim::Fight f(cpu4(300, 900), fighter("ryo"), fighter("ryo"));
        sim::FightState t = f.state();
        sim::FighterState& cpu = t.fighters[1];
        t.rng = k * 0x9E3779B97F4A7C15ull;
        cpu.cpu.think = 1;
        cpu.action = busy;
        if (busy == sim::Action::Hitstun) {
            cpu.hitstun = 12;
            cpu.cpu.plan = sim::kLeft;
            cpu.cpu.planFrames = 30;
        } else {
            cpu.anim = f.def(1).anim("light");
            cpu.animFrame = 1;
        }
        f.restore(t);
        int busyFrames = 0;
        while (f.state().fighters[1].action == busy && busyFrames < 20) {
            f.step(input(0));
            ++busyFrames;
            if (f.state().fighters[1].action != busy) break;
            CHECK(f.state().fighters[1].cpu.think == 1 - busyFrames);  // counting the wait
            CHECK(f.state().fighters[1].held == 0);
        }
        CHECK(busyFrames == frames);
        f.step(input(0));  // its first free frame: the decision, and the countdown drawn again
        const int think = f.state().fighters[1].cpu.think;
        CHECK(std::find(rhythm.begin(), rhythm.end(), think) != rhythm.end());
        sooner += think < 4;
    }
    CHECK(sooner > 0);
}

TEST_CASE("Levels 1-3 close in from mid range on the ground: no jump in that would land with nothing") {
    // Levels 1-3 land without the jump attack (cpuAir), so a jump in from mid range (170-350 apart) came down doing
    // nothing; 12 of their 100 mid-range decisions jumped in. Now those dash in (levels 2-3) or walk in (level 1).
    // A Ryo CPU 200, 260 and 320 from a standing Ryo with a decision due on the next frame, 100 states of the
    // generator each, 8 frames: it never leaves the ground nor holds up; levels 2 and 3 dash in now and then
    // (about 12 in 100 decisions: the jump's share), level 1 never dashes (a beginner walks).
    for (int level = 1; level <= 3; ++level) {
        CAPTURE(level);
        sim::MatchSetup s = motionSetup(300, 900);
        s.mode = sim::Mode::VersusCpu;
        s.cpuLevel = level;
        int jumps = 0, dashes = 0;
        for (int dist : {200, 260, 320}) {
            sim::Fight f(s, fighter("ryo"), fighter("ryo"));
            sim::FightState start = f.state();
            start.fighters[1].x = start.fighters[0].x + dist;
            start.fighters[1].cpu.think = 1;
            for (std::uint64_t k = 1; k <= 100; ++k) {
                sim::FightState t = start;
                t.rng = k * 0x9E3779B97F4A7C15ull;
                f.restore(t);
                bool dashed = false, jumped = false;
                for (int i = 0; i < 8; ++i) {
                    f.step(input(0));
                    const sim::FighterState& cpu = f.state().fighters[1];
                    jumped = jumped || cpu.airborne || (cpu.held & sim::kUp) != 0;
                    dashed = dashed || (cpu.action == sim::Action::Dash && cpu.vx * cpu.facing > 0);
                }
                jumps += jumped;
                dashes += dashed;
            }
        }
        CAPTURE(dashes);
        CHECK(jumps == 0);
        if (level == 1) CHECK(dashes == 0);
        else CHECK(dashes >= 15);  // 300 decisions, 12 in 100 of them: about 36
    }
}
