// The fight's effects (see fight_effects.h).
#include "game/app/fight/fight_effects.h"

#include "game/app/draw.h"
#include "game/view/live_rules.h"

#include <SFML/Graphics/Text.hpp>
#include <SFML/Graphics/CircleShape.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace app {

std::string winnerText(const FightSource& src, int winner) {
    if (winner < 0 || winner > 1) return "DRAW";
    std::string name = src.fighter(winner).display;
    for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
    return (src.fighter(0).id == src.fighter(1).id ? "P" + std::to_string(winner + 1) + " " : "") + name + " WINS";
}

void FightEffects::reset(const FightSource& src) {
    for (int p = 0; p < 2; ++p) healthTrail_[p] = float(src.fight().state().fighters[p].health);
    particles_.clear();
    camera_.cut(src.fight().state());
    koVictim_ = -1;
    for (int p = 0; p < 2; ++p) {
        wasAirborne_[p] = src.fight().state().fighters[p].airborne;
        lastAnim_[p] = src.fight().state().fighters[p].anim;
    }
    calls_.clear();
    keepBanner_ = false;
    // Training has no rounds to announce (its match restarts at every dummy or position change).
    if (src.setup().intro > 0 || src.setup().mode == sim::Mode::Training) banner_ = {};
    else banner_ = {"ROUND 1", 70, sf::Color(255, 230, 120)};
}

void FightEffects::announce(const Banner& b) {
    banner_ = b;
    keepBanner_ = true;
}

void FightEffects::react(const sim::Event& e, const FightSource& src) {
    switch (e.type) {
    case sim::EventType::Hit:
        if (e.counter) {
            banner_ = {"COUNTER", 30, sf::Color(255, 150, 60)};
            particles_.screenFlash(sf::Color(255, 150, 40), 6);
        }
        particles_.burst(e.where, e.heavy ? sf::Color(255, 200, 60) : sf::Color(255, 245, 200), e.heavy ? 26 : 14,
                         e.heavy ? 9.f : 6.f);
        if (e.attacker == 0 || e.attacker == 1) {
            particles_.streaks(e.where, src.fight().state().fighters[e.attacker].facing,
                               e.counter ? sf::Color(255, 170, 80) : sf::Color(255, 250, 225), e.heavy ? 7 : 4);
        }
        sound_.play(e.heavy ? Sfx::HeavyHit : Sfx::Hit);
        if (e.heavy) shakeTicks_ = 14, shakePower_ = 9.f;
        break;
    case sim::EventType::Block:
        particles_.burst(e.where, sf::Color(140, 200, 255), 10, 5.f);
        if (e.victim == 0 || e.victim == 1)
            particles_.flash(src.fight().state().fighters[e.victim].push, sf::Color(120, 180, 255));
        sound_.play(Sfx::Block);
        break;
    case sim::EventType::ProjectileCancel:
        particles_.burst(e.where, sf::Color(230, 140, 255), 24, 8.f);
        sound_.play(Sfx::Boom);
        break;
    case sim::EventType::KO:  // the words come from roundEnd, in order with the round's other calls
        shakeTicks_ = 24, shakePower_ = 12.f;
        koVictim_ = e.victim;
        sound_.play(Sfx::KO);
        break;
    case sim::EventType::TimeOver: sound_.play(Sfx::KO, 60.f); break;
    case sim::EventType::RoundStart:
        camera_.cut(src.fight().state());  // a new round: the fighters are back at their marks
        if (keepBanner_) {  // a training change restarted the match: its banner is the news, not "ROUND 1"
            keepBanner_ = false;
            break;
        }
        // With a round intro the intro's own "ROUND N ... FIGHT!" is drawn from the state (drawBanner).
        calls_.clear();
        if (src.setup().intro > 0 || src.setup().mode == sim::Mode::Training) banner_ = {};
        else
            banner_ = {"ROUND " + std::to_string(src.fight().state().round) + "   FIGHT!", 60,
                       sf::Color(255, 230, 120)};
        break;
    case sim::EventType::Throw:  // the grab flashes the one held, so the moment to tech is seen
        particles_.burst(e.where, sf::Color(120, 255, 150), 12, 5.f);
        if (e.victim == 0 || e.victim == 1)
            particles_.flash(src.fight().state().fighters[e.victim].push, sf::Color(255, 255, 200));
        sound_.play(Sfx::Block);
        break;
    case sim::EventType::Tech:
        particles_.burst(src.fight().state().fighters[0].push, sf::Color(255, 255, 255), 16, 7.f);
        sound_.play(Sfx::Blip);
        break;
    case sim::EventType::MatchOver: break;  // its call comes from roundEnd, after the round's
    }
}

void FightEffects::roundEnd(const sim::Fight& stepped, const FightSource& src) {
    const auto result = [&src](int w) { return w == 0 || w == 1 ? winnerText(src, w) : std::string("DRAW GAME"); };
    for (const RoundCall& c : roundCalls(stepped.events(), stepped.state(), result)) calls_.push_back(c);
    if (!calls_.empty() && !(banner_.call && banner_.ticks > 0)) nextCall();
}

