// The live match source (see live_source.h).
#include "game/app/fight/live_source.h"

namespace app {

LiveSource::LiveSource(const sim::MatchSetup& setup, const sim::FighterDef& p1, const sim::FighterDef& p2,
                       std::string recordDir)
    : setup_(setup), defs_{&p1, &p2}, recordDir_(recordDir), recordOn_(setup.mode != sim::Mode::Training),
      recorder_(std::move(recordDir)) {
    for (int p = 0; p < 2; ++p) firstStartX_[p] = setup_.startX[p];
    start();
}

void LiveSource::start() {
    fight_ = std::make_unique<sim::Fight>(setup_, *defs_[0], *defs_[1]);
    played_.clear();
    if (recordOn_) recorder_.open(setup_, *fight_);
    else recorder_.finish();
}

void LiveSource::setRecording(bool on) {
    if (!recordsOnRequest()) return;
    recordOn_ = on;
    if (on) start();  // a replay starts from a setup: the match restarts where it stands
    else recorder_.finish();
}

void LiveSource::restart() {
    for (int p = 0; p < 2; ++p) setup_.startX[p] = firstStartX_[p];
    setup_.seed = setup_.seed * 6364136223846793005ULL + 1442695040888963407ULL;
    start();
}

bool LiveSource::restartWith(const sim::MatchSetup& setup) {
    setup_ = setup;
    start();
    return true;
}

sim::FrameInput LiveSource::inputFor(const sim::FrameInput& keys) const {
    sim::FrameInput fi;
    for (int p = 0; p < 2; ++p) fi.buttons[p] = setup_.isCpu(p) || setup_.isDummy(p) ? 0 : keys.buttons[p];
    if (setup_.mode == sim::Mode::Training && setup_.dummy == sim::DummyMode::Record) {  // P1's keys drive the dummy
        fi.buttons[1] = keys.buttons[0];
        fi.buttons[0] = 0;
    }
    return fi;
}

void LiveSource::step(const sim::FrameInput& keys) {
    const sim::FrameInput in = inputFor(keys);
    fight_->step(in);
    if (played_.size() < std::size_t(sim::kMaxRunFrames)) played_.push_back(in);
    recorder_.frame(in, *fight_);
    if (fight_->state().matchOver) recorder_.finish();  // the replay ends with the match, not when the players leave
}

Advance LiveSource::tick(const Tick& /*in*/, const sim::FrameInput* keys) {
    if (keys == nullptr) return {};
    step(*keys);
    return {fight_.get()};
}

}  // namespace app
