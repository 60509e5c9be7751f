// The arcade ladder's screens: starting a stage's match, and the panel over a finished one: the next stage after
// a win, a continue countdown after a loss (Enter: the same opponent again; Esc or zero: game over), the clear
// after the last stage. The panel takes only a fresh press (FreshPress), as the match-over menu does.
#include "game/app/menus/arcade.h"
#include "game/app/draw.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/input/fresh_press.h"
#include "game/view/live_rules.h"
#include "game/app/screen.h"
#include "game/app/view_logic.h"
#include "game/view/draw_list.h"

namespace app {
namespace {

constexpr int kContinueSeconds = 10;

class ArcadeResultScreen : public Screen {
public:
    ArcadeResultScreen(Context& ctx, std::shared_ptr<ArcadeLadder> run, int winner, float x)
        : ctx_(ctx), run_(std::move(run)), next_(run_->afterMatch(winner)), ok_(kStartOrLight, FreshPress::kCalmTicks),
          x_(x) {}

    void tick(const Tick& in) override {
        ++ticks_;
        const bool ok = ok_.confirms(in.held, in.pressed);
        if (gameOver_) {
            if (ok || in.pressedAny(bit(kBack)) || ticks_ - gameOverAt_ > 4 * sim::kFps)
                ctx_.stack->replaceAll(makeTitle(ctx_));
            return;
        }
        switch (next_) {
        case ArcadeNext::NextStage:
            if (ok) startArcadeStage(ctx_, run_);
            break;
        case ArcadeNext::Cleared:
            if (ok || in.pressedAny(bit(kBack))) ctx_.stack->replaceAll(makeTitle(ctx_));
            break;
        case ArcadeNext::Continue:
            if (ok) {
                run_->useContinue();
                startArcadeStage(ctx_, run_);
            } else if (in.pressedAny(bit(kBack)) || secondsLeft() <= 0) {
                gameOver_ = true;
                gameOverAt_ = ticks_;
            }
            break;
        }
    }

    void draw(sf::RenderTarget& t) override {
        // Under the HUD over the loser's half, the fight not dimmed: the winner's pose stays in view beside it.
        const float cx = x_, width = 560.f, inner = width - 40.f;
        fillRect(t, cx - width / 2.f, 118.f, width, 230.f, sf::Color(16, 12, 30, 240), sf::Color(255, 210, 100), 2.f);
        std::string head, line1, line2;
        const std::string stage =
            "stage " + std::to_string(run_->stage() + 1) + " of " + std::to_string(run_->stages());
        if (gameOver_) {
            head = "GAME OVER";
            line1 = "continues used: " + std::to_string(run_->continues());
            line2 = "Enter: title";
        } else if (next_ == ArcadeNext::NextStage) {
            head = "YOU WIN";
            line1 = "next: " + name(run_->opponent()) + "  (" + stage + ", CPU level " +
                    std::to_string(run_->cpuLevel()) + ")";
            line2 = "Enter: fight";
        } else if (next_ == ArcadeNext::Cleared) {
            head = "ARCADE CLEAR";
            line1 =
                name(run_->player()) + " beat every fighter, " + std::to_string(run_->continues()) + " continues used";
            line2 = "Enter: title";
        } else {
            head = "CONTINUE?  " + std::to_string(std::max(0, secondsLeft()));
            line1 = name(run_->opponent()) + " again  (" + stage + ")";
            line2 = "Enter: continue    Esc: give up";
        }
        drawTextFitted(t, ctx_.res->display, head, 64, cx, 130.f, sf::Color(255, 220, 110), inner, 4.f);
        drawTextFitted(t, ctx_.res->font, line1, 22, cx, 240.f, sf::Color(230, 230, 240), inner, 2.f);
        drawText(t, ctx_.res->font, line2, 20, cx, 300.f, sf::Color(255, 240, 180), Align::Center, 2.f);
    }

    bool transparent() const override { return true; }

private:
    int secondsLeft() const { return kContinueSeconds - int(ticks_ / sim::kFps); }
    std::string name(const std::string& id) const {
        const sim::FighterDef* d = ctx_.fighter(id);
        return d != nullptr ? d->display : id;
    }

    Context& ctx_;
    std::shared_ptr<ArcadeLadder> run_;
    ArcadeNext next_;
    FreshPress ok_;
    bool gameOver_ = false;
    long ticks_ = 0;
    long gameOverAt_ = 0;
    float x_;  // the panel's centre: over the loser's half (matchOverPanelX)
};

}  // namespace

void startArcadeStage(Context& ctx, const std::shared_ptr<ArcadeLadder>& run) {
    sim::MatchSetup s = run->setup(freshSeed(ctx));
    applyLiveRules(s, ctx.style(0), ctx.style(1));
    ctx.stage = run->stage() % view::kStageCount;  // the ladder alternates the stages
    std::unique_ptr<Screen> fight = makeFight(ctx, s);
    if (!fight) return;
    static_cast<FightScreen&>(*fight).setArcade(run);
    ctx.stack->replaceAll(std::move(fight));
}

std::unique_ptr<Screen> makeArcadeResult(Context& ctx, std::shared_ptr<ArcadeLadder> run, const sim::FightState& end) {
    const int w = end.matchWinner == 1 ? 1 : 0;  // a draw: the middle
    const float x = matchOverPanelX(float(ctx.width), end.matchWinner, end.fighters[w].x, end.fighters[1 - w].x);
    return std::make_unique<ArcadeResultScreen>(ctx, std::move(run), end.matchWinner, x);
}

}  // namespace app
