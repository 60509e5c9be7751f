#pragma once
// The online protocol's datagrams: one struct for every packet type and a pure encoder/decoder pair.
//
// Why a pure function: everything that arrives from the network is hostile until proven otherwise, so the decoder
// takes raw bytes and either fills a Packet whose every field is in range or says no. It never trusts a length,
// never reads past the buffer and accepts no trailing bytes, which makes it fuzzable on its own (a libFuzzer
// target needs nothing but this header). Layout: little-endian, fixed-width fields, a 4-byte header
// `'B' 'F' VERSION TYPE` then the type's body. A packet of another protocol version decodes to its header only
// (so a Hello from an old client can be refused with a reason instead of being dropped in silence).
//
// The version (kProtocolVersion) moves with sim::kRulesVersion: two builds that simulate different rules would shake
// hands and desync mid-match. Every packet ends with a kTagSize-byte tag (packetTag); Confirm and Input are sealed
// on the match's channel (channel.h; peer.h has the handshake and its key exchange). What each version changed is
// in docs/decisions.md ("The protocol's versions").
#include "game/net/channel.h"
#include "game/net/identity.h"
#include "game/sim/fight.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace net {

/// Protocol version carried by every packet; a different one is refused at the handshake.
constexpr std::uint8_t kProtocolVersion = 14;
static_assert(sim::kRulesVersion == 11,
              "the rules changed: bump kProtocolVersion with them, so peers refuse each other");
/// Bytes of the authentication tag that ends every packet (HMAC-SHA-256 truncated, RFC 2104 section 5).
constexpr std::size_t kTagSize = 16;
/// Bytes of a handshake nonce and of the host's cookie.
constexpr std::size_t kNonceSize = 16;
/// Most inputs one Input packet carries (the oldest unacknowledged ones first).
constexpr int kMaxInputsPerPacket = 120;
/// Longest fighter id on the wire.
constexpr std::size_t kMaxFighterIdLength = 32;
/// Largest datagram the protocol produces (a receive buffer of this size always suffices): an Input packet with
/// kMaxInputsPerPacket 2-byte inputs, a countersignature with its frame and acknowledgement, its counter and its tag
/// is 386 bytes.
constexpr std::size_t kMaxPacketSize = 392;
/// Bytes of the clear header of every packet: `B F VERSION TYPE` and the token.
constexpr std::size_t kPacketHeaderSize = 8;
/// The button bits an input on the wire may have (the button table's, data/buttons.cfg); any other bit makes it
/// malformed. Both peers read the same table (the shipped data folder).
inline std::uint16_t wireButtons() { return sim::buttonTable().mask(); }

/// What a datagram is: the numbers of kPacketTypes below, in order.
enum class PacketType : std::uint8_t {
    Hello = 1,      ///< joiner -> host: "let me in", with the joiner's fighter and input style
    Welcome = 2,    ///< host -> joiner: session token and the whole match setup
    Refuse = 3,     ///< host -> joiner: no, and why
    Input = 4,      ///< both ways during a match: inputs, acks, timing, hashes
    Challenge = 5,  ///< host -> joiner: "say that again with this cookie" (proves the joiner receives at its address)
    Punch = 6,    ///< host -> joiner's candidate addresses, no body: opens the host's NAT towards them (hole punching)
    Confirm = 7,  ///< joiner -> host, sealed: the joiner's identity, name and signature of the transcript
};

/// Where a received packet goes in the peer (NetPeer::handle routes by this and nothing else).
enum class PacketRoute : std::uint8_t {
    Unknown,   ///< not a type of this protocol: counted as malformed
    ToHost,    ///< a joiner's request to a host's handshake (Hello); malformed at a joiner
    ToJoiner,  ///< a host's answer to a joiner's Hello (Welcome, Refuse, Challenge); malformed at a host
    Punch,     ///< opens a NAT on its way; no body, nothing to answer
    Sealed,    ///< travels sealed on the match's channel (Input, Confirm): opened by openOnChannel
};

/// One packet type: its number and how it is routed. A new message is one line here (numbered next), its
/// fields in encodePacket and readBody (packet.cpp), and its handling where its route leads (peer.cpp).
struct PacketTypeInfo {
    PacketType type;
    const char* name;
    PacketRoute route;
};

/// Every packet type, numbered 1, 2, ... in order: the decoder refuses any other number.
constexpr PacketTypeInfo kPacketTypes[] = {
    {PacketType::Hello, "hello", PacketRoute::ToHost},
    {PacketType::Welcome, "welcome", PacketRoute::ToJoiner},
    {PacketType::Refuse, "refuse", PacketRoute::ToJoiner},
    {PacketType::Input, "input", PacketRoute::Sealed},
    {PacketType::Challenge, "challenge", PacketRoute::ToJoiner},
    {PacketType::Punch, "punch", PacketRoute::Punch},
    {PacketType::Confirm, "confirm", PacketRoute::Sealed},
};
constexpr int kPacketTypeCount = int(sizeof kPacketTypes / sizeof kPacketTypes[0]);

