#include "game/ranked/service.h"

#include "game/net/crypto/random.h"
#include "game/net/crypto/sha256.h"
#include "game/net/lobby_packet.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace ranked {
namespace {

constexpr std::size_t kMaxNonces = 1000000;  // within 2 x 30 s: over 16,000 requests a second before refusing
constexpr std::size_t kMaxBuckets = 100000;

std::uint64_t random64() {
    std::uint64_t v = 0;
    while (v == 0) net::crypto::randomBytes(&v, sizeof v);
    return v;
}

bool hexToSignature(const std::string& hex, net::Signature& out) {
    if (hex.size() != out.size() * 2) return false;
    for (std::size_t i = 0; i < out.size(); ++i) {
        char* end = nullptr;
        const std::string byte = hex.substr(i * 2, 2);
        out[i] = std::uint8_t(std::strtoul(byte.c_str(), &end, 16));
        if (end != byte.c_str() + 2) return false;
    }
    return true;
}

std::string signatureHex(const net::Signature& s) {
    std::string out;
    char buf[3];
    for (std::uint8_t b : s) {
        std::snprintf(buf, sizeof buf, "%02x", b);
        out += buf;
    }
    return out;
}

}  // namespace

std::array<std::uint8_t, 32> requestDigest(const Request& r) {
    net::crypto::Sha256 h;
    const std::string head = "bvh-ranked-request 1\n" + std::to_string(int(r.kind)) + "\n" + keyHex(r.key) + "\n" +
                             r.name + "\n" + std::to_string(r.nonce) + "\n" + std::to_string(r.timeMs) + "\n";
    h.update(head.data(), head.size());
    h.update(r.body.data(), r.body.size());
    return h.finish();
}

Request signRequest(const net::Identity& id, RequestKind kind, const std::string& body, std::int64_t timeMs) {
    Request r;
    r.kind = kind;
    r.key = id.publicKey;
    r.name = kind == RequestKind::Hello ? id.name : "";
    r.nonce = random64();
    r.timeMs = timeMs;
    r.body = body;
    r.signature = net::signDigest(id, requestDigest(r));
    return r;
}

std::string requestText(const Request& r) {
    return "bvh-ranked-request 1\nkind " + std::to_string(int(r.kind)) + "\nkey " + keyHex(r.key) + "\nname " + r.name +
           "\nnonce " + std::to_string(r.nonce) + "\ntime " + std::to_string(r.timeMs) + "\nsignature " +
           signatureHex(r.signature) + "\nbody " + std::to_string(r.body.size()) + "\n" + r.body;
}

namespace {

// One `WORD VALUE` header line at `at`; moves at past it.
bool headerLine(const std::string& text, std::size_t& at, const char* word, std::string& value) {
    const std::size_t end = text.find('\n', at);
    const std::string w = std::string(word) + " ";
    if (end == std::string::npos || end - at > 200 || text.compare(at, w.size(), w) != 0) return false;
    value = text.substr(at + w.size(), end - at - w.size());
    at = end + 1;
    return true;
}

bool decimal(const std::string& s, std::uint64_t& out) {
    if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos) return false;
    out = std::strtoull(s.c_str(), nullptr, 10);
    return true;
}

bool hexKey(const std::string& hex, net::IdentityKey& out) {
    net::Signature wide{};
    if (hex.size() != out.size() * 2) return false;
    if (!hexToSignature(hex + hex, wide)) return false;
    std::copy(wide.begin(), wide.begin() + out.size(), out.begin());
    return true;
}

}  // namespace

