// The window's live-match rules (game/view/live_rules.h): the intro banner's wording frame by frame, and the setup
// the menus start a match with. Expected frames worked out by hand from kLiveIntro = 100: "ROUND N" on frames
// 0-60, "FIGHT!" on 61-130 (the last 30 of them live), nothing after.
#include "game/view/live_rules.h"

#include <doctest/doctest.h>

TEST_CASE("intro banner: ROUND N, then FIGHT! into the first live frames, then nothing") {
    CHECK(app::introText(0, 100, 1) == "ROUND 1");
    CHECK(app::introText(60, 100, 2) == "ROUND 2");
    CHECK(app::introText(61, 100, 2) == "FIGHT!");
    CHECK(app::introText(100, 100, 1) == "FIGHT!");  // the last locked frame
    CHECK(app::introText(130, 100, 1) == "FIGHT!");
    CHECK(app::introText(131, 100, 1) == "");
}

TEST_CASE("intro banner: a setup without an intro never shows one") {
    CHECK(app::introText(0, 0, 1) == "");
    CHECK(app::introText(10, 0, 1) == "");
}

TEST_CASE("live rules: the intro (not in training), motion inputs, simple when asked, counter hits on") {
    sim::MatchSetup s;
    REQUIRE(s.intro == 0);                        // files and scripts: no intro unless they say so
    REQUIRE(s.counter == sim::CounterHits::Off);  // nor counter hits
    app::applyLiveRules(s, false);
    CHECK(s.intro == 100);
    CHECK(s.counter == sim::CounterHits::On);
    CHECK(s.style[0] == sim::InputStyle::Motion);
    CHECK(s.style[1] == sim::InputStyle::Motion);
    app::applyLiveRules(s, true);
    CHECK(s.style[0] == sim::InputStyle::Simple);
    CHECK(s.style[1] == sim::InputStyle::Simple);
    s.mode = sim::Mode::Training;          // training restarts its match at every dummy change: no intro there
    s.counter = sim::CounterHits::Always;  // and its dummy setting decides counter hits
    app::applyLiveRules(s, false);
    CHECK(s.intro == 0);
    CHECK(s.counter == sim::CounterHits::Always);
}

TEST_CASE("online setup: offline Versus's live rules (intro, motion or simple, counter hits), the given seed") {
    const sim::MatchSetup motion = app::onlineSetup(1234, false);
    CHECK(motion.mode == sim::Mode::Versus);
    CHECK(motion.seed == 1234);
    CHECK(motion.intro == 100);
    CHECK(motion.style[0] == sim::InputStyle::Motion);
    CHECK(motion.counter == sim::CounterHits::On);  // as in offline Versus
    const sim::MatchSetup simple = app::onlineSetup(5, true);
    CHECK(simple.intro == 100);
    CHECK(simple.style[0] == sim::InputStyle::Simple);
}
