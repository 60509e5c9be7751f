// Fight drawing: the stage, the fighters, the fireballs and the hitbox overlay's boxes are the draw list's shapes
// (game/view/draw_list.h), the same list the browser viewer paints on a canvas, so the two pictures cannot drift
// apart; this file only paints them with SFML. The overlay's text (member names, the colour key) needs the app's
// font and stays here.
#include "game/app/fight/fight_draw.h"

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
    out.stage = v.stage;
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

constexpr std::size_t kLegendEntries = 9;

}  // namespace

sf::FloatRect legendRect(sf::Vector2f picture, bool right) {
    const float x = right ? picture.x - 204.f : 14.f;
    const float y0 = picture.y - 60.f - 17.f * float(kLegendEntries);
    return {x - 6.f, y0 - 6.f, 196.f, 17.f * float(kLegendEntries) + 10.f};
}

namespace {
constexpr float kCountersWidth = 548.f;  // 73 characters of the 12-pixel mono font, and its margins
constexpr float kCountersLine = 15.f;    // pixel rows per line
constexpr float kCountersPad = 4.f;      // above the first line and below the last
}  // namespace

sf::FloatRect countersRect(float pictureWidth, CountersPlace place, std::size_t lines) {
    // Standing fighters' hurtboxes start at row 337 at the closest zoom (Brick, the tallest): every place ends
    // above that. Match: under the HUD's mode line. Training: under the frame meter (rows 116-192), between the
    // input histories (to x 362) and the combo lines. Lesson: under the instruction panel's upper place (122-222;
    // its lower place is at the bottom).
    const float top = place == CountersPlace::Training ? 198.f : place == CountersPlace::Lesson ? 226.f : 116.f;
    return {(pictureWidth - kCountersWidth) / 2.f, top, kCountersWidth,
            kCountersLine * float(lines) + 2.f * kCountersPad};
}

sf::FloatRect bannerBand(float width, float height, const sf::FloatRect& panel, float rows) {
    const float middle = height * 0.36f - 10.f;
    const bool clash = panel.height > 0.f && panel.top < middle + rows && middle < panel.top + panel.height;
    return {0.f, clash ? panel.top + panel.height + 6.f : middle, width, rows};
}

float countersLineY(const sf::FloatRect& panel, std::size_t i) {
    return panel.top + kCountersPad - 1.f + kCountersLine * float(i);
}

bool panelOverFighter(const sf::FloatRect& panel, const StageView& v, const sim::FightState& s) {
    for (const sim::FighterState& f : s.fighters) {
        if (f.body.root() != sim::Body::kNull && v.rect(f.body.node(f.body.root()).box).intersects(panel)) return true;
    }
    return false;
}

float labelColumn(const sf::FloatRect& root, float need, float height, float pictureWidth, bool behindLeft,
                  const sf::FloatRect& avoid, const sf::FloatRect& panel, bool& left, float& top) {
    auto fits = [&](bool l) {
        return l ? root.left - 24.f - need >= 0.f : root.left + root.width + 24.f + need <= pictureWidth;
    };
    // The panel is drawn over the fight, so names under it would be hidden: they start below it (the panel hangs
    // from the top, so below is where the fighter is).
    auto topOf = [&](bool l) {
        const float x = l ? root.left - 24.f - need : root.left + root.width + 24.f;
        return sf::FloatRect(x, root.top, need, height).intersects(panel) ? panel.top + panel.height + 4.f : root.top;
    };
    auto covers = [&](bool l) {
        const float x = l ? root.left - 24.f - need : root.left + root.width + 24.f;
        return sf::FloatRect(x, topOf(l), need, height).intersects(avoid);
    };
    left = behindLeft;
    if (!fits(left)) left = !left;
    else if (covers(left) && fits(!left) && !covers(!left)) left = !left;
    top = topOf(left);
    if (covers(left)) top = std::max(0.f, avoid.top - height - 4.f);  // no side is free: above the key
    return left ? root.left - 24.f : root.left + root.width + 24.f;
}

