// Shared text-file helpers (see textio.h): reading, tokenizing, checked integers.
#include "game/sim/textio.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace textio {

bool readTextFile(const std::string& path, std::string& text, std::string& error) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        error = path + ": cannot open: " + std::strerror(errno);
        return false;
    }
    if (S_ISDIR(st.st_mode)) {
        error = path + ": is a directory";
        return false;
    }
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path + ": cannot open: " + (errno != 0 ? std::strerror(errno) : "unreadable");
        return false;
    }
    std::ostringstream all;
    all << in.rdbuf();
    if (in.bad()) {
        error = path + ": cannot open: read error";
        return false;
    }
    text = all.str();
    return true;
}

std::vector<std::string> tokens(const std::string& line) {
    std::vector<std::string> out;
    const std::size_t end = line.find('#');
    std::size_t i = 0;
    const std::size_t n = end == std::string::npos ? line.size() : end;
    while (i < n) {
        while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        const std::size_t start = i;
        while (i < n && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

bool toInt(const std::string& token, std::int64_t lo, std::int64_t hi, std::int64_t& out, std::string& why) {
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(token.c_str(), &end, 10);
    if (token.empty() || *end != '\0') {
        why = "'" + token + "' is not an integer";
        return false;
    }
    if (errno == ERANGE || v < lo || v > hi) {
        why = "number " + token + " out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
        return false;
    }
    out = v;
    return true;
}

bool toInt(const std::string& token, int lo, int hi, int& out, std::string& why) {
    std::int64_t v = 0;
    if (!toInt(token, std::int64_t(lo), std::int64_t(hi), v, why)) return false;
    out = int(v);
    return true;
}

}  // namespace textio
