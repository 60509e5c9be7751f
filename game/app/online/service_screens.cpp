// The Online menu's service pages (SFML): Quick match and Ranked (the queue time, then who was found), Friends (your
// code, a friend's code to challenge) and Profile (rating, rank, the last matches, their replays). The logic is
// service_flow.h's; these screens draw it and take the keys. The window prints `match found: ...` on its standard
// output when a match is made (for scripts, like `game_headless --ranked`).
#include "game/app/draw.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/online/lobby_status.h"
#include "game/app/online/match_flow.h"
#include "game/app/online/online.h"
#include "game/app/online/online_screens.h"
#include "game/app/online/online_settings.h"
#include "game/io/atomic_file.h"
#include "game/io/run_file.h"
#include "game/run/online_flags.h"

#include <SFML/Window/Clipboard.hpp>
#include <SFML/Window/Keyboard.hpp>

#include <chrono>
#include <iostream>

namespace app {

ranked::RankedClient serviceClient(Context& ctx) {
#ifdef BVH_HAVE_RANKED_CLIENT
    return ranked::RankedClient(ranked::httpServiceCall(ctx.settings.service), playerIdentity(ctx));
#else
    return ranked::RankedClient(
        [](const std::string&, const std::string&, const std::string&) { return ranked::ServiceAnswer{}; },
        playerIdentity(ctx));
#endif
}

bool serviceClientBuilt() {
#ifdef BVH_HAVE_RANKED_CLIENT
    return true;
#else
    return false;
#endif
}

namespace {

const char* const kNoClient =
    "This build cannot reach the online service (it was built without cpp-httplib: "
    "apt-get install libcpp-httplib-dev, then build again).";

/// Milliseconds on the screen's own clock.
class Stopwatch {
public:
    std::int64_t ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0_).count();
    }

private:
    std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
};

std::string fighterName(const Context& ctx, const std::string& id) {
    const sim::FighterDef* d = ctx.fighter(id);
    return d ? d->display : id;
}

/// The service's estimate of the round trip to the opponent: `SEPabout 40 ms`, "" when it did not say.
std::string latencyText(const ranked::MatchFound& m, const std::string& separator) {
    return m.latencyMs < 0 ? "" : separator + "about " + std::to_string(m.latencyMs) + " ms";
}

const char* seekTitle(SeekKind k) {
    return k == SeekKind::Quick ? "QUICK MATCH" : k == SeekKind::Ranked ? "RANKED" : "CHALLENGE";
}

/// Quick match, Ranked or a challenge: the queue time, then who was found and what happens next.
class SeekScreen : public Screen {
public:
    SeekScreen(Context& ctx, SeekKind kind, const std::string& code)
        : ctx_(ctx), kind_(kind), runner_(makeThreadRunner()), spare_(makeThreadRunner()), fighter_(onlineFighter(ctx)),
          flow_(serviceClient(ctx), *runner_, kind, fighter_, code, run::rulesBuild(), ctx.settings.service) {}

    void tick(const Tick& in) override {
        ++ticks_;
        if (in.pressedAny(bit(kBack)) || (ended() && in.pressedAny(bit(kStart)))) {
            if (link_) link_->leave();
            flow_.cancel(*spare_);  // out of the queue; the answer is not awaited
            return ctx_.stack->pop();
        }
        if (serviceClientBuilt()) flow_.tick(clock_.ms());
        if (flow_.stage() == SeekFlow::Stage::Found && !said_) {
            said_ = true;
            const ranked::MatchFound& m = flow_.match();
            std::cout << "match found: " << m.id << " " << (m.ranked ? "ranked" : "unranked") << ", opponent "
                      << flow_.opponent().name << " (" << flow_.opponent().code << ")" << latencyText(m, ", ")
                      << std::endl;
            startMatch();
        }
        if (match_) meetOpponent();
    }
    void draw(sf::RenderTarget& t) override;

private:
    bool ended() const {
        return flow_.stage() == SeekFlow::Stage::Failed ||
               (match_ && (!linkError_.empty() || match_->flow->stage() == MatchFlow::Stage::Failed));
    }
    void startMatch();
    void meetOpponent();
    std::string waitingLine() const;
    void drawFound(sf::RenderTarget& t) const;

