// Atomic file writing (see atomic_file.h).
#include "game/io/atomic_file.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace io {
namespace {

// ---- Files the signal handler looks after. Fixed storage, no allocation: the handler may only read plain memory
// and call async-signal-safe functions (rename, unlink, sigaction, raise).

constexpr int kSlots = 16;                // files open at once (a match records one; more are not protected)
constexpr std::size_t kPathBytes = 4096;  // PATH_MAX: a longer path is written all the same, unprotected

enum SlotState { kFree, kFilling, kArmed };

static_assert(std::atomic<long long>::is_always_lock_free && std::atomic<const char*>::is_always_lock_free,
              "the signal handler reads these without a lock");

/// One file. A kept file's bytes from `bufferAt` to `end` are in `buffer` (whole units appended, not yet written, or
/// being written); the file's whole units end at max(bufferAt, end), past it only a write the signal interrupted.
/// The writer updates bufferAt and end one store at a time in an order that keeps that true at every instant (see
/// AtomicFile::append, flush and publish).
struct Slot {
    std::atomic<int> state{kFree};
    bool keep = false;
    std::atomic<bool> keepExisting{false};  // AtomicFile::keepExisting: never replace the target
    std::atomic<int> fd{-1};                // -1: nothing to write or cut (closed, or a dropped file)
    std::atomic<const char*> buffer{nullptr};
    std::atomic<long long> bufferAt{0};
    std::atomic<long long> end{0};
    char temp[kPathBytes];
    char target[kPathBytes];
};

Slot gSlots[kSlots];
const int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

/// A kept file at a stop signal: writes the whole units still in its buffer and cuts whatever is past the last
/// whole unit (a write the signal interrupted), with async-signal-safe calls only (lseek, write, ftruncate).
void writeWholeUnits(const Slot& s) {
    const int fd = s.fd.load();
    if (fd < 0) return;
    const long long at = s.bufferAt.load();
    long long whole = s.end.load();
    const char* p = s.buffer.load();
    if (whole > at && p != nullptr && ::lseek(fd, off_t(at), SEEK_SET) == off_t(at)) {
        std::size_t left = std::size_t(whole - at);
        while (left > 0) {
            const ssize_t n = ::write(fd, p, left);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            p += n;
            left -= std::size_t(n);
        }
        if (left > 0) whole = at;  // the disk took only part: keep what was whole before
    }
    ::ftruncate(fd, off_t(whole > at ? whole : at));
}

extern "C" void onStopSignal(int sig) {
    const int saved = errno;
    for (Slot& s : gSlots) {
        if (s.state.load() != kArmed) continue;
        if (s.keep) writeWholeUnits(s);
        if (!s.keep) ::unlink(s.temp);
        else if (!s.keepExisting.load()) ::rename(s.temp, s.target);
        else if (::link(s.temp, s.target) == 0) ::unlink(s.temp);  // taken (EEXIST): the next start adopts the temp
        else if (errno != EEXIST) ::rename(s.temp, s.target);      // no hard links here: as any kept file
    }
    errno = saved;
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    ::sigaction(sig, &dfl, nullptr);
    ::raise(sig);  // blocked until this handler returns, then it does what it does by default
}

/// Installs the handler for each stop signal still at its default disposition (checked at every file opened, so
/// a disposition reset later, e.g. in a forked child, is covered too).
void installHandler() {
    for (int sig : kSignals) {
        struct sigaction old {};
        if (::sigaction(sig, nullptr, &old) != 0) continue;
        if ((old.sa_flags & SA_SIGINFO) != 0 || old.sa_handler != SIG_DFL) continue;
        struct sigaction act {};
        act.sa_handler = onStopSignal;
        sigemptyset(&act.sa_mask);
        for (int other : kSignals) sigaddset(&act.sa_mask, other);  // one handler run at a time
        ::sigaction(sig, &act, nullptr);
    }
}

/// Hands a file to the signal handler; returns its slot, or -1 when none is free or a path is too long.
int arm(const std::string& temp, const std::string& target, bool keep, int fd) {
    if (temp.size() >= kPathBytes || target.size() >= kPathBytes) return -1;
    installHandler();
    for (int i = 0; i < kSlots; ++i) {
        int expected = kFree;
        if (!gSlots[i].state.compare_exchange_strong(expected, kFilling)) continue;
        gSlots[i].keep = keep;
        gSlots[i].keepExisting.store(false);
        gSlots[i].fd.store(keep ? fd : -1);
        gSlots[i].buffer.store(nullptr);
        gSlots[i].bufferAt.store(0);
        gSlots[i].end.store(0);
        std::memcpy(gSlots[i].temp, temp.c_str(), temp.size() + 1);
        std::memcpy(gSlots[i].target, target.c_str(), target.size() + 1);
        gSlots[i].state.store(kArmed);
        return i;
    }
    return -1;
}

void disarm(int& slot) {
    if (slot >= 0) gSlots[slot].state.store(kFree);
    slot = -1;
}

/// Nothing for the handler to write or cut any more (the file is about to be closed).
void forgetFd(int slot) {
    if (slot >= 0) gSlots[slot].fd.store(-1);
}

// ---- Paths.

std::string folderOf(const std::string& path);

/// Where a chain of symbolic links from path ends: the first name that is not a link (a file not made yet for a
/// dangling link, as the shell's `>` makes it), or "" for a loop or a link that cannot be read.
std::string endOfLinks(std::string path) {
    for (int hops = 0; hops < 40; ++hops) {  // the kernel's own limit
        struct stat st {};
        if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
        char to[PATH_MAX];
        const ssize_t n = ::readlink(path.c_str(), to, sizeof to - 1);
        if (n <= 0) return "";
        const std::string next(to, std::size_t(n));
        path = next[0] == '/' ? next : folderOf(path) + "/" + next;
    }
    return "";
}

/// The file a write to path replaces: path itself, or what a symbolic link path points to (so that saving through
/// a link updates the file it names instead of replacing the link; a dangling link's file is made where it points).
std::string targetOf(const std::string& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
    char* real = ::realpath(path.c_str(), nullptr);
    if (real == nullptr) {
        const std::string end = endOfLinks(path);
        return end.empty() ? path : end;  // a loop: the write fails on the link, as the system says
    }
    std::string out(real);
    std::free(real);
    return out;
}

std::string folderOf(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

/// Best effort: makes a rename in dir durable (some file systems cannot sync a folder; the rename stands anyway).
void syncFolder(const std::string& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

std::string cannotWrite(const std::string& path, int errorNumber) {
    return path + ": cannot write: " + std::strerror(errorNumber);
}

}  // namespace

std::string tempPathBeside(const std::string& path, bool keepExtension) {
    static std::atomic<unsigned> counter{0};
    const std::size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
    std::string stem = slash == std::string::npos ? path : path.substr(slash + 1);
    std::string ext;
    const std::size_t dot = stem.rfind('.');
    if (keepExtension && dot != std::string::npos && dot > 0) {
        ext = stem.substr(dot);
        stem.resize(dot);
    }
    if (stem.size() > 160) stem.resize(160);  // room for the suffix within a file name's 255 bytes
    if (ext.size() > 16) ext.clear();
    return dir + "." + stem + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ext;
}

bool parseTempName(const std::string& fileName, std::string& targetName, long& pid) {
    const std::size_t mark = fileName.rfind(".tmp-");
    if (fileName.size() < 2 || fileName[0] != '.' || mark == std::string::npos || mark < 2) return false;
    const std::string tail = fileName.substr(mark + 5);  // PID-N
    const std::size_t dash = tail.find('-');
    if (dash == 0 || dash == std::string::npos || dash > 9 || dash + 1 == tail.size()) return false;
    for (std::size_t i = 0; i < tail.size(); ++i) {
        if (i != dash && (tail[i] < '0' || tail[i] > '9')) return false;
    }
    pid = std::stol(tail.substr(0, dash));
    targetName = fileName.substr(1, mark - 1);
    return pid > 0;
}

bool processAlive(long pid) {
    if (pid <= 0 || pid > INT_MAX) return false;
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;  // EPERM: it exists, owned by someone else
}

AtomicFile::~AtomicFile() { abandon(); }

bool AtomicFile::fail(int errorNumber) {
    if (error_.empty()) error_ = cannotWrite(path_, errorNumber);
    return false;
}

bool AtomicFile::openDirect() {
    do fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
    while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) return fail(errno);
    direct_ = true;
    return true;
}

bool AtomicFile::open(const std::string& path, OnSignal onSignal, bool privateFile) {
    abandon();
    path_ = path;
    error_.clear();
    placed_.clear();
    keepExisting_ = onlyIfNew_ = taken_ = false;
    if (path.empty()) return fail(ENOENT);
    target_ = targetOf(path);
    struct stat st {};
    const bool exists = ::stat(target_.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) return fail(EISDIR);
    if (exists && !S_ISREG(st.st_mode)) return openDirect();
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {  // a name left by a process with our pid
        temp_ = tempPathBeside(target_, false);
        fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, privateFile ? 0600 : 0666);
        if (fd_ < 0 && errno != EEXIST) break;
    }
    if (fd_ < 0) {
        const int why = errno;
        temp_.clear();
        return fail(why);
    }
    if (exists) ::fchmod(fd_, st.st_mode & (privateFile ? 0700 : 07777));  // a rewritten file keeps its permissions
    slot_ = arm(temp_, target_, onSignal == OnSignal::Keep, fd_);
    if (slot_ >= 0 && buffer_) gSlots[slot_].buffer.store(buffer_.get());  // reopened: the buffer is reused
    return true;
}

