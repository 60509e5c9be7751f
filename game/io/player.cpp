// The replay player (see player.h): one frame at a time, checks indexed by frame, optional sync test.
#include "game/io/player.h"

#include "game/io/text.h"

#include <algorithm>
#include <cstdint>

namespace sim {

namespace {

/// The current value of a state field as a number (flags 0/1) or a word.
void fieldValue(const Expectation& e, const Fight& fight, std::int64_t& num, std::string& word) {
    const FightState& s = fight.state();
    num = 0;
    word.clear();
    if (e.player >= 0) {
        const FighterState& f = s.fighters[e.player];
        const std::string& k = e.field;
        if (k == "health") num = f.health;
        else if (k == "x") num = f.x;
        else if (k == "y") num = f.y;
        else if (k == "move") word = fight.animName(e.player);
        else if (k == "wins") num = s.wins[e.player];
        else if (k == "combo") num = f.combo;
        else if (k == "facing") word = f.facing > 0 ? "right" : "left";
        else if (k == "airborne") num = f.airborne;
        else if (k == "crouching") num = f.crouching;
        else if (k == "blocking") num = f.blocking;
        else if (k == "hitstun") num = f.hitstun;
        else if (k == "blockstun") num = f.blockstun;
        else if (k == "advantage") num = f.lastAdvantage;
        else if (k == "meter") num = f.meter;
        else if (k == "juggle") num = f.juggle;
        else if (k == "down") num = f.action == Action::Knockdown;
        return;
    }
    const std::string& k = e.field;
    if (k == "round") num = s.round;
    else if (k == "timer") num = s.timer;
    else if (k == "frame") num = s.frame;
    else if (k == "projectiles") num = int(s.projectiles[0].alive) + int(s.projectiles[1].alive);
    else if (k == "roundover") num = s.roundOver;
    else if (k == "matchover") num = s.matchOver;
    else if (k == "winner") {
        const char* names[] = {"p1", "p2", "draw"};
        word = s.matchWinner >= 0 ? names[s.matchWinner] : "none";
    }
}

}  // namespace

bool checkState(const Expectation& e, const Fight& fight, std::string& why) {
    std::int64_t num = 0;
    std::string word;
    fieldValue(e, fight, num, word);
    bool ok = false;
    if (isWordField(e.field)) {
        ok = (word == e.value) == (e.op == "==");
        if (!ok) why = "actual " + word;
        return ok;
    }
    std::int64_t want = e.value == "yes" ? 1 : 0;
    std::string unused;  // the loader has checked the number already
    if (e.value != "yes" && e.value != "no") io::toInt(e.value, INT64_MIN, INT64_MAX, want, unused);
    if (e.op == "==") ok = num == want;
    else if (e.op == "!=") ok = num != want;
    else if (e.op == "<") ok = num < want;
    else if (e.op == "<=") ok = num <= want;
    else if (e.op == ">") ok = num > want;
    else ok = num >= want;
    if (!ok) why = "actual " + std::to_string(num);
    return ok;
}

bool eventMatches(const Expectation& e, const Event& ev) {
    if (ev.type != e.event) return false;
    if (e.victim >= 0 && ev.victim != e.victim) return false;
    if (e.attacker >= 0 && ev.attacker != e.attacker) return false;
    if (!e.member.empty() && ev.member != e.member) return false;
    if (!e.move.empty() && ev.move != e.move) return false;
    return true;
}

ReplayPlayer::ReplayPlayer(const RunFile& run, const FighterDef& p1, const FighterDef& p2, int syncEvery,
                           bool keepHashes)
    : run_(run), fight_(run.setup, p1, p2), syncEvery_(syncEvery), keepHashes_(keepHashes) {
    const std::vector<Expectation>& ex = run_.expectations;
    for (int i = 0; i < int(ex.size()); ++i) {
        byFirst_.push_back(i);
        if (ex[std::size_t(i)].isEvent || ex[std::size_t(i)].anyFrame) byLast_.push_back(i);
    }
    std::stable_sort(byFirst_.begin(), byFirst_.end(),
                     [&](int a, int b) { return ex[std::size_t(a)].first < ex[std::size_t(b)].first; });
    std::stable_sort(byLast_.begin(), byLast_.end(),
                     [&](int a, int b) { return ex[std::size_t(a)].last < ex[std::size_t(b)].last; });
    seen_.assign(ex.size(), 0);
    closed_.assign(ex.size(), 0);
    met_.assign(ex.size(), 0);
    snapshot_ = fight_.state();
    checkFrame();  // frame 0: checks written before the first input, and an `end 0` checkpoint
}

FrameInput ReplayPlayer::inputAt(std::int64_t frame) const {
    return frame <= std::int64_t(run_.inputs.size()) ? run_.inputs[std::size_t(frame - 1)] : FrameInput{};
}

void ReplayPlayer::fail(io::FailureKind kind, int line, const std::string& what) {
    result_.failures.push_back(io::RunFailure{kind, run_.path, line, frame_, what});
}

void ReplayPlayer::failSync(std::int64_t frame, const std::string& what) {
    result_.failures.push_back(io::RunFailure{io::FailureKind::SyncTest, run_.path, 0, frame, what});
}

void ReplayPlayer::setMet(int i) {
    if (met_[std::size_t(i)]) return;
    met_[std::size_t(i)] = 1;
    ++metCount_;
}

void ReplayPlayer::step() {
    if (done()) return;
    stepInput(inputAt(frame_ + 1));
}

void ReplayPlayer::stepWith(std::uint16_t p1) {
    if (done()) return;
    FrameInput in = inputAt(frame_ + 1);
    in.buttons[0] = p1;
    stepInput(in);
}

void ReplayPlayer::stepInput(const FrameInput& in) {
    ++frame_;
    lastInput_ = in;
    fight_.step(lastInput_);
    const StepStats& st = fight_.stats();
    result_.broadTests += st.broadTests;
    result_.broadHits += st.broadHits;
    result_.nodesVisited += st.nodesVisited;
    result_.hits += st.hits;
    const std::uint64_t h = fight_.hash();
    if (keepHashes_) result_.hashes.push_back(h);
    checkFrame();
    if (syncEvery_ > 0) syncTest(h);
}

void ReplayPlayer::skipTo(std::int64_t frame) {
    if (frame <= frame_) return;
    frame_ = std::min(frame, run_.frames);
    checkFrame(false);
}

void ReplayPlayer::idle() { fight_.step(FrameInput{}); }

void ReplayPlayer::checkFrame(bool withEvents) {
    const std::string at = std::to_string(frame_);
    DueFailures due;
    openExpectations(due, at);
    watchOpen(due, at, withEvents);
    closeExpectations(due);
    std::stable_sort(due.begin(), due.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& d : due)
        fail(io::FailureKind::Expectation, run_.expectations[std::size_t(d.first)].line, d.second);
    checkCheckpoints(at);
}

/// The expectations whose window starts by this frame: a state at one frame is checked now, an event or a state
/// on any frame of a window is opened.
void ReplayPlayer::openExpectations(DueFailures& due, const std::string& at) {
    const std::vector<Expectation>& ex = run_.expectations;
    while (nextFirst_ < byFirst_.size() && ex[std::size_t(byFirst_[nextFirst_])].first <= frame_) {
        const int i = byFirst_[nextFirst_++];
        const Expectation& e = ex[std::size_t(i)];
        if (e.isEvent) {
            open_.push_back(i);
            continue;
        }
        if (e.anyFrame) {
            openStates_.push_back(i);
            continue;
        }
        std::string why;
        if (!checkState(e, fight_, why))
            due.emplace_back(i, "expectation failed at frame " + at + ": " + e.text + " (" + why + ")");
        else setMet(i);
    }
}

/// The open expectations against this frame: windowed states are met on the first frame they hold, events on the
/// first matching event (a negated one fails there).
void ReplayPlayer::watchOpen(DueFailures& due, const std::string& at, bool withEvents) {
    const std::vector<Expectation>& ex = run_.expectations;
    openStates_.erase(std::remove_if(openStates_.begin(), openStates_.end(),
                                     [&](int i) {
                                         std::string why;
                                         if (!checkState(ex[std::size_t(i)], fight_, why)) return false;
                                         seen_[std::size_t(i)] = 1;
                                         setMet(i);
                                         return true;
                                     }),
                      openStates_.end());
    if (!withEvents || fight_.events().empty()) return;
    open_.erase(std::remove_if(open_.begin(), open_.end(), [&](int i) { return closed_[std::size_t(i)] != 0; }),
                open_.end());
    for (int i : open_) {
        const Expectation& e = ex[std::size_t(i)];
        for (const Event& ev : fight_.events()) {
            if (seen_[std::size_t(i)] || !eventMatches(e, ev)) continue;
            seen_[std::size_t(i)] = 1;
            if (e.negate) due.emplace_back(i, "expectation failed at frame " + at + ": " + e.text + " (it happened)");
            else setMet(i);
        }
    }
}

/// The expectations whose window ends by this frame: one never seen fails (a negated event never seen is met).
void ReplayPlayer::closeExpectations(DueFailures& due) {
    const std::vector<Expectation>& ex = run_.expectations;
    while (nextLast_ < byLast_.size() && ex[std::size_t(byLast_[nextLast_])].last <= frame_) {
        const int i = byLast_[nextLast_++];
        const Expectation& e = ex[std::size_t(i)];
        closed_[std::size_t(i)] = 1;
        if (e.anyFrame) {
            if (!seen_[std::size_t(i)]) {
                openStates_.erase(std::remove(openStates_.begin(), openStates_.end(), i), openStates_.end());
                due.emplace_back(i, "expectation failed: " + e.text + " (not true on any of frames " +
                                        std::to_string(e.first) + ".." + std::to_string(e.last) + ")");
            }
        } else if (!seen_[std::size_t(i)] && !e.negate) {
            due.emplace_back(i, "expectation failed: " + e.text + " (no such event in frames " +
                                    std::to_string(e.first) + ".." + std::to_string(e.last) + ")");
        } else if (!seen_[std::size_t(i)] && e.negate) {
            setMet(i);
        }
    }
}

void ReplayPlayer::checkCheckpoints(const std::string& at) {
    const std::vector<Checkpoint>& cps = run_.checkpoints;
    while (nextCheckpoint_ < cps.size() && cps[nextCheckpoint_].frame <= frame_) {
        const Checkpoint& c = cps[nextCheckpoint_++];
        if (c.frame == frame_ && c.hash != fight_.hash()) {
            fail(io::FailureKind::HashMismatch, c.line,
                 "hash mismatch at frame " + at + ": replay says " + hashHex(c.hash) + ", simulation gives " +
                     hashHex(fight_.hash()));
        }
    }
}

void ReplayPlayer::syncTest(std::uint64_t hash) {
    window_.push_back(hash);
    if (frame_ - snapshotFrame_ < syncEvery_) return;
    // GGPO-style sync test: go back to the snapshot, re-simulate the same inputs, demand the same hashes.
    const FightState now = fight_.state();
    fight_.restore(snapshot_);
    for (std::int64_t f = snapshotFrame_ + 1; f <= frame_; ++f) {
        fight_.step(inputAt(f));
        const std::uint64_t again = fight_.hash();
        const std::uint64_t before = window_[std::size_t(f - snapshotFrame_ - 1)];
        if (again != before) {
            failSync(f, "sync test: frame " + std::to_string(f) + " re-simulated to " + hashHex(again) +
                            " instead of " + hashHex(before));
            break;
        }
    }
    if (Fight::hashState(fight_.state()) != Fight::hashState(now)) fight_.restore(now);
    snapshot_ = fight_.state();
    snapshotFrame_ = frame_;
    window_.clear();
}

void ReplayPlayer::run(const std::function<void(std::int64_t, const FrameInput&, const Fight&)>& onFrame) {
    while (!done()) {
        step();
        if (onFrame) onFrame(frame_, lastInput_, fight_);
    }
}

RunResult ReplayPlayer::result() const {
    RunResult r = result_;
    r.frames = frame_;
    r.finalHash = fight_.hash();
    r.finalState = fight_.state();
    return r;
}

RunResult runFile(const RunFile& run, const FighterDef& p1, const FighterDef& p2, int syncEvery, bool keepHashes,
                  const std::function<void(std::int64_t, const FrameInput&, const Fight&)>& onFrame) {
    ReplayPlayer player(run, p1, p2, syncEvery, keepHashes);
    player.run(onFrame);
    return player.result();
}

}  // namespace sim