void FightEffects::nextCall() {
    const RoundCall c = calls_.front();
    calls_.pop_front();
    const sf::Color color = c.result                ? sf::Color(255, 240, 150)
                            : c.text == "TIME OVER" ? sf::Color(255, 200, 80)
                            : c.text == "DRAW"      ? sf::Color(200, 220, 255)
                                                    : sf::Color(255, 80, 60);
    banner_ = {c.text, c.ticks, color, true, c.result};
}

bool FightEffects::callsPlaying() const { return !calls_.empty() || (banner_.call && banner_.ticks > 0); }

void FightEffects::update(const sim::Fight& fight) {
    for (int p = 0; p < 2; ++p) {  // a new fireball whooshes
        const bool alive = fight.state().projectiles[p].alive;
        if (alive && !fireballAlive_[p]) sound_.play(Sfx::Fireball, 70.f);
        fireballAlive_[p] = alive;
    }
    particles_.update();
    kickDust(fight);
    camera_.update(fight.state(), koVictim_);
    koVictim_ = -1;
    if (shakeTicks_ > 0) --shakeTicks_;
    if (banner_.ticks > 0) --banner_.ticks;
    ++banner_.age;
    if (banner_.ticks <= 0 && !calls_.empty()) nextCall();
    for (int p = 0; p < 2; ++p) {
        const float h = float(fight.state().fighters[p].health);
        healthTrail_[p] = h > healthTrail_[p] ? h : std::max(h, healthTrail_[p] - 4.f);
    }
}

void FightEffects::kickDust(const sim::Fight& fight) {
    for (int p = 0; p < 2; ++p) {
        const sim::FighterState& f = fight.state().fighters[p];
        const sim::StandardAnims& ids = fight.def(p).ids;
        if (f.airborne && !wasAirborne_[p]) particles_.dust(f.x, 0, 6);   // take-off
        if (!f.airborne && wasAirborne_[p]) particles_.dust(f.x, 0, 10);  // landing
        if (f.anim != lastAnim_[p] && f.anim >= 0 && (f.anim == ids.dash || f.anim == ids.backdash)) {
            const int forward = f.anim == ids.dash ? f.facing : -f.facing;
            particles_.dust(f.x, -forward, 8);  // blown back from the feet
        }
        wasAirborne_[p] = f.airborne;
        lastAnim_[p] = f.anim;
    }
}

StageView FightEffects::stage(long ticks) const {
    StageView v;
    v.scale = camera_.shot().zoom;
    v.originX = camera_.originX();
    v.groundY = camera_.groundY();
    if (shakeTicks_ > 0) {
        const float k = shakePower_ * float(shakeTicks_) / 14.f;
        v.shakeX = std::sin(float(ticks) * 2.1f) * k;
        v.shakeY = std::cos(float(ticks) * 2.7f) * k * 0.6f;
    }
    return v;
}

namespace {

/// A banner's text, centred on (cx, y), in the display font, shrunk to fit `maxWidth` and scaled in: it starts
/// `pop` times its size and settles over its first frames (`age`).
void drawBannerText(sf::RenderTarget& t, const sf::Font& font, const std::string& s, unsigned size, float cx, float y,
                    sf::Color color, float maxWidth, int age) {
    sf::Text text(sf::String::fromUtf8(s.begin(), s.end()), font, size);
    text.setFillColor(color);
    text.setOutlineColor(sf::Color(20, 10, 10));
    text.setOutlineThickness(4.f);
    const sf::FloatRect b = text.getLocalBounds();
    float scale = b.width > maxWidth ? maxWidth / b.width : 1.f;
    const float settle = std::min(1.f, float(age) / 8.f);  // 8 frames: about 130 ms
    scale *= 1.f + 0.6f * (1.f - settle) * (1.f - settle);
    text.setOrigin(b.left + b.width / 2.f, b.top + b.height / 2.f);
    text.setPosition(cx, y);
    text.setScale(scale, scale);
    t.draw(text);
}

}  // namespace

void FightEffects::drawBanner(sf::RenderTarget& t, const sf::Font& font, const FightSource& src, float width,
                              float height, const sf::FloatRect& panel) const {
    const sim::FightState& s = src.fight().state();
    const std::string intro = s.roundOver ? "" : introText(s.roundFrame, src.setup().intro, s.round);
    const sf::FloatRect band = bannerBand(width, height, panel);
    const float cy = band.top + 10.f;
    if (!intro.empty()) {
        const bool fight = intro == "FIGHT!";
        fillRect(t, 0.f, band.top, width, band.height, sf::Color(0, 0, 0, 120));
        drawBannerText(t, font, intro, fight ? 104 : 84, width / 2.f, cy + 38.f,
                       fight ? sf::Color(255, 120, 60) : sf::Color(255, 230, 120), width * 0.9f,
                       introAge(s.roundFrame, src.setup().intro));
        return;
    }
    if ((banner_.ticks <= 0 && !banner_.stays) || banner_.text.empty()) return;
    fillRect(t, 0.f, band.top, width, band.height, sf::Color(0, 0, 0, 120));
    drawBannerText(t, font, banner_.text, 84, width / 2.f, cy + 38.f, banner_.color, width * 0.9f, banner_.age);
}

}  // namespace app
