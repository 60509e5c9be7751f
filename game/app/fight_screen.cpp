// The fight screen. One app tick may or may not step the simulation (frozen, slow motion, frame step), and the
// buttons handed to Fight::step are the only thing that flows from keys into the rules; everything drawn here
// (sparks, shake, banners, health trails) is derived from the state and the step's events.
#include "game/app/fight_screen.h"

#include "game/io/names.h"

#include "game/app/draw.h"
#include "game/app/online.h"
#include "game/app/live_rules.h"
#include "game/app/training_hud.h"

#include <SFML/Graphics/CircleShape.hpp>

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <iterator>

namespace app {

std::uint16_t buttonsOf(ActionSet held, int p) {
    const int base = p == 0 ? kP1Up : kP2Up;
    const std::uint16_t bits[8] = {sim::kUp, sim::kDown, sim::kLeft, sim::kRight, sim::kLight, sim::kHeavy, sim::kSpecial, sim::kThrow};
    std::uint16_t out = 0;
    for (int i = 0; i < 8; ++i) {
        if (held & bit(Action(base + i))) out |= bits[i];
    }
    return out;
}

namespace {

/// A player's message with its file named without its folders ("DIR/x.fscript:7: ..." -> "x.fscript:7: ..."), so
/// that the window's one-line labels fit on screen (stderr keeps the whole path).
std::string withoutFolders(const std::string& message) {
    const std::size_t colon = message.find(':');
    if (colon == std::string::npos) return message;
    const std::size_t slash = message.rfind('/', colon);
    return slash == std::string::npos ? message : message.substr(slash + 1);
}

constexpr int kMaxRoundPips = 9;     // more rounds to win than this are shown as a count
constexpr int kSlowFactor = 4;       // slow motion runs one step every 4 ticks
constexpr int kHistoryRows = 14;     // input display rows
constexpr int kMatchMenuTicks = 90;  // ticks after match over before the match-over menu opens

std::string timestamp() {
    const std::time_t now = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::localtime(&now));
    return buf;
}

const char* modeTitle(sim::Mode m) {
    switch (m) {
    case sim::Mode::Versus: return "VERSUS";
    case sim::Mode::VersusCpu: return "VS CPU";
    case sim::Mode::Training: return "TRAINING";
    case sim::Mode::CpuVsCpu: return "CPU VS CPU";
    }
    return "";
}

}  // namespace

FightScreen::FightScreen(Context& ctx, const sim::MatchSetup& setup, bool record)
    : ctx_(ctx), setup_(setup), record_(record) {
    for (int p = 0; p < 2; ++p) roundStartX_[p] = setup_.startX[p];
    start();
}

FightScreen::FightScreen(Context& ctx, const sim::RunFile& run) : ctx_(ctx), setup_(run.setup), replay_(true), run_(run) {
    for (int p = 0; p < 2; ++p) roundStartX_[p] = setup_.startX[p];
    start();
}

FightScreen::~FightScreen() {
    if (online_) online_->leave();  // the window closed mid-match: tell the opponent now, not after 3 s of silence
    if (writer_) writer_->finish();
}

void FightScreen::start() {
    for (int p = 0; p < 2; ++p) {
        defs_[p] = ctx_.fighter(setup_.fighter[p]);
        assert(defs_[p] != nullptr && "makeFight checks the ids");
    }
    // A watched run steps through the one replay player (the headless runner's), so its checks show here too.
    if (replay_) player_ = std::make_unique<sim::ReplayPlayer>(run_, *defs_[0], *defs_[1]);
    else live_ = std::make_unique<sim::Fight>(setup_, *defs_[0], *defs_[1]);
    shownFailures_ = 0;
    failed_.clear();
    overlay_.boxes = ctx_.flags->overlay || ctx_.flags->names;
    overlay_.names = ctx_.flags->names;
    for (int p = 0; p < 2; ++p) healthTrail_[p] = float(fight().state().fighters[p].health);
    desync_.clear();
    sparks_.clear();
    for (std::vector<InputRow>& h : history_) h.clear();
    meter_.clear();
    lastQuery_ = {};
    lastQueryFrame_ = 0;
    carried_ = {};
    matchOverTicks_ = 0;
    lastCombo_ = comboDamage_ = 0;
    keepBanner_ = false;
    if (setup_.intro > 0) banner_ = {};
    else banner_ = {"ROUND 1", 70, sf::Color(255, 230, 120)};
    if (record_) openRecording();
}

