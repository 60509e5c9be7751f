// Online play in the window: the connecting screen (see online.h); the Online menu is online_menu.cpp. The fight
// itself is the fight view fed by the online source (online_source.cpp), made through makeOnlineFight.
#include "game/app/online/online.h"

#include "game/app/draw.h"
#include "game/app/online/lobby_status.h"
#include "game/app/online/online_screens.h"
#include "game/app/screen.h"

#include <SFML/Window/Clipboard.hpp>
#include <SFML/Window/Keyboard.hpp>

#include <iostream>

namespace app {
namespace {

const char* modeTitle(LinkMode m) {
    switch (m) {
    case LinkMode::DirectHost: return "HOST A MATCH";
    case LinkMode::DirectJoin: return "JOIN A MATCH";
    case LinkMode::RoomHost: return "HOST A ROOM";
    case LinkMode::RoomJoin: return "JOIN BY CODE";
    case LinkMode::RoomSpectate: return "WATCH BY CODE";
    }
    return "ONLINE";
}

/// Waits for the lobby and the handshake, then hands the link to the online fight. A room's host sees its code
/// (C copies it to the clipboard) and who wants to sit down (Enter accepts, N refuses).
class OnlineLobbyScreen : public Screen {
public:
    OnlineLobbyScreen(Context& ctx, LinkMode mode, const std::string& text)
        : ctx_(ctx), mode_(mode), link_(std::make_unique<OnlineLink>(ctx, ctx.flags->online, mode, text)) {}

    void tick(const Tick& in) override;
    void draw(sf::RenderTarget& t) override;

private:
    void roomCode();
    void startFight();
    void startWatching();
    StatusLine status() const;
    void drawRoomCode(sf::RenderTarget& t, const net::LobbyClient& lobby) const;
    void drawNotes(sf::RenderTarget& t) const;

