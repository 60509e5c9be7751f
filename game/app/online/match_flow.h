#pragma once
// Playing a match the service made, from the window, without SFML: the hand-off after "opponent found" (p1 names
// the lobby room it hosts for the opponent's key alone; p2 polls until the room is named, then joins it), the
// checkpoints during the match, the signed recording at its end, and the service's decision (client.h's steps 3
// and 4). Requests go one at a time through a RequestRunner, as the other service pages' do; the window's link
// and fight screen call roomHosted(), checkpoint() and finished() as the match goes.
#include "game/app/online/service_flow.h"
#include "game/net/peer.h"
#include "game/ranked/verify.h"

#include <deque>

namespace app {

class MatchFlow {
public:
    enum class Stage : std::uint8_t {
        Hosting,       ///< p1: waiting for the lobby's room code (roomHosted)
        NamingRoom,    ///< p1: the Room request is on its way
        AwaitingRoom,  ///< p2: polling until p1 named the room
        Playing,       ///< the room is known (p2) or named (p1): the match is on
        Sending,       ///< the recording is on its way
        Deciding,      ///< the service has the log: its history is read until the match is decided
        Decided,       ///< row() holds the decision
        Undecided,     ///< no decision within kDecideMs: "waiting for the service's decision"
        Failed,        ///< message() says why (a refused room or log, no answer)
    };

    /// m is the match found (SeekFlow::match()); `service` the HOST:PORT the client talks to.
    MatchFlow(ranked::RankedClient client, RequestRunner& runner, const ranked::MatchFound& m, std::string service,
              std::string rules);
    void tick(std::int64_t nowMs);

    /// p1: the lobby gave the room's code (once).
    void roomHosted(const std::string& code);
    /// A confirmed frame's hash from the recording; sent kCheckpointBatch at a time.
    void checkpoint(std::int64_t frame, std::uint64_t hash);
    /// The match ended: its recording goes to the service with the last checkpoints and the opponent's
    /// countersignatures the peer held.
    void finished(const std::string& recording, const std::vector<net::Countersign>& countersigns = {});

    Stage stage() const { return stage_; }
    const ranked::MatchPlan& plan() const { return plan_; }
    int seat() const { return seat_; }
    /// p2: the room to join (AwaitingRoom over).
    const std::string& room() const { return room_; }
    /// The decision (Decided).
    const ranked::HistoryRow& row() const { return row_; }
    /// The decision from this player's side: "You won.", "You lost.", "A draw.", "Disputed: ...".
    std::string resultText() const;
    /// This player's rating change ("+12", "-8"), "" when not rated.
    std::string changeText() const;
    /// Why it failed or is still waiting, in a player's words.
    const std::string& message() const { return message_; }

    static constexpr std::int64_t kPollMs = ranked::kPollMs;  // the service's refill rate (client.h)
    static constexpr std::int64_t kRoomWaitMs = 30000;
    static constexpr std::int64_t kDecideMs = 120000;
    static constexpr std::size_t kCheckpointBatch = ranked::kClaimBatch;  ///< every 600 frames

private:
    enum class Job : std::uint8_t { None, Room, Poll, Checkpoint, Result, History };
    void answered(const ranked::ServiceAnswer& a, std::int64_t nowMs);
    void startNext(std::int64_t nowMs);
    void fail(const std::string& why);
    /// True when `a` refused the Room, a checkpoint batch or the log only for now and it may go again (how.sends in all): sent again
    /// how.apartMs later.
    bool resendLater(const ranked::ServiceAnswer& a, const ranked::Persistence& how, std::int64_t nowMs);

    ranked::RankedClient client_;
    RequestRunner& runner_;
    ranked::MatchFound match_;
    ranked::MatchPlan plan_;
    std::string service_, rules_;
    int seat_ = 0;
    Stage stage_ = Stage::Hosting;
    Job job_ = Job::None;
    std::string room_, recording_;
    std::vector<net::Countersign> countersigns_;
    bool roomToName_ = false, recordingToSend_ = false;
    ranked::Claims claims_;
    std::deque<ranked::Claims> batches_;
    std::int64_t sinceMs_ = -1, lastPollMs_ = -1000000;  // sinceMs_: when the room wait or the decision wait began
    ranked::Resends resends_;  // the Room's, a checkpoint batch's and the log's sends refused for now
    ranked::HistoryRow row_;
    std::string message_;
};

/// A match the service made as the window's link plays it (from MatchFlow::plan() and room()): where to meet, the
/// one key to play, the match's setup.
struct ServiceSeat {
    bool host = false;         ///< p1 hosts a room on the service's lobby, p2 joins it
    std::string lobby;         ///< HOST:PORT of the service's lobby
    std::string opponent;      ///< the only fingerprint to play against
    std::string room;          ///< p2: the room p1 named
    sim::MatchSetup setup;     ///< the match the service re-simulates (fighters, seed, rules)
    std::int64_t matchId = 0;  ///< the service's id: both peers countersign its checkpoints
};

/// The peer's settings for a service seat: the service's setup and this side's fighter in it, no rematch (it would
/// be no service match), and a host that admits only the opponent's key (net::Admission::Key).
void applyServiceSeat(const ServiceSeat& seat, net::PeerConfig& cfg);
/// Why the peer's opponent is not the one the service named ("" while unknown or right).
std::string wrongOpponent(const net::NetPeer& peer, const std::string& expected);

/// A service match's flow with the runner its requests take (the seek screen makes it, the online fight feeds it).
struct ServiceMatch {
    std::unique_ptr<RequestRunner> runner;
    std::unique_ptr<MatchFlow> flow;
};

/// Where a service match stands, in a player's words ("Waiting for the service's decision...", "You won. Rating
/// +12.", the reason it was refused).
std::string matchStatusText(const MatchFlow& f);

}  // namespace app
