// The corpus replay driver: in builds without libFuzzer (g++, the release and asan presets) each fuzz target is
// linked with this main instead, which feeds it every file of the folders (or the files) named on the command
// line, in name order, once. CTest runs it over the checked-in corpus, so every input the fuzzers ever broke on
// stays a regression test; `fuzz_TARGET crash-FILE` reproduces a libFuzzer finding in a normal build.
// `fuzz_TARGET --limits MS MB FILES...` also says each input's CPU time and the process's peak memory after it, and
// fails (exit 1) when an input took more than MS milliseconds of CPU or the peak passed MB: a seed must stay cheap
// enough to be a regression test (scripts/fuzz --seeds; never in CTest, where the time would depend on the load).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <sys/resource.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

/// The files named: a folder stands for its regular files (not its subfolders), sorted by name.
std::vector<std::filesystem::path> inputsOf(int first, int argc, char** argv) {
    std::vector<std::filesystem::path> files;
    for (int i = first; i < argc; ++i) {
        const std::filesystem::path p = argv[i];
        if (!std::filesystem::is_directory(p)) {
            files.push_back(p);
            continue;
        }
        std::vector<std::filesystem::path> inDir;
        for (const auto& e : std::filesystem::directory_iterator(p)) {
            if (e.is_regular_file()) inDir.push_back(e.path());
        }
        std::sort(inDir.begin(), inDir.end());
        files.insert(files.end(), inDir.begin(), inDir.end());
    }
    return files;
}

double cpuMilliseconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

double peakMegabytes() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_maxrss) / 1024.0;  // kilobytes on Linux
}

/// Limits given with --limits (0: none).
struct Limits {
    double ms = 0, mb = 0;
};

}  // namespace

int main(int argc, char** argv) {
    Limits limits;
    int first = 1;
    if (argc >= 4 && std::string(argv[1]) == "--limits") {
        limits = {std::atof(argv[2]), std::atof(argv[3])};
        first = 4;
    }
    const std::vector<std::filesystem::path> files = inputsOf(first, argc, argv);
    if (files.empty() || (first == 4 && (limits.ms <= 0 || limits.mb <= 0))) {
        std::fprintf(stderr, "usage: %s [--limits MS MB] CORPUS_DIR_OR_FILE... (no input file found)\n", argv[0]);
        return 2;
    }
    int over = 0;
    for (const std::filesystem::path& f : files) {
        std::ifstream in(f, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!in.good() && !in.eof()) {
            std::fprintf(stderr, "%s: cannot read\n", f.c_str());
            return 2;
        }
        std::fprintf(stderr, "%s (%zu bytes)\n", f.c_str(), bytes.size());
        const double start = cpuMilliseconds();
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
        if (limits.ms <= 0) continue;
        const double ms = cpuMilliseconds() - start, mb = peakMegabytes();
        const bool bad = ms > limits.ms || mb > limits.mb;
        over += bad ? 1 : 0;
        std::printf("%s %.1f ms CPU, peak %.1f MB%s\n", f.c_str(), ms, mb, bad ? "  OVER THE SEED LIMITS" : "");
    }
    std::printf("%zu inputs replayed, no invariant broken\n", files.size());
    if (over > 0) std::printf("%d inputs over the seed limits (%.0f ms CPU, %.0f MB)\n", over, limits.ms, limits.mb);
    return over > 0 ? 1 : 0;
}
