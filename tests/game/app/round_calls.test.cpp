// The end of a round on screen without a window: the calls come in the announcer's order from a real fight's step
// (game/view/round_calls.h: K.O. or TIME OVER, DRAW for a round nobody won, then the match's result), and the
// match-over menu takes only a fresh press (game/app/input/fresh_press.h), so mashing through the K.O. picks nothing.
#include "app_test_util.h"
#include "game/app/input/fresh_press.h"
#include "game/view/round_calls.h"
#include "game/io/fighter_file.h"

#include <doctest/doctest.h>

namespace {

using apptest::fighter;

std::string result(int w) { return w == 0 ? "RYO WINS" : w == 1 ? "TASHA WINS" : "DRAW GAME"; }

std::vector<std::string> texts(const std::vector<app::RoundCall>& calls) {
    std::vector<std::string> out;
    for (const app::RoundCall& c : calls) out.push_back(c.text);
    return out;
}

/// Steps until a step ends a round, P1 tapping light every 8 frames when `attack`; that step's calls.
std::vector<app::RoundCall> callsOfRoundEnd(sim::Fight& fight, bool attack) {
    for (int f = 0; f < 20000; ++f) {
        sim::FrameInput in;
        if (attack && f % 8 < 2) in.buttons[0] = sim::kLight;
        fight.step(in);
        if (fight.state().roundOver) return app::roundCalls(fight.events(), fight.state(), result);
        REQUIRE(app::roundCalls(fight.events(), fight.state(), result).empty());  // nothing is called mid-round
    }
    FAIL("the round never ended");
    return {};
}

using Texts = std::vector<std::string>;

}  // namespace

TEST_CASE("round calls: the deciding K.O. is called before the winner, not overwritten by it") {
    const sim::FighterDef ryo = fighter("ryo"), tasha = fighter("tasha");
    sim::MatchSetup s;
    s.fighter[1] = "tasha";
    s.roundsToWin = 1;
    s.startX[1] = 470;     // in reach of ryo's jab
    s.startHealth[1] = 1;  // the first hit ends it
    sim::Fight fight(s, ryo, tasha);
    const std::vector<app::RoundCall> calls = callsOfRoundEnd(fight, true);
    CHECK(texts(calls) == Texts{"K.O.", "RYO WINS"});
    REQUIRE(calls.size() == 2);
    CHECK_FALSE(calls[0].result);
    CHECK(calls[1].result);
}

TEST_CASE("round calls: a round that times out on equal health is a DRAW, and a drawn match says so") {
    const sim::FighterDef ryo = fighter("ryo"), tasha = fighter("tasha");
    sim::MatchSetup s;
    s.fighter[1] = "tasha";
    s.roundFrames = 120;
    SUBCASE("not the deciding round: TIME OVER, DRAW, and the match goes on") {
        s.roundsToWin = 2;
        sim::Fight fight(s, ryo, tasha);
        CHECK(texts(callsOfRoundEnd(fight, false)) == Texts{"TIME OVER", "DRAW"});
    }
    SUBCASE("the deciding round, both reach their wins together") {
        s.roundsToWin = 1;
        sim::Fight fight(s, ryo, tasha);
        CHECK(texts(callsOfRoundEnd(fight, false)) == Texts{"TIME OVER", "DRAW", "DRAW GAME"});
    }
}

TEST_CASE("round calls: a drawn round that hands one player the match is called DRAW before the winner") {
    // The screen used to say "TASHA WINS" over two full bars: the drawn round gave both a win and tasha her second.
    sim::FightState after;
    after.roundOver = true;
    after.roundWinner = 2;
    after.wins[0] = 1;
    after.wins[1] = 2;
    after.matchOver = true;
    after.matchWinner = 1;
    sim::Event timeOver;
    timeOver.type = sim::EventType::TimeOver;
    sim::Event over;
    over.type = sim::EventType::MatchOver;
    over.victim = 1;
    CHECK(texts(app::roundCalls({timeOver, over}, after, result)) == Texts{"TIME OVER", "DRAW", "TASHA WINS"});
    sim::Event ko0, ko1;
    ko0.type = ko1.type = sim::EventType::KO;
    ko0.victim = 0, ko1.victim = 1;
    CHECK(texts(app::roundCalls({ko0, ko1, over}, after, result)) == Texts{"DOUBLE K.O.", "DRAW", "TASHA WINS"});
}

TEST_CASE("fresh press: mashing or holding confirm as the match-over menu opens picks nothing, a calm press does") {
    const app::ActionSet ok = app::bit(app::kStart) | app::bit(app::kP1Light);
    const app::ActionSet light = app::bit(app::kP1Light);
    SUBCASE("mashing light: pressed 2 ticks of every 6, for two seconds") {
        app::FreshPress gate(ok, app::FreshPress::kCalmTicks);
        int confirms = 0;
        for (int t = 0; t < 120; ++t) {
            const bool down = t % 6 < 2;
            confirms += gate.confirms(down ? light : 0, t % 6 == 0 ? light : 0);
        }
        CHECK(confirms == 0);
        for (int t = 0; t < app::FreshPress::kCalmTicks; ++t) CHECK_FALSE(gate.confirms(0, 0));  // hands off
        CHECK(gate.confirms(light, light));  // a press made on purpose
    }
    SUBCASE("a button held down through the opening counts only after it was let go") {
        app::FreshPress gate(ok, app::FreshPress::kCalmTicks);
        for (int t = 0; t < 60; ++t) CHECK_FALSE(gate.confirms(light, t == 0 ? light : 0));
        CHECK_FALSE(gate.confirms(0, 0));
        CHECK_FALSE(gate.confirms(light, light));  // released for one tick only: still the same hands
    }
    SUBCASE("a menu opened on purpose takes the first press") {
        app::FreshPress gate(ok, 0);
        CHECK(gate.confirms(light, light));
    }
    SUBCASE("other buttons do not disturb the calm") {
        app::FreshPress gate(ok, app::FreshPress::kCalmTicks);
        for (int t = 0; t < app::FreshPress::kCalmTicks; ++t)
            gate.confirms(app::bit(app::kP1Down), app::bit(app::kP1Down));
        CHECK(gate.confirms(light, light));
    }
}
