// Headless Blaster script runner: parse the whole file first (a bad file exits 2 before any frame runs), then run
// it and print a summary in the same spirit as the fight runner's.
#include "game/run/blaster_runner.h"

#include "game/io/blaster_script.h"
#include "game/io/names.h"
#include "game/io/text.h"

#include <ostream>

namespace run {

int runBlasterScript(const std::string& path, std::ostream& out, std::ostream& err) {
    std::string text;
    io::Error error;
    if (!io::readFile(path, text, error)) {
        err << error.text() << "\n";
        return 2;
    }
    return runBlasterText(path, text, out, err);
}

int runBlasterText(const std::string& path, const std::string& text, std::ostream& out, std::ostream& err) {
    io::Error error;
    blaster::Script script;
    if (!blaster::parseScript(text, path, script, error)) {
        err << error.text() << "\n";
        return 2;
    }
    const blaster::ScriptResult r = blaster::runScript(script, path);
    out << "blaster " << path << "\n";
    out << "  frames " << r.frames << ", score " << r.score << " (best " << r.bestScore << "), kills " << r.kills
        << ", " << (r.gameOver ? "game over" : "alive") << "\n";
    out << "  structures";
    for (std::size_t i = 0; i < r.structures.size(); ++i)
        out << (i ? " -> " : " ") << blaster::structureName(r.structures[i]);
    out << "\n  final hash 0x" << std::hex << r.hash << std::dec << "\n";
    out << "  expectations " << r.expectations - int(r.failures.size()) << " passed, " << r.failures.size()
        << " failed\n";
    for (const io::RunFailure& f : r.failures) {
        out << "  FAILED " << f.text() << "\n";
        err << f.text() << "\n";
    }
    return r.failures.empty() ? 0 : 1;
}

}  // namespace run
