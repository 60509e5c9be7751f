// Replays and action scripts: the script grammar, the replay format, determinism (same hashes twice and under
// save/restore re-simulation) and tamper detection by hash checkpoints.
#include "game/io/fighter_file.h"
#include "game/io/player.h"
#include "game/io/replay_writer.h"
#include "game/io/run_file.h"
#include "game/io/text.h"
#include "game/sim/fight_test_util.h"
#include "game/io/io_test_util.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Every fight replay/script under data/replays/ (Blaster scripts are skipped), in name order.
std::vector<std::string> fightReplayFiles() {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(testpaths::data("replays"))) {
        const std::string path = entry.path().string();
        if (sim::firstWordOf(readText(path)) != "blaster") files.push_back(path);
    }
    std::sort(files.begin(), files.end());
    return files;
}

sim::RunFile load(const std::string& path) {
    sim::RunFile run;
    io::Error error;
    REQUIRE_MESSAGE(sim::loadRunFile(path, run, error), error.text());
    return run;
}

sim::RunResult runWith(const sim::RunFile& run, int sync, bool hashes) {
    const sim::FighterDef p1 = fighttest::fighter(run.setup.fighter[0]);
    const sim::FighterDef p2 = fighttest::fighter(run.setup.fighter[1]);
    return sim::runFile(run, p1, p2, sync, hashes);
}

}  // namespace

TEST_CASE("A script compiles to per-frame input: hold, press, wait, keep and several buttons at once") {
    const std::string text =
        "mode training\nfighters ryo brick\nseed 9\ndummy crouchblock\n"
        "p1 hold down+left 3\n"  // frames 1-3
        "p2 keep up\n"
        "p1 press heavy\n"  // frame 4
        "wait 2\n"          // frames 5-6
        "p2 release\n"
        "wait 1\n";  // frame 7
    const sim::RunFile run = iotest::script(text);
    CHECK(run.setup.mode == sim::Mode::Training);
    CHECK(run.setup.fighter[1] == "brick");
    CHECK(run.setup.seed == 9);
    CHECK(run.setup.dummy == sim::DummyMode::CrouchBlock);
    REQUIRE(run.inputs.size() == 7);
    CHECK(run.frames == 7);
    for (int f = 0; f < 3; ++f) CHECK(run.inputs[f].buttons[0] == (sim::kDown | sim::kLeft));
    CHECK(run.inputs[3].buttons[0] == sim::kHeavy);
    CHECK(run.inputs[2].buttons[1] == 0);
    CHECK(run.inputs[3].buttons[1] == sim::kUp);
    CHECK(run.inputs[5].buttons[1] == sim::kUp);
    CHECK(run.inputs[6].buttons[1] == 0);
}

TEST_CASE("Script expectations take their frame window from the cursor") {
    const std::string text =
        "wait 10\n"
        "expect hit p2 torso by p1 heavy within 30\n"
        "expect no block any at 5\n"
        "expect p2.health <= 850\n";
    const sim::RunFile run = iotest::script(text);
    REQUIRE(run.expectations.size() == 3);
    const sim::Expectation& hit = run.expectations[0];
    CHECK(hit.isEvent);
    CHECK(hit.victim == 1);
    CHECK(hit.attacker == 0);
    CHECK(hit.member == "torso");
    CHECK(hit.move == "heavy");
    CHECK(hit.first == 11);
    CHECK(hit.last == 40);
    CHECK(run.expectations[1].negate);
    CHECK(run.expectations[1].first == 15);
    CHECK(run.expectations[1].last == 15);
    CHECK(run.expectations[2].op == "<=");
    CHECK(run.expectations[2].first == 10);
    CHECK(run.frames == 40);  // runs on to the end of the last window
}