void FightScreen::openRecording() {
    if (writer_) writer_->finish();
    writer_.reset();
    std::error_code ec;
    std::filesystem::create_directories(ctx_.flags->replayDir, ec);
    recordPath_ = ctx_.flags->replayDir + "/" + timestamp() + "-" + sim::modeName(setup_.mode) + "-" + setup_.fighter[0] +
                  "-vs-" + setup_.fighter[1] + ".freplay";
    for (int n = 2; std::filesystem::exists(recordPath_, ec); ++n) {  // several matches in one second
        recordPath_ = recordPath_.substr(0, recordPath_.rfind(".freplay")) + "-" + std::to_string(n) + ".freplay";
    }
    writer_ = std::make_unique<sim::ReplayWriter>(recordPath_, fight());
    if (!writer_->ok()) {
        std::cerr << recordPath_ << ": cannot write the replay (recording is off for this match)\n";
        writer_.reset();
        recordPath_.clear();
    }
}

void FightScreen::resetMatch() {
    // Back to where the match began: MatchSetup's defaults for a played match, the file's `start` for a replay.
    for (int p = 0; p < 2; ++p) setup_.startX[p] = roundStartX_[p];
    if (!replay_) setup_.seed = setup_.seed * 6364136223846793005ULL + 1442695040888963407ULL;
    start();
}

bool FightScreen::replayDone() const { return player_ && player_->done(); }

const sim::Fight& FightScreen::fight() const { return player_ ? player_->fight() : *live_; }

void FightScreen::toggleRecording() {
    // First press: P1's keys drive the dummy and every frame it plays is kept (relative to its facing); second
    // press (or kMaxTape frames): the dummy loops what was recorded.
    if (setup_.dummy != sim::DummyMode::Record) {
        tape_.clear();
        setDummy(sim::DummyMode::Record);
        banner_ = {"RECORDING: your keys drive the dummy (" + firstKeyText(*ctx_.bindings, kDummyRecord) + ": play)", 90,
                   sf::Color(255, 120, 110)};
        return;
    }
    setup_.tape = tape_;
    setDummy(sim::DummyMode::Playback);
    banner_ = {"PLAYBACK: " + std::to_string(tape_.size()) + " frames in a loop", 60, sf::Color(160, 220, 255)};
}

void FightScreen::nextPosition() {
    // Training presets (x of P1 and P2): the usual start, mid-screen, P1 in the left corner, P2 in the left corner,
    // P1 in the right corner, P2 in the right corner. Each press restarts the match from the next one.
    struct Preset {
        int x1, x2;
        const char* name;
    };
    static const Preset kPresets[] = {{400, 800, "start"},           {560, 640, "mid-screen"},
                                      {60, 150, "P1 cornered (left)"}, {150, 60, "P2 cornered (left)"},
                                      {1050, 1140, "P2 cornered (right)"}, {1140, 1050, "P1 cornered (right)"}};
    const int n = int(std::size(kPresets));
    position_ = (position_ + 1) % n;
    setup_.startX[0] = kPresets[position_].x1;
    setup_.startX[1] = kPresets[position_].x2;
    start();
    banner_ = {std::string("POSITION: ") + kPresets[position_].name, 60, sf::Color(160, 220, 255)};
    keepBanner_ = true;
}

void FightScreen::setDummy(sim::DummyMode d) {
    // The dummy is part of the match setup (and the replay header): a new setup, started where the fighters stand.
    for (int p = 0; p < 2; ++p) setup_.startX[p] = fight().state().fighters[p].x;
    setup_.dummy = d;
    start();
    banner_ = {std::string("DUMMY: ") + sim::dummyName(d), 60, sf::Color(160, 220, 255)};
    keepBanner_ = true;
}

void FightScreen::handleViewKeys(const Tick& in) {
    if (in.pressedAny(bit(kOverlay))) overlay_.boxes = !overlay_.boxes, overlay_.names = overlay_.names && overlay_.boxes;
    if (in.pressedAny(bit(kNames))) overlay_.names = !overlay_.names, overlay_.boxes = overlay_.boxes || overlay_.names;
}

