// The replay writer (see replay_writer.h).
#include "game/io/replay_writer.h"

namespace sim {

ReplayWriter::ReplayWriter(const std::string& path, const MatchSetup& setup, std::uint64_t startHash)
    : lastHash_(startHash) {
    if (file_.open(path, io::OnSignal::Keep)) file_.write(replayHeader(setup));
}

ReplayWriter::~ReplayWriter() {
    if (!finished_) finish();
}

void ReplayWriter::frame(const FrameInput& in, const Fight& after, bool mayBeLast) {
    if (!ok() || finished_) return;
    ++frames_;
    const bool checkpoint = frames_ % kCheckpointEvery == 0;
    if (checkpoint || mayBeLast) lastHash_ = after.hash();
    std::string lines = replayFrameLine(in);
    lines += '\n';
    if (checkpoint) lines += "check " + std::to_string(frames_) + " " + hashHex(lastHash_) + "\n";
    if (file_.append(lines) && checkpoint) file_.flush();  // a second of frames to disk in one write
}

void ReplayWriter::note(std::int64_t frame, const std::string& text) {
    const std::string clean = noteText(text);
    if (!ok() || finished_ || clean.empty()) return;
    file_.append("note " + std::to_string(frame) + " " + clean + "\n");
}

void ReplayWriter::stall(int seat, std::int64_t ms) {
    if (!ok() || finished_ || ended_) return;
    file_.append("stall " + std::to_string(frames_) + " " + seatWord(seat) + " " + std::to_string(ms) + "\n");
}

void ReplayWriter::ending(const std::string& word, int seat, std::int64_t silenceMs) {
    if (!ok() || finished_ || ended_) return;
    ended_ = true;
    std::string line = "ending " + word;
    if (seat >= 0) line += " " + seatWord(seat);
    if (seat >= 0 && silenceMs > 0) line += " " + std::to_string(silenceMs);
    file_.append(line + "\n");
}

void ReplayWriter::finish() {
    if (finished_) return;
    finished_ = true;
    if (file_.append("end " + std::to_string(frames_) + " " + hashHex(lastHash_) + "\n")) file_.commit();
    else file_.abandon();
}

void ReplayWriter::abandon() {
    if (finished_) return;
    finished_ = true;
    file_.abandon();
}

void ReplayText::start(const Fight& fight) {
    text = replayHeader(fight.setup());
    startHash = fight.hash();
}

void ReplayText::frame(const FrameInput& in, const Fight& after) {
    ++frames;
    text += replayFrameLine(in);
    text += '\n';
    if (frames % kCheckpointEvery == 0) text += "check " + std::to_string(frames) + " " + hashHex(after.hash()) + "\n";
}

void ReplayText::finish(std::uint64_t finalHash) {
    if (ended) return;
    ended = true;
    text += "end " + std::to_string(frames) + " " + hashHex(frames > 0 ? finalHash : startHash) + "\n";
}

}  // namespace sim
