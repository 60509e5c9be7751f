// The cost of the online protocol's cryptography (protocol 5): the handshake's public-key work on each side, sealing
// and opening one full Input datagram, and the old HMAC-SHA-256 tag it replaced as the baseline in the same run.
// Then the spectator stream (version 4): the host's and the spectator's handshake, sealing and opening one full
// Inputs datagram, against version 3's stream key and tag in the same run; and the joiner's signed Hello.
// Last, bytes on the wire: a whole 99-second match (5,940 frames) between two real peers on the direct path, in
// memory on the fake clock, every datagram each side sends counted, handshake included; and the crypto's share of a
// core over that match from the counts and the costs measured above. Then the same match as a service match (the
// peers countersign every checkpoint, countersign.h) against the plain one in the same run: the bytes it adds, the
// countersignatures each side ends with, and the cost of signing and checking one. Medians of 9 runs. `--smoke`: one
// short run and a 10-second match (a test that it works, not a measure).
#include "game/io/flag_table.h"
#include "game/net/channel.h"
#include "game/net/crypto/hmac.h"
#include "game/io/fighter_file.h"
#include "game/net/countersign.h"
#include "game/net/identity.h"
#include "game/net/loopback.h"
#include "game/net/memory_transport.h"
#include "game/net/peer.h"
#include "game/net/packet.h"
#include "game/net/spectate.h"
#include "engine/write_signals.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double medianUs(int runs, int n, const std::function<void()>& f);

/// Counts the datagrams and bytes a peer sends.
class CountingTransport : public net::Transport {
public:
    explicit CountingTransport(net::Transport& inner) : inner_(inner) {}
    void sendTo(net::Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override {
        ++datagrams;
        bytes += std::int64_t(size);
        inner_.sendTo(to, data, size, nowMs);
    }
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t nowMs) override {
        return inner_.receive(data, from, nowMs);
    }
    std::int64_t datagrams = 0;
    std::int64_t bytes = 0;

private:
    net::Transport& inner_;
};

/// What a whole match sent: per side (0 = host), and the frames confirmed.
struct MatchTraffic {
    std::int64_t datagrams[2] = {0, 0};
    std::int64_t bytes[2] = {0, 0};
    std::int64_t frames = 0;
    std::string ending;
    std::size_t countersigns[2] = {0, 0};  ///< the opponent's countersignatures each side held at the end
};

/// A match of `frames` frames (rounds enough that no KO ends it early) between a host and a joiner on the direct
/// path, in memory on the fake clock, seeded buttons on both sides.
MatchTraffic measureMatch(int frames, std::int64_t serviceMatch = 0) {
    const net::FighterLoader loader = [](const std::string& id, sim::FighterDef& out, std::string& error) {
        sim::FighterLoad load = sim::loadFighterById(BVH_DATA_DIR, id);
        error = load.error.text();
        if (load.ok) out = std::move(load.def);
        return load.ok;
    };
    net::MemoryNetwork network;
    CountingTransport h(network.add(1, {}, 1)), j(network.add(2, {}, 2));
    net::PeerConfig hostCfg;
    hostCfg.fighter = "ryo";
    hostCfg.setup.fighter[1] = "brick";
    hostCfg.setup.roundsToWin = sim::kMaxRoundsToWin;
    hostCfg.frameLimit = std::uint32_t(frames);
    hostCfg.serviceMatch = serviceMatch;
    net::PeerConfig joinCfg = hostCfg;
    joinCfg.host = false;
    joinCfg.fighter = "brick";
    joinCfg.hostAddress = 1;
    net::NetPeer host(h, hostCfg, loader), joiner(j, joinCfg, loader);
    const std::vector<std::uint16_t> buttons[2] = {net::randomButtons(3, frames + 20),
                                                   net::randomButtons(4, frames + 20)};
    std::vector<net::DrivenPeer> d(2);
    d[0].peer = &host;
    d[0].buttons = &buttons[0];
    d[1].peer = &joiner;
    d[1].buttons = &buttons[1];
    d[1].nextUs = 5000;
    net::driveOnFakeClock(d, std::int64_t(frames) * 17 + 60000);
    MatchTraffic t;
    t.datagrams[0] = h.datagrams, t.datagrams[1] = j.datagrams;
    t.bytes[0] = h.bytes, t.bytes[1] = j.bytes;
    t.frames = host.session() ? host.session()->confirmedFrame() : 0;
    t.ending = host.endMessage() + " / " + joiner.endMessage();
    if (host.countersigner()) t.countersigns[0] = host.countersigner()->held().size();
    if (joiner.countersigner()) t.countersigns[1] = joiner.countersigner()->held().size();
    return t;
}

