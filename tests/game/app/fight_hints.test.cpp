// The fight's key hints: the players' own keys and the pause key in a match, the debug keys only in training.
// Expected strings from the default bindings (data/controls.cfg: W A S D, J light, O medium, K heavy, L special,
// I throw; P2 arrows, and the numpad or , M . / RShift;
// Enter / Escape; F1 overlay, P freeze, F10 step, F3 slow, F5 reset).
#include "game/app/fight/fight_hints.h"
#include "game/app/menus/move_list_draw.h"

#include <doctest/doctest.h>

TEST_CASE("fight hints: a match shows the players' keys and the pause key, no debug keys") {
    const app::Bindings b = app::defaultBindings();
    CHECK(app::playerKeysHint(b, 0) == "P1: W A S D move, J light, O medium, K heavy, L special, I throw");
    const std::string cpu = app::fightHint(b, sim::Mode::VersusCpu);
    CHECK(cpu == "P1: W A S D move, J light, O medium, K heavy, L special, I throw    Enter / Escape: pause menu");
    const std::string versus = app::fightHint(b, sim::Mode::Versus);
    CHECK(versus.find("P2: Up Left Down Right move") != std::string::npos);
    // P2's buttons have two keys each, the keypad's and the ones beside the right Shift for a keyboard without one
    // (data/controls.cfg): both are named. Two lines, P1's with the pause key, then P2's.
    CHECK(versus ==
          "P1: W A S D move, J light, O medium, K heavy, L special, I throw    Enter / Escape: pause menu\n"
          "P2: Up Left Down Right move, Numpad1/Comma light, Numpad5/M medium, Numpad2/Period heavy, "
          "Numpad3/Slash special, Numpad4/RShift throw");
    // A pad's button bound beside a key is not named (the line is for the keyboard).
    app::Bindings pad = b;
    app::KeyChord button;
    button.joy = 0;
    button.button = 0;
    pad.keys[app::kP1Light].push_back(button);
    CHECK(app::playerKeysHint(pad, 0) == "P1: W A S D move, J light, O medium, K heavy, L special, I throw");
    for (const std::string& h : {cpu, versus}) {
        CHECK(h.find("F1") == std::string::npos);
        CHECK(h.find("F5") == std::string::npos);
        CHECK(h.find("freeze") == std::string::npos);
    }
}

TEST_CASE(
    "practice keys: a match against a player or the CPU ignores freeze and reset; training, replays, lessons "
    "take them") {
    // A live match offers a rematch; a replay or a lesson does not. P sits beside P1's medium button, F5 restarts.
    CHECK_FALSE(app::practiceKeysAct(sim::Mode::Versus, true));
    CHECK_FALSE(app::practiceKeysAct(sim::Mode::VersusCpu, true));  // versus CPU and arcade
    CHECK_FALSE(app::practiceKeysAct(sim::Mode::CpuVsCpu, true));   // the demo
    CHECK(app::practiceKeysAct(sim::Mode::Training, true));
    CHECK(app::practiceKeysAct(sim::Mode::Versus, false));     // a versus replay, or a lesson's script
    CHECK(app::practiceKeysAct(sim::Mode::VersusCpu, false));  // a CPU match's replay
    // The overlay's key line offers them only where they act.
    const app::Bindings b = app::defaultBindings();
    CHECK(app::overlayHint(b, false) == "F1 boxes  F2 names");
    CHECK(app::overlayHint(b, true) == "F1 boxes  F2 names  P freeze  F10 step  F3 slow  F5 reset");
}

TEST_CASE("fight hints: online, the line says which side is this player's, on player 1's keys, and how to leave") {
    const app::Bindings b = app::defaultBindings();
    CHECK(app::onlineHint(b, 1) ==
          "You are P2 (right): W A S D move, J light, O medium, K heavy, L special, I throw    Escape: leave");
    CHECK(app::onlineHint(b, 0).rfind("You are P1 (left): W A S D move", 0) == 0);
}

TEST_CASE("fight hints: training adds the debug keys, and a rebinding shows at once") {
    app::Bindings b = app::defaultBindings();
    const std::string training = app::fightHint(b, sim::Mode::Training);
    CHECK(training.find("F1 boxes") != std::string::npos);
    CHECK(training.find("P freeze") != std::string::npos);
    CHECK(training.find("F10 step") != std::string::npos);
    CHECK(training.find("Enter / Escape: pause menu") != std::string::npos);
    app::KeyChord q;
    q.key = sf::Keyboard::Q;
    REQUIRE(app::rebind(b, app::kP1Light, q).empty());
    CHECK(app::fightHint(b, sim::Mode::VersusCpu).find("Q light") != std::string::npos);
}

