#pragma once
// What the connecting screen says about the peer, and how the host's player answers the joiner's request, without
// SFML (tests drive two peers on the in-memory network and read the same words the window shows).
#include "game/net/peer.h"

#include <string>

namespace app {

/// How a status line is drawn.
enum class StatusTone : std::uint8_t { Plain, Question, Problem };

struct StatusLine {
    std::string text;
    StatusTone tone = StatusTone::Plain;
};

/// What the connecting screen knows besides the peer.
struct PeerScene {
    bool hostSide = false;      ///< this side hosts (direct or a room)
    bool throughLobby = false;  ///< a room (the lobby named the other side)
    std::string path;           ///< "direct", "relayed" or "" (not known yet)
    std::string seatNote;       ///< the room's seat note ("" when nothing to say)
    bool tryingRelay = false;   ///< joiner: the direct path stayed silent and the host's relay is being tried
    std::string dots;           ///< the animated dots
};

/// The line under a peer that exists: the host's question (`NAME (FP) wants to play    Enter: accept    N: refuse`),
/// the joiner's wait while the host decides, the path and ping, or why it ended.
StatusLine peerStatus(const net::NetPeer& peer, const PeerScene& scene, std::int64_t nowMs);

/// The host's player answers the asking joiner: Enter (accept) lets it in, N (refuse) turns it away. True when an
/// answer was given (nothing happens while nobody asks).
bool answerJoiner(net::NetPeer& peer, bool accept, bool refuse, std::int64_t nowMs);

/// "NAME (FP)" for an identity.
std::string whoText(const std::string& name, const net::IdentityKey& key);

}  // namespace app
