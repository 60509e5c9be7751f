#include "engine/cli/bvh_cli.h"

#include "engine/agent_bvh.h"
#include "engine/cli/bvh_records.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <string_view>
#include <vector>

#include <sys/stat.h>

namespace bvhcli {
namespace {

/// A failed write to the output stream, with errno as it was then (0 when the stream set none).
struct WriteError {
    int errorNumber = 0;
};

/// Copies a string literal to p; returns the end.
template <std::size_t N>
char* put(char* p, const char (&text)[N]) {
    std::memcpy(p, text, N - 1);
    return p + (N - 1);
}

/// Writes an integer in decimal at p (at most 11 bytes); returns the end.
char* putInt(char* p, int v) { return std::to_chars(p, p + 11, v).ptr; }

/// Writes `(minX, minY), (maxX, maxY)` at p (at most kBoxBytes bytes); returns the end.
constexpr std::size_t kBoxBytes = 4 * 11 + 10;
char* putBox(char* p, const engine::AABB& b) {
    *p++ = '(';
    p = putInt(p, b.minX);
    p = put(p, ", ");
    p = putInt(p, b.minY);
    p = put(p, "), (");
    p = putInt(p, b.maxX);
    p = put(p, ", ");
    p = putInt(p, b.maxY);
    *p++ = ')';
    return p;
}

/// The descents of the agent records still ahead, walked one level each time a record is added
/// (AgentTree::descentStep), so that no walk waits on a cache miss: its next node was asked for a record earlier.
/// By a record's turn its path is then mostly in the cache. Walks only read; one made stale by the insertions
/// before it merely fetched lines for nothing. (Not for the actions' moves: most of them do not re-insert, and
/// walking them all cost more than it saved, measured in bench/RESULTS.md.)
class DescentWalks {
public:
    /// Records ahead at which a walk starts: about as many as a descent has levels.
    static constexpr int kAhead = 28;
    /// Starts the walk of `later` (the record kAhead ahead), then takes one step of every walk.
    void step(const Record* later, const engine::AgentBVH& tree) {
        if (later != nullptr && later->kind == 'a' && count_ < kMax && tree.root() != engine::AgentBVH::kNull) {
            walks_[count_++] = {tree.root(), later->box};
        }
        for (int k = 0; k < count_;) {
            walks_[k].node = tree.descentStep(walks_[k].node, walks_[k].box);
            if (walks_[k].node == engine::AgentBVH::kNull) {
                walks_[k] = walks_[--count_];
            } else {
                ++k;
            }
        }
    }
    /// Drops every walk (after AgentBVH::compact() their node indices mean nothing).
    void clear() { count_ = 0; }

private:
    static constexpr int kMax = 32;
    struct Walk {
        int node;
        engine::AABB box;
    };
    Walk walks_[kMax];
    int count_ = 0;
};

/// Keeps the tree laid out in printing order (AgentBVH::compact): insertions and re-inserting moves scatter new
/// nodes over the pool, so after as many changes as there are members the pool is renumbered afresh (O(n), so
/// O(1) amortised per change). The program holds names, not leaf handles, so renumbering costs it nothing but the
/// descent walks under way.
class Layout {
public:
    /// Notes one insertion or move; returns true when the tree was just renumbered.
    bool changed(engine::AgentBVH& tree, DescentWalks* walks = nullptr) {
        if (++changes_ < std::max(kMinChanges, tree.memberCount())) return false;
        tree.compact();
        if (walks != nullptr) walks->clear();
        changes_ = 0;
        return true;
    }

private:
    static constexpr int kMinChanges = 4096;
    int changes_ = 0;
};

/// Counts the levels insertions descend and refuses the record whose insertion takes the total past
/// Limits::maxDescentLevels (see kMaxDescentLevels): the tree work of a run stays bounded whatever its boxes.
class DescentBudget {
public:
    explicit DescentBudget(std::uint64_t limit) : limit_(limit) {}
    /// Adds the depth a member just landed at (the levels its insertion descended); throws past the limit.
    void charge(const engine::AgentBVH& tree, int leaf, int line) {
        used_ += std::uint64_t(tree.depth(leaf));
        if (used_ <= limit_) return;
        throw InputError{"insertions have descended more than " + std::to_string(limit_) +
                             " tree levels in all, the limit (members with identical or nested boxes make the "
                             "spec's tree a chain that every insertion walks whole)",
                         line};
    }
    /// Levels descended so far.
    std::uint64_t used() const { return used_; }

private:
    std::uint64_t limit_;
    std::uint64_t used_ = 0;
};

/// How many records ahead a member's name slot is asked for (AgentBVH::prefetch step 0).
constexpr int kAgentPrefetchAhead = 6;

/// Builds the agent from its file: one `name minX minY maxX maxY` record a line, blank lines ignored.
void loadAgent(LineReader& reader, engine::AgentBVH& tree, Layout& layout, DescentBudget& budget) {
    DescentWalks walks;
    Lookahead records(reader, scanMember, parseMember);
    Record r;
    int line = 0;
    while (records.next(r, line)) {
        if (const Record* later = records.ahead(kAgentPrefetchAhead)) tree.prefetch(later->key, 0);
        walks.step(records.ahead(DescentWalks::kAhead), tree);
        const int leaf = tree.addNamed(r.box, std::string(r.name), line);  // the line, for this message
        if (leaf == engine::AgentBVH::kNull) {
            const int first = tree.node(tree.find(r.name)).userData;
            throw InputError{
                "duplicate member name " + shown(r.name) + " (first on line " + std::to_string(first) + ")", line};
        }
        budget.charge(tree, leaf, line);
        layout.changed(tree, &walks);
    }
}

/// Output collected in a fixed buffer and written whenever it holds kChunk bytes, so memory stays bounded; a
/// failed write throws WriteError. Lines are formatted straight into the buffer through room()/commit(), which
/// costs far less than growing a std::string a few bytes at a time.
class Output {
public:
    /// Buffer size at which the output is written.
    static constexpr std::size_t kChunk = 1 << 16;
    /// Most bytes room() may be asked for.
    static constexpr std::size_t kMaxRoom = 256;
    explicit Output(std::ostream& out) : out_(out), buf_(kChunk + kMaxRoom) {}
    /// Where the next n <= kMaxRoom bytes may be written; commit(end) then keeps them.
    char* room(std::size_t n) {
        assert(n <= kMaxRoom);
        if (used_ + n > buf_.size()) flush();
        return buf_.data() + used_;
    }
    /// Keeps what was written from room() up to end.
    void commit(char* end) { used_ = std::size_t(end - buf_.data()); }
    /// Appends bytes of any length.
    void append(std::string_view s) {
        if (used_ + s.size() > buf_.size()) {
            flush();
            if (s.size() > buf_.size()) return write(s.data(), s.size());
        }
        std::memcpy(buf_.data() + used_, s.data(), s.size());
        used_ += s.size();
    }
    void maybeFlush() {
        if (used_ >= kChunk) flush();
    }
    /// Writes and clears the buffer, and flushes the stream; throws WriteError when the stream fails.
    void flush() {
        write(buf_.data(), used_);
        used_ = 0;
    }

private:
    void write(const char* data, std::size_t n) {
        errno = 0;
        out_.write(data, std::streamsize(n));
        out_.flush();
        if (!out_) throw WriteError{errno};
    }