void FightScreen::handleKeys(const Tick& in) {
    handleViewKeys(in);
    if (in.pressedAny(bit(kSlowMotion))) slow_ = !slow_;
    if (in.pressedAny(bit(kPause))) frozen_ = !frozen_;
    if (in.pressedAny(bit(kReset))) resetMatch();
    if (setup_.mode == sim::Mode::Training && !replay_) {
        const Action keys[5] = {kDummyStand, kDummyCrouch, kDummyBlock, kDummyCrouchBlock, kDummyJump};
        for (int i = 0; i < 5; ++i) {
            if (in.pressedAny(bit(keys[i]))) setDummy(sim::DummyMode(i));
        }
        if (in.pressedAny(bit(kDummyNext))) setDummy(sim::DummyMode((int(setup_.dummy) + 1) % sim::kDummyModes));
        if (in.pressedAny(bit(kPosition))) nextPosition();
        if (in.pressedAny(bit(kDummyRecord))) toggleRecording();
        if (in.pressedAny(bit(kDummyCounter))) {  // part of the setup (and the replay header): restart where they stand
            setup_.counter = setup_.counter == sim::CounterHits::Always ? sim::CounterHits::Off : sim::CounterHits::Always;
            setDummy(setup_.dummy);
            banner_ = {setup_.counter == sim::CounterHits::Always ? "COUNTER HITS: ALWAYS" : "COUNTER HITS: OFF", 60,
                       sf::Color(255, 170, 90)};
        }
    }
    if (fight().state().matchOver && !replay_ && !ctx_.flags->demo) {
        // Over: no pause menu (Enter during the KO must not open one); after a moment the match-over menu.
        if (matchOverTicks_ == kMatchMenuTicks) {
            ctx_.stack->push(makeMatchOver(ctx_, *this, winnerText(fight().state().matchWinner), setup_.mode));
        }
        return;
    }
    if (in.pressedAny(bit(kStart) | bit(kBack))) {
        ctx_.res->sound.play(Sfx::Blip);
        ctx_.stack->push(makePause(ctx_, *this));
    }
}

bool FightScreen::shouldStep(const Tick& in) {
    if (replayDone()) return false;
    if (frozen_) return in.pressedAny(bit(kFrameStep));
    if (slow_) return ticks_ % kSlowFactor == 0;
    return true;
}

sim::FrameInput FightScreen::gatherInput(const Tick& in) {
    sim::FrameInput fi;
    if (replay_) {
        const std::int64_t k = fight().state().frame;
        if (k < std::int64_t(run_.inputs.size())) fi = run_.inputs[std::size_t(k)];
        return fi;
    }
    for (int p = 0; p < 2; ++p) {
        // Presses shorter than a step (slow motion, frame stepping) still reach the simulation.
        fi.buttons[p] = std::uint16_t(buttonsOf(in.held, p) | carried_.buttons[p]);
        if (setup_.isCpu(p) || setup_.isDummy(p)) fi.buttons[p] = 0;
    }
    if (setup_.mode == sim::Mode::Training && setup_.dummy == sim::DummyMode::Record) {  // P1's keys drive the dummy
        fi.buttons[1] = std::uint16_t(buttonsOf(in.held, 0) | carried_.buttons[0]);
        fi.buttons[0] = 0;
    }
    return fi;
}

void FightScreen::tick(const Tick& in) {
    ++ticks_;
    if (online_) return tickOnline(in);
    handleKeys(in);
    for (int p = 0; p < 2; ++p) carried_.buttons[p] |= buttonsOf(in.pressed, p);
    if (shouldStep(in)) {
        stepOnce(gatherInput(in));
        carried_ = {};
    }
    if (fight().state().matchOver) ++matchOverTicks_;
}

void FightScreen::stepOnce(const sim::FrameInput& in) {
    if (player_) player_->step();
    else live_->step(in);
    if (writer_) writer_->frame(in, fight());
    if (writer_ && fight().state().matchOver) {  // the replay ends with the match, not when the players leave
        writer_->finish();
        writer_.reset();
    }
    if (fight().stats().broadTests > 0) {
        lastQuery_ = fight().stats();
        lastQueryFrame_ = fight().state().frame;
    }
    // What the rules read (after SOCD cleaning; the CPU's and the dummy's own buttons for a CPU or dummy player).
    for (int p = 0; p < 2; ++p) recordInputHistory(p, fight().state().fighters[p].held);
    meter_.record(fight());
    const bool live = fight().state().roundFrame > setup_.intro;
    if (!replay_ && live && setup_.mode == sim::Mode::Training && setup_.dummy == sim::DummyMode::Record) {
        const sim::FighterState& d = fight().state().fighters[1];
        tape_.push_back(sim::relativeToAbsolute(d.held, d.facing));  // its own inverse: absolute -> relative
        if (int(tape_.size()) >= sim::kMaxTape) toggleRecording();
    }
    for (const sim::Event& e : fight().events()) react(e);
    detectFireballs();
    if (replay_) checkReplay();
    updateEffects();
}

