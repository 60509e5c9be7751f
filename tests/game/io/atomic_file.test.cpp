// io::AtomicFile and the writers built on it: a file is replaced whole or not at all, and a failure says why. The
// failures a test process can cause by itself are here (a missing folder, a folder as target, a stop signal in a
// forked child); a full disk and a read-only folder need a mount and are in tests/faults/.
#include "game/io/file_size_limit.h"
#include "game/io/io_test_util.h"
#include "game/io/atomic_file.h"
#include "game/io/fighter_file.h"
#include "game/io/player.h"
#include "game/io/replay_writer.h"
#include "game/io/run_file.h"
#include "game/sim/fight_test_util.h"

#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

/// A fresh empty folder for one test.
std::string freshDir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("atomic_file_test_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir.string();
}

using iotest::slurp;

void put(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

/// Names in dir that look like a temporary file of ours.
int tempsIn(const std::string& dir) {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir))
        n += e.path().filename().string().find(".tmp-") != std::string::npos;
    return n;
}

/// Runs body in a forked child with the stop signals at their default disposition (doctest installs its own
/// handlers, and AtomicFile installs its handler only over the default); returns the child's wait status.
template <class Body>
int inChild(Body body) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        for (int sig : {SIGINT, SIGTERM, SIGHUP}) std::signal(sig, SIG_DFL);
        body();
        ::_exit(0);  // the body was meant to be stopped by a signal: 0 says it was not
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return status;
}

}  // namespace

TEST_CASE("An atomic write replaces the whole file, keeps its permissions and leaves no temporary file") {
    const std::string dir = freshDir("replace");
    const std::string path = dir + "/controls.cfg";
    put(path, "old contents\n");
    ::chmod(path.c_str(), 0640);
    std::string error;
    REQUIRE_MESSAGE(io::writeFileAtomically(path, "new\n", error), error);
    CHECK(slurp(path) == "new\n");
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0640);
    CHECK(tempsIn(dir) == 0);
    fs::remove_all(dir);
}

TEST_CASE("An atomic write into a missing folder, or over a folder, says why and creates nothing") {
    const std::string dir = freshDir("missing");
    std::string error;
    CHECK_FALSE(io::writeFileAtomically(dir + "/no_such_folder/out.cfg", "x", error));
    CHECK(error == dir + "/no_such_folder/out.cfg: cannot write: No such file or directory");
    CHECK_FALSE(io::writeFileAtomically(dir, "x", error));
    CHECK(error == dir + ": cannot write: Is a directory");
    CHECK_FALSE(io::writeFileAtomically("", "x", error));
    CHECK(tempsIn(dir) == 0);
    fs::remove_all(dir);
}

TEST_CASE("io::makeFolder makes a missing folder and names the system's reason when it cannot") {
    const std::string dir = freshDir("folder");
    CHECK(io::makeFolder(dir + "/a/b") == "");
    CHECK(fs::is_directory(dir + "/a/b"));
    CHECK(io::makeFolder(dir + "/a/b") == "");  // already there
    put(dir + "/file", "x");
    CHECK(io::makeFolder(dir + "/file/sub") == dir + "/file/sub: cannot make the folder: Not a directory");
    // A read-only home: the reason is Permission denied, where opening a file in the missing folder would only say
    // "No such file or directory". Root may write anywhere, so the child becomes nobody first.
    const std::string ro = dir + "/ro";
    fs::create_directories(ro);
    ::chmod(ro.c_str(), 0555);
    const int status = inChild([&] {
        if (::geteuid() == 0 && ::setuid(65534) != 0) ::_exit(3);
        ::_exit(io::makeFolder(ro + "/replays") == ro + "/replays: cannot make the folder: Permission denied" ? 0 : 1);
    });
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    ::chmod(ro.c_str(), 0755);
    fs::remove_all(dir);
}

TEST_CASE("A file not committed leaves the old one as it was and no temporary file") {
    const std::string dir = freshDir("abandon");
    const std::string path = dir + "/keep.txt";
    put(path, "precious\n");
    {
        io::AtomicFile f;
        REQUIRE(f.open(path));
        CHECK(f.write("half of a new"));
        CHECK(fs::exists(f.tempPath()));
        CHECK(slurp(path) == "precious\n");
    }  // destroyed without commit(), like an exception on the way
    CHECK(slurp(path) == "precious\n");
    CHECK(tempsIn(dir) == 0);
    fs::remove_all(dir);
}

