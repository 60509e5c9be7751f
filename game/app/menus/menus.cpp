// Title, mode select, fighter select, pause and controls screens. A menu is a list of labelled items with an
// action each; either player's up/down moves the cursor, start or a light attack confirms, back returns.
#include "game/app/menus/arcade.h"
#include "game/app/draw.h"
#include "game/app/fight/fight_draw.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/input/fresh_press.h"
#include "game/view/live_rules.h"
#include "game/app/menus/select_layout.h"
#include "game/app/menus/mode_about.h"
#include "game/app/menus/select_memory.h"
#include "game/app/menus/move_list_draw.h"
#include "game/app/menus/options_model.h"
#include "game/app/menus/trials.h"
#include "game/app/screen.h"
#include "game/app/view_logic.h"
#include "game/view/draw_list.h"

#include <SFML/Graphics/Text.hpp>

#include <algorithm>
#include <chrono>
#include <functional>

namespace app {
namespace {

constexpr ActionSet kMenuOk = kStartOrLight | bit(kFire);
constexpr ActionSet kMenuBack = bit(kBack);

void drawBackdrop(sf::RenderTarget& t, const Context& ctx, long ticks) {
    StageView v;
    drawStage(t, v, ticks);
    fillRect(t, 0.f, 0.f, float(ctx.width), float(ctx.height), sf::Color(10, 6, 20, 150));
}

/// A menu's heading, shrunk to fit `maxWidth` (a match-over heading names the winner: "P2 TASHA WINS").
void drawTitleText(sf::RenderTarget& t, const Context& ctx, const std::string& title, float y, float maxWidth) {
    drawTextFitted(t, ctx.res->display, title, 76, float(ctx.width) / 2.f, y - 8.f, sf::Color(255, 220, 110), maxWidth,
                   4.f);
}

/// A vertical menu.
class MenuScreen : public Screen {
public:
    struct Item {
        std::string label;
        std::function<void()> action;
    };
    /// `calm`: ticks the confirm buttons must be up before a press counts (FreshPress; 0 for menus opened on purpose).
    MenuScreen(Context& ctx, std::string title, std::vector<Item> items, std::function<void()> onBack, bool overlay,
               int calm = 0)
        : ctx_(ctx), title_(std::move(title)), items_(std::move(items)), onBack_(std::move(onBack)), overlay_(overlay),
          ok_(kMenuOk, calm) {}

    void tick(const Tick& in) override {
        ++ticks_;
        const int n = int(items_.size());
        if (in.pressedAny(kEitherUp)) cursor_ = (cursor_ + n - 1) % n, ctx_.res->sound.play(Sfx::Blip);
        if (in.pressedAny(kEitherDown)) cursor_ = (cursor_ + 1) % n, ctx_.res->sound.play(Sfx::Blip);
        if (ok_.confirms(in.held, in.pressed)) {
            ctx_.res->sound.play(Sfx::Blip);
            items_[std::size_t(cursor_)].action();
        } else if (in.pressedAny(kMenuBack) && onBack_) {
            onBack_();
        }
    }

    void draw(sf::RenderTarget& t) override {
        if (high_) return drawHigh(t);
        // A long menu starts higher and packs closer, above the hint line; its heading moves up with it.
        const std::size_t n = items_.size();
        const float step = n <= 6    ? 52.f
                           : n <= 8  ? 46.f
                           : n <= 11 ? 40.f
                                     : 35.f,
                    top = n <= 6    ? 280.f
                          : n <= 8  ? 250.f
                          : n <= 11 ? 232.f
                                    : 212.f;
        const unsigned size = n <= 11 ? 28 : 25;
        if (bar_ == 0.f) bar_ = std::max(440.f, widestLabel(size) + 40.f);  // the highlight holds the longest item
        const float bar = bar_;
        if (overlay_) {  // the panel ends just under its last item, whatever the spacing
            fillRect(t, 0.f, 0.f, float(ctx_.width), float(ctx_.height), sf::Color(0, 0, 0, 150));
            fillRect(t, float(ctx_.width) / 2.f - bar / 2.f - 40.f, 124.f, bar + 80.f,
                     top + step * float(n) + 16.f - 124.f, sf::Color(16, 12, 30, 250), sf::Color(255, 210, 100), 2.f);
        } else {
            drawBackdrop(t, ctx_, ticks_);
        }
        drawTitleText(t, ctx_, title_, n <= 8 || overlay_ ? 150.f : 118.f, overlay_ ? 500.f : float(ctx_.width) - 40.f);
        drawItems(t, top, step, size, float(ctx_.width) / 2.f);
        const std::string about = about_ ? about_(items_[std::size_t(cursor_)].label) : "";
        if (!about.empty())  // in the Online menu's style, between the last item and the key line
            drawTextFitted(t, ctx_.res->font, about, 18, float(ctx_.width) / 2.f, float(ctx_.height) - 70.f,
                           sf::Color(255, 230, 160), float(ctx_.width) - 40.f, 1.f);
        drawHint(t);
    }

