// Fight drawing: the stage, the fighters, the fireballs and the hitbox overlay's boxes are the draw list's shapes
// (game/view/draw_list.h), the same list the browser viewer paints on a canvas, so the two pictures cannot drift
// apart; this file only paints them with SFML. The overlay's text (member names, the colour key) needs the app's
// font and stays here.
#include "game/app/fight_draw.h"

#include "game/app/draw.h"
#include "game/view/draw_list.h"

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/ConvexShape.hpp>
#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/Graphics/Sprite.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>

namespace app {
namespace {

sf::Color toColor(const view::Rgba& c) { return sf::Color(c.r, c.g, c.b, c.a); }

/// The draw list's view: the StageView's mapping and the logical picture's size (the target's view).
view::View viewOf(const sf::RenderTarget& t, const StageView& v) {
    view::View out;
    out.width = t.getView().getSize().x;  // the logical picture, not the window
    out.height = t.getView().getSize().y;
    out.originX = v.originX;
    out.groundY = v.groundY;
    out.scale = v.scale;
    out.shakeX = v.shakeX;
    out.shakeY = v.shakeY;
    return out;
}

/// A polyline `thickness` pixels wide: one quad per segment (SFML's lines are always one pixel).
void paintLine(sf::RenderTarget& t, const view::Shape& s, const sf::RenderStates& states) {
    const sf::Color c = toColor(s.line);
    if (s.thickness <= 1.f) {
        sf::VertexArray lines(sf::LineStrip);
        for (const view::Point& p : s.points) lines.append(sf::Vertex({p.x, p.y}, c));
        t.draw(lines, states);
        return;
    }
    sf::VertexArray quads(sf::Quads);
    for (std::size_t i = 1; i < s.points.size(); ++i) {
        const view::Point a = s.points[i - 1], b = s.points[i];
        const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
        if (len <= 0.f) continue;
        const float nx = -dy / len * s.thickness / 2.f, ny = dx / len * s.thickness / 2.f;
        for (const sf::Vector2f& p : {sf::Vector2f(a.x + nx, a.y + ny), sf::Vector2f(b.x + nx, b.y + ny),
                                      sf::Vector2f(b.x - nx, b.y - ny), sf::Vector2f(a.x - nx, a.y - ny)}) {
            quads.append(sf::Vertex(p, c));
        }
    }
    t.draw(quads, states);
}

void paint(sf::RenderTarget& t, const view::Shape& s) {
    const sf::RenderStates states = s.additive ? sf::RenderStates(sf::BlendAdd) : sf::RenderStates::Default;
    switch (s.kind) {
    case view::Kind::Gradient: {
        if (s.points.size() < 2) return;
        const view::Point a = s.points[0], b = s.points[1];
        sf::VertexArray quad(sf::Quads, 4);
        quad[0] = sf::Vertex({a.x, a.y}, toColor(s.fill));
        quad[1] = sf::Vertex({b.x, a.y}, toColor(s.fill));
        quad[2] = sf::Vertex({b.x, b.y}, toColor(s.line));
        quad[3] = sf::Vertex({a.x, b.y}, toColor(s.line));
        t.draw(quad, states);
        return;
    }
    case view::Kind::Strip: {
        sf::VertexArray strip(sf::TriangleStrip);
        for (const view::Point& p : s.points) strip.append(sf::Vertex({p.x, p.y}, toColor(s.fill)));
        t.draw(strip, states);
        return;
    }
    case view::Kind::Line: paintLine(t, s, states); return;
    case view::Kind::Polygon: {
        sf::ConvexShape shape(s.points.size());  // SFML fans from the bounding box's centre: see outlineOf
        for (std::size_t i = 0; i < s.points.size(); ++i) shape.setPoint(i, {s.points[i].x, s.points[i].y});
        shape.setFillColor(toColor(s.fill));
        shape.setOutlineColor(toColor(s.line));
        shape.setOutlineThickness(s.thickness);
        t.draw(shape, states);
        return;
    }
    }
}

void paint(sf::RenderTarget& t, const view::DrawList& list) {
    for (const view::Shape& s : list.shapes) paint(t, s);
}

void circle(sf::RenderTarget& t, sf::Vector2f c, float r, sf::Color fill) {
    sf::CircleShape s(r, 12);
    s.setOrigin(r, r);
    s.setPosition(c);
    s.setFillColor(fill);
    t.draw(s);
}

/// Member names in a column behind the fighter, each with a leader line to its box (the boxes overlap too much
/// for labels inside them to be readable).
void drawMemberLabels(sf::RenderTarget& t, const StageView& v, const sim::Fight& fight, int p, const sf::Font& mono) {
    const sim::FighterState& f = fight.state().fighters[p];
    if (f.body.root() == sim::Body::kNull) return;
    const sf::FloatRect root = v.rect(f.body.node(f.body.root()).box);
    const bool left = f.facing > 0;  // labels go behind the fighter
    const float x = left ? root.left - 24.f : root.left + root.width + 24.f;
    for (int m = 0; m < int(f.memberLeaf.size()); ++m) {
        const sf::FloatRect r = v.rect(f.body.node(f.memberLeaf[std::size_t(m)]).box);
        const float y = root.top + 16.f * float(m);
        sf::VertexArray line(sf::Lines, 2);
        line[0] = sf::Vertex({x, y + 7.f}, sf::Color(210, 230, 255, 160));
        line[1] = sf::Vertex({r.left + r.width / 2.f, r.top + r.height / 2.f}, sf::Color(210, 230, 255, 160));
        t.draw(line);
        circle(t, line[1].position, 2.f, sf::Color(210, 230, 255));
        drawText(t, mono, fight.def(p).members[std::size_t(m)].name, 12, x + (left ? -3.f : 3.f), y, sf::Color(210, 230, 255),
                 left ? Align::Right : Align::Left, 1.5f);
    }
}

}  // namespace

void drawStageShapes(sf::RenderTarget& t, const StageView& v, long ticks) {
    view::DrawList list;
    view::addStage(list, viewOf(t, v), ticks);
    paint(t, list);
}

void drawStage(sf::RenderTarget& t, const StageView& v, long /*ticks*/) {
    // The stage never changes, so it is painted once into a texture (with a margin wider than the strongest shake
    // on every side) and each frame shows it moved by the shake: a few hundred shapes less per frame, which is
    // most of a frame's cost under a software renderer. Only the part below the sky is drawn from the texture; the
    // sky above it is its two gradient bands as plain quads, which a software renderer fills faster than it
    // samples a texture. The texture lives until the process ends (an SFML texture destroyed after the last window
    // would need a GL context no longer there).
    constexpr float kMargin = 32.f;
    static sf::RenderTexture* cache = nullptr;
    static sf::VertexArray sky(sf::Quads);  // the gradients above `cut`, in picture coordinates
    static float cut = 0.f;                 // texture rows from here down are drawn from the texture
    static view::View cachedFor;
    view::View still = viewOf(t, v);
    still.shakeX = still.shakeY = 0.f;
    const bool same = cache != nullptr && cachedFor.width == still.width && cachedFor.height == still.height &&
                      cachedFor.originX == still.originX && cachedFor.groundY == still.groundY && cachedFor.scale == still.scale;
    if (!same) {
        if (cache == nullptr) cache = new sf::RenderTexture;
        const unsigned w = unsigned(still.width + 2.f * kMargin), h = unsigned(still.height + 2.f * kMargin);
        if (!cache->create(w, h)) return drawStageShapes(t, v, 0);  // no texture: the shapes every frame
        cache->clear(sf::Color::Black);
        view::View wide = still;  // the stage as big as the texture, moved by the margin (the sprite moves it back)
        wide.width = float(w);
        wide.height = float(h);
        wide.originX += kMargin;
        wide.groundY += kMargin;
        view::DrawList list;
        view::addStage(list, wide, 0);
        paint(*cache, list);
        cache->display();
        // The sky: the leading gradient bands; everything else starts at `cut` (its highest point, outlines too).
        std::size_t bands = 0;
        while (bands < list.shapes.size() && list.shapes[bands].kind == view::Kind::Gradient) ++bands;
        cut = float(h);
        for (std::size_t i = bands; i < list.shapes.size(); ++i) {
            for (const view::Point& p : list.shapes[i].points) cut = std::min(cut, p.y - list.shapes[i].thickness - 1.f);
        }
        cut = std::max(0.f, std::floor(cut));
        sky.clear();
        for (std::size_t i = 0; i < bands; ++i) {
            const view::Shape& g = list.shapes[i];
            if (g.points.size() < 2 || g.points[0].y >= cut) continue;
            const float y0 = g.points[0].y, y1 = std::min(g.points[1].y, cut), k = (y1 - y0) / std::max(1.f, g.points[1].y - y0);
            const sf::Color top = toColor(g.fill), bottom = toColor(g.line);
            const auto mix = [&](sf::Uint8 a, sf::Uint8 b) { return sf::Uint8(float(a) + (float(b) - float(a)) * k); };
            const sf::Color low(mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b), mix(top.a, bottom.a));
            const float x0 = g.points[0].x - kMargin, x1 = g.points[1].x - kMargin;
            sky.append(sf::Vertex({x0, y0 - kMargin}, top));
            sky.append(sf::Vertex({x1, y0 - kMargin}, top));
            sky.append(sf::Vertex({x1, y1 - kMargin}, low));
            sky.append(sf::Vertex({x0, y1 - kMargin}, low));
        }
        cachedFor = still;
    }
    sf::RenderStates opaque(sf::BlendNone);  // both are opaque and cover everything: copies, no blending
    opaque.transform.translate(v.shakeX, v.shakeY);
    t.draw(sky, opaque);
    const sf::Vector2u size = cache->getSize();
    sf::Sprite sprite(cache->getTexture(), sf::IntRect(0, int(cut), int(size.x), int(size.y) - int(cut)));
    sprite.setPosition(-kMargin, cut - kMargin);
    t.draw(sprite, opaque);
}

