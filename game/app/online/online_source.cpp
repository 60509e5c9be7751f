// The online source. The net::NetPeer steps the match on its own clock (predicting, rolling back); each tick the
// source copies the session's current fight into its own for the view to draw, and hands the view the session's
// fight when a new frame appeared, so the effects react to the events of the newest frame (a rolled-back frame's
// spark or sound is not replayed: effects follow what was shown, the rules follow the confirmed inputs).
// Confirmed frames are recorded, so the replay holds exactly the inputs both sides agreed on. Esc leaves (the
// opponent is told); when the match ends, is lost or desyncs, the last state stays on screen with the reason, and
// the recording is closed. After a completed match Enter asks for a rematch; when the opponent asks too, the peer
// starts the next match on the same connection and the view starts over.
#include "game/app/draw.h"
#include "game/app/fight/fight_hints.h"
#include "game/app/fight/fight_screen.h"
#include "game/app/replays/match_recorder.h"
#include "game/app/online/lobby_status.h"
#include "game/app/online/match_flow.h"
#include "game/io/run_file.h"
#include "game/app/online/online.h"
#include "game/run/desync_report.h"

#include "game/app/view_logic.h"

#include <cassert>
#include <cctype>
#include <fstream>
#include <iostream>
#include <iterator>
#include <utility>

