#pragma once
// The relayed path of the headless peer: `--turn HOST[:PORT] --turn-user NAME --turn-password-file FILE` plays through a
// TURN server (net::TurnTransport) instead of straight from the UDP socket; `--turn-permit HOST[:PORT]` lets a peer
// that has not sent yet reach us through the relay (a host behind a symmetric NAT names its joiner's public
// address; a joiner's permission for the host is installed by its first send).
#include "game/io/flag_table.h"
#include "game/net/turn/turn_client.h"

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>

namespace run {

/// TURN's default port (RFC 8656).
constexpr unsigned short kTurnPort = 3478;
/// How long the allocation (and a --turn-permit permission) may take before the peer gives up, ms.
constexpr int kTurnSetupMs = 10000;

/// The relay flags.
struct RelayFlags {
    std::string server;        ///< --turn HOST[:PORT] ("" = no relay)
    std::string user;          ///< --turn-user NAME
    std::string password;      ///< from --turn-password-file FILE or $BVH_TURN_PASSWORD (never from the command line)
    std::string passwordFile;  ///< --turn-password-file FILE
    std::string refusedPassword;  ///< --turn-password WORD: refused (every local user reads the process list)
    std::string permit;           ///< --turn-permit HOST[:PORT]
};

/// The environment variable a relay password may come from.
constexpr const char* kTurnPasswordEnv = "BVH_TURN_PASSWORD";

/// Adds --turn, --turn-user, --turn-password-file and --turn-permit to a table (out must outlive it); the old
/// --turn-password is kept only to refuse it with a message naming the alternatives.
void addRelayFlags(io::FlagTable& table, RelayFlags& out);
/// Fills f.password from f.passwordFile (its first line) or, with neither, from $BVH_TURN_PASSWORD; false with
/// error (`FILE: what`) when the file cannot be read or holds no password.
bool loadRelayPassword(RelayFlags& f, std::string& error);
/// The message that refuses --turn-password.
std::string turnPasswordRefused();
/// Checks the flags belong together; false with error.
bool checkRelayFlags(const RelayFlags& f, std::string& error);

/// Allocates on the server through inner, waiting at most limitMs (real time: a peer's --wait, at most
/// kTurnSetupMs) and only while stop() says false (a stop signal), prints `relayed address: A (TURN server S)`;
/// then installs the --turn-permit permission. Null with error when the server refuses or does not answer in
/// time, or when stop() said true.
/// With directFirst (a host meeting through the lobby) the relay is only the fallback: see TurnConfig::directFirst.
std::unique_ptr<net::TurnTransport> openRelay(const RelayFlags& f, net::Transport& inner, std::ostream& out,
                                              std::string& error, bool directFirst = false, int limitMs = kTurnSetupMs,
                                              const std::function<bool()>& stop = {});

/// The summary's path line: `path: relayed through TURN S (relayed address R): N sent, ...`.
void printRelaySummary(const net::TurnTransport& t, const RelayFlags& f, std::ostream& out);

}  // namespace run
