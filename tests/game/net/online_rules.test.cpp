// Versus rules online (protocol version 3): the throw button reaches the other side, each player plays their own
// input style, the host's round intro (and counter-hit rule) is the match's, and both sides' recordings hold that
// setup, so replaying either offline gives the online final hash. Version-1 peers are told why they cannot play.
#include "game/io/replay_writer.h"
#include "game/io/run_file.h"
#include "game/net/packet.h"
#include "net_test_util.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

namespace {

/// Buttons for frames 0..frames (index = frame), all idle.
std::vector<std::uint16_t> idle(int frames) { return std::vector<std::uint16_t>(std::size_t(frames) + 1, 0); }

/// Steps the offline fight of setup through the buttons and counts the events of one type with that attacker (of a
/// Tech: the thrower whose throw was broken).
int offlineEvents(const sim::MatchSetup& setup, const std::vector<std::uint16_t> (&buttons)[2], std::int64_t frames,
                  sim::EventType type, int attacker) {
    int n = 0;
    nettest::playOffline(setup, buttons, frames, [&](const sim::Fight& fight) {
        for (const sim::Event& e : fight.events()) n += e.type == type && e.attacker == attacker;
    });
    return n;
}

/// Frames on which player p's fireball is alive in the offline fight.
int offlineFireballFrames(const sim::MatchSetup& setup, const std::vector<std::uint16_t> (&buttons)[2],
                          std::int64_t frames, int p) {
    int n = 0;
    nettest::playOffline(setup, buttons, frames,
                         [&](const sim::Fight& fight) { n += fight.state().projectiles[p].alive; });
    return n;
}

/// The same buttons as the version-1 protocol delivered them (8 bits: the throw button lost).
std::vector<std::uint16_t> eightBits(std::vector<std::uint16_t> b) {
    for (std::uint16_t& x : b) x &= 0xff;
    return b;
}

/// A match over the in-memory network with 100 ms of delay each way, jitter and loss (so predictions roll back).
net::LoopbackResult playOnline(const sim::MatchSetup& setup, const std::vector<std::uint16_t> (&buttons)[2],
                               std::uint32_t frameLimit) {
    net::LoopbackSpec spec;
    spec.toJoiner.delayMs = spec.toHost.delayMs = 100;
    spec.toJoiner.jitterMs = spec.toHost.jitterMs = 10;
    spec.toJoiner.lossPercent = spec.toHost.lossPercent = 5;
    spec.session.inputDelay = 2;
    spec.setup = setup;
    spec.frameLimit = frameLimit;
    spec.buttons[0] = buttons[0];
    spec.buttons[1] = buttons[1];
    spec.loader = nettest::dataLoader();
    return net::playLoopback(spec);
}

/// Both sides finished the match and confirmed exactly the offline hashes of every frame.
void checkMatchesOffline(const net::LoopbackResult& o, const sim::MatchSetup& setup,
                         const std::vector<std::uint16_t> (&buttons)[2], std::int64_t frames) {
    for (int p = 0; p < 2; ++p) {
        CAPTURE(p);
        CHECK(o.message[p] == "match over");
        CHECK_FALSE(o.failed[p]);
        CHECK(o.endFrame[p] == frames);
    }
    const std::vector<std::uint64_t> offline = nettest::offlineHashes(setup, buttons, frames);
    CHECK(o.hashes[0] == offline);
    CHECK(o.hashes[1] == offline);
}

/// Ryo and Brick close enough to throw (as in data/replays/25_throw_tech.fscript, 10 frames later: the first
/// frames of an online match are idle while the input delay fills).
sim::MatchSetup throwRange() {
    sim::MatchSetup s;
    s.fighter[0] = "ryo";
    s.fighter[1] = "brick";
    s.startX[0] = 400;
    s.startX[1] = 480;
    s.seed = 3;
    return s;
}

/// A temporary file path for this test.
std::string tempPath(const std::string& name) { return (std::filesystem::temp_directory_path() / name).string(); }

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

TEST_CASE("a throw online lands on both sides exactly as offline") {
    const sim::MatchSetup setup = throwRange();
    std::vector<std::uint16_t> buttons[2] = {idle(200), idle(200)};
    buttons[0][11] = sim::kThrow;  // p1 grabs; p2 stands still and is thrown
    REQUIRE(offlineEvents(setup, buttons, 200, sim::EventType::Throw, 0) == 1);
    const std::vector<std::uint16_t> lost[2] = {eightBits(buttons[0]), eightBits(buttons[1])};
    REQUIRE(offlineEvents(setup, lost, 200, sim::EventType::Throw, 0) == 0);  // what version 1 played: no throw
    const net::LoopbackResult o = playOnline(setup, buttons, 200);
    checkMatchesOffline(o, setup, buttons, 200);
}

TEST_CASE("a throw teched online is teched on both sides exactly as offline") {
    const sim::MatchSetup setup = throwRange();
    std::vector<std::uint16_t> buttons[2] = {idle(200), idle(200)};
    buttons[0][11] = sim::kThrow;
    buttons[1][24] = sim::kThrow;  // the tech window's last frame (frame 14 of the script, 10 frames later)
    REQUIRE(offlineEvents(setup, buttons, 200, sim::EventType::Tech, 0) == 1);  // p1's throw, broken by p2
    REQUIRE(offlineEvents(setup, buttons, 200, sim::EventType::Throw, 0) == 1);
    const net::LoopbackResult o = playOnline(setup, buttons, 200);
    checkMatchesOffline(o, setup, buttons, 200);
    CHECK(o.stats[0].rollbacks + o.stats[1].rollbacks > 0);  // the throw and the tech were predicted wrong first
}

TEST_CASE("each player plays their own input style online and the host's round intro is the match's") {
    const std::vector<std::uint16_t> buttons[2] = {[] {
                                                       std::vector<std::uint16_t> b = idle(400);
                                                       b[150] =
                                                           sim::kSpecial;  // special alone: a fireball in simple only
                                                       return b;
                                                   }(),
                                                   [] {
                                                       std::vector<std::uint16_t> b = idle(400);
                                                       b[160] = sim::kSpecial;
                                                       return b;
                                                   }()};
    const sim::InputStyle pairs[2][2] = {{sim::InputStyle::Motion, sim::InputStyle::Simple},
                                         {sim::InputStyle::Simple, sim::InputStyle::Motion}};
    for (const auto& styles : pairs) {
        sim::MatchSetup setup;
        setup.fighter[0] = "ryo";
        setup.fighter[1] = "brick";
        setup.seed = 11;
        setup.intro = sim::kLiveIntro;
        setup.style[0] = styles[0];
        setup.style[1] = styles[1];
        const int simple = styles[0] == sim::InputStyle::Simple ? 0 : 1;
        CAPTURE(simple);
        REQUIRE(offlineFireballFrames(setup, buttons, 400, simple) > 0);
        REQUIRE(offlineFireballFrames(setup, buttons, 400, 1 - simple) == 0);  // motion: special alone does nothing
        const net::LoopbackResult o = playOnline(setup, buttons, 400);
        checkMatchesOffline(o, setup, buttons, 400);
        for (int p = 0; p < 2; ++p) {
            CAPTURE(p);
            CHECK(o.setup[p].intro == sim::kLiveIntro);
            CHECK(o.setup[p].style[0] == styles[0]);
            CHECK(o.setup[p].style[1] == styles[1]);
        }
    }
}

TEST_CASE("both sides record the same setup and either recording replays offline to the online final hash") {
    net::PeerConfig hostCfg;
    hostCfg.host = true;
    hostCfg.fighter = "ryo";
    hostCfg.style = sim::InputStyle::Simple;
    hostCfg.setup = throwRange();
    hostCfg.setup.intro = sim::kLiveIntro;
    hostCfg.setup.counter = sim::CounterHits::On;
    hostCfg.setup.style[1] = sim::InputStyle::Simple;  // the host does not choose the joiner's style (motion)
    hostCfg.frameLimit = 400;
    hostCfg.token = 77;
    net::PeerConfig joinCfg;
    joinCfg.host = false;
    joinCfg.fighter = "brick";
    joinCfg.style = sim::InputStyle::Motion;
    joinCfg.hostAddress = nettest::kHost;
    std::vector<std::uint16_t> buttons[2] = {idle(400), idle(400)};
    buttons[0][140] = sim::kSpecial;  // simple: a fireball
    buttons[0][200] = sim::kThrow;
    buttons[1][230] = sim::kLight | sim::kThrow;
    for (int f = 260; f < 275; ++f) buttons[1][std::size_t(f)] = sim::kDown | sim::kRight;

    net::MemoryNetwork network;
    net::NetConditions c;
    c.delayMs = 60;
    c.jitterMs = 10;
    c.lossPercent = 5;
    net::Transport& h = network.add(nettest::kHost, c, 1);
    net::Transport& j = network.add(nettest::kJoiner, c, 2);
    net::NetPeer host(h, hostCfg, nettest::dataLoader());
    net::NetPeer joiner(j, joinCfg, nettest::dataLoader());
    const std::string paths[2] = {tempPath("online_rules_host.freplay"), tempPath("online_rules_joiner.freplay")};
    std::unique_ptr<sim::ReplayWriter> writers[2];
    net::NetPeer* peers[2] = {&host, &joiner};
    for (int p = 0; p < 2; ++p) {
        peers[p]->setOnStart([&writers, &paths, p](net::Session& s) {
            writers[p] = std::make_unique<sim::ReplayWriter>(paths[p], s.fight());
            sim::ReplayWriter* w = writers[p].get();
            s.setConfirmHook([w](std::int64_t, const sim::FrameInput& in, const sim::Fight& f) { w->frame(in, f); });
        });
    }
    std::vector<nettest::Driven> d(2);
    d[0].peer = &host;
    d[0].buttons = &buttons[0];
    d[1].peer = &joiner;
    d[1].buttons = &buttons[1];
    nettest::drive(d, 60000);
    REQUIRE(host.endMessage() == "match over");
    REQUIRE(joiner.endMessage() == "match over");
    for (auto& w : writers) {
        REQUIRE(w);
        w->finish();
        CHECK(w->ok());
    }
    const std::uint64_t onlineHash = host.session()->confirmedHashes().back();
    CHECK(joiner.session()->confirmedHashes().back() == onlineHash);
    CHECK(readAll(paths[0]) == readAll(paths[1]));
    for (int p = 0; p < 2; ++p) {
        CAPTURE(p);
        sim::RunFile run;
        io::Error error;
        REQUIRE_MESSAGE(sim::loadRunFile(paths[p], run, error), error.text());
        CHECK(run.setup.intro == sim::kLiveIntro);
        CHECK(run.setup.style[0] == sim::InputStyle::Simple);
        CHECK(run.setup.style[1] == sim::InputStyle::Motion);
        CHECK(run.setup.counter == sim::CounterHits::On);
        REQUIRE(run.inputs.size() == 400);
        sim::FighterDef defs[2];
        std::string why;
        for (int i = 0; i < 2; ++i) REQUIRE(nettest::dataLoader()(run.setup.fighter[i], defs[i], why));
        sim::Fight fight(run.setup, defs[0], defs[1]);
        for (const sim::FrameInput& in : run.inputs) fight.step(in);
        CHECK(fight.hash() == onlineHash);
        std::filesystem::remove(paths[p]);
    }
    // The recorded inputs are the ones played, the throws included.
    sim::MatchSetup played = host.setup();
    const std::vector<std::uint64_t> offline = nettest::offlineHashes(played, buttons, 400);
    CHECK(offline.back() == onlineHash);
    CHECK(offlineEvents(played, buttons, 400, sim::EventType::Throw, 0) +
              offlineEvents(played, buttons, 400, sim::EventType::Tech, 0) >
          0);
}

TEST_CASE("a version-1 joiner is refused with the version reason and a version-1 host's answer ends the joiner") {
    net::MemoryNetwork network;
    net::Transport& h = network.add(nettest::kHost, {}, 1);
    net::Transport& old = network.add(nettest::kJoiner, {}, 2);
    net::PeerConfig hostCfg;
    hostCfg.host = true;
    hostCfg.fighter = "ryo";
    net::NetPeer host(h, hostCfg, nettest::dataLoader());
    const std::uint8_t oldHello[] = {'B', 'F', 1, 1, 0, 0, 0, 0, 3, 'r', 'y', 'o'};  // exactly what version 1 sent
    old.sendTo(nettest::kHost, oldHello, sizeof oldHello, 0);
    host.tick(1, 0);
    nettest::checkVersionRefusal(old, 2);
    CHECK(host.state() == net::PeerState::Waiting);
    CHECK(host.counters().refusedJoiners == 1);

    net::MemoryNetwork network2;
    net::Transport& oldHost = network2.add(nettest::kHost, {}, 1);
    net::Transport& j = network2.add(nettest::kJoiner, {}, 2);
    net::PeerConfig joinCfg;
    joinCfg.host = false;
    joinCfg.fighter = "brick";
    joinCfg.hostAddress = nettest::kHost;
    net::NetPeer joiner(j, joinCfg, nettest::dataLoader());
    joiner.tick(0, 0);  // sends its Hello
    // A version-1 host's Welcome: header, token, then a setup laid out the old way.
    std::vector<std::uint8_t> oldWelcome = {'B', 'F', 1, 2, 9, 0, 0, 0};
    oldWelcome.resize(oldWelcome.size() + 40, 0);
    oldHost.sendTo(nettest::kJoiner, oldWelcome.data(), oldWelcome.size(), 1);
    joiner.tick(10, 0);
    // Not at once, nor after a while: anyone can send 8 bytes from the host's address, and a real path (a relay) may
    // only be slow. The join goes on, and the version is named when it times out with nothing authentic.
    CHECK(joiner.state() == net::PeerState::Connecting);
    joiner.tick(5000, 0);
    CHECK(joiner.state() == net::PeerState::Connecting);
    joiner.tick(joinCfg.connectTimeoutMs + 1, 0);
    CHECK(joiner.state() == net::PeerState::Done);
    CHECK(joiner.endMessage() == "refused: the host runs protocol version 1, this game " +
                                     std::to_string(net::kProtocolVersion) + " (the host must update the game)");
    CHECK(joiner.failed());
}

TEST_CASE("a joiner whose style the host's welcome does not name refuses to play") {
    net::MemoryNetwork network;
    net::Transport& fakeHost = network.add(nettest::kHost, {}, 1);
    net::Transport& j = network.add(nettest::kJoiner, {}, 2);
    net::PeerConfig joinCfg;
    joinCfg.host = false;
    joinCfg.fighter = "brick";
    joinCfg.style = sim::InputStyle::Simple;
    joinCfg.hostAddress = nettest::kHost;
    net::NetPeer joiner(j, joinCfg, nettest::dataLoader());
    joiner.tick(0, 0);
    std::vector<std::uint8_t> helloBytes;
    net::Address from = 0;
    REQUIRE(fakeHost.receive(helloBytes, from, 1));
    net::Packet hello;
    REQUIRE(net::decodePacket(helloBytes.data(), helloBytes.size(), hello));
    net::Packet welcome;
    welcome.type = net::PacketType::Welcome;
    welcome.token = 5;
    welcome.setup.fighter[0] = "ryo";
    welcome.setup.fighter[1] = "brick";
    welcome.setup.style[1] = sim::InputStyle::Motion;  // not what the joiner asked for
    nettest::signWelcome(hello, welcome);
    const std::vector<std::uint8_t> bytes =
        net::sealPacket(welcome, {}, hello.ephemeral.data(), hello.ephemeral.size());
    fakeHost.sendTo(nettest::kJoiner, bytes.data(), bytes.size(), 1);
    joiner.tick(10, 0);
    CHECK(joiner.endMessage() == "the host's welcome names another input style");
    CHECK(joiner.failed());
}