TEST_CASE("Bad scripts are refused with FILE:LINE: what") {
    std::string text, expected;
    SUBCASE("unknown command") {
        text = "wait 1\nfly 3\n";
        expected = "s:2: unknown command 'fly'";
    }
    SUBCASE("unknown button") {
        text = "p1 hold jump 3\n";
        expected = "s:1: bad buttons 'jump' (names: " + sim::buttonTable().names() + ", joined by +)";
    }
    SUBCASE("trailing plus") {
        text = "p1 hold up+ 3\n";
        expected = "s:1: bad buttons 'up+' (names: " + sim::buttonTable().names() + ", joined by +)";
    }
    SUBCASE("a button named twice, as a replay frame's letter given twice is refused") {
        text = "wait 1\np1 hold down+down 10\n";
        expected = "s:2: bad buttons 'down+down' (the button down twice: each button at most once)";
    }
    SUBCASE("a button named twice among others, in press") {
        text = "p2 press light+up+light\n";
        expected = "s:1: bad buttons 'light+up+light' (the button light twice: each button at most once)";
    }
    SUBCASE("a button named twice, in keep") {
        text = "p2 keep up+up\nwait 1\n";
        expected = "s:1: bad buttons 'up+up' (the button up twice: each button at most once)";
    }
    SUBCASE("zero frames") {
        text = "wait 0\n";
        expected = "s:1: number 0 out of range [1, 10000000]";
    }
    SUBCASE("no frames at all") {
        text = "seed 3\n";
        expected = "s:1: the script has no frames (no hold, press or wait)";
    }
    SUBCASE("bad player") {
        text = "p3 press light\n";
        expected = "s:1: unknown command 'p3'";
    }
    SUBCASE("unknown field") {
        text = "wait 1\nexpect p1.mana 3\n";
        expected = "s:2: unknown fighter field 'mana'";
    }
    SUBCASE("missing window") {
        text = "wait 1\nexpect ko p2\n";
        expected = "s:2: expected `within N` or `at N` at the end of an event expectation";
    }
    SUBCASE("word field with <") {
        text = "wait 1\nexpect p1.move < light\n";
        expected = "s:2: 'move' only compares with == or !=";
    }
    SUBCASE("repeated setup") {
        text = "seed 1\nmode cpu\nseed 2\nwait 1\n";
        expected = "s:3: repeated `seed` (first on line 1)";
    }
    SUBCASE("too many frames") {
        text = "wait 1000000\nwait 1\n";
        expected = "s:2: the script runs more than 1000000 frames";
    }
    SUBCASE("too many frames in one hold") {
        text = "wait 999999\np1 hold left 2\n";
        expected = "s:2: the script runs more than 1000000 frames";
    }
    SUBCASE("a window past the cap") {
        text = "wait 5\nexpect no ko p1 within 999996\n";
        expected = "s:2: the script runs more than 1000000 frames";
    }
    SUBCASE("cancel, timeover and roundstart name no one (a projectile cancel is both fighters')") {
        text = "wait 1\nexpect cancel p1 within 5\n";
        expected = "s:2: unexpected 'p1' (`cancel` takes no player, member or move: only `within N` or `at N`)";
    }
    SUBCASE("the same for timeover") {
        text = "wait 1\nexpect timeover p2 at 3\n";
        expected = "s:2: unexpected 'p2' (`timeover` takes no player, member or move: only `within N` or `at N`)";
    }
    CAPTURE(text);
    CHECK(iotest::scriptError(text, "s") == expected);
}

TEST_CASE("A recording built in memory is byte for byte the file ReplayWriter writes, an empty one too") {
    const std::string path = (std::filesystem::temp_directory_path() / "bvh_replay_text_test.freplay").string();
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    for (int frames : {0, 59, 60, 130}) {
        CAPTURE(frames);
        sim::Fight a(fighttest::setupAt(400, 480), ryo, ryo), b(fighttest::setupAt(400, 480), ryo, ryo);
        sim::ReplayText text;
        text.start(a);
        {
            sim::ReplayWriter w(path, b);
            for (int i = 0; i < frames; ++i) {
                const sim::FrameInput in = fighttest::input(i % 9 == 0 ? sim::kHeavy : sim::kRight, 0);
                a.step(in);
                text.frame(in, a);
                b.step(in);
                w.frame(in, b);
            }
            w.finish();
            REQUIRE(w.ok());
        }
        text.finish(a.hash());
        text.finish(a.hash());  // a second finish adds nothing
        CHECK(text.frames == frames);
        CHECK(text.text == readText(path));
    }
    std::remove(path.c_str());
}

