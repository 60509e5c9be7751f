// A match played in the page (see live.h).
#include "web/live.h"

#include "game/io/button_file.h"
#include "game/io/fighter_file.h"
#include "game/view/live_rules.h"

#include <cctype>
#include <sstream>

namespace web {
namespace {

/// "RYO WINS" (with "P1 " first in a mirror match), as the window words the match's result.
std::string winnerText(const sim::FighterDef& a, const sim::FighterDef& b, int winner) {
    if (winner != 0 && winner != 1) return "DRAW GAME";
    std::string name = (winner == 0 ? a : b).display;
    for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
    return (a.id == b.id ? "P" + std::to_string(winner + 1) + " " : "") + name + " WINS";
}

}  // namespace

bool LiveMatch::start(const sim::MatchSetup& setup, const std::string& dataDir, const std::string& recordPath) {
    *this = LiveMatch{};
    setup_ = setup;
    io::Error e;
    if (!sim::loadButtons(dataDir, e)) {  // the recording's letters are the table's
        error_ = e.text();
        return false;
    }
    for (int p = 0; p < 2; ++p) {
        sim::FighterLoad load = sim::loadFighterById(dataDir, setup.fighter[p]);
        if (!load.ok) {
            error_ = load.error.text();
            return false;
        }
        defs_[p] = std::move(load.def);
    }
    recordPath_ = recordPath;
    fight_ = std::make_unique<sim::Fight>(setup_, defs_[0], defs_[1]);
    writer_ = std::make_unique<sim::ReplayWriter>(recordPath, *fight_);
    if (!writer_->ok()) {
        error_ = writer_->error();
        fight_.reset();
        return false;
    }
    camera_.cut(fight_->state());
    return true;
}

bool LiveMatch::startLessons(const std::string& dataDir, const std::string& names, const app::LessonWords& words,
                             int first) {
    *this = LiveMatch{};
    io::Error e;
    if (!sim::loadButtons(dataDir, e)) {
        error_ = e.text();
        return false;
    }
    std::vector<sim::RunFile> runs;
    std::istringstream lines(names);
    for (std::string name; std::getline(lines, name);) {
        if (name.empty()) continue;
        sim::RunFile run;
        if (!sim::loadRunFile(dataDir + "/" + name, run, e)) {
            error_ = e.text();
            return false;
        }
        if (run.isReplay) {
            error_ = io::Error{run.path, 1, "a lesson is an action script, not a replay"}.text();
            return false;
        }
        run.setup.roundFrames = 10000000;  // no round timer, as in the window: a lesson ends when its goals are met
        for (int p = 0; p < 2; ++p) {
            const std::string& id = run.setup.fighter[p];
            if (lessonDefs_.count(id) != 0) continue;
            sim::FighterLoad load = sim::loadFighterById(dataDir, id);
            if (!load.ok) {
                error_ = load.error.text();
                return false;
            }
            lessonDefs_.emplace(id, std::move(load.def));
        }
        if (!sim::checkRunAgainstFighters(run, lessonDefs_.at(run.setup.fighter[0]),
                                          lessonDefs_.at(run.setup.fighter[1]), e)) {
            error_ = e.text();
            return false;
        }
        runs.push_back(std::move(run));
    }
    if (runs.empty()) {
        error_ = "no lessons";
        return false;
    }
    const auto find = [this](const std::string& id) { return &lessonDefs_.at(id); };
    lesson_ = std::make_unique<app::LessonPlay>(find, std::move(runs), first, words);
    camera_.cut(lesson_->fight().state());
    return true;
}

void LiveMatch::lessonGo(int delta) {
    if (lesson_ == nullptr) return;
    if (delta <= 0 || !lesson_->skipLesson()) lesson_->restart();
    meter_ = app::FrameMeter{};
    camera_.cut(lesson_->fight().state());
}

void LiveMatch::restartWith(sim::MatchSetup setup) {
    for (int p = 0; p < 2; ++p) setup.startX[p] = fight_->state().fighters[p].x;  // where the fighters stand
    if (writer_ != nullptr) writer_->finish();
    setup_ = std::move(setup);
    fight_ = std::make_unique<sim::Fight>(setup_, defs_[0], defs_[1]);
    writer_ = std::make_unique<sim::ReplayWriter>(recordPath_, *fight_);
    meter_ = app::FrameMeter{};
    calls_.clear();
    banner_ = {};
    camera_.cut(fight_->state());
}

void LiveMatch::recordSlot(int slot) {
    if (fight_ == nullptr || setup_.mode != sim::Mode::Training) return;
    sim::MatchSetup s = setup_;
    if (s.dummy != sim::DummyMode::Record) {
        recordingSlot_ = slot < 1 ? 1 : slot > sim::kTapeSlots ? sim::kTapeSlots : slot;
        tapes_[recordingSlot_ - 1].clear();
        s.dummy = sim::DummyMode::Record;
    } else {
        s.dummy = sim::DummyMode::Playback;  // stopping a recording plays what was just recorded
        for (int n = 1; n <= sim::kTapeSlots; ++n) s.tapeOf(n) = tapes_[n - 1];
        s.playSlot = recordingSlot_;
    }
    restartWith(s);
}

void LiveMatch::step(std::uint16_t p1, std::uint16_t p2) {
    if (lesson_ != nullptr) {
        const app::LessonPlay::Step st = lesson_->tick(&p1);
        if (st.restarted) meter_ = app::FrameMeter{}, camera_.cut(lesson_->fight().state());
        if (st.fight != nullptr) afterStep(*st.fight);
        return;
    }
    if (fight_ == nullptr) return;
    const bool recording = setup_.mode == sim::Mode::Training && setup_.dummy == sim::DummyMode::Record;
    sim::FrameInput in;
    in.buttons[0] = recording ? 0 : p1;  // while recording, player 1's keys drive the dummy, as in the window
    in.buttons[1] = recording ? p1 : p2;
    fight_->step(in);
    if (writer_ != nullptr && writer_->ok()) writer_->frame(in, *fight_);
    afterStep(*fight_);
    if (!recording || fight_->state().roundFrame <= setup_.intro) return;
    const sim::FighterState& d = fight_->state().fighters[1];
    std::vector<std::uint16_t>& tape = tapes_[recordingSlot_ - 1];
    tape.push_back(sim::relativeToAbsolute(d.held, d.facing));  // its own inverse: absolute -> relative
    if (int(tape.size()) >= sim::kMaxTape) recordSlot(recordingSlot_);
}

void LiveMatch::afterStep(const sim::Fight& fight) {
    const sim::StepStats& st = fight.stats();
    if (!st.touched[0].empty() || !st.touched[1].empty()) lastQuery_ = st;
    for (const sim::Event& e : fight.events()) {
        if (e.type == sim::EventType::KO) koVictim_ = e.victim;
        if (e.type == sim::EventType::RoundStart) camera_.cut(fight.state()), calls_.clear(), banner_ = {};
    }
    const auto result = [this](int w) { return winnerText(def(0), def(1), w); };
    for (const app::RoundCall& c : app::roundCalls(fight.events(), fight.state(), result)) calls_.push_back(c);
    advanceBanner();
    meter_.record(fight);
    camera_.update(fight.state(), koVictim_);
    koVictim_ = -1;
}

void LiveMatch::advanceBanner() {
    if (banner_.ticks > 0) --banner_.ticks;
    if (banner_.ticks <= 0 && !calls_.empty()) {
        banner_ = calls_.front();
        calls_.pop_front();
    }
}

std::string LiveMatch::finish() {
    if (writer_ == nullptr) return "";
    writer_->finish();
    const std::string why = writer_->ok() ? "" : writer_->error();
    writer_.reset();
    return why;
}

std::string LiveMatch::stateJson() const {
    if (fight() == nullptr) return "{}";
    const sim::Fight& fight = *this->fight();
    const sim::FightState& s = fight.state();
    std::string banner = app::introText(s.roundFrame, setup().intro, s.round);
    bool result = false;
    if (banner.empty() && (banner_.ticks > 0 || banner_.result)) banner = banner_.text, result = banner_.result;
    std::ostringstream o;
    o << "{\"frame\":" << s.frame << ",\"hash\":\"" << sim::hashHex(fight.hash()) << "\",\"round\":" << s.round
      << ",\"timer\":" << s.timer << ",\"roundFrames\":" << setup().roundFrames << ",\"dummy\":" << int(setup().dummy)
      << ",\"slot\":" << recordingSlot_ << ",\"tapes\":[" << tapeFrames(1) << "," << tapeFrames(2) << ","
      << tapeFrames(3) << "]"
      << ",\"wins\":[" << s.wins[0] << "," << s.wins[1] << "],\"matchOver\":" << (s.matchOver ? "true" : "false")
      << ",\"matchWinner\":" << s.matchWinner << ",\"banner\":" << jsonString(banner)
      << ",\"result\":" << (result ? "true" : "false") << ",\"players\":[";
    for (int p = 0; p < 2; ++p) {
        const sim::FighterState& f = s.fighters[p];
        o << (p ? "," : "") << "{\"id\":" << jsonString(def(p).id) << ",\"name\":" << jsonString(def(p).display)
          << ",\"x\":" << f.x << ",\"health\":" << f.health << ",\"fullHealth\":" << def(p).health
          << ",\"meter\":" << f.meter << ",\"meterMax\":" << sim::kMeterMax
          << ",\"move\":" << jsonString(fight.animName(p)) << ",\"held\":\"" << sim::buttonLetters(f.held)
          << "\",\"fireball\":" << (s.projectiles[p].alive ? "true" : "false") << "}";
    }
    o << "],\"frameMeter\":[";
    for (int p = 0; p < 2; ++p) {
        o << (p ? ",\"" : "\"");
        for (const app::FrameKind k : meter_.row(p)) o << char('0' + int(k));
        o << "\"";
    }
    o << "],\"advantage\":";
    if (meter_.hasAdvantage()) o << meter_.advantage();
    else o << "null";
    o << ",\"events\":[";
    const std::vector<sim::Event>& evs = fight.events();
    for (std::size_t i = 0; i < evs.size(); ++i) {
        o << (i ? "," : "") << "{\"type\":\"" << sim::eventName(evs[i].type)
          << "\",\"heavy\":" << (evs[i].heavy ? 1 : 0) << ",\"counter\":" << (evs[i].counter ? 1 : 0) << "}";
    }
    o << "]" << lessonJson() << "}";
    return o.str();
}

std::string LiveMatch::shapesJson(int width, int height, int stage, bool overlay) const {
    if (fight() == nullptr) return "[]";
    const sim::Fight& fight = *this->fight();
    view::View v;
    v.width = float(width);
    v.height = float(height);
    v.originX = camera_.originX();
    v.groundY = camera_.groundY();
    v.scale = camera_.shot().zoom;
    v.stage = stage;
    return web::shapesJson(view::buildFight(v, fight, lastQuery_, long(fight.state().frame), overlay));
}

}  // namespace web

