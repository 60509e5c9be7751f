#include "engine/cli/bvh_cli.h"

#include "engine/agent_bvh.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace bvhcli {
namespace {

/// A bad record: where and what, reported as `FILE:LINE: what`.
struct InputError {
    std::string what;
    int line = 0;  // 0 when the problem is the file itself
};

/// Reads a whole file; on failure returns false and describes why.
bool readFile(const std::string& path, std::string& text, std::string& why) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr) {
        why = std::string("cannot open file: ") + std::strerror(errno);
        return false;
    }
    char buf[1 << 16];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    const bool failed = std::ferror(f) != 0;
    const int err = errno;
    std::fclose(f);
    if (failed) {
        why = std::string("cannot read file: ") + std::strerror(err);
        return false;
    }
    return true;
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/// Splits one line into whitespace-separated tokens (at most max + 1 are kept: enough to see a stray one).
int tokenize(std::string_view line, std::string_view* tokens, int max) {
    int n = 0;
    std::size_t i = 0;
    while (i < line.size() && n <= max) {
        while (i < line.size() && isSpace(line[i])) ++i;
        if (i == line.size()) break;
        const std::size_t start = i;
        while (i < line.size() && !isSpace(line[i])) ++i;
        tokens[n++] = line.substr(start, i - start);
    }
    return n;
}

/// A token as it should appear in a message: quoted, cut to 40 characters, non-printable bytes escaped.
std::string shown(std::string_view t) {
    std::string s = "'";
    for (std::size_t i = 0; i < t.size() && i < 40; ++i) {
        const unsigned char c = static_cast<unsigned char>(t[i]);
        if (c >= 0x20 && c < 0x7f) {
            s += char(c);
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            s += hex;
        }
    }
    if (t.size() > 40) s += "...";
    return s + "'";
}

/// Parses one coordinate token.
int parseCoord(std::string_view t, const char* field, int line) {
    long long v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec == std::errc::result_out_of_range) {
        throw InputError{std::string(field) + " " + shown(t) + " is out of range (allowed -" +
                             std::to_string(kCoordLimit) + ".." + std::to_string(kCoordLimit) + ")",
                         line};
    }
    if (ec != std::errc() || end != t.data() + t.size()) {
        throw InputError{std::string(field) + " " + shown(t) + " is not an integer", line};
    }
    if (v < -kCoordLimit || v > kCoordLimit) {
        throw InputError{std::string(field) + " " + std::to_string(v) + " is out of range (allowed -" +
                             std::to_string(kCoordLimit) + ".." + std::to_string(kCoordLimit) + ")",
                         line};
    }
    return int(v);
}

/// Parses the four coordinate tokens of a box and checks min <= max.
engine::AABB parseBox(const std::string_view* t, int line) {
    const engine::AABB b{parseCoord(t[0], "minX", line), parseCoord(t[1], "minY", line),
                         parseCoord(t[2], "maxX", line), parseCoord(t[3], "maxY", line)};
    if (b.minX > b.maxX) {
        throw InputError{"box has minX " + std::to_string(b.minX) + " > maxX " + std::to_string(b.maxX), line};
    }
    if (b.minY > b.maxY) {
        throw InputError{"box has minY " + std::to_string(b.minY) + " > maxY " + std::to_string(b.maxY), line};
    }
    return b;
}

/// Checks a record has exactly `want` tokens; `form` is the expected shape, for the message.
void expectFields(int got, int want, const std::string_view* t, const char* form, int line) {
    if (got < want) {
        throw InputError{"record cut short: expected '" + std::string(form) + "', got " + std::to_string(got) +
                             (got == 1 ? " field" : " fields"),
                         line};
    }
    if (got > want) throw InputError{"stray token " + shown(t[want]) + " after '" + std::string(form) + "'", line};
}

/// Calls fn(lineNumber, lineText) for every line of text (a final line without '\n' counts too).
template <class Fn>
void forEachLine(std::string_view text, Fn&& fn) {
    int number = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        fn(++number, text.substr(pos, end - pos));
        pos = end + 1;
    }
}

void appendPoint(std::string& out, int x, int y) {
    out += '(';
    out += std::to_string(x);
    out += ", ";
    out += std::to_string(y);
    out += ')';
}

void appendBox(std::string& out, const engine::AABB& b) {
    appendPoint(out, b.minX, b.minY);
    out += ", ";
    appendPoint(out, b.maxX, b.maxY);
}

