// bench_swap_log: an LD_PRELOAD library that logs the time of every buffer swap (glXSwapBuffers, which SFML's
// window display() calls once per drawn frame) as one line of nanoseconds on CLOCK_MONOTONIC, to the file named by
// $BENCH_SWAP_LOG. bench/frame_cap.sh runs the unchanged game with it to count the frames it draws per second.
// Nothing in the game links it; it only wraps the real function (found with dlsym(RTLD_NEXT)).
#include <GL/glx.h>

#include <dlfcn.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

extern "C" void glXSwapBuffers(Display* dpy, GLXDrawable drawable) {
    using Swap = void (*)(Display*, GLXDrawable);
    static Swap real = reinterpret_cast<Swap>(dlsym(RTLD_NEXT, "glXSwapBuffers"));
    static int fd = [] {
        const char* path = std::getenv("BENCH_SWAP_LOG");
        return path != nullptr ? ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644) : -1;
    }();
    if (real != nullptr) real(dpy, drawable);
    if (fd < 0) return;
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    char line[32];
    const int n =
        std::snprintf(line, sizeof line, "%lld\n", static_cast<long long>(ts.tv_sec) * 1000000000LL + ts.tv_nsec);
    if (n > 0 && ::write(fd, line, std::size_t(n)) != n) {
        ::close(fd);  // a full disk: stop logging, the game goes on
        fd = -1;
    }
}
