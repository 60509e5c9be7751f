#pragma once
// What the Online screen's service pages do, without SFML: Quick match and Ranked (say hello, leave any wait left
// from before, queue, poll until paired, look the opponent up), a friend's challenge (the same with a Challenge
// instead of the Queue) and the Profile (the player's card, the last matches, a match's replay), each through
// ranked::RankedClient. Requests run
// one at a time through a RequestRunner: on a thread in the window (the 60 Hz screens never wait on the network),
// at once in the tests. Every failure is said in a player's words (serviceProblem).
#include "game/ranked/client.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace app {

/// Runs one service request at a time.
class RequestRunner {
public:
    virtual ~RequestRunner() = default;
    /// Starts a job (only when not busy()).
    virtual void start(std::function<ranked::ServiceAnswer()> job) = 0;
    /// True while a job runs.
    virtual bool busy() const = 0;
    /// The finished job's answer, once (false while none waits).
    virtual bool take(ranked::ServiceAnswer& out) = 0;
};

/// A runner on a thread of its own per job: a job left running when the runner goes finishes unseen (so a jobs
/// must own what it uses: the flows hand it a copy of the client).
std::unique_ptr<RequestRunner> makeThreadRunner();
/// A runner that does the job in start() (tests).
std::unique_ptr<RequestRunner> makeInlineRunner();

/// A failed exchange said for a player: no answer, a refusal (another build, the clock, too many tries, ...), a
/// page that does not read. `address` is the service's HOST:PORT.
std::string serviceProblem(const ranked::ServiceAnswer& a, const std::string& address);

/// How a match is sought.
enum class SeekKind : std::uint8_t { Quick, Ranked, Challenge };

/// Quick match, Ranked or a friend's challenge, from hello to the match found.
class SeekFlow {
public:
    enum class Stage : std::uint8_t { Greeting, Clearing, Joining, Waiting, LookingUp, Found, Failed };

    /// `code` is the friend's code (Challenge only); `rules` this build's rules hash.
    SeekFlow(ranked::RankedClient client, RequestRunner& runner, SeekKind kind, std::string fighter, std::string code,
             std::string rules, std::string address);
    /// Moves on when the running request answered; polls every kPollMs while waiting.
    void tick(std::int64_t nowMs);
    /// Leaves the queue (or the challenge) without waiting for the answer.
    void cancel(RequestRunner& spare);

    Stage stage() const { return stage_; }
    /// Milliseconds waited in the queue (since the service took the Queue or the Challenge, until the match).
    std::int64_t waitedMs(std::int64_t nowMs) const {
        return waitingSinceMs_ < 0 ? 0 : (foundMs_ >= 0 ? foundMs_ : nowMs) - waitingSinceMs_;
    }
    /// The match made (Found).
    const ranked::MatchFound& match() const { return match_; }
    /// The opponent's seat in match() (0 or 1).
    int opponentSeat() const { return opponentSeat_; }
    /// The opponent's card (Found; its name is "" when the service could not say).
    const ranked::PlayerCard& opponent() const { return opponent_; }
    /// Why it failed (Failed), in a player's words; or a note while it goes on ("challenge sent: ...").
    const std::string& message() const { return message_; }

    static constexpr std::int64_t kPollMs = ranked::kPollMs;  // the service's refill rate (client.h)

private:
    void answered(const ranked::ServiceAnswer& a, std::int64_t nowMs);
    void join();
    /// True when `a` refused the request only for now and it goes again (Resends), the player told so.
    bool sendAgain(const ranked::ServiceAnswer& a, std::int64_t nowMs);
    void found(const std::string& pollAnswer, std::int64_t nowMs);
    void fail(const ranked::ServiceAnswer& a);

    ranked::RankedClient client_;
    RequestRunner& runner_;
    SeekKind kind_;
    std::string fighter_, code_, rules_, address_;
    Stage stage_ = Stage::Greeting;
    bool started_ = false;
    bool rejoin_ = false;  // the Queue (or the challenge) refused for now goes again once resends_ is due
    bool busy_ = false;    // message_ says the service is busy; calm_ is what it said before
    ranked::Resends resends_;
    std::string calm_;
    std::int64_t waitingSinceMs_ = -1;
    std::int64_t foundMs_ = -1;
    std::int64_t lastPollMs_ = 0;
    ranked::MatchFound match_;
    int opponentSeat_ = 1;
    ranked::PlayerCard opponent_;
    std::string message_;
};

/// One of the last matches as the Profile shows it.
struct ProfileMatch {
    ranked::HistoryRow row;
    int mySeat = 0;            ///< 0 or 1 (the row's player matching this player's key; 0 when not said)
    std::string opponentCode;  ///< the opponent's fingerprint ("" when not said)
    std::string opponent;      ///< as the Profile lists them: their name, else their fingerprint, else "?"
    std::string result;        ///< "won", "lost", "draw", "not decided", "disputed"
    std::string change;        ///< "+12" / "-8" for a rated match, else ""
};

/// The Profile: hello, the player's card, the last matches; a match's replay on request.
class ProfileFlow {
public:
    enum class Stage : std::uint8_t { Greeting, Card, History, Ready, FetchingReplay, Failed };

    ProfileFlow(ranked::RankedClient client, RequestRunner& runner, std::string address);
    void tick(std::int64_t nowMs);
    /// Fetches match `index`'s replay (Ready only); replayText() holds it once the stage is Ready again.
    void fetchReplay(std::size_t index);

    Stage stage() const { return stage_; }
    const ranked::PlayerCard& card() const { return card_; }
    const std::vector<ProfileMatch>& matches() const { return matches_; }
    /// The fetched replay (once): the recording's text and the match's id.
    bool takeReplay(std::string& text, std::int64_t& matchId);
    /// Why the last step failed ("" when none), in a player's words. A failed replay leaves the stage Ready.
    const std::string& message() const { return message_; }

private:
    void answered(const ranked::ServiceAnswer& a);

    ranked::RankedClient client_;
    RequestRunner& runner_;
    std::string address_;
    Stage stage_ = Stage::Greeting;
    bool started_ = false;
    ranked::PlayerCard card_;
    std::vector<ProfileMatch> matches_;
    std::int64_t replayId_ = 0;
    std::string replay_;
    bool replayReady_ = false;
    std::string message_;
};

/// The rows of a history page as the Profile shows them, from the player's side (myKeyHex).
std::vector<ProfileMatch> profileMatches(const std::vector<ranked::HistoryRow>& rows, const std::string& myKeyHex);

/// "1534 ± 120" with " (provisional)" while it is.
std::string ratingText(const ranked::PlayerCard& c);
/// The player's place in words: "rank 3 on the leaderboard", "unranked (no rated game yet)" for a player who has
/// not played a rated game (the leaderboard lists only those who have), else "not among the leaderboard's first
/// 10000".
std::string rankText(const ranked::PlayerCard& c);
/// "0:07", "1:32": a queue time.
std::string clockText(std::int64_t ms);

}  // namespace app
