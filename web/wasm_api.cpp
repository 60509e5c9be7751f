// The C functions the web page calls (Emscripten's ccall): one Session at a time. Strings returned stay valid
// until the next call that returns a string. Files reach the loaders through Emscripten's in-memory file system
// (see session.h), written by the page before it calls bf_open and bf_load_fighters.
#include "game/io/text.h"
#include "web/live.h"
#include "web/session.h"

#include "game/view/live_rules.h"
#include "game/view/music.h"
#include "game/view/sfx.h"
#include "game/io/fighter_file.h"

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

/// The training settings bf_training_options chose (only its training fields are used).
sim::MatchSetup trainingOptions;

void applyTraining(sim::MatchSetup& s) {
    s.reversal = trainingOptions.reversal;
    s.throwTech = trainingOptions.throwTech;
    s.startX[0] = trainingOptions.startX[0];
    s.startX[1] = trainingOptions.startX[1];
    s.counter = trainingOptions.counter;
}

web::LiveMatch& live() {
    static web::LiveMatch m;
    return m;
}

/// Keeps rendered samples alive for the page to copy out of the module's memory.
const std::int16_t* keepSamples(std::vector<std::int16_t> samples, int& count) {
    static std::vector<std::int16_t> kept;
    kept = std::move(samples);
    count = int(kept.size());
    return kept.data();
}

int samplesKept = 0;

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

// ---- A match played in the page (live.h). The page writes data/buttons.cfg and data/fighters/ first.

/// Starts a live match: mode 1 = versus CPU (level 1..4 drives player 2), 2 = training (`dummy`: a
/// sim::DummyMode below kDummyModes), 3 = CPU vs CPU; the window's live rules (round intro, counter hits, motion or
/// simple inputs); recorded to recordPath. 1 on success, else 0 and bf_live_error().
EMSCRIPTEN_KEEPALIVE int bf_live_start(const char* p1, const char* p2, int mode, int level, double seed, int simple,
                                       int dummy, const char* recordPath) {
    sim::MatchSetup s;
    s.mode = mode == 3 ? sim::Mode::CpuVsCpu : mode == 2 ? sim::Mode::Training : sim::Mode::VersusCpu;
    s.dummy = sim::DummyMode(dummy < 0 || dummy >= sim::kDummyModes ? 0 : dummy);
    s.fighter[0] = p1;
    s.fighter[1] = p2;
    s.cpuLevel = level < 1 ? 1 : level > sim::kMaxCpuLevel ? sim::kMaxCpuLevel : level;
    s.seed = std::uint64_t(seed) == 0 ? 1 : std::uint64_t(seed);
    app::applyLiveRules(s, simple != 0);
    if (s.mode == sim::Mode::Training) applyTraining(s);
    return live().start(s, "data", recordPath) ? 1 : 0;
}

/// The training page's settings for the next bf_live_start in training (the setup's fields, so a saved replay plays
/// the same in game_headless): the dummy's reversal move ("" none), throw tech (sim::DummyTech 0-2), the start x of
/// both fighters and counter hits (sim::CounterHits 0-2).
EMSCRIPTEN_KEEPALIVE void bf_training_options(const char* reversal, int tech, int x1, int x2, int counter) {
    trainingOptions.reversal = reversal;
    trainingOptions.throwTech = sim::DummyTech(tech < 0 || tech > 2 ? 0 : tech);
    trainingOptions.startX[0] = x1;
    trainingOptions.startX[1] = x2;
    trainingOptions.counter = sim::CounterHits(counter < 0 || counter > 2 ? 0 : counter);
}

/// The moves fighter `id` can use as a training dummy's reversal, one a line ("" when it does not load).
EMSCRIPTEN_KEEPALIVE const char* bf_reversal_moves(const char* id) {
    const sim::FighterLoad load = sim::loadFighterById("data", id);
    std::string out;
    if (load.ok)
        for (const std::string& m : sim::reversalMoves(load.def)) out += m + "\n";
    return keep(out);
}

