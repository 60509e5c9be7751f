#pragma once
// What makes a fight feel alive without touching its rules: hit sparks and impact rings, screen shake, the health
// bars' red trail, the banners (ROUND, COUNTER, K.O., the winner, training's notices) and the sounds. All of it is
// derived from the fight's state and the events of the frames the view shows, and none of it is read back by the
// simulation; the effects keep their own random generator so a spark never changes a fight's hash.
//
// The effects advance once per presented frame: with a paced source only when a frame is stepped (so freezing the
// fight freezes the sparks too), with an online source every tick.
#include "game/app/fight/fight_draw.h"
#include "game/app/fight/fight_source.h"
#include "game/app/fight/particles.h"
#include "game/app/resources.h"
#include "game/view/round_calls.h"
#include "game/view/camera.h"

#include <SFML/Graphics/Color.hpp>

#include <deque>
#include <string>
#include <vector>

namespace app {

/// "RYO WINS" ("P2 RYO WINS" in a mirror match), or "DRAW" for a winner that is neither player.
std::string winnerText(const FightSource& src, int winner);

/// A big centred message.
struct Banner {
    std::string text;    ///< what it says ("" = none)
    int ticks = 0;       ///< frames it stays up
    sf::Color color;     ///< its colour
    bool call = false;   ///< one of the round's calls (roundCalls)
    bool stays = false;  ///< still shown after its ticks (the match's result)
    int age = 0;         ///< frames since it went up (it scales in over the first few)
};

/// Sparks, shake, banners, health trails and sounds of one fight view.
class FightEffects {
public:
    /// Effects that play sounds on `sound`.
    explicit FightEffects(SoundBank& sound) : sound_(sound) {}

    /// A match began: no sparks, full trails, the "ROUND 1" banner (none when the round intro shows its own).
    void reset(const FightSource& src);
    /// Shows a banner that the next round start does not replace (a training change names itself).
    void announce(const Banner& b);
    /// Reacts to one event of the frame just shown (sparks, banner, shake, sound).
    void react(const sim::Event& e, const FightSource& src);
    /// Queues the calls of a step that ended a round (K.O. or TIME OVER, DRAW, the match's result), said in turn.
    void roundEnd(const sim::Fight& stepped, const FightSource& src);
    /// True while round calls are still to be said or on screen (the match's result until its ticks are up).
    bool callsPlaying() const;
    /// One presented frame: fireball sounds, sparks move, shake and banner count down, trails follow the health.
    void update(const sim::Fight& fight);

    /// The HUD reaches pixel row px: the camera keeps a jumping fighter below it (view::Camera::setHudBottom).
    void setHudBottom(float px) { camera_.setHudBottom(px); }
    /// The stage mapping with this frame's camera and shake.
    StageView stage(long ticks) const;
    /// Player p's health trail (the red part of the bar), in health points.
    float trail(int p) const { return healthTrail_[p]; }
    /// Draws the particles (sparks, rings, dust, streaks, flashes) through the frame's stage mapping.
    void drawSparks(sf::RenderTarget& t, const StageView& v) const { particles_.draw(t, v); }
    /// Draws the round intro's text or the current banner across the middle of a width x height screen, below the
    /// counters panel `panel` when that reaches into the middle (bannerBand; empty: no panel).
    void drawBanner(sf::RenderTarget& t, const sf::Font& font, const FightSource& src, float width, float height,
                    const sf::FloatRect& panel = {}) const;

private:
    void nextCall();
    /// Dust at the feet of a fighter that took off, landed or started a dash since the last frame.
    void kickDust(const sim::Fight& fight);

    SoundBank& sound_;
    Particles particles_;
    view::Camera camera_;
    int koVictim_ = -1;  // a K.O. in the frame being reacted to: the camera punches in on that fighter
    bool wasAirborne_[2] = {false, false};
    int lastAnim_[2] = {-1, -1};
    Banner banner_;
    std::deque<RoundCall> calls_;  // round calls not yet said
    bool keepBanner_ = false;      // the next round start keeps the current banner (set by announce)
    int shakeTicks_ = 0;
    float shakePower_ = 0.f;
    float healthTrail_[2] = {0, 0};
    bool fireballAlive_[2] = {false, false};
};

}  // namespace app
