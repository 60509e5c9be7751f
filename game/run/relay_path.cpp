// The relayed path (see relay_path.h).
#include "game/run/relay_path.h"

#include "game/io/settings_file.h"
#include "game/io/text.h"
#include "game/net/udp_transport.h"
#include "game/run/online_flags.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ostream>
#include <thread>

namespace run {
namespace {

/// HOST[:PORT] with kTurnPort as the default port (the one reading of HOST[:PORT], resolveJoinAddress).
bool resolveTurn(const std::string& text, net::Address& out, std::string& error) {
    const bool hasPort = text.find(':') != std::string::npos;
    return resolveJoinAddress(hasPort ? text : text + ":" + std::to_string(kTurnPort), out, error);
}

}  // namespace

void addRelayFlags(io::FlagTable& table, RelayFlags& out) {
    table.push_back(io::textFlag("--turn", out.server));
    table.push_back(io::textFlag("--turn-user", out.user));
    table.push_back(io::textFlag("--turn-password", out.refusedPassword));
    table.push_back(io::textFlag("--turn-password-file", out.passwordFile));
    table.push_back(io::textFlag("--turn-permit", out.permit));
}

std::string turnPasswordRefused() {
    return std::string(
               "--turn-password is not taken (every local user can read it in the process list): give "
               "--turn-password-file FILE, set ") +
           kTurnPasswordEnv + ", or save the relay in the Online menu (settings.cfg's relay.password)";
}

namespace {

/// The rule settings.cfg's relay.password follows (io::checkCredential), said without the password.
constexpr const char* kPasswordRule =
    "must be 1 to 256 printable ASCII characters without spaces or '#', as "
    "settings.cfg's relay.password (not shown: a secret)";

}  // namespace

bool loadRelayPassword(RelayFlags& f, std::string& error) {
    std::string why;
    if (f.passwordFile.empty()) {
        const char* env = std::getenv(kTurnPasswordEnv);
        if (env == nullptr || f.server.empty() || !f.password.empty()) return true;
        if (!io::checkCredential(env, why))
            return error = std::string(kTurnPasswordEnv) + ": the relay password " + kPasswordRule, false;
        f.password = env;
        return true;
    }
    std::string text;  // io::readFile: a folder is named as one, not read as an empty first line
    io::Error cannot;
    if (!io::readFile(f.passwordFile, text, cannot)) {
        error = cannot.text() + " (the relay password, --turn-password-file)";
        return false;
    }
    std::string line = text.substr(0, text.find('\n'));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
        error = f.passwordFile + ":1: the first line (the relay password) is empty";
        return false;
    }
    if (!io::checkCredential(line, why)) {  // control bytes or binary garbage would go to the server as they are
        error = f.passwordFile + ":1: the relay password (its first line) " + kPasswordRule;
        return false;
    }
    f.password = line;
    return true;
}

bool checkRelayFlags(const RelayFlags& f, std::string& error) {
    if (!f.refusedPassword.empty()) {
        error = turnPasswordRefused();
    } else if (f.server.empty()) {
        if (!f.user.empty() || !f.password.empty() || !f.permit.empty())
            error = "--turn-user, --turn-password-file and --turn-permit need --turn HOST[:PORT]";
    } else if (f.user.empty() || f.password.empty()) {
        error = std::string("--turn needs --turn-user NAME and a password (--turn-password-file FILE or ") +
                kTurnPasswordEnv + "): the TURN server's long-term credentials";
    } else if (std::string why; !io::checkCredential(f.user, why)) {
        error = io::badFlagValue("--turn-user", "1 to 256 printable ASCII characters without spaces or '#'", f.user);
    } else if (f.password.size() > 256) {
        error = "the relay password takes at most 256 bytes";
    }
    return error.empty();
}

std::unique_ptr<net::TurnTransport> openRelay(const RelayFlags& f, net::Transport& inner, std::ostream& out,
                                              std::string& error, bool directFirst, int limitMs,
                                              const std::function<bool()>& stop) {
    net::TurnConfig cfg;
    if (!resolveTurn(f.server, cfg.server, error)) {
        error = "--turn: " + error;
        return nullptr;
    }
    net::Address permit = 0;
    if (!f.permit.empty() && !resolveJoinAddress(f.permit, permit, error)) {
        error = "--turn-permit: " + error;
        return nullptr;
    }
    cfg.user = f.user;
    cfg.password = f.password;
    cfg.directFirst = directFirst;
    auto turn = std::make_unique<net::TurnTransport>(inner, cfg);
    using Clock = std::chrono::steady_clock;
    const Clock::time_point t0 = Clock::now();
    auto nowMs = [&] {
        return std::int64_t(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count());
    };
    turn->start(nowMs());
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    limitMs = std::min(limitMs, kTurnSetupMs);
    // Bounded: limitMs of real time, a 5 ms sleep per round, and a stop signal ends it at the next round.
    while (nowMs() < limitMs && !(stop && stop()) &&
           (turn->state() == net::TurnState::Allocating ||
            (permit != 0 && turn->state() == net::TurnState::Ready && !turn->permitted(permit)))) {
        if (permit != 0 && turn->state() == net::TurnState::Ready) turn->permit(permit, nowMs());
        while (turn->receive(data, from, nowMs())) {}  // nobody else can be talking to us yet: nothing to keep
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (stop && stop()) {
        error = "stopped while waiting for the TURN server " + net::addressText(cfg.server);
        return nullptr;
    }
    if (turn->state() != net::TurnState::Ready) {
        error = turn->state() == net::TurnState::Failed
                    ? turn->error()
                    : "the TURN server " + net::addressText(cfg.server) + " did not answer within " +
                          std::to_string(limitMs / 1000) + " s";
        return nullptr;
    }
    if (permit != 0 && !turn->permitted(permit)) {
        error = "the TURN server did not install a permission for " + net::addressText(permit);
        return nullptr;
    }
    out << "relayed address: " << net::addressText(turn->relayedAddress()) << " (TURN server "
        << net::addressText(cfg.server) << ", seen as " << net::addressText(turn->mappedAddress()) << ")" << std::endl;
    return turn;
}

void printRelaySummary(const net::TurnTransport& t, const RelayFlags& f, std::ostream& out) {
    const net::TurnCounters& c = t.counters();
    out << "path: relayed through TURN " << f.server << " (relayed address " << net::addressText(t.relayedAddress())
        << "): " << c.sent << " sent, " << c.received << " received through the relay, " << c.direct << " direct, "
        << c.dropped << " dropped before a permission, " << c.refused << " refused, " << c.retransmits
        << " retransmitted requests\n";
}

}  // namespace run
