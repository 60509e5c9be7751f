// The Online menu for players (Quick match, Ranked, Friends, Profile, then rooms by code) and its Advanced page
// (the service's address, lobby, relay, delay, the direct path), with the Online screens' shared drawing.
#include "game/app/draw.h"
#include "game/app/fight/fight_draw.h"
#include "game/app/menus/select_memory.h"
#include "game/app/online/online.h"
#include "game/app/online/online_screens.h"
#include "game/app/online/online_settings.h"
#include "game/run/identity_file.h"

#include <algorithm>
#include <iostream>

namespace app {

void backToOnlineMenu(Context& ctx) {
    ctx.stack->replaceAll(makeTitle(ctx));
    ctx.stack->push(makeModeSelect(ctx));
    ctx.stack->push(makeOnlineMenu(ctx));
}

void drawPanel(sf::RenderTarget& t, const Context& ctx, long ticks, const std::string& title, float titleY) {
    StageView v;
    drawStage(t, v, ticks);
    fillRect(t, 0.f, 0.f, float(ctx.width), float(ctx.height), sf::Color(10, 6, 20, 170));
    drawText(t, ctx.res->display, title, 76, float(ctx.width) / 2.f, titleY - 8.f, sf::Color(255, 220, 110),
             Align::Center, 4.f);
}

void drawYou(sf::RenderTarget& t, Context& ctx, float y) {
    const net::Identity& me = playerIdentity(ctx);
    const std::string line = "you: " + me.name + "   " + net::fingerprint(me.publicKey) +
                             (ctx.identityProblem.empty() ? "" : "   (a key for this run only)");
    drawText(t, ctx.res->font, line, 20, float(ctx.width) / 2.f, y, sf::Color(170, 230, 255), Align::Center, 1.5f);
}

void drawRows(sf::RenderTarget& t, const Context& ctx, const std::vector<std::string>& rows, int cursor, float y,
              float step) {
    const float cx = float(ctx.width) / 2.f;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const bool on = int(i) == cursor;
        const float ry = y + step * float(i);
        if (on)
            fillRect(t, cx - 330.f, ry - 3.f, 660.f, step - 4.f, sf::Color(255, 200, 80, 60), sf::Color(255, 210, 100),
                     2.f);
        drawText(t, ctx.res->font, rows[i], 22, cx, ry, on ? sf::Color(255, 240, 180) : sf::Color(210, 210, 220),
                 Align::Center, 2.f);
    }
}

void drawHint(sf::RenderTarget& t, const Context& ctx, const std::string& hint) {
    drawText(t, ctx.res->font, hint, 16, float(ctx.width) / 2.f, float(ctx.height) - 40.f, sf::Color(200, 200, 210),
             Align::Center, 1.f);
}

std::string onlineFighter(const Context& ctx) {
    if (!ctx.flags->online.fighter.empty()) return ctx.flags->online.fighter;
    int picks[2];
    startPicks(ctx.fighterIds, ctx.lastPick, picks);
    return ctx.fighterIds[std::size_t(picks[0])];
}

const net::Identity& playerIdentity(Context& ctx) {
    if (ctx.identityLoaded) return ctx.identity;
    ctx.identityLoaded = true;
    std::string problem;
    run::KeyProblem kind = run::KeyProblem::None;
    const std::string path = run::identityPath(problem);
    if (!path.empty() && run::loadOrMakeIdentity(path, run::playerName(), ctx.identity, problem, kind))
        return ctx.identity;
    if (!net::makeIdentity(run::playerName(), ctx.identity)) net::makeIdentity("player", ctx.identity);
    ctx.identityProblem = problem;
    const std::string said = problem + " (a key for this run only)";
    if (kind == run::KeyProblem::NotWritten) reportWriteFailure(ctx, said);
    else if (kind == run::KeyProblem::BadFile) reportBadFile(ctx, said);
    else std::cerr << "identity: " << said << std::endl;  // no data folder: the start said nothing is saved
    return ctx.identity;
}