namespace {

/// Member names in a column behind the fighter, each with a leader line to its box (the boxes overlap too much
/// for labels inside them to be readable), kept off the colour key `avoid` and out from under the counters `panel`.
void drawMemberLabels(sf::RenderTarget& t, const StageView& v, const sim::Fight& fight, int p, const sf::Font& mono,
                      const sf::FloatRect& avoid, const sf::FloatRect& panel) {
    const sim::FighterState& f = fight.state().fighters[p];
    if (f.body.root() == sim::Body::kNull) return;
    const sf::FloatRect root = v.rect(f.body.node(f.body.root()).box);
    std::size_t longest = 0;
    for (const sim::MemberDef& m : fight.def(p).members) longest = std::max(longest, m.name.size());
    const float need = 24.f + 7.5f * float(longest), height = 16.f * float(f.memberLeaf.size());
    bool left = true;
    float top = root.top;
    const float x = labelColumn(root, need, height, t.getView().getSize().x, f.facing > 0, avoid, panel, left, top);
    for (int m = 0; m < int(f.memberLeaf.size()); ++m) {
        const sf::FloatRect r = v.rect(f.body.node(f.memberLeaf[std::size_t(m)]).box);
        const float y = top + 16.f * float(m);
        sf::VertexArray line(sf::Lines, 2);
        line[0] = sf::Vertex({x, y + 7.f}, sf::Color(210, 230, 255, 160));
        line[1] = sf::Vertex({r.left + r.width / 2.f, r.top + r.height / 2.f}, sf::Color(210, 230, 255, 160));
        t.draw(line);
        circle(t, line[1].position, 2.f, sf::Color(210, 230, 255));
        drawText(t, mono, fight.def(p).members[std::size_t(m)].name, 12, x + (left ? -3.f : 3.f), y,
                 sf::Color(210, 230, 255), left ? Align::Right : Align::Left, 1.5f);
    }
}

}  // namespace

void drawStageShapes(sf::RenderTarget& t, const StageView& v, long ticks) {
    view::DrawList list;
    view::addStage(list, viewOf(t, v), ticks);
    paint(t, list);
}

namespace {

/// One layer of the stage painted once into a texture: the layer as the whole-stage picture shows it (zoom 1), with
/// a margin on every side for the shake and the camera's parallax.
struct StageLayer {
    sf::RenderTexture* texture = nullptr;  // lives until the process ends (see drawStage)
    float cut = 0.f;                       // texture rows above this are not drawn
    float bottom = 0.f;                    // nor rows from this one down (0: to the end)
};
constexpr float kLayerMargin = 240.f;  // picture pixels around the whole-stage picture in each layer's texture
constexpr float kParallax = 0.3f;      // the far layer moves and zooms this share of what the camera does

/// Paints `list` into `layer` (created on first use); false when no texture can be made.
bool bake(StageLayer& layer, const view::DrawList& list, unsigned w, unsigned h) {
    if (layer.texture == nullptr) layer.texture = new sf::RenderTexture;
    if (!layer.texture->create(w, h)) return false;
    layer.texture->setSmooth(false);
    layer.texture->clear(sf::Color::Black);
    paint(*layer.texture, list);
    layer.texture->display();
    layer.cut = float(h);
    for (const view::Shape& shape : list.shapes) {
        for (const view::Point& p : shape.points) layer.cut = std::min(layer.cut, p.y - shape.thickness - 1.f);
    }
    layer.cut = std::max(0.f, std::floor(layer.cut));
    return true;
}

/// Draws a baked layer so that its world lands where a view with this origin, ground row and zoom puts it: a
/// pixel (px, py) of the whole-stage picture (origin 40, ground 650, zoom 1) goes to
/// (originX + (px - 40) zoom, groundY + (py - 650) zoom), moved by the shake.
void showLayer(sf::RenderTarget& t, const StageLayer& layer, float originX, float groundY, float zoom, float shakeX,
               float shakeY, const sf::RenderStates& states) {
    const StageView home;
    const sf::Vector2u size = layer.texture->getSize();
    const int end = layer.bottom > layer.cut ? int(layer.bottom) : int(size.y);
    sf::Sprite sprite(layer.texture->getTexture(), sf::IntRect(0, int(layer.cut), int(size.x), end - int(layer.cut)));
    sprite.setScale(zoom, zoom);
    sprite.setPosition(originX + (-kLayerMargin - home.originX) * zoom + shakeX,
                       groundY + (layer.cut - kLayerMargin - home.groundY) * zoom + shakeY);
    t.draw(sprite, states);
}

}  // namespace

