// The lobby under the attacks it must hold against, in memory with a fake clock: spoofed floods (rooms, the
// per-address table, seats and spectator places), code guessing from many validated sources, amplification towards
// unvalidated addresses, and other protocol versions. Each attack succeeded against lobby protocol 3 (no cookie,
// per-address state made for any source, the room secret in the answers).
#include "shared_names.h"
#include "game/lobby/lobby_server.h"
#include "game/net/lobby_client.h"
#include "game/net/lobby_packet.h"
#include "game/net/memory_transport.h"

#include <doctest/doctest.h>
#include <sodium.h>

#include <deque>
#include <functional>
#include <map>

namespace {

using nettest::kLobby;

constexpr net::Address kHost = 0x0a000001ULL << 16 | 7000;     // 10.0.0.1:7000
constexpr net::Address kJoiner = 0x0a000002ULL << 16 | 7000;   // 10.0.0.2:7000
constexpr net::Address kWatcher = 0x0a000003ULL << 16 | 7000;  // 10.0.0.3:7000

/// Randomness from a fixed seed, so a run is the same every time (codes, guesses).
class SeededRandom {
public:
    explicit SeededRandom(std::uint8_t seed) { seed_.fill(seed); }
    bool operator()(void* out, std::size_t n) {
        std::uint8_t nonce[crypto_stream_chacha20_NONCEBYTES] = {};
        for (int i = 0; i < 8; ++i) nonce[i] = std::uint8_t(counter_ >> (8 * i));
        ++counter_;
        crypto_stream_chacha20(static_cast<unsigned char*>(out), n, nonce, seed_.data());
        return true;
    }

private:
    std::array<std::uint8_t, crypto_stream_chacha20_KEYBYTES> seed_{};
    std::uint64_t counter_ = 0;
};

lobby::RandomSource seeded(std::uint8_t seed) {
    auto r = std::make_shared<SeededRandom>(seed);
    return [r](void* out, std::size_t n) { return (*r)(out, n); };
}

/// The lobby's side of the network: datagrams injected from any claimed source address come first (the attacker's
/// flood ahead of the honest clients in the socket's queue), then the in-memory network's. Answers to the honest
/// clients go back through the network; the others are only counted, per address, in bytes and in datagrams.
class FloodTransport : public net::Transport {
public:
    explicit FloodTransport(net::Transport& inner) : inner_(inner) {}
    void inject(net::Address from, std::vector<std::uint8_t> bytes) {
        receivedBytes[from] += bytes.size();
        queue_.push_back({from, std::move(bytes)});
    }
    void sendTo(net::Address to, const std::uint8_t* data, std::size_t size, std::int64_t nowMs) override {
        if (to == kHost || to == kJoiner || to == kWatcher) return inner_.sendTo(to, data, size, nowMs);
        sentBytes[to] += size;
        last[to].assign(data, data + size);
        ++sent;
    }
    bool receive(std::vector<std::uint8_t>& data, net::Address& from, std::int64_t nowMs) override {
        if (queue_.empty()) return inner_.receive(data, from, nowMs);
        from = queue_.front().first;
        data = std::move(queue_.front().second);
        queue_.pop_front();
        return true;
    }
    std::map<net::Address, std::size_t> receivedBytes, sentBytes;
    std::map<net::Address, std::vector<std::uint8_t>> last;  ///< the last answer to each address
    std::int64_t sent = 0;

private:
    net::Transport& inner_;
    std::deque<std::pair<net::Address, std::vector<std::uint8_t>>> queue_;
};

/// The lobby, its flood transport and honest clients on one in-memory network.
struct Bench {
    net::MemoryNetwork network;
    net::Transport& lobbyEnd = network.add(kLobby, {}, 1);
    net::Transport& hostEnd = network.add(kHost, {}, 2);
    net::Transport& joinerEnd = network.add(kJoiner, {}, 3);
    net::Transport& watcherEnd = network.add(kWatcher, {}, 4);
    FloodTransport flood{lobbyEnd};
    lobby::Server server;
    explicit Bench(const lobby::Limits& limits = {}) : server(flood, limits, seeded(1)) {}
};

net::LobbyClientConfig clientCfg(net::LobbyRole role, const std::string& code = "") {
    net::LobbyClientConfig c;
    c.lobby = kLobby;
    c.role = role;
    c.code = code;
    return c;
}

net::LobbyMessage request(net::LobbyType type, const std::string& code = "") {
    net::LobbyMessage m;
    m.type = type;
    m.code = code;
    return m;
}

/// Hands the lobby m from `from` with the cookie the lobby gives that address (a source that receives there) and
/// returns the lobby's answer to it.
net::LobbyMessage validated(Bench& b, net::Address from, net::LobbyMessage m, std::int64_t nowMs) {
    m.cookie = b.server.cookieFor(from, nowMs);
    b.flood.inject(from, net::encodeLobby(m));
    b.server.poll(nowMs);
    net::LobbyMessage out;
    out.type = net::LobbyType::Create;  // not an answer: no answer came
    const auto it = b.flood.last.find(from);
    if (it != b.flood.last.end()) net::decodeLobby(it->second.data(), it->second.size(), out);
    b.flood.last.erase(from);
    return out;
}

/// Ticks the lobby and the clients every 5 ms from fromMs until done() or untilMs; `each` runs first in every tick
/// (the attacker's datagrams). Returns the time it stopped at.
template <typename Each, typename Done>
std::int64_t run(Bench& b, std::vector<net::LobbyClient*> clients, std::int64_t fromMs, std::int64_t untilMs, Each each,
                 Done done) {
    for (std::int64_t t = fromMs; t <= untilMs; t += 5) {
        each(t);
        b.server.poll(t, 1 << 20);
        for (net::LobbyClient* c : clients) c->tick(t);
        if (done()) return t;
    }
    return untilMs;
}

void idle(std::int64_t) {}

/// Done once no client is still working, or (a host) has its code.
std::function<bool()> settled(std::vector<net::LobbyClient*> clients) {
    return [clients] {
        for (net::LobbyClient* c : clients) {
            if (c->state() == net::LobbyState::Working && c->code().empty()) return false;
        }
        return true;
    };
}

/// A spoofed source: one of 250 addresses (192.0.2.x, 198.51.100.x) the attacker never receives at.
net::Address spoofed(int i) { return (0xc6336400ULL + std::uint64_t(i % 250)) << 16 | std::uint64_t(1000 + i % 50000); }

/// 500 datagrams (100,000 a second at a 5 ms tick) from the 250 spoofed sources: Creates, Joins and Spectates of
/// a known code with made-up cookies, and one-byte junk.
void spoofedFlood(Bench& b, std::int64_t t, const std::string& knownCode, std::uint8_t& junk) {
    for (int i = 0; i < 500; ++i) {
        net::LobbyMessage m = request(i % 4 == 0   ? net::LobbyType::Create
                                      : i % 4 == 1 ? net::LobbyType::Join
                                                   : net::LobbyType::Spectate,
                                      knownCode);
        if (m.code.empty() && m.type != net::LobbyType::Create) m.code = "ABCDEF";
        m.cookie.fill(std::uint8_t(t + i));
        m.nonce[0] = std::uint8_t(i);
        b.flood.inject(spoofed(int(t) + i), i % 4 == 3 ? std::vector<std::uint8_t>{junk++} : net::encodeLobby(m));
    }
}

}  // namespace