namespace {

/// What a field shows: its text with the cursor, or stars for a password not being typed.
std::string fieldText(const std::string& text, bool on, bool secret, long ticks) {
    const std::string shown = secret && !on && !text.empty() ? std::string("********") : text;
    return shown + (on && (ticks / 30) % 2 == 0 ? "_" : " ");
}

/// The Online menu: the player's ways to find a fight first, then rooms by code, the fighter, Advanced.
class OnlineMenuScreen : public Screen {
public:
    explicit OnlineMenuScreen(Context& ctx) : ctx_(ctx) {
        const std::string fighter = onlineFighter(ctx);
        for (std::size_t i = 0; i < ctx.fighterIds.size(); ++i)
            if (ctx.fighterIds[i] == fighter) pick_ = int(i);
        code_ = ctx.flags->online.code;
        // Back from a page (or from a room that did not start), the cursor is where the player left it.
        if (ctx.lastOnlineItem > 0 && ctx.lastOnlineItem < kItems) cursor_ = ctx.lastOnlineItem;
    }

    void tick(const Tick& in) override;
    void text(std::uint32_t unicode) override {
        if (codeRow()) line_.type(cursor_ == kJoinCode ? code_ : watch_, unicode);
    }
    void draw(sf::RenderTarget& t) override;

private:
    enum {
        kQuick,
        kRanked,
        kFriends,
        kProfile,
        kRoomHost,
        kJoinCode,
        kWatchCode,
        kFighter,
        kAdvanced,
        kBackItem,
        kItems
    };
    bool codeRow() const { return cursor_ == kJoinCode || cursor_ == kWatchCode; }
    bool typing() const { return codeRow() && line_.open(); }
    /// A tick on a code row; true when it used the tick (the line opened, closed or went, or letters go into it).
    bool codeTick(const Tick& in);
    void choose();

