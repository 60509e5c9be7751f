// One simulated online world (see world.h): setting it up and driving it on the virtual clock.
#include "game/simnet/world_parts.h"

#include "game/net/loopback.h"

#include <algorithm>
#include <chrono>

namespace simnet {

const char* plantName(Plant p) {
    static const char* const kNames[] = {"none", "corrupt-input", "corrupt-spectator", "drop-end"};
    return kNames[int(p)];
}

bool plantByName(const std::string& name, Plant& out) {
    for (int i = 0; i < 4; ++i) {
        if (name == plantName(Plant(i))) return out = Plant(i), true;
    }
    return false;
}

bool directReachable(NatKind host, NatKind joiner) {
    if (host == NatKind::None || host == NatKind::FullCone) return true;
    return host == NatKind::PortRestricted && joiner != NatKind::Symmetric;
}

World::World(const Schedule& s, const net::FighterLoader& loader, const RunOptions& o)
    : s_(s), loader_(loader), options_(o), net_(s.seed ^ 0x5eedULL) {
    const std::vector<std::string> fighters = o.roster.empty() ? std::vector<std::string>{"ryo"} : o.roster;
    setup_.seed = std::uint32_t(net_.next());
    for (int p = 0; p < 2; ++p) {
        setup_.fighter[p] = fighters[net_.below(std::uint32_t(fighters.size()))];
        setup_.style[p] = net_.below(2) == 0 ? sim::InputStyle::Simple : sim::InputStyle::Motion;
        buttons_[p] = net::randomButtons(s.seed * 2 + std::uint64_t(p), s.frames + 8);
    }
    for (const Fault& f : s.faults)
        if (f.kind == FaultKind::MadeUp) cheater_ = int(f.side);
    LinkModel lobbyLink;
    lobbyLink.baseMs = 15;
    lobbyHost_ = net_.addHost("lobby", NatKind::None, lobbyLink);
    const char* names[] = {"host", "joiner"};
    for (int p = 0; p < 2; ++p) players_[p].host = net_.addHost(names[p], s.nat[p], s.link[p]);
    relayHost_ = net_.addHost("relay", NatKind::None, lobbyLink);
    net_.makeRelay(relayHost_);
    LinkModel attackerLink;
    attackerLink.baseMs = 5;
    attackerHost_ = net_.addHost("attacker", NatKind::None, attackerLink);
    for (std::size_t i = 0; i < s.spectatorStartMs.size(); ++i) {
        Watcher w;
        w.startMs = s.spectatorStartMs[i];
        w.host = net_.addHost("spectator" + std::to_string(i + 1), s.spectatorNat[i], lobbyLink);
        watchers_.push_back(std::move(w));
    }
    net_.captureLast(256, net_.publicIp(lobbyHost_));
    lobbySocket_ = net_.open(lobbyHost_, 7100);
    lobby::Limits limits;
    limits.lifetimeS = 3600;
    std::uint64_t lobbyRng = s.seed ^ 0x10bbULL;
    lobby_ = std::make_unique<lobby::Server>(*lobbySocket_, limits, [lobbyRng](void* out, std::size_t n) mutable {
        auto* b = static_cast<std::uint8_t*>(out);
        for (std::size_t i = 0; i < n; ++i) b[i] = std::uint8_t(engine::splitmix64(lobbyRng));
        return true;
    });
    if (o.plant == Plant::DropEnd) {
        net_.setDeliveryHook([this](Address, Address to, std::vector<std::uint8_t>&) {
            const Player& h = players_[0];
            const bool ended = h.peer && h.peer->session() && h.peer->session()->finished();
            return !(ended && ipOf(to) == net_.privateIp(players_[1].host));
        });
    }
    for (const Fault& f : s.faults) disrupted_ = disrupted_ || disruptive(f);
    connectable_ = directReachable(s.nat[0], s.nat[1]) || s.hostRelay || s.joinerRelay;
}

void World::note(const std::string& what) { log_.push_back("[" + std::to_string(nowMs_) + " ms] " + what); }

void World::fail(const std::string& what) {
    violations_.push_back(what);
    note("VIOLATION: " + what);
}

std::int64_t World::limitMs() const {
    std::int64_t extra = 0;
    for (const Fault& f : s_.faults) extra += f.durationMs;
    return 90000 + std::int64_t(s_.frames) * 40 + s_.joinerStartMs + extra;
}

void World::run() {
    std::vector<Proc> procs;
    procs.push_back({0, 4000, [this] { lobby_->poll(nowMs_); }});
    procs.push_back({0, 16667, [this] { tickHost(); }});
    procs.push_back({7000, s_.joinerPeriodUs, [this] { tickJoiner(); }});
    for (std::size_t i = 0; i < watchers_.size(); ++i)
        procs.push_back({3000, 16667, [this, i] { tickWatcher(watchers_[i]); }});
    procs.push_back({9000, 16667, [this] { tickAttacker(); }});
    const auto started = std::chrono::steady_clock::now();
    const std::int64_t limit = limitMs();
    for (std::int64_t steps = 0; !finished(); ++steps) {
        Proc* next = &procs[0];
        for (Proc& p : procs) next = p.nextUs < next->nextUs ? &p : next;
        nowMs_ = next->nextUs / 1000;
        if (nowMs_ > limit)
            return fail("the run did not end within " + std::to_string(limit) + " ms of simulated time");
        while (nextFault_ < s_.faults.size() && s_.faults[nextFault_].atMs <= nowMs_) apply(s_.faults[nextFault_++]);
        next->tick();
        next->nextUs += next->periodUs;
        if ((steps & 1023) == 0 &&
            std::chrono::steady_clock::now() - started > std::chrono::milliseconds(options_.realTimeLimitMs)) {
            return fail("the run took more than its real-time bound of " + std::to_string(options_.realTimeLimitMs) +
                        " ms");
        }
    }
}

bool World::finished() const {
    if (players_[0].phase != Phase::Finished || players_[1].phase != Phase::Finished) return false;
    for (const Watcher& w : watchers_) {
        if (w.phase != Phase::Finished) return false;
    }
    return !intruder_ || intruder_->state() == net::PeerState::Done;
}

RunResult runSchedule(const Schedule& s, const net::FighterLoader& loader, const RunOptions& options) {
    World w(s, loader, options);
    w.run();
    return w.check();
}

}  // namespace simnet