constexpr bool packetTypesNumberedInOrder() {
    for (int i = 0; i < kPacketTypeCount; ++i) {
        if (int(kPacketTypes[i].type) != i + 1) return false;
    }
    return true;
}
static_assert(packetTypesNumberedInOrder(), "kPacketTypes lists PacketType 1, 2, ... in order, one line each");

/// The table's line for a type number, or nullptr for a number no type has.
constexpr const PacketTypeInfo* packetTypeInfo(std::uint8_t number) {
    return number >= 1 && number <= kPacketTypeCount ? &kPacketTypes[number - 1] : nullptr;
}
/// The route of a type (PacketRoute::Unknown for a value outside the table).
constexpr PacketRoute packetRoute(PacketType t) {
    const PacketTypeInfo* info = packetTypeInfo(std::uint8_t(t));
    return info != nullptr ? info->route : PacketRoute::Unknown;
}
/// True for the types that travel sealed (Confirm, Input): decodePacket reads only their header.
constexpr bool sealedType(PacketType t) { return packetRoute(t) == PacketRoute::Sealed; }

/// Why a host refused a joiner.
enum class RefuseReason : std::uint8_t {
    Version = 1,      ///< the joiner speaks another protocol version
    Busy = 2,         ///< a match is already running with someone else (late or second joiner)
    BadFighter = 3,   ///< the host has no fighter of that id
    Rules = 4,        ///< the joiner's build or fighter data differ from the host's
    Deciding = 5,     ///< not a refusal: the host's player is deciding whether to let this joiner in (keep asking)
    NotAccepted = 6,  ///< the host did not let this joiner in (its player said no, or its key is not the one allowed)
};

/// A nonce or cookie as the wire carries it.
using Nonce = std::array<std::uint8_t, kNonceSize>;
/// A packet's authentication tag.
using Tag = std::array<std::uint8_t, kTagSize>;
/// Key bytes (any length; the room secret, or a 32-byte match key).
using Key = std::vector<std::uint8_t>;

/// Flags of an Input packet.
enum InputFlags : std::uint8_t {
    kFlagLeaving = 1 << 0,      ///< the sender is leaving the match (Esc / window closed)
    kFlagRematch = 1 << 1,      ///< the match is over and the sender wants a rematch on this connection
    kFlagSignAck = 1 << 2,      ///< signAck follows the hash (the encoder sets it when signAck is not 0)
    kFlagCountersign = 1 << 3,  ///< signFrame and countersign follow (set when signFrame is not 0)
};

/// One decoded datagram. Only the fields of its type are meaningful.
struct Packet {
    std::uint8_t version = kProtocolVersion;  ///< protocol version of the sender
    PacketType type = PacketType::Input;      ///< what it is
    std::uint32_t token = 0;                  ///< session token (0 in Hello and Refuse)
    // Hello
    std::string fighter;                              ///< joiner's fighter id ([a-z0-9_-], 1..32 chars)
    sim::InputStyle style = sim::InputStyle::Simple;  ///< joiner's input style (its own choice, like its fighter)
    std::uint64_t rules = 0;  ///< Hello: build + joiner's fighter data; Welcome: build + host's fighter
    Nonce nonce{};            ///< Hello: the joiner's nonce; Welcome: the host's
    Nonce cookie{};           ///< Hello: the host's cookie (zeros before a Challenge); Challenge: it
    KxKey ephemeral{};        ///< Hello: the joiner's X25519 key; Welcome: the host's (fresh per joiner)
    IdentityKey identity{};   ///< Welcome: the host's identity; Hello, Confirm: the joiner's
    std::string name;         ///< Hello, Welcome, Confirm: the sender's player name (validPlayerName); a
                              ///< Welcome with none carries no keys (a spectator's copy of the setup)
    Signature signature{};    ///< Welcome, Confirm: the sender's signature of the transcript; Hello: of helloDigest
    // Welcome
    sim::MatchSetup setup;         ///< the match (mode is always Versus; fighter[1] and style[1] are the
                                   ///< joiner's; only the fields a Versus match uses, see wireSetup)
    std::uint32_t frameLimit = 0;  ///< stop after this many frames (0 = at match over)
    // Refuse
    RefuseReason reason = RefuseReason::Busy;  ///< why
    // Input
    std::uint32_t seq = 0;          ///< sender's packet counter (loss and duplicate counting)
    std::uint32_t sendTime = 0;     ///< sender's clock in ms when sent (echoed back for the ping)
    std::uint32_t echoTime = 0;     ///< the newest sendTime received from the other side (0 = none yet)
    std::uint16_t echoHold = 0;     ///< ms between receiving that packet and sending this one
    std::uint32_t ackFrame = 0;     ///< the receiver's inputs the sender holds, contiguously, up to this frame
    std::uint32_t senderFrame = 0;  ///< frames the sender has simulated
    std::int8_t advantage = 0;      ///< sender's frame advantage (+ = ahead of the receiver)
    std::uint8_t flags = 0;         ///< InputFlags (the encoder sets kFlagSignAck and kFlagCountersign itself)
    std::uint8_t match = 0;         ///< which match on this connection (0, 1, ...; wraps): stale ones are ignored
    std::uint32_t firstFrame = 0;   ///< frame of buttons[0]
    std::vector<std::uint16_t>
        buttons;                  ///< sender's buttons for firstFrame, firstFrame+1, ... (<= kMaxInputsPerPacket,
                                  ///< each within wireButtons())
    std::uint32_t hashFrame = 0;  ///< a confirmed frame of the sender (0 = no hash in this packet)
    std::uint64_t hash = 0;       ///< Fight::hash() after hashFrame steps
    std::uint32_t signAck = 0;    ///< the newest frame of the receiver's countersignatures the sender holds (0 =
                                  ///< none: not on the wire)
    std::uint32_t signFrame = 0;  ///< a checkpoint the sender countersigns in this packet (0 = none: neither it nor
                                  ///< the signature is on the wire; countersign.h)
    Signature countersign{};      ///< with signFrame: the sender's signature of that checkpoint (countersignDigest)
    Tag tag{};                    ///< the last kTagSize bytes (every type of this version)
    std::uint64_t counter = 0;    ///< sealed types: the sender's channel counter
};

