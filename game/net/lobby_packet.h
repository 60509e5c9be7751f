#pragma once
// The lobby's messages (the `lobby` program, game/lobby/, and its client, lobby_client.h): one struct for every
// message and a pure, bounded encoder/decoder pair, fuzzed like the game's packets (tests/fuzz/lobby_packet).
//
// Layout: little-endian, a 4-byte header `L B VERSION TYPE`, the client's 16-byte request nonce (echoed in every
// answer, so an answer that does not carry the nonce of our request is not one: someone off the path cannot fake
// the lobby), then the type's body. Every request carries the 16-byte return-routability cookie next (zero until
// the lobby sent one in a Retry), so a request is always larger than a Retry: the lobby never answers an address it
// has not validated with more bytes than it received. An address is 6 bytes (IPv4 << 16 | port, little-endian); a
// list of addresses is a count byte (at most kMaxLocalAddresses) and the addresses. A room code is kCodeLength
// characters of kCodeAlphabet. The header and the nonce keep their place in every version, so a lobby answers a
// request of another version with a Version answer that any client from version 4 on understands.
// The lobby never sees game inputs and hands out no key: it only tells each side the other's addresses (the peers
// authenticate each other with their own key exchange).
#include "game/net/packet.h"
#include "game/net/transport.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace net {

// 2: the host's relayed address, the spectators' addresses; 3: the joiner's; 4: the cookie, no room secret, the
// spectator code of a private room, the Version answer.
constexpr std::uint8_t kLobbyVersion = 4;
constexpr std::size_t kCodeLength = 6;
/// The letters of a room code: no 0/O or 1/I, so a code read aloud or copied by hand stays right (32 letters: a
/// code is 30 random bits).
constexpr char kCodeAlphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
static_assert(sizeof kCodeAlphabet - 1 == 32, "a code letter is 5 bits");
constexpr std::size_t kMaxLocalAddresses = 4;
constexpr std::size_t kSecretSize = 32;
constexpr std::size_t kCookieSize = 16;
/// Largest lobby message (a buffer of this size always suffices).
constexpr std::size_t kMaxLobbyMessage = 160;

using Secret = std::array<std::uint8_t, kSecretSize>;
using Cookie = std::array<std::uint8_t, kCookieSize>;

enum class LobbyType : std::uint8_t {
    Create = 1,     ///< host -> lobby: a room, please (flags, its local addresses, its relayed address or 0)
    Join = 2,       ///< joiner -> lobby: the room of this code (its local addresses, its relayed address or 0)
    Spectate = 3,   ///< spectator -> lobby: watch the room of this code
    Poll = 4,       ///< host -> lobby: keep my room, who came? (code, host key)
    Close = 5,      ///< host -> lobby: the match started or was abandoned: forget the room
    Leave = 6,      ///< joiner -> lobby: it gave up before the match (host key zeros); host -> lobby (its host key):
                    ///< it refused the joiner or heard no handshake from it. Either frees the room's seat
    Created = 16,   ///< lobby -> host: code, spectator code, host key, lifetime, the host's public address
    Joined = 17,    ///< lobby -> joiner: its public address, the host's public and local addresses and relay
    Watching = 18,  ///< lobby -> spectator: its public address, the host's addresses
    Status = 19,    ///< lobby -> host: the joiner's addresses (and relayed address) once one came, spectators so
                    ///< far, seconds left, the newest spectators' public addresses
    Refused = 20,   ///< lobby -> a validated address: no, and why
    Version = 21,   ///< lobby -> anyone who spoke another version: the lobby's version (in the header and the body)
    Retry = 22,     ///< lobby -> an address it has not validated: ask again with this cookie
};

/// Create's flags.
constexpr std::uint8_t kRoomPrivate = 1;  ///< spectators need the spectator code, not the room code

enum class LobbyRefusal : std::uint8_t {
    WrongCode = 1,  ///< no room has that code
    Expired = 2,    ///< the room's lifetime passed
    Full = 3,       ///< the room has its joiner (or all its spectators)
    Busy = 4,       ///< the lobby holds its maximum of rooms
    Slow = 5,       ///< too many requests from this address: wait
    NotYours = 6,   ///< a Poll or Close with a wrong host key
};
constexpr std::uint8_t kLastLobbyRefusal = 6;

/// One lobby message. Only the fields of its type are meaningful.
struct LobbyMessage {
    LobbyType type = LobbyType::Create;
    Nonce nonce{};                  ///< the request's nonce (echoed by the answer)
    Cookie cookie{};                ///< every request: the lobby's cookie (zero: none yet); Retry
    std::uint8_t flags = 0;         ///< Create: kRoomPrivate
    std::string code;               ///< Join, Spectate, Poll, Close, Created
    std::string watchCode;          ///< Created: the code spectators give (the room code of a public room)
    std::vector<Address> locals;    ///< Create, Join, Spectate: the sender's; Joined, Watching: the host's;
                                    ///< Status: the joiner's
    Nonce hostKey{};                ///< Poll, Close, Created: proves the room is the sender's
    Address self = 0;               ///< Created, Joined, Watching: the receiver's address as the lobby sees it
    Address peer = 0;               ///< Joined, Watching: the host's public address; Status: the joiner's (0: none)
    Address relay = 0;              ///< Create: the host's relayed (TURN) address, 0: none; Joined, Watching: the
                                    ///< host's (tried only when the direct path does not come up); Join: the
                                    ///< joiner's, 0: none; Status: the joiner's (0: none, or no joiner yet)
    std::vector<Address> watchers;  ///< Status: the public addresses of the newest spectators (at most 4)
    std::uint32_t secondsLeft = 0;  ///< Created, Status: the room's remaining lifetime
    std::uint8_t spectators = 0;    ///< Status
    LobbyRefusal reason = LobbyRefusal::WrongCode;  ///< Refused
    std::uint8_t version = kLobbyVersion;           ///< Version: the lobby's protocol version
};

/// Decodes one datagram; false for anything malformed (short, long, trailing bytes, bad header, a code outside the
/// alphabet, too many addresses). Pure.
bool decodeLobby(const std::uint8_t* data, std::size_t size, LobbyMessage& out);
/// Encodes a message that decodeLobby accepts (the caller keeps codes and lists valid).
std::vector<std::uint8_t> encodeLobby(const LobbyMessage& m);
/// True when code is kCodeLength characters of kCodeAlphabet.
bool validCode(const std::string& code);
/// Upper-cases a typed code and drops spaces and dashes ("abc-def" -> "ABCDEF").
std::string normalizeCode(const std::string& typed);
/// Text of a refusal ("no room has that code", ...).
const char* lobbyRefusalText(LobbyRefusal r);
/// True for the requests a client sends (they carry a cookie).
bool isLobbyRequest(LobbyType t);
/// Reads the version of a datagram that looks like a lobby message of any version (`L B`, at least a header and a
/// nonce), with its nonce; false for anything else. The lobby answers another version with a Version answer; a
/// client that gets one tells its player to update.
bool peekLobbyVersion(const std::uint8_t* data, std::size_t size, std::uint8_t& version, Nonce& nonce);
/// The bytes of a Version answer to the request of nonce `nonce` (the same in every version from 4 on).
std::vector<std::uint8_t> encodeLobbyVersionAnswer(const Nonce& nonce);
/// The size of the header and nonce every lobby message starts with.
constexpr std::size_t kLobbyHeaderSize = 4 + 16;

}  // namespace net
