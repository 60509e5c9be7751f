// Screen logic without a window: the match-over menu's place, the mode menu's lines, Esc twice to leave an online
// match, the Blaster's drawn-frame rate, and the Controls screen's layout (player buttons apart from the other keys).
#include "game/app/menus/mode_about.h"
#include "game/app/view_logic.h"

#include <doctest/doctest.h>

#include <string>

TEST_CASE("leaving a match in progress: Esc asks, a second Esc leaves, Enter or three seconds take it back") {
    app::LeaveConfirm c;
    CHECK_FALSE(c.tick(true, false, 10));  // the first Esc only asks
    CHECK(c.asking());
    CHECK(c.tick(true, false, 20));  // the second leaves
    app::LeaveConfirm d;
    d.tick(true, false, 0);
    CHECK_FALSE(d.tick(false, true, 5));  // Enter: stay
    CHECK_FALSE(d.asking());
    CHECK_FALSE(d.tick(true, false, 6));                                         // asks again
    CHECK_FALSE(d.tick(false, false, 6 + app::LeaveConfirm::kWindowTicks + 1));  // too late: the question goes
    CHECK_FALSE(d.asking());
    CHECK_FALSE(d.tick(true, false, 400));
}

TEST_CASE("the match-over menu stands over the loser's half, so the winner's pose stays in view") {
    // A 1280-pixel picture: its left half is centred on 320, its right half on 960.
    CHECK(app::matchOverPanelX(1280.f, 1, 800, 300) == 320.f);  // P2 won on the right: the menu over P1, on the left
    CHECK(app::matchOverPanelX(1280.f, 0, 800, 300) == 320.f);  // P1 won on the right of P2 (sides crossed)
    CHECK(app::matchOverPanelX(1280.f, 0, 300, 800) == 960.f);  // P1 won on the left: the menu over P2, on the right
    CHECK(app::matchOverPanelX(1280.f, 2, 300, 800) == 640.f);  // a draw: the middle
}

TEST_CASE("the mode menu: every entry has its line under the menu, one short line each") {
    const std::vector<std::string> labels = app::modeSelectLabels();
    REQUIRE(labels.size() == 12);  // Tutorial ... Quit, as docs/game.md lists them
    CHECK(labels.front() == "Tutorial");
    CHECK(labels.back() == "Quit");
    for (const std::string& label : labels) {
        CAPTURE(label);
        const std::string about = app::modeAbout(label);
        CHECK_FALSE(about.empty());
        CHECK(about.size() <= 100);  // one line at 18 px in the 1240 pixels the line may take
    }
    CHECK(std::string(app::modeAbout("no such mode")).empty());
}

TEST_CASE("the Blaster's ready moment: READY for one second with nothing stepped, then GO! while it plays") {
    app::ReadyCount ready;
    CHECK_FALSE(ready.holds());  // never started (the autopilot, a script, a fixed-length run): plays at once
    CHECK(std::string(ready.word()).empty());
    ready.start();
    CHECK(std::string(ready.word()) == "READY");
    int held = 0;
    while (ready.holds()) ++held;
    CHECK(held == 60);  // 60 ticks at 60 Hz; the 61st tick steps the world's frame 1
    CHECK(std::string(ready.word()) == "GO!");
    for (int i = 0; i < 28; ++i) CHECK_FALSE(ready.holds());
    CHECK(std::string(ready.word()) == "GO!");
    CHECK_FALSE(ready.holds());  // half a second after the first step: nothing more to say
    CHECK(std::string(ready.word()).empty());
    ready.start();  // a restart after game over: ready again
    CHECK(ready.holds());
}

TEST_CASE("the Blaster's FPS is drawn frames per real second, whatever the tick rate") {
    app::DrawRate r;
    float fps = 0.f;
    for (int i = 0; i < 45; ++i) fps = r.frame(1.f / 15.f);  // a software renderer drawing 15 frames a second
    CHECK(fps == doctest::Approx(15.f).epsilon(0.01));
    for (int i = 0; i < 120; ++i) fps = r.frame(1.f / 60.f);
    CHECK(fps == doctest::Approx(60.f).epsilon(0.01));
}

TEST_CASE("the Controls screen shows the player buttons apart from the menu, view and training keys") {
    for (int a = 0; a < app::kActionCount; ++a) {
        const app::ControlsSlot s = app::controlsSlot(app::Action(a));
        if (a >= app::kP1Extra0 && a < app::kStart) {  // the spare slots: the shipped table fills none of them
            CHECK(s.row == -1);
            continue;
        }
        if (a < app::kStart) CHECK(s.row < app::controlsOtherRow());
        else CHECK(s.row >= app::controlsOtherRow());
        CHECK(app::controlsActionAt(s.column, s.row) == a);  // one action a slot
    }
    CHECK(app::controlsSlot(app::kP1Light).column == 0);
    CHECK(app::controlsSlot(app::kP2Light).column == 1);
    CHECK(app::controlsSlot(app::kP1Light).row == app::controlsSlot(app::kP2Light).row);  // side by side
    CHECK(app::controlsActionAt(0, app::controlsOtherRow() - 1) == -1);  // the gap under the player buttons
}

TEST_CASE("alternate colours: each player's choice, except that player 2 wears the other one in a mirror of equals") {
    const bool none[2] = {false, false}, p1Alt[2] = {true, false}, both[2] = {true, true}, p2Alt[2] = {false, true};
    CHECK_FALSE(app::wearsAltColors(0, false, none));
    CHECK_FALSE(app::wearsAltColors(1, false, none));  // different fighters: both in their first colours
    CHECK_FALSE(app::wearsAltColors(0, true, none));
    CHECK(app::wearsAltColors(1, true, none));   // a mirror: player 2 in the alternate
    CHECK(app::wearsAltColors(0, true, p1Alt));  // player 1 took the alternate: player 2 keeps the first
    CHECK_FALSE(app::wearsAltColors(1, true, p1Alt));
    CHECK(app::wearsAltColors(0, true, both));  // both took it: player 2 goes back to the first
    CHECK_FALSE(app::wearsAltColors(1, true, both));
    CHECK(app::wearsAltColors(1, false, p2Alt));
    CHECK(app::wearsAltColors(1, true, p2Alt));  // already apart
}
