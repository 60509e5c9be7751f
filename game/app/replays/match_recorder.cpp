// Replay files of played matches (see match_recorder.h).
#include "game/app/replays/match_recorder.h"

#include "game/io/atomic_file.h"
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
    const std::string stem = dir + "/" + timestamp() + "-" + name;
    std::string path = stem + ".freplay";
    for (int n = 2; std::filesystem::exists(path, ec); ++n)
        path = stem + "-" + std::to_string(n) + ".freplay";  // same second
    return path;
}

void MatchRecorder::open(const sim::MatchSetup& setup, const sim::Fight& start) {
    finish();
    path_.clear();
    if (dir_.empty()) return;
    pending_ = true;
    setup_ = setup;
    startHash_ = start.hash();
}

void MatchRecorder::makeFile() {
    pending_ = false;
    if (const std::string why = io::makeFolder(dir_); !why.empty()) {
        failure_ = why + " (recording stopped)";
        return;
    }
    path_ = freshReplayPath(
        dir_, std::string(sim::modeName(setup_.mode)) + "-" + setup_.fighter[0] + "-vs-" + setup_.fighter[1]);
    writer_ = std::make_unique<sim::ReplayWriter>(path_, setup_, startHash_);
    writer_->keepExisting();  // two games on one machine (both ends of an online match) may pick one name
    check();
}

void MatchRecorder::frame(const sim::FrameInput& in, const sim::Fight& after) {
    if (pending_) makeFile();
    if (!writer_) return;
    writer_->frame(in, after);
    check();
}

void MatchRecorder::stall(int seat, std::int64_t ms) {
    if (pending_) makeFile();  // a wait before the first frame belongs to the match's record too
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
    pending_ = false;  // no frame was played: no file
    if (!writer_) return;
    if (writer_->frames() == 0) {  // made for a stall, then no frame was played: nothing to keep
        writer_->abandon();
        writer_.reset();
        path_.clear();
        return;
    }
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