bool AtomicFile::putAt(std::string_view data) {
    long long at = written_;
    while (!data.empty()) {
        // a device or pipe written straight into has no offset to write at (a pipe refuses pwrite: ESPIPE)
        const ssize_t n =
            direct_ ? ::write(fd_, data.data(), data.size()) : ::pwrite(fd_, data.data(), data.size(), off_t(at));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 || n == 0) {
            const int why = n < 0 ? errno : ENOSPC;
            buffered_ = 0;
            publish(written_, written_);  // a signal now keeps the whole units written before this one
            return fail(why);
        }
        data.remove_prefix(std::size_t(n));
        at += n;
    }
    return true;
}

void AtomicFile::publish(long long bufferAt, long long end) {
    if (slot_ < 0) return;
    gSlots[slot_].bufferAt.store(bufferAt);  // first: between the two stores the handler keeps [0, bufferAt)
    gSlots[slot_].end.store(end);
}

bool AtomicFile::write(std::string_view data) {
    if (!flush() || !putAt(data)) return false;
    written_ += static_cast<long long>(data.size());
    publish(written_, written_);
    return true;
}

bool AtomicFile::append(std::string_view unit) {
    if (!ok()) return false;
    if (buffered_ + unit.size() > kAppendBufferBytes && !flush()) return false;
    if (unit.size() > kAppendBufferBytes) return write(unit);
    if (!buffer_) {
        buffer_ = std::make_unique<char[]>(kAppendBufferBytes);
        if (slot_ >= 0) gSlots[slot_].buffer.store(buffer_.get());
    }
    std::memcpy(buffer_.get() + buffered_, unit.data(), unit.size());
    buffered_ += unit.size();
    if (slot_ >= 0) gSlots[slot_].end.store(written_ + static_cast<long long>(buffered_));  // now it is whole
    return true;
}