/// Prints the match's traffic and the crypto's share of a core over it (seal and open at the measured costs).
void matchTable(int frames, double sealUs, double openUs, double hostHsUs, double joinerHsUs) {
    const MatchTraffic t = measureMatch(frames);
    const double seconds = double(t.frames) / sim::kFps;
    std::printf(
        "\n| frames | seconds | host sent: datagrams / bytes | joiner sent: datagrams / bytes | bytes/s each way "
        "(host, joiner) | mean datagram bytes | crypto ms per side (host, joiner) | crypto %% of a core |\n"
        "|---|---|---|---|---|---|---|---|\n");
    // Each side seals what it sends and opens what the other sent (every datagram of the match, the handshake's
    // few included, counted at a full Input's cost: an upper bound), plus its handshake once.
    const double hostMs = (t.datagrams[0] * sealUs + t.datagrams[1] * openUs + hostHsUs) / 1000.0;
    const double joinerMs = (t.datagrams[1] * sealUs + t.datagrams[0] * openUs + joinerHsUs) / 1000.0;
    std::printf("| %lld | %.1f | %lld / %lld | %lld / %lld | %.0f, %.0f | %.0f | %.1f, %.1f | %.3f |\n",
                (long long)t.frames, seconds, (long long)t.datagrams[0], (long long)t.bytes[0],
                (long long)t.datagrams[1], (long long)t.bytes[1], t.bytes[0] / seconds, t.bytes[1] / seconds,
                double(t.bytes[0] + t.bytes[1]) / double(t.datagrams[0] + t.datagrams[1]), hostMs, joinerMs,
                std::max(hostMs, joinerMs) / (seconds * 1000.0) * 100.0);
    std::printf("(ended: %s)\n", t.ending.c_str());
}

/// The countersigned checkpoints of a service match: the same match with and without them, the bytes they add per
/// side, the signatures each side ends with, and signing and checking one (the service checks a log's only when two
/// logs differ: its cost is per signature the log carries).
void countersignTable(int frames, int runs, int n, const net::Identity& host) {
    const MatchTraffic plain = measureMatch(frames), signed_ = measureMatch(frames, 0x5eed);
    net::IdentityKey other{};
    other[0] = 1;
    std::uint32_t frame = 120;
    const double signUs =
        medianUs(runs, n, [&] { net::signCheckpoint(host, 0x5eed, frame++, 0x1234, host.publicKey, other); });
    const net::Countersign c = net::signCheckpoint(host, 0x5eed, 120, 0x1234, host.publicKey, other);
    const double checkUs =
        medianUs(runs, n, [&] { net::countersignChecks(c, host.publicKey, 0x5eed, host.publicKey, other); });
    std::printf(
        "\n| frames | bytes sent plain (host, joiner) | countersigned (host, joiner) | added per side | "
        "countersignatures held (host, joiner) | sign us | check us | signing ms per side per match | "
        "service check ms per log |\n|---|---|---|---|---|---|---|---|---|\n");
    const double held = double(std::max(signed_.countersigns[0], signed_.countersigns[1]));
    std::printf("| %lld | %lld, %lld | %lld, %lld | %lld, %lld | %zu, %zu | %.1f | %.1f | %.2f | %.2f |\n",
                (long long)signed_.frames, (long long)plain.bytes[0], (long long)plain.bytes[1],
                (long long)signed_.bytes[0], (long long)signed_.bytes[1],
                (long long)(signed_.bytes[0] - plain.bytes[0]), (long long)(signed_.bytes[1] - plain.bytes[1]),
                signed_.countersigns[0], signed_.countersigns[1], signUs, checkUs, held * (signUs + checkUs) / 1000.0,
                held * checkUs / 1000.0);
    std::printf("(ended: %s; plain: %s)\n", signed_.ending.c_str(), plain.ending.c_str());
}

/// Median microseconds to seal one message on a channel and to open one (each sealed message opened once), and the
/// last sealed message.
struct SealCosts {
    double sealUs = 0, openUs = 0;
    std::vector<std::uint8_t> last;
};

template <class Seal, class Open>
SealCosts sealOpenCosts(int runs, int n, Seal seal, Open open) {
    SealCosts c;
    net::ChannelKey a{}, b{};
    b[0] = 1;
    net::Channel tx(a, b), rx(b, a);
    c.sealUs = medianUs(runs, n, [&] { c.last = seal(tx); });
    std::vector<std::vector<std::uint8_t>> sealed;
    for (int i = 0; i < runs * n; ++i) sealed.push_back(seal(tx));
    std::size_t next = 0;
    c.openUs = medianUs(runs, n, [&] { open(rx, sealed[next++]); });
    return c;
}

