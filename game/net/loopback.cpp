// The fake-clock driver (see loopback.h).
#include "game/net/loopback.h"

#include "game/net/memory_transport.h"

namespace net {

std::int64_t driveOnFakeClock(std::vector<DrivenPeer>& peers, std::int64_t limitMs) {
    std::int64_t nowUs = 0;
    for (;;) {
        DrivenPeer* next = nullptr;
        for (DrivenPeer& d : peers) {
            const bool active = d.peer->state() != PeerState::Done && (d.stopAtMs < 0 || d.nextUs / 1000 < d.stopAtMs);
            if (active && (next == nullptr || d.nextUs < next->nextUs)) next = &d;
        }
        if (next == nullptr || next->nextUs / 1000 > limitMs) return nowUs / 1000;
        nowUs = next->nextUs;
        Session* s = next->peer->session();
        const std::int64_t f = s ? s->nextInputFrame() : 0;
        const std::vector<std::uint16_t>* b = next->buttons;
        next->peer->tick(nowUs / 1000, b && f < std::int64_t(b->size()) ? (*b)[std::size_t(f)] : 0);
        if (next->peer->state() == PeerState::Done && next->doneAtMs < 0) next->doneAtMs = nowUs / 1000;
        next->nextUs += next->periodUs;
    }
}

std::vector<std::uint16_t> randomButtons(std::uint64_t seed, int frames) {
    static const std::uint16_t kChoices[] = {0,
                                             sim::kLeft,
                                             sim::kRight,
                                             sim::kDown,
                                             sim::kUp,
                                             sim::kLight,
                                             sim::kHeavy,
                                             sim::kSpecial,
                                             sim::kDown | sim::kLight,
                                             sim::kDown | sim::kLeft,
                                             sim::kRight | sim::kUp,
                                             sim::kRight | sim::kLight,
                                             sim::kLeft | sim::kHeavy};
    std::vector<std::uint16_t> out(std::size_t(frames) + 1, 0);
    std::uint64_t x = seed * 2654435761u + 1;
    int f = 5;
    while (f <= frames) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        const std::uint16_t b = kChoices[x % (sizeof kChoices / sizeof kChoices[0])];
        const int hold = 1 + int((x >> 20) % 20);
        for (int i = 0; i < hold && f <= frames; ++i) out[std::size_t(f++)] = b;
    }
    return out;
}

LoopbackResult playLoopback(const LoopbackSpec& spec) {
    constexpr Address kHostAddress = 1, kJoinerAddress = 2;
    MemoryNetwork network;
    Transport& host = network.add(kHostAddress, spec.toJoiner, spec.seed);
    Transport& joiner = network.add(kJoinerAddress, spec.toHost, spec.seed + 1);
    PeerConfig hc;
    hc.host = true;
    hc.fighter = spec.setup.fighter[0];
    hc.style = spec.setup.style[0];
    hc.setup = spec.setup;
    hc.frameLimit = spec.frameLimit;
    hc.session = spec.session;
    PeerConfig jc = hc;
    jc.host = false;
    jc.fighter = spec.setup.fighter[1];
    jc.style = spec.setup.style[1];
    jc.hostAddress = kHostAddress;
    NetPeer hp(host, hc, spec.loader);
    NetPeer jp(joiner, jc, spec.loader);
    std::vector<DrivenPeer> peers(2);
    peers[0].peer = &hp;
    peers[0].buttons = &spec.buttons[0];
    peers[1].peer = &jp;
    peers[1].buttons = &spec.buttons[1];
    peers[1].periodUs = spec.joinerPeriodUs;
    peers[1].nextUs = 5000;  // the joiner starts a little later
    LoopbackResult r;
    r.endMs = driveOnFakeClock(peers, spec.limitMs);
    NetPeer* both[2] = {&hp, &jp};
    for (int p = 0; p < 2; ++p) {
        r.message[p] = both[p]->endMessage();
        r.failed[p] = both[p]->failed();
        if (both[p]->session() == nullptr) continue;
        r.hashes[p] = both[p]->session()->confirmedHashes();
        r.endFrame[p] = both[p]->session()->endFrame();
        r.setup[p] = both[p]->setup();
        r.stats[p] = both[p]->session()->stats(r.endMs);
    }
    return r;
}

}  // namespace net
