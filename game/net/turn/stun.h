#pragma once
// STUN messages (RFC 8489, the format of RFC 5389) as TURN (RFC 8656) uses them: the 20-byte header, attributes
// as type-length-value padded to 4 bytes, MESSAGE-INTEGRITY (HMAC-SHA1) and FINGERPRINT (CRC-32).
//
// Every byte from the network is hostile: decodeStun() accepts a datagram only when its header is a STUN header
// (top two bits zero, the magic cookie, a length that is a multiple of 4 and equals what follows), at most
// kMaxStunSize bytes and kMaxStunAttributes attributes, each lying wholly inside the message. It keeps each
// attribute's offset so MESSAGE-INTEGRITY and FINGERPRINT can be checked over the bytes that precede them.
#include "game/net/transport.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace net::stun {

constexpr std::uint32_t kMagicCookie = 0x2112a442;
constexpr std::size_t kHeaderSize = 20;
/// Largest message decoded (TURN's own messages are a few hundred bytes; a Data indication carries one game
/// packet of at most 1200 bytes).
constexpr std::size_t kMaxStunSize = 2048;
/// Most attributes a decoded message may hold.
constexpr std::size_t kMaxStunAttributes = 32;

/// Methods (RFC 8489 Binding; RFC 8656 the TURN ones).
enum Method : std::uint16_t {
    kBinding = 0x001,
    kAllocate = 0x003,
    kRefresh = 0x004,
    kSend = 0x006,
    kData = 0x007,
    kCreatePermission = 0x008,
    kChannelBind = 0x009,
};

/// Classes.
enum Class : std::uint8_t { kRequest = 0, kIndication = 1, kSuccess = 2, kError = 3 };

/// Attribute types used here.
enum Attr : std::uint16_t {
    kMappedAddress = 0x0001,
    kUsername = 0x0006,
    kMessageIntegrity = 0x0008,
    kErrorCode = 0x0009,
    kChannelNumber = 0x000c,
    kLifetime = 0x000d,
    kXorPeerAddress = 0x0012,
    kDataAttr = 0x0013,
    kRealm = 0x0014,
    kNonce = 0x0015,
    kXorRelayedAddress = 0x0016,
    kRequestedTransport = 0x0019,
    kXorMappedAddress = 0x0020,
    kSoftware = 0x8022,
    kFingerprint = 0x8028,
};

using TransactionId = std::array<std::uint8_t, 12>;

/// One attribute: its type, value and where its header starts in the message.
struct Attribute {
    std::uint16_t type = 0;
    std::vector<std::uint8_t> value;
    std::size_t offset = 0;  ///< decoded: offset of the attribute's header in the message
};

/// A STUN message.
struct Message {
    std::uint16_t method = 0;
    std::uint8_t cls = kRequest;
    TransactionId id{};
    std::vector<Attribute> attrs;

    /// The first attribute of a type, or null.
    const Attribute* find(std::uint16_t type) const;
};

/// The 14-bit message type of a method and class (RFC 8489 section 5: the class bits interleaved).
std::uint16_t messageType(std::uint16_t method, std::uint8_t cls);

/// Decodes a datagram (see the header comment); false when it is not a well-formed STUN message.
bool decodeStun(const std::uint8_t* data, std::size_t size, Message& out);

/// Encodes a message; with key non-empty, MESSAGE-INTEGRITY (HMAC-SHA1 under key) is appended, then with
/// fingerprint a FINGERPRINT. Attributes in m.attrs are written in order, padded with zero bytes.
std::vector<std::uint8_t> encodeStun(const Message& m, const std::vector<std::uint8_t>& key, bool fingerprint);

/// True when the decoded message (its bytes in data) holds a MESSAGE-INTEGRITY that is right under key.
bool checkIntegrity(const std::uint8_t* data, std::size_t size, const Message& m, const std::vector<std::uint8_t>& key);
/// True when the decoded message holds a FINGERPRINT, last, that is right.
bool checkFingerprint(const std::uint8_t* data, std::size_t size, const Message& m);

/// The long-term credential key: MD5(username ":" realm ":" password) (RFC 8489 section 9.2.2; the strings as
/// given: SASLprep/OpaqueString of ASCII names is the identity).
std::vector<std::uint8_t> longTermKey(const std::string& user, const std::string& realm, const std::string& password);

/// An XOR-*-ADDRESS value for an IPv4 address (family 1).
std::vector<std::uint8_t> xorAddress(Address a);
/// Reads an XOR-*-ADDRESS value (IPv4 only); false when it is not one.
bool readXorAddress(const std::vector<std::uint8_t>& v, Address& out);
/// An attribute holding a 32-bit number (LIFETIME, REQUESTED-TRANSPORT's protocol << 24).
std::vector<std::uint8_t> u32(std::uint32_t v);
/// Reads a 32-bit attribute value; false when it is not 4 bytes.
bool readU32(const std::vector<std::uint8_t>& v, std::uint32_t& out);
/// ERROR-CODE's number (class * 100 + number), 0 when the attribute is malformed.
int errorCode(const std::vector<std::uint8_t>& v);

}  // namespace net::stun
