// The Online menu's remembered lines (see online_settings.h).
#include "game/app/online/online_settings.h"

#include "game/net/lobby_packet.h"

namespace app {

void applySavedOnline(const io::Settings& saved, OnlineFlags& flags) {
    if (flags.lobby.empty()) flags.lobby = saved.lobby;
    run::RelayFlags& r = flags.relay;
    if (r.server.empty() && r.user.empty() && r.password.empty()) {
        r.server = saved.relay;
        r.user = saved.relayUser;
        r.password = saved.relayPassword;
    }
}

std::string relayProblem(const run::RelayFlags& relay) {
    if (relay.server.empty() && relay.user.empty() && relay.password.empty()) return "";
    if (relay.server.empty())
        return "relay: the Relay line is empty: type the TURN server (or clear the user and password)";
    std::string why;
    if (!io::checkHostPort(relay.server, why)) return "relay: " + why;
    if (relay.user.empty() || relay.password.empty())
        return "relay: a TURN server needs its Relay user and Relay password (or clear the Relay line)";
    if (!io::checkCredential(relay.user, why)) return "relay user: " + why;
    if (!io::checkCredential(relay.password, why)) return "relay password: " + why;
    return "";
}

bool rememberOnline(io::Settings& settings, const std::string& lobby, const run::RelayFlags& relay) {
    const io::Settings before = settings;
    std::string why;
    if (lobby.empty() || io::checkHostPort(lobby, why)) settings.lobby = lobby;
    if (relayProblem(relay).empty()) {
        settings.relay = relay.server;
        settings.relayUser = relay.user;
        settings.relayPassword = relay.password;
    }
    return settings != before;
}

void typeInto(std::string& line, std::uint32_t unicode, FieldKind kind) {
    if (unicode == 8) {
        if (!line.empty()) line.pop_back();
        return;
    }
    const bool digit = unicode >= '0' && unicode <= '9';
    const bool lower = unicode >= 'a' && unicode <= 'z', upper = unicode >= 'A' && unicode <= 'Z';
    char c = char(unicode);
    bool allowed = false;
    std::size_t most = 64;
    switch (kind) {
    case FieldKind::Address: allowed = digit || lower || upper || c == '.' || c == ':' || c == '-'; break;
    case FieldKind::RoomCode:
        allowed = digit || lower || upper, most = net::kCodeLength;
        if (lower) c = char(c - 'a' + 'A');
        break;
    case FieldKind::FriendCode:
        allowed = digit || (unicode >= 'a' && unicode <= 'f') || (unicode >= 'A' && unicode <= 'F') || c == '-';
        most = 19;
        if (upper) c = char(c - 'A' + 'a');
        break;
    case FieldKind::Credential: allowed = unicode > ' ' && unicode <= '~' && c != '#'; break;
    }
    if (allowed && line.size() < most) line += c;
}

}  // namespace app