    Context& ctx_;
    SeekKind kind_;
    std::unique_ptr<RequestRunner> runner_, spare_;
    std::string fighter_;
    SeekFlow flow_;
    Stopwatch clock_;
    long ticks_ = 0;
    bool said_ = false;
    std::shared_ptr<ServiceMatch> match_;  // the match found: the hand-off to the lobby, then the fight's
    std::unique_ptr<OnlineLink> link_;
    std::string linkError_;
    std::int64_t foundAtMs_ = 0;
    static constexpr std::int64_t kShowFoundMs = 3000;
};

void SeekScreen::startMatch() {
    foundAtMs_ = clock_.ms();
    match_ = std::make_shared<ServiceMatch>();
    match_->runner = makeThreadRunner();
    match_->flow = std::make_unique<MatchFlow>(serviceClient(ctx_), *match_->runner, flow_.match(),
                                               ctx_.settings.service, run::rulesBuild());
}

// p1 opens the room at once and names it to the service; p2 joins once the service passed the room on. The fight
// starts when the handshake is done, as from the lobby screen.
void SeekScreen::meetOpponent() {
    MatchFlow& flow = *match_->flow;
    flow.tick(ranked::wallClockMs());
    if (!linkError_.empty() || flow.stage() == MatchFlow::Stage::Failed) return;
    const bool host = flow.plan().host;
    const bool shown = clock_.ms() - foundAtMs_ >= kShowFoundMs;  // the player sees whom they fight first
    if (!link_ && shown && (host || flow.stage() == MatchFlow::Stage::Playing)) {
        ServiceSeat seat{host,        flow.plan().lobby, flow.plan().opponent,
                         flow.room(), flow.plan().setup, flow.plan().matchId};
        link_ = std::make_unique<OnlineLink>(ctx_, ctx_.flags->online, seat);
    }
    if (!link_) return;
    if (!link_->error().empty()) {
        linkError_ = link_->error();
        link_.reset();
        return;
    }
    link_->tick(0);
    if (host && !link_->roomCode().empty()) flow.roomHosted(link_->roomCode());
    if (link_->hasPeer() && link_->peer().state() == net::PeerState::Done) {  // no match: the opponent never came
        linkError_ = link_->error().empty() ? link_->peer().endMessage() : link_->error();
        link_.reset();
        return;
    }
    if (link_->hasPeer() && link_->peer().session() != nullptr && link_->peer().state() == net::PeerState::Playing) {
        std::cout << "service match " << flow_.match().id << ": " << (host ? "hosted room " : "joined room ")
                  << flow.room() << ", opponent " << whoText(link_->peer().opponentName(), link_->peer().opponentKey())
                  << std::endl;
        ctx_.stack->replaceAll(makeOnlineFight(ctx_, std::move(link_), match_));
    }
}

std::string SeekScreen::waitingLine() const {
    const std::string dots(std::size_t((ticks_ / 20) % 4), '.');
    switch (flow_.stage()) {
    case SeekFlow::Stage::Greeting: return "reaching the service at " + ctx_.settings.service + dots;
    case SeekFlow::Stage::Clearing:
    case SeekFlow::Stage::Joining:
        return (kind_ == SeekKind::Challenge ? "sending the challenge" : "joining the queue") + dots;
    case SeekFlow::Stage::LookingUp: return "opponent found: asking who they are" + dots;
    default: return (kind_ == SeekKind::Challenge ? "waiting for your friend" : "looking for an opponent") + dots;
    }
}

