// The lobby over the in-memory network with a fake clock: codes, refusals (wrong, expired, full, lobby full, slow,
// not yours), no secret in any answer, lost answers repeated, the byte layout of the messages and their decoder's
// bounds, and two peers meeting through it and playing the offline match. Floods and guessing: lobby_flood.test.cpp.
#include "shared_names.h"
#include "game/lobby/lobby_server.h"
#include "game/net/lobby_client.h"
#include "game/net/lobby_packet.h"
#include "net_test_util.h"

#include <doctest/doctest.h>

#include <sodium.h>

#include <set>

namespace {

using nettest::kLobby;

lobby::RandomSource osRandom() {
    return [](void* out, std::size_t n) {
        randombytes_buf(out, n);
        return true;
    };
}

/// Ticks the lobby and the clients every 5 ms until all clients are done or limitMs passes.
void run(lobby::Server& server, std::vector<net::LobbyClient*> clients, std::int64_t fromMs, std::int64_t limitMs) {
    for (std::int64_t t = fromMs; t <= limitMs; t += 5) {
        server.poll(t);
        bool working = false;
        for (net::LobbyClient* c : clients) {
            c->tick(t);
            working = working || c->state() == net::LobbyState::Working;
        }
        if (!working) return;
    }
}

net::LobbyClientConfig hostCfg() {
    net::LobbyClientConfig c;
    c.lobby = kLobby;
    c.role = net::LobbyRole::Host;
    c.locals = {0xc0a80002ULL << 16 | 7000};  // 192.168.0.2:7000
    return c;
}

net::LobbyClientConfig joinCfg(const std::string& code) {
    net::LobbyClientConfig c;
    c.lobby = kLobby;
    c.role = net::LobbyRole::Join;
    c.code = code;
    return c;
}

/// Sends m to the lobby and returns its one answer (decoded), or false; as an honest client, once more with the
/// cookie when the answer is a Retry.
bool ask(net::Transport& from, lobby::Server& server, net::LobbyMessage m, std::int64_t now, net::LobbyMessage& out) {
    for (int attempt = 0; attempt < 2; ++attempt) {
        const std::vector<std::uint8_t> bytes = net::encodeLobby(m);
        from.sendTo(kLobby, bytes.data(), bytes.size(), now);
        server.poll(now);
        std::vector<std::uint8_t> answer;
        net::Address sender = 0;
        if (!from.receive(answer, sender, now) || !net::decodeLobby(answer.data(), answer.size(), out)) return false;
        if (out.type != net::LobbyType::Retry) return true;
        m.cookie = out.cookie;
    }
    return false;
}

}  // namespace

