#pragma once
// Online play in the window: the Online menu (host, or join an address typed in), the lobby that waits for the
// handshake, and OnlineLink, which owns the UDP socket and the net::NetPeer and is handed from the lobby to the
// fight view's online source (online_source.cpp) once the match starts. The local player always uses the P1 keys,
// whichever side they are on.
#include "game/app/online/match_flow.h"
#include "game/app/online/online_flags.h"
#include "game/net/lobby_client.h"
#include "game/net/peer.h"
#include "game/net/spectate.h"
#include "game/net/turn/turn_client.h"
#include "game/net/udp_transport.h"

#include <chrono>
#include <memory>
#include <string>

namespace app {

struct Context;
class Screen;

/// How a link finds the other side.
enum class LinkMode : std::uint8_t {
    DirectHost,    ///< wait on a UDP port (the opponent knows the address)
    DirectJoin,    ///< connect to an address
    RoomHost,      ///< ask the lobby for a room; show its code; the joiner's addresses come from the lobby
    RoomJoin,      ///< give the lobby a code; the host's addresses come from it
    RoomSpectate,  ///< give the lobby a code to watch (the host's spectator stream)
};

/// The socket and the peer of one online match, with the clock they run on. Through the lobby, the lobby client
/// runs first on the same socket; the peer is made once it has the other side's addresses and the room secret. A
/// room's host or joiner with a TURN relay configured (--turn) allocates first and offers the relayed address as
/// the fallback; the joiner tries the host's once the direct path stayed silent for net::PeerConfig::relayAfterMs,
/// the host punches the joiner's after joinerRelayAfterMs. A host
/// serves spectators on its port; a spectator (RoomSpectate) runs a net::SpectatorClient instead of a peer.
class OnlineLink {
public:
    /// Opens the socket (the host's port, or any port to join) and sets up the peer or the lobby client; `text` is
    /// the address (DirectJoin) or the code (RoomJoin, RoomSpectate). Check error() afterwards.
    OnlineLink(Context& ctx, const OnlineFlags& flags, LinkMode mode, const std::string& text);
    /// A service match: a room on the service's lobby that only the opponent's key may take (host), or that room
    /// joined with the host's key checked; no rematch (it would be no service match).
    OnlineLink(Context& ctx, const OnlineFlags& flags, const ServiceSeat& seat);
    ~OnlineLink();
    /// One 60 Hz tick with the local player's buttons.
    void tick(std::uint16_t buttons);
    /// True once the peer exists (always for the direct modes).
    bool hasPeer() const { return peer_ != nullptr; }
    /// The spectator client (RoomSpectate, once the lobby answered; null otherwise).
    net::SpectatorClient* spectator() { return spectator_.get(); }
    /// The room's code once the lobby gave it ("" before, and on the direct path).
    std::string roomCode() const { return lobby_ ? lobby_->code() : std::string(); }
    /// The lobby client (null on the direct path).
    const net::LobbyClient* lobby() const { return lobby_.get(); }
    /// How this link finds the other side.
    LinkMode mode() const { return mode_; }
    /// Leaves (Esc): tells the opponent.
    void leave();
    /// The peer.
    net::NetPeer& peer() { return *peer_; }
    /// Milliseconds since the link opened.
    std::int64_t nowMs() const;
    /// "" when the link works, else why not (bad address, port in use).
    const std::string& error() const { return error_; }
    /// What the lobby shows while connecting ("hosting on UDP port 7000", "joining 1.2.3.4:7000").
    const std::string& where() const { return where_; }
    /// The path in use: "direct" or "relayed" ("" before the other side answered).
    std::string path() const;
    /// A note about the relay ("relay: ..." when it could not be set up), or "".
    const std::string& relayNote() const { return relayNote_; }
    /// Host: a match (or rematch) started: its spectators get its setup.
    void matchStarted();
    /// Host: a confirmed frame's inputs, for its spectators.
    void confirmed(const sim::FrameInput& in);
    /// Host: spectators watching now.
    int spectators() const;
    /// Host through a lobby: what became of the room's seat ("" when nothing to say).
    const std::string& seatNote() const { return seatNote_; }

private:
    bool configurePeer(const OnlineFlags& flags);
    bool configureRoom(const OnlineFlags& flags, const std::string& text);
    bool startRelay(const OnlineFlags& flags);
    void startLobby();
    void startPeer();
    void hostExtras(std::int64_t now);
    void roomSeat(std::int64_t now);
    void checkOpponent(std::int64_t now);

    Context& ctx_;
    LinkMode mode_;
    net::PeerConfig cfg_;
    net::LobbyClientConfig lobbyCfg_;
    std::unique_ptr<net::UdpTransport> udp_;
    std::unique_ptr<net::TurnTransport> turn_;  // a player's fallback relay (--turn through a lobby)
    std::unique_ptr<net::LobbyClient> lobby_;
    std::unique_ptr<net::LobbyDemux> lobbyDemux_;  // the host's polls answered during the match
    std::unique_ptr<net::SpectatorHub> hub_;       // a host's spectators
    std::unique_ptr<net::SpectateDemux> spectateDemux_;
    std::unique_ptr<net::NetPeer> peer_;
    std::unique_ptr<net::SpectatorClient> spectator_;
    net::Transport* transport_ = nullptr;                          // what the peer talks through
    std::vector<std::pair<net::Address, std::int64_t>> watchers_;  // spectators the lobby named, since when
    std::int64_t lastPunchMs_ = -1000000;
    std::chrono::steady_clock::time_point t0_;
    std::string error_;
    std::string where_;
    std::string relayNote_;
    std::string seatNote_;
    std::string expectOpponent_;  // a service match: the only fingerprint to play against
    int joinersSeen_ = 1;
    std::int64_t seatSinceMs_ = 0;
    std::int64_t notAcceptedSeen_ = 0;
};

struct ServiceMatch;
/// The fight view of an online match whose handshake is done (online_source.cpp); recorded unless --no-record. A
/// match the service made (service) is always recorded, and its checkpoints, log and decision go through it.
std::unique_ptr<Screen> makeOnlineFight(Context& ctx, std::unique_ptr<OnlineLink> link,
                                        std::shared_ptr<ServiceMatch> service = nullptr);
/// The fight view of a watched match (spectate_source.cpp), once the link's spectator client has the setup;
/// recorded unless --no-record.
std::unique_ptr<Screen> makeSpectatorFight(Context& ctx, std::unique_ptr<OnlineLink> link);
/// Loads fighters from those the app loaded at start-up (the same files the opponent's ids name).
net::FighterLoader contextLoader(Context& ctx);

}  // namespace app
