// The fight's particles (see particles.h).
#include "game/app/fight/particles.h"

#include "game/app/draw.h"

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/RectangleShape.hpp>

#include <algorithm>
#include <cmath>

namespace app {

float Particles::rand01() {
    rand_ ^= rand_ << 13;
    rand_ ^= rand_ >> 17;
    rand_ ^= rand_ << 5;
    return float(rand_ % 10000u) / 10000.f;
}

void Particles::burst(const engine::AABB& where, sf::Color color, int count, float speed) {
    const sf::Vector2f c(float(where.minX + where.maxX) / 2.f, float(where.minY + where.maxY) / 2.f);
    for (int i = 0; i < count; ++i) {
        const float a = rand01() * 6.2831853f;
        const float s = speed * (0.4f + rand01());
        Part p;
        p.pos = c;
        p.vel = {std::cos(a) * s, std::sin(a) * s};
        p.maxLife = p.life = 10.f + rand01() * 12.f;
        p.size = 2.f + rand01() * 3.f;
        p.color = color;
        parts_.push_back(p);
    }
    Part ring;
    ring.kind = Kind::Ring;
    ring.pos = c;
    ring.maxLife = ring.life = 8.f;
    ring.size = speed * 3.f;
    ring.color = color;
    parts_.push_back(ring);
}

void Particles::dust(int x, int dir, int amount) {
    for (int i = 0; i < amount; ++i) {
        Part p;
        p.kind = Kind::Dust;
        const float side = dir != 0 ? float(dir) : (i % 2 == 0 ? 1.f : -1.f);
        p.pos = {float(x) + side * (4.f + rand01() * 14.f), 2.f + rand01() * 6.f};
        p.vel = {side * (1.f + rand01() * 3.f), 0.3f + rand01() * 1.2f};
        p.maxLife = p.life = 18.f + rand01() * 14.f;
        p.size = 5.f + rand01() * 6.f;
        p.color = sf::Color(205, 180, 150);
        parts_.push_back(p);
    }
}

void Particles::streaks(const engine::AABB& where, int facing, sf::Color color, int count) {
    const sf::Vector2f c(float(where.minX + where.maxX) / 2.f, float(where.minY + where.maxY) / 2.f);
    for (int i = 0; i < count; ++i) {
        Part p;
        p.kind = Kind::Streak;
        p.pos = {c.x - float(facing) * 10.f, c.y + (rand01() - 0.5f) * 40.f};
        p.vel = {float(facing) * (14.f + rand01() * 10.f), (rand01() - 0.5f) * 3.f};
        p.maxLife = p.life = 7.f + rand01() * 4.f;
        p.size = 30.f + rand01() * 30.f;  // length
        p.color = color;
        parts_.push_back(p);
    }
}

void Particles::flash(const engine::AABB& where, sf::Color color) {
    Part p;
    p.kind = Kind::Flash;
    p.box = where;
    p.maxLife = p.life = 6.f;
    p.color = color;
    parts_.push_back(p);
}

void Particles::screenFlash(sf::Color color, int ticks) {
    screenColor_ = color;
    screenTicks_ = screenTotal_ = std::max(1, ticks);
}

void Particles::update() {
    for (Part& p : parts_) {
        p.pos += p.vel;
        switch (p.kind) {
        case Kind::Spark: p.vel *= 0.88f, p.vel.y -= 0.25f; break;
        case Kind::Dust: p.vel *= 0.9f, p.vel.y += 0.02f; break;
        case Kind::Streak: p.vel *= 0.8f; break;
        case Kind::Ring:
        case Kind::Flash: break;
        }
        p.life -= 1.f;
    }
    parts_.erase(std::remove_if(parts_.begin(), parts_.end(), [](const Part& p) { return p.life <= 0.f; }),
                 parts_.end());
    if (screenTicks_ > 0) --screenTicks_;
}

void Particles::clear() {
    parts_.clear();
    screenTicks_ = 0;
}

void Particles::drawPart(sf::RenderTarget& t, const StageView& v, const Part& p) {
    const sf::RenderStates add(sf::BlendAdd);
    const float k = p.life / p.maxLife;
    const sf::Vector2f at = v.point(p.pos.x, p.pos.y);
    switch (p.kind) {
    case Kind::Spark: {
        sf::CircleShape dot(p.size * (0.5f + k) * v.scale, 8);
        dot.setOrigin(dot.getRadius(), dot.getRadius());
        dot.setPosition(at);
        dot.setFillColor(withAlpha(p.color, int(255 * k)));
        t.draw(dot, add);
        break;
    }
    case Kind::Ring: {
        const float r = p.size * (1.3f - k) * v.scale;
        sf::CircleShape ring(r, 24);
        ring.setOrigin(r, r);
        ring.setPosition(at);
        ring.setFillColor(withAlpha(p.color, int(120 * k)));
        ring.setOutlineColor(withAlpha(sf::Color::White, int(220 * k)));
        ring.setOutlineThickness(3.f);
        t.draw(ring, add);
        break;
    }
    case Kind::Dust: {  // soft puffs that grow as they fade (normal blending: dust darkens nothing, lights nothing)
        sf::CircleShape puff(p.size * (1.6f - 0.8f * k) * v.scale, 12);
        puff.setOrigin(puff.getRadius(), puff.getRadius());
        puff.setPosition(at);
        puff.setFillColor(withAlpha(p.color, int(110 * k)));
        t.draw(puff);
        break;
    }
    case Kind::Streak: {  // a thin bar along its motion, pointing where the blow went
        const float len = p.size * (0.4f + 0.6f * k) * v.scale;
        sf::RectangleShape bar({len, 3.f * v.scale});
        bar.setOrigin(len, 1.5f * v.scale);  // the head at the particle, the tail behind it
        bar.setPosition(at);
        bar.setRotation(std::atan2(-p.vel.y, p.vel.x) * 57.29578f);  // screen y points down
        bar.setFillColor(withAlpha(p.color, int(230 * k)));
        t.draw(bar, add);
        break;
    }
    case Kind::Flash: {
        const sf::FloatRect r = v.rect(p.box);
        const float grow = (1.f - k) * 10.f * v.scale;
        fillRect(t, r.left - grow, r.top - grow, r.width + 2.f * grow, r.height + 2.f * grow,
                 withAlpha(p.color, int(170 * k)), withAlpha(sf::Color::White, int(230 * k)), 2.f);
        break;
    }
    }
}

void Particles::draw(sf::RenderTarget& t, const StageView& v) const {
    for (const Part& p : parts_) drawPart(t, v, p);
    if (screenTicks_ > 0) {
        const sf::RenderStates add(sf::BlendAdd);
        const sf::Vector2f size = t.getView().getSize();
        const sf::Vector2f centre = t.getView().getCenter();
        sf::RectangleShape all(size);
        all.setPosition(centre - size / 2.f);
        all.setFillColor(withAlpha(screenColor_, int(110.f * float(screenTicks_) / float(screenTotal_))));
        t.draw(all, add);
    }
}

}  // namespace app
