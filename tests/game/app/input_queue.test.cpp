// The frame's input events handed to its ticks (game/app/input/input_queue.h), without a window: synthetic SFML key
// events of one slow drawn frame are spread over its catch-up ticks in order, so the ticks see each direction
// change and each press, and a quarter-circle typed within one drawn frame throws a fireball through the same
// path a live match takes (tracker -> pacer -> live source -> rules).
#include "app_test_util.h"
#include "game/app/fight/fight_pacing.h"
#include "game/app/input/input_queue.h"
#include "game/app/fight/live_source.h"
#include "game/io/fighter_file.h"

#include <doctest/doctest.h>

#include <vector>

namespace {

using K = sf::Keyboard;

using apptest::key;

/// P1's sim buttons of each tick when `events` arrive within one drawn frame of `ticks` ticks.
std::vector<app::Tick> frameTicks(const std::vector<sf::Event>& events, int ticks, app::InputTracker& tracker,
                                  app::InputQueue& queue, const app::Bindings& b) {
    for (const sf::Event& e : events) queue.push(e, b);
    queue.startFrame(ticks);
    std::vector<app::Tick> out;
    for (int i = 0; i < ticks; ++i) out.push_back(queue.nextTick(tracker, b));
    return out;
}

std::uint16_t p1(app::ActionSet s) { return app::buttonsOf(s, 0); }

/// Down, down-forward, forward + special with the default keys (S, S+D, D, L), as one drawn frame reports them.
std::vector<sf::Event> quarterCircle() {
    return {key(K::S, true), key(K::D, true), key(K::S, false), key(K::L, true), key(K::L, false)};
}

/// Steps a motion-style versus match the way the fight view does (the pacer turns a tick's actions into the
/// frame's buttons) and says whether P1's fireball is out after the ticks.
struct Match {
    sim::FighterDef ryo = load("ryo");
    sim::MatchSetup setup = motionSetup();
    app::LiveSource live{setup, ryo, ryo, ""};
    app::FramePacer pacer;
    long tick = 0;

    static sim::FighterDef load(const std::string& id) {
        sim::FighterLoad l = sim::loadFighterById(BVH_DATA_DIR, id);
        REQUIRE_MESSAGE(l.ok, l.error.text());
        return l.def;
    }
    static sim::MatchSetup motionSetup() {
        sim::MatchSetup s;
        s.mode = sim::Mode::Versus;
        s.fighter[0] = s.fighter[1] = "ryo";
        s.style[0] = s.style[1] = sim::InputStyle::Motion;
        return s;
    }
    void run(const app::Tick& t) {
        sim::FrameInput keys;
        const sim::FrameInput held{{p1(t.held), 0}}, pressed{{p1(t.pressed), 0}};
        REQUIRE(pacer.next(++tick, held, pressed, false, keys));
        live.step(keys);
    }
    bool fireballOut() const { return live.fight().state().projectiles[0].alive; }
};

}  // namespace

TEST_CASE("input queue: the catch-up ticks of one drawn frame see its direction changes and presses in order") {
    const app::Bindings b = app::defaultBindings();
    app::InputTracker tracker;
    app::InputQueue queue;
    const std::vector<app::Tick> ticks = frameTicks(quarterCircle(), 5, tracker, queue, b);
    REQUIRE(ticks.size() == 5);
    CHECK(p1(ticks[0].held) == sim::kDown);
    CHECK(p1(ticks[1].held) == (sim::kDown | sim::kRight));
    CHECK(p1(ticks[2].held) == sim::kRight);
    CHECK(p1(ticks[3].held) == (sim::kRight | sim::kSpecial));
    CHECK(p1(ticks[3].pressed) == sim::kSpecial);
    CHECK(p1(ticks[4].held) == sim::kRight);
    CHECK(queue.size() == 0);
}

TEST_CASE("input queue: two presses of one button in one drawn frame count twice") {
    const app::Bindings b = app::defaultBindings();
    app::InputTracker tracker;
    app::InputQueue queue;
    const std::vector<sf::Event> mash = {key(K::J, true), key(K::J, false), key(K::J, true), key(K::J, false)};
    const std::vector<app::Tick> ticks = frameTicks(mash, 3, tracker, queue, b);
    int presses = 0;
    for (const app::Tick& t : ticks) presses += (p1(t.pressed) & sim::kLight) != 0;
    CHECK(presses == 2);
}