namespace {

/// The stage painted once (see drawStage): its two layers, the sky's quads, and what they were painted for.
struct BakedStage {
    StageLayer back, floor;
    sf::VertexArray sky{sf::Quads};
    sf::Vector2f size;
    int stage = -1;
    bool baked = false, failed = false;
};

/// The sky's gradient bands above skyEnd (picture rows) as quads, and the night's stars (small squares above the
/// far layer).
void addSkyQuads(sf::VertexArray& sky, const view::DrawList& skyList, float skyEnd) {
    sky.clear();
    for (const view::Shape& g : skyList.shapes) {
        if (g.kind != view::Kind::Gradient || g.points.size() < 2 || g.points[0].y >= skyEnd) continue;
        const float y0 = g.points[0].y, y1 = std::min(g.points[1].y, skyEnd),
                    k = (y1 - y0) / std::max(1.f, g.points[1].y - y0);
        const sf::Color top = toColor(g.fill), bottom = toColor(g.line);
        const auto mix = [&](sf::Uint8 a, sf::Uint8 b) { return sf::Uint8(float(a) + (float(b) - float(a)) * k); };
        const sf::Color low(mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b), mix(top.a, bottom.a));
        sky.append(sf::Vertex({g.points[0].x, y0}, top));
        sky.append(sf::Vertex({g.points[1].x, y0}, top));
        sky.append(sf::Vertex({g.points[1].x, y1}, low));
        sky.append(sf::Vertex({g.points[0].x, y1}, low));
    }
    for (const view::Shape& g : skyList.shapes) {
        if (g.kind != view::Kind::Polygon || g.points.size() != 4 || g.points[2].y >= skyEnd) continue;
        for (const view::Point& p : g.points) sky.append(sf::Vertex({p.x, p.y}, toColor(g.fill)));
    }
}

/// Paints the whole-stage picture's layers into b; false when no render texture can be made.
bool bakeStage(BakedStage& b, const view::View& picture) {
    view::View wide = picture;  // the whole-stage picture with a margin on every side
    wide.width += 2.f * kLayerMargin;
    wide.height += 2.f * kLayerMargin;
    wide.originX += kLayerMargin;
    wide.groundY += kLayerMargin;
    // The sky as the picture has it, moved into the margin and stretched sideways over it: its bands keep
    // their rows, so the texture's sky meets the quads' exactly.
    view::DrawList skyList, backList, floorList;
    view::addSky(skyList, picture);
    backList = skyList;
    for (view::Shape& g : backList.shapes) {
        for (view::Point& p : g.points) p.y += kLayerMargin;
        if (g.points.size() >= 2) g.points[0].x = 0.f, g.points[1].x = wide.width;
        if (g.points.size() >= 2 && g.points[1].y >= picture.height + kLayerMargin - 1.f) g.points[1].y = wide.height;
    }
    view::DrawList farList;
    view::addFar(farList, wide, 0);
    backList.shapes.insert(backList.shapes.end(), farList.shapes.begin(), farList.shapes.end());
    view::addFloor(floorList, wide);
    const unsigned w = unsigned(wide.width), h = unsigned(wide.height);
    if (!bake(b.back, farList, w, h)) return false;  // (only to learn where the far layer starts: its cut)
    const float farTop = b.back.cut;
    if (!bake(b.back, backList, w, h) || !bake(b.floor, floorList, w, h)) return false;
    b.back.cut = farTop;
    b.back.bottom = wide.groundY + 60.f;  // below the floor's top edge at the closest zoom and strongest shake
    addSkyQuads(b.sky, skyList, farTop - kLayerMargin);
    return true;
}

}  // namespace