bool parseRequestText(const std::string& text, std::size_t maxBody, Request& out, std::string& why) {
    static const char* kWords[] = {"kind", "key", "name", "nonce", "time", "signature", "body"};
    std::size_t at = 0;
    if (text.compare(0, 21, "bvh-ranked-request 1\n") != 0) {
        why = "request:1: expected `bvh-ranked-request 1`";
        return false;
    }
    at = 21;
    std::string v[7];
    for (int i = 0; i < 7; ++i)
        if (!headerLine(text, at, kWords[i], v[i])) {
            why = "request:" + std::to_string(i + 2) + ": expected `" + kWords[i] + " ...`";
            return false;
        }
    std::uint64_t kind = 0, nonce = 0, time = 0, bytes = 0;
    const bool ok = decimal(v[0], kind) && kind >= 1 && kind <= 8;
    if (!ok || !hexKey(v[1], out.key) || !decimal(v[3], nonce) || !decimal(v[4], time) ||
        !hexToSignature(v[5], out.signature) || !decimal(v[6], bytes)) {
        why = "request: a bad kind, key, nonce, time, signature or body length";
        return false;
    }
    if (bytes > maxBody || bytes != text.size() - at) {
        why = "request:8: the body is " + std::to_string(text.size() - at) + " bytes, not " + v[6].substr(0, 20) +
              " (at most " + std::to_string(maxBody) + ")";
        return false;
    }
    out.kind = RequestKind(kind);
    out.name = v[2];
    out.nonce = nonce;
    out.timeMs = std::int64_t(time);
    out.body = text.substr(at);
    return true;
}

std::string resultBody(const SignedLog& log) {
    return std::to_string(log.matchId) + "\n" + signatureHex(log.signature) + "\n" +
           net::countersignText(log.countersigns) + log.recording;
}

namespace {

// The `countersign` lines at the start of a Result's rest (before the recording's `fightreplay`): their text.
std::string countersignLines(const std::string& body, std::size_t& at) {
    const std::size_t from = at;
    static const std::string kWord = "countersign ";
    while (body.compare(at, kWord.size(), kWord) == 0) {
        const std::size_t end = body.find('\n', at);
        at = end == std::string::npos ? body.size() : end + 1;
    }
    return body.substr(from, at - from);
}

}  // namespace

// Bounds, time, signature, nonce, rate: in that order, so a forged flood costs one signature check each and
// fills no table.
std::string MatchService::authenticate(const Request& r, std::int64_t nowMs) {
    if (r.body.size() > config_.maxBody)
        return "the request is larger than " + std::to_string(config_.maxBody) + " bytes";
    if (r.name.size() > net::kMaxPlayerNameLength) return "the name is longer than 24 bytes";
    if (r.timeMs < nowMs - config_.clockSkewMs || r.timeMs > nowMs + config_.clockSkewMs)
        return "the request's time is more than " + std::to_string(config_.clockSkewMs / 1000) +
               " s from the service's (check the clock)";
    if (!net::verifyDigest(r.key, requestDigest(r), r.signature)) return "the request's signature does not check";
    const std::string id = keyHex(r.key);
    while (!nonceOrder_.empty() && nonceOrder_.front().first < nowMs - 2 * config_.clockSkewMs) {
        nonces_.erase(nonceOrder_.front().second);
        nonceOrder_.pop_front();
    }
    if (nonces_.count({id, r.nonce})) return "a request seen before (replayed)";
    if (nonces_.size() >= kMaxNonces) return "the service is busy; try again in a minute";
    auto& bucket = buckets_[id];
    if (bucket.second == 0) bucket = {double(config_.burst), nowMs};
    bucket.first =
        std::min(double(config_.burst), bucket.first + double(nowMs - bucket.second) * config_.perMinute / 60000.0);
    bucket.second = nowMs;
    if (bucket.first < 1.0) return "too many requests; wait a little";
    bucket.first -= 1.0;
    if (buckets_.size() > kMaxBuckets)
        for (auto it = buckets_.begin(); it != buckets_.end();)
            it = nowMs - it->second.second > 60000 ? buckets_.erase(it) : std::next(it);
    nonces_.insert({id, r.nonce});
    nonceOrder_.push_back({nowMs, {id, r.nonce}});
    return "";
}

namespace {

// A look-up that found no such row is the request's fault (`missing`, said once); any other failure is the
// database's (a lost connection, a disk error) and marked `the store: `, as a failed write is, so the client sends the
// request again (client.h, refusedForNow).
Reply lookupRefused(const std::string& why, const std::string& missing) {
    return isUnknownRow(why) ? Reply{false, missing} : storeRefused(why);
}

// A write the store refused: its own refusal `own` (a second log from one side, too many checkpoints, a player
// already in the shared queue) is the
// request's and said as it is; any other is the database's (a full disk, a lost connection), marked `the store: ` so
// the player sends it again (client.h, refusedForNow).
Reply writeRefused(const std::string& why, const char* own) {
    return why == own ? Reply{false, why} : storeRefused(why);
}

}  // namespace