TEST_CASE("10,000 spoofed Creates from 250 addresses make no room, and a real host still gets one") {
    Bench b;
    for (int i = 0; i < 10000; ++i) {
        net::LobbyMessage m = request(net::LobbyType::Create);
        m.nonce[0] = std::uint8_t(i);
        b.flood.inject(spoofed(i), net::encodeLobby(m));
    }
    b.server.poll(0, 1 << 20);
    CHECK(b.server.liveRooms() == 0);  // protocol 3 made 10,000 rooms here and then refused every real host
    CHECK(b.flood.sent <= 250 * b.server.limits().retriesPerSecond);  // Retries, a few per spoofed address
    net::LobbyClient host(b.hostEnd, clientCfg(net::LobbyRole::Host));
    const std::int64_t at = run(b, {&host}, 5, 2000, idle, settled({&host}));
    CHECK(at < 2000);
    CHECK(net::validCode(host.code()));
    CHECK(b.server.liveRooms() == 1);
}

TEST_CASE("one validated address keeps at most its share of live rooms, however fast it asks within its rate") {
    Bench b;
    int created = 0;
    for (int i = 0; i < 20 * 60; ++i) {  // 20 Creates a second for a minute, each from a new port of one address
        const net::Address from = 0xcb007105ULL << 16 | std::uint64_t(2000 + i);
        created += validated(b, from, request(net::LobbyType::Create), i * 50).type == net::LobbyType::Created;
    }
    CHECK(created == b.server.limits().roomsPerAddress);
    CHECK(b.server.liveRooms() == 8);
}

