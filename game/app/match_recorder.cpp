// Replay files of played matches (see match_recorder.h).
#include "game/app/match_recorder.h"

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

void MatchRecorder::open(const sim::MatchSetup& setup, const sim::Fight& start) {
    finish();
    if (dir_.empty()) return;
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    path_ = dir_ + "/" + timestamp() + "-" + sim::modeName(setup.mode) + "-" + setup.fighter[0] + "-vs-" +
            setup.fighter[1] + ".freplay";
    for (int n = 2; std::filesystem::exists(path_, ec); ++n) {  // several matches in one second
        path_ = path_.substr(0, path_.rfind(".freplay")) + "-" + std::to_string(n) + ".freplay";
    }
    writer_ = std::make_unique<sim::ReplayWriter>(path_, start);
    check();
}

void MatchRecorder::frame(const sim::FrameInput& in, const sim::Fight& after) {
    if (!writer_) return;
    writer_->frame(in, after);
    check();
}

void MatchRecorder::finish() {
    if (!writer_) return;
    writer_->finish();
    check();
    writer_.reset();
}

void MatchRecorder::check() {
    if (!writer_ || writer_->ok()) return;
    failure_ = writer_->error() + " (recording stopped)";
    writer_.reset();  // nothing more is written; the target was not touched
    path_.clear();
}

}  // namespace app
