#pragma once
// The online flags, written once for every program that plays online (the window and the headless peer):
// `--host [PORT]`, `--join HOST[:PORT]`, `--input-delay N`, `--max-rollback N`, the `--net-*` conditions and, for
// the window, `--fighter ID`; and the one reading of "HOST[:PORT]".
//
// Why in the runners' room: the flags are text (io) that fill the netcode's settings (net); net itself reads no
// text, so the meeting point sits above both.
#include "game/io/flag_table.h"
#include "game/net/conditions.h"
#include "game/net/peer.h"
#include "game/net/transport.h"
#include "game/run/relay_path.h"

#include <string>
#include <vector>

namespace run {

/// The default online port.
constexpr unsigned short kOnlinePort = 7000;

/// Online settings from the command line (and the window's Online menu).
struct OnlineFlags {
    bool host = false;                  ///< --host [PORT]: wait for an opponent
    unsigned short port = kOnlinePort;  ///< the port to host on (0 = any free port)
    std::string join;                   ///< --join HOST[:PORT]: connect to a host
    std::string fighter;                ///< --fighter ID: this side's fighter ("" = the first one)
    int inputDelay = 2;                 ///< --input-delay 0-4
    int maxRollback = 8;                ///< --max-rollback 1-30
    net::NetConditions conditions;      ///< --net-delay/jitter/loss/dup/reorder (what this side sends)
    std::uint64_t netSeed = 0;          ///< --net-seed N: the conditions' generator (0 = a random one)
    std::string lobby;                  ///< --lobby HOST[:PORT]: meet through this lobby (--host creates a room)
    std::string code;                   ///< --code CODE: join the lobby's room of that code
    bool privateRoom = false;           ///< --private-room (a host through a lobby): spectators need the room's
                                        ///< spectator code, shown to the host, not its room code
    std::string spectate;               ///< window: --spectate CODE (with --lobby): watch the room of that code
    RelayFlags relay;                   ///< --turn HOST[:PORT] --turn-user --turn-password: through a lobby, the
                                        ///< host's fallback relay; without one (headless), the forced relayed path
    bool autoDelay = false;             ///< input delay and rollback window chosen from the measured ping (the
                                        ///< window's Online menu; set when neither --input-delay nor
                                        ///< --max-rollback was given there)
    /// True when the command line starts an online match.
    bool active() const { return host || !join.empty() || !code.empty() || !spectate.empty(); }
};

/// Adds the online flags to a table, filling out (which must outlive the table); withFighter adds --fighter.
/// --lobby is checked as it is read (a name or dotted IPv4 address, a port 1-65535): `--lobby: bad host 'a b' ...`.
void addOnlineFlags(io::FlagTable& table, OnlineFlags& out, bool withFighter);
/// "" when --fighter ID names one of ids (the fighters of dataDir/fighters) or was not given; else the message,
/// `--fighter wants a fighter of DATA/fighters (brick, nova, ...), not 'ID'`.
std::string fighterFlagProblem(const std::string& fighter, const std::string& dataDir,
                               const std::vector<std::string>& ids);

/// The conditions simulator's seed: --net-seed, or a random one when it was not given (0).
std::uint64_t conditionsSeed(const OnlineFlags& f);

/// A SHA-256 of the simulation's sources, fixed when the program was built (hex).
const char* rulesBuild();
/// The handshake's rules hash (net::RulesHasher): the first 8 bytes of SHA-256(rulesBuild(), the bytes of
/// dataDir/fighters/ID.fighter); 0 when the file cannot be read. Two sides whose hashes of a fighter differ would
/// desync, so the host refuses them at the handshake.
net::RulesHasher rulesHasher(const std::string& dataDir);

/// A DNS name or dotted IPv4 address: 1 to 253 letters, digits, '.', '-' or '_'.
bool isHostName(const std::string& host);
/// Reads "HOST[:PORT]" (a name or dotted IPv4; the port 1-65535, default kOnlinePort, by the one number rule) and
/// resolves it; false with error set.
bool resolveJoinAddress(const std::string& text, net::Address& out, std::string& error,
                        unsigned short defaultPort = kOnlinePort);
/// The default port of a lobby (`lobby --port`, `--lobby HOST[:PORT]`).
constexpr unsigned short kLobbyPort = 7100;

}  // namespace run
