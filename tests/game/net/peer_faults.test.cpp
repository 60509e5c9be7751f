// The peer's handshake and endings over the in-memory network: strangers, forged tokens, second and late joiners,
// other protocol versions, a vanished opponent, a desync, and leaving.
#include "shared_names.h"
#include "game/io/replay_writer.h"
#include "game/net/packet.h"
#include "two_peers.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <unistd.h>

namespace {

using nettest::kStranger;

/// The shared pair (buttons of seeds 3 and 4) with a known match token, which the forgery cases use.
struct Pair : nettest::Pair {
    explicit Pair(std::uint32_t frameLimit = 300) : nettest::Pair(frameLimit, 3) {
        for (net::PeerConfig* cfg : {&hostCfg, &joinCfg}) {
            cfg->setup.fighter[1] = "brick";
            cfg->token = 0xabcdef;
        }
    }
};

void sendPacket(net::Transport& t, net::Address to, const net::Packet& p, std::int64_t now) {
    const std::vector<std::uint8_t> bytes = net::encodePacket(p);
    t.sendTo(to, bytes.data(), bytes.size(), now);
}

/// A lag switch on one side's outgoing datagrams: what it sends in [fromMs, untilMs) is dropped; the machine runs on
/// and still receives.
class LagSwitch : public net::Transport {
public:
    LagSwitch(net::Transport& inner, std::int64_t fromMs, std::int64_t untilMs)
        : inner_(inner), from_(fromMs), until_(untilMs) {}
    void sendTo(net::Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override {
        if (nowMs < from_ || nowMs >= until_) inner_.sendTo(to, data, size, nowMs);
    }
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t nowMs) override {
        return inner_.receive(data, from, nowMs);
    }

private:
    net::Transport& inner_;
    std::int64_t from_, until_;
};

/// The host's recording of its match (stall and ending lines included), as the headless peer writes it.
struct HostRecording {
    std::string path;
    std::unique_ptr<sim::ReplayWriter> writer;
    HostRecording(net::NetPeer& host, const std::string& name)
        : path((std::filesystem::temp_directory_path() / (name + std::to_string(::getpid()) + ".freplay")).string()) {
        host.setOnStart([this](net::Session& s) {
            writer = std::make_unique<sim::ReplayWriter>(path, s.fight());
            s.setConfirmHook(
                [this](std::int64_t, const sim::FrameInput& in, const sim::Fight& f) { writer->frame(in, f); });
        });
        host.setOnStall([this](int seat, std::int64_t ms) { writer->stall(seat, ms); });
    }
    /// Writes the ending and closes the file; loads it back.
    sim::RunFile finish(const net::NetPeer& host) {
        writer->ending(net::endingWord(host.endReason(), host.endSilenceMs()), host.endSeat(), host.endSilenceMs());
        writer->finish();
        sim::RunFile run;
        io::Error error;
        CHECK_MESSAGE(sim::loadRunFile(path, run, error), error.text());
        std::filesystem::remove(path);
        return run;
    }
};

}  // namespace

TEST_CASE("a lag switch past the timeout ends the match naming who went silent, in the ending and the recording") {
    Pair pair(0);
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    LagSwitch j(network.add(nettest::kJoiner, {}, 2), 4000, 1000000);  // the joiner's outgoing cut from 4 s on
    net::NetPeer host(h, pair.hostCfg, nettest::dataLoader());
    net::NetPeer joiner(j, pair.joinCfg, nettest::dataLoader());
    HostRecording rec(host, "lag_switch_timeout");
    std::vector<nettest::Driven> d = nettest::drivers(host, joiner, pair);
    d[1].stopAtMs = 9000;  // the joiner itself would end on the host's silence once the host has gone: not looked at
    nettest::drive(d, 20000);
    CHECK(host.endReason() == net::PeerEnd::ConnectionLost);
    CHECK(host.endSeat() == 1);
    CHECK(host.endSilenceMs() > 3000);
    CHECK(host.endSilenceMs() < 3000 + 40);
    CHECK(host.endMessage() == "P2 went silent for 3.0 s");
    const sim::RunFile run = rec.finish(host);
    CHECK(run.version == 2);
    CHECK(run.ending.word == "silent");
    CHECK(run.ending.seat == 1);
    CHECK(run.ending.ms == host.endSilenceMs());
    REQUIRE(run.stalls.size() == 1);  // the silence that ended it is recorded as a stall too
    CHECK(run.stalls[0].seat == 1);
    CHECK(run.stalls[0].ms == host.endSilenceMs());
    CHECK(run.stalls[0].frame == std::int64_t(run.inputs.size()));
}

