#pragma once
// A run in a forked child whose files may not grow past a limit (RLIMIT_FSIZE: a write past it fails with EFBIG,
// "File too large", as a full disk fails with ENOSPC), for the tests of what a full disk does to a writer. Shared by
// the io and run test folders.
#include <doctest/doctest.h>

#include <csignal>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace iotest {

/// What a limited child said (the string its body returned) and its exit status (-1 when it did not exit).
struct LimitedRun {
    std::string out;
    int exitCode = -1;
};

/// Runs body(exitCode) in a forked child whose files may not grow past limitBytes; the child writes body's string
/// to a pipe and exits with the code body left in exitCode (0 unless it set one).
template <class Body>
LimitedRun withFileSizeLimit(rlim_t limitBytes, Body body) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(fds[0]);
        std::signal(SIGXFSZ, SIG_IGN);  // the write fails instead of the process dying
        const rlimit limit{limitBytes, limitBytes};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        int code = 0;
        const std::string out = body(code);
        ssize_t ignored = ::write(fds[1], out.data(), out.size());
        (void)ignored;
        ::_exit(code);
    }
    ::close(fds[1]);
    LimitedRun run;
    char chunk[512];
    for (ssize_t n; (n = ::read(fds[0], chunk, sizeof chunk)) > 0;) run.out.append(chunk, std::size_t(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (WIFEXITED(status)) run.exitCode = WEXITSTATUS(status);
    return run;
}

}  // namespace iotest