    Context& ctx_;
    int cursor_ = kQuick;
    int pick_ = 0;
    std::string code_, watch_;
    CodeLine line_;        // the code row the cursor is on: open while a code is typed
    std::string problem_;  // why a room action did not start (the relay lines), until the next choice
    long ticks_ = 0;
};

bool OnlineMenuScreen::codeTick(const Tick& in) {
    switch (line_.press(in.pressedAny(kStartOrLight), in.pressedAny(bit(kStart)), in.pressedAny(bit(kBack)))) {
    case CodeLine::Does::Go: return choose(), true;
    case CodeLine::Does::Open:
    case CodeLine::Does::Close: return ctx_.res->sound.play(Sfx::Blip), true;
    case CodeLine::Does::Nothing: break;
    }
    if (!line_.open()) return false;
    // Letters are the code's (W and S too): only the arrow keys leave the open line, and move.
    const int step = in.pressedAny(bit(kP2Up)) ? kItems - 1 : in.pressedAny(bit(kP2Down)) ? 1 : 0;
    if (step != 0) line_.close(), cursor_ = (cursor_ + step) % kItems;
    return true;
}

void OnlineMenuScreen::tick(const Tick& in) {
    ++ticks_;
    if (codeRow() && codeTick(in)) return;
    const ActionSet ok = kStartOrLight;
    if (in.pressedAny(kEitherUp)) cursor_ = (cursor_ + kItems - 1) % kItems;
    if (in.pressedAny(kEitherDown)) cursor_ = (cursor_ + 1) % kItems;
    const int n = int(ctx_.fighters.size());
    const ActionSet left = kEitherLeft, right = kEitherRight;
    if (cursor_ == kFighter && in.pressedAny(left)) pick_ = (pick_ + n - 1) % n;
    if (cursor_ == kFighter && in.pressedAny(right)) pick_ = (pick_ + 1) % n;
    ctx_.flags->online.fighter = ctx_.fighterIds[std::size_t(pick_)];
    if (in.pressedAny(bit(kBack)) || (cursor_ == kBackItem && in.pressedAny(ok))) return ctx_.stack->pop();
    if (in.pressedAny(ok)) choose();
}

void OnlineMenuScreen::choose() {
    if (cursor_ == kFighter) return;
    ctx_.lastOnlineItem = cursor_;
    const bool room = cursor_ == kRoomHost || cursor_ == kJoinCode || cursor_ == kWatchCode;
    problem_ = room ? relayProblem(ctx_.flags->online.relay) : "";
    if (!problem_.empty()) return;  // said in red; the Advanced page has the relay lines
    ctx_.res->sound.play(Sfx::Blip);
    switch (cursor_) {
    case kQuick: return ctx_.stack->push(makeSeekScreen(ctx_, SeekKind::Quick));
    case kRanked: return ctx_.stack->push(makeSeekScreen(ctx_, SeekKind::Ranked));
    case kFriends: return ctx_.stack->push(makeFriendsScreen(ctx_));
    case kProfile: return ctx_.stack->push(makeProfileScreen(ctx_));
    case kRoomHost: return ctx_.stack->push(makeOnlineLobby(ctx_, LinkMode::RoomHost, ""));
    case kJoinCode: return ctx_.stack->push(makeOnlineLobby(ctx_, LinkMode::RoomJoin, code_));
    case kWatchCode: return ctx_.stack->push(makeOnlineLobby(ctx_, LinkMode::RoomSpectate, watch_));
    case kAdvanced: return ctx_.stack->push(makeOnlineAdvanced(ctx_));
    default: return;
    }
}

void OnlineMenuScreen::draw(sf::RenderTarget& t) {
    drawPanel(t, ctx_, ticks_, "ONLINE", 50.f);
    drawYou(t, ctx_, 124.f);
    const std::vector<std::string> rows = {
        "Quick match",
        "Ranked",
        "Friends",
        "Profile",
        "Host a room (get a code)",
        "Join by code:  " + fieldText(code_, cursor_ == kJoinCode && typing(), false, ticks_),
        "Watch by code:  " + fieldText(watch_, cursor_ == kWatchCode && typing(), false, ticks_),
        "Fighter:  \u25c0 " + ctx_.fighters[std::size_t(pick_)].display + " \u25b6",
        "Advanced (service, lobby, relay, delay, direct)",
        "Back",
    };
    drawRows(t, ctx_, rows, cursor_, 162.f, 42.f);
    static const char* const kAbout[kItems] = {
        "a stranger near your level, just for fun",
        "a stranger near your rating: the service checks the result and moves your rating",
        "challenge a friend by their code, or give yours",
        "your rating, your rank on the leaderboard, your last matches and their replays",
        "a code to read to a friend: they join with it",
        "Enter, then type the room code the host gave you; Enter again joins",
        "Enter, then type a room's code; Enter again watches its match",
        "left/right: the fighter you play online",
        "the service's address, the lobby, a TURN relay, input delay, playing by address",
        "",
    };
    const bool refused = !problem_.empty();
    drawText(t, ctx_.res->font, refused ? "not started: " + problem_ + " (Advanced page)" : kAbout[cursor_], 18,
             float(ctx_.width) / 2.f, float(ctx_.height) - 76.f,
             refused ? sf::Color(255, 110, 100) : sf::Color(255, 230, 160), Align::Center, 1.f);
    drawHint(t, ctx_,
             typing()    ? "type the code    Enter: go    Esc: stop typing    Up/Down: move"
             : codeRow() ? "W/S: move    Enter: type a code    Esc: back"
                         : "W/S: move    A/D: change    Enter: choose    Esc: back");
}

}  // namespace

std::unique_ptr<Screen> makeOnlineMenu(Context& ctx) { return std::make_unique<OnlineMenuScreen>(ctx); }

}  // namespace app
