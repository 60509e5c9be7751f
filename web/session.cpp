// The web viewer's session (see session.h).
#include "web/session.h"

#include "web/live.h"

#include "game/view/frame_meter.h"
#include "game/io/button_file.h"
#include "game/io/fighter_file.h"
#include "game/io/names.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace web {
namespace {

/// A pixel coordinate with one decimal (the canvas needs no more).
void number(std::ostringstream& o, float v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%.1f", double(v));
    o << buf;
}

std::uint32_t packed(const view::Rgba& c) {
    return (std::uint32_t(c.r) << 24) | (std::uint32_t(c.g) << 16) | (std::uint32_t(c.b) << 8) | c.a;
}

}  // namespace

std::string jsonString(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(static_cast<unsigned char>(c)));
            out += buf;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string shapesJson(const view::DrawList& list) {
    std::ostringstream o;
    o << "[";
    for (std::size_t i = 0; i < list.shapes.size(); ++i) {
        const view::Shape& s = list.shapes[i];
        o << (i ? "," : "") << "[" << int(s.kind) << "," << int(s.role) << "," << s.player << "," << s.depth << ","
          << (s.additive ? 1 : 0) << "," << packed(s.fill) << "," << packed(s.line) << ",";
        number(o, s.thickness);
        o << ",[";
        for (std::size_t k = 0; k < s.points.size(); ++k) {
            o << (k ? "," : "");
            number(o, s.points[k].x);
            o << ",";
            number(o, s.points[k].y);
        }
        o << "]]";
    }
    o << "]";
    return o.str();
}

bool Session::open(const std::string& path) {
    *this = Session{};
    io::Error e;
    // The page writes data/buttons.cfg beside the file first: a script's button names and a replay's letters are
    // the table's.
    if (!sim::loadButtons("data", e) || !sim::loadRunFile(path, run_, e)) {
        error_ = e.text();
        return false;
    }
    return true;
}

bool Session::loadFighters(const std::string& dataDir) {
    io::Error e;
    if (!sim::loadRunFighters(run_, dataDir, defs_, e) || !sim::checkRunAgainstFighters(run_, defs_[0], defs_[1], e)) {
        error_ = e.text();
        return false;
    }
    player_ = std::make_unique<sim::ReplayPlayer>(run_, defs_[0], defs_[1]);
    shownFight_ = std::make_unique<sim::Fight>(run_.setup, defs_[0], defs_[1]);
    // Sized once: growing by doubling would leave freed blocks that WebAssembly memory never gives back.
    const std::size_t frames = std::size_t(std::max<std::int64_t>(0, run_.frames));
    hashes_.reserve(frames + 1);
    for (std::string& row : meter_) row.reserve(frames);
    snapshots_.reserve(std::min(kMaxSnapshots + 1, frames / std::size_t(kSnapshotEvery) + 2));
    snapshots_.push_back(player_->fight().state());
    hashes_.push_back(player_->fight().hash());
    return true;
}

bool Session::runSlice(int maxFrames) {
    if (player_ == nullptr) return true;
    for (int i = 0; i < maxFrames && !player_->done(); ++i) {
        player_->step();
        record();
    }
    return player_->done();
}

void Session::record() {
    const sim::Fight& fight = player_->fight();
    const sim::FightState& s = fight.state();
    const std::int64_t frame = player_->frame();
    hashes_.push_back(fight.hash());
    if (frame % every_ == 0) {
        snapshots_.push_back(s);
        if (snapshots_.size() > kMaxSnapshots) thinSnapshots();
    }
    for (const sim::Event& ev : fight.events()) {
        EventRecord r;
        r.frame = frame;
        r.event = ev;
        for (int p = 0; p < 2; ++p) {
            r.x[p] = s.fighters[p].x;
            r.anim[p] = fight.animName(p);
        }
        events_.push_back(std::move(r));
    }
    // The meter skips what the game's meter skips: hitstop, the pause between rounds and the intro.
    const bool frozen = prevHitstop_ > 0;
    prevHitstop_ = s.hitstop;
    const bool skip = frozen || s.roundOver || s.matchOver || s.roundFrame <= fight.setup().intro;
    for (int p = 0; p < 2; ++p) meter_[p] += skip ? '9' : char('0' + int(app::frameKind(fight, p)));
}

