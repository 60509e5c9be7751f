// Online play in the window: the Online menu, the lobby and the link (see online.h). The fight itself is the fight
// view fed by the online source (online_source.cpp), made through makeOnlineFight.
#include "game/app/online/online.h"

#include "game/app/draw.h"
#include "game/app/fight/fight_draw.h"
#include "game/view/live_rules.h"
#include "game/app/online/online_settings.h"
#include "game/app/screen.h"
#include "game/app/menus/select_memory.h"
#include "game/io/text.h"

#include <SFML/Window/Clipboard.hpp>
#include <SFML/Window/Keyboard.hpp>

#include <algorithm>
#include <iostream>

namespace app {
namespace {

constexpr std::size_t kMaxAddressLength = 64;

/// Title -> mode select -> Online menu, as if chosen from the menus (so Esc keeps working from there).
void backToOnlineMenu(Context& ctx) {
    ctx.stack->replaceAll(makeTitle(ctx));
    ctx.stack->push(makeModeSelect(ctx));
    ctx.stack->push(makeOnlineMenu(ctx));
}

void drawPanel(sf::RenderTarget& t, const Context& ctx, long ticks, const std::string& title, float titleY = 110.f) {
    StageView v;
    drawStage(t, v, ticks);
    fillRect(t, 0.f, 0.f, float(ctx.width), float(ctx.height), sf::Color(10, 6, 20, 170));
    drawText(t, ctx.res->font, title, 56, float(ctx.width) / 2.f, titleY, sf::Color(255, 220, 110), Align::Center, 4.f);
}

const char* modeTitle(LinkMode m) {
    switch (m) {
    case LinkMode::DirectHost: return "HOST A MATCH";
    case LinkMode::DirectJoin: return "JOIN A MATCH";
    case LinkMode::RoomHost: return "HOST A ROOM";
    case LinkMode::RoomJoin: return "JOIN BY CODE";
    case LinkMode::RoomSpectate: return "SPECTATE BY CODE";
    }
    return "ONLINE";
}

/// Waits for the lobby and the handshake, then hands the link to the online fight. A room's host sees its code
/// (C copies it to the clipboard).
class OnlineLobbyScreen : public Screen {
public:
    OnlineLobbyScreen(Context& ctx, LinkMode mode, const std::string& text)
        : ctx_(ctx), mode_(mode), link_(std::make_unique<OnlineLink>(ctx, ctx.flags->online, mode, text)) {}

    void tick(const Tick& in) override {
        ++ticks_;
        const bool failed = !link_->error().empty();
        const bool done = failed || (link_->hasPeer() && link_->peer().state() == net::PeerState::Done);
        if (in.pressedAny(bit(kBack)) || (done && in.pressedAny(bit(kStart)))) {
            if (!failed) link_->leave();
            return backToOnlineMenu(ctx_);
        }
        if (failed) return;
        const net::LobbyClient* lobby = link_->lobby();
        if (lobby && !lobby->code().empty() && !codeSaid_) {
            std::cout << "room code: " << lobby->code() << std::endl;  // for scripts, like the headless host
            codeSaid_ = true;
        }
        if (lobby && !lobby->code().empty() && sf::Keyboard::isKeyPressed(sf::Keyboard::C) && !copied_) {
            sf::Clipboard::setString(lobby->code());
            copied_ = true;
        }
        link_->tick(0);
        if (link_->hasPeer() && link_->peer().joinerAsking(link_->nowMs())) {  // who wants to sit down: our player decides
            if (in.pressedAny(bit(kStart))) link_->peer().admitJoiner(true, link_->nowMs());
            else if (sf::Keyboard::isKeyPressed(sf::Keyboard::N)) link_->peer().admitJoiner(false, link_->nowMs());
        }
        if (link_->hasPeer() && link_->peer().session() != nullptr && link_->peer().state() == net::PeerState::Playing) {
            std::cout << "online: " << (link_->path().empty() ? "direct" : link_->path()) << ", ping "
                      << link_->peer().handshakeRttMs() << " ms" << std::endl;  // for scripts (the screen says it too)
            const net::NetPeer& peer = link_->peer();
            std::cout << "you: " << peer.identity().name << " (" << net::fingerprint(peer.identity().publicKey)
                      << "), opponent: " << peer.opponentName() << " (" << net::fingerprint(peer.opponentKey()) << ")"
                      << std::endl;
            return ctx_.stack->replaceAll(makeOnlineFight(ctx_, std::move(link_)));
        }
        net::SpectatorClient* watch = link_->spectator();
        if (watch != nullptr && watch->state() == net::SpectatorState::Watching && missing_.empty()) {
            for (const std::string& id : watch->welcome().setup.fighter) {
                if (ctx_.fighter(id) == nullptr) missing_ = "the match's fighter '" + id + "' is not in " + ctx_.dataDir + "/fighters";
            }
            if (missing_.empty()) {
                std::cout << "spectating: " << link_->path() << std::endl;
                ctx_.stack->replaceAll(makeSpectatorFight(ctx_, std::move(link_)));
            }
        }
    }