bool AtomicFile::flush() {
    if (!ok()) return false;
    if (buffered_ == 0) return true;
    if (!putAt(std::string_view(buffer_.get(), buffered_))) return false;
    written_ += static_cast<long long>(buffered_);
    buffered_ = 0;
    // end is unchanged: before this store the handler writes the same bytes again at the same place, after it
    // nothing.
    if (slot_ >= 0) gSlots[slot_].bufferAt.store(written_);
    return true;
}

bool AtomicFile::commit() {
    if (!flush()) {
        abandon();
        return false;
    }
    if (!direct_ && ::fsync(fd_) != 0) fail(errno);  // a device may refuse fsync (EINVAL): nothing to sync there
    forgetFd(slot_);
    if (::close(fd_) != 0) fail(errno);  // a file system may report a lost write only here
    fd_ = -1;
    disarm(slot_);
    if (direct_) {
        direct_ = false;
        return error_.empty();
    }
    placed_ = target_;
    if (error_.empty() && keepExisting_) placeBeside();
    else if (error_.empty() && ::rename(temp_.c_str(), target_.c_str()) != 0) fail(errno);
    if (!error_.empty()) {
        placed_.clear();
        abandon();
        return false;
    }
    temp_.clear();
    syncFolder(folderOf(target_));
    return true;
}