TEST_CASE("A replay written by ReplayWriter reads back and is playable even without its end line") {
    const std::string path = (std::filesystem::temp_directory_path() / "bvh_fight_writer_test.freplay").string();
    std::filesystem::remove(path);
    sim::MatchSetup s = fighttest::setupAt(400, 480);
    s.seed = 77;
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    sim::Fight fight(s, ryo, ryo);
    std::vector<sim::FrameInput> inputs;
    {
        sim::ReplayWriter w(path, fight);
        REQUIRE(w.ok());
        for (int i = 0; i < 130; ++i) {
            const sim::FrameInput in =
                fighttest::input(i % 20 == 0 ? sim::kLight : sim::kRight, i % 7 == 0 ? sim::kDown : 0);
            fight.step(in);
            w.frame(in, fight);
            inputs.push_back(in);
        }
        // Like a crash: the file is read while the writer is still open, before any `end` line. It grows as a
        // temporary file beside the target (what a stop signal renames into place); the target is not there yet.
        // Frames reach it a checkpoint at a time: 120 of the 130 are there, the last 10 wait in the buffer.
        CHECK_FALSE(std::filesystem::exists(path));
        sim::RunFile partial;
        io::Error error;
        REQUIRE_MESSAGE(sim::parseReplay(readText(w.tempPath()), path, partial, error), error.text());
        CHECK(partial.truncated);
        CHECK(partial.inputs.size() == 120);
        CHECK(partial.checkpoints.size() == 2);  // frames 60 and 120
    }
    sim::RunFile run = load(path);
    CHECK(run.isReplay);
    CHECK_FALSE(run.truncated);
    CHECK(run.setup.seed == 77);
    CHECK(run.setup.startX[1] == 480);
    REQUIRE(run.inputs.size() == inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) CHECK(run.inputs[i].buttons[0] == inputs[i].buttons[0]);
    REQUIRE(run.checkpoints.size() == 3);
    CHECK(run.checkpoints.back().frame == 130);
    CHECK(run.checkpoints.back().hash == fight.hash());
    CHECK(runWith(run, 0, false).failures.empty());
    std::remove(path.c_str());
}

TEST_CASE("A recording that hashes only the frames it writes is byte for byte the one that hashes every frame") {
    // For every shipped fight replay: the same run recorded twice at once, the old way (every frame hashed, in case
    // it is the last) and the headless runner's (hashed only at checkpoints and the known last frame).
    const std::string dir = std::filesystem::temp_directory_path().string();
    const std::string every = dir + "/bvh_writer_every.freplay", written = dir + "/bvh_writer_written.freplay";
    const std::vector<std::string> files = fightReplayFiles();
    REQUIRE(files.size() >= 12);
    for (const std::string& path : files) {
        CAPTURE(path);
        const sim::RunFile run = load(path);
        const sim::FighterDef p1 = fighttest::fighter(run.setup.fighter[0]);
        const sim::FighterDef p2 = fighttest::fighter(run.setup.fighter[1]);
        sim::ReplayPlayer player(run, p1, p2, 0, false);
        {
            sim::ReplayWriter a(every, player.fight()), b(written, player.fight());
            while (!player.done()) {
                player.step();
                a.frame(player.lastInput(), player.fight());
                b.frame(player.lastInput(), player.fight(), player.done());
            }
            a.finish();
            b.finish();
            REQUIRE(a.ok());
            REQUIRE(b.ok());
        }
        const std::string text = readText(written);
        CHECK(text == readText(every));
        // Not two equal mistakes: the end line carries the final hash the player computes.
        CHECK(text.find("end " + std::to_string(run.frames) + " " + sim::hashHex(player.fight().hash()) + "\n") !=
              std::string::npos);
    }
    std::remove(every.c_str());
    std::remove(written.c_str());
}

TEST_CASE("A tampered replay is caught by its hash checkpoints") {
    sim::RunFile run = load(BVH_TEST_SOURCE_DIR "/game/data/combo.freplay");
    REQUIRE(runWith(run, 0, false).failures.empty());
    // Frame 20 is p1's second jab (see data/replays/04_hitstun_combo.fscript); drop it.
    REQUIRE(run.inputs[19].buttons[0] == sim::kLight);
    run.inputs[19].buttons[0] = 0;
    const sim::RunResult r = runWith(run, 0, false);
    REQUIRE_FALSE(r.failures.empty());
    CHECK(r.failures[0].kind == io::FailureKind::HashMismatch);
    CHECK(r.failures[0].frame == 60);
    CHECK(r.failures[0].what.rfind("hash mismatch at frame 60", 0) == 0);
}