void drawFighter(sf::RenderTarget& t, const StageView& v, const sim::FighterDef& def, const sim::FighterState& f, long ticks,
                 bool altColors) {
    view::DrawList list;
    view::addFighter(list, viewOf(t, v), def, f, -1, ticks, altColors);
    paint(t, list);
}

void drawProjectiles(sf::RenderTarget& t, const StageView& v, const sim::Fight& fight, long ticks) {
    view::DrawList list;
    view::addProjectiles(list, viewOf(t, v), fight.state(), ticks);
    paint(t, list);
}

void drawOverlay(sf::RenderTarget& t, const StageView& v, const sim::Fight& fight, const sim::StepStats& lastQuery,
                 const OverlayOptions& o, const sf::Font& mono) {
    if (!o.boxes && !o.names) return;
    view::DrawList list;
    view::addOverlay(list, viewOf(t, v), fight, lastQuery);
    paint(t, list);
    if (o.names) {
        for (int p = 0; p < 2; ++p) drawMemberLabels(t, v, fight, p, mono);
        for (const sim::Projectile& pr : fight.state().projectiles) {
            if (pr.alive) drawText(t, mono, "projectile", 11, v.rect(pr.box).left, v.rect(pr.box).top - 14.f, sf::Color(255, 160, 255), Align::Left, 1.f);
        }
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