void AtomicFile::keepExisting() {
    keepExisting_ = true;
    if (slot_ >= 0) gSlots[slot_].keepExisting.store(true);
}

void AtomicFile::onlyIfNew() {
    keepExisting();
    onlyIfNew_ = true;
}

std::string linkToFreeName(const std::string& temp, const std::function<std::string(int)>& nameFor, int tries,
                           int& why) {
    for (int n = 1; n <= tries; ++n) {
        const std::string to = nameFor(n);
        if (::link(temp.c_str(), to.c_str()) == 0) {
            ::unlink(temp.c_str());
            return to;
        }
        if (errno == EEXIST) continue;
        why = errno;
        struct stat st {};
        if (::stat(to.c_str(), &st) == 0) continue;  // a file system without hard links: a plain rename
        if (::rename(temp.c_str(), to.c_str()) == 0) return to;
        why = errno;
        return "";
    }
    why = EEXIST;
    return "";
}

// The temporary file at the target or, when that is taken, at the first free STEM-N.EXT (onlyIfNew_: the target or
// nothing); placed_ is the name taken.
void AtomicFile::placeBeside() {
    const std::size_t slash = target_.rfind('/'), dot = target_.rfind('.');
    const bool hasExt = dot != std::string::npos && (slash == std::string::npos || dot > slash + 1);
    const std::string stem = hasExt ? target_.substr(0, dot) : target_, ext = hasExt ? target_.substr(dot) : "";
    int why = 0;
    placed_ = linkToFreeName(
        temp_, [&](int n) { return n == 1 ? target_ : stem + "-" + std::to_string(n) + ext; }, onlyIfNew_ ? 1 : 999,
        why);
    if (!placed_.empty()) return;
    taken_ = onlyIfNew_ && why == EEXIST;
    fail(why);
}

void AtomicFile::abandon() {
    disarm(slot_);
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    direct_ = false;
    if (!temp_.empty()) ::unlink(temp_.c_str());
    temp_.clear();
    buffered_ = 0;
    written_ = 0;
}

namespace {

/// Makes folder `dir` and its parents when missing: "" when it is there, else the reason it cannot be (the
/// system's, or that it is a symbolic link to a missing folder, where the system would say "File exists").
std::string folderProblem(const std::string& dir) {
    std::error_code ec;
    if (dir.empty() || std::filesystem::is_directory(dir, ec)) return "";
    if (std::filesystem::is_symlink(dir, ec) && !std::filesystem::exists(dir, ec))
        return "it is a symbolic link to " + std::filesystem::read_symlink(dir, ec).string() + ", which is missing";
    std::filesystem::create_directories(dir, ec);
    return ec ? ec.message() : "";
}

}  // namespace

