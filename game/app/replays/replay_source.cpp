// The replay source (see replay_source.h).
#include "game/app/replays/replay_source.h"

#include <filesystem>
#include <iostream>

namespace app {
namespace {

/// A player's message with its file named without its folders ("DIR/x.fscript:7: ..." -> "x.fscript:7: ..."), so
/// that the window's one-line labels fit on screen (stderr keeps the whole path).
std::string withoutFolders(const std::string& message) {
    const std::size_t colon = message.find(':');
    if (colon == std::string::npos) return message;
    const std::size_t slash = message.rfind('/', colon);
    return slash == std::string::npos ? message : message.substr(slash + 1);
}

}  // namespace

ReplaySource::ReplaySource(const sim::RunFile& run, const sim::FighterDef& p1, const sim::FighterDef& p2)
    : run_(run), defs_{&p1, &p2} {
    restart();
}

void ReplaySource::restart() {
    player_ = std::make_unique<sim::ReplayPlayer>(run_, *defs_[0], *defs_[1]);
    tail_.reset();
    tailFrames_ = 0;
    shownFailures_ = 0;
    failed_.clear();
    desync_.clear();
}

std::string ReplaySource::title() const { return "REPLAY  " + std::filesystem::path(run_.path).filename().string(); }

void ReplaySource::step() {
    player_->step();
    takeFailures();
}

bool ReplaySource::ended() const {
    if (!player_->done()) return false;
    const sim::FightState& last = player_->fight().state();
    return tailFrames_ >= kTailFrames || !(last.roundOver || last.matchOver);
}

Advance ReplaySource::tick(const Tick& /*in*/, const sim::FrameInput* keys) {
    if (keys == nullptr) return {};
    if (!player_->done()) {
        step();
        return {&player_->fight()};
    }
    if (ended()) return {};
    if (!tail_) {
        tail_ = std::make_unique<sim::Fight>(run_.setup, *defs_[0], *defs_[1]);
        tail_->restore(player_->fight().state());
    }
    tail_->step(sim::FrameInput{});
    ++tailFrames_;
    return {tail_.get()};
}

void ReplaySource::takeFailures() {
    // The player's new failures: a hash mismatch is a desync (red label), others are failed expectations (listed).
    const std::vector<io::RunFailure>& failures = player_->failures();
    if (shownFailures_ == 0 && !failures.empty() && onFailure_) onFailure_();  // the run's first failure
    for (; shownFailures_ < failures.size(); ++shownFailures_) {
        const io::RunFailure& f = failures[shownFailures_];
        std::cerr << f.text() << "\n";
        if (f.kind == io::FailureKind::HashMismatch) {
            if (desync_.empty())
                desync_ = "DESYNC at frame " + std::to_string(f.frame) + " (" +
                          withoutFolders(f.file + ":" + std::to_string(f.line)) + ")";
        } else {
            failed_.push_back(withoutFolders(f.text()));
        }
    }
}

}  // namespace app
