// The C functions the web page calls (Emscripten's ccall): one Session at a time. Strings returned stay valid
// until the next call that returns a string. Files reach the loaders through Emscripten's in-memory file system
// (see session.h), written by the page before it calls bf_open and bf_load_fighters.
#include "game/io/text.h"
#include "web/session.h"

#include <emscripten/emscripten.h>

#include <string>

namespace {

web::Session& session() {
    static web::Session s;
    return s;
}

/// Keeps a returned string alive for the page to copy.
const char* keep(std::string s) {
    static std::string kept;
    kept = std::move(s);
    return kept.c_str();
}

}  // namespace

extern "C" {

/// Opens the replay or action script at path; 1 on success, else 0 and bf_error() says why.
EMSCRIPTEN_KEEPALIVE int bf_open(const char* path) { return session().open(path) ? 1 : 0; }

/// The last error, `FILE:LINE: what`.
EMSCRIPTEN_KEEPALIVE const char* bf_error() { return keep(session().error()); }

/// The id of fighter p (0 or 1) the opened file names.
EMSCRIPTEN_KEEPALIVE const char* bf_fighter(int p) { return keep(session().fighter(p == 1 ? 1 : 0)); }

/// The loaders' size limit for any input file, in bytes (the page refuses a bigger file before reading it).
EMSCRIPTEN_KEEPALIVE double bf_max_file_bytes() { return double(io::kMaxFileBytes); }

/// Loads both fighters from dataDir/fighters/ID.fighter; 1 on success, else 0 and bf_error().
EMSCRIPTEN_KEEPALIVE int bf_load_fighters(const char* dataDir) { return session().loadFighters(dataDir) ? 1 : 0; }

/// Runs up to maxFrames more frames; 1 once the run is done.
EMSCRIPTEN_KEEPALIVE int bf_run(int maxFrames) { return session().runSlice(maxFrames) ? 1 : 0; }

/// Frames the run takes.
EMSCRIPTEN_KEEPALIVE double bf_total_frames() { return double(session().totalFrames()); }

/// Frames run so far.
EMSCRIPTEN_KEEPALIVE double bf_frames_run() { return double(session().framesRun()); }

/// The result (final hash, rounds, failures) as JSON.
EMSCRIPTEN_KEEPALIVE const char* bf_result() { return keep(session().resultJson()); }

/// Every event of the run as JSON.
EMSCRIPTEN_KEEPALIVE const char* bf_events() { return keep(session().eventsJson()); }

/// The frame meter as JSON (two strings of frame kinds).
EMSCRIPTEN_KEEPALIVE const char* bf_meter() { return keep(session().meterJson()); }

/// The hash after `frame` steps, 16 hex digits ("" past what has been run).
EMSCRIPTEN_KEEPALIVE const char* bf_hash(double frame) { return keep(session().hashAt(std::int64_t(frame))); }

/// A digest of every frame's hash (see Session::hashDigest), 16 hex digits.
EMSCRIPTEN_KEEPALIVE const char* bf_hash_digest() { return keep(session().hashDigest()); }

/// Frames between the saved states kept now (the most frames a seek re-simulates).
EMSCRIPTEN_KEEPALIVE double bf_snapshot_every() { return double(session().snapshotEvery()); }

/// The input history up to the frame shown (see Session::inputHistoryJson).
EMSCRIPTEN_KEEPALIVE const char* bf_input_history(int rows) { return keep(session().inputHistoryJson(rows)); }

/// Shows `frame`; returns the state shown as JSON.
EMSCRIPTEN_KEEPALIVE const char* bf_seek(double frame) {
    session().seek(std::int64_t(frame));
    return keep(session().stateJson());
}

/// The shapes of the frame shown, for a canvas width x height, as JSON.
EMSCRIPTEN_KEEPALIVE const char* bf_shapes(int width, int height, int overlay) {
    view::View v;
    v.width = float(width);
    v.height = float(height);
    v.groundY = float(height) - 70.f;
    return keep(session().shapesJson(v, overlay != 0));
}

}  // extern "C"