void drawStage(sf::RenderTarget& t, const StageView& v, long /*ticks*/) {
    // The stage never changes, so it is painted once into two opaque textures and each frame shows them where the
    // camera and the shake put them: a few hundred shapes less per frame, which is most of a frame's cost under a
    // software renderer, and no blending. The sky is two gradient bands as plain quads down to the top of the sun
    // (a software renderer fills them faster than it samples a texture); from there the back texture holds the
    // sky, the sun and the hills, and slides sideways kParallax of the camera's pan, unscaled (a vertical gradient
    // does not show a sideways move, so the seam stays invisible). The floor texture moves and zooms with the
    // fighters, and the two posts at the stage's ends are a few shapes drawn each frame. The textures live until
    // the process ends (an SFML texture destroyed after the last window would need a GL context no longer there).
    static BakedStage b;
    StageView home;  // the whole stage at zoom 1
    home.stage = v.stage;
    view::View picture = viewOf(t, home);
    picture.shakeX = picture.shakeY = 0.f;
    const sf::Vector2f size(picture.width, picture.height);
    if (!b.failed && (!b.baked || b.size != size || b.stage != v.stage)) {
        b.failed = !bakeStage(b, picture);  // no render texture: the shapes every frame
        b.size = size;
        b.stage = v.stage;
        b.baked = true;
    }
    if (b.failed) return drawStageShapes(t, v, 0);
    const sf::RenderStates copy(sf::BlendNone);  // everything here is opaque: copies, no blending
    t.draw(b.sky, copy);
    // The camera's centre in world units, and the back layer's share of its pan.
    const float centerX = (picture.width / 2.f - v.originX) / std::max(0.01f, v.scale);
    const float homeCenter = (picture.width / 2.f - home.originX) / home.scale;
    showLayer(t, b.back, home.originX - (centerX - homeCenter) * kParallax, home.groundY, 1.f, v.shakeX * 0.5f, 0.f,
              copy);
    showLayer(t, b.floor, v.originX, v.groundY, v.scale, v.shakeX, v.shakeY, copy);
    view::DrawList posts;
    view::addPosts(posts, viewOf(t, v));
    paint(t, posts);
}

void drawFighter(sf::RenderTarget& t, const StageView& v, const sim::FighterDef& def, const sim::FighterState& f,
                 long ticks, bool altColors, view::SecondaryMotion* motion) {
    view::DrawList list;
    view::addFighter(list, viewOf(t, v), def, f, -1, ticks, altColors, motion);
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
        for (int p = 0; p < 2; ++p)
            drawMemberLabels(t, v, fight, p, mono, legendRect(t.getView().getSize(), o.keyRight), o.panel);
        for (const sim::Projectile& pr : fight.state().projectiles) {
            if (pr.alive)
                drawText(t, mono, "projectile", 11, v.rect(pr.box).left, v.rect(pr.box).top - 14.f,
                         sf::Color(255, 160, 255), Align::Left, 1.f);
        }
    }
    drawOverlayLegend(t, mono, o.keyRight);
}

void drawOverlayLegend(sf::RenderTarget& t, const sf::Font& mono, bool right) {
    struct Entry {
        sf::Color color;
        const char* what;
    };
    static const Entry kEntries[] = {
        {sf::Color(70, 140, 255), "hurtbox (BVH leaf)"},
        {sf::Color(255, 60, 60), "attack (dim: inactive)"},
        {sf::Color(80, 255, 120), "throw"},
        {sf::Color(225, 225, 225), "push (corners)"},
        {sf::Color(255, 220, 60), "BVH branch, root"},
        {sf::Color(120, 140, 255), "BVH branch, deep"},
        {sf::Color(255, 255, 0), "tested, overlapped"},
        {sf::Color(255, 255, 255), "tested, missed"},
        {sf::Color(255, 80, 255), "projectile"},
    };
    static_assert(std::size(kEntries) == kLegendEntries);
    const sf::FloatRect box = legendRect(t.getView().getSize(), right);
    const float x = box.left + 6.f, y0 = box.top + 6.f;
    fillRect(t, box.left, box.top, box.width, box.height, sf::Color(0, 0, 0, 150));
    for (std::size_t i = 0; i < std::size(kEntries); ++i) {
        const float y = y0 + 17.f * float(i);
        fillRect(t, x, y + 3.f, 18.f, 10.f, withAlpha(kEntries[i].color, 90), kEntries[i].color, 1.5f);
        drawText(t, mono, kEntries[i].what, 12, x + 26.f, y, sf::Color(230, 230, 240));
    }
}

}  // namespace app
