// `--headless --replay FILE`: runs a fight replay or action script (or hands a Blaster script to its runner)
// without any window, as fast as it can, and prints a summary. Exit codes: 0 every check held, 1 a check failed
// (expectation, hash checkpoint or sync test), 2 bad flags or a bad file (`FILE:LINE: what` on stderr), or a
// --record file that cannot be written (`OUT: cannot write: REASON`: the run stops at that frame, and OUT, written
// as an io::AtomicFile, is as it was before). The file is read once, so a pipe or `<(...)` works.
// A replay with no `end` line (a crashed recording) still runs, to its last frame: one line on stderr says so
// (sim::cutShortWarning) and the summary marks it truncated; the exit status is the run's. Output that
// cannot be written (a full disk, a closed pipe) is an error too: exit 2 with a message on stderr.
#include "game/run/headless.h"

#include "game/run/bisect.h"
#include "game/run/blaster_runner.h"
#include "game/run/box_dump.h"
#include "game/run/frame_data.h"
#include "game/run/headless_peer.h"
#include "game/run/move_list_page.h"
#include "game/run/spectator_runner.h"
#include "game/io/flag_table.h"
#include "game/io/button_file.h"
#include "game/io/fighter_file.h"
#include "game/io/names.h"
#include "game/io/player.h"
#include "game/io/replay_writer.h"
#include "game/sim/fight.h"
#include "engine/write_signals.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace run {
namespace {

/// The runner's flags.
struct Flags {
    std::string replay;           ///< --replay FILE
    std::string dataDir;          ///< --data DIR (default: found beside the file)
    std::string record;           ///< --record OUT: also write what ran as a replay
    int sync = 0;                 ///< --sync N: save/restore/re-simulate every N frames
    bool printHashes = false;     ///< --print-hashes: one `frame N HASH` line per frame
    bool printEvents = false;     ///< --events: one line per event (for writing scripts)
    std::string note;             ///< --note TEXT: a bug report's note in the --record file
    std::int64_t noteFrame = -1;  ///< --note-frame N: the frame it is about (-1: the last)
    std::string frameData;        ///< --frame-data FIGHTER: print its frame data page instead of running a file
    std::string boxes;            ///< --boxes FIGHTER MOVE: print that anim's boxes per frame instead of running a file
    std::string boxesMove;        ///< its MOVE (any anim or move name)
    std::string moveList;         ///< --move-list FIGHTER: print its move list page instead of running a file
};

/// The program's name in messages: "game_headless", or "game --headless" when the window's binary runs headless.
std::string programName(const char* argv0) {
    return argv0 != nullptr && std::filesystem::path(argv0).filename() == "game" ? "game --headless" : "game_headless";
}

void printUsage(std::ostream& out) {
    out << "usage: game_headless [--headless] --replay FILE [--sync N] [--print-hashes] [--events] [--data DIR] "
           "[--record OUT]\n"
        << "                     [--note TEXT [--note-frame N]]   (a bug report: the note goes into the --record "
           "file)\n"
        << "       game_headless (--host [PORT] | --join HOST[:PORT]) --replay FILE [--fast] ...   (an online peer: "
           "see\n"
        << "       its own usage, e.g. game_headless --host 7000, and the README)\n"
        << "       game_headless --spectate HOST[:PORT] [--record OUT] ...   (watch a host's match: docs/netcode.md)\n"
        << "       game_headless --ranked HOST:PORT ...   (a match through the ranked service, bvh_matchd: "
           "docs/ranked.md)\n"
        << "       game_headless --bisect A.freplay B.freplay [--data DIR]   (where two recordings part)\n"
        << "       game_headless --frame-data FIGHTER [--data DIR]   (its moves measured against a dummy, as "
           "Markdown)\n"
        << "       game_headless --boxes FIGHTER MOVE [--data DIR]   (every box of an anim or move, frame by frame)\n"
        << "       game_headless --move-list FIGHTER [--data DIR]    (its move list, as Markdown)\n"
        << "       game_headless --simulate SEEDS | --schedule FILE ...   (the online code in the deterministic "
           "simulator:\n"
        << "       docs/testing.md)\n";
}

int usage(const std::string& program, const std::string& what) {
    std::cerr << program << ": " << what << "\n";
    printUsage(std::cerr);
    return 2;
}

/// The page mode asked for (`--frame-data`, `--move-list` or `--boxes`: a fighter's page printed, nothing run), or
/// "" for a run. `table`: the run's flags (a page's name given as another flag's value is that value).
std::string pageAsked(int argc, char** argv, const io::FlagTable& table) {
    for (const char* page : {"--frame-data", "--move-list", "--boxes"}) {
        if (io::flagGiven(argc, argv, {page}, table)) return page;
    }
    return "";
}

/// Every flag of a replay run and of the page modes; each entry fills f (which must outlive the table).
io::FlagTable runFlagTable(Flags& f, bool& headless) {
    return {
        io::switchFlag("--headless", headless),
        io::textFlag("--replay", f.replay),
        io::textFlag("--data", f.dataDir),
        io::textFlag("--record", f.record),
        io::switchFlag("--print-hashes", f.printHashes),
        io::switchFlag("--events", f.printEvents),
        io::numberInto("--sync", 1, 100000, f.sync),
        io::textFlag("--note", f.note),
        io::numberInto("--note-frame", 0, sim::kMaxRunFrames, f.noteFrame),
        io::textFlag("--frame-data", f.frameData),
        io::textFlag("--boxes", f.boxes),
        io::textFlag("--move-list", f.moveList),
    };
}

bool parseFlags(int argc, char** argv, Flags& f, std::string& error) {
    bool headless = false;
    const std::string page = pageAsked(argc, argv, runFlagTable(f, headless));
    // --boxes takes two values: MOVE is taken out here and the table reads `--boxes FIGHTER`.
    std::vector<char*> args(argv, argv + argc);
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (std::string(args[i]) != "--boxes") continue;
        if (i + 2 >= args.size() || args[i + 1][0] == '-' || args[i + 2][0] == '-' || args[i + 2][0] == 0) {
            error = "--boxes needs FIGHTER MOVE";
            return false;
        }
        f.boxesMove = args[i + 2];
        args.erase(args.begin() + std::ptrdiff_t(i) + 2);
        break;
    }
    argc = int(args.size());
    argv = args.data();
    io::FlagTable table = runFlagTable(f, headless);
    if (!page.empty()) {  // a run's flags would be ignored: said instead (--replay has its own message below)
        const std::vector<std::string> pageFlags = {"--headless",   "--data",  "--replay",
                                                    "--frame-data", "--boxes", "--move-list"};
        table = io::onlyFlags(std::move(table), pageFlags, page + " (it prints a page and runs nothing)");
    }
    if (!io::parseFlags(argc, argv, table, error)) return false;
    if (!f.boxes.empty()) {
        if (!f.replay.empty() || !f.frameData.empty()) error = "--boxes takes no --replay or --frame-data";
        return error.empty();
    }
    if (!f.frameData.empty() || !f.moveList.empty()) {
        const char* const flag = f.frameData.empty() ? "--move-list" : "--frame-data";
        if (!f.replay.empty()) error = std::string(flag) + " takes no --replay";
        else if (!f.frameData.empty() && !f.moveList.empty())
            error = "--frame-data and --move-list: one page at a time";
        return error.empty();
    }
    if (f.replay.empty()) error = "missing --replay FILE";
    else if (!f.note.empty() && f.record.empty()) error = "--note needs --record OUT (the note goes into that file)";
    else if (f.noteFrame >= 0 && f.note.empty()) error = "--note-frame needs --note TEXT";
    else if (!f.note.empty() && sim::noteText(f.note).empty())
        error = "--note wants some text, not " + io::quote(f.note);
    else if (f.note.size() > sim::kMaxNoteChars)  // refused, not cut: the note is the whole bug report
        error = "--note holds at most " + std::to_string(sim::kMaxNoteChars) +
                " bytes (a character outside ASCII takes 2-4), not " + std::to_string(f.note.size());
    return error.empty();
}