/// Median microseconds to sign a Hello (helloDigest) and to check its signature.
std::pair<double, double> helloSignCheckUs(int runs, int n) {
    net::Identity joiner;
    net::makeIdentity("joiner", joiner);
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "ryo";
    hello.identity = joiner.publicKey;
    hello.name = joiner.name;
    const double signUs =
        medianUs(runs, n, [&] { hello.signature = net::signDigest(joiner, net::helloDigest(hello)); });
    const double checkUs =
        medianUs(runs, n, [&] { net::verifyDigest(hello.identity, net::helloDigest(hello), hello.signature); });
    return {signUs, checkUs};
}

/// The spectator stream's costs (see the header comment); prints its table.
void spectatorTable(int runs, int n, const net::Identity& host) {
    net::Packet w;
    w.type = net::PacketType::Welcome;
    w.setup.fighter[0] = "ryo";
    w.setup.fighter[1] = "brick";
    net::KxKey specPub, specSec;
    net::makeKxPair(specPub, specSec);
    net::SpectateMessage setup;
    setup.type = net::SpectateType::Setup;
    setup.cookie = 7;
    setup.identity = host.publicKey;
    setup.name = host.name;
    setup.welcome = net::encodePacket(w);
    std::vector<std::uint8_t> setupBytes;
    const double hostUs = medianUs(runs, n, [&] {  // a new watcher: key pair, keys, signature, the sealed Setup
        net::KxKey sec;
        net::makeKxPair(setup.key, sec);
        const auto t = net::spectateTranscript(specPub, setup.key, setup.cookie);
        net::ChannelKey tx, rx;
        net::channelKeys(false, setup.key, sec, specPub, t, tx, rx);
        net::Channel c(tx, rx);
        setup.signature = net::signDigest(host, net::setupDigest(t, setup));
        setupBytes = net::encodeSpectate(setup, &c);
    });
    const double spectatorUs = medianUs(runs, n, [&] {  // its keys, the Setup opened, the signature checked
        const auto t = net::spectateTranscript(specPub, setup.key, setup.cookie);
        net::ChannelKey tx, rx;
        net::channelKeys(true, specPub, specSec, setup.key, t, tx, rx);
        net::Channel c(tx, rx);
        net::SpectateMessage m;
        net::readSpectate(setupBytes.data(), setupBytes.size(), m, &c);
        net::verifyDigest(m.identity, net::setupDigest(t, m), m.signature);
    });
    const net::Nonce n1{}, n2{};
    const double oldKeyUs = medianUs(runs, n, [&] { net::nonceKey(net::Key(32, 1), "bf spectate key v3", n1, n2, 7); });
    net::SpectateMessage inputs;
    inputs.type = net::SpectateType::Inputs;
    inputs.cookie = 7;
    inputs.firstFrame = 1;
    inputs.inputs.resize(net::kMaxSpectateFrames);
    const SealCosts stream = sealOpenCosts(
        runs, n, [&](net::Channel& tx) { return net::encodeSpectate(inputs, &tx); },
        [](net::Channel& rx, const std::vector<std::uint8_t>& bytes) {
            net::SpectateMessage m;
            net::readSpectate(bytes.data(), bytes.size(), m, &rx);
        });
    const double sealUs = stream.sealUs, openUs = stream.openUs;
    const std::vector<std::uint8_t>& last = stream.last;
    const net::Key streamKey(32, 3);
    const double oldTagUs = medianUs(runs, n, [&] { net::packetTag(streamKey, last.data(), last.size()); });
    const auto [helloSignUs, helloCheckUs] = helloSignCheckUs(runs, n);
    std::printf(
        "\n| spectator: host handshake us | spectator handshake us | v3 stream key us | seal Inputs us | open us | "
        "v3 tag us | seal+open / v3 tag | full Inputs bytes | Setup bytes | Hello sign us | Hello check us |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|\n");
    std::printf("| %.1f | %.1f | %.2f | %.2f | %.2f | %.2f | %.1f | %zu | %zu | %.1f | %.1f |\n", hostUs, spectatorUs,
                oldKeyUs, sealUs, openUs, oldTagUs, (sealUs + openUs) / oldTagUs, last.size(), setupBytes.size(),
                helloSignUs, helloCheckUs);
}

/// Median microseconds per call of f over runs of n calls.
double medianUs(int runs, int n, const std::function<void()>& f) {
    std::vector<double> us;
    for (int r = 0; r < runs; ++r) {
        const Clock::time_point t0 = Clock::now();
        for (int i = 0; i < n; ++i) f();
        us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / n);
    }
    std::sort(us.begin(), us.end());
    return us[us.size() / 2];
}

