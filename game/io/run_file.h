#pragma once
// What a fight replay or an action script loads to: a RunFile (match setup, per-frame inputs, checks). Both
// formats compile to it, so one player (player.h) runs either, headless or in the window.
//
// Replay format (version 2; version 1, the same without `stall` and `ending` lines, still loads), text, one record
// per line, '#' starts a comment:
//   fightreplay 2                   first line: magic word and format version
//   rules N                         the rules version it was recorded under (sim::kRulesVersion); required: a
//                                   replay of other rules (or with no `rules` line: rules 1) is refused, since its
//                                   inputs would play another match
//   seed N | mode WORD | fighters ID1 ID2 | rounds N | roundframes N | dummy WORD | cpulevel N
//   start X1 X2 | health H1 H2     (header settings, any order; omitted ones keep MatchSetup's defaults;
//                                   seed is 0..2^64-1, health 0 = full)
//   intro FRAMES | style S1 S2     (as in scripts; written only when not the default: intro 0, simple simple)
//   tape TOKENS ...                 the training dummy's recording (as in scripts; written only when not empty)
//   frames                          end of header
//   P1 P2                           one line per frame: each player's held buttons as letters (buttonLetters), each
//                                   at most once (`AA` is refused), "-" = none;
//                                   T (throw) came later than the other letters, and no older file holds it
//   check FRAME HASH                hash (16 hex digits) after FRAME steps; written every 60 frames
//   note FRAME TEXT                 a bug report's note: what looked wrong at FRAME (game_headless --note writes it;
//                                   the web viewer opens the replay there); at most kMaxNotes, TEXT at most
//                                   kMaxNoteChars characters, no '#' (the rest of the line is a comment); in a
//                                   replay that ends (`end`), FRAME is at most its frame count
//   stall FRAME P1|P2 MS            online: that player was not heard for MS ms (a stall the other side saw; at most
//                                   kMaxStalls), with FRAME frames confirmed before it ended
//   ending WORD [P1|P2 [MS]]        online: why the match ended, once, before `end`: over, desync, silent (the
//                                   player who went silent and for how long), stuck (no frame confirmed), left (who
//                                   left), other
//   end FRAME HASH                  last line: total frames and final hash (missing after a crash: still playable,
//                                   and the runner's summary says `(truncated: no end line, N frames)`)
// Each header setting may appear once. A replay holds at most kMaxRunFrames frame lines. The writer (replay_writer.h)
// writes whole frames, a second of them at each checkpoint, so a crash leaves a readable prefix; a file cut
// mid-write all the same (another writer, a copy) loads too: a last frame line with no '\n' is dropped and the
// replay plays up to the last whole line; a last `end`/`check` line with no '\n' counts only when it parses.
#include "game/io/text.h"
#include "game/sim/fight.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sim {

/// Replay format version written; every version from 1 up to it is accepted.
constexpr int kReplayVersion = 2;
/// Most `stall` lines a replay may hold.
constexpr int kMaxStalls = 10000;
/// Frames between hash checkpoints in recorded replays.
constexpr int kCheckpointEvery = 60;
/// Most frames a script or replay may run (about 4.6 hours of play); more is refused as a bad file.
constexpr std::int64_t kMaxRunFrames = 1000000;
/// Most `note` lines a replay may hold.
constexpr int kMaxNotes = 100;
/// Longest text of one note, in characters.
constexpr std::size_t kMaxNoteChars = 200;

/// One `expect` line of a script.
struct Expectation {
    int line = 0;          ///< line in the script
    std::string text;      ///< the line's tokens (printable, cut), for messages
    bool isEvent = false;  ///< event expectation (hit, block, cancel, ko, timeover, roundstart) vs state check
    bool negate = false;   ///< `expect no ...`: the event must NOT happen in the window
    EventType event = EventType::Hit;  ///< event kind
    int victim = -1;                   ///< event victim (KO: the fallen) or -1 for any
    int attacker = -1;                 ///< event attacker or -1 for any
    std::string member;                ///< member hit, "" for any
    std::string move;                  ///< attacker's move, "" for any
    std::int64_t first = 0;            ///< first frame of the window (state checks: first == last == the frame)
    std::int64_t last = 0;             ///< last frame of the window, inclusive
    int player = -1;                   ///< state check: 0/1 for `p1.field`, -1 for match fields
    std::string
        field;  ///< state field: health x y move wins combo facing airborne crouching blocking hitstun blockstun advantage meter juggle down / round winner timer projectiles frame
    std::string op = "==";  ///< == != < <= > >=
    std::string value;      ///< expected value (number or word)
    bool anyFrame = false;  ///< state check with `within N`: it must hold on at least one frame of [first, last]
};

/// Whether a state check's field has a word for its value (move, facing, winner) rather than a number.
inline bool isWordField(const std::string& f) { return f == "move" || f == "facing" || f == "winner"; }

/// A line of text a script shows from a frame on (`say`): a tutorial lesson's instruction.
struct Caption {
    std::int64_t frame = 0;  ///< shown once this many frames have been stepped (the cursor at the `say` line)
    std::string text;        ///< what it says (one line)
    int line = 0;            ///< where it was written
};