TEST_CASE(
    "101,000 one-byte datagrams and 101,000 Creates from new spoofed addresses fill no table, and a new player is "
    "answered at once") {
    Bench b;
    for (int i = 0; i < 101000; ++i)
        b.flood.inject(net::Address(0x0b000000ULL + std::uint64_t(i)) << 16 | 9, {std::uint8_t(i)});
    for (int i = 0; i < 101000; ++i) {
        b.flood.inject(net::Address(0x0c000000ULL + std::uint64_t(i)) << 16 | 9,
                       net::encodeLobby(request(net::LobbyType::Create)));
    }
    b.server.poll(0, 1 << 20);
    CHECK(b.server.counters().malformed == 101000);
    CHECK(b.server.counters().retries == 101000);  // one each: a Retry no larger than what came
    net::LobbyClient host(b.hostEnd, clientCfg(net::LobbyRole::Host));
    const std::int64_t at = run(b, {&host}, 5, 2000, idle, settled({&host}));
    CHECK(at <= 15);  // two round trips (Retry, then Created) at a 5 ms tick; protocol 3 answered nobody new for 10 s
    CHECK(!host.code().empty());
}

TEST_CASE(
    "the address table makes room for a new address by evicting the least recently seen of its set, never refusing "
    "it") {
    std::array<std::uint8_t, 16> key{};
    lobby::AddressTable table(8, key);
    lobby::AddressState fresh;
    fresh.requests.tokens = 3;
    for (std::uint32_t ip = 1; ip <= 100; ++ip) {
        lobby::AddressState& s = table.at(ip, ip, fresh);
        CHECK(s.ip == ip);
        CHECK(s.requests.tokens == 3);
        s.requests.tokens = 0;  // spent
    }
    CHECK(table.evictions() == 100 - 8);
    CHECK(table.at(100, 101, fresh).requests.tokens == 0);  // the newest is still held, with its state
}

TEST_CASE("a spoofed Join from the host's address takes no seat, and four spoofed Spectates fill no place") {
    Bench b;
    net::LobbyClient host(b.hostEnd, clientCfg(net::LobbyRole::Host));
    run(b, {&host}, 0, 500, idle, settled({&host}));
    REQUIRE(!host.code().empty());
    for (int i = 0; i < 4; ++i) {  // the attacker knows the code (it was leaked) but receives at none of these
        net::LobbyMessage spectate = request(net::LobbyType::Spectate, host.code());
        spectate.cookie.fill(std::uint8_t(i + 1));
        b.flood.inject(spoofed(i), net::encodeLobby(spectate));
    }
    net::LobbyMessage squat = request(net::LobbyType::Join, host.code());
    b.flood.inject(kHost + 1, net::encodeLobby(squat));  // next to the host, as from its NAT
    b.server.poll(505);
    CHECK(b.server.counters().joined == 0);
    CHECK(b.server.counters().spectating == 0);
    net::LobbyClient joiner(b.joinerEnd, clientCfg(net::LobbyRole::Join, host.code()));
    net::LobbyClient watcher(b.watcherEnd, clientCfg(net::LobbyRole::Spectate, host.code()));
    run(b, {&host, &joiner, &watcher}, 510, 2500, idle, settled({&joiner, &watcher}));
    CHECK(joiner.state() == net::LobbyState::Ready);  // protocol 3: "that room is full"
    CHECK(watcher.state() == net::LobbyState::Ready);
}

