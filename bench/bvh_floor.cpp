// `bvh_floor AGENT_FILE ACTIONS_FILE`: the I/O floor of the `bvh` program. It reads the same two files, parses every
// record into numbers and prints every action's lines the way `bvh` does, but holds no tree: a query prints no hits,
// `p` prints no tree. Timing it beside `bvh` on the same input (bench/RESULTS.md) says how much of the program's
// time is the tree's and how much is reading, parsing and writing, which no tree can avoid. Plain stdio and
// std::from_chars/to_chars: the straightforward way to read, parse and print, not a tuned one.
//
// It checks nothing in the records (that is the floor: valid input, as the specification's samples); a file it
// cannot read is still named with the reason, like `bvh`'s.
#include "engine/write_signals.h"

#include <charconv>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>

#include <stdio.h>  // getline
#include <sys/stat.h>

namespace {

/// Skips spaces and reads one token at p; returns where it ends.
const char* token(const char* p, const char*& first) {
    while (*p == ' ' || *p == '\t' || *p == '\r') ++p;
    first = p;
    while (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n' && *p != '\0') ++p;
    return p;
}

/// Reads four integers at p into v; returns where they end.
const char* box(const char* p, int* v) {
    for (int k = 0; k < 4; ++k) {
        const char* first = nullptr;
        p = token(p, first);
        std::from_chars(first, p, v[k]);
    }
    return p;
}

/// Writes `(a, b), (c, d)` to out.
void putBox(std::FILE* out, const int* v) {
    char line[64];
    char* q = line;
    *q++ = '(';
    q = std::to_chars(q, line + 64, v[0]).ptr;
    *q++ = ',';
    *q++ = ' ';
    q = std::to_chars(q, line + 64, v[1]).ptr;
    std::memcpy(q, "), (", 4);
    q += 4;
    q = std::to_chars(q, line + 64, v[2]).ptr;
    *q++ = ',';
    *q++ = ' ';
    q = std::to_chars(q, line + 64, v[3]).ptr;
    *q++ = ')';
    std::fwrite(line, 1, std::size_t(q - line), out);
}

/// Opens path for reading; nullptr after `PATH: cannot open file: REASON` (a folder: Is a directory) on stderr.
std::FILE* openInput(const char* path) {
    std::FILE* f = std::fopen(path, "rb");
    struct stat st {};
    int why = f == nullptr ? errno : 0;
    if (f != nullptr && ::fstat(::fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) why = EISDIR;
    if (why == 0) return f;
    if (f != nullptr) std::fclose(f);
    std::fprintf(stderr, "%s: cannot open file: %s\n", path, std::strerror(why));
    return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
    engine::failWritesInsteadOfDying();  // a full disk, a size limit or a gone reader: said, not a silent death
    if (argc == 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
        std::printf("usage: bvh_floor AGENT_FILE ACTIONS_FILE\n");
        return 0;
    }
    if (argc != 3) {
        std::fprintf(stderr, "usage: bvh_floor AGENT_FILE ACTIONS_FILE\n");
        return 2;
    }
    std::FILE* agent = openInput(argv[1]);
    std::FILE* actions = agent == nullptr ? nullptr : openInput(argv[2]);
    if (actions == nullptr) {
        if (agent != nullptr) std::fclose(agent);
        return 1;
    }
    char* line = nullptr;
    std::size_t capacity = 0;
    long long checksum = 0;  // the agent's numbers are used, so their parsing is not optimised away
    int v[4];
    while (::getline(&line, &capacity, agent) > 0) {
        const char* name = nullptr;
        const char* p = token(line, name);
        if (p == name) continue;
        box(p, v);
        checksum += v[0] + v[1] + v[2] + v[3] + (p - name);
    }
    while (::getline(&line, &capacity, actions) > 0) {
        const char* kind = nullptr;
        const char* p = token(line, kind);
        if (p == kind) continue;
        if (*kind == 'c') {
            box(p, v);
            std::fputs("Projectile ", stdout);
            putBox(stdout, v);
            std::fputs("\nCollides with: \n", stdout);
        } else if (*kind == 'm') {
            const char* name = nullptr;
            p = token(p, name);
            box(p, v);
            std::fputs("Moved the ", stdout);
            std::fwrite(name, 1, std::size_t(p - name), stdout);
            std::fputs(" to the location ", stdout);
            putBox(stdout, v);
            std::fputc('\n', stdout);
        } else {
            std::fputs("Current tree:\n\n", stdout);
        }
    }
    std::free(line);
    std::fclose(agent);
    std::fclose(actions);
    std::fprintf(stderr, "agent checksum %lld\n", checksum);
    return std::fflush(stdout) == 0 ? 0 : 3;
}