TEST_CASE("Saving through a symbolic link rewrites the file it points to and keeps the link") {
    const std::string dir = freshDir("link");
    put(dir + "/real.cfg", "old\n");
    fs::create_symlink(dir + "/real.cfg", dir + "/link.cfg");
    std::string error;
    REQUIRE_MESSAGE(io::writeFileAtomically(dir + "/link.cfg", "new\n", error), error);
    CHECK(fs::is_symlink(dir + "/link.cfg"));
    CHECK(slurp(dir + "/real.cfg") == "new\n");
    fs::remove_all(dir);
}

TEST_CASE("A folder to make that is a link to a missing folder is said as such, not as 'File exists'") {
    const std::string dir = freshDir("dangling_folder");
    fs::create_symlink(dir + "/gone", dir + "/replays");
    CHECK(io::makeFolder(dir + "/replays") ==
          dir + "/replays: cannot make the folder: it is a symbolic link to " + dir + "/gone, which is missing");
    fs::remove_all(dir);
}

TEST_CASE("Saving through a link to a file not made yet makes that file and keeps the link") {
    const std::string dir = freshDir("dangling");
    fs::create_directories(dir + "/store");
    fs::create_symlink("store/real.cfg", dir + "/link.cfg");     // relative, to the link's folder
    fs::create_symlink(dir + "/link.cfg", dir + "/second.cfg");  // a chain: second -> link -> store/real.cfg
    std::string error;
    REQUIRE_MESSAGE(io::writeFileAtomically(dir + "/second.cfg", "new\n", error), error);
    CHECK(fs::is_symlink(dir + "/link.cfg"));
    CHECK(fs::is_symlink(dir + "/second.cfg"));
    CHECK(slurp(dir + "/store/real.cfg") == "new\n");
    fs::remove_all(dir);
}

TEST_CASE("A write to a named pipe or a device goes into it and leaves it a pipe or a device") {
    // Renaming a temporary file over /dev/full once made it a plain file (as root): a pipe the test makes shows
    // the same without risking the machine's devices, and only then /dev/full is tried.
    const std::string dir = freshDir("device");
    const std::string pipe = dir + "/pipe";
    REQUIRE(::mkfifo(pipe.c_str(), 0600) == 0);
    const int reader = ::open(pipe.c_str(), O_RDONLY | O_NONBLOCK);  // a reader first: opening to write waits for one
    REQUIRE(reader >= 0);
    std::string error;
    CHECK_MESSAGE(io::writeFileAtomically(pipe, "through the pipe\n", error), error);
    char got[64] = {};
    CHECK(::read(reader, got, sizeof got - 1) == 17);
    CHECK(std::string(got) == "through the pipe\n");
    ::close(reader);
    struct stat st {};
    REQUIRE(::stat(pipe.c_str(), &st) == 0);
    REQUIRE(S_ISFIFO(st.st_mode));
    CHECK(tempsIn(dir) == 0);
    CHECK_FALSE(io::writeFileAtomically("/dev/full", "x", error));
    CHECK(error == "/dev/full: cannot write: No space left on device");
    REQUIRE(::stat("/dev/full", &st) == 0);
    CHECK(S_ISCHR(st.st_mode));
    fs::remove_all(dir);
}

TEST_CASE("A temporary name sits beside its target and can keep the extension an image writer needs") {
    const std::string a = io::tempPathBeside("shots/frame.png", true);
    CHECK(a.rfind("shots/.frame.tmp-", 0) == 0);
    CHECK(a.size() > 4);
    CHECK(a.substr(a.size() - 4) == ".png");
    CHECK(io::tempPathBeside("controls.cfg", false).rfind(".controls.cfg.tmp-", 0) == 0);
    CHECK(io::tempPathBeside("x", false) != io::tempPathBeside("x", false));
}

TEST_CASE("SIGTERM in the middle of a save leaves the old file byte for byte and no temporary file") {
    const std::string dir = freshDir("sigsave");
    const std::string path = dir + "/controls.cfg";
    const std::string old = "# my bindings\np1.left = A\n";
    put(path, old);
    for (int sig : {SIGTERM, SIGINT}) {
        CAPTURE(sig);
        const int status = inChild([&] {
            io::AtomicFile f;
            if (!f.open(path, io::OnSignal::Drop)) return;
            f.write("# my bind");
            std::raise(sig);
        });
        CHECK(WIFSIGNALED(status));
        if (WIFSIGNALED(status)) CHECK(WTERMSIG(status) == sig);  // the signal still ends the process
        CHECK(slurp(path) == old);
        CHECK(tempsIn(dir) == 0);
    }
    fs::remove_all(dir);
}