void MatchService::storeFailed(const std::string& why) const {
    if (config_.onStoreFailure) config_.onStoreFailure(why);
}

// Every refusal marked `the store: ` is the database's failure: said to onStoreFailure as well as to the player.
Reply MatchService::handle(const Request& r, std::int64_t nowMs) {
    static const std::string kStore = kStoreRefusal;
    Reply reply = carryOut(r, nowMs);
    if (!reply.ok && reply.text.rfind(kStore, 0) == 0) storeFailed(reply.text.substr(kStore.size()));
    return reply;
}

Reply MatchService::carryOut(const Request& r, std::int64_t nowMs) {
    const std::string refused = authenticate(r, nowMs);
    if (!refused.empty()) return {false, refused};
    const std::string id = keyHex(r.key);
    std::string why;
    PlayerRecord known;
    if (r.kind == RequestKind::Hello) {
        if (!net::validPlayerName(r.name)) return {false, "a name is 1..24 letters, digits, spaces or _-."};
        PlayerRecord p{id, r.name, net::fingerprint(r.key), {}};
        if (!store_.savePlayer(p, why)) return storeRefused(why);
        return {true, "welcome " + r.name + ", your code is " + p.code};
    }
    if (!store_.player(id, known, why)) return lookupRefused(why, "say hello first (" + why + ")");
    switch (r.kind) {
    case RequestKind::Queue: return queue(id, r, nowMs);
    case RequestKind::Leave: return leave(id);
    case RequestKind::Challenge: return challenge(id, r.body, nowMs);
    case RequestKind::Result: return result(r, nowMs);
    case RequestKind::Poll: return poll(id);
    case RequestKind::Room: return room(id, r.body);
    case RequestKind::Checkpoint: return checkpoint(id, r.body);
    default: return {false, "unknown request kind"};
    }
}

// Out of the queue (this process's, or the shared one) and out of a challenge. Both are tried; a store failing
// either is refused `the store: REASON` (what was done stays done), so the player is not told it left a queue or a
// challenge the store may still hold, and may send the Leave again.
Reply MatchService::leave(const std::string& id) {
    std::string challengeWhy, queueWhy = kNotWaiting;
    const bool challenged = store_.withdrawChallenge(id, challengeWhy);
    bool left = waiting_.erase(id) && (quick_.leave(id) || ranked_.leave(id));
    if (!left && config_.sharedQueue) left = store_.dequeue(id, queueWhy);
    if (!challenged && challengeWhy != kNoChallenge) return storeRefused(challengeWhy);
    if (!left && queueWhy != kNotWaiting) return storeRefused(queueWhy);
    if (left) return {true, "left the queue"};
    if (challenged) return {true, "challenge withdrawn"};
    return {false, kNotWaiting};
}

// The player's match while it is open (from the store: any process may have made it), else whether it waits. A
// match the store cannot read now is the store's failure, not idle: the player asks again.
Reply MatchService::poll(const std::string& id) {
    std::string why, room;
    bool waiting = waiting_.count(id) != 0;
    if (!waiting && config_.sharedQueue && !store_.isQueued(id, waiting, why)) return storeRefused(why);
    if (waiting) return {true, "waiting"};
    std::int64_t matchId = 0;
    MatchStart start;
    if (!store_.assignment(id, matchId, start.room, why)) return storeRefused(why);
    if (matchId == 0) return {true, "idle"};
    const bool known = store_.match(matchId, start.match, why);
    if (!known && !isUnknownRow(why)) return storeRefused(why);
    if (!known || start.match.state != "open") return {true, "idle"};  // no such match, or it is over
    std::string found;
    if (!foundLine(start.match, id, found, why)) return storeRefused(why);
    return {true, matchAnswer(start, config_.lobbyPort) + (found.empty() ? "" : " " + found)};
}

PlayerLatency MatchService::latencyOf(const std::string& address, int rttMs) const {
    return PlayerLatency{rttMs, address.empty() ? -1 : config_.regions.regionOf(address)};
}

namespace {

// A Queue's optional round trip: "" (not said: -1) or whole milliseconds up to kMaxStatedRttMs.
bool statedRtt(const std::string& word, int& rttMs) {
    rttMs = -1;
    if (word.empty()) return true;
    if (word.size() > 5 || word.find_first_not_of("0123456789") != std::string::npos) return false;
    rttMs = std::atoi(word.c_str());
    return rttMs <= kMaxStatedRttMs;
}

}  // namespace