    void draw(sf::RenderTarget& t) override {
        if (!link_) return;  // handed over this tick
        drawPanel(t, ctx_, ticks_, modeTitle(mode_));
        const float cx = float(ctx_.width) / 2.f;
        std::string status;
        sf::Color color(230, 230, 240);
        const net::LobbyClient* lobby = link_->lobby();
        const std::string dots(std::size_t((ticks_ / 20) % 4), '.');
        const net::SpectatorClient* watch = link_->spectator();
        if (!link_->error().empty() || !missing_.empty()) {
            status = missing_.empty() ? link_->error() : missing_, color = sf::Color(255, 110, 100);
        } else if (watch != nullptr) {
            status = watch->state() == net::SpectatorState::Done ? watch->failure() : "asking the host for the match" + dots;
            if (watch->state() == net::SpectatorState::Done) color = sf::Color(255, 110, 100);
        } else if (link_->hasPeer() && link_->peer().state() == net::PeerState::Done) {
            status = link_->peer().endMessage(), color = sf::Color(255, 110, 100);
        } else if (!link_->hasPeer()) {
            status = (lobby && !lobby->code().empty() ? "waiting for your opponent to join" : "asking the lobby") + dots;
        } else {
            const bool hostSide = mode_ == LinkMode::DirectHost || mode_ == LinkMode::RoomHost;
            status = (hostSide ? "waiting for an opponent" : "connecting (punching through both NATs)") + dots;
            if (lobby) status = "connecting directly (punching through both NATs)" + dots;
            const std::int64_t rtt = link_->peer().handshakeRttMs();
            if (!link_->path().empty() && rtt >= 0) status = "connected: " + link_->path() + ", ping " + std::to_string(rtt) + " ms" + dots;
            const net::NetPeer& peer = link_->peer();
            if (!link_->seatNote().empty()) status = link_->seatNote() + dots;
            if (peer.joinerAsking(link_->nowMs())) {
                status = peer.askingName() + " (" + net::fingerprint(peer.askingKey()) + ") wants to play    Enter: accept    N: refuse";
                color = sf::Color(255, 230, 120);
            } else if (peer.hostDeciding()) {
                status = "the host sees you as " + peer.identity().name + " (" + net::fingerprint(peer.identity().publicKey) +
                         "): waiting for them to accept" + dots;
            }
            else if (lobby && !hostSide && lobby->relay() != 0 && link_->nowMs() > 3000) {
                status = "no direct path: trying the host's relay" + dots;
            }
        }
        if (!link_->relayNote().empty()) {
            drawText(t, ctx_.res->font, link_->relayNote(), 16, cx, 490.f, sf::Color(255, 190, 120), Align::Center, 1.f);
        }
        if (lobby && !lobby->code().empty()) {
            drawText(t, ctx_.res->font, "room code", 22, cx, 200.f, sf::Color(200, 200, 215), Align::Center, 1.f);
            drawText(t, ctx_.res->font, lobby->code(), 72, cx, 228.f, sf::Color(255, 240, 150), Align::Center, 4.f);
            drawText(t, ctx_.res->font, copied_ ? "copied to the clipboard" : "give it to your opponent    C: copy", 18,
                     cx, 318.f, sf::Color(200, 200, 215), Align::Center, 1.f);
            if (!lobby->watchCode().empty() && lobby->watchCode() != lobby->code()) {  // a private room's spectators
                drawText(t, ctx_.res->font, "spectator code: " + lobby->watchCode() + "  (for those you let watch)", 18, cx,
                         342.f, sf::Color(200, 200, 215), Align::Center, 1.f);
            }
        } else if (link_->error().empty()) {
            drawText(t, ctx_.res->font, link_->where(), 30, cx, 260.f, sf::Color::White, Align::Center, 2.f);
        }
        drawText(t, ctx_.res->font, status, 26, cx, 370.f, color, Align::Center, 2.f);
        const OnlineFlags& f = ctx_.flags->online;
        const std::string delay = f.autoDelay ? "input delay and rollback window: automatic, from the ping"
                                              : "input delay " + std::to_string(f.inputDelay) + " frames, rollback up to " +
                                                    std::to_string(f.maxRollback) + " frames";
        drawText(t, ctx_.res->font, delay + (f.conditions.none() ? "" : ", simulated network conditions on"), 18, cx,
                 430.f, sf::Color(200, 200, 215), Align::Center, 1.f);
        if (lobby && !lobby->code().empty() && link_->hasPeer()) {
            drawText(t, ctx_.res->font, link_->where(), 18, cx, 460.f, sf::Color(200, 200, 215), Align::Center, 1.f);
        }
        drawText(t, ctx_.res->font, "Esc: back", 16, cx, float(ctx_.height) - 40.f, sf::Color(200, 200, 210), Align::Center, 1.f);
    }

private:
    Context& ctx_;
    LinkMode mode_;
    std::unique_ptr<OnlineLink> link_;
    long ticks_ = 0;
    bool copied_ = false;
    bool codeSaid_ = false;  // the room code was printed
    std::string missing_;  // a spectator lacks one of the match's fighters
};

/// Your fighter (your input style is P1's on the Options screen), input delay and rollback window (automatic from
/// the ping, or fixed), the lobby's address, the TURN relay to fall back on in a room (server, user, password), Host a
/// room (a code to give), Join by code, Spectate by code, Direct host, Direct join with an address, Back. While a
/// text line is selected only the arrow keys, Enter and Esc act, so letters typed into it never move the cursor.
/// The lobby and relay lines start from the flags (which start from settings.cfg) and, when the player changes
/// them here, are saved there as the menu is left or a match is started.
class OnlineMenuScreen : public Screen {
public:
    explicit OnlineMenuScreen(Context& ctx) : ctx_(ctx) {
        const OnlineFlags& f = ctx.flags->online;
        int picks[2];
        startPicks(ctx.fighterIds, ctx.lastPick, picks);  // no --fighter: P1's last pick, else the default P1
        pick_ = picks[0];
        for (std::size_t i = 0; i < ctx.fighterIds.size(); ++i) {
            if (ctx.fighterIds[i] == f.fighter) pick_ = int(i);
        }
        text_[kDirectJoin] = f.join.empty() ? "127.0.0.1" : f.join;
        text_[kLobby] = f.lobby;
        text_[kRelay] = f.relay.server;
        text_[kRelayUser] = f.relay.user;
        text_[kRelayPassword] = f.relay.password;
        text_[kJoinCode] = f.code;
        for (int i : kRemembered) shown_[i] = text_[i];
    }