TEST_CASE("SIGINT or SIGTERM in the middle of a recording keeps what was recorded, and it loads") {
    const std::string dir = freshDir("sigrec");
    const std::string path = dir + "/match.freplay";
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    for (int sig : {SIGINT, SIGTERM}) {
        CAPTURE(sig);
        fs::remove(path);
        const int status = inChild([&] {
            sim::Fight fight(fighttest::setupAt(400, 480), ryo, ryo);
            sim::ReplayWriter w(path, fight);
            for (int i = 0; i < 100; ++i) {
                const sim::FrameInput in = fighttest::input(i % 9 == 0 ? sim::kLight : sim::kRight, 0);
                fight.step(in);
                w.frame(in, fight);
            }
            std::raise(sig);  // mid-match: no `end` line yet
        });
        CHECK(WIFSIGNALED(status));
        sim::RunFile run;
        io::Error error;
        REQUIRE_MESSAGE(sim::loadRunFile(path, run, error), error.text());
        CHECK(run.truncated);
        CHECK(run.inputs.size() == 100);
        CHECK(run.checkpoints.size() == 1);  // frame 60
        CHECK(sim::runFile(run, ryo, ryo, 0, false).failures.empty());
        CHECK(tempsIn(dir) == 0);
    }
    fs::remove_all(dir);
}

TEST_CASE("A recording over an existing file leaves it whole until the new one is complete") {
    const std::string dir = freshDir("rerecord");
    const std::string path = dir + "/out.freplay";
    put(path, "an older recording\n");
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    sim::Fight fight(fighttest::setupAt(400, 480), ryo, ryo);
    {
        sim::ReplayWriter w(path, fight);
        for (int i = 0; i < 10; ++i) {
            fight.step({});
            w.frame({}, fight);
        }
        CHECK(slurp(path) == "an older recording\n");
        w.finish();
        CHECK(w.ok());
        CHECK(w.error().empty());
    }
    sim::RunFile run;
    io::Error error;
    REQUIRE_MESSAGE(sim::loadRunFile(path, run, error), error.text());
    CHECK(run.inputs.size() == 10);
    CHECK_FALSE(run.truncated);
    CHECK(tempsIn(dir) == 0);
    fs::remove_all(dir);
}

TEST_CASE("A recording that cannot be opened says why") {
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    sim::Fight fight(fighttest::setupAt(400, 480), ryo, ryo);
    sim::ReplayWriter w("/nonexistent_folder_for_test/out.freplay", fight);
    CHECK_FALSE(w.ok());
    CHECK(w.error() == "/nonexistent_folder_for_test/out.freplay: cannot write: No such file or directory");
    w.frame({}, fight);  // ignored, no crash
    w.finish();
    CHECK_FALSE(w.ok());
}

TEST_CASE("Appended units reach the file at a flush or when the buffer is full, always whole") {
    const std::string dir = freshDir("append");
    const std::string path = dir + "/rec.freplay";
    io::AtomicFile f;
    REQUIRE(f.open(path, io::OnSignal::Keep));
    CHECK(f.write("head\n"));
    CHECK(f.append("frame 1\n"));
    CHECK(f.append("frame 2\n"));
    CHECK(slurp(f.tempPath()) == "head\n");  // still in the buffer
    CHECK(f.flush());
    CHECK(slurp(f.tempPath()) == "head\nframe 1\nframe 2\n");
    // 65 units of 1000 bytes fill 65,000 of the buffer's 65,536: the 66th does not fit, so the 65 are written
    // first and it waits.
    const std::string unit = std::string(999, 'u') + "\n";
    for (int i = 0; i < 65; ++i) CHECK(f.append(unit));
    CHECK(slurp(f.tempPath()).size() == 21u);
    CHECK(f.append(unit));
    CHECK(slurp(f.tempPath()).size() == 21u + 65 * 1000);
    // A unit larger than the whole buffer goes at once, after the one waiting.
    const std::string big(70000, 'b');
    CHECK(f.append(big));
    CHECK(slurp(f.tempPath()).size() == 21u + 66 * 1000 + 70000);
    CHECK(f.append("last\n"));
    REQUIRE(f.commit());
    const std::string text = slurp(path);
    CHECK(text.size() == 21u + 66 * 1000 + 70000 + 5);
    CHECK(text.substr(text.size() - 5) == "last\n");
    CHECK(tempsIn(dir) == 0);
    fs::remove_all(dir);
}