namespace app {
namespace {

std::string signedText(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

/// An online match through its link.
class OnlineSource : public FightSource {
public:
    // A service match is always recorded: its recording is the log the service decides by.
    OnlineSource(Context& ctx, std::unique_ptr<OnlineLink> link, std::shared_ptr<ServiceMatch> service)
        : ctx_(ctx), recorder_(ctx.flags->noRecord && !service ? "" : ctx.flags->replayDir), link_(std::move(link)),
          service_(std::move(service)) {
        attach(*link_->peer().session());
        link_->peer().setOnStart([this](net::Session& s) { attach(s); });  // a rematch began
        link_->peer().setOnStall([this](int seat, std::int64_t ms) { recorder_.stall(seat, ms); });
    }
    /// The window closed mid-match: tell the opponent now, not after 3 s of silence.
    ~OnlineSource() override {
        link_->leave();
        recorder_.finish();
    }

    const sim::Fight& fight() const override { return *shown_; }
    const sim::MatchSetup& setup() const override { return setup_; }
    const sim::FighterDef& fighter(int p) const override { return *defs_[p]; }
    bool paced() const override { return false; }
    std::string keyHint(const Bindings& b) const override {
        return onlineHint(b, link_->peer().session()->config().me);
    }
    Advance tick(const Tick& in, const sim::FrameInput* keys) override;
    /// Nothing: an online match starts over only when both sides ask for a rematch.
    void restart() override {}
    bool recording() const override { return recorder_.active(); }
    std::string takeWriteFailure(bool closing) override {
        if (closing) recorder_.finish();
        const std::string failure = recorder_.takeFailure();
        return failure.empty() ? std::exchange(reportFailure_, std::string()) : failure;
    }
    void addCounters(std::vector<std::string>& lines) const override;
    void drawOver(sf::RenderTarget& t, const Context& ctx) const override;

private:
    void attach(net::Session& s);
    void serviceTick();
    void drawService(sf::RenderTarget& t, const Context& ctx, float y) const;

    Context& ctx_;
    MatchRecorder recorder_;  // declared before the link: the session's confirm hook writes to it
    std::unique_ptr<OnlineLink> link_;
    sim::MatchSetup setup_;
    const sim::FighterDef* defs_[2] = {nullptr, nullptr};
    std::unique_ptr<sim::Fight> shown_;  // a copy of the session's fight as of the last tick
    bool restarted_ = false;             // a rematch began during this tick
    LeaveConfirm leave_;                 // Esc twice to leave a match in progress
    long ticks_ = 0;
    run::StateRing ring_;                    // the last confirmed states, for a desync report
    bool reported_ = false;                  // the desync report was written (or tried)
    std::string reportFailure_;              // why it could not be written, said like a failed recording
    std::shared_ptr<ServiceMatch> service_;  // a match the service made: its checkpoints, log and decision
    std::int64_t serviceFrames_ = 0;         // confirmed frames recorded (the recording's `check` lines count these)
    bool logGiven_ = false;
    std::string serviceSaid_;  // the status last printed
};

void OnlineSource::attach(net::Session& s) {
    setup_ = link_->peer().setup();
    for (int p = 0; p < 2; ++p) {
        defs_[p] = ctx_.fighter(setup_.fighter[p]);
        assert(defs_[p] != nullptr && "the peer loads its fighters through the context");
    }
    shown_ = std::make_unique<sim::Fight>(setup_, *defs_[0], *defs_[1]);
    recorder_.open(setup_, *shown_);
    link_->matchStarted();  // the host's spectators get the setup
    s.setConfirmHook([this](std::int64_t frame, const sim::FrameInput& in, const sim::Fight& f) {
        recorder_.frame(in, f);
        if (service_ && ++serviceFrames_ % sim::kCheckpointEvery == 0)
            service_->flow->checkpoint(serviceFrames_, f.hash());
        ring_.push(frame, f.state());
        link_->confirmed(in);
    });
    ring_ = run::StateRing();
    reported_ = false;
    restarted_ = true;
}

Advance OnlineSource::tick(const Tick& in, const sim::FrameInput* /*keys*/) {
    net::NetPeer& peer = link_->peer();
    const bool ended = peer.state() == net::PeerState::Done;
    ++ticks_;
    // A match in progress asks first (an Esc meant for a menu must not end someone's match); over, Esc leaves.
    const bool leave = peer.state() == net::PeerState::Playing
                           ? leave_.tick(in.pressedAny(bit(kBack)), in.pressedAny(bit(kStart)), ticks_)
                           : in.pressedAny(bit(kBack)) || (ended && in.pressedAny(bit(kStart)));
    if (leave) {
        link_->leave();
        ctx_.stack->replaceAll(makeTitle(ctx_));
        return {nullptr, false, true};
    }
    if (peer.state() == net::PeerState::Lingering && in.pressedAny(bit(kStart))) peer.requestRematch();
    const std::int64_t before = peer.session()->frame();
    restarted_ = false;
    link_->tick(buttonsOf(in.held, 0));
    if (restarted_) return {nullptr, true};
    net::Session& s = *peer.session();
    if (s.frame() != before || s.finished()) shown_->restore(s.fight().state());
    if (peer.state() != net::PeerState::Playing &&
        recorder_.active()) {  // over, lost or desynced: the replay ends here
        const bool done = peer.state() == net::PeerState::Done;
        const char* word = done           ? net::endingWord(peer.endReason(), peer.endSilenceMs())
                           : s.desynced() ? "desync"
                                          : "over";
        recorder_.ending(word, done ? peer.endSeat() : -1, done ? peer.endSilenceMs() : 0);
        recorder_.finish();
    }
    serviceTick();
    if (s.desynced() && !reported_ && !recorder_.path().empty()) {  // beside the replay: REPLAY.hashes, REPLAY.states
        reported_ = true;
        std::string error;
        if (!run::writeDesyncReport(recorder_.path(), s.confirmedHashes(), ring_, error))
            reportFailure_ = error + " (the desync report)";
    }
    return {s.frame() > before ? &s.fight() : nullptr};
}

// The recording, once closed, goes to the service; its decision is printed for scripts as it changes.
void OnlineSource::serviceTick() {
    if (!service_) return;
    MatchFlow& flow = *service_->flow;
    if (!logGiven_ && !recorder_.active() && serviceFrames_ > 0 && link_->peer().state() != net::PeerState::Playing) {
        logGiven_ = true;
        std::ifstream in(recorder_.path(), std::ios::binary);
        const net::Countersigner* signs = link_->peer().countersigner();
        flow.finished(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()),
                      signs ? signs->held() : std::vector<net::Countersign>{});
    }
    flow.tick(ranked::wallClockMs());
    const std::string said = matchStatusText(flow);
    if (logGiven_ && said != serviceSaid_) std::cout << "service: " << said << std::endl;
    serviceSaid_ = said;
}

void OnlineSource::drawService(sf::RenderTarget& t, const Context& ctx, float y) const {
    const MatchFlow& flow = *service_->flow;
    const bool bad = flow.stage() == MatchFlow::Stage::Failed;
    fillRect(t, 0.f, y - 6.f, float(ctx.width), 40.f, sf::Color(0, 0, 0, 170));
    drawTextFitted(t, ctx.res->font, matchStatusText(flow), 24, float(ctx.width) / 2.f, y,
                   bad ? sf::Color(255, 110, 100) : sf::Color(255, 220, 110), float(ctx.width) - 40.f, 2.f);
}

/// Who plays whom, over the first match's round intro (before anyone can move): names and fingerprints, P1 left.
void drawOpponents(sf::RenderTarget& t, const Context& ctx, const net::NetPeer& peer) {
    const std::string me = whoText(peer.identity().name, peer.identity().publicKey);
    const std::string them = whoText(peer.opponentName(), peer.opponentKey());
    const bool host = peer.opponentSeat() == 1;
    const std::string line = (host ? me : them) + "    vs    " + (host ? them : me);
    fillRect(t, 0.f, 150.f, float(ctx.width), 44.f, sf::Color(0, 0, 0, 150));
    drawTextFitted(t, ctx.res->font, line, 24, float(ctx.width) / 2.f, 158.f, sf::Color(255, 240, 150),
                   float(ctx.width) - 40.f, 2.f);
}

void OnlineSource::drawOver(sf::RenderTarget& t, const Context& ctx) const {
    net::NetPeer& peer = link_->peer();
    if (peer.matchesPlayed() == 1 && peer.session()->frame() < std::int64_t(setup_.intro) + 60 && peer.opponentKnown())
        drawOpponents(t, ctx, peer);
    const net::SessionStats& n = peer.session()->stats(link_->nowMs());
    const std::string me = peer.session()->config().me == 0 ? "P1" : "P2";
    const std::string path = link_->path().empty() ? "direct" : link_->path();
    const int watching = link_->spectators();
    const std::string line =
        "ONLINE  you: " + me + "   " + path + "   ping " + (n.pingMs < 0 ? "--" : std::to_string(n.pingMs)) +
        " ms   delay " + std::to_string(peer.session()->config().inputDelay) + "f" + "   rollback " +
        std::to_string(n.rollbackFramesPerSecond) + " f/s (longest " + std::to_string(n.longestRollback) +
        ")   advantage " + signedText(n.frameAdvantage) + "   lost " + std::to_string(n.packetsLost) +
        (peer.opponentStalls().count > 0 ? "   stalls " + std::to_string(peer.opponentStalls().count) : "") +
        (watching > 0 ? "   watching " + std::to_string(watching) : "");
    const float y = float(ctx.height) - 30.f;
    drawText(t, ctx.res->font, line, 16, float(ctx.width) / 2.f, y - 26.f, sf::Color(170, 230, 255), Align::Center,
             2.f);

    if (peer.state() == net::PeerState::Playing && leave_.asking()) {
        const float cy = float(ctx.height) * 0.62f;
        fillRect(t, 0.f, cy - 8.f, float(ctx.width), 60.f, sf::Color(0, 0, 0, 170));
        drawText(t, ctx.res->font, "Leave the match?  Esc again: leave    Enter: stay", 26, float(ctx.width) / 2.f,
                 cy + 4.f, sf::Color(255, 240, 150), Align::Center, 2.f);
    }
    const std::string stall = peer.stallText(link_->nowMs());
    if (!stall.empty()) {  // the screen would only freeze: say who stalled, and for how long (it ends at the timeout)
        const float iy = float(ctx.height) * 0.30f;
        fillRect(t, 0.f, iy - 6.f, float(ctx.width), 44.f, sf::Color(0, 0, 0, 160));
        drawText(t, ctx.res->font, stall, 26, float(ctx.width) / 2.f, iy, sf::Color(255, 190, 90), Align::Center, 2.f);
    }
    if (peer.state() == net::PeerState::Playing) return;
    if (service_) drawService(t, ctx, float(ctx.height) * 0.62f - 56.f);
    std::string msg = "match over", hint = "Enter: rematch    Esc: leave";
    if (peer.wantsRematch()) hint = "waiting for the opponent to accept the rematch...    Esc: leave";
    else if (peer.opponentWantsRematch()) hint = "your opponent wants a rematch: Enter to accept    Esc: leave";
    bool bad = false;
    if (peer.state() == net::PeerState::Done)
        msg = peer.endMessage(), bad = peer.failed(), hint = "Esc / Enter: back to the title";
    else if (peer.session()->desynced())
        msg = "DESYNC at frame " + std::to_string(peer.session()->desyncFrame()), bad = true, hint = "";
    const float cy = float(ctx.height) * 0.62f;
    fillRect(t, 0.f, cy - 8.f, float(ctx.width), 86.f, sf::Color(0, 0, 0, 150));
    std::string upper;
    for (char c : msg) upper += char(std::toupper(static_cast<unsigned char>(c)));
    drawText(t, ctx.res->font, upper, 36, float(ctx.width) / 2.f, cy,
             bad ? sf::Color(255, 100, 90) : sf::Color(255, 240, 150), Align::Center, 3.f);
    const std::string where = recorder_.path().empty() ? "" : "replay: " + recorder_.path();
    drawText(t, ctx.res->font, hint, 18, float(ctx.width) / 2.f, cy + 46.f, sf::Color::White, Align::Center, 1.5f);
    drawText(t, ctx.res->font, where, 14, float(ctx.width) / 2.f, cy + 70.f, sf::Color(210, 210, 220), Align::Center,
             1.f);
}

void OnlineSource::addCounters(std::vector<std::string>& lines) const {
    net::NetPeer& peer = link_->peer();
    net::Session& s = *peer.session();
    const net::SessionStats& n = s.stats(link_->nowMs());
    const net::PeerCounters& c = peer.counters();
    lines.push_back("online: frame " + std::to_string(s.frame()) + "  confirmed " + std::to_string(s.confirmedFrame()) +
                    "  delay " + std::to_string(s.config().inputDelay) + "  window " +
                    std::to_string(s.config().maxRollback) + "  ping " + std::to_string(n.pingMs) + " ms");
    lines.push_back("rollbacks " + std::to_string(n.rollbacks) + " (" + std::to_string(n.rolledBackFrames) +
                    " frames, " + std::to_string(n.rollbackFramesPerSecond) + "/s, longest " +
                    std::to_string(n.longestRollback) + ")  advantage " + signedText(n.frameAdvantage) + " / them " +
                    signedText(n.remoteAdvantage));
    lines.push_back("packets " + std::to_string(n.packetsSent) + " sent " + std::to_string(n.packetsReceived) +
                    " recv " + std::to_string(n.packetsLost) + " lost " + std::to_string(n.packetsDuplicate) +
                    " dup  dropped " +
                    std::to_string(c.malformed + c.wrongAddress + c.wrongToken + c.forged + c.otherVersion) +
                    "  stalls " + std::to_string(n.stallTicks) + "  waits " + std::to_string(n.syncWaits));
}

}  // namespace

std::unique_ptr<Screen> makeOnlineFight(Context& ctx, std::unique_ptr<OnlineLink> link,
                                        std::shared_ptr<ServiceMatch> service) {
    return std::make_unique<FightScreen>(ctx, std::make_unique<OnlineSource>(ctx, std::move(link), std::move(service)));
}

}  // namespace app