/// Decodes one datagram. Returns false (out unspecified) for anything malformed: a short or long buffer, a bad
/// magic or type, an out-of-range field. Pure: no allocation beyond out's strings/vectors, no globals.
bool decodePacket(const std::uint8_t* data, std::size_t size, Packet& out);
/// Decodes the clear form of any type (what encodePacket gives, a sealed type's body in clear): for tests and the
/// sealed types' plaintext.
bool decodeClearPacket(const std::uint8_t* data, std::size_t size, Packet& out);
/// Encodes a packet (of kProtocolVersion) in clear, with p.tag as its tag: what decodePacket accepts for the clear
/// types, and decodeClearPacket for all.
std::vector<std::uint8_t> encodePacket(const Packet& p);
/// A sealed type on the wire: header and token in clear, the body sealed by ch (channel.h). Empty when ch is not
/// keyed.
std::vector<std::uint8_t> sealOnChannel(const Packet& p, Channel& ch);
/// Opens a sealed datagram into out (its header already decoded by decodePacket); false when it fails the
/// channel (forged, replayed) or its body is malformed.
bool openOnChannel(Channel& ch, const std::uint8_t* data, std::size_t size, Packet& out);
/// The handshake transcript both sides sign: SHA-256 of a label, the Hello's fields (cookie and tag left out), the
/// Welcome's (signature and tag left out). Confirm signs confirmDigest of it and the joiner's identity and name.
std::array<std::uint8_t, 32> handshakeTranscript(const Packet& hello, const Packet& welcome);
/// What a joiner signs in its Hello: SHA-256 of a label and the Hello's fields (cookie, token, signature and tag
/// left out), so the host knows the joiner's name and key before it welcomes anyone.
std::array<std::uint8_t, 32> helloDigest(const Packet& hello);
std::array<std::uint8_t, 32> confirmDigest(const std::array<std::uint8_t, 32>& transcript, const IdentityKey& joiner,
                                           const std::string& name);
/// The tag of encoded bytes (all but their last kTagSize bytes) under key, with `context` (bytes the receiver
/// knows without reading them from the packet: the joiner's nonce for a Welcome) fed first.
Tag packetTag(const Key& key, const std::uint8_t* bytes, std::size_t size, const std::uint8_t* context = nullptr,
              std::size_t contextSize = 0);
/// Encodes p and writes its tag under key (and context, as packetTag).
std::vector<std::uint8_t> sealPacket(const Packet& p, const Key& key, const std::uint8_t* context = nullptr,
                                     std::size_t contextSize = 0);
/// True when the bytes' last kTagSize bytes are their tag under key (and context); compared in constant time.
bool packetAuthentic(const Key& key, const std::uint8_t* bytes, std::size_t size, const std::uint8_t* context = nullptr,
                     std::size_t contextSize = 0);
/// The shape of every session key here: HMAC-SHA-256 under secret of label (a C string, without its 0), the two
/// nonces and n (little-endian): the spectator stream's key (spectate.h).
Key nonceKey(const Key& secret, const char* label, const Nonce& first, const Nonce& second, std::uint32_t n);
/// True when id is a fighter id the protocol carries: 1..32 of [a-z0-9_-] (never a path).
bool validFighterId(const std::string& id);
/// The setup as a Welcome carries it: mode Versus, the fields a Versus match uses copied (seed, fighters, rounds,
/// timer, start positions and health, intro, input styles, counter-hit rule), every other field at its default.
/// False when a field is out of the wire's range. The host plays exactly this, so both sides' setups are equal.
bool wireSetup(const sim::MatchSetup& in, sim::MatchSetup& out);

}  // namespace net