TEST_CASE(
    "input queue: more events than ticks go one a tick with the rest to the next frame, and a frame without ticks "
    "keeps them") {
    const app::Bindings b = app::defaultBindings();
    app::InputTracker tracker;
    app::InputQueue queue;
    std::vector<app::Tick> ticks = frameTicks(quarterCircle(), 0, tracker, queue, b);
    CHECK(ticks.empty());
    CHECK(queue.size() == 5);  // the next frame's ticks take them
    ticks = frameTicks({}, 2, tracker, queue, b);
    REQUIRE(ticks.size() == 2);
    CHECK(p1(ticks[0].held) == sim::kDown);
    CHECK(p1(ticks[1].held) == (sim::kDown | sim::kRight));
    CHECK(queue.size() == 3);
    ticks = frameTicks({}, 3, tracker, queue, b);
    CHECK(p1(ticks[0].held) == sim::kRight);
    CHECK(p1(ticks[1].pressed) == sim::kSpecial);
    CHECK(p1(ticks[2].held) == sim::kRight);
    CHECK(queue.size() == 0);
}

TEST_CASE("input queue: a burst leaves at most a few events to the next frame") {
    const app::Bindings b = app::defaultBindings();
    app::InputTracker tracker;
    app::InputQueue queue;
    std::vector<sf::Event> burst;
    for (int i = 0; i < 10; ++i) burst.push_back(key(K::J, i % 2 == 0));
    frameTicks(burst, 2, tracker, queue, b);
    CHECK(queue.size() == 6);
}

TEST_CASE("input queue: only pad moves that cross the dead zone take a share of the frame") {
    app::Bindings b = app::defaultBindings();
    app::addDefaultPads(b);
    app::InputQueue queue;
    sf::Event m;
    m.type = sf::Event::JoystickMoved;
    m.joystickMove.joystickId = 0;
    m.joystickMove.axis = sf::Joystick::X;
    for (const float pos : {5.f, 10.f, 20.f, 60.f, 80.f, 100.f, 50.f, 10.f, -5.f}) {
        m.joystickMove.position = pos;
        queue.push(m, b);
    }
    CHECK(queue.size() == 2);  // out past +30 once, back inside once
    sf::Event mouse;
    mouse.type = sf::Event::MouseMoved;
    CHECK_FALSE(queue.push(mouse, b));
}

TEST_CASE("input queue: a quarter-circle typed within one slow drawn frame throws a fireball") {
    for (const int ticks : {1, 2, 3, 4, 6}) {  // 60, 30, 20, 15 and 10 drawn frames per second
        CAPTURE(ticks);
        const app::Bindings b = app::defaultBindings();
        app::InputTracker tracker;
        app::InputQueue queue;
        Match m;
        for (const app::Tick& t : frameTicks({}, 30, tracker, queue, b)) m.run(t);  // the round is under way
        REQUIRE_FALSE(m.fireballOut());
        for (const app::Tick& t : frameTicks(quarterCircle(), ticks, tracker, queue, b)) m.run(t);
        for (const app::Tick& t : frameTicks({}, 30, tracker, queue, b)) m.run(t);
        CHECK(m.fireballOut());
    }
}

TEST_CASE("input queue: read once per drawn frame (every tick the frame's end state), the same motion is lost") {
    // The loop before the queue: all of the frame's events applied, then each catch-up tick read the same keys.
    // Kept as the contrast that makes the test above mean something.
    const app::Bindings b = app::defaultBindings();
    app::InputTracker tracker;
    Match m;
    for (int i = 0; i < 30; ++i) m.run({tracker.held(b), tracker.takePressed()});
    for (const sf::Event& e : quarterCircle()) tracker.onEvent(e, b);
    for (int i = 0; i < 4; ++i) m.run({tracker.held(b), tracker.takePressed()});
    for (int i = 0; i < 30; ++i) m.run({tracker.held(b), tracker.takePressed()});
    CHECK_FALSE(m.fireballOut());
}
