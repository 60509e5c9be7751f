#pragma once
// The one way the program writes a file it owns (controls.cfg, replays and recordings, screenshots): so that no
// failure can destroy what was there, and every failure is said with its reason.
//
// Everything goes to a temporary file beside the target (`DIR/.NAME.tmp-PID-N`, in the same folder so that the
// final rename() stays within one file system), which is synced to disk and renamed over the target only once it
// is complete. rename() is atomic: a reader sees the old file or the new one, never a mix, so a full disk, a
// read-only or missing folder, a crash or a signal leaves the old file byte for byte as it was. The first failure
// is kept with strerror's reason (`PATH: cannot write: No space left on device`) and every later call is a no-op,
// so a caller checks once and says it at once.
//
// A recording grows during a match and must survive the process being stopped by SIGINT, SIGTERM or SIGHUP (a
// Ctrl-C, a `kill`, a closed terminal): a file opened with OnSignal::Keep is renamed into place by the signal
// handler, after it has written the whole units still waiting in the file's append buffer and cut off any write
// the signal interrupted (lseek, write, ftruncate and rename are async-signal-safe), so what was recorded stays
// loadable, to its last unit; a file opened with OnSignal::Drop (a save) has its temporary file removed and the
// target stays as it was. The handler then lets the signal do what it would have done (the exit status is the
// signal's). It is installed only for a signal whose disposition is still the default, so a program or test
// harness with its own handler, or a shell that ignores SIGINT for background jobs, keeps its own.
//
// A target that exists and is no regular file (a device such as /dev/null or /dev/full, a named pipe) is written
// straight into, with no temporary file: renaming over it would replace the device itself (as root, /dev/full
// became a plain file), and a pipe's reader wants the bytes. Its failures are said the same way (`/dev/full:
// cannot write: No space left on device`).
//
// Small appends (a recording's frame lines) collect in a buffer written with one call when the caller flushes
// (a recording: every checkpoint), when the next unit would not fit, and at commit: one write() per second of a
// match instead of one per frame. The file on disk is made of whole units after every write; what a crash or a
// SIGKILL loses is the buffer, a stop signal loses nothing. A failed write shows at that flush.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace io {

/// What a SIGINT, SIGTERM or SIGHUP does to a file still being written.
enum class OnSignal {
    Drop,  ///< remove the temporary file: the target stays as it was (a save)
    Keep,  ///< rename what was written into place (a recording: its whole lines load as a cut replay)
};

/// A file written to a temporary file beside its target and put in place by commit().
class AtomicFile {
public:
    AtomicFile() = default;
    /// Abandons a file not committed (its target stays as it was).
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    /// Creates the temporary file beside path (a symbolic link's target is the file replaced). False with error()
    /// when it cannot be created (a missing or read-only folder). A rewritten file keeps its permissions; with
    /// privateFile (a file holding a password) nobody but its owner may read it, whatever they were.
    bool open(const std::string& path, OnSignal onSignal = OnSignal::Drop, bool privateFile = false);
    /// Writes what append() holds, then appends bytes with one write() call (retried on a short write). False, and
    /// failed for good, on a failure.
    bool write(std::string_view data);
    /// Appends a whole unit (lines that belong together) to the buffer; writes the buffer first when the unit would
    /// not fit (a unit larger than the buffer is written at once). False, and failed for good, on a failed write.
    bool append(std::string_view unit);
    /// Writes the buffer of append() with one write() call. False, and failed for good, on a failure.
    bool flush();
    /// Bytes append() holds before it must write (a recording's frame line is 4-30 bytes).
    static constexpr std::size_t kAppendBufferBytes = 64 * 1024;
    /// Writes the buffer, syncs the file to disk, closes it and renames it over the target. False with error() on any failure; the
    /// temporary file is removed then and the target is as it was.
    bool commit();
    /// For a file of a name the program chose as new (a replay named by its date): commit() never replaces a file.
    /// A target that exists by then (another process's file of the same name, made in the same second) is kept, and
    /// this file takes the first free `STEM-N.EXT` (N from 2; hard links, so no two processes take one name); a stop
    /// signal that finds the name taken leaves the temporary file for the next start to adopt. placedPath() says
    /// where it went. Call after open().
    void keepExisting();
    /// For a file that must be made once (an identity key): commit() puts it in place only if no file has that name
    /// by then (a hard link, so of two processes making it at once exactly one does); else it fails with taken()
    /// true, and the other file stays as it is. Call after open().
    void onlyIfNew();
    /// True when commit() failed because onlyIfNew() found the name taken.
    bool taken() const { return taken_; }
    /// Where commit() put the file: the target, or with keepExisting() the free name it took ("" before).
    const std::string& placedPath() const { return placed_; }
    /// Closes and removes the temporary file; the target stays as it was.
    void abandon();
    /// True while open and no write has failed.
    bool ok() const { return fd_ >= 0 && error_.empty(); }
    /// True once something failed (open, a write or the commit); error() says what.
    bool failed() const { return !error_.empty(); }
    /// `PATH: cannot write: REASON` after a failure, else "".
    const std::string& error() const { return error_; }
    /// The target's path as given to open().
    const std::string& path() const { return path_; }
    /// The temporary file's path ("" when not open).
    const std::string& tempPath() const { return temp_; }

private:
    bool fail(int errorNumber);
    bool putAt(std::string_view data);  // at written_, retried on a short write
    void publish(long long bufferAt, long long end);
    bool openDirect();
    void placeBeside();
    void forget();

