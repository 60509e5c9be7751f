// Bug reports (see bug_report.h).
#include "game/io/bug_report.h"

#include "game/io/replay_writer.h"

#include <cstdint>
#include <memory>

namespace sim {

std::string writeBugReport(const std::string& path, const MatchSetup& setup, const FighterDef& p1, const FighterDef& p2,
                           const std::vector<FrameInput>& inputs, const std::string& text, std::string* placed) {
    if (noteText(text).empty()) return "a bug report needs a note: say what looked wrong";
    // The fight is a few kilobytes of plain data; keep it off the stack of the window's thread all the same.
    auto fight = std::make_unique<Fight>(setup, p1, p2);
    ReplayWriter writer(path, *fight);
    if (!writer.ok()) return writer.error();
    if (placed) writer.keepExisting();
    const auto last = std::int64_t(inputs.size());
    if (last == 0) writer.note(0, text);
    std::int64_t frame = 0;
    for (const FrameInput& in : inputs) {
        fight->step(in);
        writer.frame(in, *fight);
        if (++frame == last) writer.note(frame, text);
        if (!writer.ok()) return writer.error();
    }
    writer.finish();
    if (!writer.ok()) return writer.error();
    if (placed) *placed = writer.placedPath();
    return "";
}

}  // namespace sim