std::string makeFolder(const std::string& dir) {
    const std::string why = folderProblem(dir);
    return why.empty() ? "" : dir + ": cannot make the folder: " + why;
}

bool makeFolderFor(const std::string& path, std::string& error) {
    const std::string folder = std::filesystem::path(path).parent_path().string();
    const std::string why = folderProblem(folder);
    if (!why.empty()) error = path + ": cannot write: " + folder + ": " + why;
    return why.empty();
}

bool writeFileAtomically(const std::string& path, std::string_view text, std::string& error, bool privateFile) {
    AtomicFile f;
    if (f.open(path, OnSignal::Drop, privateFile) && f.write(text) && f.commit()) return true;
    error = f.error();
    return false;
}

bool writeNewFileAtomically(const std::string& path, std::string_view text, std::string& error, bool& taken,
                            bool privateFile) {
    AtomicFile f;
    taken = false;
    if (f.open(path, OnSignal::Drop, privateFile)) f.onlyIfNew();
    if (f.ok() && f.write(text) && f.commit()) return true;
    taken = f.taken();
    error = f.error();
    return false;
}

std::string writeFreshFileAtomically(const std::string& path, std::string_view text, std::string& error) {
    AtomicFile f;
    if (f.open(path, OnSignal::Drop)) f.keepExisting();
    if (f.ok() && f.write(text) && f.commit()) return f.placedPath();
    error = f.error();
    return "";
}

ScratchFile::~ScratchFile() { remove(); }

void ScratchFile::remove() {
    if (!path_.empty()) ::unlink(path_.c_str());
    if (!dir_.empty()) ::rmdir(dir_.c_str());
    path_.clear();
    dir_.clear();
}

bool ScratchFile::write(const std::string& name, std::string_view text, std::string& error, const std::string& parent) {
    remove();
    std::error_code ec;
    std::string base = parent.empty() ? std::filesystem::temp_directory_path(ec).string() : parent;
    if (base.empty()) base = "/tmp";
    std::string pattern = base + "/bvh-scratch-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
        error = cannotWrite(base + "/bvh-scratch-XXXXXX", errno);  // (mkdtemp may leave its last try in pattern)
        return false;
    }
    dir_ = pattern;
    if (!writeFileAtomically(dir_ + "/" + name, text, error)) {
        remove();
        return false;
    }
    path_ = dir_ + "/" + name;
    return true;
}

/// A device or pipe at path takes temp's bytes written into it (see AtomicFile); temp is removed either way.
bool copyIntoDevice(const std::string& temp, const std::string& path, std::string& error) {
    std::string bytes;
    char buffer[65536];
    const int fd = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC);
    ssize_t n = fd < 0 ? -1 : 0;
    while (fd >= 0 && (n = ::read(fd, buffer, sizeof buffer)) > 0) bytes.append(buffer, std::size_t(n));
    const int why = n < 0 ? errno : 0;
    if (fd >= 0) ::close(fd);
    ::unlink(temp.c_str());
    if (why != 0) {
        error = path + ": cannot write: " + std::strerror(why);  // could not even read what was to be written
        return false;
    }
    return writeFileAtomically(path, bytes, error);
}

bool replaceWithTemp(const std::string& temp, const std::string& path, std::string& error) {
    const std::string target = targetOf(path);
    struct stat st {};
    if (::stat(target.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        return copyIntoDevice(temp, path, error);
    int why = 0;
    const int fd = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 || ::fsync(fd) != 0) why = errno;
    if (fd >= 0) ::close(fd);
    if (why == 0 && ::rename(temp.c_str(), target.c_str()) != 0) why = errno;
    if (why != 0) {
        ::unlink(temp.c_str());
        error = cannotWrite(path, why);
        return false;
    }
    syncFolder(folderOf(target));
    return true;
}

}  // namespace io