TEST_CASE("Every data/replays file gives the same per-frame hashes run again under save/restore sync") {
    // The second run is a fresh one (its own fight and fighters) that also restores and re-simulates, so equal
    // hashes say both that a run repeats and that a rollback changes nothing.
    const std::vector<std::string> files = fightReplayFiles();
    REQUIRE(files.size() >= 12);
    for (const std::string& path : files) {
        CAPTURE(path);
        const sim::RunFile run = load(path);
        const sim::RunResult a = runWith(run, 0, true);
        CHECK(a.failures.empty());
        REQUIRE(a.hashes.size() == std::size_t(run.frames));
        const int every = run.frames > 2000 ? 60 : 7;
        const sim::RunResult c = runWith(run, every, true);
        CHECK(c.failures.empty());
        CHECK(c.hashes == a.hashes);
    }
}

TEST_CASE("Bad replays are refused with FILE:LINE: what") {
    std::string text, expected;
    SUBCASE("repeated header key") {
        text = "fightreplay 1\nrules 11\nseed 1\nmode versus\nseed 2\nframes\n";
        expected = "r:5: repeated `seed` (first on line 3)";
    }
    SUBCASE("a number out of range") {
        text = "fightreplay 1\nrules 11\nrounds 1000\nframes\n";
        expected = "r:3: number 1000 out of range [1, 999]";
    }
    SUBCASE("recorded under older rules") {
        text = "fightreplay 1\nrules 1\nframes\n- -\n";
        expected = "r:2: recorded with rules 1, but this build plays rules 11";
    }
    SUBCASE("recorded under newer rules") {
        text = "fightreplay 1\nseed 4\nrules 12\nframes\n";
        expected = "r:3: recorded with rules 12, but this build plays rules 11 (a newer build recorded it)";
    }
    SUBCASE("no rules line: rules 1, from before replays said") {
        text = "# an old recording\nfightreplay 1\nseed 4\nframes\n- -\nend 1 0123456789abcdef\n";
        expected = "r:2: no `rules` line: recorded with rules 1, but this build plays rules 11";
    }
    SUBCASE("the removed classic style") {
        text = "fightreplay 1\nrules 11\nstyle classic motion\nframes\n";
        expected = "r:3: input style 'classic' is gone (rules 2): 'simple' reads special alone as the fireball";
    }
    SUBCASE("a frame line giving a button's letter twice (read as once; the writer gives each once)") {
        text = "fightreplay 1\nrules 11\nframes\nA -\nAA -\n";
        expected = "r:5: bad buttons 'AA' (the letter A twice: each letter at most once)";
    }
    SUBCASE("the same in player 2's field, apart") {
        text = "fightreplay 1\nrules 11\nframes\n- RAR\n";
        expected = "r:4: bad buttons 'RAR' (the letter R twice: each letter at most once)";
    }
    SUBCASE("a dummy tape frame giving a letter twice") {
        text = "fightreplay 1\nrules 11\ntape R*3 LL\nframes\n";
        expected = "r:3: bad tape frame 'LL' (the letter L twice: each letter at most once)";
    }
    CAPTURE(text);
    CHECK(iotest::replayError(text, "r") == expected);
}