    /// Shows `about(label)` of the highlighted item under the menu (nothing for "").
    void describeWith(const char* (*about)(const std::string&)) { about_ = about; }

    /// Draws as a short panel under the HUD centred on `x` instead, the fight not dimmed, so that what stands beside
    /// the menu (a match's winner in its pose) stays in view.
    void keepFightInView(float x) { high_ = true, highX_ = x; }

    bool transparent() const override { return overlay_; }
    /// Puts the cursor on the item labelled `label` (it stays where it is when there is none).
    void select(const std::string& label) {
        for (std::size_t i = 0; i < items_.size(); ++i) {
            if (items_[i].label == label) cursor_ = int(i);
        }
    }

private:
    /// The short panel of keepFightInView: from under the HUD's mode line (row 118) to about row 320, above the
    /// loser's side.
    void drawHigh(sf::RenderTarget& t) {
        const float step = 38.f, top = 198.f, panelTop = 118.f;
        const unsigned size = 24;
        if (bar_ == 0.f) bar_ = std::max(340.f, widestLabel(size) + 40.f);
        fillRect(t, highX_ - bar_ / 2.f - 30.f, panelTop, bar_ + 60.f,
                 top + step * float(items_.size()) + 4.f - panelTop, sf::Color(16, 12, 30, 235),
                 sf::Color(255, 210, 100), 2.f);
        drawTextFitted(t, ctx_.res->display, title_, 56, highX_, panelTop + 4.f, sf::Color(255, 220, 110), bar_ + 40.f,
                       4.f);
        drawItems(t, top, step, size, highX_);
        drawHint(t);
    }
    void drawItems(sf::RenderTarget& t, float top, float step, unsigned size, float cx) const {
        for (std::size_t i = 0; i < items_.size(); ++i) {
            const bool on = int(i) == cursor_;
            const float y = top + step * float(i);
            const float boxY = size < 28 ? y - 1.f : y - 4.f, boxH = size < 28 ? step - 2.f : step - 6.f;
            if (on)
                fillRect(t, cx - bar_ / 2.f, boxY, bar_, boxH, sf::Color(255, 200, 80, 60), sf::Color(255, 210, 100),
                         2.f);
            drawText(t, ctx_.res->font, items_[i].label, size, cx, y,
                     on ? sf::Color(255, 240, 180) : sf::Color(210, 210, 220), Align::Center, 2.f);
        }
    }
    void drawHint(sf::RenderTarget& t) const {
        drawText(t, ctx_.res->font, "W/S or arrows: move    Enter / J: choose    Esc: back", 16,
                 float(ctx_.width) / 2.f, float(ctx_.height) - 40.f, sf::Color(200, 200, 210), Align::Center, 1.f);
    }
    /// The widest item's label at `size` (the outline drawText adds included), in pixels.
    float widestLabel(unsigned size) const {
        float widest = 0.f;
        for (const Item& item : items_) {
            const sf::Text text(sf::String::fromUtf8(item.label.begin(), item.label.end()), ctx_.res->font, size);
            widest = std::max(widest, text.getLocalBounds().width + 4.f);
        }
        return widest;
    }