Reply MatchService::queue(const std::string& id, const Request& r, std::int64_t nowMs) {
    std::istringstream words(r.body.substr(0, 200));
    std::string kind, fighter, rules, rtt;
    words >> kind >> fighter >> rules >> rtt;
    if (kind != "quick" && kind != "ranked")
        return {false, "queue must be quick or ranked, not '" + kind.substr(0, 16) + "'"};
    if (rules != config_.rules.rules)
        return {false, "this service simulates rules " + config_.rules.rules.substr(0, 16) + ", your build " +
                           rules.substr(0, 16) + " (update the game or the service)"};
    if (!config_.rules.fighter(fighter)) return {false, "no fighter '" + fighter.substr(0, 24) + "' on this service"};
    PlayerLatency latency;
    if (!statedRtt(rtt, latency.rttMs))
        return {false, "a round trip is whole milliseconds up to " + std::to_string(kMaxStatedRttMs) + ", not '" +
                           rtt.substr(0, 16) + "'"};
    latency = latencyOf(r.address, latency.rttMs);
    if (waiting_.count(id)) return {false, kAlreadyWaiting};
    PlayerRecord p;
    std::string why;
    if (!store_.player(id, p, why)) return lookupRefused(why, why);
    if (config_.sharedQueue) {  // the pairing pass of any process takes it from the table
        const std::string region = latency.region < 0 ? "" : config_.regions.regionName(latency.region);
        if (!store_.enqueue(QueuedPlayer{id, kind, fighter, p.rating.rating, nowMs, latency.rttMs, region}, why))
            return writeRefused(why, kAlreadyWaiting);
        return {true, "waiting for a " + kind + " match"};
    }
    const std::string refused = (kind == "ranked" ? ranked_ : quick_).join(id, p.rating.rating, nowMs, latency);
    if (!refused.empty()) return {false, refused};
    waiting_[id] = Waiting{fighter, kind == "ranked"};
    return {true, "waiting for a " + kind + " match"};
}

Reply MatchService::challenge(const std::string& id, const std::string& body, std::int64_t nowMs) {
    const std::size_t space = body.find(' ');
    const std::string code = body.substr(0, space), fighter = space == std::string::npos ? "" : body.substr(space + 1);
    if (!config_.rules.fighter(fighter)) return {false, "no fighter '" + fighter.substr(0, 24) + "' on this service"};
    std::string target, why;
    if (!store_.playerByCode(code.substr(0, 32), target, why)) return lookupRefused(why, why);
    if (target == id) return {false, "that is your own code"};
    // In the store, so the two may reach different processes: the second challenge of a pair makes the match.
    bool matched = false;
    MatchStart start;
    const auto make = [&] { return newMatch(false, nowMs); };
    if (!store_.challenge(id, target, fighter, nowMs, nowMs - config_.challengeLifeMs, make, start.match, matched, why))
        return storeRefused(why);
    if (!matched) return {true, "challenge sent; waiting for them to enter your code"};
    madeByChallenge_.push_back(start);
    return {true, "match " + std::to_string(start.match.id)};
}

std::string matchAnswer(const MatchStart& m, int lobbyPort) {
    const MatchRecord& r = m.match;
    return "match " + std::to_string(r.id) + " " + (r.ranked ? "ranked" : "unranked") + " " + r.player[0] + " " +
           r.player[1] + " " + r.fighter[0] + " " + r.fighter[1] + " " + std::to_string(r.seed) + " " +
           std::to_string(lobbyPort) + " " + (m.room.empty() ? "-" : m.room) + " " +
           (r.latencyMs < 0 ? "-" : std::to_string(r.latencyMs));
}

// Whom the asker was paired with, in words: `found Ann (1520), about 40 ms` ("" for an opponent the store does not
// know); false with why when the store fails to read the opponent.
bool MatchService::foundLine(const MatchRecord& m, const std::string& asker, std::string& line, std::string& why) {
    PlayerRecord other;
    const std::string& id = m.player[0] == asker ? m.player[1] : m.player[0];
    line.clear();
    if (!store_.player(id, other, why)) return isUnknownRow(why);
    char rating[24];
    std::snprintf(rating, sizeof rating, "%.0f", other.rating.rating);
    line = "found " + other.name + " (" + rating + "), " +
           (m.latencyMs < 0 ? std::string("latency unknown") : "about " + std::to_string(m.latencyMs) + " ms");
    return true;
}