TEST_CASE("What a run names is checked against the loaded fighters") {
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    const sim::FighterDef brick = fighttest::fighter("brick");
    std::string text, expected;
    // Full health 1000 (ryo) and 1100 (brick), members and moves from data/fighters/*.fighter.
    SUBCASE("all names known") {
        text =
            "fighters ryo brick\np1 press light\nexpect no hit p2 head by p1 light within 9\nexpect p2.move != heavy\n";
    }
    SUBCASE("full health exactly") { text = "fighters ryo brick\nhealth 1000 1100\nwait 1\n"; }
    SUBCASE("health above p1's maximum") {
        text = "fighters ryo brick\nhealth 1001 0\nwait 1\n";
        expected = "s:2: start health 1001 for p1 is above ryo's full health 1000";
    }
    SUBCASE("a misspelt member of the victim") {
        text = "fighters ryo brick\np1 press light\n\nexpect no hit p2 haed within 9\n";
        expected = "s:4: unknown member 'haed' for brick";
    }
    SUBCASE("a misspelt member of either fighter") {
        text = "fighters ryo brick\nwait 1\nexpect no block any haed within 9\n";
        expected = "s:3: unknown member 'haed' for ryo or brick";
    }
    SUBCASE("a misspelt move of the attacker") {
        text = "fighters ryo brick\nwait 1\nexpect no hit p2 any by p1 lihgt within 9\n";
        expected = "s:3: unknown move 'lihgt' for ryo";
    }
    SUBCASE("a misspelt anim in a state check") {
        text = "fighters ryo brick\nwait 1\nexpect p2.move == crouhc\n";
        expected = "s:3: unknown move 'crouhc' for brick";
    }
    CAPTURE(text);
    const sim::RunFile run = iotest::script(text, "s");
    io::Error error;
    const bool ok = sim::checkRunAgainstFighters(run, ryo, brick, error);
    CHECK(ok == expected.empty());
    if (!ok) CHECK(error.text() == expected);
}

TEST_CASE("The frame hook sees every frame of the run once, with that frame's input and fight") {
    const sim::RunFile run = load(BVH_TEST_SOURCE_DIR "/game/data/combo.freplay");
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    std::int64_t calls = 0, lastFrame = 0, hits = 0;
    std::uint64_t lastHash = 0;
    bool inputsMatch = true;
    const sim::RunResult r = sim::runFile(
        run, ryo, ryo, 7, false, [&](std::int64_t frame, const sim::FrameInput& in, const sim::Fight& fight) {
            ++calls;
            inputsMatch =
                inputsMatch && frame == calls && in.buttons[0] == run.inputs[std::size_t(frame - 1)].buttons[0];
            lastFrame = frame;
            lastHash = fight.hash();
            for (const sim::Event& e : fight.events()) hits += e.type == sim::EventType::Hit;
        });
    CHECK(r.failures.empty());
    CHECK(calls == run.frames);  // the sync test's re-simulated frames are not reported
    CHECK(lastFrame == run.frames);
    CHECK(inputsMatch);
    CHECK(lastHash == r.finalHash);
    CHECK(hits == r.hits);  // combo.freplay has no blocks, so every resolved contact is a hit
}

TEST_CASE("The shared text reader tells a directory and a missing file apart, and checks its tokenizer and toInt") {
    std::string text;
    io::Error error;
    const std::string dir = testpaths::data("fighters");
    CHECK_FALSE(io::readFile(dir, text, error));
    CHECK(error.text() == dir + ": is a directory");
    CHECK_FALSE(io::readFile("/nonexistent/f", text, error));
    CHECK(error.text() == "/nonexistent/f: cannot open: No such file or directory");
    CHECK(io::tokens("  a\tbb  c # d e\r") == std::vector<std::string>{"a", "bb", "c"});
    CHECK(io::tokens("x y\r") == std::vector<std::string>{"x", "y"});
    CHECK(io::tokens("# only").empty());
    int v = 0;
    std::string why;
    CHECK(io::toInt("-7", -10, 10, v, why));
    CHECK(v == -7);
    CHECK_FALSE(io::toInt("11", -10, 10, v, why));
    CHECK(why == "number 11 out of range [-10, 10]");
    CHECK_FALSE(io::toInt("3x", -10, 10, v, why));
    CHECK(why == "'3x' is not an integer");
    CHECK_FALSE(io::toInt("", -10, 10, v, why));
    CHECK_FALSE(io::toInt("99999999999999999999", -10, 10, v, why));
}

TEST_CASE("Hashes differ between seeds in CPU vs CPU") {
    sim::RunFile run = load(BVH_TEST_SOURCE_DIR "/game/data/cpu_vs_cpu_source.fscript");
    run.frames = 600;
    run.inputs.resize(600);
    const std::uint64_t h1 = runWith(run, 0, false).finalHash;
    run.setup.seed += 1;
    const std::uint64_t h2 = runWith(run, 0, false).finalHash;
    CHECK(h1 != h2);
}

