// The Online menu's remembered lines: the saved lobby and relay fill only what the command line left out (flags
// win), the menu's relay rule (all three lines or none), and what the menu puts into the settings to save.
#include "game/app/online/online_settings.h"

#include <doctest/doctest.h>

namespace {

io::Settings savedOnline() {
    io::Settings s;
    s.lobby = "lobby.example:7100";
    s.relay = "turn.example";
    s.relayUser = "ann";
    s.relayPassword = "pw1";
    return s;
}

}  // namespace

TEST_CASE("online settings: with no flags the saved lobby and relay are used") {
    app::OnlineFlags f;
    app::applySavedOnline(savedOnline(), f);
    CHECK(f.lobby == "lobby.example:7100");
    CHECK(f.relay.server == "turn.example");
    CHECK(f.relay.user == "ann");
    CHECK(f.relay.password == "pw1");
}

TEST_CASE("online settings: flags win over the saved values for the run") {
    app::OnlineFlags f;
    f.lobby = "10.0.0.9";
    f.relay.server = "other.example:3479";
    f.relay.user = "bob";
    f.relay.password = "pw2";
    app::applySavedOnline(savedOnline(), f);
    CHECK(f.lobby == "10.0.0.9");
    CHECK(f.relay.server == "other.example:3479");
    CHECK(f.relay.user == "bob");  // not mixed with the saved relay's credentials
    CHECK(f.relay.password == "pw2");

    app::OnlineFlags lobbyOnly;  // --lobby alone: the saved relay still applies
    lobbyOnly.lobby = "10.0.0.9";
    app::applySavedOnline(savedOnline(), lobbyOnly);
    CHECK(lobbyOnly.lobby == "10.0.0.9");
    CHECK(lobbyOnly.relay.server == "turn.example");

    app::OnlineFlags permitOnly;  // a flag that is not one of the three does not stop the saved relay
    permitOnly.relay.permit = "1.2.3.4";
    app::applySavedOnline(savedOnline(), permitOnly);
    CHECK(permitOnly.relay.server == "turn.example");
    CHECK(permitOnly.relay.permit == "1.2.3.4");
}

namespace {
/// The menu's three relay lines as RelayFlags (the flag-only fields empty).
run::RelayFlags relayOf(const std::string& server, const std::string& user, const std::string& password) {
    run::RelayFlags r;
    r.server = server;
    r.user = user;
    r.password = password;
    return r;
}
}  // namespace

TEST_CASE("online settings: the menu's relay lines are all three or none") {
    CHECK(app::relayProblem({}).empty());
    CHECK(app::relayProblem(relayOf("turn.example", "ann", "pw")).empty());
    CHECK(app::relayProblem(relayOf("turn.example:3478", "ann", "pw")).empty());
    // Each message hand-checked against the rule it breaks.
    CHECK(app::relayProblem(relayOf("turn.example", "", "")) ==
          "relay: a TURN server needs its Relay user and Relay password (or clear the Relay line)");
    CHECK(app::relayProblem(relayOf("turn.example", "ann", "")) ==
          "relay: a TURN server needs its Relay user and Relay password (or clear the Relay line)");
    CHECK(app::relayProblem(relayOf("", "ann", "pw")) ==
          "relay: the Relay line is empty: type the TURN server (or clear the user and password)");
    CHECK(app::relayProblem(relayOf("turn.example:70000", "ann", "pw")) ==
          "relay: bad port '70000' in 'turn.example:70000' (expected 1..65535)");
    CHECK(app::relayProblem(relayOf("turn.example", "ann", "pw#1")) ==
          "relay password: only printable ASCII without spaces or '#'");
}

TEST_CASE("online settings: the menu's lines go into the settings, a half-filled relay does not") {
    io::Settings s;
    CHECK(app::rememberOnline(s, "lobby.example", relayOf("turn.example", "ann", "pw")));
    CHECK(s.lobby == "lobby.example");
    CHECK(s.relay == "turn.example");
    CHECK(s.relayUser == "ann");
    CHECK(s.relayPassword == "pw");
    CHECK_FALSE(app::rememberOnline(s, "lobby.example", relayOf("turn.example", "ann", "pw")));  // nothing changed

    CHECK(app::rememberOnline(s, "", relayOf("turn2.example", "", "")));  // the lobby cleared; the relay half-filled
    CHECK(s.lobby.empty());
    CHECK(s.relay == "turn.example");  // the last complete relay stays saved
    CHECK(s.relayUser == "ann");

    CHECK(app::rememberOnline(s, "", {}));  // the relay cleared: saved as none
    CHECK(s.relay.empty());
    CHECK(s.relayUser.empty());
    CHECK(s.relayPassword.empty());
    CHECK(s == io::Settings{});
}

TEST_CASE("online menu: a room-code line takes letters only once Enter opens it, so W/S pass over it") {
    using Does = app::CodeLine::Does;
    app::CodeLine line;
    std::string code;
    // Closed: a player moving with W and S passes over the row; the letters are not the code's.
    line.type(code, 'w');
    line.type(code, 's');
    CHECK(code.empty());
    CHECK(line.press(false, false, true) == Does::Nothing);  // Esc is the menu's: it leaves the menu
    // The menu's confirm (Enter or J) opens it; then every letter is the code's, W, S and J too.
    CHECK(line.press(true, false, false) == Does::Open);
    CHECK(line.open());
    for (const char c : std::string("ws1j")) line.type(code, std::uint32_t(c));
    CHECK(code == "WS1J");
    CHECK(line.press(true, false, false) == Does::Nothing);  // J alone is a letter here, not a confirm
    line.type(code, 8);
    CHECK(code == "WS1");
    // Esc stops typing and keeps the code; Enter again (once reopened) goes.
    CHECK(line.press(false, false, true) == Does::Close);
    CHECK_FALSE(line.open());
    line.type(code, 'x');
    CHECK(code == "WS1");
    CHECK(line.press(true, true, false) == Does::Open);
    CHECK(line.press(true, true, false) == Does::Go);
    CHECK_FALSE(line.open());
}