// p1 hosts the match's lobby room and names it here; p2's next Poll answers it, and p2 joins with that code.
Reply MatchService::room(const std::string& id, const std::string& body) {
    std::istringstream words(body.substr(0, 100));
    std::int64_t matchId = 0, mine = 0;
    std::string code, room, why;
    words >> matchId >> code;
    MatchRecord m;
    const std::string notYours = "match " + std::to_string(matchId) + " is not being set up for you";
    if (!store_.assignment(id, mine, room, why)) return storeRefused(why);
    if (mine != matchId || matchId == 0) return {false, notYours};
    if (!store_.match(matchId, m, why)) return lookupRefused(why, notYours);
    if (m.state != "open") return {false, notYours};
    if (m.player[0] != id) return {false, "p1 hosts the match: only p1 names its room"};
    code = net::normalizeCode(code);
    if (!net::validCode(code)) return {false, "not a lobby room code"};
    if (!store_.setRoom(matchId, code, why)) return storeRefused(why);
    return {true, "room " + code + " for match " + std::to_string(matchId)};
}

// A player's hashes during an open match it plays: kept (the first claim of a frame stands) to tell two consistent
// but different logs apart at the end.
Reply MatchService::checkpoint(const std::string& id, const std::string& body) {
    std::istringstream words(body.substr(0, 64 * 40 + 24));
    std::int64_t matchId = 0;
    words >> matchId;
    MatchRecord m;
    std::string why;
    const std::string notYours = "match " + std::to_string(matchId) + " is not an open match of yours";
    if (!store_.match(matchId, m, why)) return lookupRefused(why, notYours);
    if (m.state != "open" || (m.player[0] != id && m.player[1] != id)) return {false, notYours};
    Claims claims;
    for (std::string frame, hash; claims.size() < 64 && words >> frame >> hash;) {
        std::uint64_t f = 0;
        if (!decimal(frame, f) || f == 0 || f > 100000000 || hash.size() != 16 ||
            hash.find_first_not_of("0123456789abcdef") != std::string::npos)
            return {false, "a checkpoint is FRAME HASH (16 hex digits), not '" + frame.substr(0, 20) + " " +
                               hash.substr(0, 20) + "'"};
        claims[std::int64_t(f)] = std::strtoull(hash.c_str(), nullptr, 16);
    }
    if (claims.empty()) return {false, "no checkpoint"};
    if (!store_.addClaims(matchId, m.player[0] == id ? 0 : 1, claims, why)) return writeRefused(why, kTooManyClaims);
    return {true, std::to_string(claims.size()) + " checkpoints for match " + std::to_string(matchId)};
}

MatchRecord MatchService::newMatch(bool ranked, std::int64_t nowMs) const {
    MatchRecord m;
    m.id = std::int64_t(random64() >> 1);
    m.seed = random64();
    m.rules = config_.rules.rules;
    m.ranked = ranked;
    m.created = nowMs / 1000;
    return m;
}

bool MatchService::startMatch(const Pairing& p, bool ranked, std::int64_t nowMs, MatchStart& out, std::string& why) {
    const std::string &a = p.player[0], &b = p.player[1];
    MatchRecord& m = out.match;
    m = newMatch(ranked, nowMs);  // created: the history lists a player's matches newest first
    m.player[0] = a;
    m.player[1] = b;
    m.latencyMs = p.latencyMs;
    out.waitedMs[0] = p.waitedMs[0];
    out.waitedMs[1] = p.waitedMs[1];
    m.fighter[0] = waiting_[a].fighter;
    m.fighter[1] = waiting_[b].fighter;
    if (!store_.createMatch(m, why)) return false;  // the two still wait (tick puts them back in the queue)
    waiting_.erase(a);
    waiting_.erase(b);
    return true;
}

std::size_t MatchService::queued() const {
    std::int64_t shared = 0;
    std::string why;
    if (config_.sharedQueue && !store_.queued(shared, why)) storeFailed(why);
    return quick_.size() + ranked_.size() + std::size_t(shared);
}

