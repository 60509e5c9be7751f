#pragma once
// The relayed path of the headless peer: `--turn HOST[:PORT] --turn-user NAME --turn-password WORD` plays through a
// TURN server (net::TurnTransport) instead of straight from the UDP socket; `--turn-permit HOST[:PORT]` lets a peer
// that has not sent yet reach us through the relay (a host behind a symmetric NAT names its joiner's public
// address; a joiner's permission for the host is installed by its first send).
#include "game/io/flag_table.h"
#include "game/net/turn/turn_client.h"

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
    std::string server;    ///< --turn HOST[:PORT] ("" = no relay)
    std::string user;      ///< --turn-user NAME
    std::string password;  ///< --turn-password WORD
    std::string permit;    ///< --turn-permit HOST[:PORT]
};

/// Adds --turn, --turn-user, --turn-password and --turn-permit to a table (out must outlive it).
void addRelayFlags(io::FlagTable& table, RelayFlags& out);
/// Checks the flags belong together; false with error.
bool checkRelayFlags(const RelayFlags& f, std::string& error);

/// Allocates on the server through inner, waiting at most kTurnSetupMs (real time), prints `relayed address: A
/// (TURN server S)`; then installs the --turn-permit permission. Null with error when the server refuses or
/// does not answer.
/// With directFirst (a host meeting through the lobby) the relay is only the fallback: see TurnConfig::directFirst.
std::unique_ptr<net::TurnTransport> openRelay(const RelayFlags& f, net::Transport& inner, std::ostream& out,
                                              std::string& error, bool directFirst = false);

/// The summary's path line: `path: relayed through TURN S (relayed address R): N sent, ...`.
void printRelaySummary(const net::TurnTransport& t, const RelayFlags& f, std::ostream& out);

}  // namespace run