    Context& ctx_;
    LinkMode mode_;
    std::unique_ptr<OnlineLink> link_;
    long ticks_ = 0;
    bool copied_ = false;
    bool codeSaid_ = false;  // the room code was printed
    std::string missing_;    // a spectator lacks one of the match's fighters
};

void OnlineLobbyScreen::tick(const Tick& in) {
    ++ticks_;
    const bool failed = !link_->error().empty();
    const bool done = failed || (link_->hasPeer() && link_->peer().state() == net::PeerState::Done);
    if (in.pressedAny(bit(kBack)) || (done && in.pressedAny(bit(kStart)))) {
        if (!failed) link_->leave();
        return backToOnlineMenu(ctx_);
    }
    if (failed) return;
    roomCode();
    link_->tick(0);
    if (link_->hasPeer())  // who wants to sit down: our player decides
        answerJoiner(link_->peer(), in.pressedAny(bit(kStart)), sf::Keyboard::isKeyPressed(sf::Keyboard::N),
                     link_->nowMs());
    if (link_->hasPeer() && link_->peer().session() != nullptr && link_->peer().state() == net::PeerState::Playing)
        return startFight();
    startWatching();
}

void OnlineLobbyScreen::roomCode() {
    const net::LobbyClient* lobby = link_->lobby();
    if (!lobby || lobby->code().empty()) return;
    if (!codeSaid_) {
        std::cout << "room code: " << lobby->code() << std::endl;  // for scripts, like the headless host
        codeSaid_ = true;
    }
    if (sf::Keyboard::isKeyPressed(sf::Keyboard::C) && !copied_) {
        sf::Clipboard::setString(lobby->code());
        copied_ = true;
    }
}

void OnlineLobbyScreen::startFight() {
    const net::NetPeer& peer = link_->peer();
    std::cout << "online: " << (link_->path().empty() ? "direct" : link_->path()) << ", ping " << peer.handshakeRttMs()
              << " ms" << std::endl;  // for scripts (the screen says it too)
    std::cout << "you: " << whoText(peer.identity().name, peer.identity().publicKey)
              << ", opponent: " << whoText(peer.opponentName(), peer.opponentKey()) << std::endl;
    ctx_.stack->replaceAll(makeOnlineFight(ctx_, std::move(link_)));
}

void OnlineLobbyScreen::startWatching() {
    net::SpectatorClient* watch = link_->spectator();
    if (watch == nullptr || watch->state() != net::SpectatorState::Watching || !missing_.empty()) return;
    for (const std::string& id : watch->welcome().setup.fighter) {
        if (ctx_.fighter(id) == nullptr)
            missing_ = "the match's fighter '" + id + "' is not in " + ctx_.dataDir + "/fighters";
    }
    if (!missing_.empty()) return;
    std::cout << "spectating: " << link_->path() << std::endl;
    ctx_.stack->replaceAll(makeSpectatorFight(ctx_, std::move(link_)));
}

StatusLine OnlineLobbyScreen::status() const {
    const std::string dots(std::size_t((ticks_ / 20) % 4), '.');
    const net::LobbyClient* lobby = link_->lobby();
    const net::SpectatorClient* watch = link_->spectator();
    if (!link_->error().empty() || !missing_.empty())
        return {missing_.empty() ? link_->error() : missing_, StatusTone::Problem};
    if (watch != nullptr) {
        if (watch->state() == net::SpectatorState::Done) return {watch->failure(), StatusTone::Problem};
        return {"asking the host for the match" + dots, StatusTone::Plain};
    }
    if (!link_->hasPeer())
        return {(lobby && !lobby->code().empty() ? "waiting for your opponent to join" : "asking the lobby") + dots,
                StatusTone::Plain};
    PeerScene scene;
    scene.hostSide = mode_ == LinkMode::DirectHost || mode_ == LinkMode::RoomHost;
    scene.throughLobby = lobby != nullptr;
    scene.path = link_->path();
    scene.seatNote = link_->seatNote();
    scene.tryingRelay = lobby && !scene.hostSide && lobby->relay() != 0 && link_->nowMs() > 3000;
    scene.dots = dots;
    return peerStatus(link_->peer(), scene, link_->nowMs());
}

void OnlineLobbyScreen::draw(sf::RenderTarget& t) {
    if (!link_) return;  // handed over this tick
    drawPanel(t, ctx_, ticks_, modeTitle(mode_), 80.f);
    drawYou(t, ctx_, 148.f);
    const float cx = float(ctx_.width) / 2.f;
    const net::LobbyClient* lobby = link_->lobby();
    if (lobby && !lobby->code().empty()) drawRoomCode(t, *lobby);
    else if (link_->error().empty())
        drawText(t, ctx_.res->font, link_->where(), 30, cx, 260.f, sf::Color::White, Align::Center, 2.f);
    const StatusLine line = status();
    const sf::Color color = line.tone == StatusTone::Problem    ? sf::Color(255, 110, 100)
                            : line.tone == StatusTone::Question ? sf::Color(255, 230, 120)
                                                                : sf::Color(230, 230, 240);
    // Within the stage's lamp posts, which stand 40 pixels in from either side.
    drawTextFitted(t, ctx_.res->font, line.text, 26, cx, 370.f, color, float(ctx_.width) - 120.f, 2.f);
    drawNotes(t);
    drawHint(t, ctx_, "Esc: back");
}

void OnlineLobbyScreen::drawRoomCode(sf::RenderTarget& t, const net::LobbyClient& lobby) const {
    const float cx = float(ctx_.width) / 2.f;
    const sf::Color grey(200, 200, 215);
    drawText(t, ctx_.res->font, "room code", 22, cx, 206.f, grey, Align::Center, 1.f);
    drawText(t, ctx_.res->font, lobby.code(), 72, cx, 232.f, sf::Color(255, 240, 150), Align::Center, 4.f);
    drawText(t, ctx_.res->font, copied_ ? "copied to the clipboard" : "give it to your opponent    C: copy", 18, cx,
             318.f, grey, Align::Center, 1.f);
    if (!lobby.watchCode().empty() && lobby.watchCode() != lobby.code()) {  // a private room's spectators
        drawText(t, ctx_.res->font, "spectator code: " + lobby.watchCode() + "  (for those you let watch)", 18, cx,
                 342.f, grey, Align::Center, 1.f);
    }
}

/// The delay in use, where the other side is, and the relay's trouble.
void OnlineLobbyScreen::drawNotes(sf::RenderTarget& t) const {
    const float cx = float(ctx_.width) / 2.f;
    const sf::Color grey(200, 200, 215);
    const OnlineFlags& f = ctx_.flags->online;
    const std::string delay = f.autoDelay ? "input delay and rollback window: automatic, from the ping"
                                          : "input delay " + std::to_string(f.inputDelay) + " frames, rollback up to " +
                                                std::to_string(f.maxRollback) + " frames";
    drawText(t, ctx_.res->font, delay + (f.conditions.none() ? "" : ", simulated network conditions on"), 18, cx, 430.f,
             grey, Align::Center, 1.f);
    const net::LobbyClient* lobby = link_->lobby();
    if (lobby && !lobby->code().empty() && link_->hasPeer())
        drawText(t, ctx_.res->font, link_->where(), 18, cx, 460.f, grey, Align::Center, 1.f);
    if (!link_->relayNote().empty())
        drawText(t, ctx_.res->font, link_->relayNote(), 16, cx, 490.f, sf::Color(255, 190, 120), Align::Center, 1.f);
}

}  // namespace

std::unique_ptr<Screen> makeOnlineLobby(Context& ctx, LinkMode mode, const std::string& text) {
    return std::make_unique<OnlineLobbyScreen>(ctx, mode, text);
}

}  // namespace app