void FightScreen::recordInputHistory(int p, std::uint16_t buttons) {
    std::vector<InputRow>& h = history_[p];
    if (!h.empty() && h.front().buttons == buttons) {
        ++h.front().frames;
        return;
    }
    h.insert(h.begin(), InputRow{buttons, 1});
    if (int(h.size()) > kHistoryRows) h.pop_back();
}

void FightScreen::checkReplay() {
    // The player's new failures: a hash mismatch is a desync (red label), others are failed expectations (listed).
    const std::vector<io::RunFailure>& failures = player_->failures();
    for (; shownFailures_ < failures.size(); ++shownFailures_) {
        const io::RunFailure& f = failures[shownFailures_];
        std::cerr << f.text() << "\n";
        if (f.kind == io::FailureKind::HashMismatch) {
            if (desync_.empty()) desync_ = "DESYNC at frame " + std::to_string(f.frame) + " (" + withoutFolders(f.file + ":" + std::to_string(f.line)) + ")";
        } else {
            failed_.push_back(withoutFolders(f.text()));
        }
    }
}

float FightScreen::nextRand() {
    rand_ ^= rand_ << 13;
    rand_ ^= rand_ >> 17;
    rand_ ^= rand_ << 5;
    return float(rand_ % 10000u) / 10000.f;
}

void FightScreen::spawnSparks(const engine::AABB& where, sf::Color color, int count, float speed) {
    const StageView v;
    const sf::FloatRect r = v.rect(where);
    const sf::Vector2f c(r.left + r.width / 2.f, r.top + r.height / 2.f);
    for (int i = 0; i < count; ++i) {
        const float a = nextRand() * 6.2831853f;
        const float s = speed * (0.4f + nextRand());
        Spark sp;
        sp.pos = c;
        sp.vel = {std::cos(a) * s, std::sin(a) * s};
        sp.maxLife = sp.life = 10.f + nextRand() * 12.f;
        sp.size = 2.f + nextRand() * 3.f;
        sp.color = color;
        sparks_.push_back(sp);
    }
    Spark ring;  // a flash at the impact point
    ring.pos = c;
    ring.maxLife = ring.life = 8.f;
    ring.size = -speed * 3.f;  // negative size marks the ring
    ring.color = color;
    sparks_.push_back(ring);
}

void FightScreen::react(const sim::Event& e) {
    switch (e.type) {
    case sim::EventType::Hit:
        if (e.counter) banner_ = {"COUNTER", 30, sf::Color(255, 150, 60)};
        if (e.victim == 1) {  // training's combo readout: hits and damage of the current (or last) combo on P2
            const int combo = fight().state().fighters[1].combo;
            comboDamage_ = combo <= 1 ? e.damage : comboDamage_ + e.damage;
            lastCombo_ = combo;
        }
        spawnSparks(e.where, e.heavy ? sf::Color(255, 200, 60) : sf::Color(255, 245, 200), e.heavy ? 26 : 14, e.heavy ? 9.f : 6.f);
        ctx_.res->sound.play(e.heavy ? Sfx::HeavyHit : Sfx::Hit);
        if (e.heavy) shakeTicks_ = 14, shakePower_ = 9.f;
        break;
    case sim::EventType::Block:
        spawnSparks(e.where, sf::Color(140, 200, 255), 10, 5.f);
        ctx_.res->sound.play(Sfx::Block);
        break;
    case sim::EventType::ProjectileCancel:
        spawnSparks(e.where, sf::Color(230, 140, 255), 24, 8.f);
        ctx_.res->sound.play(Sfx::Boom);
        break;
    case sim::EventType::KO:
        banner_ = {"K.O.", 90, sf::Color(255, 80, 60)};
        shakeTicks_ = 24, shakePower_ = 12.f;
        ctx_.res->sound.play(Sfx::KO);
        break;
    case sim::EventType::TimeOver:
        banner_ = {"TIME OVER", 90, sf::Color(255, 200, 80)};
        ctx_.res->sound.play(Sfx::KO, 60.f);
        break;
    case sim::EventType::RoundStart:
        if (keepBanner_) {  // a dummy change restarted the match: its banner is the news, not "ROUND 1"
            keepBanner_ = false;
            break;
        }
        // With a round intro the intro's own "ROUND N ... FIGHT!" is drawn from the state (drawBanner).
        if (setup_.intro > 0) banner_ = {};
        else banner_ = {"ROUND " + std::to_string(fight().state().round) + "   FIGHT!", 60, sf::Color(255, 230, 120)};
        break;
    case sim::EventType::Throw:
        spawnSparks(e.where, sf::Color(120, 255, 150), 12, 5.f);
        ctx_.res->sound.play(Sfx::Block);
        break;
    case sim::EventType::Tech:
        spawnSparks(fight().state().fighters[0].push, sf::Color(255, 255, 255), 16, 7.f);
        ctx_.res->sound.play(Sfx::Blip);
        break;
    case sim::EventType::MatchOver:
        banner_ = {winnerText(e.victim), 1 << 30, sf::Color(255, 240, 150)};
        break;
    }
}