TEST_CASE("fight hints: a tutorial lesson shows player 1's keys, and its panel names the direction keys by facing") {
    app::Bindings b = app::defaultBindings();
    // The lesson is played with P1's keys, not watched like a replay: no debug keys, P1's buttons and the pause key.
    CHECK(app::lessonHint(b) ==
          "P1: W A S D move, J light, O medium, K heavy, L special, I throw    Enter / Escape: pause menu");
    // The instructions draw directions as arrows: the panel says which keys those are (the arrow keys are P2's).
    CHECK(app::lessonKeysLine(b, true) ==
          "Your keys:  [up] W   [down] S   [back] A   [forward] D   (forward = towards the opponent)");
    CHECK(app::lessonKeysLine(b, false).find("[back] D   [forward] A") != std::string::npos);
    app::KeyChord q;
    q.key = sf::Keyboard::Q;
    REQUIRE(app::rebind(b, app::kP1Up, q).empty());
    CHECK(app::lessonKeysLine(b, true).find("[up] Q ") != std::string::npos);
}

TEST_CASE("move lists: player 2's list in a two-player match is drawn with player 2's keys") {
    // The lists name buttons by "player 1's" actions; keysOfPlayer(b, 1) gives them P2's keys (Numpad1 light,
    // Numpad5 medium, Up to jump ...), keysOfPlayer(b, 0) leaves them as they are (J light).
    const app::Bindings b = app::defaultBindings();
    const app::Bindings p2 = app::keysOfPlayer(b, 1);
    CHECK(app::firstKeyText(p2, app::kP1Light) == "Numpad1");
    CHECK(app::firstKeyText(p2, app::kP1Medium) == "Numpad5");
    CHECK(app::firstKeyText(p2, app::kP1Up) == "Up");
    CHECK(app::firstKeyText(app::keysOfPlayer(b, 0), app::kP1Light) == "J");
    CHECK(app::firstKeyText(p2, app::kP2Light) == "Numpad1");  // P2's own actions unchanged
}

TEST_CASE("move lists: a disc names the keypad key and, for a keyboard without a keypad, the key beside it") {
    // Worked by hand from data/controls.cfg: P2's buttons are Numpad1..5 and Comma, Period, Slash, RShift, M; a
    // disc shortens the keypad's to N1..N5 and a punctuation key to the sign on its cap, other names to 3
    // characters. P1's buttons (J L I ...) are one key each, named alone.
    const app::Bindings b = app::defaultBindings();
    const app::Bindings p2 = app::keysOfPlayer(b, 1);
    CHECK(app::buttonKeyLabel(p2, view::Glyph::Light) == "N1 ,");
    CHECK(app::buttonKeyLabel(p2, view::Glyph::Heavy) == "N2 .");
    CHECK(app::buttonKeyLabel(p2, view::Glyph::Special) == "N3 /");
    CHECK(app::buttonKeyLabel(p2, view::Glyph::Throw) == "N4 RSh");
    CHECK(app::buttonKeyLabel(p2, view::Glyph::Medium) == "N5 M");
    CHECK(app::buttonKeyLabel(app::keysOfPlayer(b, 0), view::Glyph::Light) == "J");

    // A keypad key with no keyboard key beside it (a pad's button is no key) stays alone; a keyboard key first is
    // named alone, whatever follows it; an unbound button is "-".
    app::Bindings mine = b;
    app::KeyChord pad, numpad, semicolon;
    pad.joy = 0;
    pad.button = 2;
    numpad.key = sf::Keyboard::Numpad7;
    semicolon.key = sf::Keyboard::Semicolon;
    mine.keys[app::kP1Light] = {numpad, pad};
    CHECK(app::buttonKeyLabel(mine, view::Glyph::Light) == "N7");
    mine.keys[app::kP1Light] = {semicolon, numpad};
    CHECK(app::buttonKeyLabel(mine, view::Glyph::Light) == ";");
    mine.keys[app::kP1Light].clear();
    CHECK(app::buttonKeyLabel(mine, view::Glyph::Light) == "-");
}
