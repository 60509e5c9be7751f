#pragma once
// The player's side of bvh_matchd, over its HTTP endpoint: the same calls for `game_headless --ranked` (bots and
// tests) and the window's Online screen.
//
// The hand-off, step by step (runRankedClient does exactly this; the window does the same from its own thread):
//   1. RankedClient::ask(Hello), then ask(Queue, "ranked|quick FIGHTER RULES") with run::rulesBuild();
//   2. poll() every 250 ms until it gives a MatchOffer;
//   3. planMatch(offer): side 0 hosts the lobby room (the service's embedded lobby, lobbyAddress()) admitting only
//      the opponent's key (net::Admission::Key with plan.opponent), and names the room with nameRoom() as soon as
//      the lobby gives its code; side 1 waits for the code (awaitRoom()), joins with it and checks the host's key
//      is plan.opponent. Both play plan.setup (fighters and seed from the service), recording the match;
//      Every 600 confirmed frames, sendCheckpoints() with the recording's hashes so far (its `check` lines);
//   4. sendLog() with the recording (a Result request signed by the player's identity), then verdict() until the
//      service decided (the state is no longer `open`).
#include "game/net/identity.h"
#include "game/ranked/service.h"

#include <cstdint>
#include <memory>
#include <string>

namespace httplib {
class Client;
}

namespace ranked {

/// A match the service made for this player (Poll's answer, matchAnswer()).
struct MatchOffer {
    std::int64_t id = 0;
    bool ranked = true;
    std::string key[2];       ///< both players' public keys (hex)
    std::string fighter[2];
    std::uint64_t seed = 1;
    int lobbyPort = 0;        ///< the service's lobby (UDP, on the service's host)
    std::string room;         ///< the room p1 hosts ("" until p1 named it)
    int side = -1;            ///< this player's: 0 (p1, hosts) or 1 (p2, joins)
};

/// Reads Poll's `match ...` answer for the player me; false for anything else.
bool parseMatchOffer(const std::string& answer, const net::IdentityKey& me, MatchOffer& out);

/// What this player's peer does with an offer.
struct MatchPlan {
    bool host = false;          ///< p1 hosts the lobby room, p2 joins it
    std::string lobby;          ///< HOST:PORT of the lobby
    std::string opponent;       ///< the only fingerprint to play against
    sim::MatchSetup setup;      ///< the match the service will re-simulate (serviceBaseSetup with its fighters, seed)
};
/// service is the HOST:PORT given to the client (the lobby is on its host).
MatchPlan planMatch(const MatchOffer& offer, const std::string& service);

/// The service's answer to one request.
struct Answer {
    bool reached = false;  ///< false: the service did not answer
    bool ok = false;       ///< `ok ...` (else `refused ...`)
    std::string text;      ///< the answer without its first word
};

/// Blocking HTTP calls (at most a few seconds each) to one service with one identity.
class RankedClient {
public:
    RankedClient(const std::string& service, net::Identity me);
    ~RankedClient();
    Answer ask(RequestKind kind, const std::string& body);
    /// Polls once: true with out filled once a match is made (out.room "" until p1 named it).
    bool poll(MatchOffer& out, Answer& answer);
    /// p1: tells the service the lobby room's code.
    Answer nameRoom(std::int64_t matchId, const std::string& code);
    /// p2: polls until p1 named the room, at most waitMs; "" when it did not in time.
    std::string awaitRoom(std::int64_t matchId, std::int64_t waitMs);
    /// Sends hashes of this side's recording during the match (at most 64 a call): what tells the honest log from
    /// a rewritten one when the two disagree.
    Answer sendCheckpoints(std::int64_t matchId, const Claims& claims);
    /// Sends the match's recording signed for the service's rules hash.
    Answer sendLog(std::int64_t matchId, const std::string& rules, const std::string& recording);
    /// This player's history line of the match (`ID STATE WINNER F1 F2 CHANGE1 CHANGE2`), "" when not listed.
    std::string verdict(std::int64_t matchId);
    const net::Identity& identity() const { return me_; }
    const std::string& service() const { return service_; }

private:
    std::string service_;
    net::Identity me_;
    std::unique_ptr<httplib::Client> http_;
};

bool wantsRankedClient(int argc, char** argv);
/// `game_headless --ranked HOST:PORT [--queue quick|ranked] [--fighter ID] [--wait SECONDS] [--play attack|idle]
/// [--dir DIR]`: queues, plays the match it is given through the service's lobby (its buttons: walk in and attack,
/// or stand), sends the recording and waits for the service's decision.
int runRankedClient(int argc, char** argv, const std::string& defaultDataDir);

}  // namespace ranked