void SeekScreen::draw(sf::RenderTarget& t) {
    drawPanel(t, ctx_, ticks_, seekTitle(kind_), 50.f);
    drawYou(t, ctx_, 124.f);
    const float cx = float(ctx_.width) / 2.f;
    const float w = float(ctx_.width) - 120.f;  // within the stage's lamp posts
    drawText(t, ctx_.res->font, "your fighter: " + fighterName(ctx_, fighter_), 20, cx, 158.f, kServiceGrey,
             Align::Center, 1.f);
    if (!serviceClientBuilt()) {
        drawTextFitted(t, ctx_.res->font, kNoClient, 22, cx, 300.f, kServiceRed, w, 1.5f);
    } else if (flow_.stage() == SeekFlow::Stage::Failed) {
        drawTextFitted(t, ctx_.res->font, flow_.message(), 24, cx, 300.f, kServiceRed, w, 1.5f);
    } else if (flow_.stage() == SeekFlow::Stage::Found) {
        drawFound(t);
    } else {
        // The clock counts the wait in the queue: while the service is still being reached, nobody is queued yet.
        const SeekFlow::Stage at = flow_.stage();
        if (at != SeekFlow::Stage::Greeting && at != SeekFlow::Stage::Clearing && at != SeekFlow::Stage::Joining) {
            drawText(t, ctx_.res->font, clockText(flow_.waitedMs(clock_.ms())), 72, cx, 220.f, kServiceGold,
                     Align::Center, 4.f);
            drawText(t, ctx_.res->font, kind_ == SeekKind::Challenge ? "waiting" : "in the queue", 20, cx, 310.f,
                     kServiceGrey, Align::Center, 1.f);
        }
        drawText(t, ctx_.res->font, waitingLine(), 26, cx, 360.f, sf::Color(230, 230, 240), Align::Center, 2.f);
        if (!flow_.message().empty())
            drawTextFitted(t, ctx_.res->font, flow_.message(), 20, cx, 410.f, kServiceBlue, w, 1.f);
    }
    drawHint(t, ctx_, ended() ? "Esc / Enter: back" : match_ ? "Esc: leave the match" : "Esc: leave the queue");
}

void SeekScreen::drawFound(sf::RenderTarget& t) const {
    const float cx = float(ctx_.width) / 2.f;
    const ranked::MatchFound& m = flow_.match();
    const ranked::PlayerCard& o = flow_.opponent();
    drawText(t, ctx_.res->font, "OPPONENT FOUND", 30, cx, 186.f, sf::Color(255, 220, 110), Align::Center, 2.f);
    drawText(t, ctx_.res->font, o.name.empty() ? "(the service did not say their name)" : o.name, 52, cx, 226.f,
             kServiceGold, Align::Center, 3.f);
    drawText(t, ctx_.res->font, o.code, 24, cx, 292.f, kServiceBlue, Align::Center, 1.5f);
    if (!o.name.empty()) {
        drawText(t, ctx_.res->font, "rating " + ratingText(o) + "    " + rankText(o), 22, cx, 326.f, sf::Color::White,
                 Align::Center, 1.5f);
    }
    const int them = flow_.opponentSeat();
    drawText(t, ctx_.res->font,
             "their fighter: " + fighterName(ctx_, m.fighter[them]) +
                 "    yours: " + fighterName(ctx_, m.fighter[1 - them]) + "    waited " +
                 clockText(flow_.waitedMs(clock_.ms())) + latencyText(m, "    "),
             20, cx, 362.f, kServiceGrey, Align::Center, 1.f);
    drawText(t, ctx_.res->font, "match " + std::to_string(m.id) + (m.ranked ? " (ranked)" : " (unranked)"), 18, cx,
             392.f, kServiceGrey, Align::Center, 1.f);
    if (!match_) return;
    const bool bad = !linkError_.empty() || match_->flow->stage() == MatchFlow::Stage::Failed;
    const std::string next =
        !linkError_.empty() ? "Could not meet your opponent: " + linkError_ + "." : matchStatusText(*match_->flow);
    drawTextFitted(t, ctx_.res->font, next, 22, cx, 444.f, bad ? kServiceRed : kServiceBlue, float(ctx_.width) - 60.f,
                   1.5f);
}

/// Friends: your code to give, a friend's code to challenge.
class FriendsScreen : public Screen {
public:
    explicit FriendsScreen(Context& ctx) : ctx_(ctx), mine_(net::fingerprint(playerIdentity(ctx).publicKey)) {}

