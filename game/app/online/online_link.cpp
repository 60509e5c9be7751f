// The window's online link (see online.h): the socket, the lobby client, the host's fallback relay and spectators,
// and the peer or the spectator client.
#include "game/app/online/online.h"

#include "game/view/live_rules.h"
#include "game/app/screen.h"
#include "game/io/text.h"
#include "game/app/online/online_screens.h"

#include <algorithm>
#include <iostream>
#include <random>

namespace app {
namespace {

/// A spectator through the lobby asks the host's relayed address once its direct addresses stayed silent this long.
constexpr std::int64_t kSpectatorRelayAfterMs = 3000;
/// A spectator the lobby named is punched towards for this long (our NAT then lets its Watch in).
constexpr std::int64_t kWatcherPunchMs = 10000;
constexpr std::uint8_t kPunch[] = {'p', 'u', 'n', 'c', 'h'};
/// A seat the lobby gave a joiner that sent no handshake for this long (and is not asking) is freed for the next.
constexpr std::int64_t kSeatHoldMs = 20000;

}  // namespace

net::FighterLoader contextLoader(Context& ctx) {
    Context* c = &ctx;
    return [c](const std::string& id, sim::FighterDef& out, std::string& error) {
        const sim::FighterDef* d = c->fighter(id);
        if (d == nullptr) {
            error = c->dataDir + "/fighters/" + id + ".fighter: no such fighter";
            return false;
        }
        out = *d;
        return true;
    };
}

OnlineLink::OnlineLink(Context& ctx, const OnlineFlags& flags, LinkMode mode, const std::string& text)
    : ctx_(ctx), mode_(mode), t0_(std::chrono::steady_clock::now()) {
    if (!configurePeer(flags)) return;
    if (mode == LinkMode::DirectJoin && !run::resolveJoinAddress(text, cfg_.hostAddress, error_)) return;
    const bool room = mode == LinkMode::RoomHost || mode == LinkMode::RoomJoin || mode == LinkMode::RoomSpectate;
    if (room && !configureRoom(flags, text)) return;
    udp_ = std::make_unique<net::UdpTransport>(flags.conditions, run::conditionsSeed(flags));
    if (!udp_->open(mode == LinkMode::DirectHost ? flags.port : 0, error_)) return;
    transport_ = udp_.get();
    if (mode == LinkMode::DirectHost) where_ = "hosting on UDP port " + std::to_string(udp_->localPort());
    else if (mode == LinkMode::DirectJoin) where_ = "joining " + net::addressText(cfg_.hostAddress);
    else where_ = "lobby " + net::addressText(lobbyCfg_.lobby);
    if (cfg_.host) hub_ = std::make_unique<net::SpectatorHub>(4);
    if (!room) {
        startPeer();
        return;
    }
    lobbyCfg_.locals = net::localAddresses(udp_->localPort());
    // A player's fallback relay first: its address goes to the lobby (a spectator needs none: the host's serves it).
    if ((mode == LinkMode::RoomHost || mode == LinkMode::RoomJoin) && startRelay(flags)) return;  // tick() goes on
    startLobby();
}

namespace {

OnlineFlags serviceFlags(OnlineFlags flags, const ServiceSeat& seat) {
    flags.lobby = seat.lobby;
    flags.fighter = seat.setup.fighter[seat.host ? 0 : 1];
    flags.privateRoom = false;
    return flags;
}

}  // namespace

OnlineLink::OnlineLink(Context& ctx, const OnlineFlags& flags, const ServiceSeat& seat)
    : OnlineLink(ctx, serviceFlags(flags, seat), seat.host ? LinkMode::RoomHost : LinkMode::RoomJoin, seat.room) {
    applyServiceSeat(seat, cfg_);
    expectOpponent_ = seat.opponent;
}

bool OnlineLink::configurePeer(const OnlineFlags& flags) {
    const bool host = mode_ == LinkMode::DirectHost || mode_ == LinkMode::RoomHost;
    net::PeerConfig& cfg = cfg_;
    cfg.host = host;
    cfg.fighter = flags.fighter.empty() ? onlineFighter(ctx_) : flags.fighter;
    if (ctx_.fighter(cfg.fighter) == nullptr) {
        error_ = "no fighter " + io::quote(cfg.fighter) + " in " + ctx_.dataDir + "/fighters";
        return false;
    }
    const std::uint64_t seed =
        ctx_.flags->seedGiven ? ctx_.flags->seed : (std::uint64_t(std::random_device{}()) << 1) | 1;
    cfg.setup = onlineSetup(
        seed, ctx_.style(0) == sim::InputStyle::Simple);  // offline Versus's rules; the host's are the match's
    cfg.style = cfg.setup.style[0];                       // this side's own choice, like its fighter
    cfg.session.inputDelay = flags.inputDelay;
    cfg.session.maxRollback = flags.maxRollback;
    cfg.autoDelay = flags.autoDelay;
    cfg.rematches = true;
    // A host's player sees who wants to sit down (name and fingerprint) and accepts: a guessed or leaked code alone
    // gives no seat (OnlineLobbyScreen asks).
    cfg.admission = host ? net::Admission::Ask : net::Admission::Any;
    cfg.rulesHash = run::rulesHasher(ctx_.dataDir);
    cfg.identity = playerIdentity(ctx_);  // made on first online use; a key for this run without a usable data folder
    return true;
}

bool OnlineLink::configureRoom(const OnlineFlags& flags, const std::string& text) {
    net::LobbyClientConfig& lc = lobbyCfg_;
    if (flags.lobby.empty()) {
        // No public lobby is run for the game: a newcomer must learn here that someone starts one.
        error_ = "Room codes need a lobby: one of you runs scripts/lobby; its address goes on Advanced > Lobby";
        return false;
    }
    if (!run::resolveJoinAddress(flags.lobby, lc.lobby, error_, run::kLobbyPort)) {
        error_ = "lobby: " + error_;
        return false;
    }
    lc.role = mode_ == LinkMode::RoomHost   ? net::LobbyRole::Host
              : mode_ == LinkMode::RoomJoin ? net::LobbyRole::Join
                                            : net::LobbyRole::Spectate;
    lc.code = net::normalizeCode(text);
    lc.keepPolling = mode_ == LinkMode::RoomHost;  // spectators who come later are learned from the polls
    lc.privateRoom = mode_ == LinkMode::RoomHost && flags.privateRoom;
    if (mode_ != LinkMode::RoomHost && !net::validCode(lc.code)) {
        error_ = "'" + text + "' is not a room code (" + std::to_string(net::kCodeLength) + " letters and digits)";
        return false;
    }
    return true;
}

bool OnlineLink::startRelay(const OnlineFlags& flags) {
    if (flags.relay.server.empty()) return false;
    net::TurnConfig tc;
    std::string why;
    const bool hasPort = flags.relay.server.find(':') != std::string::npos;
    if (!run::resolveJoinAddress(
            hasPort ? flags.relay.server : flags.relay.server + ":" + std::to_string(run::kTurnPort), tc.server, why)) {
        relayNote_ = "relay: " + why;
        return false;
    }
    tc.user = flags.relay.user;
    tc.password = flags.relay.password;
    tc.directFirst = true;
    turn_ = std::make_unique<net::TurnTransport>(*udp_, tc);
    turn_->start(nowMs());
    return true;  // tick() starts the lobby once the allocation is done (or failed)
}

OnlineLink::~OnlineLink() {
    if (turn_) turn_->release(nowMs());
}

void OnlineLink::startLobby() {
    if (turn_ && turn_->state() == net::TurnState::Ready) {
        lobbyCfg_.relay = turn_->relayedAddress();
        transport_ = turn_.get();
    } else if (turn_) {
        relayNote_ =
            "relay: " + (turn_->error().empty() ? std::string("the TURN server did not answer") : turn_->error()) +
            " (direct path only)";
        turn_.reset();
        transport_ = udp_.get();
    }
    lobby_ = std::make_unique<net::LobbyClient>(*transport_, lobbyCfg_);
}

void OnlineLink::startPeer() {
    if (lobby_) {
        // The other side may only reach us through our relay: its public IP is permitted (per IP, so a symmetric
        // NAT's fresh port towards the relay is let through too).
        if (turn_) turn_->permit(lobby_->candidates().front(), nowMs());
        if (cfg_.host) {
            cfg_.punchTo = lobby_->candidates();
            cfg_.joinerRelay = lobby_->relay();
        } else {
            cfg_.hostAddress = lobby_->candidates().front();
            cfg_.hostCandidates = lobby_->candidates();
            cfg_.relayCandidate = lobby_->relay();
            cfg_.learnFromPunch = turn_ != nullptr;  // the host's Punch through our relay names where it is
        }
        where_ = (cfg_.host ? "room " + lobby_->code() + ": your opponent is " : "room: the host is ") +
                 net::addressText(lobby_->candidates().front());
        seatSinceMs_ = nowMs();  // the lobby has just named the first joiner
        if (cfg_.host) {         // the lobby's answers to our polls are sorted out before the match sees a datagram
            lobbyDemux_ = std::make_unique<net::LobbyDemux>(*transport_, *lobby_);
            transport_ = lobbyDemux_.get();
        }
    }
    if (hub_) {  // a host's spectators share its port
        spectateDemux_ = std::make_unique<net::SpectateDemux>(*transport_, *hub_);
        transport_ = spectateDemux_.get();
    }
    peer_ = std::make_unique<net::NetPeer>(*transport_, cfg_, contextLoader(ctx_));
}

void OnlineLink::hostExtras(std::int64_t now) {
    if (!hub_) return;
    if (net::Session* s = peer_->session(); s != nullptr && s->finished()) hub_->setLastFrame(s->endFrame());
    hub_->tick(*transport_, now);
    if (!lobby_) return;
    lobby_->tick(now);
    roomSeat(now);
    for (net::Address w : lobby_->watchers()) {
        if (std::none_of(watchers_.begin(), watchers_.end(), [w](const auto& x) { return x.first == w; })) {
            watchers_.emplace_back(w, now);
            if (turn_) turn_->permit(w, now);
        }
    }
    if (now - lastPunchMs_ < 250) return;
    lastPunchMs_ = now;
    for (const auto& [w, since] : watchers_) {
        if (now - since < kWatcherPunchMs) transport_->sendTo(w, kPunch, sizeof kPunch, now);
    }
}

void OnlineLink::roomSeat(std::int64_t now) {
    if (peer_->state() != net::PeerState::Waiting) return;
    if (lobby_->joinerLeft()) { seatNote_ = "your opponent gave up before the match: waiting for another"; }
    if (lobby_->joiners() != joinersSeen_ && !lobby_->candidates().empty()) {  // the next joiner with the code
        joinersSeen_ = lobby_->joiners();
        seatSinceMs_ = now;
        notAcceptedSeen_ = peer_->counters().notAccepted;  // only a refusal from now on is this joiner's
        seatNote_.clear();
        peer_->setPunchTargets(lobby_->candidates(), lobby_->relay(), now);
        if (turn_) turn_->permit(lobby_->candidates().front(), now);
    }
    const bool refused = peer_->counters().notAccepted > notAcceptedSeen_;
    if (!lobby_->candidates().empty() && !peer_->joinerAsking(now) && (refused || now - seatSinceMs_ > kSeatHoldMs)) {
        notAcceptedSeen_ = peer_->counters().notAccepted;
        lobby_->leave(now);  // free the seat for the next joiner with the code
        seatSinceMs_ = now;
    }
}

void OnlineLink::tick(std::uint16_t buttons) {
    const std::int64_t now = nowMs();
    if (peer_) {
        if (cfg_.host) hostExtras(now);
        peer_->tick(now, buttons);
        return checkOpponent(now);
    }
    if (spectator_) return spectator_->tick(now);
    if (!error_.empty()) return;
    if (turn_ && !lobby_) {  // allocating: bounded by run::kTurnSetupMs, then the lobby goes on without the relay
        std::vector<std::uint8_t> data;
        net::Address from = 0;
        while (turn_->receive(data, from, now)) {}  // nobody else talks to us yet
        if (turn_->state() == net::TurnState::Allocating && now < run::kTurnSetupMs) return;
        startLobby();
    }
    if (!lobby_) return;
    lobby_->tick(now);
    if (lobby_->state() == net::LobbyState::Failed) {
        error_ = lobby_->error();
    } else if (lobby_->state() == net::LobbyState::Ready) {
        if (mode_ == LinkMode::RoomSpectate) {
            spectator_ = std::make_unique<net::SpectatorClient>(*udp_, lobby_->candidates().front());
            spectator_->setCandidates(lobby_->candidates(), lobby_->relay(), kSpectatorRelayAfterMs);
            where_ = "room: the host is " + net::addressText(lobby_->candidates().front());
        } else {
            startPeer();
        }
    }
}

// A service match is played against the opponent the service named, never against whoever took the room.
void OnlineLink::checkOpponent(std::int64_t now) {
    if (!error_.empty()) return;
    const std::string wrong = wrongOpponent(*peer_, expectOpponent_);
    if (wrong.empty()) return;
    peer_->leave(now);
    error_ = wrong;
}

std::string OnlineLink::path() const {
    if (spectator_)
        return spectator_->state() == net::SpectatorState::Asking ? "" : spectator_->relayed() ? "relayed" : "direct";
    if (!peer_ || peer_->peerAddress() == 0 ||
        (!cfg_.host && peer_->state() == net::PeerState::Connecting && peer_->handshakeRttMs() < 0)) {
        return "";
    }
    // Through our relay, the host's (a joiner) or the joiner's (a host).
    const net::Address at = peer_->peerAddress();
    const bool relayed = (turn_ && turn_->relayedPeer(at)) || peer_->throughRelayCandidate() ||
                         (cfg_.host && cfg_.joinerRelay != 0 && at == cfg_.joinerRelay);
    return relayed ? "relayed" : "direct";
}

void OnlineLink::matchStarted() {
    if (!hub_ || !peer_) return;
    net::Packet welcome;
    welcome.type = net::PacketType::Welcome;
    welcome.setup = peer_->setup();
    welcome.frameLimit = cfg_.frameLimit;
    hub_->startMatch(welcome, std::uint8_t(peer_->matchesPlayed() - 1));
}

void OnlineLink::confirmed(const sim::FrameInput& in) {
    if (hub_) hub_->confirmed(in);
}

int OnlineLink::spectators() const { return hub_ ? hub_->count() : 0; }

void OnlineLink::leave() {
    if (peer_ && lobby_ && !cfg_.host && peer_->session() == nullptr) lobby_->leave(nowMs());  // free the seat
    if (peer_) peer_->leave(nowMs());
    if (lobby_) lobby_->close(nowMs());
}

std::int64_t OnlineLink::nowMs() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0_).count();
}

}  // namespace app
