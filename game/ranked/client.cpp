// A player's side of the matchmaking service (see client.h).
#include "game/ranked/client.h"

#include "game/ranked/service.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <thread>

namespace ranked {

std::int64_t wallClockMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

bool keyFromHex(const std::string& hex, net::IdentityKey& out) {
    if (hex.size() != out.size() * 2 || hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
        return false;
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = std::uint8_t(std::strtoul(hex.substr(i * 2, 2).c_str(), nullptr, 16));
    return true;
}

// ok match ID KIND KEY1 KEY2 FIGHTER1 FIGHTER2 [SEED LOBBYPORT ROOM]
bool parseMatchFound(const std::string& text, MatchFound& out) {
    std::istringstream in(text);
    std::string ok, match, id, kind, k[2], f[2];
    if (!(in >> ok >> match >> id >> kind >> k[0] >> k[1] >> f[0] >> f[1])) return false;
    if (ok != "ok" || match != "match" || (kind != "ranked" && kind != "unranked")) return false;
    if (id.empty() || id.size() > 19 || id.find_first_not_of("0123456789") != std::string::npos) return false;
    MatchFound m;
    m.id = std::strtoll(id.c_str(), nullptr, 10);
    m.ranked = kind == "ranked";
    for (int p = 0; p < 2; ++p) {
        if (!keyFromHex(k[p], m.key[p])) return false;
        m.fighter[p] = f[p];
    }
    std::string room, latency;
    if (in >> m.seed >> m.lobbyPort >> room) {
        if (m.lobbyPort < 0 || m.lobbyPort > 65535) return false;
        m.room = room == "-" ? "" : room;
        if (in >> latency && latency.size() <= 5 && latency.find_first_not_of("0123456789") == std::string::npos)
            m.latencyMs = std::atoi(latency.c_str());
        std::getline(in >> std::ws, m.found);
        if (m.found.rfind("found ", 0) != 0 || m.found.size() > 120) m.found.clear();
    } else {
        m.seed = 1, m.lobbyPort = 0;
    }
    out = m;
    return true;
}

int seatOf(const MatchFound& m, const net::IdentityKey& me) { return me == m.key[0] ? 0 : me == m.key[1] ? 1 : -1; }

MatchPlan planMatch(const MatchFound& m, int seat, const std::string& service) {
    MatchPlan plan;
    plan.host = seat == 0;
    const std::size_t colon = service.rfind(':');
    plan.lobby = service.substr(0, colon) + ":" + std::to_string(m.lobbyPort);
    plan.opponent = net::fingerprint(m.key[seat == 0 ? 1 : 0]);
    MatchRecord r;
    r.fighter[0] = m.fighter[0];
    r.fighter[1] = m.fighter[1];
    r.seed = m.seed;
    plan.setup = matchSetupOf(r, serviceBaseSetup());
    plan.matchId = m.id;
    return plan;
}

// name NAME / code FP / rating R D GAMES provisional|established / rank N
bool parsePlayerCard(const std::string& text, PlayerCard& out) {
    std::istringstream in(text);
    std::string line;
    PlayerCard c;
    int seen = 0;
    while (std::getline(in, line)) {
        const std::size_t space = line.find(' ');
        const std::string word = line.substr(0, space), rest = space == std::string::npos ? "" : line.substr(space + 1);
        std::istringstream values(rest);
        if (word == "name" && !rest.empty()) c.name = rest, seen |= 1;
        if (word == "code" && values >> c.code) seen |= 2;
        std::string kind;
        if (word == "rating" && values >> c.rating >> c.deviation >> c.games >> kind) {
            c.provisional = kind == "provisional";
            seen |= 4;
        }
        if (word == "rank" && values >> c.rank) seen |= 8;
    }
    if (seen != 15) return false;
    out = c;
    return true;
}

// ID STATE WINNER FIGHTER1 FIGHTER2 CHANGE1 CHANGE2 [KEY1 KEY2] per match, then `name KEY NAME` per player
std::vector<HistoryRow> parseHistory(const std::string& text) {
    std::vector<HistoryRow> rows;
    std::map<std::string, std::string> names;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("name ", 0) == 0) {
            const std::size_t space = line.find(' ', 5);
            if (space != std::string::npos && space + 1 < line.size())
                names[line.substr(5, space - 5)] = line.substr(space + 1);
            continue;
        }
        std::istringstream words(line);
        HistoryRow r;
        if (!(words >> r.id >> r.state >> r.winner >> r.fighter[0] >> r.fighter[1] >> r.change[0] >> r.change[1]))
            continue;
        words >> r.player[0] >> r.player[1];
        rows.push_back(r);
    }
    for (HistoryRow& r : rows)
        for (int p = 0; p < 2; ++p) {
            const auto it = names.find(r.player[p]);
            if (it != names.end() && !r.player[p].empty()) r.name[p] = it->second;
        }
    return rows;
}

