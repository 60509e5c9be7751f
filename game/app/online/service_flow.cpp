// The Online screen's service pages without SFML (see service_flow.h).
#include "game/app/online/service_flow.h"

#include "game/ranked/verify.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <thread>

namespace app {
namespace {

/// One job at a time on a detached thread; the state is shared, so a job still running when the runner goes
/// finishes into a state nobody reads.
class ThreadRunner : public RequestRunner {
public:
    void start(std::function<ranked::ServiceAnswer()> job) override {
        auto state = state_;
        {
            std::lock_guard<std::mutex> guard(state->lock);
            state->busy = true;
            state->done = false;
        }
        std::thread([state, job = std::move(job)] {
            ranked::ServiceAnswer a = job();
            std::lock_guard<std::mutex> guard(state->lock);
            state->answer = std::move(a);
            state->busy = false;
            state->done = true;
        }).detach();
    }
    bool busy() const override {
        std::lock_guard<std::mutex> guard(state_->lock);
        return state_->busy;
    }
    bool take(ranked::ServiceAnswer& out) override {
        std::lock_guard<std::mutex> guard(state_->lock);
        if (!state_->done) return false;
        state_->done = false;
        out = std::move(state_->answer);
        return true;
    }

private:
    struct State {
        std::mutex lock;
        bool busy = false, done = false;
        ranked::ServiceAnswer answer;
    };
    std::shared_ptr<State> state_ = std::make_shared<State>();
};

class InlineRunner : public RequestRunner {
public:
    void start(std::function<ranked::ServiceAnswer()> job) override {
        answer_ = job();
        done_ = true;
    }
    bool busy() const override { return false; }
    bool take(ranked::ServiceAnswer& out) override {
        if (!done_) return false;
        done_ = false;
        out = std::move(answer_);
        return true;
    }

private:
    ranked::ServiceAnswer answer_;
    bool done_ = false;
};

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

/// A refusal's words as the service wrote them ("refused " taken off).
std::string refusal(const std::string& text) { return startsWith(text, "refused ") ? text.substr(8) : text; }

}  // namespace

std::unique_ptr<RequestRunner> makeThreadRunner() { return std::make_unique<ThreadRunner>(); }
std::unique_ptr<RequestRunner> makeInlineRunner() { return std::make_unique<InlineRunner>(); }

/// True for an address on this computer (the default service address): nothing answering there is no service
/// set up, not a connection to check.
bool onThisComputer(const std::string& address) {
    return startsWith(address, "localhost") || startsWith(address, "127.") || startsWith(address, "[::1]");
}

std::string serviceProblem(const ranked::ServiceAnswer& a, const std::string& address) {
    if (!a.reached && onThisComputer(address))
        return "No online service runs on this computer (" + address +
               "). Put a service's address on the Advanced page, or play a friend from there with Direct.";
    if (!a.reached)
        return "The online service (" + address +
               ") does not answer. Check your connection, or the service address "
               "on the Advanced page.";
    const std::string why = refusal(a.text);
    if (why.find("this service simulates rules") != std::string::npos)
        return "Your game and the online service are different versions: update the game to play online.";
    if (why.find("from the service's (check the clock)") != std::string::npos)
        return "Your computer's clock is more than 30 seconds off: set the right time and try again.";
    if (startsWith(why, "too many requests") || startsWith(why, "the service is busy"))
        return "The service is busy with your requests: wait a minute and try again.";
    if (startsWith(why, "no player has the code")) return "Nobody has that code: check it with your friend.";
    if (why == "that is your own code") return "That is your own code: type your friend's.";
    if (startsWith(why, "no fighter")) return "The service does not have your fighter: pick another one.";
    if (startsWith(why, "a name is")) return "The service refused your name: " + why + ".";
    if (a.status == 404) return "The service does not have that: " + why + ".";
    if (a.status != 200 && a.status != 403)
        return "The service answered something this game does not understand (HTTP " + std::to_string(a.status) + ").";
    return "The service said: " + why + ".";
}

SeekFlow::SeekFlow(ranked::RankedClient client, RequestRunner& runner, SeekKind kind, std::string fighter,
                   std::string code, std::string rules, std::string address)
    : client_(std::move(client)), runner_(runner), kind_(kind), fighter_(std::move(fighter)), code_(std::move(code)),
      rules_(std::move(rules)), address_(std::move(address)) {}

void SeekFlow::tick(std::int64_t nowMs) {
    if (stage_ == Stage::Found || stage_ == Stage::Failed) return;
    ranked::ServiceAnswer a;
    if (runner_.take(a)) answered(a, nowMs);
    if (runner_.busy() || stage_ == Stage::Found || stage_ == Stage::Failed) return;
    if (nowMs < resends_.dueMs()) return;  // a refusal for now: the same request again once the wait is over
    ranked::RankedClient c = client_;      // the job owns its copy (see makeThreadRunner)
    if (stage_ == Stage::Greeting && !started_) {
        started_ = true;
        runner_.start([c]() mutable { return c.hello(); });
    } else if (rejoin_) {
        rejoin_ = false;
        join();
    } else if (stage_ == Stage::Waiting && nowMs - lastPollMs_ >= kPollMs) {
        lastPollMs_ = nowMs;
        runner_.start([c]() mutable { return c.poll(); });
    }
}

void SeekFlow::answered(const ranked::ServiceAnswer& a, std::int64_t nowMs) {
    if (stage_ == Stage::LookingUp) {  // the opponent's card: without it the match still stands
        ranked::PlayerCard card;
        if (a.ok() && ranked::parsePlayerCard(a.text, card)) opponent_ = card;
        stage_ = Stage::Found;
        return;
    }
    if (sendAgain(a, nowMs)) return;
    if (busy_ && a.ok()) busy_ = false, message_ = calm_;  // taken: the busy service's words go
    // A Leave's answer ("not waiting" is a refusal) only needs to have come: a wait left from before is gone.
    if (!a.ok() && !(stage_ == Stage::Clearing && a.reached)) return fail(a);
    ranked::RankedClient c = client_;
    if (stage_ == Stage::Greeting) {
        stage_ = Stage::Clearing;  // a queue or challenge left behind (a window closed while waiting) goes first
        runner_.start([c]() mutable { return c.leave(); });
    } else if (stage_ == Stage::Clearing) {
        join();
    } else if (stage_ == Stage::Joining) {
        stage_ = Stage::Waiting;
        waitingSinceMs_ = lastPollMs_ = nowMs;
        if (kind_ == SeekKind::Challenge && startsWith(a.text, "ok challenge sent"))
            message_ = "Challenge sent: waiting for your friend to enter your code.";
    } else {
        found(a.text, nowMs);  // Waiting: a poll's answer
    }
}

bool SeekFlow::sendAgain(const ranked::ServiceAnswer& a, std::int64_t nowMs) {
    // A refusal that can pass (the rate limit, a busy service, the store failing for now) is what game_headless sends
    // again too: a Poll is sent again at the next poll's time, as its wait polls on whatever the answer; the Hello
    // and the Queue (or the challenge) within ranked::sendPersisting's bounds (ranked::Resends).
    if (!ranked::refusedForNow(a) || stage_ == Stage::Clearing) return false;
    if (stage_ != Stage::Waiting && !resends_.again(a, ranked::kRequestPersistence, nowMs)) return false;
    if (!busy_) calm_ = message_;
    busy_ = true;
    message_ = "The service is busy: asking it again (" + serviceProblem(a, address_) + ")";
    if (stage_ == Stage::Greeting) started_ = false;
    rejoin_ = stage_ == Stage::Joining;
    return true;
}

void SeekFlow::join() {
    stage_ = Stage::Joining;
    ranked::RankedClient c = client_;
    if (kind_ == SeekKind::Challenge) {
        const std::string code = code_, fighter = fighter_;
        runner_.start([c, code, fighter]() mutable { return c.challenge(code, fighter); });
    } else {
        const std::string kind = kind_ == SeekKind::Ranked ? "ranked" : "quick", fighter = fighter_, rules = rules_;
        runner_.start([c, kind, fighter, rules]() mutable { return c.queue(kind, fighter, rules); });
    }
}

void SeekFlow::found(const std::string& pollAnswer, std::int64_t nowMs) {
    ranked::MatchFound m;
    if (!ranked::parseMatchFound(pollAnswer, m)) return;  // still waiting
    match_ = m;
    foundMs_ = nowMs;
    opponentSeat_ = m.key[0] == client_.identity().publicKey ? 1 : 0;
    opponent_ = ranked::PlayerCard{};
    opponent_.code = net::fingerprint(m.key[opponentSeat_]);
    message_.clear();
    stage_ = Stage::LookingUp;
    ranked::RankedClient c = client_;
    const net::IdentityKey key = m.key[opponentSeat_];
    runner_.start([c, key]() mutable { return c.player(key); });
}

void SeekFlow::fail(const ranked::ServiceAnswer& a) {
    stage_ = Stage::Failed;
    message_ = serviceProblem(a, address_);
}

void SeekFlow::cancel(RequestRunner& spare) {
    if (stage_ == Stage::Found || stage_ == Stage::Failed || spare.busy()) return;
    ranked::RankedClient c = client_;
    spare.start([c]() mutable { return c.leave(); });
}

ProfileFlow::ProfileFlow(ranked::RankedClient client, RequestRunner& runner, std::string address)
    : client_(std::move(client)), runner_(runner), address_(std::move(address)) {
    card_.name = client_.identity().name;
    card_.code = net::fingerprint(client_.identity().publicKey);
}

void ProfileFlow::tick(std::int64_t /*nowMs*/) {
    ranked::ServiceAnswer a;
    if (runner_.take(a)) answered(a);
    if (runner_.busy() || started_) return;
    started_ = true;
    ranked::RankedClient c = client_;
    runner_.start([c]() mutable { return c.hello(); });
}

void ProfileFlow::answered(const ranked::ServiceAnswer& a) {
    ranked::RankedClient c = client_;
    const net::IdentityKey me = client_.identity().publicKey;
    if (stage_ == Stage::FetchingReplay) {
        stage_ = Stage::Ready;
        if (!a.ok()) return void(message_ = serviceProblem(a, address_));
        replay_ = a.text + "\n";
        replayReady_ = true;
        return;
    }
    if (!a.ok()) {
        stage_ = Stage::Failed;
        message_ = serviceProblem(a, address_);
        return;
    }
    if (stage_ == Stage::Greeting) {
        stage_ = Stage::Card;
        runner_.start([c, me]() mutable { return c.player(me); });
    } else if (stage_ == Stage::Card) {
        if (!ranked::parsePlayerCard(a.text, card_)) {
            stage_ = Stage::Failed;
            message_ = "The service sent a profile this game cannot read.";
            return;
        }
        stage_ = Stage::History;
        runner_.start([c, me]() mutable { return c.history(me); });
    } else if (stage_ == Stage::History) {
        matches_ = profileMatches(ranked::parseHistory(a.text), ranked::keyHex(me));
        stage_ = Stage::Ready;
    }
}

void ProfileFlow::fetchReplay(std::size_t index) {
    if (stage_ != Stage::Ready || index >= matches_.size() || runner_.busy()) return;
    message_.clear();
    stage_ = Stage::FetchingReplay;
    replayId_ = matches_[index].row.id;
    ranked::RankedClient c = client_;
    const std::int64_t id = replayId_;
    runner_.start([c, id]() mutable { return c.replay(id); });
}

bool ProfileFlow::takeReplay(std::string& text, std::int64_t& matchId) {
    if (!replayReady_) return false;
    replayReady_ = false;
    text = std::move(replay_);
    matchId = replayId_;
    return true;
}

std::vector<ProfileMatch> profileMatches(const std::vector<ranked::HistoryRow>& rows, const std::string& myKeyHex) {
    std::vector<ProfileMatch> out;
    for (const ranked::HistoryRow& r : rows) {
        ProfileMatch m;
        m.row = r;
        m.mySeat = r.player[1] == myKeyHex ? 1 : 0;
        net::IdentityKey other{};
        if (ranked::keyFromHex(r.player[1 - m.mySeat], other)) m.opponentCode = net::fingerprint(other);
        const std::string& name = r.name[1 - m.mySeat];
        m.opponent = !name.empty() ? name : !m.opponentCode.empty() ? m.opponentCode : "?";
        if (r.state == "open") m.result = "not decided";
        else if (r.state == "disputed") m.result = "disputed";
        else m.result = r.winner == 2 ? "draw" : r.winner == m.mySeat ? "won" : r.winner < 0 ? "no result" : "lost";
        const double change = r.change[m.mySeat];
        if (r.state == "verified" && std::lround(change) != 0)
            m.change = (change > 0 ? "+" : "") + std::to_string(std::lround(change));
        out.push_back(m);
    }
    return out;
}

std::string ratingText(const ranked::PlayerCard& c) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f \u00b1 %.0f", c.rating, c.deviation);
    return std::string(buf) + (c.provisional ? " (provisional)" : "");
}

std::string rankText(const ranked::PlayerCard& c) {
    if (c.games == 0) return "unranked (no rated game yet)";
    if (c.rank > 0) return "rank " + std::to_string(c.rank) + " on the leaderboard";
    return "not among the leaderboard's first " + std::to_string(ranked::kRankedPlaces);
}

std::string clockText(std::int64_t ms) {
    const std::int64_t s = std::max<std::int64_t>(0, ms) / 1000;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(s / 60), static_cast<long long>(s % 60));
    return buf;
}

}  // namespace app
