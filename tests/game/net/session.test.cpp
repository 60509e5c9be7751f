// The rollback session alone, fed hand-made packets: stalls at the window, rolls back exactly to the first wrong
// prediction, ignores gaps and repeats, resends what is unacknowledged, and checks hash reports when it can.
#include "game/net/session.h"
#include "net_test_util.h"

#include <doctest/doctest.h>

namespace {

sim::MatchSetup ryoVsBrick() {
    sim::MatchSetup s;
    s.fighter[0] = "ryo";
    s.fighter[1] = "brick";
    return s;
}

/// A session playing P1 with the given delay and window.
net::Session session(int delay, int window) {
    net::SessionConfig cfg;
    cfg.me = 0;
    cfg.inputDelay = delay;
    cfg.maxRollback = window;
    sim::FighterDef d[2];
    std::string error;
    for (int p = 0; p < 2; ++p) REQUIRE(nettest::dataLoader()(ryoVsBrick().fighter[p], d[p], error));
    return net::Session(cfg, ryoVsBrick(), d[0], d[1]);
}

/// The opponent's Input packet carrying its buttons for frames first.. (and its frame number).
net::Packet remoteInputs(std::uint32_t first, std::vector<std::uint16_t> buttons, std::uint32_t seq) {
    net::Packet p;
    p.seq = seq;
    p.firstFrame = first;
    p.senderFrame = first + std::uint32_t(buttons.size()) - 1;
    p.buttons = std::move(buttons);
    return p;
}

}  // namespace

TEST_CASE("a session stalls once it is the rollback window ahead of the opponent's known input") {
    net::Session s = session(0, 4);
    for (int i = 0; i < 4; ++i) CHECK(s.tick(0));
    CHECK_FALSE(s.tick(0));
    CHECK(s.frame() == 4);
    CHECK(s.stats(0).stallTicks == 1);
    s.receive(remoteInputs(1, {0}, 0), 0);  // one more frame known: one more frame may run
    CHECK(s.tick(0));
    CHECK_FALSE(s.tick(0));
}

TEST_CASE("a right prediction costs nothing and a wrong one rolls back exactly to its frame") {
    net::Session s = session(0, 8);
    for (int i = 0; i < 5; ++i) s.tick(0);
    s.receive(remoteInputs(1, {0, 0, 0, 0, 0}, 0), 100);  // the opponent held nothing: as predicted
    CHECK(s.stats(100).rollbacks == 0);
    CHECK(s.confirmedFrame() == 5);
    for (int i = 0; i < 3; ++i) s.tick(sim::kRight);                  // frames 6, 7, 8
    s.receive(remoteInputs(6, {0, sim::kLeft, sim::kLeft}, 1), 200);  // frame 7 was predicted wrong
    CHECK(s.stats(200).rollbacks == 1);
    CHECK(s.stats(200).rolledBackFrames == 2);  // frames 7 and 8 again
    CHECK(s.stats(200).longestRollback == 2);
    CHECK(s.confirmedFrame() == 8);
    s.tick(0);  // frame 9: the prediction is now the last known input, left
    s.receive(remoteInputs(9, {sim::kLeft}, 2), 300);
    CHECK(s.stats(300).rollbacks == 1);  // predicted right: no new rollback
    const std::vector<std::uint16_t> buttons[2] = {{0, 0, 0, 0, 0, 0, sim::kRight, sim::kRight, sim::kRight, 0},
                                                   {0, 0, 0, 0, 0, 0, 0, sim::kLeft, sim::kLeft, sim::kLeft}};
    CHECK(s.confirmedHashes() == nettest::offlineHashes(ryoVsBrick(), buttons, 9));
    CHECK(s.fight().hash() == s.confirmedHashes().back());
}

