// Online play in the window: the Online menu, the lobby and the link (see online.h). The fight itself is the fight
// view fed by the online source (online_source.cpp), made through makeOnlineFight.
#include "game/app/online.h"

#include "game/app/draw.h"
#include "game/app/fight_draw.h"
#include "game/app/live_rules.h"
#include "game/app/screen.h"
#include "game/io/text.h"

#include <random>

namespace app {
namespace {

constexpr std::size_t kMaxAddressLength = 64;

/// Loads fighters from those the app loaded at start-up (the same files the opponent's ids name).
net::FighterLoader contextLoader(Context& ctx) {
    Context* c = &ctx;
    return [c](const std::string& id, sim::FighterDef& out, std::string& error) {
        const sim::FighterDef* d = c->fighter(id);
        if (d == nullptr) {
            error = c->dataDir + "/fighters/" + id + ".fighter: no such fighter";
            return false;
        }
        out = *d;
        return true;
    };
}

/// Title -> mode select -> Online menu, as if chosen from the menus (so Esc keeps working from there).
void backToOnlineMenu(Context& ctx) {
    ctx.stack->replaceAll(makeTitle(ctx));
    ctx.stack->push(makeModeSelect(ctx));
    ctx.stack->push(makeOnlineMenu(ctx));
}

void drawPanel(sf::RenderTarget& t, const Context& ctx, long ticks, const std::string& title) {
    StageView v;
    drawStage(t, v, ticks);
    fillRect(t, 0.f, 0.f, float(ctx.width), float(ctx.height), sf::Color(10, 6, 20, 170));
    drawText(t, ctx.res->font, title, 56, float(ctx.width) / 2.f, 110.f, sf::Color(255, 220, 110), Align::Center, 4.f);
}

/// Waits for the handshake, then hands the link to the online fight.
class OnlineLobbyScreen : public Screen {
public:
    OnlineLobbyScreen(Context& ctx, bool host, const std::string& address)
        : ctx_(ctx), host_(host), link_(std::make_unique<OnlineLink>(ctx, ctx.flags->online, host, address)) {}

    void tick(const Tick& in) override {
        ++ticks_;
        const bool failed = !link_->error().empty();
        const bool done = failed || link_->peer().state() == net::PeerState::Done;
        if (in.pressedAny(bit(kBack)) || (done && in.pressedAny(bit(kStart)))) {
            if (!failed) link_->leave();
            return backToOnlineMenu(ctx_);
        }
        if (failed) return;
        link_->tick(0);
        if (link_->peer().session() != nullptr && link_->peer().state() == net::PeerState::Playing) {
            ctx_.stack->replaceAll(makeOnlineFight(ctx_, std::move(link_)));
        }
    }

    void draw(sf::RenderTarget& t) override {
        if (!link_) return;  // handed over this tick
        drawPanel(t, ctx_, ticks_, host_ ? "HOST A MATCH" : "JOIN A MATCH");
        const float cx = float(ctx_.width) / 2.f;
        std::string status;
        sf::Color color(230, 230, 240);
        if (!link_->error().empty()) {
            status = link_->error(), color = sf::Color(255, 110, 100);
        } else if (link_->peer().state() == net::PeerState::Done) {
            status = link_->peer().endMessage(), color = sf::Color(255, 110, 100);
        } else {
            const std::string dots(std::size_t((ticks_ / 20) % 4), '.');
            status = (host_ ? "waiting for an opponent" : "connecting") + dots;
        }
        if (link_->error().empty()) drawText(t, ctx_.res->font, link_->where(), 30, cx, 260.f, sf::Color::White, Align::Center, 2.f);
        drawText(t, ctx_.res->font, status, 26, cx, 320.f, color, Align::Center, 2.f);
        const OnlineFlags& f = ctx_.flags->online;
        drawText(t, ctx_.res->font,
                 "input delay " + std::to_string(f.inputDelay) + " frames, rollback up to " + std::to_string(f.maxRollback) +
                     " frames" + (f.conditions.none() ? "" : ", simulated network conditions on"),
                 18, cx, 390.f, sf::Color(200, 200, 215), Align::Center, 1.f);
        drawText(t, ctx_.res->font, "Esc: back", 16, cx, float(ctx_.height) - 40.f, sf::Color(200, 200, 210), Align::Center, 1.f);
    }

private:
    Context& ctx_;
    bool host_;
    std::unique_ptr<OnlineLink> link_;
    long ticks_ = 0;
};

/// Your fighter (your input style is P1's on the Options screen), Host, Join
/// with an address field, Back. While the address field is selected only the arrow keys,
/// Enter and Esc act, so letters typed into it never move the cursor.
class OnlineMenuScreen : public Screen {
public:
    explicit OnlineMenuScreen(Context& ctx) : ctx_(ctx) {
        const std::string& want = ctx.flags->online.fighter;
        for (std::size_t i = 0; i < ctx.fighterIds.size(); ++i) {
            if (ctx.fighterIds[i] == want) pick_ = int(i);
        }
        address_ = ctx.flags->online.join.empty() ? "127.0.0.1" : ctx.flags->online.join;
    }

