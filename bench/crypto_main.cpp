// The cost of the online protocol's cryptography (protocol 5): the handshake's public-key work on each side, sealing
// and opening one full Input datagram, and the old HMAC-SHA-256 tag it replaced as the baseline in the same run.
// Then the spectator stream (version 4): the host's and the spectator's handshake, sealing and opening one full
// Inputs datagram, against version 3's stream key and tag in the same run; and the joiner's signed Hello.
// Medians of 9 runs. `--smoke`: one short run (a test that it works, not a measure).
#include "game/net/channel.h"
#include "game/net/crypto/hmac.h"
#include "game/net/identity.h"
#include "game/net/packet.h"
#include "game/net/spectate.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double medianUs(int runs, int n, const std::function<void()>& f);

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
    net::ChannelKey a{}, b{};
    b[0] = 1;
    net::Channel tx(a, b), rx(b, a);
    std::vector<std::uint8_t> last;
    const double sealUs = medianUs(runs, n, [&] { last = net::encodeSpectate(inputs, &tx); });
    std::vector<std::vector<std::uint8_t>> sealed;
    for (int i = 0; i < runs * n; ++i) sealed.push_back(net::encodeSpectate(inputs, &tx));
    std::size_t next = 0;
    const double openUs = medianUs(runs, n, [&] {
        net::SpectateMessage m;
        net::readSpectate(sealed[next].data(), sealed[next].size(), m, &rx);
        ++next;
    });
    const net::Key streamKey(32, 3);
    const double oldTagUs = medianUs(runs, n, [&] { net::packetTag(streamKey, last.data(), last.size()); });
    net::Identity joiner;
    net::makeIdentity("joiner", joiner);
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "ryo";
    hello.identity = joiner.publicKey;
    hello.name = joiner.name;
    const double helloSignUs = medianUs(runs, n, [&] { hello.signature = net::signDigest(joiner, net::helloDigest(hello)); });
    const double helloCheckUs = medianUs(runs, n, [&] { net::verifyDigest(hello.identity, net::helloDigest(hello), hello.signature); });
    std::printf("\n| spectator: host handshake us | spectator handshake us | v3 stream key us | seal Inputs us | open us | "
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

}  // namespace

int main(int argc, char** argv) {
    const bool smoke = argc > 1 && std::strcmp(argv[1], "--smoke") == 0;
    const int runs = smoke ? 1 : 9, n = smoke ? 10 : 2000;
    net::Identity host, joiner;
    net::makeIdentity("host", host);
    net::makeIdentity("joiner", joiner);
    net::Packet hello, welcome;
    hello.type = net::PacketType::Hello;
    hello.fighter = "ryo";
    welcome.type = net::PacketType::Welcome;
    welcome.setup.fighter[0] = "ryo";
    welcome.setup.fighter[1] = "brick";
    welcome.name = "host";
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
    net::ChannelKey a{}, b{};
    b[0] = 1;
    net::Channel tx(a, b), rx(b, a);
    std::vector<std::uint8_t> last;
    const double sealUs = medianUs(runs, n, [&] { last = net::sealOnChannel(input, tx); });
    std::vector<std::vector<std::uint8_t>> sealed;
    for (int i = 0; i < runs * n; ++i) sealed.push_back(net::sealOnChannel(input, tx));
    std::size_t next = 0;
    const double openUs = medianUs(runs, n, [&] {
        net::Packet p;
        const auto& s = sealed[next++];
        net::decodePacket(s.data(), s.size(), p);
        net::openOnChannel(rx, s.data(), s.size(), p);
    });
    const std::vector<std::uint8_t> clear = net::encodePacket(input);
    const net::Key oldKey(32, 7);
    const double hmacUs = medianUs(runs, n, [&] { net::packetTag(oldKey, clear.data(), clear.size()); });
    // A match: 60 datagrams a second each way, each sealed by one side and opened by the other.
    const double corePerMatch = 60.0 * (sealUs + openUs) / 1e6 * 100.0;
    std::printf("| host handshake us | joiner handshake us | seal us | open us | old HMAC tag us | seal+open / HMAC | "
                "crypto %% of a core per side | full Input bytes |\n|---|---|---|---|---|---|---|---|\n");
    std::printf("| %.1f | %.1f | %.2f | %.2f | %.2f | %.1f | %.3f | %zu |\n", hostUs, joinerUs, sealUs, openUs, hmacUs,
                (sealUs + openUs) / hmacUs, corePerMatch, last.size());
    spectatorTable(runs, n, host);
    return 0;
}