TEST_CASE("lobby messages round-trip, and the decoder refuses short, long, padded and out-of-alphabet ones") {
    net::LobbyMessage m;
    m.type = net::LobbyType::Joined;
    m.nonce[0] = 9;
    m.self = 0x7f0000011234ULL;
    m.peer = 0x0a0000021f40ULL;
    m.locals = {1, 2, 3};
    m.relay = 0xcb0071010d96ULL;
    std::vector<std::uint8_t> bytes = net::encodeLobby(m);
    CHECK(bytes.size() == 4 + 16 + 6 + 6 + 1 + 18 + 6);  // header, nonce, self, peer, list, relay: no secret
    net::LobbyMessage out;
    REQUIRE(net::decodeLobby(bytes.data(), bytes.size(), out));
    CHECK(out.self == m.self);
    CHECK(out.peer == m.peer);
    CHECK(out.relay == m.relay);
    CHECK(out.locals == m.locals);
    CHECK(net::encodeLobby(out) == bytes);
    for (std::size_t n = 0; n < bytes.size(); ++n) CHECK_FALSE(net::decodeLobby(bytes.data(), n, out));
    bytes.push_back(0);
    CHECK_FALSE(net::decodeLobby(bytes.data(), bytes.size(), out));
    net::LobbyMessage join;
    join.type = net::LobbyType::Join;
    join.code = "ABCDEF";
    bytes = net::encodeLobby(join);
    REQUIRE(net::decodeLobby(bytes.data(), bytes.size(), out));
    bytes[36] = 'O';  // not in the alphabet (read as zero), after the header, the nonce and the cookie
    CHECK_FALSE(net::decodeLobby(bytes.data(), bytes.size(), out));
    bytes = net::encodeLobby(join);
    bytes[42] = 5;  // five local addresses: more than kMaxLocalAddresses
    CHECK_FALSE(net::decodeLobby(bytes.data(), bytes.size(), out));
    net::LobbyMessage status;  // the spectators' addresses ride at the end of a Status
    status.type = net::LobbyType::Status;
    status.watchers = {0x0a0000031b58ULL, 0x0a0000041b59ULL};
    bytes = net::encodeLobby(status);
    // header, nonce, peer, list, the joiner's relayed address, spectators, seconds, watchers
    CHECK(bytes.size() == 4 + 16 + 6 + 1 + 6 + 1 + 4 + 1 + 12);
    REQUIRE(net::decodeLobby(bytes.data(), bytes.size(), out));
    CHECK(out.watchers == status.watchers);
    bytes[bytes.size() - 13] = 5;  // five watchers: more than a list holds
    CHECK_FALSE(net::decodeLobby(bytes.data(), bytes.size(), out));
    bytes = net::encodeLobby(join);
    bytes[2] = 3;  // a version-3 Join (no cookie): not decoded (the lobby answers it with a Version answer)
    CHECK_FALSE(net::decodeLobby(bytes.data(), bytes.size(), out));
    CHECK(net::normalizeCode("ab c-d2") == "ABCD2");
    CHECK(net::validCode("ABCD23"));
    CHECK_FALSE(net::validCode("ABCD1O"));
}