TEST_CASE("an unvalidated address is never answered with more bytes than it sent, whatever it sends") {
    Bench b;
    b.server.poll(0);
    const std::string code = validated(b, 0xcb007109ULL << 16 | 5, request(net::LobbyType::Create), 0).code;
    REQUIRE(net::validCode(code));
    int i = 0;
    for (net::LobbyType type : {net::LobbyType::Create, net::LobbyType::Join, net::LobbyType::Spectate,
                                net::LobbyType::Poll, net::LobbyType::Close}) {
        for (const bool knownCode : {false, true}) {
            net::LobbyMessage m = request(type, knownCode ? code : "ABCDEF");
            std::vector<std::uint8_t> bytes = net::encodeLobby(m);
            b.flood.inject(spoofed(i++), bytes);
            bytes[2] = 3;  // and as another version
            b.flood.inject(spoofed(i++), bytes);
        }
    }
    for (int n = 0; n < 1000; ++n)
        b.flood.inject(spoofed(i++ % 7), net::encodeLobby(request(net::LobbyType::Spectate, code)));
    b.server.poll(1, 1 << 20);
    std::size_t in = 0, out = 0;
    for (int k = 0; k < i; ++k) {
        const net::Address a = spoofed(k);
        CAPTURE(k);
        CHECK(b.flood.sentBytes[a] <= b.flood.receivedBytes[a]);
        in += b.flood.receivedBytes[a];
        out += b.flood.sentBytes[a];
    }
    CHECK(out > 0);  // they were answered (with Retry and Version), within the bound
    CHECK(out <= in);
    CHECK(b.server.liveRooms() == 1);
    CHECK(b.server.counters().spectating == 0);
}

TEST_CASE("a request of protocol 3 gets a Version answer, and a client told of another version says to update") {
    Bench b;
    net::LobbyMessage m = request(net::LobbyType::Join, "ABCDEF");
    m.nonce[3] = 42;
    std::vector<std::uint8_t> bytes = net::encodeLobby(m);
    std::vector<std::uint8_t> old(bytes.begin(), bytes.begin() + 20);  // a protocol-3 Join: header, nonce, body
    old[2] = 3;
    old.insert(old.end(), bytes.begin() + 36, bytes.end());
    b.flood.inject(0xcb00710aULL << 16 | 5, old);
    b.server.poll(0);
    CHECK(b.server.counters().outdated == 1);
    CHECK(b.flood.last[0xcb00710aULL << 16 | 5] == net::encodeLobbyVersionAnswer(m.nonce));
    // A game of this version talking to a lobby of version 5 (whose Version answer starts as ours does).
    net::MemoryNetwork network;
    net::Transport& fakeLobby = network.add(kLobby, {}, 1);
    net::Transport& j = network.add(kJoiner, {}, 2);
    net::LobbyClient joiner(j, clientCfg(net::LobbyRole::Join, "ABCDEF"));
    joiner.tick(0);
    std::vector<std::uint8_t> got;
    net::Address from = 0;
    REQUIRE(fakeLobby.receive(got, from, 0));
    net::Nonce nonce{};
    std::copy(got.begin() + 4, got.begin() + 20, nonce.begin());
    std::vector<std::uint8_t> answer = net::encodeLobbyVersionAnswer(nonce);
    answer[2] = answer[20] = 5;
    fakeLobby.sendTo(kJoiner, answer.data(), answer.size(), 0);
    joiner.tick(1);
    CHECK(joiner.state() == net::LobbyState::Failed);
    CHECK(joiner.error() ==
          "lobby: this game is too old for the lobby: update the game (lobby protocol 5, this game's 4)");
}