    void tick(const Tick& in) override {
        ++ticks_;
        const bool typing = isText(cursor_);
        const ActionSet up = typing ? bit(kP2Up) : bit(kP1Up) | bit(kP2Up);
        const ActionSet down = typing ? bit(kP2Down) : bit(kP1Down) | bit(kP2Down);
        const ActionSet ok = typing ? bit(kStart) : bit(kStart) | bit(kP1Light);
        if (in.pressedAny(up)) cursor_ = (cursor_ + kItems - 1) % kItems;
        if (in.pressedAny(down)) cursor_ = (cursor_ + 1) % kItems;
        const int n = int(ctx_.fighters.size());
        const ActionSet left = bit(kP1Left) | bit(kP2Left), right = bit(kP1Right) | bit(kP2Right);
        const int step = in.pressedAny(left) && !typing ? -1 : in.pressedAny(right) && !typing ? 1 : 0;
        OnlineFlags& f = ctx_.flags->online;
        if (cursor_ == kFighter && step != 0) pick_ = (pick_ + n + step) % n;
        if (cursor_ == kDelay && step != 0) {  // auto, 0, 1, 2, 3, 4
            const int v = (f.autoDelay ? -1 : f.inputDelay) + step;
            f.autoDelay = v < 0 || v > 4;
            if (!f.autoDelay) f.inputDelay = v;
        }
        if (cursor_ == kWindow && step != 0 && !f.autoDelay) f.maxRollback = std::clamp(f.maxRollback + step, 1, 30);
        if (in.pressedAny(bit(kBack)) || (cursor_ == kBackItem && in.pressedAny(ok))) {
            keep();
            return ctx_.stack->pop();
        }
        if (!in.pressedAny(ok) || !isAction(cursor_)) return;
        keep();
        if (!relayProblem(relayLines()).empty()) {
            refused_ = true;  // the problem line turns red; nothing starts
            return;
        }
        ctx_.res->sound.play(Sfx::Blip);
        f.fighter = ctx_.fighterIds[std::size_t(pick_)];
        LinkMode mode = LinkMode::DirectHost;
        std::string text;
        switch (cursor_) {
        case kRoomHost: mode = LinkMode::RoomHost; break;
        case kJoinCode: mode = LinkMode::RoomJoin, text = text_[kJoinCode]; break;
        case kSpectateCode: mode = LinkMode::RoomSpectate, text = text_[kSpectateCode]; break;
        case kDirectJoin: mode = LinkMode::DirectJoin, text = text_[kDirectJoin]; break;
        default: break;
        }
        ctx_.stack->push(makeOnlineLobby(ctx_, mode, text));
    }

