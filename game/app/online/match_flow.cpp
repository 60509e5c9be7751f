// Playing a match the service made, from the window (see match_flow.h).
#include "game/app/online/match_flow.h"

#include <cstdio>

namespace app {

MatchFlow::MatchFlow(ranked::RankedClient client, RequestRunner& runner, const ranked::MatchFound& m,
                     std::string service, std::string rules)
    : client_(std::move(client)), runner_(runner), match_(m), service_(std::move(service)), rules_(std::move(rules)) {
    seat_ = ranked::seatOf(m, client_.identity().publicKey);
    if (seat_ < 0) {
        seat_ = 0;
        fail("The service named a match you are not in.");
        return;
    }
    plan_ = ranked::planMatch(m, seat_, service_);
    if (m.lobbyPort == 0) {
        fail("The service did not say where to meet your opponent (an older service?).");
        return;
    }
    room_ = m.room;
    stage_ = seat_ == 0 ? Stage::Hosting : room_.empty() ? Stage::AwaitingRoom : Stage::Playing;
}

void MatchFlow::roomHosted(const std::string& code) {
    if (stage_ != Stage::Hosting) return;
    room_ = code;
    roomToName_ = true;
    stage_ = Stage::NamingRoom;
}

void MatchFlow::checkpoint(std::int64_t frame, std::uint64_t hash) {
    claims_[frame] = hash;
    if (claims_.size() < kCheckpointBatch) return;
    batches_.push_back(std::move(claims_));
    claims_.clear();
}

void MatchFlow::finished(const std::string& recording, const std::vector<net::Countersign>& countersigns) {
    if (stage_ != Stage::Playing) return;
    countersigns_ = countersigns;
    if (!claims_.empty()) batches_.push_back(std::move(claims_));
    claims_.clear();
    recording_ = recording;
    recordingToSend_ = true;
    stage_ = Stage::Sending;
}

void MatchFlow::tick(std::int64_t nowMs) {
    if (sinceMs_ < 0) sinceMs_ = nowMs;
    ranked::ServiceAnswer a;
    if (runner_.take(a)) answered(a, nowMs);
    if (!runner_.busy() && stage_ != Stage::Failed && stage_ != Stage::Decided) startNext(nowMs);
}

void MatchFlow::startNext(std::int64_t nowMs) {
    ranked::RankedClient c = client_;  // the job owns its copy (see makeThreadRunner)
    const std::int64_t id = match_.id;
    const bool pollDue = nowMs - lastPollMs_ >= kPollMs;
    if (nowMs < resends_.dueMs()) return;  // a refusal for now: the same request again once the wait is over
    if (roomToName_) {
        job_ = Job::Room;
        runner_.start([c, id, code = room_]() mutable { return c.room(id, code); });
    } else if (stage_ == Stage::AwaitingRoom) {
        if (nowMs - sinceMs_ > kRoomWaitMs) return fail("Your opponent did not open the match's room: no match.");
        if (!pollDue) return;
        lastPollMs_ = nowMs;
        job_ = Job::Poll;
        runner_.start([c]() mutable { return c.poll(); });
    } else if (!batches_.empty()) {
        job_ = Job::Checkpoint;
        runner_.start([c, id, claims = batches_.front()]() mutable { return c.checkpoint(id, claims); });
    } else if (recordingToSend_ && pollDue) {
        lastPollMs_ = nowMs;  // a retry after no answer waits a poll's time
        job_ = Job::Result;
        runner_.start([c, id, rules = rules_, log = recording_, signs = countersigns_]() mutable {
            return c.result(id, rules, log, signs);
        });
    } else if ((stage_ == Stage::Deciding || stage_ == Stage::Undecided) && pollDue) {
        if (stage_ == Stage::Deciding && nowMs - sinceMs_ > kDecideMs) {
            stage_ = Stage::Undecided;
            message_ = "Waiting for the service's decision: it will show in your Profile.";
        }
        lastPollMs_ = nowMs;
        job_ = Job::History;
        runner_.start([c]() mutable { return c.history(c.identity().publicKey); });
    }
}

void MatchFlow::answered(const ranked::ServiceAnswer& a, std::int64_t nowMs) {
    const Job job = job_;
    job_ = Job::None;
    if (job == Job::Room) {
        if (resendLater(a, ranked::kRequestPersistence, nowMs)) return;
        roomToName_ = false;
        if (!a.ok()) return fail("The service did not take your room: " + serviceProblem(a, service_));
        if (stage_ == Stage::NamingRoom) stage_ = Stage::Playing;
    } else if (job == Job::Poll) {
        ranked::MatchFound m;
        if (ranked::parseMatchFound(a.text, m) && m.id == match_.id && !m.room.empty()) {
            room_ = m.room;
            stage_ = Stage::Playing;
        }
    } else if (job == Job::Checkpoint) {
        // A batch refused for now goes again, as headless's ClaimSender sends it; one refused for good or lost does
        // not stop the match: the logs still decide it.
        if (resendLater(a, ranked::kRequestPersistence, nowMs)) return;
        batches_.pop_front();
    } else if (job == Job::Result) {
        if (!a.reached) return;  // sent again a poll's time later
        if (resendLater(a, ranked::kLogPersistence, nowMs)) return;
        recordingToSend_ = false;
        if (!a.ok()) return fail("The service refused your match log: " + serviceProblem(a, service_));
        stage_ = Stage::Deciding;
        sinceMs_ = nowMs;
        lastPollMs_ = nowMs - kPollMs;  // the first look at once
    } else if (job == Job::History) {
        if (a.ok() && ranked::findHistoryRow(a.text, match_.id, row_) && row_.state != "open") stage_ = Stage::Decided;
    }
}

bool MatchFlow::resendLater(const ranked::ServiceAnswer& a, const ranked::Persistence& how, std::int64_t nowMs) {
    // A refusal that can pass (the rate limit, a busy service, a full disk on its side) is what the headless client
    // sends again too (ranked::sendPersisting), with the same bounds (ranked::Resends); any other refusal is final.
    if (!resends_.again(a, how, nowMs)) return false;
    message_ = "The service is busy: sending it again (" + serviceProblem(a, service_) + ")";
    return true;
}

void MatchFlow::fail(const std::string& why) {
    stage_ = Stage::Failed;
    message_ = why;
}

std::string MatchFlow::resultText() const {
    if (row_.state == "disputed") return "Disputed: the logs disagree and the service could not decide.";
    if (row_.winner == 2) return "A draw.";
    if (row_.winner < 0) return "No winner.";
    return row_.winner == seat_ ? "You won." : "You lost.";
}

std::string MatchFlow::changeText() const {
    if (!match_.ranked || row_.state != "verified") return "";
    char text[16];
    std::snprintf(text, sizeof text, "%+.0f", row_.change[seat_]);
    return text;
}

void applyServiceSeat(const ServiceSeat& seat, net::PeerConfig& cfg) {
    const int me = seat.host ? 0 : 1;
    cfg.setup = seat.setup;  // the host's setup is the match's: the one the service re-simulates
    cfg.fighter = seat.setup.fighter[me];
    cfg.style = seat.setup.style[me];
    cfg.rematches = false;
    cfg.serviceMatch = seat.matchId;
    if (seat.host) {
        cfg.admission = net::Admission::Key;
        cfg.acceptFingerprint = seat.opponent;
    }
}

std::string wrongOpponent(const net::NetPeer& peer, const std::string& expected) {
    if (expected.empty() || !peer.opponentKnown()) return "";
    const std::string them = net::fingerprint(peer.opponentKey());
    return them == expected ? "" : "the opponent is " + them + ", not " + expected + " (the one the service named)";
}

std::string matchStatusText(const MatchFlow& f) {
    switch (f.stage()) {
    case MatchFlow::Stage::Hosting: return "Opening a room for your opponent on the service's lobby...";
    case MatchFlow::Stage::NamingRoom: return "Telling the service your room " + f.room() + "...";
    case MatchFlow::Stage::AwaitingRoom: return "Waiting for your opponent to open the match's room...";
    case MatchFlow::Stage::Playing: return "Meeting your opponent in room " + f.room() + "...";
    case MatchFlow::Stage::Sending: return "Sending your match log to the service...";
    case MatchFlow::Stage::Deciding: return "Waiting for the service's decision...";
    case MatchFlow::Stage::Decided: {
        const std::string change = f.changeText();
        return f.resultText() + (change.empty() ? std::string(" (not rated)") : " Rating " + change + ".");
    }
    case MatchFlow::Stage::Undecided:
    case MatchFlow::Stage::Failed: return f.message();
    }
    return "";
}

}  // namespace app