std::string FightScreen::winnerText(int winner) const {
    if (winner < 0 || winner > 1) return "DRAW";
    std::string name = defs_[winner]->display;
    for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
    return (defs_[0]->id == defs_[1]->id ? "P" + std::to_string(winner + 1) + " " : "") + name + " WINS";
}

void FightScreen::detectFireballs() {
    for (int p = 0; p < 2; ++p) {
        const bool alive = fight().state().projectiles[p].alive;
        if (alive && !fireballAlive_[p]) ctx_.res->sound.play(Sfx::Fireball, 70.f);
        fireballAlive_[p] = alive;
    }
}

void FightScreen::updateEffects() {
    for (Spark& s : sparks_) {
        s.pos += s.vel;
        s.vel *= 0.88f;
        s.vel.y += 0.25f;
        s.life -= 1.f;
    }
    sparks_.erase(std::remove_if(sparks_.begin(), sparks_.end(), [](const Spark& s) { return s.life <= 0.f; }), sparks_.end());
    if (shakeTicks_ > 0) --shakeTicks_;
    if (banner_.ticks > 0) --banner_.ticks;
    for (int p = 0; p < 2; ++p) {
        const float h = float(fight().state().fighters[p].health);
        healthTrail_[p] = h > healthTrail_[p] ? h : std::max(h, healthTrail_[p] - 4.f);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing

void FightScreen::draw(sf::RenderTarget& t) {
    StageView v;
    if (shakeTicks_ > 0) {
        const float k = shakePower_ * float(shakeTicks_) / 14.f;
        v.shakeX = std::sin(float(ticks_) * 2.1f) * k;
        v.shakeY = std::cos(float(ticks_) * 2.7f) * k * 0.6f;
    }
    drawStage(t, v, ticks_);
    const sim::FightState& s = fight().state();
    const int last = s.fighters[1].action == sim::Action::Attack && s.fighters[0].action != sim::Action::Attack ? 1 : 0;
    const bool mirror = defs_[0]->id == defs_[1]->id;
    drawFighter(t, v, *defs_[1 - last], s.fighters[1 - last], ticks_, mirror && last == 0);
    drawFighter(t, v, *defs_[last], s.fighters[last], ticks_, mirror && last == 1);
    drawProjectiles(t, v, fight(), ticks_);
    drawOverlay(t, v, fight(), lastQuery_, overlay_, ctx_.res->mono);
    drawSparks(t);
    drawHud(t);
    if (setup_.mode == sim::Mode::Training) drawTraining(t);
    if (overlay_.names) drawCounters(t);
    drawBanner(t);
    drawStatus(t);
    if (online_) drawOnline(t);
}

void FightScreen::drawHealth(sf::RenderTarget& t, int p) {
    const sim::FighterState& f = fight().state().fighters[p];
    const float full = float(std::max(1, defs_[p]->health));
    const float w = 500.f, h = 26.f, y = 26.f;
    const float x = p == 0 ? 40.f : float(ctx_.width) - 40.f - w;
    fillRect(t, x - 3.f, y - 3.f, w + 6.f, h + 6.f, sf::Color(20, 16, 30), sf::Color(230, 220, 200), 2.f);
    fillRect(t, x, y, w, h, sf::Color(70, 20, 30));
    const auto bar = [&](float frac, sf::Color c) {
        const float bw = w * std::max(0.f, std::min(1.f, frac));
        fillRect(t, p == 0 ? x + w - bw : x, y, bw, h, c);
    };
    bar(healthTrail_[p] / full, sf::Color(230, 60, 40));
    const float frac = float(f.health) / full;
    bar(frac, frac > 0.3f ? sf::Color(250, 210, 60) : sf::Color(255, 140, 40));
    fillRect(t, x, y + 3.f, w, 4.f, sf::Color(255, 255, 255, 60));
    const std::string name = defs_[p]->display + (setup_.isCpu(p) ? "  (CPU)" : setup_.isDummy(p) ? "  (DUMMY)" : "");
    drawText(t, ctx_.res->font, name, 22, p == 0 ? x : x + w, y + h + 6.f, sf::Color::White, p == 0 ? Align::Left : Align::Right, 2.f);
    if (setup_.roundsToWin > kMaxRoundPips) {  // a long match (scripts allow 999 rounds): a count, not 999 pips
        const std::string wins = std::to_string(fight().state().wins[p]) + " / " + std::to_string(setup_.roundsToWin);
        drawText(t, ctx_.res->font, wins, 16, p == 0 ? x + w : x, y + h + 10.f, sf::Color(255, 200, 40),
                 p == 0 ? Align::Right : Align::Left, 2.f);
        return;
    }
    for (int i = 0; i < setup_.roundsToWin; ++i) {  // round pips next to the timer
        sf::CircleShape pip(8.f, 16);
        pip.setOrigin(8.f, 8.f);
        const float px = p == 0 ? x + w - 12.f - 24.f * float(i) : x + 12.f + 24.f * float(i);
        pip.setPosition(px, y + h + 20.f);
        pip.setFillColor(fight().state().wins[p] > i ? sf::Color(255, 200, 40) : sf::Color(40, 30, 50));
        pip.setOutlineColor(sf::Color(230, 220, 200));
        pip.setOutlineThickness(2.f);
        t.draw(pip);
    }
}

void FightScreen::drawHud(sf::RenderTarget& t) {
    drawHealth(t, 0);
    drawHealth(t, 1);
    const sim::FightState& s = fight().state();
    const float cx = float(ctx_.width) / 2.f;
    fillRect(t, cx - 44.f, 14.f, 88.f, 56.f, sf::Color(20, 16, 30, 230), sf::Color(230, 220, 200), 2.f);
    const int seconds = (s.timer + sim::kFps - 1) / sim::kFps;
    if (setup_.mode == sim::Mode::Training) {  // training rounds never time out
        drawText(t, ctx_.res->font, "\u221e", 40, cx, 12.f, sf::Color::White, Align::Center);
    } else {
        drawText(t, ctx_.res->font, std::to_string(seconds), 40, cx, 16.f, seconds <= 10 ? sf::Color(255, 90, 70) : sf::Color::White, Align::Center);
    }
    drawText(t, ctx_.res->font, "ROUND " + std::to_string(s.round), 16, cx, 74.f, sf::Color(255, 230, 150), Align::Center, 2.f);
    std::string mode = replay_ ? "REPLAY  " + std::filesystem::path(run_.path).filename().string() : modeTitle(setup_.mode);
    if (writer_) mode += "   \u25cf REC";
    drawText(t, ctx_.res->font, mode, 15, cx, 96.f, sf::Color(230, 230, 240, 200), Align::Center, 1.5f);
}

void FightScreen::drawSparks(sf::RenderTarget& t) {
    sf::RenderStates add(sf::BlendAdd);
    for (const Spark& s : sparks_) {
        const float k = s.life / s.maxLife;
        if (s.size < 0.f) {  // impact flash ring
            const float r = -s.size * (1.3f - k);
            sf::CircleShape ring(r, 24);
            ring.setOrigin(r, r);
            ring.setPosition(s.pos);
            ring.setFillColor(withAlpha(s.color, int(120 * k)));
            ring.setOutlineColor(withAlpha(sf::Color::White, int(220 * k)));
            ring.setOutlineThickness(3.f);
            t.draw(ring, add);
            continue;
        }
        sf::CircleShape dot(s.size * (0.5f + k), 8);
        dot.setOrigin(dot.getRadius(), dot.getRadius());
        dot.setPosition(s.pos);
        dot.setFillColor(withAlpha(s.color, int(255 * k)));
        t.draw(dot, add);
    }
}

void FightScreen::drawBanner(sf::RenderTarget& t) {
    const sim::FightState& s = fight().state();
    const std::string intro = s.roundOver ? "" : introText(s.roundFrame, setup_.intro, s.round);
    const float cy = float(ctx_.height) * 0.36f;
    if (!intro.empty()) {
        const bool fight = intro == "FIGHT!";
        fillRect(t, 0.f, cy - 10.f, float(ctx_.width), 96.f, sf::Color(0, 0, 0, 120));
        drawText(t, ctx_.res->font, intro, fight ? 80 : 64, float(ctx_.width) / 2.f, cy - (fight ? 8.f : 0.f),
                 fight ? sf::Color(255, 120, 60) : sf::Color(255, 230, 120), Align::Center, 4.f);
        return;
    }
    if (banner_.ticks <= 0 || banner_.text.empty()) return;
    fillRect(t, 0.f, cy - 10.f, float(ctx_.width), 96.f, sf::Color(0, 0, 0, 120));
    drawText(t, ctx_.res->font, banner_.text, 64, float(ctx_.width) / 2.f, cy, banner_.color, Align::Center, 4.f);
}

void FightScreen::drawTraining(sf::RenderTarget& t) {
    for (int p = 0; p < 2; ++p) {  // input displays: P1 on the left, P2 (the dummy) beside it
        const ButtonLabels labels = buttonLabels(*ctx_.bindings, p);
        const std::vector<InputRow>& h = history_[p];
        const float x = 40.f + 170.f * float(p), y0 = 214.f;
        fillRect(t, x - 8.f, y0 - 8.f, 160.f, 30.f + 22.f * float(h.size()), sf::Color(0, 0, 0, 110));
        drawText(t, ctx_.res->font, p == 0 ? "P1 INPUT" : "P2 INPUT", 14, x, y0 - 4.f, sf::Color(255, 230, 150));
        for (std::size_t i = 0; i < h.size(); ++i) {
            const float y = y0 + 18.f + 22.f * float(i);
            const sf::Color c = withAlpha(sf::Color::White, 255 - int(i) * 14);
            drawText(t, ctx_.res->mono, std::to_string(std::min(h[i].frames, 999)), 15, x + 30.f, y, c, Align::Right);
            drawText(t, ctx_.res->font, inputRowText(h[i].buttons, labels), 16, x + 42.f, y - 1.f, c);
        }
    }
    // The frame meter under the health bars; its advantage (counted from the frames each fighter could act again)
    // replaces the old "frame advantage" line, which read stun minus remaining frames and so counted the impact
    // frame as a stun frame (one more than the frames the victim really stayed stuck).
    drawFrameMeter(t, meter_, ctx_.res->font, float(ctx_.width), 140.f);
    const float rx = float(ctx_.width) - 40.f;
    drawText(t, ctx_.res->font, "combo " + std::to_string(lastCombo_) + " hits  " + std::to_string(comboDamage_) + " damage", 18,
             rx, 214.f, sf::Color::White, Align::Right, 2.f);
    drawText(t, ctx_.res->font, std::string("dummy: ") + sim::dummyName(setup_.dummy) + "   (1-5, F6: all 7)", 16, rx, 240.f,
             sf::Color(160, 220, 255), Align::Right, 2.f);
}

void FightScreen::drawCounters(sf::RenderTarget& t) {
    const sim::StepStats& st = fight().stats();
    const sim::FightState& s = fight().state();
    std::vector<std::string> lines;
    lines.push_back("frame " + std::to_string(s.frame) + "   hash " + sim::hashHex(fight().hash()));
    lines.push_back("broad tests " + std::to_string(st.broadTests) + "   root hits " + std::to_string(st.broadHits) +
                    "   nodes visited " + std::to_string(st.nodesVisited));
    lines.push_back("hits " + std::to_string(st.hits) + "   push separations " + std::to_string(st.pushSeparations) +
                    "   hitstop " + std::to_string(s.hitstop));
    lines.push_back("highlighted: the tests of frame " + std::to_string(lastQueryFrame_) + " (" +
                    std::to_string(lastQuery_.broadTests) + " broad, " + std::to_string(lastQuery_.nodesVisited) + " nodes)");
    for (int p = 0; p < 2; ++p) {
        const sim::FighterState& f = s.fighters[p];
        lines.push_back("P" + std::to_string(p + 1) + " " + defs_[p]->id + ": " + fight().animName(p) + " " +
                        std::to_string(f.animFrame) + "   members " + std::to_string(f.body.memberCount()) + "  nodes " +
                        std::to_string(f.body.nodeCount()) + "  height " + std::to_string(f.body.height()) +
                        "  tested " + std::to_string(lastQuery_.touched[p].size()));
    }
    if (online_) addOnlineCounters(lines);
    const float x = float(ctx_.width) / 2.f - 300.f, y = 122.f;
    fillRect(t, x - 8.f, y - 6.f, 616.f, 20.f * float(lines.size()) + 12.f, sf::Color(0, 0, 0, 150));
    for (std::size_t i = 0; i < lines.size(); ++i) {
        drawText(t, ctx_.res->mono, lines[i], 14, x, y + 20.f * float(i), sf::Color(200, 255, 200));
    }
}

void FightScreen::drawStatus(sf::RenderTarget& t) {
    std::string status;
    const Bindings& b = *ctx_.bindings;
    if (frozen_) status += "FROZEN  (" + firstKeyText(b, kFrameStep) + ": one frame, " + firstKeyText(b, kPause) + ": run)   ";
    if (slow_) status += "SLOW MOTION 1/4   ";
    if (replayDone()) status += "END OF REPLAY   ";
    const float y = float(ctx_.height) - 30.f;
    if (!status.empty()) drawText(t, ctx_.res->font, status, 18, 40.f, y, sf::Color(255, 240, 120), Align::Left, 2.f);
    float fy = y - 26.f;
    if (!desync_.empty()) {  // impossible to miss: a pulsing red bar across the screen under the HUD
        const int pulse = 150 + int(100.f * std::abs(std::sin(float(ticks_) * 0.15f)));
        fillRect(t, 0.f, 300.f, float(ctx_.width), 64.f, sf::Color(150, 0, 0, pulse), sf::Color(255, 60, 60), 3.f);
        drawText(t, ctx_.res->font, desync_, 34, float(ctx_.width) / 2.f, 310.f, sf::Color::White, Align::Center, 3.f);
    }
    const std::size_t shown = std::min<std::size_t>(failed_.size(), 4);  // the latest few, newest at the bottom
    for (std::size_t i = 0; i < shown; ++i) {
        const std::string& f = failed_[failed_.size() - 1 - i];
        drawText(t, ctx_.res->font, "FAILED " + f.substr(0, 140), 15, 40.f, fy, sf::Color(255, 150, 90), Align::Left, 2.f);
        fy -= 20.f;
    }
    if (overlay_.boxes) {
        const std::string keys = firstKeyText(b, kOverlay) + " boxes  " + firstKeyText(b, kNames) + " names  " +
                                 firstKeyText(b, kPause) + " freeze  " + firstKeyText(b, kFrameStep) + " step  " +
                                 firstKeyText(b, kSlowMotion) + " slow  " + firstKeyText(b, kReset) + " reset";
        drawText(t, ctx_.res->font, keys, 14, float(ctx_.width) - 40.f, y + 4.f,
                 sf::Color(230, 230, 230, 200), Align::Right, 1.f);
    }
}

std::unique_ptr<Screen> makeFight(Context& ctx, const sim::MatchSetup& setup) {
    for (int p = 0; p < 2; ++p) {
        if (ctx.fighter(setup.fighter[p]) == nullptr) {
            std::cerr << ctx.dataDir << "/fighters/" << setup.fighter[p] << ".fighter: no such fighter\n";
            ctx.quit = true;
            ctx.exitCode = 2;
            return nullptr;
        }
    }
    const bool scripted = ctx.flags->demo || !ctx.flags->show.empty();  // tools, not matches: record only when asked
    const bool record = !ctx.flags->noRecord && (!scripted || ctx.flags->replayDirGiven);
    return std::make_unique<FightScreen>(ctx, setup, record);
}

}  // namespace app