/// The first flag given that only a fight honours ("" when none): the Blaster runner records nothing and prints
/// no per-frame hashes or events, so `--record OUT` with a Blaster script once ran, exited 0 and wrote no file.
std::string fightOnlyFlag(const Flags& f) {
    if (!f.record.empty()) return "--record";
    if (f.sync != 0) return "--sync";
    if (f.printHashes) return "--print-hashes";
    if (f.printEvents) return "--events";
    return "";
}

/// Exit code 2 with a message when stdout could not take everything written to it.
int checkedExit(const std::string& program, int code) { return io::stdoutWritten(program) ? code : 2; }

/// Says why the recording failed and at which frame (the run stops there; the target file was not touched).
int recordingFailed(const sim::ReplayWriter& writer, std::int64_t frame) {
    std::cout.flush();
    std::cerr << writer.error() << " (recording stopped at frame " << frame << "; that file was left as it was)\n";
    return 2;
}

/// One line per event of the step just taken (for writing scripts).
void printEvents(std::int64_t frame, const sim::Fight& fight) {
    for (const sim::Event& e : fight.events()) {
        std::cout << "frame " << frame << ": " << sim::eventName(e.type);
        if (e.type == sim::EventType::MatchOver && e.victim == 2) std::cout << " draw";
        else if (e.victim >= 0) std::cout << " victim p" << (e.victim + 1);
        if (e.attacker >= 0) std::cout << " by p" << (e.attacker + 1);
        if (!e.move.empty()) std::cout << " move " << e.move << " member " << e.member << " damage " << e.damage;
        if (e.counter) std::cout << " counter";
        std::cout << "  [p1 x " << fight.state().fighters[0].x << " " << fight.animName(0) << ", p2 x "
                  << fight.state().fighters[1].x << " " << fight.animName(1) << "]\n";
    }
    io::watchStdout();
}