void Session::thinSnapshots() {
    // Keep the states at even multiples of the old spacing: they are the multiples of the new one.
    std::size_t kept = 0;
    for (std::size_t i = 0; i < snapshots_.size(); i += 2) snapshots_[kept++] = snapshots_[i];
    snapshots_.resize(kept);
    every_ *= 2;
}

std::string Session::resultJson() const {
    std::ostringstream o;
    const sim::RunResult r = player_ ? player_->result() : sim::RunResult{};
    const sim::FightState& s = r.finalState;
    const char* winners[] = {"p1", "p2", "draw"};
    o << "{\"file\":" << jsonString(run_.path) << ",\"kind\":\"" << (run_.isReplay ? "replay" : "script")
      << "\",\"mode\":\"" << sim::modeName(run_.setup.mode) << "\",\"seed\":\"" << run_.setup.seed
      << "\",\"frames\":" << r.frames << ",\"done\":" << (done() ? "true" : "false") << ",\"finalHash\":\""
      << sim::hashHex(r.finalHash) << "\",\"round\":" << s.round << ",\"wins\":[" << s.wins[0] << "," << s.wins[1]
      << "],\"winner\":\"" << (s.matchWinner >= 0 ? winners[s.matchWinner] : "none") << "\",\"fighters\":["
      << jsonString(defs_[0].id) << "," << jsonString(defs_[1].id) << "],\"health\":[" << s.fighters[0].health << ","
      << s.fighters[1].health << "],\"fullHealth\":[" << defs_[0].health << "," << defs_[1].health
      << "],\"expectations\":" << run_.expectations.size() << ",\"checkpoints\":" << run_.checkpoints.size()
      << ",\"truncated\":" << (run_.truncated ? "true" : "false") << ",\"hitTests\":[" << r.broadTests << ","
      << r.broadHits << "," << r.nodesVisited << "," << r.hits << "],\"failures\":[";
    for (std::size_t i = 0; i < r.failures.size(); ++i) {  // [FILE:LINE: what, frame]: the page links each to its frame
        o << (i ? "," : "") << "[" << jsonString(r.failures[i].text()) << "," << r.failures[i].frame << "]";
    }
    o << "],\"notes\":[";  // a bug report's notes: [frame, text, line]
    for (std::size_t i = 0; i < run_.notes.size(); ++i) {
        const sim::Note& n = run_.notes[i];
        o << (i ? "," : "") << "[" << n.frame << "," << jsonString(n.text) << "," << n.line << "]";
    }
    o << "],\"rounds\":[";
    bool first = true;  // per-round results: every KO / time over and who won the round
    for (const EventRecord& e : events_) {
        if (e.event.type != sim::EventType::KO && e.event.type != sim::EventType::TimeOver) continue;
        o << (first ? "" : ",") << "[" << e.frame << ",\"" << sim::eventName(e.event.type) << "\"," << e.event.victim
          << "]";
        first = false;
    }
    o << "]}";
    return o.str();
}

std::string Session::eventsJson() const {
    std::ostringstream o;
    o << "[";
    for (std::size_t i = 0; i < events_.size(); ++i) {
        const EventRecord& r = events_[i];
        const sim::Event& e = r.event;
        o << (i ? "," : "") << "[" << r.frame << ",\"" << sim::eventName(e.type) << "\"," << e.victim << ","
          << e.attacker << "," << jsonString(e.move) << "," << jsonString(e.member) << "," << e.damage << ","
          << (e.counter ? 1 : 0) << "," << r.x[0] << "," << jsonString(r.anim[0]) << "," << r.x[1] << ","
          << jsonString(r.anim[1]) << "]";
    }
    o << "]";
    return o.str();
}

std::string Session::meterJson() const { return "[\"" + meter_[0] + "\",\"" + meter_[1] + "\"]"; }

std::string Session::hashAt(std::int64_t frame) const {
    if (frame < 0 || frame >= std::int64_t(hashes_.size())) return "";
    return sim::hashHex(hashes_[std::size_t(frame)]);
}