    Context& ctx_;
    std::string title_;
    std::vector<Item> items_;
    float bar_ = 0.f;  // the highlight's width, measured at the first draw (the items do not change)
    std::function<void()> onBack_;
    bool overlay_;
    const char* (*about_)(const std::string&) = nullptr;  // the line under the menu for the highlighted label
    bool high_ = false;  // keepFightInView: a short panel under the HUD, centred on highX_
    float highX_ = 0.f;
    FreshPress ok_;
    int cursor_ = 0;
    long ticks_ = 0;
};

class TitleScreen : public Screen {
public:
    explicit TitleScreen(Context& ctx) : ctx_(ctx) {
        ctx.res->sound.music(view::Song::Title);  // the title's and menus' loop
        sim::MatchSetup s;                        // the two default fighters, idling under the title
        s.mode = sim::Mode::Training;
        const sim::FighterDef* a = ctx.fighter(s.fighter[0]);
        const sim::FighterDef* b = ctx.fighter(s.fighter[1]);
        if (a == nullptr) a = &ctx.fighters.front();
        if (b == nullptr) b = &ctx.fighters.back();
        s.startX[0] = 330;
        s.startX[1] = 870;
        idle_ = std::make_unique<sim::Fight>(s, *a, *b);
    }
    void tick(const Tick& in) override {
        ++ticks_;
        idle_->step({});
        if (in.pressedAny(kMenuOk)) {
            ctx_.res->sound.play(Sfx::Blip);
            ctx_.stack->push(ctx_.firstStart ? makeOptions(ctx_, true) : makeModeSelect(ctx_));
        } else if (in.pressedAny(kMenuBack)) {
            ctx_.quit = true;
        }
    }
    void draw(sf::RenderTarget& t) override {
        StageView v;
        drawStage(t, v, ticks_);
        for (int p = 0; p < 2; ++p)
            drawFighter(t, v, idle_->def(p), idle_->state().fighters[p], ticks_,
                        p == 1 && idle_->def(0).id == idle_->def(1).id);
        fillRect(t, 0.f, 0.f, float(ctx_.width), float(ctx_.height), sf::Color(10, 6, 20, 60));
        const float cx = float(ctx_.width) / 2.f;
        drawText(t, ctx_.res->display, "BVH FIGHTER", 150, cx, 86.f, sf::Color(255, 215, 100), Align::Center, 6.f);
        drawText(t, ctx_.res->font, "a fighting game, two players or against the CPU", 26, cx, 292.f,
                 sf::Color(230, 220, 255), Align::Center, 2.f);
        if ((ticks_ / 30) % 2 == 0)
            drawText(t, ctx_.res->display, "PRESS ENTER", 48, cx, 420.f, sf::Color::White, Align::Center, 3.f);
        drawText(t, ctx_.res->font, "Enter starts    F1 hitbox overlay in a fight    Esc quits", 16, cx,
                 float(ctx_.height) - 40.f, sf::Color(200, 200, 210), Align::Center, 1.f);
        const std::string quiet =
            soundOffLine(ctx_.flags->mute || ctx_.flags->demo, ctx_.res->sound.enabled(), ctx_.settings.volume);
        if (!quiet.empty())
            drawText(t, ctx_.res->font, quiet, 16, cx, float(ctx_.height) - 68.f, sf::Color(255, 210, 150),
                     Align::Center, 1.f);
    }

private:
    Context& ctx_;
    std::unique_ptr<sim::Fight> idle_;
    long ticks_ = 0;
};

/// Cycle each player's fighter with left/right (P1 keys for player 1, P2 keys for player 2), start confirms.
class FighterSelectScreen : public Screen {
public:
    /// `arcade`: only P1 picks; the ladder is every fighter in file order (mode is VersusCpu).
    FighterSelectScreen(Context& ctx, sim::Mode mode, bool arcade = false) : ctx_(ctx), mode_(mode), arcade_(arcade) {
        startPicks(ctx.fighterIds, ctx.lastPick, pick_);
        cpuLevel_ = startCpuLevel(ctx.lastCpuLevel);
        if (arcade_) pick_[1] = 0;  // the first opponent of the ladder
        rebuildPreview();
    }
    void tick(const Tick& in) override {
        ++ticks_;
        const int n = int(ctx_.fighters.size());
        bool changed = false;
        for (int p = 0; p < (arcade_ ? 1 : 2); ++p) {
            // Against the CPU, player 1 also picks the opponent with up/down.
            const Action left = p == 0 ? kP1Left : kP2Left, right = p == 0 ? kP1Right : kP2Right;
            ActionSet l = bit(left), r = bit(right);
            if (p == 1 && mode_ != sim::Mode::Versus) l |= bit(kP1Up), r |= bit(kP1Down);
            if (in.pressedAny(l)) pick_[p] = (pick_[p] + n - 1) % n, changed = true;
            if (in.pressedAny(r)) pick_[p] = (pick_[p] + 1) % n, changed = true;
        }
        if (mode_ == sim::Mode::VersusCpu && !arcade_ && in.pressedAny(bit(kP1Heavy))) {  // K: the CPU's level, 1..4
            cpuLevel_ = cpuLevel_ % sim::kMaxCpuLevel + 1;
            ctx_.res->sound.play(Sfx::Blip);
        }
        toggleColors(in);
        if (!arcade_ && in.pressedAny(bit(kP1Medium))) {  // the medium button: the stage, drawn behind the preview
            ctx_.stage = view::nextStage(ctx_.stage);
            ctx_.res->sound.play(Sfx::Blip);
        }
        if (changed) ctx_.res->sound.play(Sfx::Blip), rebuildPreview();
        if (preview_) preview_->step({});
        if (in.pressedAny(kStartOrLight)) startMatch();
        else if (in.pressedAny(kMenuBack)) ctx_.stack->pop();
    }
    /// Side p's compact move list: beside its fighter, its rows tightened when the list would run off the screen.
    MoveListLayout panelLayout(int p) const {
        MoveListLayout at;
        at.width = kSelectListWidth;
        at.x = selectListX(p, float(ctx_.width));
        at.y = kSelectListTop;
        at.row = 22.f;
        at.details = false;
        at.basics = false;
        at.row = rowToFit(shownMoves(lists_[p], at), at, float(ctx_.height) - 4.f, 17.f);
        return at;
    }
    void draw(sf::RenderTarget& t) override {
        StageView v;
        v.stage = arcade_ ? view::kStageDusk : ctx_.stage;
        drawStage(t, v, ticks_);
        drawPlates(t);
        drawTitleText(t, ctx_, arcade_ ? "ARCADE: CHOOSE YOUR FIGHTER" : "CHOOSE YOUR FIGHTERS", 100.f,
                      float(ctx_.width) - 40.f);
        for (int p = 0; p < 2; ++p) {
            drawFighter(t, v, preview_->def(p), preview_->state().fighters[p], ticks_,
                        wearsAltColors(p, pick_[0] == pick_[1], ctx_.altColor));
            // Each side: who picks, the fighter's name, and its move list (with its archetype and difficulty).
            const MoveListLayout at = panelLayout(p);
            const float x = at.x + at.width / 2.f;
            const std::string who = p == 0                         ? "P1"
                                    : mode_ == sim::Mode::Versus   ? "P2"
                                    : mode_ == sim::Mode::Training ? "DUMMY"
                                                                   : "CPU";
            const sf::Color whoColor = p == 0 ? sf::Color(120, 190, 255) : sf::Color(255, 130, 120);
            const float wx =
                drawText(t, ctx_.res->font, who, kSelectWho.size, at.x + 4.f, kSelectWho.y, whoColor, Align::Left, 2.f);
            const std::string& shown = ctx_.fighters[std::size_t(pick_[p])].display;
            drawText(t, ctx_.res->font, p == 1 && arcade_ ? "first: " + shown : "\u25c0  " + shown + "  \u25b6",
                     kSelectName.size, x + wx / 2.f, kSelectName.y, sf::Color::White, Align::Center, 3.f);
            const int keysOf = p == 1 && mode_ == sim::Mode::Versus ? 1 : 0;  // a CPU's or dummy's: P1's keys
            drawMoveList(t, ctx_.res->font, ctx_.fighters[std::size_t(pick_[p])], lists_[p], at,
                         keysOfPlayer(*ctx_.bindings, keysOf));
            drawColorLine(t, p, x);
        }
        // The ladder or the CPU level: two lines in the gap between the move lists, above the fighters.
        const float gap = float(ctx_.width) - 2.f * kSelectGapMargin, cx = float(ctx_.width) / 2.f;
        const sf::Color gold(255, 220, 150);
        const float y1 = kSelectLevel.y, y2 = kSelectLevelText.y;
        if (arcade_) {
            std::string names;
            for (std::size_t i = 0; i < ctx_.fighters.size(); ++i) names += (i ? ", " : "") + ctx_.fighters[i].display;
            drawTextFitted(t, ctx_.res->font, "every fighter in turn, the CPU", 20, cx, y1, gold, gap, 2.f);
            drawTextFitted(t, ctx_.res->font, "stronger each stage: " + names, 20, cx, y2, gold, gap, 2.f);
        } else if (mode_ == sim::Mode::VersusCpu) {
            static const char* const kLevelText[] = {"", "slow, rarely blocks", "blocks now and then",
                                                     "quick, blocks often", "frame data: reacts, anti-airs, punishes"};
            drawTextFitted(t, ctx_.res->font,
                           "CPU LEVEL " + std::to_string(cpuLevel_) + "    " + keyOf(kP1Heavy) + ": change",
                           kSelectLevel.size, cx, y1, gold, gap, 2.f);
            drawTextFitted(t, ctx_.res->font, kLevelText[cpuLevel_], kSelectLevelText.size, cx, y2, gold, gap, 2.f);
        }
        if (!arcade_) {
            drawTextFitted(t, ctx_.res->font,
                           std::string("STAGE  \u25c0 ") + view::stageName(ctx_.stage) + " \u25b6    " +
                               keyOf(kP1Medium) + ": change",
                           kSelectStage.size, cx, kSelectStage.y, sf::Color(180, 220, 255), gap, 2.f);
        }
        const std::string hint = mode_ == sim::Mode::Versus ? "P1: A/D    P2: Left/Right    Enter: fight    Esc: back"
                                 : arcade_                  ? "A/D: your fighter    Enter: start    Esc: back"
                                           : "A/D: your fighter    W/S: opponent    Enter: fight    Esc: back";
        drawTextFitted(t, ctx_.res->font, hint, 18, float(ctx_.width) / 2.f, float(ctx_.height) - 40.f,
                       sf::Color(230, 230, 240), float(ctx_.width) - 2.f * 420.f, 2.f);  // between the two move lists
    }

private:
    /// The colour keys: each player's special button, or against the CPU or the dummy player 1's throw for it.
    Action colorKey(int p) const { return p == 0 ? kP1Special : mode_ == sim::Mode::Versus ? kP2Special : kP1Throw; }
    void toggleColors(const Tick& in) {
        for (int p = 0; p < (arcade_ ? 1 : 2); ++p) {
            if (!in.pressedAny(bit(colorKey(p)))) continue;
            ctx_.altColor[p] = !ctx_.altColor[p];
            ctx_.res->sound.play(Sfx::Blip);
        }
    }
    /// "colours 2 (alternate)   L: change" under a side's name.
    void drawColorLine(sf::RenderTarget& t, int p, float x) const {
        const bool alt = wearsAltColors(p, pick_[0] == pick_[1], ctx_.altColor);
        std::string line = std::string("colours ") + (alt ? "2" : "1");
        if (alt != ctx_.altColor[p]) line += " (mirror match)";
        if (!(arcade_ && p == 1)) line += "   " + keyOf(colorKey(p)) + ": change";
        drawText(t, ctx_.res->font, line, kSelectColours.size, x, kSelectColours.y, sf::Color(200, 200, 215),
                 Align::Center, 1.f);
    }
    /// The dark plates the header lines sit on (select_layout.h: the night sky's stars would show between letters).
    void drawPlates(sf::RenderTarget& t) const {
        const bool level = arcade_ || mode_ == sim::Mode::VersusCpu;
        for (const SelectPlate& p : selectPlates(float(ctx_.width), !arcade_, level))
            fillRect(t, p.x, p.y, p.width, p.height, sf::Color(12, 10, 24), sf::Color(255, 210, 100, 180), 1.5f);
    }
    /// The keys bound to an action, as the fight's hints name them ("Numpad3/Slash").
    std::string keyOf(Action a) const {
        return ctx_.bindings->keys[a].empty() ? std::string("(unbound)") : buttonKeysText(*ctx_.bindings, a);
    }
    void rebuildPreview() {
        for (int p = 0; p < 2; ++p) lists_[p] = view::moveList(ctx_.fighters[std::size_t(pick_[p])]);
        sim::MatchSetup s;
        s.mode = sim::Mode::Training;
        s.startX[0] = 520;  // between the two move lists
        s.startX[1] = 680;
        preview_ =
            std::make_unique<sim::Fight>(s, ctx_.fighters[std::size_t(pick_[0])], ctx_.fighters[std::size_t(pick_[1])]);
    }
    void startMatch() {
        for (int p = 0; p < 2; ++p)
            ctx_.lastPick[p] = arcade_ && p == 1 ? ctx_.lastPick[p] : pick_[p];  // kept for next time
        if (mode_ == sim::Mode::VersusCpu && !arcade_) ctx_.lastCpuLevel = cpuLevel_;
        if (arcade_) {
            startArcadeStage(ctx_,
                             std::make_shared<ArcadeLadder>(ctx_.fighterIds[std::size_t(pick_[0])], ctx_.fighterIds));
            return;
        }
        sim::MatchSetup s;
        s.mode = mode_;
        s.seed = freshSeed(ctx_);
        for (int p = 0; p < 2; ++p) s.fighter[p] = ctx_.fighterIds[std::size_t(pick_[p])];
        applyLiveRules(s, ctx_.style(0), ctx_.style(1));
        s.cpuLevel = cpuLevel_;
        std::unique_ptr<Screen> fight = makeFight(ctx_, s);
        if (fight) ctx_.stack->replaceAll(std::move(fight));
    }

