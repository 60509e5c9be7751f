// The Online menu's Advanced page: the matchmaking service's address, the lobby, the TURN relay (server, user,
// password), input delay and rollback window, and the direct path (host on a port, join an address). While a text
// line is selected only the arrow keys, Enter and Esc act, so letters typed into it never move the cursor. The
// address lines start from the flags and settings.cfg and, when the player changes them here, are saved there as
// the page is left or a direct match is started.
#include "game/app/draw.h"
#include "game/app/online/online.h"
#include "game/app/online/online_screens.h"
#include "game/app/online/online_settings.h"

#include <algorithm>

namespace app {
namespace {

class OnlineAdvancedScreen : public Screen {
public:
    explicit OnlineAdvancedScreen(Context& ctx) : ctx_(ctx) {
        const OnlineFlags& f = ctx.flags->online;
        text_[kService] = ctx.settings.service;
        text_[kLobby] = f.lobby;
        text_[kRelay] = f.relay.server;
        text_[kRelayUser] = f.relay.user;
        text_[kRelayPassword] = f.relay.password;
        text_[kDirectJoin] = f.join.empty() ? "127.0.0.1" : f.join;
        for (int i = 0; i < kItems; ++i) shown_[i] = text_[i];
    }

    void tick(const Tick& in) override;
    void text(std::uint32_t unicode) override {
        if (!isText(cursor_)) return;
        const bool credential = cursor_ == kRelayUser || cursor_ == kRelayPassword;
        typeInto(text_[cursor_], unicode, credential ? FieldKind::Credential : FieldKind::Address);
        refused_ = false;
    }
    void draw(sf::RenderTarget& t) override;

private:
    enum {
        kService,
        kLobby,
        kRelay,
        kRelayUser,
        kRelayPassword,
        kDelay,
        kWindow,
        kDirectHost,
        kDirectJoin,
        kBackItem,
        kItems
    };
    static bool isText(int i) { return i <= kRelayPassword || i == kDirectJoin; }

    run::RelayFlags relayLines() const {
        run::RelayFlags r = ctx_.flags->online.relay;  // keeps --turn-permit
        r.server = text_[kRelay], r.user = text_[kRelayUser], r.password = text_[kRelayPassword];
        return r;
    }
    void changeDelay(int step);
    void keep();
    std::string hint() const;