TEST_CASE("A stop signal writes the units still in the buffer before it puts the recording in place") {
    const std::string dir = freshDir("sigbuf");
    const std::string path = dir + "/rec.freplay";
    const int status = inChild([&] {
        io::AtomicFile f;
        if (!f.open(path, io::OnSignal::Keep)) return;
        f.write("head\n");
        f.append("one\n");
        f.flush();
        f.append("two\n");
        f.append("three\n");
        std::raise(SIGTERM);
    });
    CHECK(WIFSIGNALED(status));
    CHECK(slurp(path) == "head\none\ntwo\nthree\n");
    CHECK(tempsIn(dir) == 0);
    fs::remove_all(dir);
}

TEST_CASE("A recording the disk stops taking fails at the checkpoint that writes it and leaves the old file") {
    const std::string dir = freshDir("recfull");
    const std::string path = dir + "/out.freplay";
    put(path, "an older recording\n");
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    // Worked by hand: the header is 139 bytes (12 lines, the defaults with `start 400 480`), the first second 266
    // (60 `- -` lines of 4 bytes, `check 60 HASH` of 26), each next one 267: 672 bytes after frame 120, 939 after
    // frame 180. With room for 800, the third second's frames fail when frame 180's checkpoint writes them.
    const std::string out = iotest::withFileSizeLimit(800, [&](int&) {
                                sim::Fight fight(fighttest::setupAt(400, 480), ryo, ryo);
                                sim::ReplayWriter w(path, fight);
                                std::int64_t frame = 0;
                                while (w.ok() && frame < 600) {
                                    fight.step({});
                                    w.frame({}, fight);
                                    ++frame;
                                }
                                const std::string result = std::to_string(frame) + " " + w.error();
                                w.finish();
                                return result;
                            }).out;
    CHECK(out == "180 " + path + ": cannot write: File too large");
    CHECK(slurp(path) == "an older recording\n");
    CHECK(tempsIn(dir) == 0);
    fs::remove_all(dir);
}

TEST_CASE("A scratch file is written whole into a folder of its own and leaves nothing behind") {
    const std::string dir = freshDir("scratch");
    std::string path, error;
    {
        io::ScratchFile s;
        REQUIRE_MESSAGE(s.write("match-7-inputs.freplay", "fightreplay 2\n", error, dir), error);
        path = s.path();
        CHECK(path.rfind(dir + "/bvh-scratch-", 0) == 0);
        CHECK(fs::path(path).filename() == "match-7-inputs.freplay");
        CHECK(slurp(path) == "fightreplay 2\n");
    }
    CHECK_FALSE(fs::exists(path));
    CHECK(fs::is_empty(dir));
    fs::remove_all(dir);
}

TEST_CASE("A scratch file that cannot be written says why and leaves nothing behind") {
    const std::string dir = freshDir("scratchbad");
    io::ScratchFile s;
    std::string error;
    CHECK_FALSE(s.write("x.freplay", "text", error, dir + "/no_such_folder"));
    CHECK(error.rfind(dir + "/no_such_folder/bvh-scratch-", 0) == 0);
    CHECK(error.find(": cannot write: No such file or directory") != std::string::npos);
    CHECK(s.path().empty());
    const std::string full = iotest::withFileSizeLimit(100, [&](int&) {
                                 io::ScratchFile t;
                                 std::string why;
                                 return t.write("x.freplay", std::string(1000, 'x'), why, dir) ? "written" : why;
                             }).out;
    CHECK(full.rfind(dir + "/bvh-scratch-", 0) == 0);
    CHECK(full.find("/x.freplay: cannot write: File too large") != std::string::npos);
    CHECK(fs::is_empty(dir));
    fs::remove_all(dir);
}

