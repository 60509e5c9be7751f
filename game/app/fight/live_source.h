#pragma once
// A match played in this window: two players on the keys, a CPU on either side, or training's dummy. The keys'
// buttons are the only thing that flows from the screen into the rules; a CPU's or the dummy's side gets no key
// buttons (the rules make its own), and while training records the dummy, P1's keys drive the dummy instead.
// Every step is recorded through the MatchRecorder (when recording is on), and the file ends with the match.
#include "game/app/fight/fight_source.h"
#include "game/app/replays/match_recorder.h"

#include "game/io/run_file.h"

#include <memory>
#include <vector>

namespace app {

/// The live match source.
class LiveSource : public FightSource {
public:
    /// A match of `setup` between p1 and p2 (both must outlive the source), recorded into recordDir unless it is
    /// empty. Training records only on request (setRecording): its match restarts at every dummy or position
    /// change, and a practice session is not a match to keep.
    LiveSource(const sim::MatchSetup& setup, const sim::FighterDef& p1, const sim::FighterDef& p2,
               std::string recordDir);

    const sim::Fight& fight() const override { return *fight_; }
    const sim::MatchSetup& setup() const override { return setup_; }
    const sim::FighterDef& fighter(int p) const override { return *defs_[p]; }
    Advance tick(const Tick& in, const sim::FrameInput* keys) override;
    /// Round 1 again from the setup's first start positions, with the next seed (a rematch is a new match).
    void restart() override;
    bool restartWith(const sim::MatchSetup& setup) override;
    bool takesSetups() const override { return true; }
    bool recording() const override { return recorder_.active(); }
    bool recordsOnRequest() const override { return setup_.mode == sim::Mode::Training && !recordDir_.empty(); }
    void setRecording(bool on) override;
    std::string takeWriteFailure(bool closing) override {
        if (closing) recorder_.finish();
        return recorder_.takeFailure();
    }
    bool offersRematch() const override { return true; }
    const std::vector<sim::FrameInput>* playedInputs() const override {
        return played_.size() < std::size_t(sim::kMaxRunFrames) ? &played_ : nullptr;
    }

    /// The buttons the rules get for a frame whose key buttons are `keys` (CPU and dummy sides cleared; P1's keys
    /// moved to the dummy while training records it).
    sim::FrameInput inputFor(const sim::FrameInput& keys) const;
    /// Steps one frame with the players' key buttons and records it.
    void step(const sim::FrameInput& keys);

private:
    void start();

    sim::MatchSetup setup_;
    int firstStartX_[2] = {};  // the setup's start positions as given (training moves setup_'s; restart restores)
    const sim::FighterDef* defs_[2];
    std::unique_ptr<sim::Fight> fight_;
    std::string recordDir_;
    bool recordOn_ = false;  // each (re)start opens a file: a match, or training after setRecording(true)
    MatchRecorder recorder_;
    std::vector<sim::FrameInput> played_;  // the rules' inputs since start() (a bug report's frames)
};

}  // namespace app