    Context& ctx_;
    int cursor_ = kService;
    std::string text_[kItems];
    std::string shown_[kItems];  // the address lines as last saved or shown
    bool refused_ = false;       // a direct match was refused for the relay lines (until the next key typed)
    long ticks_ = 0;
};

void OnlineAdvancedScreen::tick(const Tick& in) {
    ++ticks_;
    const bool typing = isText(cursor_);
    const ActionSet up = typing ? bit(kP2Up) : kEitherUp;
    const ActionSet down = typing ? bit(kP2Down) : kEitherDown;
    const ActionSet ok = typing ? bit(kStart) : kStartOrLight;
    if (in.pressedAny(up)) cursor_ = (cursor_ + kItems - 1) % kItems;
    if (in.pressedAny(down)) cursor_ = (cursor_ + 1) % kItems;
    const ActionSet left = kEitherLeft, right = kEitherRight;
    if (!typing) changeDelay(in.pressedAny(left) ? -1 : in.pressedAny(right) ? 1 : 0);
    if (in.pressedAny(bit(kBack)) || (cursor_ == kBackItem && in.pressedAny(ok))) {
        keep();
        return ctx_.stack->pop();
    }
    if (!in.pressedAny(ok) || (cursor_ != kDirectHost && cursor_ != kDirectJoin)) return;
    keep();
    if (!relayProblem(relayLines()).empty()) {
        refused_ = true;  // the problem line turns red; nothing starts
        return;
    }
    ctx_.res->sound.play(Sfx::Blip);
    if (cursor_ == kDirectHost) return ctx_.stack->push(makeOnlineLobby(ctx_, LinkMode::DirectHost, ""));
    ctx_.stack->push(makeOnlineLobby(ctx_, LinkMode::DirectJoin, text_[kDirectJoin]));
}

void OnlineAdvancedScreen::changeDelay(int step) {
    OnlineFlags& f = ctx_.flags->online;
    if (step == 0) return;
    if (cursor_ == kDelay) {  // auto, 0, 1, 2, 3, 4
        const int v = (f.autoDelay ? -1 : f.inputDelay) + step;
        f.autoDelay = v < 0 || v > 4;
        if (!f.autoDelay) f.inputDelay = v;
    }
    if (cursor_ == kWindow && !f.autoDelay) f.maxRollback = std::clamp(f.maxRollback + step, 1, 30);
}

/// The lines go to this session's flags; the ones the player changed here also go to settings.cfg (a line left as
/// the flags gave it is not saved, so a --lobby for one run stays one run's).
void OnlineAdvancedScreen::keep() {
    OnlineFlags& f = ctx_.flags->online;
    f.lobby = text_[kLobby];
    f.relay = relayLines();
    const auto edited = [this](int i) { return text_[i] != shown_[i]; };
    const bool lobbyEdited = edited(kLobby),
               relayEdited = edited(kRelay) || edited(kRelayUser) || edited(kRelayPassword);
    std::string why;
    const bool serviceEdited = edited(kService) && io::checkHostPort(text_[kService], why);
    if (!lobbyEdited && !relayEdited && !serviceEdited) return;
    io::Settings& saved = ctx_.settings;
    run::RelayFlags relay;
    relay.server = saved.relay, relay.user = saved.relayUser, relay.password = saved.relayPassword;
    if (relayEdited) relay = relayLines();
    bool changed = rememberOnline(saved, lobbyEdited ? text_[kLobby] : saved.lobby, relay);
    if (serviceEdited && saved.service != text_[kService]) saved.service = text_[kService], changed = true;
    if (changed) saveSettings(ctx_);
    for (int i = 0; i < kItems; ++i) shown_[i] = text_[i];
}

std::string OnlineAdvancedScreen::hint() const {
    switch (cursor_) {
    case kService:
        return "type the matchmaking service (HOST or HOST:PORT) that Quick match, Ranked, Friends and Profile use    "
               "Up/Down: move    Esc: back";
    case kLobby:
        return "type the lobby's address (HOST or HOST:PORT, port 7100 by default) that rooms by code use    Up/Down: "
               "move    Esc: back";
    case kRelay:
        return "type a TURN relay (HOST or HOST:PORT, port 3478), used when no direct path is found    Up/Down: move   "
               " "
               "Esc: back";
    case kRelayUser: return "type the relay's user name    Up/Down: move    Esc: back";
    case kRelayPassword:
        return "type the relay's password (shown as stars on the other lines)    Up/Down: move    Esc: back";
    case kDirectJoin: return "type the host's address (HOST or HOST:PORT)    Up/Down: move    Enter: join    Esc: back";
    default:
        return "W/S: move    A/D: change    Enter: choose    Esc: back    (the host is P1 and picks the seed and "
               "intro)";
    }
}

void OnlineAdvancedScreen::draw(sf::RenderTarget& t) {
    drawPanel(t, ctx_, ticks_, "ONLINE: ADVANCED", 50.f);
    drawYou(t, ctx_, 124.f);
    const OnlineFlags& f = ctx_.flags->online;
    const auto field = [this](int i) {
        const bool hidden = i == kRelayPassword && cursor_ != i && !text_[i].empty();  // stars, not even its length
        return (hidden ? std::string("********") : text_[i]) + (cursor_ == i && (ticks_ / 30) % 2 == 0 ? "_" : " ");
    };
    const std::vector<std::string> rows = {
        "Service:  " + field(kService),
        "Lobby:  " + (text_[kLobby].empty() && cursor_ != kLobby
                          ? std::string("none (rooms need one: type its address)")
                          : field(kLobby)),
        "Relay:  " + (text_[kRelay].empty() && cursor_ != kRelay ? std::string("none") : field(kRelay)),
        "Relay user:  " + field(kRelayUser),
        "Relay password:  " + field(kRelayPassword),
        "Input delay:  \u25c0 " +
            (f.autoDelay ? std::string("auto (from the ping)") : std::to_string(f.inputDelay) + " frames") + " \u25b6",
        "Rollback window:  " +
            (f.autoDelay ? std::string("auto") : "\u25c0 " + std::to_string(f.maxRollback) + " frames \u25b6"),
        "Direct: host on UDP port " + std::to_string(f.port),
        "Direct: join  " + field(kDirectJoin),
        "Back",
    };
    drawRows(t, ctx_, rows, cursor_, 162.f, 42.f);
    const std::string problem = relayProblem(relayLines());
    std::string why;
    const std::string badService = io::checkHostPort(text_[kService], why) ? "" : "service: " + why + " (not saved)";
    const std::string said = !problem.empty() ? (refused_ ? "not started: " : "") + problem : badService;
    if (!said.empty())
        drawText(t, ctx_.res->font, said, 18, float(ctx_.width) / 2.f, float(ctx_.height) - 72.f,
                 refused_ ? sf::Color(255, 110, 100) : sf::Color(255, 190, 120), Align::Center, 1.f);
    drawHint(t, ctx_, hint());
}

}  // namespace

std::unique_ptr<Screen> makeOnlineAdvanced(Context& ctx) { return std::make_unique<OnlineAdvancedScreen>(ctx); }

}  // namespace app