TEST_CASE("version 4: requests carry the cookie, answers carry no secret, byte for byte as documented") {
    // Golden bytes written by hand from the layout in docs/netcode.md (Lobby): little-endian, `L B 4 TYPE`, the
    // 16-byte nonce, for a request the 16-byte cookie, then the body; an address is IPv4 << 16 | port in 6 bytes.
    const std::vector<std::uint8_t> nonce = {9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    const std::vector<std::uint8_t> cookie = {7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7};
    const std::vector<std::uint8_t> relay = {0x01, 0xc0, 0x01, 0x71, 0x00, 0xcb};  // 203.0.113.1:49153
    std::vector<std::uint8_t> join = {'L', 'B', 4, 2};
    join.insert(join.end(), nonce.begin(), nonce.end());
    join.insert(join.end(), cookie.begin(), cookie.end());
    for (char c : std::string("ABCDEF")) join.push_back(std::uint8_t(c));
    join.insert(join.end(), {1, 0x58, 0x1b, 0x02, 0x00, 0xa8, 0xc0});  // one local address: 192.168.0.2:7000
    join.insert(join.end(), relay.begin(), relay.end());
    net::LobbyMessage m;
    m.type = net::LobbyType::Join;
    m.nonce[0] = 9;
    m.cookie.fill(7);
    m.code = "ABCDEF";
    m.locals = {0xc0a80002ULL << 16 | 7000};
    m.relay = 0xcb007101ULL << 16 | 49153;
    CHECK(net::encodeLobby(m) == join);
    net::LobbyMessage out;
    REQUIRE(net::decodeLobby(join.data(), join.size(), out));
    CHECK(out.cookie == m.cookie);
    CHECK(out.relay == m.relay);
    std::vector<std::uint8_t> create = {'L', 'B', 4, 1};  // a private room, no local address, no relay
    create.insert(create.end(), nonce.begin(), nonce.end());
    create.insert(create.end(), cookie.begin(), cookie.end());
    create.insert(create.end(), {1, 0, 0, 0, 0, 0, 0, 0});
    m = net::LobbyMessage{};
    m.type = net::LobbyType::Create;
    m.nonce[0] = 9;
    m.cookie.fill(7);
    m.flags = net::kRoomPrivate;
    CHECK(net::encodeLobby(m) == create);
    create[36] = 2;  // an unknown flag
    CHECK_FALSE(net::decodeLobby(create.data(), create.size(), out));
    std::vector<std::uint8_t> retry = {'L', 'B', 4, 22};
    retry.insert(retry.end(), nonce.begin(), nonce.end());
    retry.insert(retry.end(), cookie.begin(), cookie.end());
    REQUIRE(net::decodeLobby(retry.data(), retry.size(), out));
    CHECK(out.type == net::LobbyType::Retry);
    CHECK(out.cookie == m.cookie);
    CHECK(retry.size() < create.size() - 7);  // a Retry is smaller than the smallest request (a Spectate: 43 bytes)
    std::vector<std::uint8_t> created = {'L', 'B', 4, 16};
    created.insert(created.end(), nonce.begin(), nonce.end());
    for (char c : std::string("ABCDEFGHJKLM")) created.push_back(std::uint8_t(c));  // code, spectator code
    created.insert(created.end(), cookie.begin(), cookie.end());                    // the host key
    created.insert(created.end(), {88, 2, 0, 0});                                   // 600 s
    created.insert(created.end(), relay.begin(), relay.end());                      // the host as seen
    REQUIRE(net::decodeLobby(created.data(), created.size(), out));
    CHECK(out.code == "ABCDEF");
    CHECK(out.watchCode == "GHJKLM");
    CHECK(out.secondsLeft == 600);
    CHECK(created.size() == 4 + 16 + 6 + 6 + 16 + 4 + 6);  // no secret
    const std::vector<std::uint8_t> version = net::encodeLobbyVersionAnswer(out.nonce);
    CHECK(version == std::vector<std::uint8_t>{'L', 'B', 4, 21, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4});
}

TEST_CASE(
    "a host gets a code, a joiner with the code gets the host's addresses after one Retry each, and the host learns "
    "the joiner's") {
    net::MemoryNetwork network;
    net::Transport& l = network.add(kLobby, {}, 1);
    net::Transport& h = network.add(nettest::kHost, {}, 2);
    net::Transport& j = network.add(nettest::kJoiner, {}, 3);
    lobby::Server server(l, {}, osRandom());
    net::LobbyClient host(h, hostCfg());
    run(server, {&host}, 0, 200);
    REQUIRE(host.code().size() == net::kCodeLength);
    CHECK(net::validCode(host.code()));
    CHECK(host.state() == net::LobbyState::Working);  // waiting for a joiner
    net::LobbyClientConfig jc = joinCfg(host.code());
    jc.relay = 0xcb007101ULL << 16 | 49153;  // the joiner's own relayed address reaches the host in its Status
    net::LobbyClient joiner(j, jc);
    run(server, {&host, &joiner}, 200, 3000);
    REQUIRE(joiner.state() == net::LobbyState::Ready);
    REQUIRE(host.state() == net::LobbyState::Ready);
    CHECK(joiner.candidates() == std::vector<net::Address>{nettest::kHost, 0xc0a80002ULL << 16 | 7000});
    CHECK(host.candidates().front() == nettest::kJoiner);
    CHECK(host.relay() == jc.relay);
    CHECK(joiner.relay() == 0);  // the host offered none
    CHECK(host.retries() == 1);
    CHECK(joiner.retries() == 1);
    CHECK(joiner.publicAddress() == nettest::kJoiner);
    CHECK(server.liveRooms() == 1);
}

TEST_CASE(
    "the lobby refuses a wrong code, a full room, an expired room, a full lobby and a stranger's poll, each with its "
    "reason") {
    net::MemoryNetwork network;
    net::Transport& l = network.add(kLobby, {}, 1);
    net::Transport& h = network.add(nettest::kHost, {}, 2);
    net::Transport& j = network.add(nettest::kJoiner, {}, 3);
    net::Transport& third = network.add(50, {}, 4);
    lobby::Limits limits;
    limits.maxRooms = 1;
    limits.lifetimeS = 10;
    lobby::Server server(l, limits, osRandom());
    net::LobbyClient host(h, hostCfg());
    run(server, {&host}, 0, 200);
    REQUIRE(!host.code().empty());
    std::string wrong = host.code();
    wrong[0] = wrong[0] == 'A' ? 'B' : 'A';
    net::LobbyClient lost(third, joinCfg(wrong));
    run(server, {&lost}, 200, 1000);
    CHECK(lost.error() == "lobby: no room has that code");
    net::LobbyClient joiner(j, joinCfg(host.code()));
    run(server, {&joiner}, 1000, 2000);
    REQUIRE(joiner.state() == net::LobbyState::Ready);
    net::LobbyClient late(third, joinCfg(host.code()));  // knows the code, comes second
    run(server, {&late}, 2000, 3000);
    CHECK(late.error() == "lobby: that room is full");
    net::LobbyClient other(third, hostCfg());
    run(server, {&other}, 3000, 4000);
    CHECK(other.error() == "lobby: the lobby is full: try again later");
    net::LobbyMessage poll, out;
    poll.type = net::LobbyType::Poll;
    poll.code = host.code();  // with a guessed host key
    REQUIRE(ask(third, server, poll, 4000, out));
    CHECK(out.type == net::LobbyType::Refused);
    CHECK(out.reason == net::LobbyRefusal::NotYours);
    net::LobbyClient tooLate(third, joinCfg(host.code()));
    run(server, {&tooLate}, 11000, 12000);  // the room lived 10 s
    CHECK(tooLate.error() == "lobby: that room has expired");
    CHECK(server.liveRooms() == 0);
    server.poll(25000);  // remembered as expired for a lifetime more, then forgotten
    CHECK(server.heldRooms() == 0);
}

TEST_CASE(
    "a lost answer is said again for the same request, and a new Create from the same address replaces its room") {
    net::MemoryNetwork network;
    net::Transport& l = network.add(kLobby, {}, 1);
    net::Transport& h = network.add(nettest::kHost, {}, 2);
    lobby::Server server(l, {}, osRandom());
    net::LobbyMessage create, first, again, other;
    create.type = net::LobbyType::Create;
    create.nonce[0] = 1;
    REQUIRE(ask(h, server, create, 0, first));
    REQUIRE(ask(h, server, create, 100, again));
    CHECK(first.type == net::LobbyType::Created);
    CHECK(again.code == first.code);
    CHECK(again.hostKey == first.hostKey);
    create.nonce[0] = 2;
    REQUIRE(ask(h, server, create, 200, other));
    CHECK(other.code != first.code);
    CHECK(server.liveRooms() == 1);
}

TEST_CASE("a source over its request rate is told to slow down once a second and then ignored") {
    net::MemoryNetwork network;
    net::Transport& l = network.add(kLobby, {}, 1);
    net::Transport& s = network.add(nettest::kHost, {}, 2);
    lobby::Limits limits;
    limits.ratePerSecond = 10;
    limits.burst = 5;
    lobby::Server server(l, limits, osRandom());
    net::LobbyMessage join;
    join.type = net::LobbyType::Poll;  // a host's poll of a room it has not got: each is a wrong code
    join.code = "ABCDEF";
    join.cookie = server.cookieFor(nettest::kHost, 0);  // its address already validated
    const std::vector<std::uint8_t> bytes = net::encodeLobby(join);
    for (int i = 0; i < 100; ++i) s.sendTo(kLobby, bytes.data(), bytes.size(), 0);
    server.poll(0);
    int answers = 0, slow = 0;
    std::vector<std::uint8_t> got;
    net::Address from = 0;
    while (s.receive(got, from, 1)) {
        net::LobbyMessage m;
        REQUIRE(net::decodeLobby(got.data(), got.size(), m));
        ++answers;
        slow += m.reason == net::LobbyRefusal::Slow;
    }
    CHECK(answers == 5 + 1);  // the burst answered (wrong code), then one "slow"
    CHECK(slow == 1);
    CHECK(server.counters().limited == 95);
    CHECK(server.counters().lookups == 5);  // the wrong-code burst is 5 too: both limits agree here
}

TEST_CASE("rooms get distinct codes") {
    net::MemoryNetwork network;
    net::Transport& l = network.add(kLobby, {}, 1);
    lobby::Limits limits;
    limits.ratePerSecond = 1e6;
    limits.burst = 1000000;
    limits.roomsPerAddress = 1000;
    lobby::Server server(l, limits, osRandom());
    std::set<std::string> codes;
    for (int i = 0; i < 500; ++i) {
        net::Transport& h = network.add(net::Address(1000 + i) << 16 | 7, {}, std::uint64_t(i));
        net::LobbyMessage create, out;
        create.type = net::LobbyType::Create;
        REQUIRE(ask(h, server, create, i, out));
        REQUIRE(out.type == net::LobbyType::Created);
        codes.insert(out.code);
    }
    CHECK(codes.size() == 500);
    CHECK(server.liveRooms() == 500);
}

TEST_CASE("two peers meet through the lobby by code and play the offline match") {
    net::MemoryNetwork network;
    net::Transport& l = network.add(kLobby, {}, 1);
    net::Transport& h = network.add(nettest::kHost, {}, 2);
    net::Transport& j = network.add(nettest::kJoiner, {}, 3);
    lobby::Server server(l, {}, osRandom());
    net::LobbyClient hostSide(h, hostCfg());
    run(server, {&hostSide}, 0, 200);
    net::LobbyClient joinSide(j, joinCfg(hostSide.code()));
    run(server, {&hostSide, &joinSide}, 200, 3000);
    REQUIRE(joinSide.state() == net::LobbyState::Ready);
    REQUIRE(hostSide.state() == net::LobbyState::Ready);
    net::PeerConfig hc, jc;
    hc.host = true;
    hc.fighter = "ryo";
    hc.frameLimit = 300;
    hc.punchTo = hostSide.candidates();
    jc = hc;
    jc.host = false;
    jc.fighter = "brick";
    jc.punchTo.clear();
    jc.hostAddress = joinSide.candidates().front();
    jc.hostCandidates = joinSide.candidates();  // the host's public and (unreachable here) local address
    net::NetPeer host(h, hc, nettest::dataLoader());
    net::NetPeer joiner(j, jc, nettest::dataLoader());
    const std::vector<std::uint16_t> buttons[2] = {nettest::randomButtons(11, 1000), nettest::randomButtons(12, 1000)};
    std::vector<nettest::Driven> d(2);
    d[0].peer = &host;
    d[0].buttons = &buttons[0];
    d[1].peer = &joiner;
    d[1].buttons = &buttons[1];
    d[1].nextUs = 100000;
    nettest::drive(d, 60000);
    CHECK(host.endMessage() == "match over");
    CHECK(joiner.endMessage() == "match over");
    CHECK(host.session()->confirmedHashes() == nettest::offlineHashes(host.setup(), buttons, 300));
    CHECK(joiner.session()->confirmedHashes() == host.session()->confirmedHashes());
}

TEST_CASE(
    "a joiner tries the host's relayed address only when the direct candidates stay silent, and then plays through "
    "it") {
    const std::vector<std::uint16_t> buttons[2] = {nettest::randomButtons(21, 400), nettest::randomButtons(22, 400)};
    for (const bool directWorks : {true, false}) {
        CAPTURE(directWorks);
        net::MemoryNetwork network;
        net::Transport& h = network.add(nettest::kHost, {}, 1);
        net::Transport& j = network.add(nettest::kJoiner, {}, 2);
        net::Transport& relayHole = network.add(77, {}, 3);  // stands for the relay address when the direct path works
        net::PeerConfig hc;
        hc.host = true;
        hc.fighter = "ryo";
        hc.frameLimit = 300;
        net::PeerConfig jc = hc;
        jc.host = false;
        jc.fighter = "brick";
        // Direct: the host's real address (or one nobody listens at); relay: where the host also is (or the hole).
        jc.hostAddress = directWorks ? nettest::kHost : 55;
        jc.hostCandidates = {jc.hostAddress};
        jc.relayCandidate = directWorks ? 77 : nettest::kHost;
        net::NetPeer host(h, hc, nettest::dataLoader());
        net::NetPeer joiner(j, jc, nettest::dataLoader());
        std::vector<nettest::Driven> d = nettest::drivers(host, joiner, buttons);
        nettest::drive(d, 60000);
        CHECK(host.endMessage() == "match over");
        CHECK(joiner.endMessage() == "match over");
        CHECK(joiner.session()->confirmedHashes() == host.session()->confirmedHashes());
        CHECK(joiner.throughRelayCandidate() == !directWorks);
        CHECK(joiner.peerAddress() == nettest::kHost);
        std::vector<std::uint8_t> got;
        net::Address from = 0;
        CHECK_FALSE(relayHole.receive(got, from, 1000000));  // the relay was never tried while the direct path answered
        if (!directWorks) CHECK(joiner.handshakeRttMs() >= 0);
    }
}

namespace {

/// The joiner's side of a TURN relay in memory: datagrams the host sends to the relayed address (the endpoint
/// `relayed`) come up as from `mapping` (the host's NAT mapping towards the relay as the relay reports it), and
/// what the joiner sends to `mapping` leaves from the relayed address: net::TurnTransport with directFirst, reduced.
class FakeJoinerRelay : public net::Transport {
public:
    FakeJoinerRelay(net::Transport& own, net::Transport& relayed, net::Address mapping)
        : own_(own), relayed_(relayed), mapping_(mapping) {}
    void sendTo(net::Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override {
        if (to == mapping_) return relayed_.sendTo(nettest::kHost, data, size, nowMs);
        own_.sendTo(to, data, size, nowMs);
    }
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t nowMs) override {
        for (int i = 0; i < 64 && relayed_.receive(data, from, nowMs); ++i) {
            if (from != nettest::kHost) continue;  // a permission for the host's IP only
            from = mapping_;
            ++heard;
            return true;
        }
        return own_.receive(data, from, nowMs);
    }
    int heard = 0;  ///< datagrams that came through the relay

private:
    net::Transport& own_;
    net::Transport& relayed_;
    net::Address mapping_;
};

}  // namespace

TEST_CASE(
    "a host punches the joiner's relayed address once no joiner came, and the joiner answers where that Punch came "
    "from") {
    const std::vector<std::uint16_t> buttons[2] = {nettest::randomButtons(31, 400), nettest::randomButtons(32, 400)};
    for (const int mode : {0, 1, 2}) {  // 0: the direct path works; 1: only the joiner's relay; 2: and no learning
        CAPTURE(mode);
        const bool direct = mode == 0, learn = mode != 2;
        net::MemoryNetwork network;
        net::Transport& h = network.add(nettest::kHost, {}, 1);
        net::Transport& j = network.add(nettest::kJoiner, {}, 2);
        net::Transport& relayed = network.add(77, {}, 3);  // the joiner's relayed address
        FakeJoinerRelay jt(j, relayed, 88);                // 88: the host as the relay sees it (no one else's)
        net::PeerConfig hc;
        hc.host = true;
        hc.fighter = "ryo";
        hc.frameLimit = 300;
        hc.secret = net::Key(32, 7);
        hc.punchTo = {direct ? nettest::kJoiner : 56};  // the joiner's public address (56: its NAT lets nothing in)
        hc.joinerRelay = 77;
        net::PeerConfig jc = hc;
        jc.host = false;
        jc.fighter = "brick";
        jc.hostAddress = direct ? nettest::kHost : 55;  // the host's public address (55: its NAT lets nothing in)
        jc.hostCandidates = {jc.hostAddress};
        jc.learnFromPunch = learn;
        net::NetPeer host(h, hc, nettest::dataLoader());
        net::NetPeer joiner(jt, jc, nettest::dataLoader());
        std::vector<nettest::Driven> d = nettest::drivers(host, joiner, buttons);
        nettest::drive(d, 60000);
        if (!learn) {  // without learning the Punch's source the joiner has nowhere to answer
            CHECK(joiner.endMessage() == "no answer from the host");
            continue;
        }
        CHECK(host.endMessage() == "match over");
        CHECK(joiner.endMessage() == "match over");
        CHECK(joiner.session()->confirmedHashes() == host.session()->confirmedHashes());
        CHECK(host.peerAddress() == (direct ? nettest::kJoiner : 77));
        CHECK(joiner.peerAddress() == (direct ? nettest::kHost : 88));
        CHECK((jt.heard > 0) == !direct);  // the relay is punched only when no joiner came within joinerRelayAfterMs
        CHECK(joiner.handshakeRttMs() >= 0);
    }
}

namespace {

/// Ticks the lobby, a host that keeps polling (its answers read as the match's demultiplexer does) and other clients.
void runPolling(lobby::Server& server, net::LobbyClient& host, net::Transport& hostEnd,
                std::vector<net::LobbyClient*> others, std::int64_t fromMs, std::int64_t toMs) {
    std::vector<std::uint8_t> data;
    net::Address from = 0;
    for (std::int64_t t = fromMs; t <= toMs; t += 5) {
        server.poll(t);
        host.tick(t);
        if (host.state() == net::LobbyState::Ready) {
            while (hostEnd.receive(data, from, t)) host.handle(data.data(), data.size(), from, t);
        }
        for (net::LobbyClient* c : others) c->tick(t);
    }
}

struct Room {
    net::MemoryNetwork network;
    net::Transport& l = network.add(kLobby, {}, 1);
    net::Transport& h = network.add(nettest::kHost, {}, 2);
    net::Transport& j = network.add(nettest::kJoiner, {}, 3);
    net::Transport& k = network.add(7, {}, 4);  // the next joiner with the code
    lobby::Server server{l, {}, osRandom()};
    std::unique_ptr<net::LobbyClient> host, joiner;
    Room() {
        net::LobbyClientConfig hc = hostCfg();
        hc.keepPolling = true;
        hc.pollEveryMs = 100;
        host = std::make_unique<net::LobbyClient>(h, hc);
        run(server, {host.get()}, 0, 200);
        joiner = std::make_unique<net::LobbyClient>(j, joinCfg(host->code()));
        runPolling(server, *host, h, {joiner.get()}, 200, 1000);
        REQUIRE(host->state() == net::LobbyState::Ready);
        REQUIRE(joiner->state() == net::LobbyState::Ready);
    }
};

}  // namespace

TEST_CASE("a joiner that gives up frees the room's seat, and its host hears it from its next Status") {
    Room room;
    CHECK_FALSE(room.host->joinerLeft());
    net::LobbyClient late(room.k, joinCfg(room.host->code()));
    runPolling(room.server, *room.host, room.h, {&late}, 1000, 1500);
    CHECK(late.error() == "lobby: that room is full");  // the seat is taken
    room.joiner->leave(1500);
    runPolling(room.server, *room.host, room.h, {}, 1500, 1800);
    CHECK(room.host->joinerLeft());  // before today: the host waited out its whole wait
    CHECK(room.server.counters().seatsFreed == 1);
    net::LobbyClient next(room.k, joinCfg(room.host->code()));
    runPolling(room.server, *room.host, room.h, {&next}, 1800, 2500);
    CHECK(next.state() == net::LobbyState::Ready);
    CHECK_FALSE(room.host->joinerLeft());
    CHECK(room.host->joiners() == 2);
    CHECK(room.host->candidates().front() == 7);
}

TEST_CASE("a host lets go of a joiner it refused: the next joiner with the code sits down; nobody else frees a seat") {
    Room room;
    // A third party that knows the code (and has a cookie) cannot free the seat: only the host or the joiner can.
    net::LobbyClient stranger(room.k, joinCfg(room.host->code()));
    runPolling(room.server, *room.host, room.h, {&stranger}, 1000, 1200);
    REQUIRE(stranger.error() == "lobby: that room is full");
    net::LobbyMessage leave;
    leave.type = net::LobbyType::Leave;
    leave.code = room.host->code();
    net::LobbyMessage answer;
    REQUIRE(ask(room.k, room.server, leave, 1200, answer));
    CHECK(answer.type == net::LobbyType::Refused);
    CHECK(answer.reason == net::LobbyRefusal::NotYours);
    CHECK(room.server.counters().seatsFreed == 0);
    room.host->leave(1300);  // the host refused that joiner (or heard no handshake from it)
    net::LobbyClient next(room.k, joinCfg(room.host->code()));
    runPolling(room.server, *room.host, room.h, {&next}, 1300, 2000);
    CHECK(next.state() == net::LobbyState::Ready);
    CHECK(room.server.counters().seatsFreed == 1);
    CHECK_FALSE(room.host->joinerLeft());  // its own doing, not the joiner giving up
    CHECK(room.host->joiners() == 2);
    CHECK(room.host->candidates().front() == 7);
}
