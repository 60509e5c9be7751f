// The spectator source: a match watched by room code. The link's net::SpectatorClient holds the host's confirmed
// inputs from frame 1; the source steps its own fight through them, kBehind frames behind the newest (a late
// spectator runs every frame it is behind in one tick, so it catches up at once and then watches live), and
// records them: the recording is the players'. Esc leaves; when the match is over or the stream is lost, the last
// state stays on screen with the reason.
#include "game/app/draw.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/replays/match_recorder.h"
#include "game/app/online/online.h"

#include <cctype>

namespace app {
namespace {

/// Frames the picture stays behind the newest input (room for the host's next packets; as `--behind` headless).
constexpr std::int64_t kBehind = 6;

class SpectatorSource : public FightSource {
public:
    SpectatorSource(Context& ctx, std::unique_ptr<OnlineLink> link)
        : ctx_(ctx), recorder_(ctx.flags->noRecord ? "" : ctx.flags->replayDir), link_(std::move(link)) {
        const net::Packet& w = link_->spectator()->welcome();
        setup_ = w.setup;
        for (int p = 0; p < 2; ++p) defs_[p] = ctx_.fighter(setup_.fighter[p]);
        if (defs_[0] == nullptr || defs_[1] == nullptr) {  // checked by makeSpectatorFight before
            return;
        }
        fight_ = std::make_unique<sim::Fight>(setup_, *defs_[0], *defs_[1]);
        recorder_.open(setup_, *fight_);
    }
    ~SpectatorSource() override { recorder_.finish(); }

    const sim::Fight& fight() const override { return *fight_; }
    const sim::MatchSetup& setup() const override { return setup_; }
    const sim::FighterDef& fighter(int p) const override { return *defs_[p]; }
    bool paced() const override { return false; }
    void restart() override {}
    bool recording() const override { return recorder_.active(); }
    std::string title() const override { return "SPECTATING"; }
    std::string takeWriteFailure(bool closing) override {
        if (closing) recorder_.finish();
        return recorder_.takeFailure();
    }
    Advance tick(const Tick& in, const sim::FrameInput* /*keys*/) override {
        if (in.pressedAny(bit(kBack)) || (ended() && in.pressedAny(bit(kStart)))) {
            recorder_.finish();
            ctx_.stack->replaceAll(makeTitle(ctx_));
            return {nullptr, false, true};
        }
        net::SpectatorClient& c = *link_->spectator();
        link_->tick(0);
        const std::int64_t have = std::int64_t(c.inputs().size());
        const bool over = c.lastFrame() > 0 && have >= std::int64_t(c.lastFrame());
        const std::int64_t target = over ? std::int64_t(c.lastFrame()) : have - kBehind;
        const std::int64_t before = frame_;
        while (frame_ < target) {  // a late spectator simulates every frame it is behind at once
            const sim::FrameInput& f = c.inputs()[std::size_t(frame_)];
            fight_->step(f);
            recorder_.frame(f, *fight_);
            ++frame_;
        }
        if (ended()) recorder_.finish();  // the whole match (or all of it that came): the file is complete
        return {frame_ > before ? fight_.get() : nullptr};
    }
    bool ended() const override {
        const net::SpectatorClient& c = *link_->spectator();
        return c.state() == net::SpectatorState::Done || (c.lastFrame() > 0 && frame_ >= std::int64_t(c.lastFrame()));
    }
    void addCounters(std::vector<std::string>& lines) const override {
        const net::SpectatorClient& c = *link_->spectator();
        lines.push_back("spectating: frame " + std::to_string(frame_) + "  received " +
                        std::to_string(c.inputs().size()) + "  host's newest " + std::to_string(c.hostNewest()) +
                        "  path " + link_->path());
    }
    void drawOver(sf::RenderTarget& t, const Context& ctx) const override {
        const net::SpectatorClient& c = *link_->spectator();
        const std::string line = "SPECTATING   " + link_->path() + "   frame " + std::to_string(frame_) + "   " +
                                 std::to_string(std::max<std::int64_t>(0, std::int64_t(c.hostNewest()) - frame_)) +
                                 " behind the players";
        const float y = float(ctx.height) - 30.f;
        drawText(t, ctx.res->font, line, 16, float(ctx.width) / 2.f, y - 26.f, sf::Color(170, 230, 255), Align::Center,
                 2.f);
        if (!ended()) return;
        const std::string msg = c.failure().empty() ? "match over" : c.failure();
        std::string upper;
        for (char ch : msg) upper += char(std::toupper(static_cast<unsigned char>(ch)));
        const float cy = float(ctx.height) * 0.62f;
        fillRect(t, 0.f, cy - 8.f, float(ctx.width), 86.f, sf::Color(0, 0, 0, 150));
        drawText(t, ctx.res->font, upper, 36, float(ctx.width) / 2.f, cy,
                 c.failure().empty() ? sf::Color(255, 240, 150) : sf::Color(255, 100, 90), Align::Center, 3.f);
        const std::string where = recorder_.path().empty() ? "" : "replay: " + recorder_.path();
        drawText(t, ctx.res->font, "Esc / Enter: back to the title", 18, float(ctx.width) / 2.f, cy + 46.f,
                 sf::Color::White, Align::Center, 1.5f);
        drawText(t, ctx.res->font, where, 14, float(ctx.width) / 2.f, cy + 70.f, sf::Color(210, 210, 220),
                 Align::Center, 1.f);
    }

private:
    Context& ctx_;
    MatchRecorder recorder_;
    std::unique_ptr<OnlineLink> link_;
    sim::MatchSetup setup_;
    const sim::FighterDef* defs_[2] = {nullptr, nullptr};
    std::unique_ptr<sim::Fight> fight_;
    std::int64_t frame_ = 0;
};

}  // namespace

std::unique_ptr<Screen> makeSpectatorFight(Context& ctx, std::unique_ptr<OnlineLink> link) {
    return std::make_unique<FightScreen>(ctx, std::make_unique<SpectatorSource>(ctx, std::move(link)));
}

}  // namespace app