    void tick(const Tick& in) override {
        ++ticks_;
        const bool typing = cursor_ == kJoin;
        const ActionSet up = typing ? bit(kP2Up) : bit(kP1Up) | bit(kP2Up);
        const ActionSet down = typing ? bit(kP2Down) : bit(kP1Down) | bit(kP2Down);
        const ActionSet ok = typing ? bit(kStart) : bit(kStart) | bit(kP1Light);
        if (in.pressedAny(up)) cursor_ = (cursor_ + kItems - 1) % kItems;
        if (in.pressedAny(down)) cursor_ = (cursor_ + 1) % kItems;
        const int n = int(ctx_.fighters.size());
        if (cursor_ == kFighter && in.pressedAny(bit(kP1Left) | bit(kP2Left))) pick_ = (pick_ + n - 1) % n;
        if (cursor_ == kFighter && in.pressedAny(bit(kP1Right) | bit(kP2Right))) pick_ = (pick_ + 1) % n;
        if (in.pressedAny(bit(kBack)) || (cursor_ == kBackItem && in.pressedAny(ok))) return ctx_.stack->pop();
        if (!in.pressedAny(ok) || cursor_ == kFighter) return;
        ctx_.res->sound.play(Sfx::Blip);
        ctx_.flags->online.fighter = ctx_.fighterIds[std::size_t(pick_)];
        ctx_.stack->push(makeOnlineLobby(ctx_, cursor_ == kHost, address_));
    }

    void text(std::uint32_t unicode) override {
        if (cursor_ != kJoin) return;
        if (unicode == 8 && !address_.empty()) address_.pop_back();
        const bool allowed = (unicode >= '0' && unicode <= '9') || (unicode >= 'a' && unicode <= 'z') ||
                             (unicode >= 'A' && unicode <= 'Z') || unicode == '.' || unicode == ':' || unicode == '-';
        if (allowed && address_.size() < kMaxAddressLength) address_ += char(unicode);
    }

    void draw(sf::RenderTarget& t) override {
        drawPanel(t, ctx_, ticks_, "ONLINE");
        const std::string items[kItems] = {
            "Fighter:  \u25c0 " + ctx_.fighters[std::size_t(pick_)].display + " \u25b6",
            "Host on UDP port " + std::to_string(ctx_.flags->online.port),
            "Join:  " + address_ + (cursor_ == kJoin && (ticks_ / 30) % 2 == 0 ? "_" : " "),
            "Back",
        };
        const float cx = float(ctx_.width) / 2.f;
        for (int i = 0; i < kItems; ++i) {
            const bool on = i == cursor_;
            const float y = 220.f + 52.f * float(i);
            if (on) fillRect(t, cx - 300.f, y - 4.f, 600.f, 46.f, sf::Color(255, 200, 80, 60), sf::Color(255, 210, 100), 2.f);
            drawText(t, ctx_.res->font, items[i], 28, cx, y, on ? sf::Color(255, 240, 180) : sf::Color(210, 210, 220), Align::Center, 2.f);
        }
        const char* hint = cursor_ == kJoin ? "type the host's address (HOST or HOST:PORT)    Up/Down: move    Enter: join    Esc: back"
                                            : "W/S: move    A/D: change    Enter: choose    Esc: back    (the host is P1 and picks the seed and intro)";
        drawText(t, ctx_.res->font, hint, 16, cx, float(ctx_.height) - 40.f, sf::Color(200, 200, 210), Align::Center, 1.f);
    }

private:
    enum { kFighter, kHost, kJoin, kBackItem, kItems };
    Context& ctx_;
    int cursor_ = kHost;
    int pick_ = 0;
    std::string address_;
    long ticks_ = 0;
};

}  // namespace

OnlineLink::OnlineLink(Context& ctx, const OnlineFlags& flags, bool host, const std::string& address)
    : t0_(std::chrono::steady_clock::now()) {
    net::PeerConfig cfg;
    cfg.host = host;
    cfg.fighter = flags.fighter.empty() ? ctx.fighterIds.front() : flags.fighter;
    if (ctx.fighter(cfg.fighter) == nullptr) {
        error_ = "no fighter " + io::quote(cfg.fighter) + " in " + ctx.dataDir + "/fighters";
        return;
    }
    const std::uint64_t seed = ctx.flags->seedGiven ? ctx.flags->seed : (std::uint64_t(std::random_device{}()) << 1) | 1;
    cfg.setup = onlineSetup(seed, ctx.style(0) == sim::InputStyle::Simple);  // offline Versus's rules; the host's are the match's
    cfg.style = cfg.setup.style[0];                     // this side's own choice, like its fighter
    cfg.session.inputDelay = flags.inputDelay;
    cfg.session.maxRollback = flags.maxRollback;
    cfg.rematches = true;
    cfg.rulesHash = run::rulesHasher(ctx.dataDir);
    if (!host && !run::resolveJoinAddress(address, cfg.hostAddress, error_)) return;
    udp_ = std::make_unique<net::UdpTransport>(flags.conditions, run::conditionsSeed(flags));
    if (!udp_->open(host ? flags.port : 0, error_)) return;
    where_ = host ? "hosting on UDP port " + std::to_string(udp_->localPort()) : "joining " + net::addressText(cfg.hostAddress);
    peer_ = std::make_unique<net::NetPeer>(*udp_, cfg, contextLoader(ctx));
}

void OnlineLink::tick(std::uint16_t buttons) {
    if (peer_) peer_->tick(nowMs(), buttons);
}

void OnlineLink::leave() {
    if (peer_) peer_->leave(nowMs());
}

std::int64_t OnlineLink::nowMs() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0_).count();
}

std::unique_ptr<Screen> makeOnlineMenu(Context& ctx) { return std::make_unique<OnlineMenuScreen>(ctx); }

std::unique_ptr<Screen> makeOnlineLobby(Context& ctx, bool host, const std::string& address) {
    return std::make_unique<OnlineLobbyScreen>(ctx, host, address);
}

}  // namespace app