/// Builds the agent from its file: one `name minX minY maxX maxY` record a line, blank lines ignored.
void loadAgent(std::string_view text, engine::AgentBVH& tree) {
    std::unordered_map<std::string, int> firstLine;  // for the duplicate message; lookup only
    forEachLine(text, [&](int line, std::string_view s) {
        std::string_view t[6];
        const int n = tokenize(s, t, 5);
        if (n == 0) return;
        expectFields(n, 5, t, "NAME MINX MINY MAXX MAXY", line);
        const engine::AABB box = parseBox(t + 1, line);
        std::string name(t[0]);
        const auto [it, fresh] = firstLine.emplace(name, line);
        if (!fresh) {
            throw InputError{"duplicate member name " + shown(t[0]) + " (first on line " + std::to_string(it->second) + ")",
                             line};
        }
        tree.add(box, std::move(name));
    });
}

/// Output collected in memory and written in large chunks.
class Output {
public:
    explicit Output(std::ostream& out) : out_(out) {}
    ~Output() { flush(); }
    std::string& buffer() { return buf_; }
    void maybeFlush() {
        if (buf_.size() >= (1u << 16)) flush();
    }
    void flush() {
        out_.write(buf_.data(), std::streamsize(buf_.size()));
        out_.flush();
        buf_.clear();
    }

private:
    std::ostream& out_;
    std::string buf_;
};

/// Performs the actions file's records in order.
void runActions(std::string_view text, engine::AgentBVH& tree, Output& output) {
    std::vector<std::string> hits;
    std::string& out = output.buffer();
    forEachLine(text, [&](int line, std::string_view s) {
        std::string_view t[7];
        const int n = tokenize(s, t, 6);
        if (n == 0) return;
        if (t[0] == "c") {
            expectFields(n, 5, t, "c MINX MINY MAXX MAXY", line);
            const engine::AABB box = parseBox(t + 1, line);
            hits.clear();
            tree.query(box, [&](int leaf) {
                hits.push_back(tree.nameOf(leaf));
                return true;
            });
            std::sort(hits.begin(), hits.end());
            out += "Projectile ";
            appendBox(out, box);
            out += "\nCollides with: ";
            for (std::size_t i = 0; i < hits.size(); ++i) {
                if (i > 0) out += ", ";
                out += hits[i];
            }
            out += '\n';
        } else if (t[0] == "m") {
            expectFields(n, 6, t, "m NAME MINX MINY MAXX MAXY", line);
            const engine::AABB box = parseBox(t + 2, line);
            if (!tree.move(t[1], box)) throw InputError{"no member named " + shown(t[1]), line};
            out += "Moved the ";
            out += t[1];
            out += " to the location ";
            appendBox(out, box);
            out += '\n';
        } else if (t[0] == "p") {
            expectFields(n, 1, t, "p", line);
            out += "Current tree:\n";
            tree.print(out);
            out += '\n';
        } else {
            throw InputError{"unknown action " + shown(t[0]) + " (expected c, m or p)", line};
        }
        output.maybeFlush();
    });
}

/// Reports an error as `FILE:LINE: what` (or `FILE: what` for the file itself).
void report(std::ostream& err, const std::string& path, const InputError& e) {
    err << path;
    if (e.line > 0) err << ':' << e.line;
    err << ": " << e.what << '\n';
}

}  // namespace

int run(const std::string& agentPath, const std::string& actionsPath, std::ostream& out, std::ostream& err) {
    std::string agentText, actionsText, why;
    if (!readFile(agentPath, agentText, why)) {
        report(err, agentPath, InputError{why, 0});
        return kBadInput;
    }
    if (!readFile(actionsPath, actionsText, why)) {
        report(err, actionsPath, InputError{why, 0});
        return kBadInput;
    }
    engine::AgentBVH tree;
    try {
        loadAgent(agentText, tree);
    } catch (const InputError& e) {
        report(err, agentPath, e);
        return kBadInput;
    }
    Output output(out);
    try {
        runActions(actionsText, tree, output);
    } catch (const InputError& e) {
        output.flush();  // what earlier actions printed stays printed
        report(err, actionsPath, e);
        return kBadInput;
    }
    return kOk;
}

int runMain(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    if (argc == 1) return run("agent.txt", "actions.txt", out, err);
    if (argc == 3) return run(argv[1], argv[2], out, err);
    err << "usage: bvh [AGENT_FILE ACTIONS_FILE]   (defaults: agent.txt actions.txt in the current folder)\n";
    return kUsage;
}

}  // namespace bvhcli