    Context& ctx_;
    sim::Mode mode_;
    bool arcade_ = false;
    int pick_[2] = {0, 0};
    int cpuLevel_ = 1;  // versus CPU: the level chosen with K
    std::unique_ptr<sim::Fight> preview_;
    std::vector<view::MoveEntry> lists_[2];  // the picked fighters' move lists
    long ticks_ = 0;
};

}  // namespace

std::unique_ptr<Screen> makeTitle(Context& ctx) { return std::make_unique<TitleScreen>(ctx); }

namespace {

std::vector<MenuScreen::Item> modeItems(Context& ctx) {
    Context* c = &ctx;
    const auto fightMode = [c](sim::Mode m) { return [c, m] { c->stack->push(makeFighterSelect(*c, m)); }; };
    std::vector<MenuScreen::Item> items = {
        {"Tutorial",
         [c] {
             std::unique_ptr<Screen> t = makeTutorialPage(*c);
             if (t) c->stack->push(std::move(t));
         }},
        {"Versus player", fightMode(sim::Mode::Versus)},
        {"Arcade", [c] { c->stack->push(makeArcadeSelect(*c)); }},
        {"Versus CPU", fightMode(sim::Mode::VersusCpu)},
        {"Training", fightMode(sim::Mode::Training)},
        {"Combo trials",
         [c] {
             std::unique_ptr<Screen> t = makeTrialsPage(*c);
             if (t) c->stack->push(std::move(t));
         }},
        {"Online", [c] { c->stack->push(makeOnlineMenu(*c)); }},
        {"Replays", [c] { c->stack->push(makeReplayBrowser(*c)); }},
        {"Blaster",
         [c] {
             std::unique_ptr<Screen> b = makeBlaster(*c, false);
             if (b) c->stack->replaceAll(std::move(b));
         }},
        {"Options", [c] { c->stack->push(makeOptions(*c, false)); }},
        {"Controls", [c] { c->stack->push(makeControls(*c)); }},
        {"Quit", [c] { c->quit = true; }},
    };
    return items;
}

}  // namespace

std::vector<std::string> modeSelectLabels() {
    Context unused;  // the items' actions are never run here
    std::vector<std::string> labels;
    for (const MenuScreen::Item& item : modeItems(unused)) labels.push_back(item.label);
    return labels;
}

std::unique_ptr<Screen> makeModeSelect(Context& ctx, const std::string& at) {
    Context* c = &ctx;
    std::vector<MenuScreen::Item> items = modeItems(ctx);
    auto menu = std::make_unique<MenuScreen>(
        ctx, "SELECT MODE", std::move(items), [c] { c->stack->pop(); }, false);
    menu->describeWith(modeAbout);
    menu->select(at);
    return menu;
}

std::unique_ptr<Screen> makeFighterSelect(Context& ctx, sim::Mode mode) {
    return std::make_unique<FighterSelectScreen>(ctx, mode);
}

std::unique_ptr<Screen> makeArcadeSelect(Context& ctx) {
    return std::make_unique<FighterSelectScreen>(ctx, sim::Mode::VersusCpu, true);
}

std::unique_ptr<Screen> makePause(Context& ctx, FightScreen& fight) {
    Context* c = &ctx;
    FightScreen* f = &fight;
    std::vector<MenuScreen::Item> items = {
        {"Resume", [c] { c->stack->pop(); }},
        {"Reset (restart match)", [c, f] { f->resetMatch(), c->stack->pop(); }},
        {"Move list",
         [c, f] {
             const sim::MatchSetup& s = f->source().setup();
             const bool p2Human = s.mode == sim::Mode::Versus && !s.isCpu(1) && !s.isDummy(1);
             c->stack->push(makeMoveListScreen(*c, f->source().fighter(0), f->source().fighter(1), p2Human));
         }},
        {"Training settings", [c, f] { c->stack->push(makeTrainingPage(*c, *f)); }},
        {"Controls", [c] { c->stack->push(makeControls(*c)); }},
        {"Save a bug report here", [c, f] { c->stack->push(makeBugReport(*c, *f)); }},
        {"Quit to title", [c] { c->stack->replaceAll(makeTitle(*c)); }},
    };
    if (fight.trainingTools() == nullptr ||
        !fight.source().takesSetups()) {  // the training page: training played here only
        items.erase(std::remove_if(items.begin(), items.end(),
                                   [](const MenuScreen::Item& i) { return i.label == "Training settings"; }),
                    items.end());
    }
    if (fight.source().playedInputs() == nullptr) {  // a bug report holds the inputs played here: none to save
        items.erase(std::remove_if(items.begin(), items.end(),
                                   [](const MenuScreen::Item& i) { return i.label == "Save a bug report here"; }),
                    items.end());
    }
    if (fight.source().isLesson()) {  // the tutorial: its own words, and a way past a lesson that will not come
        items[1].label = "Restart the lesson";
        items.insert(items.begin() + 2, {"Skip to the next lesson", [c, f] { f->skipLesson(), c->stack->pop(); }});
        items.insert(items.end() - 1, {"Leave the tutorial", [c] {
                                           if (c->stack->size() > 2) return c->stack->pop(), c->stack->pop();
                                           c->stack->replaceAll(makeTitle(*c));  // opened by itself (--show tutorial)
                                           c->stack->push(makeModeSelect(*c));
                                       }});
    } else if (fight.watching()) {  // a replay: back to whatever opened it (the replay browser), or quit
        items.insert(items.end() - 1, {"Leave the replay", [c] { c->stack->pop(), c->stack->pop(); }});
    }
    if (fight.recordsOnRequest()) {  // training: replays only on request
        const bool on = fight.recording();
        items.insert(items.begin() + 2, {on ? "Stop recording the replay" : "Record a replay (restarts here)",
                                         [c, f, on] { f->setRecording(!on), c->stack->pop(); }});
    }
    return std::make_unique<MenuScreen>(
        ctx, "PAUSED", std::move(items), [c] { c->stack->pop(); }, true);
}

std::unique_ptr<Screen> makeMatchOver(Context& ctx, FightScreen& fight, const std::string& result, sim::Mode mode) {
    Context* c = &ctx;
    FightScreen* f = &fight;
    const std::function<void()> toSelect = [c, mode] {
        c->stack->replaceAll(makeTitle(*c));  // so Esc from the select screen walks back as usual, to this mode
        c->stack->push(makeModeSelect(*c, mode == sim::Mode::Versus     ? "Versus player"
                                          : mode == sim::Mode::Training ? "Training"
                                                                        : "Versus CPU"));
        c->stack->push(makeFighterSelect(*c, mode));
    };
    std::vector<MenuScreen::Item> items = {
        {"Rematch", [c, f] { f->resetMatch(), c->stack->pop(); }},
        {"Character select", toSelect},
        {"Title", [c] { c->stack->replaceAll(makeTitle(*c)); }},
    };
    // No "resume": it is over, so Esc (the hint's "back") goes back to character select. It opens by itself under
    // hands that were just fighting: fresh presses only.
    auto menu = std::make_unique<MenuScreen>(ctx, result, std::move(items), toSelect, true, FreshPress::kCalmTicks);
    const sim::FightState& s = fight.source().fight().state();
    const int w = s.matchWinner == 1 ? 1 : 0;  // a draw: the middle
    menu->keepFightInView(matchOverPanelX(float(ctx.width), s.matchWinner, s.fighters[w].x, s.fighters[1 - w].x));
    return menu;
}

}  // namespace app
