// The rollback session (see session.h for the scheme). Frame f's inputs sit at index f of local_/remote_/used_,
// the state after frame f in ring_[f % size]; remote_ holds only the opponent's inputs known without a gap.
#include "game/net/session.h"

#include <algorithm>
#include <cassert>

namespace net {
namespace {

constexpr int kMaxPendingHashes = 64;    // opponent hash reports kept for frames we have not confirmed yet
constexpr int kFramesBetweenWaits = 10;  // time sync skips at most one tick in this many frames
constexpr double kSyncSmoothing = 0.1;   // weight of the newest advantage balance in its running average

constexpr std::int64_t kPlausibleLead = 30 + 4 + 2;  // most rollback window + most delay + a margin

std::uint32_t stamp(std::int64_t nowMs) { return std::uint32_t(nowMs) + 1; }  // 0 means "none" on the wire

}  // namespace

Session::Session(const SessionConfig& cfg, const sim::MatchSetup& setup, const sim::FighterDef& p1,
                 const sim::FighterDef& p2)
    : cfg_(cfg), fight_(setup, p1, p2), view_(fight_),
      ring_(std::size_t(std::max(cfg.maxRollback, 1) + 2), fight_.state()),
      local_(std::size_t(1 + std::max(cfg.inputDelay, 0)), 0), remote_(1, 0), used_(1, 0) {
    cfg_.maxRollback = std::max(cfg_.maxRollback, 1);
    cfg_.hashEvery = std::max(cfg_.hashEvery, 1);
}

std::uint16_t Session::remoteFor(std::int64_t f) const {
    return f < std::int64_t(remote_.size()) ? remote_[std::size_t(f)] : remote_.back();
}

void Session::stepFrame() {
    const std::int64_t f = current_ + 1;
    sim::FrameInput in;
    in.buttons[cfg_.me] = local_[std::size_t(f)];
    in.buttons[other()] = remoteFor(f);
    if (used_.size() <= std::size_t(f)) used_.resize(std::size_t(f) + 1);
    used_[std::size_t(f)] = in.buttons[other()];
    fight_.step(in);
    current_ = f;
    slot(f) = fight_.state();
}

bool Session::tick(std::uint16_t buttons) {
    if (finished() || desynced()) return false;
    if (current_ - (std::int64_t(remote_.size()) - 1) >= cfg_.maxRollback) {
        ++stats_.stallTicks;
        return false;
    }
    if (shouldWait()) {
        ++stats_.syncWaits;
        return false;
    }
    local_.push_back(std::uint16_t(buttons & wireButtons()));
    stepFrame();
    confirm();
    return true;
}

bool Session::shouldWait() {
    const double balance = (stats_.frameAdvantage - stats_.remoteAdvantage) / 2.0;
    syncAverage_ += kSyncSmoothing * (balance - syncAverage_);
    if (syncAverage_ < 1.0 || current_ - lastWaitFrame_ < kFramesBetweenWaits) return false;
    lastWaitFrame_ = current_;
    return true;
}

void Session::rollbackTo(std::int64_t first, std::int64_t nowMs) {
    const std::int64_t target = current_;
    assert(first - 1 >= current_ - std::int64_t(ring_.size()) + 1);
    fight_.restore(slot(first - 1));
    current_ = first - 1;
    while (current_ < target) stepFrame();
    const int n = int(target - first + 1);
    ++stats_.rollbacks;
    stats_.rolledBackFrames += n;
    stats_.longestRollback = std::max(stats_.longestRollback, n);
    rollbackLog_.emplace_back(nowMs, n);
}

bool Session::plausible(const Packet& p) const {
    // The opponent runs at most its rollback window (30 at most) past the inputs of ours it holds, which are at
    // most what we sent, and schedules its inputs at most its delay (4) ahead: nothing further is believed.
    const std::int64_t sent = std::int64_t(local_.size()) - 1;
    const std::int64_t lead = sent + kPlausibleLead;
    const std::int64_t last = p.buttons.empty() ? 0 : std::int64_t(p.firstFrame) + std::int64_t(p.buttons.size()) - 1;
    if (std::int64_t(p.senderFrame) > lead || last > lead || std::int64_t(p.ackFrame) > sent) return false;
    if (p.echoTime == 0) return true;
    // An echo is one of our own send times, and no older than the newest echo already believed.
    if (!stamped_ || std::uint32_t(p.echoTime - firstStamp_) > std::uint32_t(lastStamp_ - firstStamp_)) return false;
    return lastEcho_ == 0 || std::uint32_t(p.echoTime - firstStamp_) >= std::uint32_t(lastEcho_ - firstStamp_);
}

void Session::receive(const Packet& p, std::int64_t nowMs) {
    if (!plausible(p)) {
        ++stats_.implausible;
        return;
    }
    if (p.echoTime != 0) lastEcho_ = p.echoTime;
    ++stats_.packetsReceived;
    countSeq(p.seq);
    takeTiming(p, nowMs);
    const std::int64_t sent = std::int64_t(local_.size()) - 1;
    ackedByPeer_ = std::max(ackedByPeer_, std::min<std::int64_t>(p.ackFrame, sent));
    takeInputs(p, nowMs);
    if (p.hashFrame > 0) takeHash(p.hashFrame, p.hash);
}

void Session::takeInputs(const Packet& p, std::int64_t nowMs) {
    const std::int64_t known = std::int64_t(remote_.size()) - 1;
    const std::int64_t first = p.firstFrame;
    const std::int64_t last = first + std::int64_t(p.buttons.size()) - 1;
    if (p.buttons.empty() || first > known + 1 || last <= known) return;  // a gap, or nothing new
    for (std::int64_t f = known + 1; f <= last; ++f) remote_.push_back(p.buttons[std::size_t(f - first)]);
    if (finished()) return;
    for (std::int64_t f = known + 1; f <= std::min(last, current_); ++f) {
        if (remote_[std::size_t(f)] != used_[std::size_t(f)]) {
            rollbackTo(f, nowMs);
            break;
        }
    }
    confirm();
}

void Session::takeTiming(const Packet& p, std::int64_t nowMs) {
    if (p.echoTime != 0) {
        const std::int64_t rtt = std::int64_t(std::uint32_t(stamp(nowMs) - p.echoTime)) - p.echoHold;
        if (rtt >= 0 && rtt < 60000) stats_.pingMs = stats_.pingMs < 0 ? int(rtt) : int((stats_.pingMs * 7 + rtt) / 8);
    }
    if (std::int64_t(p.senderFrame) < remoteFrame_) return;  // an older packet overtaken by a newer one
    lastRemoteSendTime_ = p.sendTime;
    lastRemoteRecvMs_ = nowMs;
    remoteFrame_ = p.senderFrame;
    const std::int64_t halfTrip = std::max(stats_.pingMs, 0) * sim::kFps / 2000;
    stats_.frameAdvantage = int(std::clamp<std::int64_t>(current_ - (remoteFrame_ + halfTrip), -127, 127));
    stats_.remoteAdvantage = p.advantage;
}

void Session::takeHash(std::int64_t frame, std::uint64_t hash) {
    if (frame <= confirmedFrame()) {
        if (confirmedHashes_[std::size_t(frame - 1)] != hash && desyncFrame_ == 0) desyncFrame_ = frame;
        return;
    }
    for (const auto& ph : pendingHashes_) {
        if (ph.first == frame) return;
    }
    if (int(pendingHashes_.size()) < kMaxPendingHashes) pendingHashes_.emplace_back(frame, hash);
}

void Session::confirm() {
    const std::int64_t target = std::min(current_, std::int64_t(remote_.size()) - 1);
    while (!finished() && confirmedFrame() < target) {
        const std::int64_t f = confirmedFrame() + 1;
        const sim::FightState& st = slot(f);
        confirmedHashes_.push_back(sim::Fight::hashState(st));
        if (hook_) {
            sim::FrameInput in;
            in.buttons[cfg_.me] = local_[std::size_t(f)];
            in.buttons[other()] = remote_[std::size_t(f)];
            view_.restore(st);
            hook_(f, in, view_);
        }
        if (f % cfg_.hashEvery == 0) hashReportFrame_ = f;
        if (st.matchOver || (cfg_.frameLimit > 0 && f >= std::int64_t(cfg_.frameLimit))) {
            endFrame_ = f;
            hashReportFrame_ = f;
            fight_.restore(st);
            current_ = f;
        }
        auto due =
            std::find_if(pendingHashes_.begin(), pendingHashes_.end(), [f](const auto& ph) { return ph.first == f; });
        if (due != pendingHashes_.end()) {
            const auto ph = *due;
            pendingHashes_.erase(due);
            takeHash(ph.first, ph.second);
        }
    }
}

void Session::countSeq(std::uint32_t seq) {
    const std::int64_t s = seq;
    if (s > highestSeq_) {
        const std::int64_t shift = s - highestSeq_;
        seenWindow_ = shift >= 64 ? 0 : seenWindow_ << shift;
        seenWindow_ |= 1;
        stats_.packetsLost += shift - 1;
        highestSeq_ = s;
        return;
    }
    const std::int64_t back = highestSeq_ - s;
    if (back >= 64) return;
    const std::uint64_t bit = std::uint64_t(1) << back;
    if (seenWindow_ & bit) {
        ++stats_.packetsDuplicate;
    } else {
        seenWindow_ |= bit;
        --stats_.packetsLost;  // late, not lost
    }
}

Packet Session::makePacket(std::int64_t nowMs) {
    Packet p;
    p.type = PacketType::Input;
    p.seq = seq_++;
    p.sendTime = stamp(nowMs);
    if (!stamped_) firstStamp_ = p.sendTime;
    stamped_ = true;
    lastStamp_ = p.sendTime;
    p.echoTime = lastRemoteSendTime_;
    if (p.echoTime != 0) p.echoHold = std::uint16_t(std::clamp<std::int64_t>(nowMs - lastRemoteRecvMs_, 0, 65535));
    p.ackFrame = std::uint32_t(remote_.size() - 1);
    p.senderFrame = std::uint32_t(current_);
    p.advantage = std::int8_t(stats_.frameAdvantage);
    p.flags = leaving_ ? kFlagLeaving : 0;
    const std::int64_t first = ackedByPeer_ + 1;
    const std::int64_t count = std::min<std::int64_t>(std::int64_t(local_.size()) - first, kMaxInputsPerPacket);
    if (count > 0) {
        p.firstFrame = std::uint32_t(first);
        p.buttons.assign(local_.begin() + first, local_.begin() + first + count);
    }
    if (hashReportFrame_ > 0) {
        p.hashFrame = std::uint32_t(hashReportFrame_);
        p.hash = confirmedHashes_[std::size_t(hashReportFrame_ - 1)];
    }
    ++stats_.packetsSent;
    return p;
}

const SessionStats& Session::stats(std::int64_t nowMs) {
    const auto old = std::find_if(rollbackLog_.begin(), rollbackLog_.end(),
                                  [nowMs](const auto& e) { return e.first > nowMs - 1000; });
    rollbackLog_.erase(rollbackLog_.begin(), old);
    int sum = 0;
    for (const auto& e : rollbackLog_) sum += e.second;
    stats_.rollbackFramesPerSecond = sum;
    return stats_;
}

}  // namespace net