    std::string path_;    // as given (messages name it)
    std::string target_;  // what rename() replaces: path_, or the file a symbolic link path_ points to
    std::string temp_;
    std::string placed_;  // where commit() put the file
    bool keepExisting_ = false;
    bool onlyIfNew_ = false;  // with keepExisting_: the target's own name or nothing
    bool taken_ = false;
    int fd_ = -1;
    int slot_ = -1;        // signal-handler slot, or -1
    bool direct_ = false;  // writing straight into a device or pipe (no temporary file, no rename)
    std::string error_;
    std::unique_ptr<char[]> buffer_;  // append()'s, allocated at its first call
    std::size_t buffered_ = 0;        // bytes in buffer_, all whole units
    long long written_ = 0;           // bytes in the file
};

/// A file the program writes for itself and reads back in the same run (the ranked client's input script for its
/// headless peer): written whole by writeFileAtomically into a private folder of its own under the folder for
/// temporary files, and removed with that folder when this object goes, so nothing is left in the player's folders
/// (a crash leaves it to the system's cleaning of temporary files).
class ScratchFile {
public:
    ScratchFile() = default;
    /// Removes the file and its folder.
    ~ScratchFile();
    ScratchFile(const ScratchFile&) = delete;
    ScratchFile& operator=(const ScratchFile&) = delete;
    /// Makes a folder `PARENT/bvh-scratch-XXXXXX` (parent "": std::filesystem::temp_directory_path, i.e. $TMPDIR
    /// or /tmp) and writes text as name in it. False with error `PATH: cannot write: REASON` (the folder or the
    /// file), and nothing left behind.
    bool write(const std::string& name, std::string_view text, std::string& error, const std::string& parent = "");
    /// The file's path ("" until written).
    const std::string& path() const { return path_; }

private:
    void remove();

    std::string dir_, path_;
};

/// Writes text as path's whole new content (AtomicFile: temporary file, sync, rename). On failure the old file is
/// untouched and error is `PATH: cannot write: REASON`. privateFile: see AtomicFile::open.
bool writeFileAtomically(const std::string& path, std::string_view text, std::string& error, bool privateFile = false);

/// Makes folder `dir` and its parents when missing: "" when it is there, else `DIR: cannot make the folder: REASON`
/// with the system's reason (`Permission denied`), which a later open of a file in it would hide behind "No such
/// file or directory".
std::string makeFolder(const std::string& dir);

/// Makes the folder of the file at path (and its parents) when missing: true when it is there, else false with
/// error `PATH: cannot write: FOLDER: REASON`, the folder's own reason, which the file's open would hide behind "No
/// such file or directory". For saves of the player's files (settings.cfg, controls.cfg).
bool makeFolderFor(const std::string& path, std::string& error);

/// Writes text as a new file at path, whole or not at all, only if no file has that name when it is put in place
/// (AtomicFile::onlyIfNew): false with taken true when another file was there first (it is left as it was), false
/// with error `PATH: cannot write: REASON` on a failure.
bool writeNewFileAtomically(const std::string& path, std::string_view text, std::string& error, bool& taken,
                            bool privateFile = false);

/// Writes text as a new file of a name the program chose (dated), whole or not at all, never replacing a file
/// (AtomicFile::keepExisting): at path, or at the first free `STEM-N.EXT` when another file took path first. The
/// name it took, or "" with error `PATH: cannot write: REASON`.
std::string writeFreshFileAtomically(const std::string& path, std::string_view text, std::string& error);

/// Puts the file `temp` at the first of nameFor(1), nameFor(2), ... nameFor(tries) that no file has, never
/// replacing one: link() fails on a taken name, so of two processes each takes a name of its own; then temp is
/// removed. A file system without hard links gets a rename to a name that does not exist yet. Returns the name
/// taken, or "" with why (an errno; EEXIST when every name was taken).
std::string linkToFreeName(const std::string& temp, const std::function<std::string(int)>& nameFor, int tries,
                           int& why);

/// A fresh temporary name beside path, `DIR/.NAME.tmp-PID-N`; with keepExtension NAME's extension is moved to the
/// end (`DIR/.shot.tmp-PID-N.png`) for writers that pick the format by the name's extension.
std::string tempPathBeside(const std::string& path, bool keepExtension);

/// Reads a temporary file name `.NAME.tmp-PID-N` (tempPathBeside without keepExtension; a file name, no folder):
/// true with NAME and the writer's PID, false for any other name.
bool parseTempName(const std::string& fileName, std::string& targetName, long& pid);

/// True when pid names a running process (or one we may not signal); false when no such process exists, i.e. the
/// writer of a temporary file with that PID has died without finishing it.
bool processAlive(long pid);

/// Puts a finished temporary file (written by someone else, e.g. an image library) in place: syncs it and renames
/// it over path (a device or pipe at path gets temp's bytes written into it instead). On failure removes temp,
/// leaves path as it was and sets error to `PATH: cannot write: REASON`.
bool replaceWithTemp(const std::string& temp, const std::string& path, std::string& error);

}  // namespace io