std::string Session::hashDigest() const {
    std::uint64_t h = 14695981039346656037ull;
    for (std::size_t i = 1; i < hashes_.size(); ++i) {
        for (const char c : sim::hashHex(hashes_[i]) + "\n") {
            h ^= static_cast<unsigned char>(c);
            h *= 1099511628211ull;
        }
    }
    return sim::hashHex(h);
}

void Session::seek(std::int64_t frame) {
    if (shownFight_ == nullptr) return;
    frame = std::max<std::int64_t>(0, std::min<std::int64_t>(frame, framesRun()));
    if (frame == shown_) return;
    if (frame < shown_ || frame - shown_ > every_) {  // back, or far ahead: from the nearest saved state
        // At least one step is taken to reach a frame after 0, so the events and the query shown are its own.
        const std::int64_t k =
            std::min<std::int64_t>(frame > 0 ? (frame - 1) / every_ : 0, std::int64_t(snapshots_.size()) - 1);
        shownFight_->restore(snapshots_[std::size_t(k)]);
        shown_ = k * every_;
        lastQuery_ = sim::StepStats{};
    }
    while (shown_ < frame) {
        ++shown_;
        const std::size_t i = std::size_t(shown_ - 1);
        shownFight_->step(i < run_.inputs.size() ? run_.inputs[i] : sim::FrameInput{});
        const sim::StepStats& st = shownFight_->stats();
        if (!st.touched[0].empty() || !st.touched[1].empty()) lastQuery_ = st;
    }
}

std::string Session::shapesJson(const view::View& v, bool overlay) const {
    if (shownFight_ == nullptr) return "[]";
    return web::shapesJson(view::buildFight(v, *shownFight_, lastQuery_, long(shown_), overlay));
}

std::string Session::inputHistoryJson(int rows) const {
    std::ostringstream o;
    o << "[";
    for (int p = 0; p < 2; ++p) {
        o << (p ? ",[" : "[");
        int runs = 0;
        std::int64_t f = std::min<std::int64_t>(shown_, std::int64_t(run_.inputs.size()));
        const std::int64_t stop = std::max<std::int64_t>(0, f - 3600);
        while (f > stop && runs < rows) {
            const std::uint16_t b = run_.inputs[std::size_t(f - 1)].buttons[p];
            std::int64_t n = 0;
            while (f > stop && run_.inputs[std::size_t(f - 1)].buttons[p] == b) {
                --f;
                ++n;
            }
            o << (runs ? "," : "") << "[\"" << sim::buttonLetters(b) << "\"," << n << "]";
            ++runs;
        }
        o << "]";
    }
    o << "]";
    return o.str();
}

std::string Session::stateJson() const {
    if (shownFight_ == nullptr) return "{}";
    const sim::FightState& s = shownFight_->state();
    std::ostringstream o;
    o << "{\"frame\":" << shown_ << ",\"hash\":\"" << hashAt(shown_) << "\",\"round\":" << s.round
      << ",\"timer\":" << s.timer << ",\"wins\":[" << s.wins[0] << "," << s.wins[1] << "],\"players\":[";
    for (int p = 0; p < 2; ++p) {
        const sim::FighterState& f = s.fighters[p];
        const std::size_t i = std::size_t(shown_ - 1);
        const std::uint16_t file = shown_ > 0 && i < run_.inputs.size() ? run_.inputs[i].buttons[p] : 0;
        o << (p ? "," : "") << "{\"id\":" << jsonString(defs_[p].id) << ",\"health\":" << f.health
          << ",\"fullHealth\":" << defs_[p].health << ",\"x\":" << f.x << ",\"y\":" << f.y
          << ",\"move\":" << jsonString(shownFight_->animName(p)) << ",\"held\":\"" << sim::buttonLetters(f.held)
          << "\",\"input\":\"" << sim::buttonLetters(file) << "\",\"combo\":" << f.combo << "}";
    }
    o << "],\"events\":[";
    const std::vector<sim::Event>& evs = shown_ > 0 ? shownFight_->events() : std::vector<sim::Event>{};
    for (std::size_t i = 0; i < evs.size(); ++i) o << (i ? "," : "") << "\"" << sim::eventName(evs[i].type) << "\"";
    o << "]}";
    return o.str();
}

}  // namespace web
