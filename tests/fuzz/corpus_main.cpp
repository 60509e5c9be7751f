// The corpus replay driver: in builds without libFuzzer (g++, the release and asan presets) each fuzz target is
// linked with this main instead, which feeds it every file of the folders (or the files) named on the command
// line, in name order, once. CTest runs it over the checked-in corpus, so every input the fuzzers ever broke on
// stays a regression test; `fuzz_TARGET crash-FILE` reproduces a libFuzzer finding in a normal build.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

/// The files named: a folder stands for its regular files (not its subfolders), sorted by name.
std::vector<std::filesystem::path> inputsOf(int argc, char** argv) {
    std::vector<std::filesystem::path> files;
    for (int i = 1; i < argc; ++i) {
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

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::filesystem::path> files = inputsOf(argc, argv);
    if (files.empty()) {
        std::fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE... (no input file found)\n", argv[0]);
        return 2;
    }
    for (const std::filesystem::path& f : files) {
        std::ifstream in(f, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!in.good() && !in.eof()) {
            std::fprintf(stderr, "%s: cannot read\n", f.c_str());
            return 2;
        }
        std::fprintf(stderr, "%s (%zu bytes)\n", f.c_str(), bytes.size());
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::printf("%zu inputs replayed, no invariant broken\n", files.size());
    return 0;
}