/// The Hello and Welcome of a ryo vs brick handshake (their keys and signature are filled in by the caller).
void handshakePackets(net::Packet& hello, net::Packet& welcome) {
    hello.type = net::PacketType::Hello;
    hello.fighter = "ryo";
    welcome.type = net::PacketType::Welcome;
    welcome.setup.fighter[0] = "ryo";
    welcome.setup.fighter[1] = "brick";
    welcome.name = "host";
}

/// Reads --smoke (the quick run); false with the message and usage printed, or with exitCode 0 after --help.
bool parseArgs(int argc, char** argv, bool& smoke, int& exitCode) {
    exitCode = 0;
    if (io::helpAsked(argc, argv)) return std::printf("usage: bench_crypto [--smoke]\n"), false;
    exitCode = 2;
    std::string error;
    if (io::parseFlags(argc, argv, {io::switchFlag("--smoke", smoke)}, error)) return true;
    std::fprintf(stderr, "bench_crypto: %s\nusage: bench_crypto [--smoke]\n", error.c_str());
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();    // a full disk, a size limit or a gone reader: said, not a silent death
    io::failOnLostStdout("bench_crypto");  // the table is the result: lost on a full disk, the exit status says so
    bool smoke = false;
    int exitCode = 0;
    if (!parseArgs(argc, argv, smoke, exitCode)) return exitCode;
    const int runs = smoke ? 1 : 9, n = smoke ? 10 : 2000;
    net::Identity host, joiner;
    net::makeIdentity("host", host);
    net::makeIdentity("joiner", joiner);
    net::Packet hello, welcome;
    handshakePackets(hello, welcome);
    net::KxKey jSecret;
    net::makeKxPair(hello.ephemeral, jSecret);
    // The host's side: a key pair, the transcript, a signature, the keys; the joiner's: verify and the keys.
    const double hostUs = medianUs(runs, n, [&] {
        net::KxKey sec;
        net::makeKxPair(welcome.ephemeral, sec);
        const auto t = net::handshakeTranscript(hello, welcome);
        welcome.signature = net::signDigest(host, t);
        net::ChannelKey tx, rx;
        net::channelKeys(false, welcome.ephemeral, sec, hello.ephemeral, t, tx, rx);
    });
    const auto transcript = net::handshakeTranscript(hello, welcome);
    welcome.signature = net::signDigest(host, transcript);
    const double joinerUs = medianUs(runs, n, [&] {
        const auto t = net::handshakeTranscript(hello, welcome);
        net::verifyDigest(host.publicKey, t, welcome.signature);
        net::ChannelKey tx, rx;
        net::channelKeys(true, hello.ephemeral, jSecret, welcome.ephemeral, t, tx, rx);
        net::signDigest(joiner, net::confirmDigest(t, joiner.publicKey, joiner.name));
    });
    net::Packet input;
    input.type = net::PacketType::Input;
    input.firstFrame = 1;
    input.buttons.assign(net::kMaxInputsPerPacket, 0);
    const SealCosts channel = sealOpenCosts(
        runs, n, [&](net::Channel& tx) { return net::sealOnChannel(input, tx); },
        [](net::Channel& rx, const std::vector<std::uint8_t>& bytes) {
            net::Packet p;
            net::decodePacket(bytes.data(), bytes.size(), p);
            net::openOnChannel(rx, bytes.data(), bytes.size(), p);
        });
    const double sealUs = channel.sealUs, openUs = channel.openUs;
    const std::vector<std::uint8_t>& last = channel.last;
    const std::vector<std::uint8_t> clear = net::encodePacket(input);
    const net::Key oldKey(32, 7);
    const double hmacUs = medianUs(runs, n, [&] { net::packetTag(oldKey, clear.data(), clear.size()); });
    // A match: 60 datagrams a second each way, each sealed by one side and opened by the other.
    const double corePerMatch = 60.0 * (sealUs + openUs) / 1e6 * 100.0;
    std::printf(
        "| host handshake us | joiner handshake us | seal us | open us | old HMAC tag us | seal+open / HMAC | "
        "crypto %% of a core per side | full Input bytes |\n|---|---|---|---|---|---|---|---|\n");
    std::printf("| %.1f | %.1f | %.2f | %.2f | %.2f | %.1f | %.3f | %zu |\n", hostUs, joinerUs, sealUs, openUs, hmacUs,
                (sealUs + openUs) / hmacUs, corePerMatch, last.size());
    spectatorTable(runs, n, host);
    matchTable(smoke ? 600 : 99 * sim::kFps, sealUs, openUs, hostUs, joinerUs);
    countersignTable(smoke ? 600 : 99 * sim::kFps, runs, n, host);
    return 0;
}
