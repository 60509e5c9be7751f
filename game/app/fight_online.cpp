// FightScreen's online mode. The net::NetPeer steps the match (predicting, rolling back); each tick the screen
// copies the session's current fight into its own for drawing and reacts to the events of the newest frame (a
// rolled-back frame's spark or sound is not replayed: effects follow what was shown, the rules follow the
// confirmed inputs). Confirmed frames are recorded, so the replay holds exactly the inputs both sides agreed on.
// Esc leaves (the opponent is told); when the match ends, is lost or desyncs, the last state stays on screen with
// the reason, and the recording is closed. After a completed match Enter asks for a rematch; when the opponent asks
// too, the peer starts the next match on the same connection and calls back here to restart the screen.
#include "game/app/draw.h"
#include "game/app/fight_screen.h"
#include "game/app/online.h"

#include <cctype>

namespace app {
namespace {

std::string signedText(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

}  // namespace

FightScreen::FightScreen(Context& ctx, std::unique_ptr<OnlineLink> link)
    : ctx_(ctx), setup_(link->peer().setup()), record_(!ctx.flags->noRecord), online_(std::move(link)) {
    for (int p = 0; p < 2; ++p) roundStartX_[p] = setup_.startX[p];
    attachOnline(*online_->peer().session());
    online_->peer().setOnStart([this](net::Session& s) {  // a rematch began
        setup_ = online_->peer().setup();
        attachOnline(s);
    });
}

void FightScreen::attachOnline(net::Session& s) {
    start();
    s.setConfirmHook([this](std::int64_t, const sim::FrameInput& in, const sim::Fight& f) {
        if (writer_) writer_->frame(in, f);
    });
}

void FightScreen::tickOnline(const Tick& in) {
    handleViewKeys(in);
    net::NetPeer& peer = online_->peer();
    const bool ended = peer.state() == net::PeerState::Done;
    if (in.pressedAny(bit(kBack)) || (ended && in.pressedAny(bit(kStart)))) {
        online_->leave();
        ctx_.stack->replaceAll(makeTitle(ctx_));
        return;
    }
    if (peer.state() == net::PeerState::Lingering && in.pressedAny(bit(kStart))) peer.requestRematch();
    const net::Session* old = peer.session();
    const std::int64_t before = old->frame();
    const std::uint16_t buttons = buttonsOf(in.held, 0);
    online_->tick(buttons);
    net::Session& s = *peer.session();
    if (&s != old) return;  // a rematch started (attachOnline restarted the screen)
    if (s.frame() != before || s.finished()) live_->restore(s.fight().state());
    if (s.frame() > before) {
        for (const sim::Event& e : s.fight().events()) react(e);
        if (s.fight().stats().broadTests > 0) lastQuery_ = s.fight().stats(), lastQueryFrame_ = s.frame();
        recordInputHistory(0, buttons);
    }
    detectFireballs();
    updateEffects();
    if (peer.state() != net::PeerState::Playing && writer_) {  // over, lost or desynced: the replay ends here
        writer_->finish();
        writer_.reset();
    }
    if (fight().state().matchOver) ++matchOverTicks_;
}

void FightScreen::drawOnline(sf::RenderTarget& t) {
    net::NetPeer& peer = online_->peer();
    const net::SessionStats& n = peer.session()->stats(online_->nowMs());
    const std::string me = peer.session()->config().me == 0 ? "P1" : "P2";
    const std::string line = "ONLINE  you: " + me + "   ping " + (n.pingMs < 0 ? "--" : std::to_string(n.pingMs)) +
                             " ms   rollback " + std::to_string(n.rollbackFramesPerSecond) + " f/s (longest " +
                             std::to_string(n.longestRollback) + ")   advantage " + signedText(n.frameAdvantage) +
                             "   lost " + std::to_string(n.packetsLost);
    const float y = float(ctx_.height) - 30.f;
    drawText(t, ctx_.res->font, line, 16, float(ctx_.width) / 2.f, y - 26.f, sf::Color(170, 230, 255), Align::Center, 2.f);
    if (peer.state() == net::PeerState::Playing) return;
    std::string msg = "match over", hint = "Enter: rematch    Esc: leave";
    if (peer.wantsRematch()) hint = "waiting for the opponent to accept the rematch...    Esc: leave";
    else if (peer.opponentWantsRematch()) hint = "your opponent wants a rematch: Enter to accept    Esc: leave";
    bool bad = false;
    if (peer.state() == net::PeerState::Done) msg = peer.endMessage(), bad = peer.failed(), hint = "Esc / Enter: back to the title";
    else if (peer.session()->desynced()) msg = "DESYNC at frame " + std::to_string(peer.session()->desyncFrame()), bad = true, hint = "";
    const float cy = float(ctx_.height) * 0.62f;
    fillRect(t, 0.f, cy - 8.f, float(ctx_.width), 86.f, sf::Color(0, 0, 0, 150));
    std::string upper;
    for (char c : msg) upper += char(std::toupper(static_cast<unsigned char>(c)));
    drawText(t, ctx_.res->font, upper, 36, float(ctx_.width) / 2.f, cy, bad ? sf::Color(255, 100, 90) : sf::Color(255, 240, 150),
             Align::Center, 3.f);
    const std::string where = recordPath_.empty() ? "" : "replay: " + recordPath_;
    drawText(t, ctx_.res->font, hint, 18, float(ctx_.width) / 2.f, cy + 46.f, sf::Color::White, Align::Center, 1.5f);
    drawText(t, ctx_.res->font, where, 14, float(ctx_.width) / 2.f, cy + 70.f, sf::Color(210, 210, 220), Align::Center, 1.f);
}

void FightScreen::addOnlineCounters(std::vector<std::string>& lines) {
    net::NetPeer& peer = online_->peer();
    net::Session& s = *peer.session();
    const net::SessionStats& n = s.stats(online_->nowMs());
    const net::PeerCounters& c = peer.counters();
    lines.push_back("online: frame " + std::to_string(s.frame()) + "  confirmed " + std::to_string(s.confirmedFrame()) +
                    "  delay " + std::to_string(s.config().inputDelay) + "  window " + std::to_string(s.config().maxRollback) +
                    "  ping " + std::to_string(n.pingMs) + " ms");
    lines.push_back("rollbacks " + std::to_string(n.rollbacks) + " (" + std::to_string(n.rolledBackFrames) + " frames, " +
                    std::to_string(n.rollbackFramesPerSecond) + "/s, longest " + std::to_string(n.longestRollback) +
                    ")  advantage " + signedText(n.frameAdvantage) + " / them " + signedText(n.remoteAdvantage));
    lines.push_back("packets " + std::to_string(n.packetsSent) + " sent " + std::to_string(n.packetsReceived) + " recv " +
                    std::to_string(n.packetsLost) + " lost " + std::to_string(n.packetsDuplicate) + " dup  dropped " +
                    std::to_string(c.malformed + c.wrongAddress + c.wrongToken) + "  stalls " + std::to_string(n.stallTicks) +
                    "  waits " + std::to_string(n.syncWaits));
}

}  // namespace app
