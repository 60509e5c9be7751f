// A match played in the page (see live.h).
#include "web/live.h"

#include "game/io/button_file.h"
#include "game/io/fighter_file.h"
#include "game/view/live_rules.h"

#include <cctype>
#include <sstream>

namespace web {
namespace {

const char* eventName(sim::EventType t) {
    static const char* const kNames[] = {"hit", "block", "cancel", "ko", "timeover", "roundstart", "matchover", "throw", "tech"};
    return kNames[int(t)];
}

/// "RYO WINS" (with "P1 " first in a mirror match), as the window words the match's result.
std::string winnerText(const sim::FighterDef defs[2], int winner) {
    if (winner != 0 && winner != 1) return "DRAW GAME";
    std::string name = defs[winner].display;
    for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
    return (defs[0].id == defs[1].id ? "P" + std::to_string(winner + 1) + " " : "") + name + " WINS";
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

void LiveMatch::step(std::uint16_t p1, std::uint16_t p2) {
    if (fight_ == nullptr) return;
    sim::FrameInput in;
    in.buttons[0] = p1;
    in.buttons[1] = p2;
    fight_->step(in);
    if (writer_ != nullptr && writer_->ok()) writer_->frame(in, *fight_);
    const sim::StepStats& st = fight_->stats();
    if (!st.touched[0].empty() || !st.touched[1].empty()) lastQuery_ = st;
    for (const sim::Event& e : fight_->events()) {
        if (e.type == sim::EventType::KO) koVictim_ = e.victim;
        if (e.type == sim::EventType::RoundStart) camera_.cut(fight_->state()), calls_.clear(), banner_ = {};
    }
    const auto result = [this](int w) { return winnerText(defs_, w); };
    for (const app::RoundCall& c : app::roundCalls(fight_->events(), fight_->state(), result)) calls_.push_back(c);
    advanceBanner();
    meter_.record(*fight_);
    camera_.update(fight_->state(), koVictim_);
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
    if (fight_ == nullptr) return "{}";
    const sim::FightState& s = fight_->state();
    std::string banner = app::introText(s.roundFrame, setup_.intro, s.round);
    bool result = false;
    if (banner.empty() && (banner_.ticks > 0 || banner_.result)) banner = banner_.text, result = banner_.result;
    std::ostringstream o;
    o << "{\"frame\":" << s.frame << ",\"hash\":\"" << sim::hashHex(fight_->hash()) << "\",\"round\":" << s.round
      << ",\"timer\":" << s.timer << ",\"roundFrames\":" << setup_.roundFrames << ",\"wins\":[" << s.wins[0] << ","
      << s.wins[1] << "],\"matchOver\":" << (s.matchOver ? "true" : "false") << ",\"matchWinner\":" << s.matchWinner
      << ",\"banner\":" << jsonString(banner) << ",\"result\":" << (result ? "true" : "false") << ",\"players\":[";
    for (int p = 0; p < 2; ++p) {
        const sim::FighterState& f = s.fighters[p];
        o << (p ? "," : "") << "{\"id\":" << jsonString(defs_[p].id) << ",\"name\":" << jsonString(defs_[p].display)
          << ",\"x\":" << f.x
          << ",\"health\":" << f.health << ",\"fullHealth\":" << defs_[p].health << ",\"meter\":" << f.meter
          << ",\"meterMax\":" << sim::kMeterMax
          << ",\"move\":" << jsonString(fight_->animName(p)) << ",\"held\":\"" << sim::buttonLetters(f.held)
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
    const std::vector<sim::Event>& evs = fight_->events();
    for (std::size_t i = 0; i < evs.size(); ++i) {
        o << (i ? "," : "") << "{\"type\":\"" << eventName(evs[i].type) << "\",\"heavy\":" << (evs[i].heavy ? 1 : 0)
          << ",\"counter\":" << (evs[i].counter ? 1 : 0) << "}";
    }
    o << "]}";
    return o.str();
}

std::string LiveMatch::shapesJson(int width, int height, int stage, bool overlay) const {
    if (fight_ == nullptr) return "[]";
    view::View v;
    v.width = float(width);
    v.height = float(height);
    v.originX = camera_.originX();
    v.groundY = camera_.groundY();
    v.scale = camera_.shot().zoom;
    v.stage = stage;
    return web::shapesJson(view::buildFight(v, *fight_, lastQuery_, long(fight_->state().frame), overlay));
}

}  // namespace web