TEST_CASE("inputs after a gap wait, repeats are ignored, and the rollback counter sees each only once") {
    net::Session s = session(0, 8);
    for (int i = 0; i < 4; ++i) s.tick(0);
    s.receive(remoteInputs(3, {sim::kUp, sim::kUp}, 1), 0);  // frames 1-2 missing: cannot be used yet
    CHECK(s.confirmedFrame() == 0);
    CHECK(s.stats(0).rollbacks == 0);
    s.receive(remoteInputs(1, {0, 0, sim::kUp, sim::kUp}, 0), 0);  // the older packet, resent in full
    CHECK(s.confirmedFrame() == 4);
    CHECK(s.stats(0).rollbacks == 1);
    s.receive(remoteInputs(1, {0, 0, sim::kUp, sim::kUp}, 0), 0);  // a duplicate
    CHECK(s.stats(0).rollbacks == 1);
    CHECK(s.stats(0).packetsDuplicate == 1);
}

TEST_CASE("every packet repeats all inputs the opponent has not acknowledged") {
    net::Session s = session(2, 8);
    for (int i = 0; i < 5; ++i) s.tick(sim::kLight);
    net::Packet p = s.makePacket(0);
    CHECK(p.firstFrame == 1);
    CHECK(p.buttons ==
          std::vector<std::uint16_t>{0, 0, sim::kLight, sim::kLight, sim::kLight, sim::kLight, sim::kLight});
    net::Packet ack = remoteInputs(1, {0}, 0);
    ack.ackFrame = 4;
    s.receive(ack, 0);
    p = s.makePacket(0);
    CHECK(p.firstFrame == 5);
    CHECK(p.buttons.size() == 3);
}

TEST_CASE("a hash report for a frame not yet confirmed is checked when that frame is confirmed") {
    net::Session good = session(0, 8), bad = session(0, 8);
    std::vector<std::uint16_t> buttons[2] = {std::vector<std::uint16_t>(31, 0), std::vector<std::uint16_t>(31, 0)};
    const std::uint64_t right = nettest::offlineHashes(ryoVsBrick(), buttons, 30).back();
    net::Packet report = remoteInputs(1, {0}, 0);
    report.hashFrame = 30;
    report.hash = right;
    good.receive(report, 0);
    report.hash = right ^ 1;
    bad.receive(report, 0);
    for (net::Session* s : {&good, &bad}) {
        for (std::uint32_t f = 1; f <= 30; ++f) {
            s->tick(0);
            s->receive(remoteInputs(f, {0}, f), 0);
        }
        CHECK(s->confirmedFrame() == 30);
    }
    CHECK_FALSE(good.desynced());
    CHECK(bad.desynced());
    CHECK(bad.desyncFrame() == 30);
    CHECK_FALSE(bad.tick(0));  // a desynced session stops
}

TEST_CASE(
    "a hostile opponent's frame 1,000,000, an ack of frames never sent and a forged echo time are dropped and "
    "counted") {
    net::Session s = session(0, 8);
    for (int i = 0; i < 5; ++i) {
        s.tick(0);
        s.makePacket(1000 + i * 17);
    }
    net::Packet far = remoteInputs(1, {0, 0}, 0);
    far.senderFrame = 1000000;  // version 4 believed it: every later frame of ours became a rollback
    s.receive(far, 1100);
    net::Packet acked = remoteInputs(1, {0}, 1);
    acked.ackFrame = 500;  // we sent 5 frames
    s.receive(acked, 1100);
    net::Packet echo = remoteInputs(1, {0}, 2);
    echo.echoTime = 1000 - 9995 + 1;  // a send time we never had: a 9,995 ms ping
    s.receive(echo, 1100);
    CHECK(s.stats(1100).implausible == 3);
    CHECK(s.stats(1100).packetsReceived == 0);
    CHECK(s.stats(1100).pingMs < 0);
    CHECK(s.stats(1100).frameAdvantage == 0);
    net::Packet real = remoteInputs(1, {0, 0, 0}, 3);
    real.echoTime = 1000 + 17 + 1;  // the stamp of our second packet
    s.receive(real, 1100);
    CHECK(s.stats(1100).implausible == 3);
    CHECK(s.stats(1100).pingMs == 1100 - 1017);
    CHECK(s.confirmedFrame() == 3);
}
