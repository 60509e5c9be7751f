#pragma once
// The fight's particles, in world units (y up, as the rules see the stage) so they follow the camera and the shake
// like the fighters: hit sparks and impact rings, dust kicked up by a dash, a jump or a landing, streaks along the
// line of a hit, a flash on a block and a screen flash on a counter hit. Drawn only: they have their own random
// generator and nothing of them reaches the simulation.
#include "game/app/fight/fight_draw.h"

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <cstdint>
#include <vector>

namespace app {

/// Every particle of one fight view.
class Particles {
public:
    /// Sparks flying out of a box's centre, with a ring at the impact.
    void burst(const engine::AABB& where, sf::Color color, int count, float speed);
    /// Dust at a fighter's feet (x, ground): `dir` +1 / -1 blows it that way, 0 both ways (a landing).
    void dust(int x, int dir, int amount);
    /// Streaks along a hit's line, from where it landed in the direction the attacker faces (+1 right, -1 left).
    void streaks(const engine::AABB& where, int facing, sf::Color color, int count);
    /// A flash over a box (a block).
    void flash(const engine::AABB& where, sf::Color color);
    /// The whole screen flashes for a few frames (a counter hit).
    void screenFlash(sf::Color color, int ticks);
    /// One presented frame: everything moves and fades.
    void update();
    /// Draws them through the frame's stage mapping; the screen flash over the whole target.
    void draw(sf::RenderTarget& t, const StageView& v) const;
    /// Removes everything (a new match).
    void clear();
    /// Particles alive (the counters panel, tests).
    std::size_t size() const { return parts_.size(); }

private:
    enum class Kind : std::uint8_t { Spark, Ring, Dust, Streak, Flash };
    struct Part {
        Kind kind = Kind::Spark;
        sf::Vector2f pos, vel;  // world units, y up
        float life = 0, maxLife = 1, size = 3;
        sf::Color color;
        engine::AABB box;  // Flash: the box
    };
    float rand01();

    static void drawPart(sf::RenderTarget& t, const StageView& v, const Part& p);  // one particle, as its kind looks
    std::vector<Part> parts_;
    sf::Color screenColor_;
    int screenTicks_ = 0, screenTotal_ = 1;
    std::uint32_t rand_ = 0x9e3779b9u;  // effects only; the simulation has its own generator
};

}  // namespace app