// One pass over the shared queue's longest waiting of a kind that no other process holds: the same pairing rules
// as the in-memory queue, the matches written in the transaction that takes the players out of the table.
void MatchService::pairShared(const std::string& kind, std::int64_t nowMs, std::vector<MatchStart>& made) {
    const QueueRules& rules = kind == "ranked" ? config_.ranked : config_.quick;
    std::map<std::string, std::int64_t> joined;
    const ChoosePairs choose = [&](const std::vector<QueuedPlayer>& waiting) {
        MatchQueue q(rules, &config_.regions);
        std::map<std::string, std::size_t> index;
        for (std::size_t i = 0; i < waiting.size(); ++i) {
            const QueuedPlayer& w = waiting[i];
            q.join(w.player, w.rating, w.joinedMs, PlayerLatency{w.rttMs, config_.regions.regionIndex(w.region)});
            index[waiting[i].player] = i;
            joined[waiting[i].player] = waiting[i].joinedMs;
        }
        std::vector<std::pair<std::size_t, std::size_t>> pairs;
        for (const Pairing& p : q.pair(nowMs)) pairs.emplace_back(index[p.player[0]], index[p.player[1]]);
        return pairs;
    };
    const MakeMatch make = [&](const QueuedPlayer& a, const QueuedPlayer& b) {
        MatchRecord m = newMatch(kind == "ranked", nowMs);
        m.latencyMs = config_.regions.estimateMs({a.rttMs, config_.regions.regionIndex(a.region)},
                                                 {b.rttMs, config_.regions.regionIndex(b.region)});
        return m;
    };
    std::vector<MatchRecord> matches;
    std::string why;
    if (!store_.pairQueue(kind, config_.pairBatch, choose, make, matches, why))
        return storeFailed(why);  // tried again next tick
    for (const MatchRecord& m : matches) {
        MatchStart start;
        start.match = m;
        for (int p = 0; p < 2; ++p) start.waitedMs[p] = nowMs - joined[m.player[p]];
        made.push_back(start);
    }
}

std::vector<MatchStart> MatchService::tick(std::int64_t nowMs) {
    std::vector<MatchStart> made = std::move(madeByChallenge_);
    madeByChallenge_.clear();
    for (MatchQueue* q : {&quick_, &ranked_}) {
        for (const Pairing& p : q->pair(nowMs)) {
            MatchStart start;
            std::string why;
            if (startMatch(p, q == &ranked_, nowMs, start, why)) {
                made.push_back(start);
                continue;
            }
            // No match was written (a store failure): both wait on where they were, for the next tick to pair.
            q->putBack(p.player[0]);
            q->putBack(p.player[1]);
            storeFailed(why);
        }
    }
    if (config_.sharedQueue)
        for (const char* kind : {"quick", "ranked"}) pairShared(kind, nowMs, made);
    std::vector<std::int64_t> due;
    std::string why;
    if (store_.matchesToDecide(nowMs - config_.logDeadlineMs, due, why)) due_.insert(due.begin(), due.end());
    else storeFailed(why);
    expireStale(nowMs);
    return made;
}

Decision expiryDecision(const StaleMatch& s) {
    Decision d;
    d.matchId = s.id;
    d.state = "void";
    if (!s.seen[0] && !s.seen[1]) {
        d.flags = "nobody connected";
    } else if (s.seen[0] && s.seen[1]) {
        d.flags = "no log from either player";
    } else {
        const int absent = s.seen[0] ? 1 : 0;
        d.state = "forfeit";
        d.winner = 1 - absent;
        d.flags = std::string(absent ? "p2" : "p1") + " never showed: the loss is theirs (no log, not rated)";
    }
    return d;
}

// Closes the open matches past their deadlines (store_.decide() takes each once: when several processes share the
// store, whichever ticks first closes it and the others are refused `already decided`).
void MatchService::expireStale(std::int64_t nowMs) {
    std::vector<StaleMatch> stale;
    std::string why;
    if (!store_.staleMatches((nowMs - config_.connectDeadlineMs) / 1000, (nowMs - config_.matchDeadlineMs) / 1000,
                             stale, why))
        return storeFailed(why);  // tried again next tick
    for (const StaleMatch& s : stale)
        if (!store_.decide(expiryDecision(s), why) && !isDecidedOrUnknown(why)) storeFailed(why);
}