bool findHistoryRow(const std::string& page, std::int64_t id, HistoryRow& out) {
    for (const HistoryRow& r : parseHistory(page))
        if (r.id == id) return out = r, true;
    return false;
}

ServiceAnswer RankedClient::request(int kind, const std::string& body) {
    const Request r = signRequest(me_, RequestKind(kind), body, clockMs_());
    ServiceAnswer a = call_("POST", "/request", requestText(r));
    if (a.reached && a.roundTripMs >= 0) {
        std::lock_guard<std::mutex> guard(roundTrips_->lock);
        auto& s = roundTrips_->samples;
        s.push_back(a.roundTripMs);
        if (s.size() > kRoundTripSamples) s.erase(s.begin());
    }
    return a;
}

int RankedClient::roundTripMs() const {
    std::vector<std::int64_t> s;
    {
        std::lock_guard<std::mutex> guard(roundTrips_->lock);
        s = roundTrips_->samples;
    }
    if (s.empty()) return -1;
    std::sort(s.begin(), s.end());
    return int(std::clamp<std::int64_t>(s[s.size() / 2], 0, kMaxStatedRttMs));
}

ServiceAnswer RankedClient::hello() { return request(int(RequestKind::Hello), ""); }

ServiceAnswer RankedClient::queue(const std::string& kind, const std::string& fighter, const std::string& rules) {
    // A call that measures (HTTP) gets a median of three at least; an in-process one says no round trip.
    for (int extra = 0; extra < 3; ++extra) {
        std::size_t measured = 0;
        {
            std::lock_guard<std::mutex> guard(roundTrips_->lock);
            measured = roundTrips_->samples.size();
        }
        if (measured == 0 || measured >= 3 || !poll().reached) break;
    }
    const int rtt = roundTripMs();
    return request(int(RequestKind::Queue),
                   kind + " " + fighter + " " + rules + (rtt >= 0 ? " " + std::to_string(rtt) : ""));
}

ServiceAnswer RankedClient::poll() { return request(int(RequestKind::Poll), ""); }

ServiceAnswer RankedClient::leave() { return request(int(RequestKind::Leave), ""); }

ServiceAnswer RankedClient::challenge(const std::string& code, const std::string& fighter) {
    return request(int(RequestKind::Challenge), code + " " + fighter);
}

ServiceAnswer RankedClient::room(std::int64_t matchId, const std::string& code) {
    return request(int(RequestKind::Room), std::to_string(matchId) + " " + code);
}

ServiceAnswer RankedClient::checkpoint(std::int64_t matchId, const Claims& claims) {
    std::string body = std::to_string(matchId);
    char pair[48];
    for (const auto& [frame, hash] : claims) {
        std::snprintf(pair, sizeof pair, " %lld %016llx", static_cast<long long>(frame),
                      static_cast<unsigned long long>(hash));
        body += pair;
    }
    return request(int(RequestKind::Checkpoint), body);
}

ServiceAnswer RankedClient::result(std::int64_t matchId, const std::string& rules, const std::string& recording,
                                   const std::vector<net::Countersign>& countersigns) {
    SignedLog log = signLog(me_, matchId, rules, recording);
    log.countersigns = countersigns;
    const Request r = signRequest(me_, RequestKind::Result, resultBody(log), clockMs_());
    return call_("POST", "/request", requestText(r));
}

ServiceAnswer RankedClient::player(const net::IdentityKey& key) { return call_("GET", "/player/" + keyHex(key), ""); }

ServiceAnswer RankedClient::history(const net::IdentityKey& key) { return call_("GET", "/history/" + keyHex(key), ""); }

ServiceAnswer RankedClient::replay(std::int64_t matchId) {
    return call_("GET", "/replay/" + std::to_string(matchId), "");
}

// A client waiting at kPollMs spends no more than the service refills: waiting never runs out of requests.
static_assert(kPollMs * kRequestsPerMinute >= 60000, "a waiting client would outrun the service's request rate");

bool refusedForNow(const ServiceAnswer& a) {
    if (!a.reached || a.ok()) return false;
    if (a.status == 429) return true;  // the address's limit (bvh_matchd), before the service reads the request
    const std::string why = a.text.rfind("refused ", 0) == 0 ? a.text.substr(8) : a.text;
    for (const char* passing : {"too many requests", "the service is busy", kStoreRefusal})
        if (why.rfind(passing, 0) == 0) return true;
    return false;
}

Pacing realPacing() {
    return {[] {
                return std::int64_t(std::chrono::duration_cast<std::chrono::milliseconds>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count());
            },
            [](std::int64_t ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }};
}