    std::ostream& out_;
    std::vector<char> buf_;
    std::size_t used_ = 0;
};

/// How many records ahead a move takes each AgentBVH::prefetch step: two records between the steps that wait on
/// DRAM, one before the last (its reads were fetched by the step before).
constexpr int kPrefetchAhead[4] = {6, 4, 2, 1};

/// Asks memory early for what the moves a few records ahead will read (AgentBVH::prefetch): the farthest move takes
/// the first step, the nearest the last.
void prefetchMoves(const Lookahead& records, const engine::AgentBVH& tree) {
    for (int k = 0; k < 4; ++k) {
        const Record* later = records.ahead(kPrefetchAhead[k]);
        if (later != nullptr && later->kind == 'm') tree.prefetch(later->key, k);
    }
}

/// Queries answered before their turn, so that several are walked at once (AgentBVH::queryGroup) and their cache
/// misses overlap: the query being performed and every query read ahead of it, across the moves between them. That
/// is exact because a query's answer does not depend on the tree's shape: every branch box contains its children's
/// boxes (spec/bvh.md's invariants), so a walk finds exactly the members whose box collides. A member moved after
/// the walk is checked again at the query's turn against its box then (take()).
class QueryBatch {
public:
    static constexpr int kMax = engine::AgentBVH::kMaxGroup;
    /// True when the query on this line has been walked and waits for its turn.
    bool has(int line) const { return next_ < count_ && lines_[next_] == line; }
    /// Walks the query r (on this line) together with the queries read ahead of it.
    void walk(const Lookahead& records, const Record& r, int line, const engine::AgentBVH& tree) {
        count_ = next_ = 0;
        moves_.clear();
        lines_[count_] = line;
        boxes_[count_++] = r.box;
        for (int i = 1; i <= Lookahead::kDepth && count_ < kMax; ++i) {
            const Record* later = records.ahead(i);
            if (later == nullptr || later->kind != 'c') continue;
            lines_[count_] = records.lineAhead(i);
            boxes_[count_++] = later->box;
        }
        walkFrom(0, tree);
    }
    /// Notes that leaf was moved to box after the walk.
    void moved(int leaf, const engine::AABB& box) {
        if (next_ < count_) moves_.push_back({leaf, box});
    }
    /// After AgentBVH::compact() every leaf index changed: the queries still waiting are walked again.
    void renumbered(const engine::AgentBVH& tree) {
        moves_.clear();
        if (next_ < count_) walkFrom(next_, tree);
    }
    /// The answer of the query whose turn it is (has(its line)), as leaf indices sorted by name.
    const std::vector<int>& take(const engine::AgentBVH& tree) {
        std::vector<int>& h = hits_[std::size_t(next_)];
        for (const auto& [leaf, box] : moves_) {  // in order, so a member's last move decides
            h.erase(std::remove(h.begin(), h.end(), leaf), h.end());
            if (engine::collide(box, boxes_[next_])) h.push_back(leaf);
        }
        if (h.size() > 1) std::sort(h.begin(), h.end(), [&](int a, int b) { return tree.nameOf(a) < tree.nameOf(b); });
        ++next_;
        return h;
    }

private:
    void walkFrom(int from, const engine::AgentBVH& tree) {
        for (int q = from; q < count_; ++q) hits_[std::size_t(q)].clear();
        tree.queryGroup(boxes_ + from, count_ - from, queue_, [&](int q, int leaf) {
            tree.prefetchName(leaf);  // read at the query's turn
            hits_[std::size_t(from + q)].push_back(leaf);
        });
    }