Reply MatchService::result(const Request& r, std::int64_t nowMs) {
    const std::size_t a = r.body.find('\n'), b = a == std::string::npos ? a : r.body.find('\n', a + 1);
    if (b == std::string::npos) return {false, "a result is MATCHID, the log's signature and the recording"};
    SignedLog log;
    log.matchId = std::strtoll(r.body.substr(0, a).c_str(), nullptr, 10);
    log.signer = r.key;
    std::size_t at = b + 1;
    const std::string countersigns = countersignLines(r.body, at);
    log.recording = r.body.substr(at);
    if (!hexToSignature(r.body.substr(a + 1, b - a - 1), log.signature))
        return {false, "the log's signature is not 128 hex digits"};
    std::string why;
    if (!net::parseCountersigns(countersigns, log.countersigns, why)) return {false, why};
    MatchRecord m;
    if (!store_.match(log.matchId, m, why)) return lookupRefused(why, why);
    AdmittedLog admitted;
    const std::string refused = admitLog(m, log, config_.rules, admitted);
    if (!refused.empty()) return {false, refused};
    // Kept in the store before the answer: a log acknowledged is never lost, whichever process decides the match. A
    // full disk clears (sent again), a second log from one side stays refused.
    if (!store_.addLog(m.id, admitted.side, log.recording, countersigns, nowMs, why))
        return writeRefused(why, kLogAlreadyIn);
    std::string logs[2];
    if (!store_.logs(m.id, logs, why)) storeFailed(why);  // the tick finds it due later
    else if (!logs[0].empty() && !logs[1].empty()) due_.insert(m.id);
    return {true, "log received for match " + std::to_string(m.id)};
}

// The open matches marked due, with what the store keeps of them (both logs, or what came before the deadline).
std::vector<DecisionInputs> MatchService::takeDue() {
    std::vector<DecisionInputs> out;
    for (std::int64_t id : due_) {
        if (inHand_.count(id)) continue;  // being decided: the commit will settle it
        DecisionInputs in;
        std::string why;
        const bool read = store_.match(id, in.match, why);
        if (!read && !isUnknownRow(why)) storeFailed(why);
        if (!read || in.match.state != "open") continue;
        if (!store_.logs(id, in.text, why, in.countersigns)) {
            storeFailed(why);  // marked due again by a later tick
            continue;
        }
        in.claimed = store_.claims(id, in.claims, why);
        if (!in.claimed) storeFailed(why);
        inHand_.insert(id);
        out.push_back(std::move(in));
    }
    due_.clear();
    return out;
}

Decision decideFrom(const DecisionInputs& in, const VerifyRules& rules) {
    AdmittedLog logs[2];
    const AdmittedLog* have[2] = {nullptr, nullptr};
    std::string why;
    for (int side = 0; side < 2; ++side) {
        if (in.text[side].empty() || !admitRecording(in.match, side, in.text[side], rules, logs[side]).empty())
            continue;
        net::parseCountersigns(in.countersigns[side], logs[side].countersigns, why);  // read when it came in
        have[side] = &logs[side];
    }
    return decideMatch(in.match, have, rules, in.claimed ? in.claims : nullptr);
}

// A refused write (a full disk) leaves the match open and its logs kept, so a later tick marks it again.
void MatchService::commit(const std::vector<Decision>& decisions) {
    std::string why;
    for (const Decision& d : decisions) {
        if (!store_.decide(d, why) && !isDecidedOrUnknown(why)) storeFailed(why);
        inHand_.erase(d.matchId);
    }
}

std::vector<Decision> decideEach(const std::vector<DecisionInputs>& due, const VerifyRules& rules,
                                 std::vector<Undecided>& undecided) {
    std::vector<Decision> decisions;
    for (const DecisionInputs& in : due) {
        try {
            decisions.push_back(decideFrom(in, rules));
        } catch (const std::exception& e) { undecided.push_back({in.match.id, e.what()}); }
    }
    return decisions;
}

void MatchService::decideDue() {
    std::vector<Undecided> undecided;
    commit(decideEach(takeDue(), config_.rules, undecided));
    for (const Undecided& u : undecided) release(u.matchId);
}

}  // namespace ranked
