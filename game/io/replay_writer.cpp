// The replay writer (see replay_writer.h).
#include "game/io/replay_writer.h"

namespace sim {

ReplayWriter::ReplayWriter(const std::string& path, const Fight& start)
    : out_(path, std::ios::binary), lastHash_(start.hash()) {
    if (out_) out_ << replayHeader(start.setup()) << std::flush;
}

ReplayWriter::~ReplayWriter() {
    if (!finished_) finish();
}

void ReplayWriter::frame(const FrameInput& in, const Fight& after) {
    if (!out_ || finished_) return;
    ++frames_;
    lastHash_ = after.hash();
    out_ << replayFrameLine(in) << "\n";
    if (frames_ % kCheckpointEvery == 0) out_ << "check " << frames_ << " " << hashHex(lastHash_) << "\n";
    out_.flush();
}

void ReplayWriter::note(std::int64_t frame, const std::string& text) {
    const std::string clean = noteText(text);
    if (!out_ || finished_ || clean.empty()) return;
    out_ << "note " << frame << " " << clean << "\n";
    out_.flush();
}

void ReplayWriter::finish() {
    if (finished_) return;
    finished_ = true;
    if (!out_) return;
    out_ << "end " << frames_ << " " << hashHex(lastHash_) << "\n";
    out_.flush();
    if (out_) out_.close();  // close() sets failbit when the final flush fails: ok() then says so
}

}  // namespace sim