    int lines_[kMax] = {};
    engine::AABB boxes_[kMax];
    std::array<std::vector<int>, kMax> hits_;          // leaf indices, per query
    int count_ = 0, next_ = 0;                         // queries walked, and the first not yet taken
    std::vector<std::pair<int, engine::AABB>> moves_;  // leaves moved since the walk, and where to
    std::vector<engine::AgentBVH::GroupStep> queue_;   // AgentBVH::queryGroup's
};

/// Prints a query's two lines: its box, and the names of the members it hits (sorted).
void printQuery(Output& output, const engine::AgentBVH& tree, const engine::AABB& box, const std::vector<int>& hits) {
    char* p = put(output.room(kBoxBytes + 32), "Projectile ");
    p = put(putBox(p, box), "\nCollides with: ");
    output.commit(p);
    for (std::size_t i = 0; i < hits.size(); ++i) {
        if (i > 0) output.append(", ");
        output.append(tree.nameOf(hits[i]));
    }
    output.append("\n");
}

/// Performs the actions file's records in order.
void runActions(LineReader& reader, engine::AgentBVH& tree, Output& output, Layout& layout, DescentBudget& budget) {
    std::string printed;  // the tree as it is printed, a chunk at a time
    QueryBatch queries;
    Lookahead records(reader, scanAction, parseAction);
    Record r;
    int line = 0;
    while (records.next(r, line)) {
        prefetchMoves(records, tree);
        switch (r.kind) {
        case 'c':
            if (!queries.has(line)) queries.walk(records, r, line, tree);
            printQuery(output, tree, r.box, queries.take(tree));
            break;
        case 'm': {
            const int leaf = tree.find(r.name);
            if (leaf == engine::AgentBVH::kNull) throw InputError{"no member named " + shown(r.name), line};
            if (tree.moveLeaf(leaf, r.box)) budget.charge(tree, leaf, line);  // re-inserted: it descended again
            queries.moved(leaf, r.box);
            if (layout.changed(tree)) queries.renumbered(tree);
            output.append("Moved the ");
            output.append(r.name);
            char* p = put(output.room(kBoxBytes + 32), " to the location ");
            output.commit(put(putBox(p, r.box), "\n"));
            break;
        }
        default: {  // 'p'
            output.append("Current tree:\n");
            const auto drain = [&](std::string& chunk) {
                output.append(chunk);
                chunk.clear();
            };
            tree.print(printed, Output::kChunk, drain);
            drain(printed);
            output.append("\n");
        }
        }
        output.maybeFlush();
    }
}

/// Reports an error as `FILE:LINE: what` (or `FILE: what` for the file itself).
void report(std::ostream& err, const std::string& path, const InputError& e) {
    err << path;
    if (e.line > 0) err << ':' << e.line;
    err << ": " << e.what << '\n';
}

/// Reports a failed write of the output.
int reportWriteError(std::ostream& err, int errorNumber) {
    err << "standard output: cannot write";
    if (errorNumber != 0) err << ": " << std::strerror(errorNumber);
    err << '\n';
    return kWriteError;
}

}  // namespace

int run(const std::string& agentPath, const std::string& actionsPath, std::ostream& out, std::ostream& err,
        const Limits& limits) {
    LineReader agent(limits), actions(limits);
    const std::string* path = &agentPath;  // the file an InputError is about
    Output output(out);
    try {
        agent.open(agentPath);
        path = &actionsPath;
        actions.open(actionsPath);
        engine::AgentBVH tree;
        path = &agentPath;
        Layout layout;
        DescentBudget budget(limits.maxDescentLevels);
        loadAgent(agent, tree, layout, budget);
        path = &actionsPath;
        runActions(actions, tree, output, layout, budget);
        output.flush();
    } catch (const InputError& e) {
        try {
            output.flush();  // what earlier actions printed stays printed
        } catch (const WriteError& w) { reportWriteError(err, w.errorNumber); }
        report(err, *path, e);
        return kBadInput;
    } catch (const WriteError& w) { return reportWriteError(err, w.errorNumber); }
    return kOk;
}

int run(const std::string& agentPath, const std::string& actionsPath, std::ostream& out, std::ostream& err) {
    return run(agentPath, actionsPath, out, err, Limits{});
}

int runMain(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    constexpr const char* kUsageText =
        "usage: bvh [AGENT_FILE ACTIONS_FILE]   (defaults: agent.txt actions.txt in the current folder)\n";
    if (argc == 1) return run("agent.txt", "actions.txt", out, err);
    if (argc == 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
        errno = 0;  // asked for: the usage is the answer, on stdout (a pipe to `less`), and a failed write is one
        out << kUsageText << std::flush;
        return out ? kOk : reportWriteError(err, errno);
    }
    if (argc == 3 && (*argv[1] == '\0' || *argv[2] == '\0')) {
        err << "bvh: an empty file name: give the path of the agent file and of the actions file\n";
        return kUsage;
    }
    if (argc == 3) return run(argv[1], argv[2], out, err);
    err << kUsageText;
    return kUsage;
}

}  // namespace bvhcli