    void text(std::uint32_t unicode) override {
        if (!isText(cursor_)) return;
        std::string& s = text_[cursor_];
        if (unicode == 8 && !s.empty()) s.pop_back();
        const bool code = cursor_ == kJoinCode || cursor_ == kSpectateCode;
        const bool credential = cursor_ == kRelayUser || cursor_ == kRelayPassword;
        const bool allowed = credential ? unicode > ' ' && unicode <= '~' && unicode != '#'  // what the file can hold
                                        : (unicode >= '0' && unicode <= '9') || (unicode >= 'a' && unicode <= 'z') ||
                                              (unicode >= 'A' && unicode <= 'Z') ||
                                              (!code && (unicode == '.' || unicode == ':' || unicode == '-'));
        if (allowed && s.size() < (code ? net::kCodeLength : kMaxAddressLength)) {
            s += code && unicode >= 'a' && unicode <= 'z' ? char(unicode - 'a' + 'A') : char(unicode);
        }
        refused_ = false;
    }

    void draw(sf::RenderTarget& t) override {
        drawPanel(t, ctx_, ticks_, "ONLINE", 62.f);
        const OnlineFlags& f = ctx_.flags->online;
        const auto field = [this](int i) {
            const bool hidden = i == kRelayPassword && cursor_ != i && !text_[i].empty();  // stars, not even its length
            const std::string shown = hidden ? std::string("********") : text_[i];
            return shown + (cursor_ == i && (ticks_ / 30) % 2 == 0 ? "_" : " ");
        };
        const std::string items[kItems] = {
            "Fighter:  \u25c0 " + ctx_.fighters[std::size_t(pick_)].display + " \u25b6",
            "Input delay:  \u25c0 " + (f.autoDelay ? std::string("auto (from the ping)") : std::to_string(f.inputDelay) + " frames") + " \u25b6",
            "Rollback window:  " + (f.autoDelay ? std::string("auto") : "\u25c0 " + std::to_string(f.maxRollback) + " frames \u25b6"),
            "Lobby:  " + (text_[kLobby].empty() && cursor_ != kLobby ? std::string("none (rooms need one: type its address)") : field(kLobby)),
            "Relay:  " + (text_[kRelay].empty() && cursor_ != kRelay ? std::string("none") : field(kRelay)),
            "Relay user:  " + field(kRelayUser),
            "Relay password:  " + field(kRelayPassword),
            "Host a room (get a code)",
            "Join by code:  " + field(kJoinCode),
            "Spectate by code:  " + field(kSpectateCode),
            "Direct: host on UDP port " + std::to_string(f.port),
            "Direct: join  " + field(kDirectJoin),
            "Back",
        };
        const float cx = float(ctx_.width) / 2.f;
        for (int i = 0; i < kItems; ++i) {
            const bool on = i == cursor_;
            const float y = 152.f + 37.f * float(i);
            if (on) fillRect(t, cx - 330.f, y - 3.f, 660.f, 33.f, sf::Color(255, 200, 80, 60), sf::Color(255, 210, 100), 2.f);
            drawText(t, ctx_.res->font, items[i], 22, cx, y, on ? sf::Color(255, 240, 180) : sf::Color(210, 210, 220), Align::Center, 2.f);
        }
        const std::string problem = relayProblem(relayLines());
        if (!problem.empty()) {
            drawText(t, ctx_.res->font, (refused_ ? "not started: " : "") + problem, 18, cx,
                     float(ctx_.height) - 72.f, refused_ ? sf::Color(255, 110, 100) : sf::Color(255, 190, 120), Align::Center, 1.f);
        }
        std::string hint = "W/S: move    A/D: change    Enter: choose    Esc: back    (the host is P1 and picks the seed and intro)";
        if (cursor_ == kLobby) hint = "type the lobby's address (HOST or HOST:PORT, port 7100 by default)    Up/Down: move    Esc: back";
        if (cursor_ == kRelay) hint = "a TURN relay (HOST or HOST:PORT, port 3478) for a room you host or join, if no direct path is found    Up/Down: move";
        if (cursor_ == kRelayUser) hint = "type the relay's user name    Up/Down: move    Esc: back";
        if (cursor_ == kRelayPassword) hint = "type the relay's password (shown as stars on the other lines)    Up/Down: move    Esc: back";
        if (cursor_ == kJoinCode || cursor_ == kSpectateCode) hint = "type the room code the host gave you    Enter: go    Up/Down: move    Esc: back";
        if (cursor_ == kDirectJoin) hint = "type the host's address (HOST or HOST:PORT)    Up/Down: move    Enter: join    Esc: back";
        drawText(t, ctx_.res->font, hint, 16, cx, float(ctx_.height) - 40.f, sf::Color(200, 200, 210), Align::Center, 1.f);
    }

private:
    enum { kFighter, kDelay, kWindow, kLobby, kRelay, kRelayUser, kRelayPassword, kRoomHost, kJoinCode, kSpectateCode,
           kDirectHost, kDirectJoin, kBackItem, kItems };
    static constexpr int kRemembered[] = {kLobby, kRelay, kRelayUser, kRelayPassword};
    static bool isText(int i) {
        return i == kLobby || i == kRelay || i == kRelayUser || i == kRelayPassword || i == kJoinCode ||
               i == kSpectateCode || i == kDirectJoin;
    }
    static bool isAction(int i) { return i == kRoomHost || i == kJoinCode || i == kSpectateCode || i == kDirectHost || i == kDirectJoin; }