TEST_CASE("a lag switch under the timeout is shown by seat while it lasts, then counted on the side that saw it") {
    Pair pair(600);
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    LagSwitch j(network.add(nettest::kJoiner, {}, 2), 4000, 5400);  // 1.4 s of the joiner's packets held back
    net::NetPeer host(h, pair.hostCfg, nettest::dataLoader());
    net::NetPeer joiner(j, pair.joinCfg, nettest::dataLoader());
    HostRecording rec(host, "lag_switch_short");
    std::vector<nettest::Driven> d = nettest::drivers(host, joiner, pair);
    const std::int64_t before = nettest::drive(d, 3900);
    CHECK(host.stallText(before) == "");  // ordinary play: nothing shown
    const std::int64_t during = nettest::drive(d, 5100);
    CHECK(host.stallText(during).rfind("P2's connection stalled 1.", 0) == 0);  // silent since about 4.0 s
    CHECK(joiner.stallText(during) == "");                                      // the joiner still hears the host
    nettest::drive(d, 60000);
    CHECK(host.endMessage() == "match over");
    CHECK(joiner.endMessage() == "match over");
    CHECK(host.opponentStalls().count == 1);
    CHECK(host.opponentStalls().longestMs >= 1400);
    CHECK(host.opponentStalls().longestMs < 1400 + 40);
    CHECK(joiner.opponentStalls().count == 0);
    const sim::RunFile run = rec.finish(host);
    CHECK(run.ending.word == "over");
    CHECK(run.ending.seat == -1);
    REQUIRE(run.stalls.size() == 1);
    CHECK(run.stalls[0].seat == 1);
    CHECK(run.stalls[0].ms == host.opponentStalls().longestMs);
}

TEST_CASE("a side whose own machine froze counts no stall of the opponent for it; the opponent counts one of it") {
    Pair pair(600);
    nettest::TwoPeers two(pair);
    two.d[1].stopAtMs = 4000;  // the joiner's machine freezes at 4 s ...
    nettest::drive(two.d, 5000);
    two.d[1].stopAtMs = -1;  // ... and runs again at 5 s, the host's packets of that second waiting for it
    two.d[1].nextUs = 5000 * 1000;
    nettest::drive(two.d, 60000);
    CHECK(two.host.endMessage() == "match over");
    CHECK(two.joiner.endMessage() == "match over");
    CHECK(two.host.opponentStalls().count == 1);
    CHECK(two.host.opponentStalls().longestMs >= 1000);
    CHECK(two.joiner.opponentStalls().count == 0);
}

TEST_CASE("a second joiner is refused as busy and the match goes on untouched") {
    Pair pair;
    nettest::TwoPeers two(pair);
    net::Transport& late = two.network.add(kStranger, {}, 3);
    net::PeerConfig lateCfg = pair.joinCfg;
    net::NetPeer second(late, lateCfg, nettest::dataLoader());
    two.d.emplace_back();
    two.d[2].peer = &second;
    two.d[2].nextUs = 1000000;  // joins a second after the match began
    nettest::drive(two.d, 60000);
    CHECK(second.endMessage() == "refused: the host is already in a match");
    CHECK(second.endReason() == net::PeerEnd::Refused);
    CHECK(second.failed());
    CHECK(two.host.counters().refusedJoiners >= 1);
    CHECK(two.host.endMessage() == "match over");
    CHECK(two.joiner.endMessage() == "match over");
    CHECK(two.host.endReason() == net::PeerEnd::MatchOver);
    CHECK(two.joiner.endReason() == net::PeerEnd::MatchOver);
    CHECK(two.host.session()->confirmedHashes() == nettest::offlineHashes(two.host.setup(), pair.buttons, 300));
}