namespace web {

/// The lesson's panel for the page (",\"lesson\":{...}"; "" in a match): title, instruction, goals met (by the
/// script's check: the panel's filled dots), the opponent's wait, and the result's head and line.
std::string LiveMatch::lessonJson() const {
    if (lesson_ == nullptr) return "";
    const app::LessonPlay& l = *lesson_;
    static const char* const kPhases[] = {"playing", "passed", "failed", "finished"};
    std::ostringstream o;
    o << ",\"lesson\":{\"title\":" << jsonString(l.title()) << ",\"index\":" << l.lesson()
      << ",\"count\":" << l.lessons() << ",\"caption\":" << jsonString(l.caption()) << ",\"phase\":\""
      << kPhases[int(l.phase())] << "\",\"goals\":\"";
    for (int i = 0; i < l.goals(); ++i) o << (l.checked(std::size_t(i)) ? '1' : '0');
    o << "\",\"waits\":" << (l.opponentWaits() ? jsonString(l.fighter(1).display + " starts when you move") : "\"\"")
      << ",\"head\":" << jsonString(l.resultHead()) << ",\"line\":" << jsonString(l.resultLine())
      << ",\"facingRight\":" << (l.fight().state().fighters[0].facing > 0 ? "true" : "false") << "}";
    return o.str();
}

}  // namespace web
