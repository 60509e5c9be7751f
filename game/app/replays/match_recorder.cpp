// Replay files of played matches (see match_recorder.h).
#include "game/app/replays/match_recorder.h"

#include "game/io/names.h"

#include <ctime>
#include <filesystem>

namespace app {
namespace {

std::string timestamp() {
    const std::time_t now = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::localtime(&now));
    return buf;
}

}  // namespace

std::string freshReplayPath(const std::string& dir, const std::string& name) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);  // a failure shows when the file is opened
    const std::string stem = dir + "/" + timestamp() + "-" + name;
    std::string path = stem + ".freplay";
    for (int n = 2; std::filesystem::exists(path, ec); ++n)
        path = stem + "-" + std::to_string(n) + ".freplay";  // same second
    return path;
}

void MatchRecorder::open(const sim::MatchSetup& setup, const sim::Fight& start) {
    finish();
    if (dir_.empty()) return;
    path_ = freshReplayPath(
        dir_, std::string(sim::modeName(setup.mode)) + "-" + setup.fighter[0] + "-vs-" + setup.fighter[1]);
    writer_ = std::make_unique<sim::ReplayWriter>(path_, start);
    writer_->keepExisting();  // two games on one machine (both ends of an online match) may pick one name
    check();
}

void MatchRecorder::frame(const sim::FrameInput& in, const sim::Fight& after) {
    if (!writer_) return;
    writer_->frame(in, after);
    check();
}

void MatchRecorder::stall(int seat, std::int64_t ms) {
    if (!writer_) return;
    writer_->stall(seat, ms);
    check();
}

void MatchRecorder::ending(const std::string& word, int seat, std::int64_t silenceMs) {
    if (!writer_) return;
    writer_->ending(word, seat, silenceMs);
    check();
}

void MatchRecorder::finish() {
    if (!writer_) return;
    writer_->finish();
    check();
    if (writer_ && !writer_->placedPath().empty()) path_ = writer_->placedPath();
    writer_.reset();
}

void MatchRecorder::check() {
    if (!writer_ || writer_->ok()) return;
    failure_ = writer_->error() + " (recording stopped)";
    writer_.reset();  // nothing more is written; the target was not touched
    path_.clear();
}

}  // namespace app
