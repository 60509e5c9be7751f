#pragma once
// A replay or action script watched in the window. It steps through the one io ReplayPlayer, the headless runner's,
// so the window checks the same expectations and hash checkpoints and reports the same failures: a hash mismatch
// becomes the view's DESYNC alarm, any other failure a FAILED line. The keys never reach the rules here.
#include "game/app/fight/fight_source.h"
#include "game/io/player.h"

#include <functional>
#include <memory>

namespace app {

/// The replay source.
class ReplaySource : public FightSource {
public:
    /// Watches `run` with its two fighters (which must outlive the source).
    ReplaySource(const sim::RunFile& run, const sim::FighterDef& p1, const sim::FighterDef& p2);

    /// The replay's fight, and after its last recorded frame of a finished round the same fight stepped on with no
    /// input (the tail: the K.O. call, the fall and the win and lose poses the recording stopped before).
    const sim::Fight& fight() const override { return tail_ ? *tail_ : player_->fight(); }
    /// Frames the tail plays after a recording that ends on a round's last hit.
    static constexpr int kTailFrames = sim::kRoundCallFrames + 150;
    const sim::MatchSetup& setup() const override { return run_.setup; }
    const sim::FighterDef& fighter(int p) const override { return *defs_[p]; }
    Advance tick(const Tick& in, const sim::FrameInput* keys) override;
    /// Watches the run again from its first frame.
    void restart() override;
    /// "REPLAY " and the file's name.
    std::string title() const override;
    /// True once the recording and its tail (when it ends on a finished round) have played.
    bool ended() const override;
    std::string desync() const override { return desync_; }
    const std::vector<std::string>& failedChecks() const override { return failed_; }

    /// Steps one frame of the run and takes the failures that fell on it.
    void step();
    /// Called once, at the run's first failure (a hash mismatch or a failed expectation).
    void onFailure(std::function<void()> f) { onFailure_ = std::move(f); }

private:
    void takeFailures();

    sim::RunFile run_;
    const sim::FighterDef* defs_[2];
    std::unique_ptr<sim::ReplayPlayer> player_;
    std::unique_ptr<sim::Fight> tail_;  // after the recording: the finished round played on (see fight())
    int tailFrames_ = 0;
    std::size_t shownFailures_ = 0;  // player failures already taken
    std::vector<std::string> failed_;
    std::string desync_;
    std::function<void()> onFailure_;
};

}  // namespace app