/// The summary's note for a replay without its `end` line ("" otherwise).
std::string truncatedNote(const sim::RunFile& run) {
    if (!run.truncated) return "";
    return "(truncated: no end line, " + std::to_string(run.inputs.size()) + " frames)";
}

void printSummary(const sim::RunFile& run, const sim::RunResult& r, const sim::FighterDef* defs) {
    const sim::FightState& s = r.finalState;
    const char* winners[] = {"p1", "p2", "draw"};
    std::cout << "file: " << run.path << " (" << (run.isReplay ? "replay" : "script") << ", mode "
              << sim::modeName(run.setup.mode) << ", seed " << run.setup.seed << ")\n"
              << "frames: " << r.frames << "\n"
              << "round: " << s.round << "  wins: p1 " << s.wins[0] << " - p2 " << s.wins[1] << "\n"
              << "winner: " << (s.matchWinner >= 0 ? winners[s.matchWinner] : "none") << "\n"
              << "health: p1 " << defs[0].id << " " << s.fighters[0].health << "/" << defs[0].health << ", p2 "
              << defs[1].id << " " << s.fighters[1].health << "/" << defs[1].health << "\n"
              << "final hash: " << sim::hashHex(r.finalHash) << "\n"
              << "hit tests: " << r.broadTests << " root tests, " << r.broadHits << " root hits, " << r.nodesVisited
              << " tree nodes visited, " << r.hits << " hits/blocks\n"
              << "checks: " << run.expectations.size() << " expectations, " << run.checkpoints.size()
              << " checkpoints, " << r.failures.size() << " failed\n";
    for (const sim::Note& n : run.notes) std::cout << "note at frame " << n.frame << ": " << n.text << "\n";
    if (run.truncated) std::cout << truncatedNote(run) << "\n";
    for (const io::RunFailure& f : r.failures) std::cout << "FAILED " << f.text() << "\n";
    std::cout << (r.failures.empty() ? "PASS" : "FAIL") << "\n";
}

/// --boxes FIGHTER [--move NAME], --frame-data FIGHTER and --move-list FIGHTER: a fighter's data printed.
int printFighterPage(const Flags& flags, const std::string& program, const std::string& defaultDataDir) {
    const std::string dataDir = flags.dataDir.empty() ? defaultDataDir : flags.dataDir;
    const std::string id = !flags.boxes.empty()      ? flags.boxes
                           : flags.frameData.empty() ? flags.moveList
                                                     : flags.frameData;
    sim::FighterLoad load = sim::loadFighterById(dataDir, id);
    if (!load.ok) {
        std::cerr << load.error.text() << "\n";
        return 2;
    }
    if (!flags.boxes.empty()) {
        const int anim = load.def.anim(flags.boxesMove);
        if (anim < 0) {
            std::string names;
            for (const sim::AnimDef& a : load.def.anims) names += " " + a.name;
            return usage(program, "fighter " + io::quote(flags.boxes) + " has no anim or move " +
                                      io::quote(flags.boxesMove) + " (it has:" + names + ")");
        }
        writeBoxes(load.def, anim, std::cout);
        return checkedExit(program, 0);
    }
    load.def.resolveIds();
    if (!flags.frameData.empty()) writeFrameData(load.def, std::cout);
    else writeMoveList(load.def, std::cout);
    return checkedExit(program, 0);
}