ServiceAnswer sendPersisting(const std::function<ServiceAnswer()>& send, const Persistence& how, const Pacing& pace,
                             const std::function<void(const ServiceAnswer&)>& refused) {
    const std::int64_t start = pace.nowMs();
    ServiceAnswer a = send();
    for (int sent = 1; refusedForNow(a); ++sent) {
        if (refused) refused(a);
        if (sent >= how.sends || pace.nowMs() + how.apartMs - start > how.withinMs) break;
        pace.wait(how.apartMs);
        a = send();
    }
    return a;
}

bool Resends::again(const ServiceAnswer& a, const Persistence& how, std::int64_t nowMs) {
    if (!refusedForNow(a)) {
        sent_ = 0;
        return false;
    }
    if (sent_++ == 0) firstMs_ = nowMs;
    if (sent_ >= how.sends || nowMs + how.apartMs - firstMs_ > how.withinMs) {
        sent_ = 0;
        return false;
    }
    dueMs_ = nowMs + how.apartMs;
    return true;
}

ServiceAnswer joinQueue(RankedClient& client, const std::string& kind, const std::string& fighter,
                        const std::string& rules, const Pacing& pace,
                        const std::function<void(const char* request, const ServiceAnswer&)>& refused) {
    const auto tell = [&refused](const char* request) {
        return [&refused, request](const ServiceAnswer& a) {
            if (refused) refused(request, a);
        };
    };
    const ServiceAnswer hello =
        sendPersisting([&] { return client.hello(); }, kRequestPersistence, pace, tell("Hello"));
    if (!hello.ok()) return hello;
    return sendPersisting([&] { return client.queue(kind, fighter, rules); }, kRequestPersistence, pace, tell("Queue"));
}

bool awaitMatch(RankedClient& client, const Pacing& pace, std::int64_t waitMs, MatchFound& out) {
    const std::int64_t start = pace.nowMs();
    while (pace.nowMs() - start < waitMs) {
        pace.wait(kPollMs);
        if (parseMatchFound(client.poll().text, out)) return true;
    }
    return false;
}

std::string awaitRoom(RankedClient& client, std::int64_t matchId, const Pacing& pace, std::int64_t waitMs) {
    const std::int64_t start = pace.nowMs();
    MatchFound m;
    while (pace.nowMs() - start < waitMs) {
        if (parseMatchFound(client.poll().text, m) && m.id == matchId && !m.room.empty()) return m.room;
        pace.wait(kPollMs);
    }
    return "";
}

ServiceAnswer nameRoom(RankedClient& client, std::int64_t matchId, const std::string& code, const Pacing& pace,
                       const std::function<void(const ServiceAnswer&)>& refused) {
    return sendPersisting([&] { return client.room(matchId, code); }, kRequestPersistence, pace, refused);
}

ServiceAnswer sendLog(RankedClient& client, std::int64_t matchId, const std::string& rules,
                      const std::string& recording, const std::vector<net::Countersign>& countersigns,
                      const Pacing& pace, const std::function<void(const ServiceAnswer&)>& refused) {
    return sendPersisting([&] { return client.result(matchId, rules, recording, countersigns); }, kLogPersistence, pace,
                          refused);
}

bool awaitDecision(RankedClient& client, std::int64_t matchId, const Pacing& pace, std::int64_t waitMs,
                   HistoryRow& row) {
    const std::int64_t start = pace.nowMs();
    while (pace.nowMs() - start < waitMs) {
        if (findHistoryRow(client.history(client.identity().publicKey).text, matchId, row) && row.state != "open")
            return true;
        pace.wait(kPollMs);
    }
    return false;
}

ClaimSender::ClaimSender(RankedClient client, std::int64_t matchId, Pacing pace)
    : client_(std::move(client)), matchId_(matchId), pace_(std::move(pace)), thread_([this] { run(); }) {}

ClaimSender::~ClaimSender() {
    {
        std::lock_guard<std::mutex> guard(mutex_);
        done_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void ClaimSender::send(Claims claims) {
    {
        std::lock_guard<std::mutex> guard(mutex_);
        queue_.push_back(std::move(claims));
    }
    wake_.notify_one();
}

void ClaimSender::run() {
    while (true) {
        Claims next;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            wake_.wait(lock, [this] { return done_ || !queue_.empty(); });
            if (queue_.empty()) return;
            next = std::move(queue_.front());
            queue_.pop_front();
        }
        // A call makes its own connection: nothing shared with the peer. A batch the rate limit refused goes again
        // (the waits hold up the result only once the match is over, and are bounded).
        sendPersisting([&] { return client_.checkpoint(matchId_, next); }, kRequestPersistence, pace_);
    }
}

}  // namespace ranked
