// The Online menu's remembered lines (see online_settings.h).
#include "game/app/online/online_settings.h"

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
    if (relay.server.empty()) return "relay: the Relay line is empty: type the TURN server (or clear the user and password)";
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

}  // namespace app