/// A bug report's note in a replay: what looked wrong, and at which frame.
struct Note {
    std::int64_t frame = 0;  ///< steps taken when it was written
    std::string text;        ///< what looked wrong (one line, no '#')
    int line = 0;            ///< where it was written
};

/// An online opponent's stall as the other side saw it (a `stall` line).
struct Stall {
    std::int64_t frame = 0;  ///< frames confirmed before it ended
    int seat = 0;            ///< 0 = P1, 1 = P2: who was not heard
    std::int64_t ms = 0;     ///< how long
};
/// Why an online match ended (the `ending` line; word empty when there is none).
struct Ending {
    std::string word;     ///< over, desync, silent, stuck, left, other
    int seat = -1;        ///< the player it names (-1 = none)
    std::int64_t ms = 0;  ///< silent: the silence that ended it
};
/// "P1" or "P2" for seat 0 or 1.
inline std::string seatWord(int seat) { return seat == 0 ? "P1" : "P2"; }
/// A hash the state must have after `frame` steps.
struct Checkpoint {
    std::int64_t frame = 0;  ///< steps taken
    std::uint64_t hash = 0;  ///< expected Fight::hash()
    int line = 0;            ///< where it was written
};

/// A replay or a compiled script: what to run and what to check.
struct RunFile {
    std::string path;                       ///< file it came from
    bool isReplay = false;                  ///< replay (true) or action script (false)
    MatchSetup setup;                       ///< match settings
    std::vector<FrameInput> inputs;         ///< per-frame input, frame 1 first
    std::vector<Checkpoint> checkpoints;    ///< replay hash checks (in frame order)
    std::vector<Expectation> expectations;  ///< script checks (in line order)
    std::int64_t frames = 0;                ///< frames to run (>= inputs.size(); covers every expectation window)
    int fightersLine = 0;                   ///< line of the `fighters` record (0 = defaults were used)
    int healthLine = 0;                     ///< line of the `health` record (0 = none)
    int reversalLine = 0;                   ///< line of the `reversal` record (0 = none)
    bool truncated = false;                 ///< a replay with no `end` line (a crashed recording)
    std::vector<Note> notes;                ///< bug-report notes (replays only), in file order
    std::vector<Stall> stalls;              ///< online stalls (replays of version 2), in file order
    Ending ending;                          ///< why an online match ended (replays of version 2)
    int version = 0;                        ///< a replay's format version
    std::string title;                      ///< a script's `title` ("" = none): a tutorial lesson's name
    std::vector<Caption> captions;          ///< a script's `say` lines, in frame order
};

/// Parses a replay's text; on failure returns false with error = {fileName, LINE, what}.
bool parseReplay(const std::string& text, const std::string& fileName, RunFile& out, io::Error& error);
/// Parses an action script's text (grammar atop script_file.cpp); same error convention.
bool parseScript(const std::string& text, const std::string& fileName, RunFile& out, io::Error& error);
/// The first word of a text, skipping blank lines and '#' comments ("" when there is none).
std::string firstWordOf(const std::string& text);
/// Loads a replay (first word `fightreplay`) or an action script from a file (io::readFile's errors included).
bool loadRunFile(const std::string& path, RunFile& out, io::Error& error);
/// Parses a file's text already read (a replay or an action script, by its first word), so a file that can be read
/// only once (a pipe) is read once.
bool parseRunFile(const std::string& text, const std::string& fileName, RunFile& out, io::Error& error);
/// Checks what a run names against the loaded fighters: start health within each fighter's full health, and every
/// member, move and anim named in an expectation exists.
bool checkRunAgainstFighters(const RunFile& run, const FighterDef& p1, const FighterDef& p2, io::Error& error);
/// Finds the data folder for a file: walks up from its folder looking for `fighters/` or `data/fighters/`;
/// fallback (e.g. the compiled-in data folder) when none is found.
std::string findDataDir(const std::string& filePath, const std::string& fallback);
/// The one stderr line for a replay that ends without its `end` line (a recording cut short, which still plays
/// to its last frame): `FILE: ends without its end line after frame N (a recording cut short; it plays up to
/// there)`; "" for any other run.
std::string cutShortWarning(const RunFile& run);
/// The replay header text for a setup (ends with the `frames` line).
std::string replayHeader(const MatchSetup& setup);
/// A note's text as a replay stores it: control bytes and '#' become spaces, runs of spaces one, no space at either
/// end, cut to kMaxNoteChars.
std::string noteText(const std::string& text);
/// One frame line ("P1 P2").
std::string replayFrameLine(const FrameInput& in);
/// Lower-case 16-digit hex of a hash.
std::string hashHex(std::uint64_t h);
/// A dummy tape as `tape` tokens: replay letters per frame (R = forward, L = back), runs as `LETTERS*N`.
std::string tapeText(const std::vector<std::uint16_t>& tape);
/// The message for a `style` word that is not one: says so, and what became of the removed `classic` style.
std::string styleError(const std::string& word);
/// Parses `tape` tokens (t[from..]); false with why on a bad token or more than kMaxTape frames.
bool parseTape(const std::vector<std::string>& t, std::size_t from, std::vector<std::uint16_t>& out, std::string& why);

}  // namespace sim
