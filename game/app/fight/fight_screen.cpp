// The fight view (see fight_screen.h). One app tick handles the view's keys, lets the pacing decide whether a
// paced source steps (an online source steps on its own clock), then reacts to the frame the source produced:
// the effects, the overlay's highlighted query, the training tools. Drawing reads the source's fight and the
// view's own presentation state and changes nothing.
#include "game/app/fight/fight_screen.h"

#include "game/app/draw.h"
#include "game/app/fight/fight_hints.h"
#include "game/app/fight/live_source.h"
#include "game/view/draw_list.h"
#include "game/app/replays/replay_source.h"
#include "game/app/training/training_hud.h"
#include "game/app/view_logic.h"

#include <SFML/Graphics/CircleShape.hpp>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <iostream>

namespace app {
namespace {

constexpr int kMaxRoundPips = 9;     // more rounds to win than this are shown as a count
constexpr int kMatchMenuTicks = 90;  // ticks after match over before the match-over menu opens

sim::FrameInput keyButtons(ActionSet actions) { return {{buttonsOf(actions, 0), buttonsOf(actions, 1)}}; }

}  // namespace

FightScreen::FightScreen(Context& ctx, std::unique_ptr<FightSource> source)
    : ctx_(ctx), source_(std::move(source)), effects_(ctx.res->sound), stage_(ctx.stage) {
    if (source_->setup().mode == sim::Mode::Training) {
        training_ = std::make_unique<TrainingTools>(source_->takesSetups());
        effects_.setHudBottom(kTrainingHudBottom);  // the frame meter hangs under the health bars
    }
    resetPresentation();
    ctx_.res->sound.music(stage_ == view::kStageNight ? view::Song::Night : view::Song::Dusk);  // the stage's loop
}

FightScreen::~FightScreen() { sayWriteFailure(true); }

void FightScreen::sayWriteFailure(bool closing) {
    const std::string failure = source_->takeWriteFailure(closing);
    if (!failure.empty()) reportWriteFailure(ctx_, failure);
}

void FightScreen::resetPresentation() {
    overlay_.boxes = ctx_.flags->overlay || ctx_.flags->names;
    overlay_.names = ctx_.flags->names;
    overlay_.keyRight = training_ != nullptr;  // the input histories run down the left side
    effects_.reset(*source_);
    if (training_) training_->clear();
    lastQuery_ = {};
    lastQueryFrame_ = 0;
    pacer_.clearCarried();
    matchOverTicks_ = 0;
    menuOpened_ = false;
    superFlash_ = 0;
    lastAnim_[0] = lastAnim_[1] = -1;
    for (view::SecondaryMotion& m : motion_) m.reset();
}

void FightScreen::resetMatch() {
    source_->restart();
    resetPresentation();
}

void FightScreen::skipLesson() {
    if (source_->skipLesson()) resetPresentation();
}

void FightScreen::setRecording(bool on) {
    source_->setRecording(on);
    sayWriteFailure(false);
    if (on) {
        resetPresentation();
        effects_.announce({"RECORDING A REPLAY", 90, sf::Color(255, 120, 110)});
    }
}

void FightScreen::applyTraining(const TrainingChange& c) {
    if (!source_->restartWith(c.setup)) return;
    resetPresentation();
    effects_.announce({c.banner, c.ticks, c.color});
}

void FightScreen::handleViewKeys(const Tick& in) {
    if (in.pressedAny(bit(kOverlay)))
        overlay_.boxes = !overlay_.boxes, overlay_.names = overlay_.names && overlay_.boxes;
    if (in.pressedAny(bit(kNames))) overlay_.names = !overlay_.names, overlay_.boxes = overlay_.boxes || overlay_.names;
}

void FightScreen::handlePacedKeys(const Tick& in) {
    if (practiceKeys()) {
        if (in.pressedAny(bit(kSlowMotion))) pacer_.toggleSlow();
        if (in.pressedAny(bit(kPause))) pacer_.toggleFrozen();
        if (in.pressedAny(bit(kReset))) resetMatch();
    }
    if (training_) training_->keys(in, *source_, *ctx_.bindings, [this](const TrainingChange& c) { applyTraining(c); });
    if (source_->fight().state().matchOver && source_->offersRematch() && !ctx_.flags->demo) {
        // Over: no pause menu (Enter during the KO must not open one); the match-over menu once the round's calls
        // have been said and the result has been up a moment.
        if (!menuOpened_ && matchOverTicks_ >= kMatchMenuTicks && !effects_.callsPlaying()) {
            menuOpened_ = true;
            const int winner = source_->fight().state().matchWinner;
            if (arcade_) ctx_.stack->push(makeArcadeResult(ctx_, arcade_, source_->fight().state()));
            else ctx_.stack->push(makeMatchOver(ctx_, *this, winnerText(*source_, winner), source_->setup().mode));
        }
        return;
    }
    if (in.pressedAny(bit(kStart) | bit(kBack))) {
        ctx_.res->sound.play(Sfx::Blip);
        ctx_.stack->push(makePause(ctx_, *this));
    }
}

void FightScreen::tick(const Tick& in) {
    ++ticks_;
    if (superFlash_ > 0) --superFlash_;
    handleViewKeys(in);
    const bool paced = source_->paced();
    sim::FrameInput keys;
    bool step = false;
    if (paced) {
        handlePacedKeys(in);
        step = !source_->ended() &&
               pacer_.next(ticks_, keyButtons(in.held), keyButtons(in.pressed), in.pressedAny(bit(kFrameStep)), keys);
    }
    const Advance a = source_->tick(in, step ? &keys : nullptr);
    sayWriteFailure(false);
    if (a.left) return;
    if (a.restarted) return resetPresentation();
    if (a.stepped) afterStep(*a.stepped);
    // An ended replay steps no more, but its last round's calls still play out.
    if (a.stepped || !paced || source_->ended()) effects_.update(source_->fight());
    if (source_->fight().state().matchOver) ++matchOverTicks_;
}

void FightScreen::afterStep(const sim::Fight& stepped) {
    if (stepped.stats().broadTests > 0) {
        lastQuery_ = stepped.stats();
        lastQueryFrame_ = source_->fight().state().frame;
    }
    bool restarted = false;
    if (training_) {
        training_->afterStep(*source_, *ctx_.bindings, [&](const TrainingChange& c) {
            applyTraining(c);
            restarted = true;
        });
    }
    if (restarted) return;  // a new match: the old one's events are gone with it
    noticeSupers(stepped);
    const bool holds = source_->paced() && !ctx_.flags->fixedLength();  // a fixed-length run shows frame N at tick N
    for (const sim::Event& e : stepped.events()) {
        if (e.type == sim::EventType::KO && holds) pacer_.koSlowdown();  // the final hit plays slowed down
        effects_.react(e, *source_);
        if (training_) training_->onEvent(e, source_->fight());
    }
    effects_.roundEnd(stepped, *source_);
}

void FightScreen::noticeSupers(const sim::Fight& stepped) {
    for (int p = 0; p < 2; ++p) {
        const sim::FighterState& f = stepped.state().fighters[p];
        const bool started = f.anim != lastAnim_[p] && lastAnim_[p] >= 0 && f.action == sim::Action::Attack;
        lastAnim_[p] = f.anim;
        if (!started || source_->fighter(p).anims[std::size_t(f.anim)].cost <= 0) continue;
        superPlayer_ = p;
        superFlash_ = FramePacer::kSuperFreezeTicks;
        if (source_->paced() && !ctx_.flags->fixedLength()) pacer_.superFreeze();
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing

namespace {
/// A soft additive glow: `rings` discs from `radius` down, each adding `alpha`, so the centre is the brightest.
void glow(sf::RenderTarget& t, sf::Vector2f c, float radius, sf::Color color, int rings) {
    for (int i = 0; i < rings; ++i) {
        const float r = radius * float(rings - i) / float(rings);
        sf::CircleShape disc(r, 48);
        disc.setOrigin(r, r);
        disc.setPosition(c);
        disc.setFillColor(color);
        t.draw(disc, sf::BlendAdd);
    }
}
}  // namespace

void FightScreen::drawSuperFlash(sf::RenderTarget& t, const StageView& v, bool front) const {
    if (superFlash_ <= 0 || superPlayer_ < 0) return;
    const float k = float(superFlash_) / float(FramePacer::kSuperFreezeTicks);  // 1 at the start, 0 at the end
    const float fade = std::min(1.f, k * 4.f);                                  // the veil lifts over the last quarter
    const sim::FighterState& f = source_->fight().state().fighters[superPlayer_];
    const sf::Vector2f c = v.point(float(f.x), float(f.push.maxY) * 0.55f);
    if (!front) {  // the screen darkens and a golden glow grows behind the fighter
        const sf::Vector2f size = t.getView().getSize();
        fillRect(t, 0.f, 0.f, size.x, size.y, sf::Color(8, 4, 24, sf::Uint8(170.f * fade)));
        glow(t, c, v.scale * 220.f * (1.2f - 0.4f * k), sf::Color(26, 17, 4, sf::Uint8(255.f * fade)), 10);
        return;
    }
    if (k < 0.7f) return;  // the fighter itself flashes white for the freeze's first ticks
    glow(t, c, v.scale * 120.f, sf::Color(34, 34, 28, sf::Uint8(255.f * (k - 0.7f) / 0.3f)), 8);
}

void FightScreen::draw(sf::RenderTarget& t) {
    StageView v = effects_.stage(ticks_);
    v.stage = stage_;
    drawStage(t, v, ticks_);
    drawSuperFlash(t, v, false);
    const sim::Fight& fight = source_->fight();
    const sim::FightState& s = fight.state();
    const int last = s.fighters[1].action == sim::Action::Attack && s.fighters[0].action != sim::Action::Attack ? 1 : 0;
    const bool mirror = source_->fighter(0).id == source_->fighter(1).id;
    drawFighter(t, v, source_->fighter(1 - last), s.fighters[1 - last], ticks_,
                wearsAltColors(1 - last, mirror, ctx_.altColor), &motion_[1 - last]);
    drawFighter(t, v, source_->fighter(last), s.fighters[last], ticks_, wearsAltColors(last, mirror, ctx_.altColor),
                &motion_[last]);
    drawSuperFlash(t, v, true);
    drawProjectiles(t, v, fight, ticks_);
    const std::vector<std::string> counters = overlay_.names ? counterLines() : std::vector<std::string>{};
    OverlayOptions overlay = overlay_;
    if (overlay_.names) overlay.panel = countersRect(float(ctx_.width), countersPlace(), counters.size());
    drawOverlay(t, v, fight, lastQuery_, overlay, ctx_.res->mono);
    effects_.drawSparks(t, v);
    drawHud(t);
    if (training_) {
        const auto overFighter = [&](const sf::FloatRect& panel) { return panelOverFighter(panel, v, s); };
        drawTrainingHud(t, *training_, source_->setup().dummy,
                        {ctx_.res->font, ctx_.res->mono, *ctx_.bindings, float(ctx_.width), overFighter});
    }
    if (overlay_.names) drawCounters(t, v, counters);
    // A banner waits while a menu is over the fight (a training change made on the page shows once it closes), so
    // nothing of the fight is drawn above the menu's dimming.
    if (ctx_.stack->top() == this)  // under the counters panel when that reaches into the middle
        effects_.drawBanner(t, ctx_.res->display, *source_, float(ctx_.width), float(ctx_.height), overlay.panel);
    drawStatus(t);
    const float headroom = 60.f;  // world units above the push box: the head and raised arms
    source_->seeCounters(overlay.panel);
    source_->seeFighters(std::min(v.point(0.f, float(s.fighters[0].push.maxY) + headroom).y,
                                  v.point(0.f, float(s.fighters[1].push.maxY) + headroom).y));
    // A lesson's panel is wider than a menu's box, so under the menu it would show cut off at both sides of it:
    // the menu's dimming reads cleanly without it (the HUD still names the lesson).
    if (ctx_.stack->top() == this) source_->drawOver(t, ctx_);
    drawNotice(t);
}

void FightScreen::drawHealth(sf::RenderTarget& t, int p) {
    const sim::FighterState& f = source_->fight().state().fighters[p];
    const sim::MatchSetup& setup = source_->setup();
    const float full = float(std::max(1, source_->fighter(p).health));
    const float w = 500.f, h = 26.f, y = 26.f;
    const float x = p == 0 ? 40.f : float(ctx_.width) - 40.f - w;
    fillRect(t, x - 3.f, y - 3.f, w + 6.f, h + 6.f, sf::Color(20, 16, 30), sf::Color(230, 220, 200), 2.f);
    fillRect(t, x, y, w, h, sf::Color(70, 20, 30));
    const auto bar = [&](float frac, sf::Color c) {
        const float bw = w * std::max(0.f, std::min(1.f, frac));
        fillRect(t, p == 0 ? x + w - bw : x, y, bw, h, c);
    };
    bar(effects_.trail(p) / full, sf::Color(230, 60, 40));
    const float frac = float(f.health) / full;
    bar(frac, frac > 0.3f ? sf::Color(250, 210, 60) : sf::Color(255, 140, 40));
    fillRect(t, x, y + 3.f, w, 4.f, sf::Color(255, 255, 255, 60));
    const std::string name = source_->fighter(p).display + (setup.isCpu(p)     ? "  (CPU)"
                                                            : setup.isDummy(p) ? "  (DUMMY)"
                                                                               : "");
    drawText(t, ctx_.res->display, name, 30, p == 0 ? x : x + w, y + h + 2.f, sf::Color::White,
             p == 0 ? Align::Left : Align::Right, 2.f);
    // The super meter under the name, on the outer side: blue while filling, bright when a super is possible.
    const float mw = 240.f, mh = 8.f, my = y + h + 40.f;
    const float mx = p == 0 ? x : x + w - mw;
    const float mfrac = float(f.meter) / float(sim::kMeterMax);
    fillRect(t, mx - 2.f, my - 2.f, mw + 4.f, mh + 4.f, sf::Color(20, 16, 30), sf::Color(230, 220, 200), 1.f);
    const float mfill = mw * std::max(0.f, std::min(1.f, mfrac));
    fillRect(t, p == 0 ? mx : mx + mw - mfill, my, mfill, mh,
             f.meter >= sim::kMeterMax ? sf::Color(120, 230, 255) : sf::Color(50, 110, 230));
    const int wins = source_->fight().state().wins[p];
    if (setup.roundsToWin > kMaxRoundPips) {  // a long match (scripts allow 999 rounds): a count, not 999 pips
        const std::string text = std::to_string(wins) + " / " + std::to_string(setup.roundsToWin);
        drawText(t, ctx_.res->font, text, 16, p == 0 ? x + w : x, y + h + 10.f, sf::Color(255, 200, 40),
                 p == 0 ? Align::Right : Align::Left, 2.f);
        return;
    }
    for (int i = 0; i < setup.roundsToWin; ++i) {  // round pips next to the timer
        sf::CircleShape pip(8.f, 16);
        pip.setOrigin(8.f, 8.f);
        const float px = p == 0 ? x + w - 12.f - 24.f * float(i) : x + 12.f + 24.f * float(i);
        pip.setPosition(px, y + h + 20.f);
        pip.setFillColor(wins > i ? sf::Color(255, 200, 40) : sf::Color(40, 30, 50));
        pip.setOutlineColor(sf::Color(230, 220, 200));
        pip.setOutlineThickness(2.f);
        t.draw(pip);
    }
}

void FightScreen::drawHud(sf::RenderTarget& t) {
    drawHealth(t, 0);
    drawHealth(t, 1);
    const sim::FightState& s = source_->fight().state();
    const float cx = float(ctx_.width) / 2.f;
    fillRect(t, cx - 44.f, 14.f, 88.f, 56.f, sf::Color(20, 16, 30, 230), sf::Color(230, 220, 200), 2.f);
    const int seconds = (s.timer + sim::kFps - 1) / sim::kFps;
    if (source_->setup().mode == sim::Mode::Training || source_->isLesson()) {  // neither times out
        drawText(t, ctx_.res->font, "\u221e", 40, cx, 12.f, sf::Color::White, Align::Center);
    } else {
        drawText(t, ctx_.res->display, std::to_string(seconds), 52, cx, 12.f,
                 seconds <= 10 ? sf::Color(255, 90, 70) : sf::Color::White, Align::Center);
    }
    if (source_->setup().mode != sim::Mode::Training) {  // training has no rounds
        drawText(t, ctx_.res->font, "ROUND " + std::to_string(s.round), 16, cx, 74.f, sf::Color(255, 230, 150),
                 Align::Center, 2.f);
    }
    const std::string mode = source_->title() + (source_->recording() ? "   \u25cf REC" : "");
    drawText(t, ctx_.res->font, mode, 15, cx, 96.f, sf::Color(230, 230, 240, 200), Align::Center, 1.5f);
}

std::vector<std::string> FightScreen::counterLines() const {
    const sim::Fight& fight = source_->fight();
    const sim::StepStats& st = fight.stats();
    const sim::FightState& s = fight.state();
    std::vector<std::string> lines;
    lines.push_back("frame " + std::to_string(s.frame) + "   hash " + sim::hashHex(fight.hash()));
    lines.push_back("broad tests " + std::to_string(st.broadTests) + "   root hits " + std::to_string(st.broadHits) +
                    "   nodes visited " + std::to_string(st.nodesVisited));
    lines.push_back("hits " + std::to_string(st.hits) + "   push separations " + std::to_string(st.pushSeparations) +
                    "   hitstop " + std::to_string(s.hitstop));
    lines.push_back("highlighted: the tests of frame " + std::to_string(lastQueryFrame_) + " (" +
                    std::to_string(lastQuery_.broadTests) + " broad, " + std::to_string(lastQuery_.nodesVisited) +
                    " nodes)");
    for (int p = 0; p < 2; ++p) {
        const sim::FighterState& f = s.fighters[p];
        lines.push_back("P" + std::to_string(p + 1) + " " + source_->fighter(p).id + ": " + fight.animName(p) + " " +
                        std::to_string(f.animFrame) + "   members " + std::to_string(f.body.memberCount()) +
                        "  nodes " + std::to_string(f.body.nodeCount()) + "  height " +
                        std::to_string(f.body.height()) + "  tested " + std::to_string(lastQuery_.touched[p].size()));
    }
    source_->addCounters(lines);
    return lines;
}

CountersPlace FightScreen::countersPlace() const {
    return training_ != nullptr  ? CountersPlace::Training
           : source_->isLesson() ? CountersPlace::Lesson
                                 : CountersPlace::Match;
}

void FightScreen::drawCounters(sf::RenderTarget& t, const StageView& v, const std::vector<std::string>& lines) {
    // The panel sits above standing fighters; a fighter that reaches into it (a jump, a rising attack) shows
    // through: the panel goes faint rather than moving, so its numbers stay where the eye expects them.
    const sf::FloatRect box = countersRect(float(ctx_.width), countersPlace(), lines.size());
    const bool faint = panelOverFighter(box, v, source_->fight().state());
    fillRect(t, box.left, box.top, box.width, box.height, sf::Color(0, 0, 0, faint ? 40 : 150));
    for (std::size_t i = 0; i < lines.size(); ++i) {
        drawText(t, ctx_.res->mono, lines[i], 12, box.left + 8.f, countersLineY(box, i),
                 sf::Color(200, 255, 200, faint ? 120 : 255));
    }
}

void FightScreen::drawStatus(sf::RenderTarget& t) {
    std::string status;
    const Bindings& b = *ctx_.bindings;
    if (pacer_.frozen())
        status += "FROZEN  (" + firstKeyText(b, kFrameStep) + ": one frame, " + firstKeyText(b, kPause) + ": run)   ";
    if (pacer_.slow()) status += "SLOW MOTION 1/4   ";
    if (source_->ended()) status += "END OF REPLAY   ";
    const float y = float(ctx_.height) - 30.f;
    if (!status.empty()) drawText(t, ctx_.res->font, status, 18, 40.f, y, sf::Color(255, 240, 120), Align::Left, 2.f);
    float fy = y - 26.f;
    const std::string desync = source_->desync();
    if (!desync.empty()) {  // impossible to miss: a pulsing red bar across the screen under the HUD
        const int pulse = 150 + int(100.f * std::abs(std::sin(float(ticks_) * 0.15f)));
        fillRect(t, 0.f, 300.f, float(ctx_.width), 64.f, sf::Color(150, 0, 0, pulse), sf::Color(255, 60, 60), 3.f);
        drawText(t, ctx_.res->font, desync, 34, float(ctx_.width) / 2.f, 310.f, sf::Color::White, Align::Center, 3.f);
    }
    const std::vector<std::string>& failed = source_->failedChecks();
    const std::size_t shown = std::min<std::size_t>(failed.size(), 4);  // the latest few, newest at the bottom
    for (std::size_t i = 0; i < shown; ++i) {
        const std::string& f = failed[failed.size() - 1 - i];
        drawText(t, ctx_.res->font, "FAILED " + f.substr(0, 140), 15, 40.f, fy, sf::Color(255, 150, 90), Align::Left,
                 2.f);
        fy -= 20.f;
    }
    const bool menuOver = ctx_.stack->top() != this;  // a menu has its own key line, drawn where this one goes
    const std::string ownHint = source_->keyHint(b);
    if (!overlay_.boxes && status.empty() && (source_->takesSetups() || source_->paced() || !ownHint.empty()) &&
        !ctx_.flags->demo && !menuOver) {
        // A match played here: the players' own keys and the pause key (the debug keys only in training); a
        // lesson: player 1's keys; a replay: the keys that look into it; an online match: its own line.
        const std::string hint = !ownHint.empty()         ? ownHint
                                 : source_->isLesson()    ? lessonHint(b)
                                 : source_->takesSetups() ? fightHint(b, source_->setup().mode)
                                                          : replayHint(b);
        const std::size_t split = hint.find('\n');  // versus: a line per player, the second at the bottom
        const float lineY = split == std::string::npos ? y + 8.f : y - 10.f;
        drawTextFitted(t, ctx_.res->font, hint.substr(0, split), 14, float(ctx_.width) / 2.f, lineY,
                       sf::Color(230, 230, 240, 190), float(ctx_.width) - 40.f, 1.f);
        if (split != std::string::npos)
            drawTextFitted(t, ctx_.res->font, hint.substr(split + 1), 14, float(ctx_.width) / 2.f, y + 8.f,
                           sf::Color(230, 230, 240, 190), float(ctx_.width) - 40.f, 1.f);
    }
    if (overlay_.boxes) {
        const std::string keys = overlayHint(b, practiceKeys());
        drawText(t, ctx_.res->font, keys, 14, float(ctx_.width) - 40.f, y + 4.f, sf::Color(230, 230, 230, 200),
                 Align::Right, 1.f);
    }
}

void FightScreen::drawNotice(sf::RenderTarget& t) {
    // The message banner: news for the player that is not an event of the fight (a source's notice()), in a strip
    // of its own under the HUD's mode line so it covers neither the fight's banners nor the alarms.
    const std::string notice = source_->notice();
    if (notice.empty()) return;
    const float y = 118.f;
    fillRect(t, 0.f, y - 4.f, float(ctx_.width), 30.f, sf::Color(90, 20, 20, 200));
    drawTextFitted(t, ctx_.res->font, notice, 18, float(ctx_.width) / 2.f, y, sf::Color(255, 220, 200),
                   float(ctx_.width) - 20.f, 1.5f);
}

std::unique_ptr<Screen> makeFight(Context& ctx, const sim::MatchSetup& given) {
    sim::MatchSetup setup = given;
    if (ctx.flags->roundSeconds > 0 && setup.mode != sim::Mode::Training)
        setup.roundFrames = ctx.flags->roundSeconds * sim::kFps;
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
    auto live = std::make_unique<LiveSource>(setup, *ctx.fighter(setup.fighter[0]), *ctx.fighter(setup.fighter[1]),
                                             record ? ctx.flags->replayDir : "");
    return std::make_unique<FightScreen>(ctx, std::move(live));
}

std::unique_ptr<Screen> makeReplayFight(Context& ctx, const sim::RunFile& run) {
    const sim::FighterDef* p1 = ctx.fighter(run.setup.fighter[0]);
    const sim::FighterDef* p2 = ctx.fighter(run.setup.fighter[1]);
    assert(p1 != nullptr && p2 != nullptr && "the caller checks the replay's fighters were loaded");
    auto source = std::make_unique<ReplaySource>(run, *p1, *p2);
    if (!ctx.flags->replayFile.empty() && run.path == ctx.flags->replayFile) {  // the command line's run: its status
        Context* c = &ctx;
        source->onFailure([c] { c->runFailed = true; });
    }
    return std::make_unique<FightScreen>(ctx, std::move(source));
}

}  // namespace app