TEST_CASE("Two recordings of one new name made at once are both kept: the second takes NAME-2") {
    // Both ends of an online match on one machine name their replays alike in the same second: each picked the name
    // while neither file existed yet, and each recording is finished after the other was opened.
    const std::string dir = freshDir("keepboth");
    const std::string path = dir + "/20261129-001500-online-ryo-vs-ryo.freplay";
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    sim::Fight a(fighttest::setupAt(400, 480), ryo, ryo), b(fighttest::setupAt(300, 600), ryo, ryo);
    sim::ReplayWriter first(path, a), second(path, b);
    first.keepExisting();
    second.keepExisting();
    for (int i = 0; i < 70; ++i) {
        const sim::FrameInput in = fighttest::input(sim::kRight, 0);
        a.step(in);
        first.frame(in, a);
        if (i < 40) b.step(in), second.frame(in, b);
    }
    first.finish();
    second.finish();
    REQUIRE(first.ok());
    REQUIRE(second.ok());
    CHECK(first.placedPath() == path);
    CHECK(second.placedPath() == dir + "/20261129-001500-online-ryo-vs-ryo-2.freplay");
    sim::RunFile one, two;
    io::Error error;
    REQUIRE_MESSAGE(sim::loadRunFile(path, one, error), error.text());
    REQUIRE_MESSAGE(sim::loadRunFile(second.placedPath(), two, error), error.text());
    CHECK(one.inputs.size() == 70);  // each file is its own recording, whole
    CHECK(two.inputs.size() == 40);
    CHECK(tempsIn(dir) == 0);
    // Without keepExisting the second replaces the first, as a save should (game_headless --record OUT).
    io::AtomicFile x, y;
    REQUIRE(x.open(dir + "/plain.txt"));
    REQUIRE(y.open(dir + "/plain.txt"));
    x.write("x\n");
    y.write("y\n");
    REQUIRE(x.commit());
    REQUIRE(y.commit());
    CHECK(slurp(dir + "/plain.txt") == "y\n");
    CHECK(y.placedPath() == dir + "/plain.txt");
    CHECK_FALSE(fs::exists(dir + "/plain-2.txt"));
    fs::remove_all(dir);
}

TEST_CASE("A stop signal does not put a recording over a file of the same name made meanwhile") {
    // The other game finished its replay of this name first; this one is stopped by SIGTERM: its temporary file
    // stays for the next start to adopt as a cut replay, and the other replay is untouched.
    const std::string dir = freshDir("sigkeep");
    const std::string path = dir + "/match.freplay";
    const sim::FighterDef ryo = fighttest::fighter("ryo");
    const int status = inChild([&] {
        sim::Fight fight(fighttest::setupAt(400, 480), ryo, ryo);
        sim::ReplayWriter w(path, fight);
        w.keepExisting();
        for (int i = 0; i < 30; ++i) {
            const sim::FrameInput in = fighttest::input(sim::kRight, 0);
            fight.step(in);
            w.frame(in, fight);
        }
        put(path, "the other game's replay\n");
        std::raise(SIGTERM);
    });
    CHECK(WIFSIGNALED(status));
    CHECK(slurp(path) == "the other game's replay\n");
    CHECK(tempsIn(dir) == 1);
    fs::remove_all(dir);
}

TEST_CASE("A file made only if new: of two writers the first one in place stays, the second is told it lost") {
    const std::string dir = freshDir("onlynew");
    const std::string path = dir + "/identity.key";
    io::AtomicFile a, b;
    REQUIRE(a.open(path));
    REQUIRE(b.open(path));  // both began while no file had the name
    a.onlyIfNew();
    b.onlyIfNew();
    a.write("first\n");
    b.write("second\n");
    REQUIRE(a.commit());
    CHECK_FALSE(b.commit());
    CHECK(b.taken());
    CHECK(b.error() == path + ": cannot write: File exists");
    CHECK(slurp(path) == "first\n");
    CHECK(tempsIn(dir) == 0);
    CHECK_FALSE(fs::exists(dir + "/identity-2.key"));
    bool taken = false;
    std::string error;
    CHECK_FALSE(io::writeNewFileAtomically(path, "third\n", error, taken));
    CHECK(taken);
    CHECK(slurp(path) == "first\n");
    fs::remove(path);
    CHECK(io::writeNewFileAtomically(path, "fourth\n", error, taken));
    CHECK_FALSE(taken);
    CHECK(slurp(path) == "fourth\n");
    fs::remove_all(dir);
}

TEST_CASE("A fresh file of a dated name never replaces one: a Blaster run saved in the same second takes NAME-2") {
    const std::string dir = freshDir("fresh");
    const std::string path = dir + "/20261129-031500-blaster.blaster";
    put(path, "another game's run\n");
    std::string error;
    CHECK(io::writeFreshFileAtomically(path, "this run\n", error) == dir + "/20261129-031500-blaster-2.blaster");
    CHECK(io::writeFreshFileAtomically(path, "a third\n", error) == dir + "/20261129-031500-blaster-3.blaster");
    CHECK(slurp(path) == "another game's run\n");
    CHECK(slurp(dir + "/20261129-031500-blaster-2.blaster") == "this run\n");
    CHECK(tempsIn(dir) == 0);
    fs::remove_all(dir);
    CHECK(io::writeFreshFileAtomically(path, "x", error).empty());  // the folder is gone
    CHECK(error.find(path + ": cannot write") == 0);
}