TEST_CASE("A dummy tape survives the replay header and reads runs back") {
    sim::MatchSetup s;
    s.mode = sim::Mode::Training;
    s.dummy = sim::DummyMode::Playback;
    s.tape = {sim::kRight, sim::kRight, sim::kRight, sim::kLight, 0, 0};
    CHECK(sim::tapeText(s.tape) == "R*3 A -*2");
    const std::string text = sim::replayHeader(s) + "- -\nend 1 0000000000000000\n";
    CHECK(text.find("tape R*3 A -*2\n") != std::string::npos);
    sim::RunFile run;
    io::Error error;
    REQUIRE(sim::parseReplay(text, "r.freplay", run, error));
    CHECK(run.setup.tape == s.tape);
    std::vector<std::uint16_t> tape;
    std::string why;
    CHECK_FALSE(sim::parseTape({"tape", "R*601"}, 1, tape, why));
    CHECK(why == "bad run in tape frame 'R*601': number 601 out of range [1, 600]");
    CHECK_FALSE(sim::parseTape({"tape", "RX"}, 1, tape, why));
    CHECK(why == "bad tape frame 'RX' (letters " + sim::buttonLetterList() +
                     " or -, then *N for a run)");  // the table in force
}

TEST_CASE("The training dummy's settings survive the replay header: slots, the played slot, reversal, throw tech") {
    sim::MatchSetup s;
    s.mode = sim::Mode::Training;
    s.dummy = sim::DummyMode::AfterHit;
    s.tape = {sim::kRight};
    s.tapeOf(2) = {sim::kLeft, sim::kLeft};
    s.tapeOf(3) = {0, sim::kLight};
    s.playSlot = 0;
    s.reversal = "rising";
    s.throwTech = sim::DummyTech::Random;
    const std::string text = sim::replayHeader(s) + "- -\nend 1 0000000000000000\n";
    for (const char* line : {"dummy afterhit\n", "tape2 L*2\n", "tape3 - A\n", "slot random\n", "reversal rising\n",
                             "throwtech random\n"}) {
        CHECK_MESSAGE(text.find(line) != std::string::npos, line);
    }
    sim::RunFile run;
    io::Error error;
    REQUIRE(sim::parseReplay(text, "r.freplay", run, error));
    CHECK(run.setup.dummy == sim::DummyMode::AfterHit);
    for (int n = 1; n <= sim::kTapeSlots; ++n) CHECK(run.setup.tapeOf(n) == s.tapeOf(n));
    CHECK(run.setup.playSlot == 0);
    CHECK(run.setup.reversal == "rising");
    CHECK(run.setup.throwTech == sim::DummyTech::Random);
    // The defaults write none of these lines, so a match set up as before records byte for byte as before.
    const std::string plain = sim::replayHeader(sim::MatchSetup{});
    for (const char* key : {"tape2", "tape3", "slot", "reversal", "throwtech"})
        CHECK(plain.find(key) == std::string::npos);
    // Bad values are refused at their line.
    sim::RunFile bad;
    CHECK_FALSE(sim::parseReplay("fightreplay 1\nrules " + std::to_string(sim::kRulesVersion) + "\nslot 4\nframes\n",
                                 "b.freplay", bad, error));
    CHECK(error.text() == "b.freplay:3: unknown playback slot '4' (1, 2, 3 or random)");
    CHECK_FALSE(sim::parseReplay(
        "fightreplay 1\nrules " + std::to_string(sim::kRulesVersion) + "\nthrowtech sometimes\nframes\n", "b.freplay",
        bad, error));
    CHECK(error.text() == "b.freplay:3: unknown throw tech 'sometimes' (never, always or random)");
}

