#pragma once
// The matchmaking service's logic, without sockets: authenticated requests in, match starts out, on a virtual clock.
// A request is signed by the player's Ed25519 identity over its kind, key, name, a nonce, the time and its body;
// the service refuses a bad signature, a time more than 30 s off, a nonce seen before, an oversized body and more
// than the per-player request rate, and changes nothing then. Players queue for a quick match or a ranked one, or
// challenge a friend by code; a pairing becomes a match in the store, handed to both players (who meet through the
// lobby's NAT traversal and relay path). At a ranked match's end both send their signed logs (verify.h).
#include "game/net/identity.h"
#include "game/ranked/queue.h"
#include "game/ranked/store.h"
#include "game/ranked/verify.h"

#include <deque>
#include <map>
#include <set>

namespace ranked {

enum class RequestKind : std::uint8_t { Hello = 1, Queue, Leave, Challenge, Result, Poll, Room, Checkpoint };

struct Request {
    RequestKind kind = RequestKind::Hello;
    net::IdentityKey key{};
    std::string name;         ///< the player's name (Hello), else ""
    std::uint64_t nonce = 0;  ///< random per request
    std::int64_t timeMs = 0;  ///< the sender's clock
    std::string body;         ///< Queue: "quick|ranked FIGHTER RULES [RTT]" (RULES: the build's rules hash; RTT:
                              ///< the player's measured round trip to the service in ms, latency.h);
                              ///< Challenge: "CODE FIGHTER";
                              ///< Result: "MATCHID\nLOGSIGNATUREHEX\n", the opponent's countersignatures
                              ///< (net::countersignText: `countersign FRAME HASH SIGNATURE` lines), then the
                              ///< RECORDING; Poll: "";
                              ///< Room (p1 of a match made): "MATCHID CODE", the lobby room it hosts;
                              ///< Checkpoint: "MATCHID FRAME HASH ..." (at most 64 pairs, HASH 16 hex digits): the
                              ///< hashes of the sender's recording so far, sent during the match
    net::Signature signature{};
    /// Where the transport saw the request come from ("1.2.3.4"; "" in-process): not signed, the service's own
    /// observation (the region table places it).
    std::string address;
};

/// What the player signs.
std::array<std::uint8_t, 32> requestDigest(const Request& r);
/// A request signed by id, with a fresh random nonce.
Request signRequest(const net::Identity& id, RequestKind kind, const std::string& body, std::int64_t timeMs);
/// A Result request's body for a log.
std::string resultBody(const SignedLog& log);
/// A request as the service program carries it (HTTP POST /request): header lines, then the body's bytes.
///   bvh-ranked-request 1 / kind N / key HEX / name NAME / nonce N / time MS / signature HEX / body BYTES, then body
std::string requestText(const Request& r);
/// Parses requestText's form; false with `request:LINE: what` on anything else (bounded: the body at most maxBody).
bool parseRequestText(const std::string& text, std::size_t maxBody, Request& out, std::string& why);

/// A player's request allowance: a burst at once, then this many a minute (a waiting client asks once a second,
/// client.h's kPollMs, so it never runs out however long it waits).
constexpr int kRequestBurst = 20;
constexpr int kRequestsPerMinute = 60;

struct ServiceConfig {
    VerifyRules rules;
    QueueRules quick{100.0, 25.0, 1000.0, 100000};  ///< quick match: rating matters less
    QueueRules ranked{};
    std::int64_t clockSkewMs = 30000;    ///< a request's time may be this far from ours
    std::int64_t logDeadlineMs = 60000;  ///< after the first log, how long the other has
    /// A match nobody shows up in (no checkpoint, no log from either side this long after the pairing) is void.
    std::int64_t connectDeadlineMs = 5 * 60000;
    /// A match without any log this long after the pairing is closed: forfeit by the side never seen when only one
    /// was, else void (ratings move for neither).
    std::int64_t matchDeadlineMs = 30 * 60000;
    std::int64_t challengeLifeMs = 30 * 60000;  ///< a friend's challenge is answered within this, or lapses
    int burst = kRequestBurst;                  ///< requests a player may send at once ...
    int perMinute = kRequestsPerMinute;         ///< ... and per minute after that
    std::size_t maxBody = kMaxLogBytes + 256;
    int lobbyPort = 0;  ///< the UDP port of the lobby the players meet through (0: none named)
    /// The queue in the store's queue table, shared by every service process on the same PostgreSQL (else in this
    /// process's memory: one process, SQLite).
    bool sharedQueue = false;
    int pairBatch = 1000;  ///< shared queue: the longest waiting a pass takes (and locks) per kind
    RegionTable regions;   ///< address prefixes to regions and their round trips (empty: the players' round trips)
    /// Called with the database's reason each time the store fails for the database's sake (a full disk, a lost
    /// connection; not a row it does not have, nor a refusal of its own such as kAlreadyWaiting), in a request or a
    /// tick, on the caller's thread: bvh_matchd says it on stderr (store_failures.h) and in its exit status.
    std::function<void(const std::string& why)> onStoreFailure;
};

/// A match the service made: both players go to the lobby path with it.
struct MatchStart {
    MatchRecord match;
    std::int64_t waitedMs[2] = {0, 0};  ///< queue time of each (0 for a challenge)
    std::string room;                   ///< the lobby room p1 hosts ("" until its Room request)
};

/// What closes an open match nobody finished (the rule in docs/ranked.md): no side seen, void; one side's checkpoints
/// only, forfeit by the other; both seen but no log by the final deadline, void. Never rated; no replay.
Decision expiryDecision(const StaleMatch& s);

/// Poll's answer once a match is made, for both players: the match, its setup, where to meet, who is whom and the
/// estimated round trip between them:
///   match ID ranked|unranked KEY1 KEY2 FIGHTER1 FIGHTER2 SEED LOBBYPORT ROOM|- LATENCYMS|-
/// (poll() adds the asker's opponent in words: ` found NAME (RATING), about N ms`).
std::string matchAnswer(const MatchStart& m, int lobbyPort);

/// What deciding one open match needs, read from the store: the match, each side's log (the recording and the
/// countersignature lines it came with; "" when none) and the players' claims.
struct DecisionInputs {
    MatchRecord match;
    std::string text[2], countersigns[2];
    Claims claims[2];
    bool claimed = false;  ///< the claims could be read
};

/// Decides a match from what the store held (re-simulates its logs: verify.h). Touches no shared state, so a service
/// runs it outside its lock.
Decision decideFrom(const DecisionInputs& in, const VerifyRules& rules);

/// A match decideEach() could not decide now (its re-simulation threw: out of memory), and why.
struct Undecided {
    std::int64_t matchId = 0;
    std::string why;
};

/// decideFrom() on each; a match whose re-simulation throws goes to `undecided` instead, so its caller can give it
/// back (MatchService::release) to be taken again when due.
std::vector<Decision> decideEach(const std::vector<DecisionInputs>& due, const VerifyRules& rules,
                                 std::vector<Undecided>& undecided);

struct Reply {
    bool ok = false;
    std::string text;  ///< the refusal, or what happened
};

/// How a refusal for the store's sake starts (`the store: REASON`, the database's reason): the request may pass when
/// sent again (client.h, refusedForNow), and the service says it to ServiceConfig::onStoreFailure.
constexpr const char* kStoreRefusal = "the store: ";
/// The refusal of a request the store failed for the database's sake: `the store: REASON`.
inline Reply storeRefused(const std::string& why) { return {false, kStoreRefusal + why}; }

class MatchService {
public:
    MatchService(Store& store, ServiceConfig config) : store_(store), config_(std::move(config)) {}
    MatchService(const MatchService&) = delete;  // the queues point at config_'s region table
    MatchService& operator=(const MatchService&) = delete;
    /// Authenticates and carries out one request.
    Reply handle(const Request& r, std::int64_t nowMs);
    /// Pairs the queues, closes stale matches, and marks for deciding the matches whose log deadline passed (in the
    /// store, so a restarted process, or another one on the same store, decides what a dead one left); the matches
    /// made now.
    std::vector<MatchStart> tick(std::int64_t nowMs);
    /// Players waiting: in this process's queues and, with sharedQueue, in the store's table (not counted, and the
    /// failure said to onStoreFailure, when the store cannot count it).
    std::size_t queued() const;
    /// Deciding a match re-simulates its logs (up to about 0.2 s a log), so it happens in three steps and the service
    /// answers other requests during the middle one: takeDue() reads what the matches marked since (both logs in,
    /// or their deadline passed) need, and marks them in hand (not taken again until committed); decideFrom() on
    /// each, with no lock; commit() stores the decisions (the store takes each once: a match another process
    /// decided meanwhile is refused there, and nothing changes).
    std::vector<DecisionInputs> takeDue();
    void commit(const std::vector<Decision>& decisions);
    /// A match taken but not decided (its re-simulation failed: out of memory): it may be taken again when due.
    void release(std::int64_t matchId) { inHand_.erase(matchId); }
    /// The three steps at once, for a caller with one thread; a match not decided now is released, as a service
    /// with threads does.
    void decideDue();
    const VerifyRules& rules() const { return config_.rules; }

private:
    struct Waiting {
        std::string fighter;
        bool ranked = false;
    };
    Reply carryOut(const Request& r, std::int64_t nowMs);
    void storeFailed(const std::string& why) const;
    std::string authenticate(const Request& r, std::int64_t nowMs);
    Reply queue(const std::string& id, const Request& r, std::int64_t nowMs);
    Reply challenge(const std::string& id, const std::string& body, std::int64_t nowMs);
    Reply result(const Request& r, std::int64_t nowMs);
    Reply room(const std::string& id, const std::string& body);
    Reply checkpoint(const std::string& id, const std::string& body);
    bool startMatch(const Pairing& p, bool ranked, std::int64_t nowMs, MatchStart& out, std::string& why);
    PlayerLatency latencyOf(const std::string& address, int rttMs) const;
    MatchRecord newMatch(bool ranked, std::int64_t nowMs) const;
    Reply poll(const std::string& id);
    Reply leave(const std::string& id);
    bool foundLine(const MatchRecord& m, const std::string& asker, std::string& line, std::string& why);
    void pairShared(const std::string& kind, std::int64_t nowMs, std::vector<MatchStart>& made);
    void expireStale(std::int64_t nowMs);

    Store& store_;
    ServiceConfig config_;
    MatchQueue quick_{config_.quick, &config_.regions}, ranked_{config_.ranked, &config_.regions};
    std::map<std::string, Waiting> waiting_;  // player -> queue choice
    std::vector<MatchStart> madeByChallenge_;
    std::set<std::int64_t> due_, inHand_;  // matches to decide; taken by takeDue() and not yet committed
    std::set<std::pair<std::string, std::uint64_t>> nonces_;  // (player, nonce) seen within the time window
    std::deque<std::pair<std::int64_t, std::pair<std::string, std::uint64_t>>> nonceOrder_;
    std::map<std::string, std::pair<double, std::int64_t>> buckets_;  // player -> (tokens, last refill)
};

}  // namespace ranked