/// Fighter `id`'s name as menus show it (its file's `display`), "" when it does not load.
EMSCRIPTEN_KEEPALIVE const char* bf_fighter_display(const char* id) {
    const sim::FighterLoad load = sim::loadFighterById("data", id);
    return keep(load.ok ? load.def.display : std::string());
}

/// Starts lessons instead of a match: `names` are files under data/ (one a line, e.g. tutorial/01_move.fscript),
/// played in order from lesson `first` (0-based; the state's lesson "index" counts in the whole list) and graded as
/// the window grades them; trials = 1 uses the combo trials' words for fighter `label` ("RYO TRIAL"). 1 on success,
/// else 0 and bf_live_error(). The state's "lesson" member is the panel.
EMSCRIPTEN_KEEPALIVE int bf_lesson_start(const char* names, int trials, const char* label, int first) {
    app::LessonWords words;
    if (trials != 0) words = app::LessonWords{std::string(label) + " TRIAL", "TRIAL COMPLETE", "ALL TRIALS COMPLETE"};
    return live().startLessons("data", names, words, first) ? 1 : 0;
}

/// The lessons: +1 skips to the next one, 0 restarts the current one.
EMSCRIPTEN_KEEPALIVE void bf_lesson_go(int delta) { live().lessonGo(delta); }

/// Training's recording slot `slot` (1-3), as the window's F8: record the dummy with player 1's keys, again to
/// play it back in a loop (see LiveMatch::recordSlot).
EMSCRIPTEN_KEEPALIVE void bf_record_slot(int slot) { live().recordSlot(slot); }

/// The live match's last error.
EMSCRIPTEN_KEEPALIVE const char* bf_live_error() { return keep(live().error()); }

/// One 60 Hz step with both players' buttons (sim::Button bits).
EMSCRIPTEN_KEEPALIVE void bf_live_step(int p1, int p2) { live().step(std::uint16_t(p1), std::uint16_t(p2)); }

/// The live match's state as JSON (see LiveMatch::stateJson).
EMSCRIPTEN_KEEPALIVE const char* bf_live_state() { return keep(live().stateJson()); }

/// The live match's picture for a canvas width x height on stage (0 dusk, 1 night), as JSON shapes.
EMSCRIPTEN_KEEPALIVE const char* bf_live_shapes(int width, int height, int stage, int overlay) {
    return keep(live().shapesJson(width, height, stage, overlay != 0));
}

/// The stage alone (0 dusk, 1 night) for a canvas width x height, as JSON shapes (behind the fighter select).
EMSCRIPTEN_KEEPALIVE const char* bf_stage_shapes(int width, int height, int stage) {
    view::View v;
    v.width = float(width);
    v.height = float(height);
    v.groundY = float(height) - 70.f;
    v.stage = stage;
    view::DrawList list;
    view::addStage(list, v, 0);
    return keep(web::shapesJson(list));
}

/// Finishes the live match's recording; "" or why the write failed.
EMSCRIPTEN_KEEPALIVE const char* bf_live_finish() { return keep(live().finish()); }

/// A sound effect (view::Sfx) as 16-bit samples at 22,050 Hz: a pointer into the module's memory, valid until the
/// next call; bf_samples_count() says how many.
EMSCRIPTEN_KEEPALIVE const std::int16_t* bf_sfx(int which) {
    const int n = int(view::Sfx::kCount);
    return keepSamples(view::synthSfx(view::Sfx(which < 0 || which >= n ? 0 : which)), samplesKept);
}

/// A song's loop (view::Song: 0 dusk, 1 night, 2 title) as bf_sfx gives an effect.
EMSCRIPTEN_KEEPALIVE const std::int16_t* bf_song(int which) {
    const int n = int(view::Song::kCount);
    return keepSamples(view::render(view::Song(which < 0 || which >= n ? 0 : which)), samplesKept);
}

/// Samples the last bf_sfx or bf_song returned.
EMSCRIPTEN_KEEPALIVE int bf_samples_count() { return samplesKept; }

}  // extern "C"
