#pragma once
// The fight screen: runs a sim::Fight at the app's fixed 60 Hz (or slower, or frame by frame), feeding it the
// players' buttons (from keys) or a replay's recorded buttons, records live matches with sim::ReplayWriter, and
// draws the state with effects (sparks, shake, banners, sounds) that never feed back into the simulation.
#include "game/app/fight_draw.h"
#include "game/app/frame_meter.h"
#include "game/app/screen.h"
#include "game/io/player.h"
#include "game/io/replay_writer.h"

#include <memory>
#include <string>
#include <vector>

namespace app {

class OnlineLink;
}  // namespace app
namespace net {
class Session;
}  // namespace net
namespace app {

/// Player p's sim buttons from the held actions (P1 or P2 keys).
std::uint16_t buttonsOf(ActionSet held, int p);

/// A fight being played live (recorded) or a replay being watched.
class FightScreen : public Screen {
public:
    /// A live match (recorded when `record`).
    FightScreen(Context& ctx, const sim::MatchSetup& setup, bool record);
    /// Watches a replay or action script.
    FightScreen(Context& ctx, const sim::RunFile& run);
    /// An online match whose handshake is done (fight_online.cpp); recorded unless --no-record.
    FightScreen(Context& ctx, std::unique_ptr<OnlineLink> link);
    /// Closes the replay being written (its `end` line).
    ~FightScreen() override;

    /// Handles the debug/training keys, then steps the fight zero or one time (frozen, slow motion, frame step).
    void tick(const Tick& in) override;
    /// Draws stage, fighters, fireballs, overlay, effects and HUD.
    void draw(sf::RenderTarget& target) override;
    /// Restarts the match from round 1 (a live match starts a new replay file).
    void resetMatch();
    /// Frames simulated so far.
    std::int64_t frame() const { return fight().state().frame; }
    /// The fight shown: the live one, or the replay player's.
    const sim::Fight& fight() const;
    /// True when a watched replay has run all its frames.
    bool replayDone() const;

private:
    struct Spark {
        sf::Vector2f pos, vel;
        float life = 0, maxLife = 1, size = 3;
        sf::Color color;
    };
    struct Banner {
        std::string text;
        int ticks = 0;
        sf::Color color;
    };
    struct InputRow {
        std::uint16_t buttons = 0;
        int frames = 0;
    };

    void start();
    void openRecording();
    void handleKeys(const Tick& in);
    void handleViewKeys(const Tick& in);
    bool shouldStep(const Tick& in);
    sim::FrameInput gatherInput(const Tick& in);
    void stepOnce(const sim::FrameInput& in);
    void react(const sim::Event& e);
    void detectFireballs();
    std::string winnerText(int winner) const;
    void checkReplay();
    void spawnSparks(const engine::AABB& where, sf::Color color, int count, float speed);
    void updateEffects();
    void setDummy(sim::DummyMode d);
    void nextPosition();
    void toggleRecording();
    void recordInputHistory(int p, std::uint16_t buttons);
    float nextRand();

    void drawHud(sf::RenderTarget& t);
    void drawHealth(sf::RenderTarget& t, int p);
    void drawSparks(sf::RenderTarget& t);
    void drawBanner(sf::RenderTarget& t);
    void drawTraining(sf::RenderTarget& t);
    void drawCounters(sf::RenderTarget& t);
    void drawStatus(sf::RenderTarget& t);
    // online mode (fight_online.cpp)
    void attachOnline(net::Session& s);
    void tickOnline(const Tick& in);
    void drawOnline(sf::RenderTarget& t);
    void addOnlineCounters(std::vector<std::string>& lines);

    Context& ctx_;
    sim::MatchSetup setup_;
    int roundStartX_[2] = {};
    bool keepBanner_ = false;  // the next round start keeps the current banner (set by setDummy)  // the setup's start positions as given (dummy changes move setup_'s; reset restores)
    const sim::FighterDef* defs_[2] = {nullptr, nullptr};
    std::unique_ptr<sim::Fight> live_;            // a live match
    std::unique_ptr<sim::ReplayPlayer> player_;   // a watched replay or script
    std::unique_ptr<sim::ReplayWriter> writer_;
    bool record_ = false;
    bool replay_ = false;
    sim::RunFile run_;
    std::size_t shownFailures_ = 0;                // player failures already reported
    std::vector<std::string> failed_;             // failed expectations so far (drawn, newest last)
    std::string desync_;
    std::string recordPath_;

    OverlayOptions overlay_;
    sim::StepStats lastQuery_;         // the latest step that tested anything (kept through hitstop)
    std::int64_t lastQueryFrame_ = 0;  // the frame it was taken
    bool frozen_ = false;
    bool slow_ = false;
    long ticks_ = 0;
    sim::FrameInput carried_;          // presses seen since the last step (slow motion / frame step)
    std::vector<Spark> sparks_;
    Banner banner_;
    int shakeTicks_ = 0;
    float shakePower_ = 0.f;
    float healthTrail_[2] = {0, 0};
    bool fireballAlive_[2] = {false, false};
    std::vector<InputRow> history_[2];  // input display rows per player, newest first
    FrameMeter meter_;                  // training frame meter
    std::uint32_t rand_ = 0x9e3779b9u;  // effects only; the simulation has its own generator
    int matchOverTicks_ = 0;
    int position_ = 0;                  // training: the start position preset in use
    std::vector<std::uint16_t> tape_;   // training: the dummy's recording so far (relative directions)
    int lastCombo_ = 0;                 // training: hits in P2's current or last combo
    int comboDamage_ = 0;               // training: that combo's damage
    std::unique_ptr<OnlineLink> online_;  // set for an online match: the peer steps the fight, not tick()
};

/// Makes a live fight for a setup; nullptr (with the error printed and ctx.quit set) when a fighter is unknown.
std::unique_ptr<Screen> makeFight(Context& ctx, const sim::MatchSetup& setup);

}  // namespace app
