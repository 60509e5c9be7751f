// The two players of a simulated world: the lobby, then the peer, wired as the headless peer wires them (the
// host's transports: socket, relay, lobby demux, spectator demux), and their recordings (see world.h).
#include "game/io/run_file.h"
#include "game/simnet/world_parts.h"

namespace simnet {
namespace {

constexpr std::int64_t kHostWaitMs = 15000;  // a host with no joiner gives up (the headless peer's --wait)

}  // namespace

void World::enter(int p, Phase ph) {
    players_[p].phase = ph;
    players_[p].phaseSinceMs = nowMs_;
}

std::uint16_t World::buttonFor(int p, std::int64_t frame) const {
    const std::vector<std::uint16_t>& b = buttons_[p];
    return frame >= 0 && frame < std::int64_t(b.size()) ? b[std::size_t(frame)] : 0;
}

void World::openPlayer(int p) {
    Player& pl = players_[p];
    pl.lives.emplace_back();
    const int n = int(pl.lives.size());
    pl.socket = net_.open(pl.host, p == 0 ? 7000 : std::uint16_t(40000 + n));
    net::Transport* t = pl.socket.get();
    net::LobbyClientConfig lc;
    if (p == 0 ? s_.hostRelay : s_.joinerRelay) {
        pl.relay = std::make_unique<RelayClient>(net_, *pl.socket, std::uint16_t(50000 + 100 * p + n));
        pl.relay->refresh(nowMs_);
        t = pl.relay.get();
        lc.relay = pl.relay->relayedAddress();
    }
    lc.lobby = makeAddress(net_.publicIp(lobbyHost_), 7100);
    lc.role = p == 0 ? net::LobbyRole::Host : net::LobbyRole::Join;
    lc.code = p == 0 ? std::string() : code_;
    lc.locals = {pl.socket->local()};
    lc.waitMs = 30000;
    lc.keepPolling = p == 0;
    pl.lobby = std::make_unique<net::LobbyClient>(*t, lc);
    pl.closesSent = 0;
    pl.watchers.clear();
    enter(p, Phase::Lobby);
    note(std::string(kPlayerNames[p]) + ": starts (life " + std::to_string(n) + ") at " +
         addressText(pl.socket->local()) +
         (p == 1 ? ", asks the lobby for room " + code_ : ", asks the lobby for a room"));
}

namespace {

net::PeerConfig baseConfig(const Schedule& s, const sim::MatchSetup& setup, int p) {
    net::PeerConfig cfg;
    cfg.host = p == 0;
    cfg.fighter = setup.fighter[p];
    cfg.style = setup.style[p];
    cfg.setup = setup;
    cfg.frameLimit = std::uint32_t(s.frames);
    cfg.session.inputDelay = std::max(0, s.inputDelay);
    cfg.session.maxRollback = s.maxRollback;
    cfg.autoDelay = s.inputDelay < 0;
    cfg.token = std::uint32_t(s.seed * 2654435761u) | 1u;
    cfg.serviceMatch = simServiceMatch(s.seed);
    return cfg;
}

}  // namespace

std::int64_t simServiceMatch(std::uint64_t seed) { return std::int64_t((seed * 0x9e3779b97f4a7c15ULL) >> 2) | 1; }

void World::startHostPeer() {
    Player& h = players_[0];
    net::PeerConfig cfg = baseConfig(s_, setup_, 0);
    // Who may sit down: the real joiner's key only (as `--accept-key`), so the attacker's intruder, which has the
    // code's addresses and every clear key, gets no seat.
    if (!joinerIdentity_.valid) net::makeIdentity("joiner", joinerIdentity_);
    cfg.admission = net::Admission::Key;
    cfg.acceptFingerprint = net::fingerprint(joinerIdentity_.publicKey);
    cfg.punchTo = h.lobby->candidates();
    cfg.joinerRelay = h.lobby->relay();
    if (h.relay && !cfg.punchTo.empty()) h.relay->permit(cfg.punchTo.front(), nowMs_);
    net::Transport* base = h.relay ? static_cast<net::Transport*>(h.relay.get()) : h.socket.get();
    h.lobbyDemux = std::make_unique<net::LobbyDemux>(*base, *h.lobby);
    h.hub = std::make_unique<net::SpectatorHub>(4);
    h.hub->setIdentity(cfg.identity);
    h.spectateDemux = std::make_unique<net::SpectateDemux>(*h.lobbyDemux, *h.hub);
    h.peer = std::make_unique<net::NetPeer>(*h.spectateDemux, cfg, loader_);
    h.peer->setOnStart([this](net::Session& s) { attachRecorder(0, s); });
    enter(0, Phase::Playing);
    note("host: the lobby says a joiner came, from " + addressText(cfg.punchTo.empty() ? 0 : cfg.punchTo.front()));
}

void World::startJoinerPeer() {
    Player& j = players_[1];
    net::PeerConfig cfg = baseConfig(s_, setup_, 1);
    if (!joinerIdentity_.valid) net::makeIdentity("joiner", joinerIdentity_);
    cfg.identity = joinerIdentity_;
    cfg.hostAddress = j.lobby->candidates().front();
    cfg.hostCandidates = j.lobby->candidates();
    cfg.relayCandidate = j.lobby->relay();
    net::Transport* base = j.socket.get();
    if (j.relay) {  // as the headless peer: the host's public IP may come through our relay; learn its Punch
        j.relay->permit(cfg.hostAddress, nowMs_);
        cfg.learnFromPunch = true;
        base = j.relay.get();
    }
    j.peer = std::make_unique<net::NetPeer>(*base, cfg, loader_);
    j.peer->setOnStart([this](net::Session& s) { attachRecorder(1, s); });
    enter(1, Phase::Playing);
    note("joiner: the lobby gives the host at " + addressText(cfg.hostAddress) +
         (cfg.relayCandidate != 0 ? " (relayed " + addressText(cfg.relayCandidate) + ")" : std::string()));
}

void World::attachRecorder(int p, net::Session& s) {
    Player& pl = players_[p];
    Incarnation& life = pl.lives.back();
    life.started = true;
    life.lastProgressMs = nowMs_;
    life.rec.start(s.fight());
    if (p == 0) {
        net::Packet welcome;
        welcome.type = net::PacketType::Welcome;
        welcome.setup = pl.peer->setup();
        welcome.frameLimit = std::uint32_t(s_.frames);
        pl.hub->startMatch(welcome, std::uint8_t(pl.peer->matchesPlayed() - 1));
        matchStartMs_ = nowMs_;
    }
    note(std::string(kPlayerNames[p]) + ": the match starts with " + addressText(pl.peer->peerAddress()) + ", delay " +
         std::to_string(s.config().inputDelay) + ", window " + std::to_string(s.config().maxRollback));
    if (p == cheater_ && !madeUp_ && fighters(s.fight().setup(), madeUpDefs_)) {
        madeUp_ = std::make_unique<sim::Fight>(s.fight().setup(), madeUpDefs_[0], madeUpDefs_[1]);
        madeUpRec_.start(*madeUp_);
    }
    s.setConfirmHook([this, p](std::int64_t frame, const sim::FrameInput& in, const sim::Fight& fight) {
        Incarnation& l = players_[p].lives.back();
        l.rec.frame(in, fight);
        if (p == cheater_ && madeUp_ && players_[p].lives.size() == 1 && !madeUp_->state().matchOver) {
            sim::FrameInput bot = in;  // the cheater's own inputs; the bot in the opponent's seat stands
            bot.buttons[1 - p] = 0;
            madeUp_->step(bot);
            madeUpRec_.frame(bot, *madeUp_);
        }
        l.lastProgressMs = nowMs_;
        l.confirmed = frame;
        if (p != 0) return;
        sim::FrameInput forwarded = in;
        if (options_.plant == Plant::CorruptSpectator && frame == 50) forwarded.buttons[1] ^= sim::kLight;
        players_[0].hub->confirmed(forwarded);
    });
}

void World::punchWatchers() {
    static const std::uint8_t kPunch[] = {'p', 'u', 'n', 'c', 'h'};
    Player& h = players_[0];
    for (net::Address w : h.lobby->watchers()) {
        bool known = false;
        for (const auto& x : h.watchers) known = known || x.first == w;
        if (known) continue;
        h.watchers.emplace_back(w, nowMs_);
        note("host: the lobby names a spectator at " + addressText(w) + ": punches towards it" +
             (h.relay ? ", permits it on the relay" : ""));
        if (h.relay) h.relay->permit(w, nowMs_);
        h.lobbyDemux->sendTo(w, kPunch, sizeof kPunch, nowMs_);
    }
    if (nowMs_ - h.lastPunchMs < 250) return;
    for (const auto& [w, since] : h.watchers) {
        if (nowMs_ - since < 10000) h.lobbyDemux->sendTo(w, kPunch, sizeof kPunch, nowMs_);
    }
    h.lastPunchMs = nowMs_;
}

void World::tickHost() {
    Player& h = players_[0];
    if (h.phase == Phase::Finished || nowMs_ < h.pausedUntilMs) return;
    if (h.phase == Phase::Dead && nowMs_ < h.restartAtMs) return;
    if (h.phase == Phase::Waiting || h.phase == Phase::Dead) openPlayer(0);
    if (h.relay) h.relay->refresh(nowMs_);
    if (h.phase == Phase::Lobby) {
        h.lobby->tick(nowMs_);
        if (!h.lobby->code().empty() && h.lobby->code() != code_) {
            code_ = h.lobby->code();
            note("host: room code " + code_ + ", public address " + addressText(h.lobby->publicAddress()));
        }
        if (h.lobby->state() == net::LobbyState::Ready) startHostPeer();
        if (h.lobby->state() == net::LobbyState::Failed) {
            h.lives.back().lobbyError = h.lobby->error();
            note("host: " + h.lobby->error());
            enter(0, Phase::Finished);
        }
        return;
    }
    if (h.phase == Phase::Playing) return hostPlaying();
    hostAfterMatch();
}

void World::hostPlaying() {
    Player& h = players_[0];
    net::Session* s = h.peer->session();
    if (s != nullptr && s->finished()) {
        h.hub->setLastFrame(s->endFrame());
        if (matchEndMs_ < 0) matchEndMs_ = nowMs_;
    }
    h.hub->tick(*h.lobbyDemux, nowMs_);
    h.lobby->tick(nowMs_);
    punchWatchers();
    h.peer->tick(nowMs_, buttonFor(0, s ? s->nextInputFrame() : 0));
    if (h.peer->state() == net::PeerState::Waiting && nowMs_ - h.phaseSinceMs > kHostWaitMs) {
        note("host: no joiner reached it in 15 s: gives up");
        h.peer->leave(nowMs_);
    }
    if (h.peer->state() == net::PeerState::Done) peerDone(0);
}

void World::hostAfterMatch() {
    Player& h = players_[0];
    if (h.phase == Phase::Serving) {
        std::vector<std::uint8_t> data;
        net::Address from = 0;
        for (int i = 0; i < 4096 && h.spectateDemux->receive(data, from, nowMs_); ++i) {}
        h.hub->tick(*h.spectateDemux, nowMs_);
        if (h.hub->allCaughtUp() || nowMs_ - h.phaseSinceMs >= 10000) {
            note("host: spectators served (" + std::to_string(h.hub->served()) + " packets), closes the room");
            enter(0, Phase::Closing);
        }
        return;
    }
    if (h.closesSent < 3 && nowMs_ - h.phaseSinceMs >= 100 * h.closesSent) {
        h.lobby->close(nowMs_);
        ++h.closesSent;
    }
    if (h.closesSent >= 3) enter(0, Phase::Finished);
}

void World::tickJoiner() {
    Player& j = players_[1];
    if (j.phase == Phase::Finished || nowMs_ < j.pausedUntilMs) return;
    if (j.phase == Phase::Dead && nowMs_ < j.restartAtMs) return;
    if (j.phase == Phase::Waiting && (nowMs_ < s_.joinerStartMs || code_.empty())) {
        if (code_.empty() && players_[0].phase == Phase::Finished) {
            note("joiner: never starts: the host got no room");
            enter(1, Phase::Finished);
        }
        return;
    }
    if (j.phase == Phase::Waiting || j.phase == Phase::Dead) openPlayer(1);
    if (j.relay) j.relay->refresh(nowMs_);
    if (j.phase == Phase::Lobby) {
        j.lobby->tick(nowMs_);
        if (j.lobby->state() == net::LobbyState::Ready) startJoinerPeer();
        if (j.lobby->state() == net::LobbyState::Failed) {
            j.lives.back().lobbyError = j.lobby->error();
            note("joiner: " + j.lobby->error());
            enter(1, Phase::Finished);
        }
        return;
    }
    net::Session* s = j.peer->session();
    const std::int64_t f = s ? s->nextInputFrame() : 0;
    std::uint16_t b = buttonFor(1, f);
    if (options_.plant == Plant::CorruptInput && f == 40) b ^= sim::kHeavy;
    j.peer->tick(nowMs_, b);
    if (j.peer->state() == net::PeerState::Done) peerDone(1);
}

void World::peerDone(int p) {
    Player& pl = players_[p];
    Incarnation& life = pl.lives.back();
    const net::NetPeer& peer = *pl.peer;
    life.end = peer.endReason();
    life.message = peer.endMessage();
    life.doneMs = nowMs_;
    life.peerAddress = peer.peerAddress();
    life.key = peer.identity().publicKey;
    life.opponentKey = peer.opponentKey();
    if (const net::Countersigner* c = peer.countersigner()) life.countersigns = c->held();
    if (p == cheater_ && madeUp_ && pl.lives.size() == 1) madeUpRec_.finish(madeUp_->hash());
    if (net::Session* s = pl.peer->session()) {
        life.hashes = s->confirmedHashes();
        life.longestRollback = s->stats(nowMs_).longestRollback;
        life.inputDelay = s->config().inputDelay;
        life.maxRollback = s->config().maxRollback;
        life.rec.finish(life.hashes.empty() ? 0 : life.hashes.back());
    }
    note(std::string(kPlayerNames[p]) + ": " + life.message + " (" + std::to_string(life.confirmed) +
         " frames confirmed)");
    if (p == 1) return enter(1, Phase::Finished);
    if (pl.peer->session() != nullptr) pl.hub->setLastFrame(pl.peer->session()->confirmedFrame());
    enter(0, pl.peer->session() != nullptr ? Phase::Serving : Phase::Closing);
}

void World::kill(int p) {
    Player& pl = players_[p];
    if (pl.phase == Phase::Finished || pl.phase == Phase::Waiting || pl.phase == Phase::Dead) {
        return note(std::string(kPlayerNames[p]) + ": not running, nothing to kill");
    }
    Incarnation& life = pl.lives.back();
    life.killed = true;
    if (pl.peer && pl.peer->session()) {
        life.hashes = pl.peer->session()->confirmedHashes();
        life.inputDelay = pl.peer->session()->config().inputDelay;
        life.maxRollback = pl.peer->session()->config().maxRollback;
        life.longestRollback = pl.peer->session()->stats(nowMs_).longestRollback;
    }
    pl.peer.reset();
    pl.spectateDemux.reset();
    pl.hub.reset();
    pl.lobbyDemux.reset();
    pl.lobby.reset();
    pl.relay.reset();
    pl.socket.reset();
    enter(p, Phase::Dead);
}

}  // namespace simnet