TEST_CASE("A ladder match's two CPU levels survive the replay header and a script's cpulevel line") {
    sim::MatchSetup s;
    s.mode = sim::Mode::CpuVsCpu;
    s.cpuLevel = 4;
    s.cpuLevelP1 = 3;
    const std::string text = sim::replayHeader(s) + "- -\nend 1 0000000000000000\n";
    CHECK(text.find("cpulevel 4 3\n") != std::string::npos);
    sim::RunFile run;
    io::Error error;
    REQUIRE(sim::parseReplay(text, "r.freplay", run, error));
    CHECK(run.setup.levelOf(0) == 3);
    CHECK(run.setup.levelOf(1) == 4);
    s.cpuLevelP1 = 0;  // one level for both: the header is as before
    CHECK(sim::replayHeader(s).find("cpulevel 4\n") != std::string::npos);
    CHECK_FALSE(
        sim::parseReplay("fightreplay 1\nrules " + std::to_string(sim::kRulesVersion) + "\ncpulevel 4 5\nframes\n",
                         "r.freplay", run, error));
    CHECK(error.line == 3);
}

TEST_CASE("a recording of replay version 1, from before stalls and endings were written, still loads") {
    const std::string rules = "rules " + std::to_string(sim::kRulesVersion) + "\n";
    sim::RunFile run;
    io::Error error;
    REQUIRE(
        sim::parseReplay("fightreplay 1\n" + rules + "frames\n- -\nR -\nend 2 0123456789abcdef\n", "old", run, error));
    CHECK(run.version == 1);
    CHECK(run.inputs.size() == 2);
    CHECK(run.stalls.empty());
    CHECK(run.ending.word.empty());
    CHECK_FALSE(run.truncated);
    // Version 1 had no such lines: one there is refused.
    CHECK_FALSE(sim::parseReplay("fightreplay 1\n" + rules + "frames\n- -\nstall 1 P2 400\n", "old", run, error));
    CHECK(error.line == 5);
    CHECK(error.message == "'stall' lines came with replay version 2");
}

TEST_CASE("an online recording's stall and ending lines load, and bad ones are refused at their line") {
    const std::string head = "fightreplay 2\nrules " + std::to_string(sim::kRulesVersion) + "\nframes\n- -\n";
    sim::RunFile run;
    io::Error error;
    REQUIRE(
        sim::parseReplay(head + "stall 1 P2 1400\n- -\nstall 2 P1 300\nending silent P2 3016\nend 2 0123456789abcdef\n",
                         "r", run, error));
    REQUIRE(run.stalls.size() == 2);
    CHECK(run.stalls[0].frame == 1);
    CHECK(run.stalls[0].seat == 1);
    CHECK(run.stalls[0].ms == 1400);
    CHECK(run.stalls[1].seat == 0);
    CHECK(run.ending.word == "silent");
    CHECK(run.ending.seat == 1);
    CHECK(run.ending.ms == 3016);
    const std::pair<std::string, std::string> bad[] = {
        {"stall 0 P2 10\n", "r:5: stall names frame 0 but 1 frame came before it"},
        {"stall 1 P3 10\n", "r:5: expected P1 or P2, not 'P3'"},
        {"stall 1 P2\n", "r:5: expected `stall FRAME P1|P2 MS`"},
        {"ending lagged\n", "r:5: unknown ending 'lagged' (over, desync, silent, stuck, left or other)"},
        {"ending over\nending over\n", "r:6: a second `ending` line"},
    };
    for (const auto& one : bad) {  // no structured binding: CAPTURE's lambda may not capture one in C++17 (clang)
        const std::string& tail = one.first;
        const std::string& expected = one.second;
        CAPTURE(tail);
        REQUIRE_FALSE(sim::parseReplay(head + tail, "r", run, error));
        CHECK(error.text() == expected);
    }
}

TEST_CASE("A replay without its end line gets one warning line naming the file and its last frame") {
    const std::string head = "fightreplay 2\nrules " + std::to_string(sim::kRulesVersion) + "\nframes\n";
    sim::RunFile cut, whole;
    io::Error error;
    REQUIRE_MESSAGE(sim::parseReplay(head + "- -\nR -\n- L\n", "cut.freplay", cut, error), error.text());
    CHECK(sim::cutShortWarning(cut) ==
          "cut.freplay: ends without its end line after frame 3 (a recording cut short; it plays up to there)");
    REQUIRE_MESSAGE(sim::parseReplay(head + "- -\nend 1 0000000000000000\n", "whole.freplay", whole, error),
                    error.text());
    CHECK(sim::cutShortWarning(whole).empty());
    CHECK(sim::cutShortWarning(iotest::script("wait 5\n")).empty());
}