    run::RelayFlags relayLines() const {
        run::RelayFlags r = ctx_.flags->online.relay;  // keeps --turn-permit
        r.server = text_[kRelay], r.user = text_[kRelayUser], r.password = text_[kRelayPassword];
        return r;
    }

    /// The lobby and relay lines go to this session's flags; the ones the player changed here also go to
    /// settings.cfg (a line left as the flags gave it is not saved, so a --lobby for one run stays one run's).
    void keep() {
        OnlineFlags& f = ctx_.flags->online;
        f.lobby = text_[kLobby];
        f.relay = relayLines();
        const bool lobbyEdited = text_[kLobby] != shown_[kLobby];
        const bool relayEdited = text_[kRelay] != shown_[kRelay] || text_[kRelayUser] != shown_[kRelayUser] ||
                                 text_[kRelayPassword] != shown_[kRelayPassword];
        if (!lobbyEdited && !relayEdited) return;
        const io::Settings& saved = ctx_.settings;
        run::RelayFlags relay;
        relay.server = saved.relay;
        relay.user = saved.relayUser;
        relay.password = saved.relayPassword;
        if (relayEdited) relay = relayLines();
        if (rememberOnline(ctx_.settings, lobbyEdited ? text_[kLobby] : saved.lobby, relay)) saveSettings(ctx_);
        for (int i : kRemembered) shown_[i] = text_[i];
    }

    Context& ctx_;
    int cursor_ = kRoomHost;
    int pick_ = 0;
    std::string text_[kItems];
    std::string shown_[kItems];  // the remembered lines as last saved or shown
    bool refused_ = false;       // an action was refused for the relay lines (until the next key typed)
    long ticks_ = 0;
};

}  // namespace

std::unique_ptr<Screen> makeOnlineMenu(Context& ctx) { return std::make_unique<OnlineMenuScreen>(ctx); }

std::unique_ptr<Screen> makeOnlineLobby(Context& ctx, LinkMode mode, const std::string& text) {
    return std::make_unique<OnlineLobbyScreen>(ctx, mode, text);
}

}  // namespace app