TEST_CASE("packets from a stranger, with a forged token, a forged tag or malformed are dropped and counted") {
    Pair pair;
    nettest::TwoPeers two(pair);
    net::Transport& stranger = two.network.add(kStranger, {}, 3);
    net::Transport& spoofer = two.network.add(nettest::kJoiner, {}, 4);  // claims the joiner's address
    nettest::drive(two.d, 1000);                                         // connected and playing
    REQUIRE(two.host.state() == net::PeerState::Playing);
    net::Packet forged;
    forged.type = net::PacketType::Input;
    forged.firstFrame = 1;
    forged.buttons.assign(100, sim::kSpecial);
    forged.token = 0xabcdef;
    sendPacket(stranger, nettest::kHost, forged, 1000);  // right token, wrong address
    forged.flags = net::kFlagLeaving;
    sendPacket(spoofer, nettest::kHost, forged, 1000);  // right address and token, a tag under no key: a forged leave
    forged.token = 0xabcdee;
    sendPacket(spoofer, nettest::kHost, forged, 1000);  // right address, wrong token
    const std::uint8_t junk[] = {'B', 'F', net::kProtocolVersion, 4, 0, 0};
    spoofer.sendTo(nettest::kHost, junk, sizeof junk, 1000);
    nettest::drive(two.d, 60000);
    CHECK(two.host.counters().wrongAddress == 1);
    CHECK(two.host.counters().wrongToken == 1);
    CHECK(two.host.counters().forged + two.host.counters().replayed ==
          1);  // an old counter is refused before it is opened
    CHECK(two.host.counters().malformed == 1);
    CHECK(two.host.endMessage() == "match over");
    CHECK(two.host.session()->confirmedHashes() == nettest::offlineHashes(two.host.setup(), pair.buttons, 300));
}

TEST_CASE("a joiner counts a packet type no table lists, and a Hello sent to it, as malformed and still plays") {
    Pair pair;
    nettest::TwoPeers two(pair);
    net::Transport& spoofer = two.network.add(nettest::kHost, {}, 4);  // claims the host's address
    net::Packet welcome;  // a well-formed Welcome body naming another fighter: read as a Welcome it would end the join
    welcome.type = net::PacketType::Welcome;
    welcome.setup.fighter[0] = "ryo";
    welcome.setup.fighter[1] = "nobody";
    std::vector<std::uint8_t> unknown = net::encodePacket(welcome);
    unknown[3] = std::uint8_t(net::kPacketTypeCount + 1);  // the next type number, not in kPacketTypes
    spoofer.sendTo(nettest::kJoiner, unknown.data(), unknown.size(), 0);
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "ryo";
    sendPacket(spoofer, nettest::kJoiner, hello, 0);  // a host's route, not a joiner's
    nettest::drive(two.d, 60000);
    CHECK(two.joiner.counters().malformed == 2);
    CHECK(two.joiner.endMessage() == "match over");
    CHECK(two.host.endMessage() == "match over");
}

TEST_CASE("a joiner speaking another protocol version is refused with the reason") {
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& old = network.add(kStranger, {}, 2);
    Pair pair;
    net::NetPeer host(h, pair.hostCfg, nettest::dataLoader());
    net::Packet hello;
    hello.type = net::PacketType::Hello;
    hello.fighter = "ryo";
    std::vector<std::uint8_t> bytes = net::encodePacket(hello);
    bytes[2] = net::kProtocolVersion + 1;
    old.sendTo(nettest::kHost, bytes.data(), bytes.size(), 0);
    host.tick(1, 0);
    nettest::checkVersionRefusal(old, 2);
    CHECK(host.state() == net::PeerState::Waiting);  // still free for a real opponent
}

TEST_CASE("a joiner with a fighter the host lacks is refused") {
    Pair pair;
    pair.joinCfg.fighter = "nobody";
    nettest::TwoPeers two(pair);
    two.d[0].stopAtMs = 2000;
    nettest::drive(two.d, 5000);
    CHECK(two.joiner.endMessage() == "refused: the host does not have your fighter");
    CHECK(two.host.state() == net::PeerState::Waiting);
}

TEST_CASE("an opponent that vanishes ends the match as connection lost after the timeout") {
    Pair pair(0);
    nettest::TwoPeers two(pair);
    two.d[1].stopAtMs = 4000;  // the joiner's machine goes silent at 4 s
    nettest::drive(two.d, 60000);
    CHECK(two.host.endMessage() == "P2 went silent for 3.0 s");
    CHECK(two.host.endSeat() == 1);
    CHECK(two.host.endReason() == net::PeerEnd::ConnectionLost);
    CHECK(two.host.failed());
    CHECK(two.d[0].doneAtMs > 4000 + 3000 - 20);
    CHECK(two.d[0].doneAtMs < 4000 + 3000 + 50);
    CHECK(two.host.session()->frame() > 200);  // it played until then
}

