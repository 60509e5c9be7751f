// Spectators, the attacker and the faults of a simulated world (see world.h).
#include "game/net/lobby_packet.h"
#include "game/simnet/world_parts.h"

namespace simnet {

void World::tickWatcher(Watcher& w) {
    if (w.phase == Phase::Finished) return;
    const std::string name = "spectator " + net_.name(w.host).substr(9);
    const Player& h = players_[0];
    if (w.phase == Phase::Waiting) {
        if (nowMs_ < w.startMs || code_.empty()) {
            if (h.phase == Phase::Finished) w.ending = "never started: no room", w.phase = Phase::Finished;
            return;
        }
        w.socket = net_.open(w.host, 41000);
        net::LobbyClientConfig lc;
        lc.lobby = makeAddress(net_.publicIp(lobbyHost_), 7100);
        lc.role = net::LobbyRole::Spectate;
        lc.code = code_;
        lc.locals = {w.socket->local()};
        w.lobby = std::make_unique<net::LobbyClient>(*w.socket, lc);
        w.phase = Phase::Lobby;
        note(name + ": asks the lobby to watch room " + code_);
    }
    if (w.phase == Phase::Lobby) {
        w.lobby->tick(nowMs_);
        if (w.lobby->state() == net::LobbyState::Failed) {
            w.ending = w.lobby->error();
            w.phase = Phase::Finished;
            return note(name + ": " + w.ending);
        }
        if (w.lobby->state() != net::LobbyState::Ready) return;
        w.client = std::make_unique<net::SpectatorClient>(*w.socket, w.lobby->candidates().front());
        w.client->setCandidates(w.lobby->candidates(), w.lobby->relay(), 3000);
        w.phase = Phase::Playing;
        return note(name + ": watches the host at " + addressText(w.lobby->candidates().front()));
    }
    const net::SpectatorState before = w.client->state();
    w.client->tick(nowMs_);
    if (before == net::SpectatorState::Asking && w.client->state() == net::SpectatorState::Watching) {
        note(name + ": the host at " + addressText(w.client->host()) + " sends the setup");
    }
    const bool whole = w.client->lastFrame() > 0 && w.client->inputs().size() >= w.client->lastFrame();
    if (whole) w.complete = true, w.ending = "match over";
    else if (w.client->state() == net::SpectatorState::Done) w.ending = w.client->failure();
    else if (h.phase == Phase::Finished && nowMs_ - h.phaseSinceMs > 5000)
        w.client->fail("the host is gone"), w.ending = w.client->failure();
    if (w.ending.empty()) return;
    w.phase = Phase::Finished;
    note(name + ": " + w.ending + " (" + std::to_string(w.client->inputs().size()) + " frames held, " +
         std::to_string(w.client->malformed()) + " malformed and " + std::to_string(w.client->forged()) +
         " forged datagrams dropped; the host's hub: " + std::to_string(h.hub ? h.hub->count() : 0) + " watching, " +
         std::to_string(h.hub ? h.hub->forged() : 0) + " forged, " + std::to_string(h.hub ? h.hub->malformed() : 0) +
         " malformed)");
}

void World::tickAttacker() {
    if (!attackerSocket_) return;
    if (intruder_) {
        if (intruder_->state() == net::PeerState::Done) return;
        intruder_->tick(nowMs_, 0);
        intruderPlayed_ = intruderPlayed_ || intruder_->session() != nullptr;
        if (intruder_->state() == net::PeerState::Done) note("attacker: its intruder ends: " + intruder_->endMessage());
        return;
    }
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    for (int i = 0; i < 4096 && attackerSocket_->receive(data, from, nowMs_); ++i) {}
}

void World::apply(const Fault& f) {
    note("fault: " + faultText(f));
    const int h = players_[int(f.side)].host;
    switch (f.kind) {
    case FaultKind::Link: return net_.setLink(h, f.link);
    case FaultKind::Burst: return net_.addOutage(Outage{h, -1, nowMs_, nowMs_ + f.durationMs});
    case FaultKind::Partition:
        return net_.addOutage(Outage{players_[0].host, players_[1].host, nowMs_, nowMs_ + f.durationMs});
    case FaultKind::Pause: players_[int(f.side)].pausedUntilMs = nowMs_ + f.durationMs; return;
    case FaultKind::Rebind: return net_.rebind(h);
    case FaultKind::Kill:
        kill(int(f.side));
        players_[int(f.side)].restartAtMs = nowMs_ + f.durationMs;
        return;
    default: return attack(f);
    }
}

void World::sendJunk(net::Address claimed, net::Address to, int count) {
    for (int i = 0; i < count; ++i) {
        std::vector<std::uint8_t> b(4 + net_.below(200));
        for (std::uint8_t& x : b) x = std::uint8_t(net_.next());
        if (i % 2 == 0) b[0] = 'B', b[1] = 'F', b[2] = 4, b[3] = std::uint8_t(net_.below(8));
        if (i % 4 == 1) b[0] = 'B', b[1] = 'S', b[2] = 3;
        net_.spoof(attackerHost_, claimed, to, b.data(), b.size(), nowMs_);
    }
}

// Spectate datagrams of other stream versions (an older one and a newer one) to every spectator that is asking
// or watching, claiming the host's address: they must neither end an asking whose real answer is still coming (the
// host's relay is slow) nor disturb a stream. Drawn from a stream of their own, so the world's draws stay the same.
void World::sendOtherVersions(net::Address claimed, int count) {
    for (std::size_t i = 0; i < watchers_.size() && claimed != 0; ++i) {
        const Watcher& w = watchers_[i];
        if (!w.lobby) continue;
        std::uint64_t state = std::uint64_t(nowMs_) * 1000003u + i;
        for (int k = 0; k < count; ++k) {
            std::vector<std::uint8_t> b(3 + engine::splitmix64(state) % 40);
            for (std::uint8_t& x : b) x = std::uint8_t(engine::splitmix64(state));
            b[0] = 'B', b[1] = 'S',
            b[2] = std::uint8_t(k % 2 == 0 ? net::kSpectateVersion - 1 : net::kSpectateVersion + 1);
            net_.spoof(attackerHost_, claimed, w.lobby->publicAddress(), b.data(), b.size(), nowMs_);
        }
    }
}

void World::attack(const Fault& f) {
    if (!attackerSocket_) attackerSocket_ = net_.open(attackerHost_, 6666);
    const net::Address hostAt = players_[0].lobby ? players_[0].lobby->publicAddress() : 0;
    const net::Address joinerAt = players_[1].lobby ? players_[1].lobby->publicAddress() : 0;
    const std::vector<Captured>& seen = net_.captured();
    switch (f.kind) {
    case FaultKind::Spoof:
        if (hostAt != 0 && joinerAt != 0) sendJunk(joinerAt, hostAt, f.count), sendJunk(hostAt, joinerAt, f.count);
        sendOtherVersions(hostAt, f.count);
        break;
    case FaultKind::Replay:
    case FaultKind::Forge:
        for (int i = 0; i < f.count && !seen.empty(); ++i) {
            Captured c = seen[std::size_t(net_.below(seen.size()))];
            if (f.kind == FaultKind::Forge && !c.bytes.empty())
                c.bytes[std::size_t(net_.below(c.bytes.size()))] ^= std::uint8_t(1 + net_.below(255));
            net_.spoof(attackerHost_, c.from, c.to, c.bytes.data(), c.bytes.size(), nowMs_);
        }
        break;
    case FaultKind::Flood:
        for (int i = 0; i < f.count && hostAt != 0; ++i) {
            const net::Address from = makeAddress(std::uint32_t(net_.next()), std::uint16_t(net_.next()));
            sendJunk(from, hostAt, 1);
        }
        break;
    case FaultKind::Intrude:
        if (hostAt != 0 && !intruder_) {
            net::PeerConfig cfg;
            cfg.host = false;
            cfg.fighter = setup_.fighter[1];
            cfg.hostAddress = hostAt;
            cfg.hostCandidates = {hostAt};
            cfg.connectTimeoutMs = 4000;
            intruder_ = std::make_unique<net::NetPeer>(*attackerSocket_, cfg, loader_);
        }
        break;
    case FaultKind::Guess:
        for (int i = 0; i < f.count; ++i) {
            net::LobbyMessage m;
            m.type = net::LobbyType::Join;
            for (std::size_t k = 0; k < net::kCodeLength; ++k) m.code += net::kCodeAlphabet[net_.below(32)];
            for (std::uint8_t& b : m.nonce) b = std::uint8_t(net_.next());
            const std::vector<std::uint8_t> bytes = net::encodeLobby(m);
            attackerSocket_->sendTo(makeAddress(net_.publicIp(lobbyHost_), 7100), bytes.data(), bytes.size(), nowMs_);
        }
        break;
    default: break;
    }
}

}  // namespace simnet
