#pragma once
// The inside of a simulated world (world.h): its processes and what they leave behind. Shared by world.cpp (set-up
// and the clock), world_players.cpp (the two players), world_others.cpp (spectators, attacker, faults) and
// world_check.cpp (the invariants).
#include "engine/splitmix64.h"
#include "game/io/replay_writer.h"
#include "game/lobby/lobby_server.h"
#include "game/net/lobby_client.h"
#include "game/net/peer.h"
#include "game/net/spectate.h"
#include "game/simnet/world.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ranked {
struct AdmittedLog;
struct MatchRecord;
struct VerifyRules;
}  // namespace ranked

namespace simnet {

/// The two players' names in the log and the verdicts (index 0 hosts).
inline const char* const kPlayerNames[] = {"host", "joiner"};

/// Where a simulated process is.
enum class Phase : std::uint8_t {
    Waiting,   ///< not started yet (a joiner or spectator waits for the room's code and its start time)
    Lobby,     ///< its LobbyClient works
    Playing,   ///< its NetPeer (or SpectatorClient) runs
    Serving,   ///< host: the match ended, spectators still catching up
    Closing,   ///< host: telling the lobby the room is closed
    Dead,      ///< killed, starts again later
    Finished,  ///< done for good
};

/// A player's recording, kept in memory in the replay file's format.
using Recording = sim::ReplayText;

/// What one incarnation of a player's process left.
struct Incarnation {
    Recording rec;
    std::vector<std::uint64_t> hashes;
    net::PeerEnd end = net::PeerEnd::None;
    std::string message;
    std::int64_t doneMs = -1;
    std::int64_t lastProgressMs = 0;
    std::int64_t confirmed = 0;
    int inputDelay = 0;
    int maxRollback = 0;
    int longestRollback = 0;
    bool killed = false;
    bool started = false;  ///< a session started
    net::Address peerAddress = 0;
    std::string lobbyError;
    std::vector<net::Countersign> countersigns;  ///< the opponent's countersignatures its peer held at the end
    net::IdentityKey key{}, opponentKey{};       ///< its peer's identity and the opponent's
};

struct Player {
    int host = 0;
    Phase phase = Phase::Waiting;
    std::unique_ptr<SimSocket> socket;
    std::unique_ptr<RelayClient> relay;
    std::unique_ptr<net::LobbyClient> lobby;
    std::unique_ptr<net::LobbyDemux> lobbyDemux;
    std::unique_ptr<net::SpectatorHub> hub;
    std::unique_ptr<net::SpectateDemux> spectateDemux;
    std::unique_ptr<net::NetPeer> peer;
    std::vector<std::pair<net::Address, std::int64_t>> watchers;  // host: spectators punched towards, since when
    std::vector<Incarnation> lives;
    std::int64_t pausedUntilMs = 0;
    std::int64_t restartAtMs = 0;
    std::int64_t phaseSinceMs = 0;
    std::int64_t lastPunchMs = -1000;
    int closesSent = 0;
};

struct Watcher {
    int host = 0;
    std::int64_t startMs = 0;
    Phase phase = Phase::Waiting;
    std::unique_ptr<SimSocket> socket;
    std::unique_ptr<net::LobbyClient> lobby;
    std::unique_ptr<net::SpectatorClient> client;
    std::string ending;
    bool complete = false;
};

class World {
public:
    World(const Schedule& s, const net::FighterLoader& loader, const RunOptions& o);
    void run();
    RunResult check();

private:
    struct Proc {
        std::int64_t nextUs;
        std::int64_t periodUs;
        std::function<void()> tick;
    };

    void note(const std::string& what);
    void fail(const std::string& what);
    std::int64_t limitMs() const;
    bool finished() const;
    // players (world_players.cpp)
    void tickHost();
    void tickJoiner();
    void openPlayer(int p);
    void startHostPeer();
    void startJoinerPeer();
    void hostPlaying();
    void hostAfterMatch();
    void peerDone(int p);
    void attachRecorder(int p, net::Session& s);
    void punchWatchers();
    void kill(int p);
    void enter(int p, Phase ph);
    std::uint16_t buttonFor(int p, std::int64_t frame) const;
    // spectators, the attacker, faults (world_others.cpp)
    void tickWatcher(Watcher& w);
    void tickAttacker();
    void apply(const Fault& f);
    void attack(const Fault& f);
    void sendJunk(net::Address claimed, net::Address to, int count);
    void sendOtherVersions(net::Address claimed, int count);
    // invariants (world_check.cpp)
    void checkPlayers();
    void checkIncarnation(int p, const Incarnation& life);
    void checkPair();
    void checkWatchers();
    void checkEndings();
    void checkCountersignedTails();
    void checkSettlement();
    void checkLoneLogs(const ranked::MatchRecord& m, const ranked::AdmittedLog logs[2],
                       const ranked::VerifyRules& rules, bool cheaterSigned);
    bool replayOffline(const std::string& text, const std::string& what, std::vector<std::uint64_t>& hashes,
                       std::vector<sim::FrameInput>& inputs);
    bool fighters(const sim::MatchSetup& setup, sim::FighterDef (&defs)[2]);
    std::string recordingOf(const net::Packet& welcome, const std::vector<sim::FrameInput>& inputs, bool whole);
    std::string blame(int p, const Incarnation& life) const;

    Schedule s_;
    net::FighterLoader loader_;
    RunOptions options_;
    SimNetwork net_;
    sim::MatchSetup setup_;
    std::vector<std::uint16_t> buttons_[2];
    int lobbyHost_ = 0, relayHost_ = 0, attackerHost_ = 0;
    std::unique_ptr<SimSocket> lobbySocket_;
    std::unique_ptr<lobby::Server> lobby_;
    Player players_[2];
    std::vector<Watcher> watchers_;
    std::unique_ptr<SimSocket> attackerSocket_;
    std::unique_ptr<net::NetPeer> intruder_;
    net::Identity joinerIdentity_;  // the real joiner's key: the host takes only it (--accept-key)
    bool intruderPlayed_ = false;
    std::string code_;                ///< the host's newest room code
    std::int64_t matchStartMs_ = -1;  ///< when the host's (last) match started
    std::size_t nextFault_ = 0;
    std::int64_t nowMs_ = 0;
    std::int64_t matchEndMs_ = -1;  ///< when the host's session confirmed its last frame
    bool disrupted_ = false;
    bool connectable_ = true;
    std::vector<std::string> log_;
    std::vector<std::string> violations_;
    int cheater_ = -1;                    ///< the side that plays a made-up match in step (FaultKind::MadeUp)
    std::unique_ptr<sim::Fight> madeUp_;  ///< its made-up match: its own inputs against a standing bot
    sim::FighterDef madeUpDefs_[2];
    Recording madeUpRec_;
};

/// The service's id of every simulated match: the peers countersign each other's checkpoints for it.
std::int64_t simServiceMatch(std::uint64_t seed);

}  // namespace simnet