    void tick(const Tick& in) override {
        ++ticks_;
        if (in.pressedAny(bit(kBack))) return ctx_.stack->pop();
        if (sf::Keyboard::isKeyPressed(sf::Keyboard::LControl) && sf::Keyboard::isKeyPressed(sf::Keyboard::C) &&
            !copied_) {
            sf::Clipboard::setString(mine_);
            copied_ = true;
        }
        pasteOnCtrlV();
        if (!in.pressedAny(bit(kStart))) return;
        const std::string code = net::normalFingerprint(friend_);
        if (code.empty()) {
            problem_ = "A code is 16 characters, 0-9 and a-f (the dashes may be left out), like " + mine_ + ".";
            return;
        }
        ctx_.res->sound.play(Sfx::Blip);
        ctx_.stack->push(makeSeekScreen(ctx_, SeekKind::Challenge, code));
    }
    void text(std::uint32_t unicode) override {
        typeInto(friend_, unicode, FieldKind::FriendCode);
        problem_.clear();
    }
    /// A friend's code usually arrives in a message: Ctrl+V puts the clipboard's in the field (what the field takes
    /// of it: hex digits and dashes), once a press.
    void pasteOnCtrlV() {
        const bool held = (sf::Keyboard::isKeyPressed(sf::Keyboard::LControl) ||
                           sf::Keyboard::isKeyPressed(sf::Keyboard::RControl)) &&
                          sf::Keyboard::isKeyPressed(sf::Keyboard::V);
        if (held && !pasteHeld_) {
            friend_.clear();
            for (const sf::Uint32 c : sf::Clipboard::getString()) typeInto(friend_, c, FieldKind::FriendCode);
            problem_.clear();
        }
        pasteHeld_ = held;
    }
    void draw(sf::RenderTarget& t) override {
        drawPanel(t, ctx_, ticks_, "FRIENDS", 50.f);
        drawYou(t, ctx_, 124.f);
        const float cx = float(ctx_.width) / 2.f;
        drawText(t, ctx_.res->font, "your code", 22, cx, 176.f, kServiceGrey, Align::Center, 1.f);
        drawText(t, ctx_.res->font, mine_, 52, cx, 206.f, kServiceGold, Align::Center, 3.f);
        drawText(t, ctx_.res->font, copied_ ? "copied to the clipboard" : "give it to your friend    Ctrl+C: copy", 18,
                 cx, 274.f, kServiceGrey, Align::Center, 1.f);
        drawText(t, ctx_.res->font, "your friend's code", 22, cx, 336.f, kServiceGrey, Align::Center, 1.f);
        const std::string cursor = (ticks_ / 30) % 2 == 0 ? "_" : " ";
        fillRect(t, cx - 260.f, 366.f, 520.f, 56.f, sf::Color(255, 200, 80, 40), sf::Color(255, 210, 100), 2.f);
        drawText(t, ctx_.res->font, friend_ + cursor, 40, cx, 372.f, sf::Color(255, 240, 180), Align::Center, 2.f);
        const std::string about =
            problem_.empty()
                ? "You both enter each other's code: the match is made when both have. No room code to read aloud."
                : problem_;
        drawTextFitted(t, ctx_.res->font, about, 20, cx, 446.f, problem_.empty() ? kServiceBlue : kServiceRed,
                       float(ctx_.width) - 60.f, 1.f);
        drawHint(t, ctx_, "type your friend's code (Ctrl+V: paste)    Enter: challenge    Esc: back");
    }

private:
    Context& ctx_;
    std::string mine_, friend_, problem_;
    bool copied_ = false, pasteHeld_ = false;
    long ticks_ = 0;
};

}  // namespace

std::unique_ptr<Screen> makeSeekScreen(Context& ctx, SeekKind kind, const std::string& code) {
    return std::make_unique<SeekScreen>(ctx, kind, code);
}

std::unique_ptr<Screen> makeFriendsScreen(Context& ctx) { return std::make_unique<FriendsScreen>(ctx); }

}  // namespace app