TEST_CASE("a joiner whose host never answers gives up after the connect timeout") {
    Pair pair;
    net::MemoryNetwork network;
    net::Transport& j = network.add(nettest::kJoiner, {}, 2);
    net::NetPeer joiner(j, pair.joinCfg, nettest::dataLoader());
    std::vector<nettest::Driven> d(1);
    d[0].peer = &joiner;
    nettest::drive(d, 60000);
    CHECK(joiner.endMessage() == "no answer from the host");
    CHECK(joiner.endReason() == net::PeerEnd::NoAnswer);
    CHECK(d[0].doneAtMs > 10000);
    CHECK(d[0].doneAtMs < 10100);
}

TEST_CASE("sides whose simulations differ both stop with DESYNC at the first compared frame") {
    Pair pair(0);
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& j = network.add(nettest::kJoiner, {}, 2);
    net::NetPeer host(h, pair.hostCfg, nettest::dataLoader());
    net::FighterLoader tampered = [](const std::string& id, sim::FighterDef& out, std::string& error) {
        if (!nettest::dataLoader()(id, out, error)) return false;
        if (id == "brick") out.health += 1;  // a different data file on the joiner's machine
        return true;
    };
    net::NetPeer joiner(j, pair.joinCfg, tampered);
    std::vector<nettest::Driven> d = nettest::drivers(host, joiner, pair);
    nettest::drive(d, 60000);
    CHECK(host.endMessage() == "DESYNC at frame 30");
    CHECK(joiner.endMessage() == "DESYNC at frame 30");
    CHECK(host.endReason() == net::PeerEnd::Desync);
    CHECK(joiner.endReason() == net::PeerEnd::Desync);
    CHECK(host.failed());
    CHECK(joiner.failed());
}

TEST_CASE("leaving mid-match tells the opponent at once") {
    Pair pair(0);
    nettest::TwoPeers two(pair);
    nettest::drive(two.d, 2000);
    REQUIRE(two.joiner.state() == net::PeerState::Playing);
    two.joiner.leave(2000);
    CHECK(two.joiner.endMessage() == "you left");
    CHECK(two.joiner.endReason() == net::PeerEnd::YouLeft);
    nettest::drive(two.d, 2100);
    CHECK(two.host.endMessage() == "opponent left");
    CHECK(two.host.endReason() == net::PeerEnd::OpponentLeft);
}

TEST_CASE("after a completed match both sides asking for a rematch play the next one on the same connection") {
    Pair pair(240);
    pair.hostCfg.rematches = pair.joinCfg.rematches = true;
    net::NetConditions c;
    c.delayMs = 40;
    c.jitterMs = 10;
    c.lossPercent = 5;
    nettest::TwoPeers two(pair, c);
    nettest::drive(two.d, 8000);  // the 240-frame match is over by then; both stay connected
    REQUIRE(two.host.state() == net::PeerState::Lingering);
    REQUIRE(two.joiner.state() == net::PeerState::Lingering);
    const sim::MatchSetup first = two.host.setup();
    CHECK(two.host.session()->confirmedHashes() == nettest::offlineHashes(first, pair.buttons, 240));
    two.host.requestRematch();
    nettest::drive(two.d, 9000);
    CHECK(two.host.matchesPlayed() == 1);  // one side asking is not enough
    CHECK(two.joiner.opponentWantsRematch());
    two.joiner.requestRematch();
    nettest::drive(two.d, 18000);
    CHECK(two.host.matchesPlayed() == 2);
    CHECK(two.joiner.matchesPlayed() == 2);
    CHECK(two.host.setup().seed != first.seed);
    CHECK(two.joiner.setup().seed == two.host.setup().seed);
    CAPTURE(two.host.session()->frame());
    CAPTURE(two.host.session()->confirmedFrame());
    CAPTURE(two.joiner.session()->frame());
    CAPTURE(two.joiner.session()->confirmedFrame());
    REQUIRE(two.host.session()->finished());
    REQUIRE(two.joiner.session()->finished());
    const std::vector<std::uint64_t> offline = nettest::offlineHashes(two.host.setup(), pair.buttons, 240);
    CHECK(two.host.session()->confirmedHashes() == offline);
    CHECK(two.joiner.session()->confirmedHashes() == offline);
    two.joiner.leave(18000);
    nettest::drive(two.d, 18500);
    CHECK(two.host.endMessage() == "opponent left");
    CHECK_FALSE(two.host.failed());
}