TEST_CASE("a private room's spectators need its spectator code: its room code shows them nothing") {
    Bench b;
    net::LobbyClientConfig hc = clientCfg(net::LobbyRole::Host);
    hc.privateRoom = true;
    net::LobbyClient host(b.hostEnd, hc);
    run(b, {&host}, 0, 500, idle, settled({&host}));
    REQUIRE(net::validCode(host.watchCode()));
    CHECK(host.watchCode() != host.code());
    net::LobbyClient byRoomCode(b.watcherEnd, clientCfg(net::LobbyRole::Spectate, host.code()));
    run(b, {&host, &byRoomCode}, 500, 1500, idle, settled({&byRoomCode}));
    CHECK(byRoomCode.error() == "lobby: no room has that code");
    net::LobbyClient joinBySpectatorCode(b.joinerEnd, clientCfg(net::LobbyRole::Join, host.watchCode()));
    run(b, {&host, &joinBySpectatorCode}, 1500, 2500, idle, settled({&joinBySpectatorCode}));
    CHECK(joinBySpectatorCode.error() == "lobby: no room has that code");
    net::LobbyClient watcher(b.watcherEnd, clientCfg(net::LobbyRole::Spectate, host.watchCode()));
    run(b, {&host, &watcher}, 2500, 3500, idle, settled({&watcher}));
    CHECK(watcher.state() == net::LobbyState::Ready);
    CHECK(watcher.candidates().front() == kHost);
}

TEST_CASE(
    "under 250 spoofed sources at 100,000 datagrams a second and 500 guessing sources, a real host and joiner meet "
    "within 2 s and no guess succeeds") {
    Bench b;
    // 9,992 live rooms from 1,249 validated host addresses (8 each, the limit), as in the measured attack.
    std::vector<std::string> codes;
    for (int i = 0; i < 9992; ++i) {
        const net::Address host = (0x64000000ULL + std::uint64_t(i / 8)) << 16 | std::uint64_t(3000 + i % 8);
        codes.push_back(validated(b, host, request(net::LobbyType::Create), 0).code);
    }
    REQUIRE(b.server.liveRooms() == 9992);
    // 500 guessing sources (real addresses: they receive their cookies), 20 random codes a second each: 10,000 a
    // second in all, for 12 s. The real host and joiner come at 1 s, while the spoofed flood also runs (1 s to 3 s).
    constexpr std::int64_t kSeconds = 12;
    SeededRandom guesses(2);
    std::vector<std::uint8_t> letters(500 * 6);
    auto guess = [&](std::int64_t t) {
        if (t % 50 != 0) return;  // every 50 ms, one guess from each source
        guesses(letters.data(), letters.size());
        for (int s = 0; s < 500; ++s) {
            net::LobbyMessage m = request(net::LobbyType::Join, "");
            for (int k = 0; k < 6; ++k) m.code += net::kCodeAlphabet[letters[std::size_t(s * 6 + k)] % 32];
            m.cookie = b.server.cookieFor((0x05000000ULL + std::uint64_t(s)) << 16 | 4000, t);
            b.flood.inject((0x05000000ULL + std::uint64_t(s)) << 16 | 4000, net::encodeLobby(m));
        }
    };
    std::uint8_t junk = 0;
    run(b, {}, 5, 995, guess, [] { return false; });
    net::LobbyClient host(b.hostEnd, clientCfg(net::LobbyRole::Host));
    std::string known;
    auto attack = [&](std::int64_t t) {
        guess(t);
        if (t < 3000) spoofedFlood(b, t, known, junk);
    };
    const std::int64_t created = run(b, {&host}, 1000, 3000, attack, settled({&host}));
    REQUIRE(!host.code().empty());
    known = host.code();  // the attacker knows it at once
    net::LobbyClient joiner(b.joinerEnd, clientCfg(net::LobbyRole::Join, host.code()));
    const std::int64_t met = run(b, {&host, &joiner}, created + 5, 3000, attack, [&] {
        return host.state() != net::LobbyState::Working && joiner.state() != net::LobbyState::Working;
    });
    CHECK(created - 1000 < 2000);
    CHECK(joiner.state() == net::LobbyState::Ready);
    CHECK(host.state() == net::LobbyState::Ready);
    CHECK(met - created < 2000);
    run(b, {}, met + 5, kSeconds * 1000, guess, [] { return false; });
    // Hand-worked bound on codes looked up: the lobby's wrong-code budget (a burst of 100, then 20 a second for
    // kSeconds), plus one first lookup from each of the 500 sources and the real clients' own lookups.
    CHECK(b.server.counters().lookups <= 100 + 20 * kSeconds + 500 + 100);
    CHECK(b.server.counters().joined == 1);  // the real joiner only: no guess took a seat
    CHECK(b.server.liveRooms() == 9993);
}