/// Plays the run, writing the recording (--record, with its --note) as it goes: a recording that cannot be
/// written stops the run at that frame (the exit status then in `exitCode`, else -1).
sim::RunResult playRun(const Flags& flags, sim::ReplayPlayer& player, std::int64_t noteFrame, int& exitCode) {
    exitCode = -1;
    std::unique_ptr<sim::ReplayWriter> writer;
    if (!flags.record.empty()) {
        writer = std::make_unique<sim::ReplayWriter>(flags.record, player.fight());
        if (!writer->ok()) exitCode = recordingFailed(*writer, 0);
        else if (noteFrame == 0) writer->note(0, flags.note);
    }
    while (exitCode < 0 && !player.done()) {
        player.step();
        if (flags.printEvents) printEvents(player.frame(), player.fight());
        if (!writer) continue;
        writer->frame(player.lastInput(), player.fight(), player.done());  // hashed only when a hash is written
        if (player.frame() == noteFrame) writer->note(player.frame(), flags.note);
        if (!writer->ok()) exitCode = recordingFailed(*writer, player.frame());
    }
    if (exitCode < 0 && writer) {
        writer->finish();
        if (!writer->ok()) exitCode = recordingFailed(*writer, player.frame());
    }
    return player.result();
}

/// The run's report: per-frame hashes (--print-hashes), the summary, and the failures again on stderr.
int reportRun(const Flags& flags, const std::string& program, const sim::RunFile& run, const sim::RunResult& r,
              const sim::FighterDef* defs) {
    if (flags.printHashes) {
        for (std::size_t i = 0; i < r.hashes.size(); ++i) {
            std::cout << "frame " << (i + 1) << " " << sim::hashHex(r.hashes[i]) << "\n";
            io::watchStdout();
        }
    }
    printSummary(run, r, defs);
    for (const io::RunFailure& f : r.failures) std::cerr << f.text() << "\n";
    return checkedExit(program, r.failures.empty() ? 0 : 1);
}

}  // namespace

io::FlagTable withRunFlagsRefused(io::FlagTable own, const std::string& why) {
    return io::withFlagsAdded(std::move(own), io::refusingFlags(runFlagTable, why));
}

io::FlagTable knownHeadlessFlags() {
    io::FlagTable known = knownPeerFlags();  // a replay run's flags are in each mode's table
    for (const io::FlagTable& more : {knownSpectatorFlags(), knownBisectFlags()})
        known = io::withFlagsAdded(std::move(known), more);
    return known;
}

int runHeadless(int argc, char** argv, const std::string& defaultDataDir) {
    engine::failWritesInsteadOfDying();  // a closed pipe or a size limit is a failed write (exit 2), not a death
    Flags flags;
    std::string error;
    const std::string program = programName(argc > 0 ? argv[0] : nullptr);
    if (io::helpAsked(argc, argv)) {
        printUsage(std::cout);
        return 0;
    }
    if (!parseFlags(argc, argv, flags, error)) return usage(program, error);
    if (!flags.boxes.empty() || !flags.frameData.empty() || !flags.moveList.empty()) {
        return printFighterPage(flags, program, defaultDataDir);
    }
    sim::RunFile run;
    io::Error bad;
    std::string text;  // read once: a pipe or `<(...)` cannot be read again
    if (!io::readFile(flags.replay, text, bad)) {
        std::cerr << bad.text() << "\n";
        return 2;
    }
    if (sim::firstWordOf(text) == "blaster") {
        const std::string fightOnly = fightOnlyFlag(flags);
        if (!fightOnly.empty()) {
            return usage(program, fightOnly + " works with a fight's replay or script, not with the Blaster script " +
                                      io::quote(flags.replay));
        }
        return checkedExit(program, runBlasterText(flags.replay, text, std::cout, std::cerr));
    }
    const std::string dataDir = flags.dataDir.empty() ? sim::findDataDir(flags.replay, defaultDataDir) : flags.dataDir;
    sim::FighterDef defs[2];
    if (!sim::loadButtons(dataDir, bad) || !sim::parseRunFile(text, flags.replay, run, bad) ||
        !sim::loadRunFighters(run, dataDir, defs, bad) || !sim::checkRunAgainstFighters(run, defs[0], defs[1], bad)) {
        std::cerr << bad.text() << "\n";
        return 2;
    }
    if (flags.noteFrame > run.frames) {
        return usage(program, "--note-frame " + std::to_string(flags.noteFrame) + " is past the run's last frame (" +
                                  std::to_string(run.frames) + ")");
    }
    if (run.truncated) std::cerr << sim::cutShortWarning(run) << "\n";  // played all the same: exit 0 if it holds
    const std::int64_t noteFrame = flags.note.empty() ? -1 : flags.noteFrame >= 0 ? flags.noteFrame : run.frames;
    text = std::string();  // a 64 MiB file is not kept for the whole run
    sim::ReplayPlayer player(run, defs[0], defs[1], flags.sync, flags.printHashes);
    int exitCode = -1;
    const sim::RunResult r = playRun(flags, player, noteFrame, exitCode);
    return exitCode >= 0 ? exitCode : reportRun(flags, program, run, r, defs);
}

}  // namespace run
