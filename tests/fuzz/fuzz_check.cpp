// The fuzz targets' shared invariant checks (see fuzz_check.h).
#include "tests/fuzz/fuzz_check.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <unistd.h>

namespace fuzz {

std::string asText(const std::uint8_t* data, std::size_t size) {
    return size == 0 ? std::string() : std::string(reinterpret_cast<const char*>(data), size);
}

int lineCount(std::string_view text) {
    io::Lines lines(text);
    std::string_view line;
    while (lines.next(line)) {}
    return std::max(1, lines.number());
}

void broken(const std::string& what, std::string_view detail) {
    std::fprintf(stderr, "fuzz invariant broken: %s\n  got: %s\n", what.c_str(),
                 io::printable(detail, 2 * kMaxMessage).c_str());
    std::fflush(stderr);
    std::abort();
}

namespace {

/// The line number at the start of rest (digits then ": "), or -1 when rest does not start that way.
long leadingLine(std::string_view rest, std::size_t& after) {
    std::size_t i = 0;
    long n = 0;
    while (i < rest.size() && i < 9 && rest[i] >= '0' && rest[i] <= '9') n = n * 10 + (rest[i++] - '0');
    if (i == 0 || rest.substr(i, 2) != ": ") return -1;
    after = i + 2;
    return n;
}

}  // namespace

void checkMessage(const std::string& message, const std::string& file, int maxLine) {
    if (message.size() > kMaxMessage) broken("message longer than " + std::to_string(kMaxMessage), message);
    for (char c : message) {
        if (c < 0x20 || c > 0x7e) broken("message byte outside printable ASCII (or a second line)", message);
    }
    if (message.compare(0, file.size() + 1, file + ":") != 0)
        broken("message does not start with `" + file + ":`", message);
    const std::string_view rest = std::string_view(message).substr(file.size() + 1);
    std::size_t after = 1;
    if (rest.empty() || rest[0] != ' ') {
        const long line = leadingLine(rest, after);
        if (line < 1 || line > maxLine)
            broken("message has no line in [1, " + std::to_string(maxLine) + "] after the file", message);
    }
    if (rest.size() <= after) broken("message says nothing after its prefix", message);
}

const std::string& tempFile(const std::string& name) {
    static std::map<std::string, std::string> files;  // name -> path, removed at exit
    const auto it = files.find(name);
    if (it != files.end()) return it->second;
    const char* dir = std::getenv("TMPDIR");
    std::string path = std::string(dir != nullptr && *dir != '\0' ? dir : "/tmp") + "/bvh-fuzz-" + name + ".XXXXXX";
    const int fd = ::mkstemp(path.data());
    if (fd < 0) broken("cannot make a temporary file", path);
    ::close(fd);
    if (files.empty()) {
        std::atexit([] {
            for (const auto& f : files) std::remove(f.second.c_str());
        });
    }
    return files.emplace(name, path).first->second;
}

void writeFile(const std::string& path, const std::uint8_t* data, std::size_t size) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    const bool written = f != nullptr && (size == 0 || std::fwrite(data, 1, size, f) == size);
    if (f == nullptr || std::fclose(f) != 0 || !written) broken("cannot write the temporary file", path);
}

void checkError(const io::Error& error, const std::string& file, int maxLine) {
    if (error.file != file) broken("error names the file `" + error.file + "`, not `" + file + "`", error.text());
    if (error.line < 0 || error.line > maxLine) broken("error line out of the file", error.text());
    checkMessage(error.text(), file, maxLine);
}

}  // namespace fuzz
