// Fight drawing. Characters are built from their hurtboxes: each member's name says what it is (head, torso,
// arm-*, leg-*), its box says where, the fighter's facing says where the face and fists point, and the fighter
// file's colours (body = skin, accent = clothes, trim = belt and headband) paint it. So whatever the animation
// data does to a box, the drawing follows, and the overlay lines up with the figure exactly.
#include "game/app/fight_draw.h"

#include "game/app/draw.h"

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>

namespace app {
namespace {

const sf::Color kInk(24, 18, 30);  // character outlines

enum class Part { Back, Leg, Torso, Head, Arm, Other };

Part partOf(const std::string& name) {
    if (name.find("head") != std::string::npos) return Part::Head;
    if (name.find("torso") != std::string::npos || name.find("body") != std::string::npos) return Part::Torso;
    if (name.find("arm") != std::string::npos || name.find("fist") != std::string::npos) return Part::Arm;
    if (name.find("leg") != std::string::npos || name.find("foot") != std::string::npos) return Part::Leg;
    return Part::Other;
}

/// Drawing order: back limbs, legs, torso, head, front arm.
int layerOf(const std::string& name) {
    const Part p = partOf(name);
    if (name.find("back") != std::string::npos && (p == Part::Arm || p == Part::Leg)) return 0;
    switch (p) {
    case Part::Leg: return 1;
    case Part::Torso: return 2;
    case Part::Other: return 2;
    case Part::Head: return 3;
    default: return 4;
    }
}

sf::Color toColor(const sim::NamedColor& c) { return sf::Color(c.r, c.g, c.b); }

struct Palette {
    sf::Color skin, cloth, trim, ink;
};

Palette paletteOf(const sim::FighterDef& def, const sim::FighterState& f, long ticks, bool alt) {
    Palette p{toColor(def.color("body", {"body", 220, 180, 150})), toColor(def.color("accent", {"accent", 230, 230, 230})),
              toColor(def.color("trim", {"trim", 200, 40, 40})), kInk};
    if (alt) {  // mirror match: the second player wears a darker outfit with the trim's channels rotated
        p.cloth = sf::Color(sf::Uint8(p.cloth.b * 0.35f + 30), sf::Uint8(p.cloth.r * 0.3f + 20), sf::Uint8(p.cloth.g * 0.3f + 25));
        p.trim = sf::Color(p.trim.b, p.trim.r, p.trim.g);
    }
    if (f.action == sim::Action::Hitstun && (ticks / 3) % 2 == 0) {
        p.skin = shade(p.skin, 1.45f);
        p.cloth = shade(p.cloth, 1.45f);
        p.ink = sf::Color(150, 20, 20);
    }
    if (f.action == sim::Action::KO) {
        p.skin = shade(p.skin, 0.8f);
        p.cloth = shade(p.cloth, 0.8f);
    }
    return p;
}

void fillShape(sf::RenderTarget& t, sf::Shape&& s, sf::Color fill, sf::Color ink, float thickness = 2.f) {
    s.setFillColor(fill);
    s.setOutlineColor(ink);
    s.setOutlineThickness(thickness);
    t.draw(s);
}

void circle(sf::RenderTarget& t, sf::Vector2f c, float r, sf::Color fill, sf::Color ink, float thickness = 2.f) {
    sf::CircleShape s(r, 24);
    s.setOrigin(r, r);
    s.setPosition(c);
    fillShape(t, std::move(s), fill, ink, thickness);
}

void drawHead(sf::RenderTarget& t, const sf::FloatRect& r, int facing, const Palette& p) {
    const float rad = std::min(r.width, r.height) / 2.f + 2.f;
    const sf::Vector2f c(r.left + r.width / 2.f, r.top + r.height / 2.f);
    // Headband tails flutter behind the head.
    sf::ConvexShape tail(3);
    const float bx = c.x - float(facing) * rad * 0.8f;
    tail.setPoint(0, {bx, c.y - rad * 0.45f});
    tail.setPoint(1, {bx - float(facing) * rad * 1.1f, c.y - rad * 0.1f});
    tail.setPoint(2, {bx - float(facing) * rad * 0.9f, c.y + rad * 0.15f});
    fillShape(t, std::move(tail), p.trim, p.ink, 1.5f);
    circle(t, c, rad, p.skin, p.ink);
    fillShape(t, roundedRect(c.x - rad * 0.98f, c.y - rad * 0.62f, rad * 1.96f, rad * 0.34f, 3.f), p.trim, p.ink, 1.5f);
    // Eye and brow on the facing side.
    const sf::Vector2f eye(c.x + float(facing) * rad * 0.45f, c.y - rad * 0.02f);
    circle(t, eye, rad * 0.16f, sf::Color::White, p.ink, 1.f);
    circle(t, eye + sf::Vector2f(float(facing) * rad * 0.06f, 0.f), rad * 0.07f, p.ink, p.ink, 0.f);
    fillRect(t, eye.x - rad * 0.22f, eye.y - rad * 0.3f, rad * 0.44f, rad * 0.08f, p.ink);
}

void drawTorso(sf::RenderTarget& t, const sf::FloatRect& r, int facing, const Palette& p) {
    fillShape(t, roundedRect(r.left, r.top, r.width, r.height, std::min(r.width, r.height) * 0.3f), p.cloth, p.ink);
    // The gi's open collar shows skin: a V from the shoulders towards the front.
    sf::ConvexShape v(3);
    const float cx = r.left + r.width * (facing > 0 ? 0.62f : 0.38f);
    v.setPoint(0, {cx - r.width * 0.22f, r.top + 2.f});
    v.setPoint(1, {cx + r.width * 0.22f, r.top + 2.f});
    v.setPoint(2, {cx, r.top + r.height * 0.42f});
    fillShape(t, std::move(v), p.skin, shade(p.ink, 1.f), 1.f);
    const float beltH = std::max(4.f, r.height * 0.1f);
    fillRect(t, r.left - 1.f, r.top + r.height - beltH * 1.6f, r.width + 2.f, beltH, p.trim, p.ink, 1.f);
}

void drawArm(sf::RenderTarget& t, const sf::FloatRect& r, int facing, const Palette& p, float torsoTop) {
    const float thick = std::min(r.width, r.height);
    fillShape(t, roundedRect(r.left, r.top, r.width, r.height, thick / 2.f), p.cloth, p.ink);
    sf::Vector2f fist;
    if (r.width >= r.height) {  // extended: the fist leads
        fist = {facing > 0 ? r.left + r.width - thick * 0.45f : r.left + thick * 0.45f, r.top + r.height / 2.f};
    } else {  // hanging or raised in guard: the fist is the end away from the shoulder
        const bool raised = r.top < torsoTop + 6.f;
        fist = {r.left + r.width / 2.f, raised ? r.top + thick * 0.45f : r.top + r.height - thick * 0.45f};
    }
    circle(t, fist, thick * 0.56f, p.skin, p.ink);
}

void drawLeg(sf::RenderTarget& t, const sf::FloatRect& r, int facing, const Palette& p) {
    const float thick = std::min(r.width, r.height);
    fillShape(t, roundedRect(r.left, r.top, r.width, r.height, thick * 0.4f), shade(p.cloth, 0.92f), p.ink);
    if (r.height > r.width) {  // standing leg: a bare foot pointing forward
        const float fw = r.width * 0.9f, fh = std::max(5.f, r.width * 0.35f);
        const float fx = facing > 0 ? r.left + r.width * 0.35f : r.left + r.width * 0.65f - fw;
        fillShape(t, roundedRect(fx, r.top + r.height - fh, fw, fh, fh / 2.f), p.skin, p.ink, 1.5f);
    }
}

void drawMember(sf::RenderTarget& t, const sf::FloatRect& r, const std::string& name, int facing, const Palette& base,
                float torsoTop) {
    Palette p = base;
    if (layerOf(name) == 0) {  // the far limbs sit in shadow
        p.skin = shade(p.skin, 0.72f);
        p.cloth = shade(p.cloth, 0.72f);
    }
    switch (partOf(name)) {
    case Part::Head: drawHead(t, r, facing, p); break;
    case Part::Torso: drawTorso(t, r, facing, p); break;
    case Part::Arm: drawArm(t, r, facing, p, torsoTop); break;
    case Part::Leg: drawLeg(t, r, facing, p); break;
    default: fillShape(t, roundedRect(r.left, r.top, r.width, r.height, 5.f), p.skin, p.ink); break;
    }
}

/// A short neck from the head's centre down into the torso, when the head sits above it (not when knocked down).
void drawNeck(sf::RenderTarget& t, const sf::FloatRect& head, const sf::FloatRect& torso, const Palette& p) {
    const float cx = head.left + head.width / 2.f, cy = head.top + head.height / 2.f;
    if (cy >= torso.top || cx < torso.left || cx > torso.left + torso.width) return;
    const float w = std::max(6.f, head.width * 0.45f);
    fillShape(t, roundedRect(cx - w / 2.f, cy, w, torso.top - cy + 6.f, 3.f), shade(p.skin, 0.85f), p.ink, 1.5f);
}

void drawShadow(sf::RenderTarget& t, const StageView& v, const sim::FighterState& f) {
    const float lift = std::min(1.f, float(f.y) / 200.f);
    const float w = 70.f * v.scale * (1.f - 0.4f * lift);
    sf::CircleShape s(w, 24);
    s.setScale(1.f, 0.18f);
    s.setOrigin(w, w);
    s.setPosition(v.point(float(f.x), 0.f) + sf::Vector2f(0.f, 2.f));
    s.setFillColor(sf::Color(0, 0, 0, sf::Uint8(110 - 50 * lift)));
    t.draw(s);
}

void drawSwooshes(sf::RenderTarget& t, const StageView& v, const sim::FighterState& f, const Palette& p) {
    for (const sim::AttackBox& a : f.attacks) {
        if (!a.active) continue;
        const sf::FloatRect r = v.rect(a.box);
        fillShape(t, roundedRect(r.left - 4.f, r.top - 2.f, r.width + 8.f, r.height + 4.f, std::min(r.width, r.height) / 2.f + 2.f),
                  sf::Color(255, 255, 235, 110), withAlpha(p.trim, 200), 2.f);
    }
}

/// A depth-shaded colour for BVH branch outlines: yellow at the root through green to cyan deeper down.
sf::Color depthColor(int depth) {
    static const sf::Color kRamp[] = {{255, 220, 60}, {180, 240, 80}, {90, 230, 140}, {70, 210, 230}, {120, 140, 255}};
    const int n = int(sizeof(kRamp) / sizeof(kRamp[0]));
    const sf::Color c = kRamp[std::min(depth, n - 1)];
    return withAlpha(c, std::max(90, 230 - 25 * depth));
}

void outlineRect(sf::RenderTarget& t, sf::FloatRect r, float grow, sf::Color fill, sf::Color line, float thickness) {
    fillRect(t, r.left - grow, r.top - grow, r.width + 2 * grow, r.height + 2 * grow, fill, line, thickness);
}

/// A push box as four grey corner brackets and a faint fill, so it never reads as one of the tree's outlines.
void drawPushBox(sf::RenderTarget& t, const sf::FloatRect& r) {
    fillRect(t, r.left, r.top, r.width, r.height, sf::Color(200, 200, 200, 22));
    const float arm = std::min(14.f, std::min(r.width, r.height) / 3.f), w = 3.f;
    const sf::Color c(225, 225, 225, 230);
    for (int corner = 0; corner < 4; ++corner) {
        const float x = corner % 2 == 0 ? r.left : r.left + r.width - arm;
        const float y = corner < 2 ? r.top : r.top + r.height - w;
        fillRect(t, x, y, arm, w, c);  // horizontal arm
        const float vx = corner % 2 == 0 ? r.left : r.left + r.width - w;
        const float vy = corner < 2 ? r.top : r.top + r.height - arm;
        fillRect(t, vx, vy, w, arm, c);  // vertical arm
    }
}

/// Member names in a column behind the fighter, each with a leader line to its box (the boxes overlap too much
/// for labels inside them to be readable).
void drawMemberLabels(sf::RenderTarget& t, const StageView& v, const sim::Fight& fight, int p, const sf::Font& mono) {
    const sim::FighterState& f = fight.state().fighters[p];
    if (f.body.root() == engine::AgentBVH::kNull) return;
    const sf::FloatRect root = v.rect(f.body.node(f.body.root()).box);
    const bool left = f.facing > 0;  // labels go behind the fighter
    const float x = left ? root.left - 24.f : root.left + root.width + 24.f;
    for (int m = 0; m < int(f.memberLeaf.size()); ++m) {
        const sf::FloatRect r = v.rect(f.body.node(f.memberLeaf[m]).box);
        const float y = root.top + 16.f * float(m);
        sf::VertexArray line(sf::Lines, 2);
        line[0] = sf::Vertex({x, y + 7.f}, sf::Color(210, 230, 255, 160));
        line[1] = sf::Vertex({r.left + r.width / 2.f, r.top + r.height / 2.f}, sf::Color(210, 230, 255, 160));
        t.draw(line);
        circle(t, line[1].position, 2.f, sf::Color(210, 230, 255), sf::Color::Transparent, 0.f);
        drawText(t, mono, fight.def(p).members[std::size_t(m)].name, 12, x + (left ? -3.f : 3.f), y, sf::Color(210, 230, 255),
                 left ? Align::Right : Align::Left, 1.5f);
    }
}

void drawAgentOverlay(sf::RenderTarget& t, const StageView& v, const sim::Fight& fight, const sim::StepStats& st, int p,
                      const OverlayOptions& o, const sf::Font& mono) {
    const sim::FighterState& f = fight.state().fighters[p];
    const sim::Body& bvh = f.body;
    const int height = std::max(0, bvh.height());
    for (int i = 0; i < bvh.poolSize(); ++i) {  // branches: thin, nested outlines (deeper = smaller, cooler colour)
        if (!bvh.isLive(i) || bvh.node(i).isLeaf()) continue;
        const int d = bvh.depth(i);
        outlineRect(t, v.rect(bvh.node(i).box), 2.f + 2.f * float(height - d), sf::Color::Transparent, depthColor(d), 1.f);
    }
    for (std::size_t k = 0; k < st.touched[p].size(); ++k) {  // what the last step's searches tested, under the boxes
        const int i = st.touched[p][k];
        if (i < 0 || i >= bvh.poolSize() || !bvh.isLive(i)) continue;
        const bool hit = k < st.touchedHit[p].size() && st.touchedHit[p][k] != 0;
        outlineRect(t, v.rect(bvh.node(i).box), 1.f, hit && bvh.node(i).isLeaf() ? sf::Color(255, 255, 0, 40) : sf::Color::Transparent,
                    hit ? sf::Color(255, 255, 0) : sf::Color(255, 255, 255, 170), hit ? 3.f : 1.f);
    }
    for (int m = 0; m < int(f.memberLeaf.size()); ++m) {  // hurtboxes on top: the struck member stays visible
        outlineRect(t, v.rect(bvh.node(f.memberLeaf[m]).box), 0.f, sf::Color(40, 110, 255, 70), sf::Color(70, 140, 255, 230), 1.5f);
    }
    if (o.names) drawMemberLabels(t, v, fight, p, mono);
    drawPushBox(t, v.rect(f.push));
    for (const sim::AttackBox& a : f.attacks) {
        const sf::Color fill = a.grab ? sf::Color(40, 230, 90, 100) : sf::Color(255, 30, 30, 110);  // throw: green
        const sf::Color line = a.grab ? sf::Color(80, 255, 120) : sf::Color(255, 60, 60);
        if (a.active) outlineRect(t, v.rect(a.box), 0.f, fill, line, 2.f);
        else outlineRect(t, v.rect(a.box), 0.f, withAlpha(fill, 40), withAlpha(line, 140), 1.f);
    }
}

}  // namespace

void drawStage(sf::RenderTarget& t, const StageView& v, long ticks) {
    const float w = t.getView().getSize().x, h = t.getView().getSize().y;  // the logical picture, not the window
    sf::VertexArray sky(sf::Quads, 8);  // dusk gradient in two bands
    const sf::Color top(28, 22, 64), mid(120, 60, 110), low(240, 150, 90);
    const float horizon = v.groundY + v.shakeY - 150.f;
    const sf::Vector2f pts[8] = {{0, 0}, {w, 0}, {w, horizon * 0.6f}, {0, horizon * 0.6f},
                                 {0, horizon * 0.6f}, {w, horizon * 0.6f}, {w, h}, {0, h}};
    const sf::Color cols[8] = {top, top, mid, mid, mid, mid, low, low};
    for (int i = 0; i < 8; ++i) sky[std::size_t(i)] = sf::Vertex(pts[i], cols[i]);
    t.draw(sky);
    circle(t, {w * 0.72f, horizon - 40.f}, 70.f, sf::Color(255, 210, 130, 230), sf::Color(255, 230, 170, 60), 12.f);
    // Two ridges of hills, drawn as strips from a few sines (parallax by a slow drift).
    for (int layer = 0; layer < 2; ++layer) {
        sf::VertexArray ridge(sf::TriangleStrip);
        const float base = v.groundY + v.shakeY - (layer == 0 ? 120.f : 40.f);
        const sf::Color c = layer == 0 ? sf::Color(70, 40, 90) : sf::Color(45, 28, 60);
        const float drift = float(ticks) * (layer == 0 ? 0.05f : 0.12f);
        for (int x = 0; x <= int(w) + 16; x += 16) {
            const float fx = float(x) + drift;
            const float y = base - 60.f * std::sin(fx * 0.006f + float(layer)) - 25.f * std::sin(fx * 0.017f + 2.f * float(layer));
            ridge.append(sf::Vertex({float(x), y}, c));
            ridge.append(sf::Vertex({float(x), v.groundY + v.shakeY}, c));
        }
        t.draw(ridge);
    }
    // The floor: planks and a lit edge, plus the stage limits.
    const float gy = v.groundY + v.shakeY;
    fillRect(t, 0.f, gy, w, h - gy + 20.f, sf::Color(92, 60, 44));
    for (int i = 1; i < 5; ++i) fillRect(t, 0.f, gy + float(i * i) * 3.f, w, 1.f, sf::Color(70, 44, 32));
    for (int x = -6; x <= 6; ++x) {
        sf::VertexArray line(sf::Lines, 2);
        const float cx = w / 2.f + v.shakeX;
        line[0] = sf::Vertex({cx + float(x) * 100.f, gy}, sf::Color(70, 44, 32));
        line[1] = sf::Vertex({cx + float(x) * 190.f, h}, sf::Color(70, 44, 32));
        t.draw(line);
    }
    fillRect(t, 0.f, gy - 2.f, w, 4.f, sf::Color(200, 140, 90));
    for (float x : {0.f, float(sim::kStageWidth)}) {
        const sf::Vector2f p = v.point(x, 0.f);
        fillRect(t, p.x - 3.f, p.y - 260.f, 6.f, 260.f, sf::Color(60, 30, 30), kInk, 1.f);
        fillRect(t, p.x - 9.f, p.y - 268.f, 18.f, 10.f, sf::Color(200, 60, 40), kInk, 1.f);
    }
}

void drawFighter(sf::RenderTarget& t, const StageView& v, const sim::FighterDef& def, const sim::FighterState& f, long ticks,
                 bool altColors) {
    const Palette p = paletteOf(def, f, ticks, altColors);
    drawShadow(t, v, f);
    int head = -1, torso = -1;
    for (int m = 0; m < int(f.memberLeaf.size()); ++m) {
        if (partOf(def.members[m].name) == Part::Torso) torso = m;
        if (partOf(def.members[m].name) == Part::Head) head = m;
    }
    const auto rectOf = [&](int m) { return v.rect(f.body.node(f.memberLeaf[m]).box); };
    const float torsoTop = torso >= 0 ? rectOf(torso).top : 1e9f;
    drawSwooshes(t, v, f, p);  // motion trails go under the limbs
    for (int layer = 0; layer <= 4; ++layer) {
        if (layer == 3 && head >= 0 && torso >= 0) drawNeck(t, rectOf(head), rectOf(torso), p);
        for (int m = 0; m < int(f.memberLeaf.size()); ++m) {
            if (layerOf(def.members[m].name) == layer) drawMember(t, rectOf(m), def.members[m].name, f.facing, p, torsoTop);
        }
    }
}

void drawProjectiles(sf::RenderTarget& t, const StageView& v, const sim::Fight& fight, long ticks) {
    for (const sim::Projectile& pr : fight.state().projectiles) {
        if (!pr.alive) continue;
        const sf::FloatRect r = v.rect(pr.box);
        const sf::Vector2f c(r.left + r.width / 2.f, r.top + r.height / 2.f);
        const float rad = std::max(r.width, r.height) / 2.f;
        const sf::Color core = pr.owner == 0 ? sf::Color(150, 220, 255) : sf::Color(255, 170, 60);
        const float dir = pr.vx >= 0 ? 1.f : -1.f;
        const float flicker = 1.f + 0.12f * std::sin(float(ticks) * 1.7f);
        sf::RenderStates add(sf::BlendAdd);
        for (int k = 5; k >= 1; --k) {  // trail
            sf::CircleShape s(rad * (1.f - 0.13f * float(k)), 20);
            s.setOrigin(s.getRadius(), s.getRadius());
            s.setPosition(c.x - dir * rad * 0.55f * float(k), c.y + std::sin(float(ticks + k) * 0.9f) * 3.f);
            s.setFillColor(withAlpha(core, 70 - 10 * k));
            t.draw(s, add);
        }
        const float layers[4][2] = {{2.3f, 35.f}, {1.6f, 70.f}, {1.1f, 160.f}, {0.6f, 255.f}};
        for (int k = 0; k < 4; ++k) {
            sf::CircleShape s(rad * layers[k][0] * flicker, 28);
            s.setOrigin(s.getRadius(), s.getRadius());
            s.setPosition(c);
            s.setFillColor(k == 3 ? sf::Color(255, 255, 240) : withAlpha(core, int(layers[k][1])));
            t.draw(s, add);
        }
    }
}

void drawOverlay(sf::RenderTarget& t, const StageView& v, const sim::Fight& fight, const sim::StepStats& lastQuery,
                 const OverlayOptions& o, const sf::Font& mono) {
    if (!o.boxes && !o.names) return;
    for (int p = 0; p < 2; ++p) drawAgentOverlay(t, v, fight, lastQuery, p, o, mono);
    for (const sim::Projectile& pr : fight.state().projectiles) {
        if (!pr.alive) continue;
        outlineRect(t, v.rect(pr.box), 0.f, sf::Color(255, 0, 255, 60), sf::Color(255, 80, 255), 2.f);
        if (o.names) drawText(t, mono, "projectile", 11, v.rect(pr.box).left, v.rect(pr.box).top - 14.f, sf::Color(255, 160, 255), Align::Left, 1.f);
    }
    drawOverlayLegend(t, mono);
}

void drawOverlayLegend(sf::RenderTarget& t, const sf::Font& mono) {
    struct Entry {
        sf::Color color;
        const char* what;
    };
    static const Entry kEntries[] = {
        {sf::Color(70, 140, 255), "hurtbox (BVH leaf)"}, {sf::Color(255, 60, 60), "attack (dim: inactive)"},
        {sf::Color(80, 255, 120), "throw"},              {sf::Color(225, 225, 225), "push (corners)"},
        {sf::Color(255, 220, 60), "BVH branch, root"},   {sf::Color(120, 140, 255), "BVH branch, deep"},
        {sf::Color(255, 255, 0), "tested, overlapped"},  {sf::Color(255, 255, 255), "tested, missed"},
        {sf::Color(255, 80, 255), "projectile"},
    };
    const float x = 14.f, y0 = t.getView().getSize().y - 60.f - 17.f * float(std::size(kEntries));
    fillRect(t, x - 6.f, y0 - 6.f, 196.f, 17.f * float(std::size(kEntries)) + 10.f, sf::Color(0, 0, 0, 150));
    for (std::size_t i = 0; i < std::size(kEntries); ++i) {
        const float y = y0 + 17.f * float(i);
        fillRect(t, x, y + 3.f, 18.f, 10.f, withAlpha(kEntries[i].color, 90), kEntries[i].color, 1.5f);
        drawText(t, mono, kEntries[i].what, 12, x + 26.f, y, sf::Color(230, 230, 240));
    }
}

}  // namespace app
