// The Profile (SFML): the player's name and fingerprint, rating and deviation (provisional marked), place on the
// leaderboard, the last matches from the service, and a match's replay opened in the replay player (and kept in the
// replay folder as ranked-ID.freplay, so the replay browser lists it too).
#include "game/app/draw.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/online/online_screens.h"
#include "game/io/atomic_file.h"
#include "game/io/run_file.h"

#include <chrono>
#include <filesystem>
#include <iostream>

namespace app {
namespace {

class ProfileScreen : public Screen {
public:
    explicit ProfileScreen(Context& ctx)
        : ctx_(ctx), runner_(makeThreadRunner()), flow_(serviceClient(ctx), *runner_, ctx.settings.service) {}

    void tick(const Tick& in) override;
    void draw(sf::RenderTarget& t) override;

private:
    void openReplay(const std::string& text, std::int64_t id);
    void drawCard(sf::RenderTarget& t) const;
    void drawMatches(sf::RenderTarget& t) const;
    std::string fighterName(const std::string& id) const {
        const sim::FighterDef* d = ctx_.fighter(id);
        return d ? d->display : id;
    }

    Context& ctx_;
    std::unique_ptr<RequestRunner> runner_;
    ProfileFlow flow_;
    int cursor_ = 0;
    long ticks_ = 0;
    std::string problem_;  // a replay that could not be opened
};

void ProfileScreen::tick(const Tick& in) {
    ++ticks_;
    if (in.pressedAny(bit(kBack))) return ctx_.stack->pop();
    if (!serviceClientBuilt()) return;
    flow_.tick(0);
    const int n = int(flow_.matches().size());
    if (n > 0 && in.pressedAny(kEitherUp)) cursor_ = (cursor_ + n - 1) % n;
    if (n > 0 && in.pressedAny(kEitherDown)) cursor_ = (cursor_ + 1) % n;
    if (n > 0 && in.pressedAny(kStartOrLight)) {
        const bool open = flow_.matches()[std::size_t(cursor_)].row.state == "open";
        problem_ = open ? "That match has no replay: it was never decided (no result reached the service)." : "";
        if (!open) flow_.fetchReplay(std::size_t(cursor_));
    }
    std::string text;
    std::int64_t id = 0;
    if (flow_.takeReplay(text, id)) openReplay(text, id);
}

void ProfileScreen::openReplay(const std::string& text, std::int64_t id) {
    const std::string name = "ranked-" + std::to_string(id) + ".freplay";
    sim::RunFile run;
    io::Error error;
    if (!sim::parseRunFile(text, name, run, error)) {
        problem_ = "The service sent a replay this game cannot read: " + error.text();
        return;
    }
    const sim::FighterDef* p1 = ctx_.fighter(run.setup.fighter[0]);
    const sim::FighterDef* p2 = ctx_.fighter(run.setup.fighter[1]);
    if (!p1 || !p2 || !sim::checkRunAgainstFighters(run, *p1, *p2, error)) {
        problem_ = p1 && p2 ? error.text() : "That replay needs a fighter this game does not have.";
        return;
    }
    std::string why;
    const std::string& dir = ctx_.flags->replayDir;
    if (!dir.empty() && (!(why = io::makeFolder(dir)).empty() || !io::writeFileAtomically(dir + "/" + name, text, why)))
        std::cerr << why << " (the replay is shown, not kept)" << std::endl;
    ctx_.stack->push(makeReplayFight(ctx_, run));
}

void ProfileScreen::draw(sf::RenderTarget& t) {
    drawPanel(t, ctx_, ticks_, "PROFILE", 50.f);
    drawCard(t);
    const float cx = float(ctx_.width) / 2.f, w = float(ctx_.width) - 60.f;
    const std::string dots(std::size_t((ticks_ / 20) % 4), '.');
    using Stage = ProfileFlow::Stage;
    if (!serviceClientBuilt()) {
        drawTextFitted(t, ctx_.res->font, "This build cannot reach the online service (built without cpp-httplib).", 22,
                       cx, 330.f, kServiceRed, w, 1.5f);
    } else if (flow_.stage() == Stage::Failed) {
        drawTextFitted(t, ctx_.res->font, flow_.message(), 22, cx, 330.f, kServiceRed, w, 1.5f);
    } else if (flow_.stage() == Stage::Ready || flow_.stage() == Stage::FetchingReplay) {
        drawMatches(t);
    } else {
        drawText(t, ctx_.res->font, "asking the service at " + ctx_.settings.service + dots, 24, cx, 330.f,
                 sf::Color(230, 230, 240), Align::Center, 1.5f);
    }
    const std::string problem = !problem_.empty() ? problem_ : flow_.stage() == Stage::Ready ? flow_.message() : "";
    if (!problem.empty())
        drawTextFitted(t, ctx_.res->font, problem, 18, cx, float(ctx_.height) - 72.f, kServiceRed, w, 1.f);
    drawHint(t, ctx_,
             flow_.matches().empty() ? "Esc: back" : "W/S: pick a match    Enter: watch its replay    Esc: back");
}

void ProfileScreen::drawCard(sf::RenderTarget& t) const {
    const float cx = float(ctx_.width) / 2.f;
    const ranked::PlayerCard& c = flow_.card();
    drawText(t, ctx_.res->font, c.name, 40, cx, 128.f, kServiceGold, Align::Center, 3.f);
    drawText(t, ctx_.res->font, c.code + (ctx_.identityProblem.empty() ? "" : "   (a key for this run only)"), 22, cx,
             180.f, kServiceBlue, Align::Center, 1.5f);
    using Stage = ProfileFlow::Stage;
    if (flow_.stage() == Stage::Greeting || flow_.stage() == Stage::Card || flow_.stage() == Stage::Failed) return;
    drawText(t, ctx_.res->font,
             "rating " + ratingText(c) + "    " + std::to_string(c.games) + " rated games    " + rankText(c), 22, cx,
             214.f, sf::Color::White, Align::Center, 1.5f);
}

void ProfileScreen::drawMatches(sf::RenderTarget& t) const {
    const float cx = float(ctx_.width) / 2.f;
    const std::vector<ProfileMatch>& ms = flow_.matches();
    drawText(t, ctx_.res->font, "LAST MATCHES", 24, cx, 252.f, sf::Color(255, 220, 110), Align::Center, 2.f);
    if (ms.empty()) {
        drawText(t, ctx_.res->font, "none yet: play a Quick match or a Ranked one", 20, cx, 292.f, kServiceGrey,
                 Align::Center, 1.f);
        return;
    }
    const int shown = 8, first = std::max(0, std::min(cursor_ - shown / 2, int(ms.size()) - shown));
    for (int i = first; i < std::min(int(ms.size()), first + shown); ++i) {
        const ProfileMatch& m = ms[std::size_t(i)];
        const float y = 288.f + 34.f * float(i - first);
        const bool on = i == cursor_;
        if (on)
            fillRect(t, cx - 480.f, y - 3.f, 960.f, 31.f, sf::Color(255, 200, 80, 60), sf::Color(255, 210, 100), 2.f);
        const std::string line = m.result + "   " + fighterName(m.row.fighter[m.mySeat]) + " vs " +
                                 fighterName(m.row.fighter[1 - m.mySeat]) + "   " + m.opponent +
                                 (m.change.empty() ? "" : "   " + m.change) + "   match " + std::to_string(m.row.id);
        const sf::Color c = m.result == "won"    ? sf::Color(150, 240, 150)
                            : m.result == "lost" ? sf::Color(255, 160, 150)
                                                 : kServiceGrey;
        drawTextFitted(t, ctx_.res->font, line, 20, cx, y, on ? sf::Color(255, 240, 180) : c, 940.f, 1.5f);
    }
    if (flow_.stage() == ProfileFlow::Stage::FetchingReplay)
        drawText(t, ctx_.res->font, "fetching the replay...", 18, cx, 288.f + 34.f * shown, kServiceBlue, Align::Center,
                 1.f);
}

}  // namespace

std::unique_ptr<Screen> makeProfileScreen(Context& ctx) { return std::make_unique<ProfileScreen>(ctx); }

}  // namespace app
