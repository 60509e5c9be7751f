// The draw list (see draw_list.h). A rigged fighter is drawn from the bones its boxes come from (rig_draw.h). An
// old-format one is built from its hurtboxes: each member's name says what it is (head, torso, arm-*, leg-*), its
// box says where, the facing says where the face and fists point, and the fighter file's colours (body = skin,
// accent = clothes, trim = belt and headband) paint it. Either way, whatever the animation data does to a box, the
// figure follows, and the overlay lines up with it exactly.
#include "game/view/draw_list.h"

#include "game/sim/rig.h"
#include "game/view/rig_draw.h"

#include <algorithm>
#include <cmath>

namespace view {
namespace {

const Rgba kInk{24, 18, 30, 255};  // character outlines

Rgba rgba(int r, int g, int b, int a = 255) {
    const auto c = [](int v) { return std::uint8_t(std::max(0, std::min(255, v))); };
    return {c(r), c(g), c(b), c(a)};
}

Rgba withAlpha(Rgba c, int alpha) {
    c.a = std::uint8_t(std::max(0, std::min(255, alpha)));
    return c;
}

/// Appends shapes of one role and player.
struct Pen {
    DrawList& out;
    Role role;
    int player = -1;

    Shape& add(Kind kind, std::vector<Point> points, Rgba fill, Rgba line, float thickness) {
        Shape s;
        s.kind = kind;
        s.role = role;
        s.player = player;
        s.fill = fill;
        s.line = line;
        s.thickness = thickness;
        s.points = std::move(points);
        out.shapes.push_back(std::move(s));
        return out.shapes.back();
    }
    Shape& poly(std::vector<Point> points, Rgba fill, Rgba line = kNoColour, float thickness = 0.f) {
        return add(Kind::Polygon, std::move(points), fill, line, thickness);
    }
    Shape& rect(float x, float y, float w, float h, Rgba fill, Rgba line = kNoColour, float thickness = 0.f) {
        return poly({{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, fill, line, thickness);
    }
    Shape& line(Point a, Point b, Rgba color, float thickness = 1.f) {
        return add(Kind::Line, {a, b}, kNoColour, color, thickness);
    }
};

/// An ellipse of n points around c (a circle when rx == ry), starting at the top as SFML's CircleShape does.
std::vector<Point> ellipse(Point c, float rx, float ry, int n = 24) {
    std::vector<Point> p;
    p.reserve(std::size_t(n));
    for (int i = 0; i < n; ++i) {
        const float a = float(i) * 2.f * kPi / float(n) - kPi / 2.f;
        p.push_back({c.x + rx * std::cos(a), c.y + ry * std::sin(a)});
    }
    return p;
}

/// A rectangle with rounded corners (radius clamped to half the shorter side), top-left at (x, y).
std::vector<Point> roundedRect(float x, float y, float w, float h, float radius) {
    constexpr int kArc = 6;  // points per quarter circle
    const float r = std::max(0.f, std::min(radius, std::min(w, h) / 2.f));
    const Point centres[4] = {{x + w - r, y + r}, {x + w - r, y + h - r}, {x + r, y + h - r}, {x + r, y + r}};
    std::vector<Point> p;
    p.reserve(4 * kArc);
    for (int c = 0; c < 4; ++c) {
        for (int i = 0; i < kArc; ++i) {
            const float a = -kPi / 2.f + kPi / 2.f * (float(c) + float(i) / float(kArc - 1));
            p.push_back({centres[c].x + r * std::cos(a), centres[c].y + r * std::sin(a)});
        }
    }
    return p;
}

enum class Part { Leg, Torso, Head, Arm, Other };

Part partOf(const std::string& name) {
    if (name.find("head") != std::string::npos) return Part::Head;
    if (name.find("torso") != std::string::npos || name.find("body") != std::string::npos) return Part::Torso;
    if (name.find("arm") != std::string::npos || name.find("fist") != std::string::npos) return Part::Arm;
    if (name.find("leg") != std::string::npos || name.find("foot") != std::string::npos) return Part::Leg;
    return Part::Other;
}

/// Painting order: back limbs, legs, torso, head, front arm.
int layerOf(const std::string& name) {
    const Part p = partOf(name);
    if (name.find("back") != std::string::npos && (p == Part::Arm || p == Part::Leg)) return 0;
    switch (p) {
    case Part::Leg: return 1;
    case Part::Torso:
    case Part::Other: return 2;
    case Part::Head: return 3;
    default: return 4;
    }
}

struct Palette {
    Rgba skin, cloth, trim, ink;
};

Rgba colorOf(const sim::FighterDef& def, const char* role, sim::NamedColor fallback) {
    const sim::NamedColor c = def.color(role, fallback);
    return {c.r, c.g, c.b, 255};
}

Palette paletteOf(const sim::FighterDef& def, const sim::FighterState& f, long ticks, bool alt) {
    Palette p{colorOf(def, "body", {"body", 220, 180, 150}), colorOf(def, "accent", {"accent", 230, 230, 230}),
              colorOf(def, "trim", {"trim", 200, 40, 40}), kInk};
    if (alt) {  // mirror match: the second player wears a darker outfit with the trim's channels rotated
        p.cloth = rgba(int(p.cloth.b * 0.35f + 30), int(p.cloth.r * 0.3f + 20), int(p.cloth.g * 0.3f + 25));
        p.trim = rgba(p.trim.b, p.trim.r, p.trim.g);
    }
    if (f.action == sim::Action::Hitstun && (ticks / 3) % 2 == 0) {
        p.skin = shade(p.skin, 1.45f);
        p.cloth = shade(p.cloth, 1.45f);
        p.ink = rgba(150, 20, 20);
    }
    if (f.action == sim::Action::KO) {
        p.skin = shade(p.skin, 0.8f);
        p.cloth = shade(p.cloth, 0.8f);
    }
    return p;
}

void addHead(Pen& pen, const Rect& r, int facing, const Palette& p) {
    const float rad = std::min(r.width, r.height) / 2.f + 2.f;
    const Point c{r.left + r.width / 2.f, r.top + r.height / 2.f};
    const float f = float(facing);
    const float bx = c.x - f * rad * 0.8f;  // headband tails flutter behind the head
    pen.poly(
        {{bx, c.y - rad * 0.45f}, {bx - f * rad * 1.1f, c.y - rad * 0.1f}, {bx - f * rad * 0.9f, c.y + rad * 0.15f}},
        p.trim, p.ink, 1.5f);
    pen.poly(ellipse(c, rad, rad), p.skin, p.ink, 2.f);
    pen.poly(roundedRect(c.x - rad * 0.98f, c.y - rad * 0.62f, rad * 1.96f, rad * 0.34f, 3.f), p.trim, p.ink, 1.5f);
    const Point eye{c.x + f * rad * 0.45f, c.y - rad * 0.02f};  // eye and brow on the facing side
    pen.poly(ellipse(eye, rad * 0.16f, rad * 0.16f), rgba(255, 255, 255), p.ink, 1.f);
    pen.poly(ellipse({eye.x + f * rad * 0.06f, eye.y}, rad * 0.07f, rad * 0.07f), p.ink);
    pen.rect(eye.x - rad * 0.22f, eye.y - rad * 0.3f, rad * 0.44f, rad * 0.08f, p.ink);
}

void addTorso(Pen& pen, const Rect& r, int facing, const Palette& p) {
    pen.poly(roundedRect(r.left, r.top, r.width, r.height, std::min(r.width, r.height) * 0.3f), p.cloth, p.ink, 2.f);
    const float cx = r.left + r.width * (facing > 0 ? 0.62f : 0.38f);  // the gi's open collar: a V of skin
    pen.poly({{cx - r.width * 0.22f, r.top + 2.f}, {cx + r.width * 0.22f, r.top + 2.f}, {cx, r.top + r.height * 0.42f}},
             p.skin, p.ink, 1.f);
    const float beltH = std::max(4.f, r.height * 0.1f);
    pen.rect(r.left - 1.f, r.top + r.height - beltH * 1.6f, r.width + 2.f, beltH, p.trim, p.ink, 1.f);
}

void addArm(Pen& pen, const Rect& r, int facing, const Palette& p, float torsoTop) {
    const float thick = std::min(r.width, r.height);
    pen.poly(roundedRect(r.left, r.top, r.width, r.height, thick / 2.f), p.cloth, p.ink, 2.f);
    Point fist;
    if (r.width >= r.height) {  // extended: the fist leads
        fist = {facing > 0 ? r.left + r.width - thick * 0.45f : r.left + thick * 0.45f, r.top + r.height / 2.f};
    } else {  // hanging or raised in guard: the fist is the end away from the shoulder
        const bool raised = r.top < torsoTop + 6.f;
        fist = {r.left + r.width / 2.f, raised ? r.top + thick * 0.45f : r.top + r.height - thick * 0.45f};
    }
    pen.poly(ellipse(fist, thick * 0.56f, thick * 0.56f), p.skin, p.ink, 2.f);
}

void addLeg(Pen& pen, const Rect& r, int facing, const Palette& p) {
    const float thick = std::min(r.width, r.height);
    pen.poly(roundedRect(r.left, r.top, r.width, r.height, thick * 0.4f), shade(p.cloth, 0.92f), p.ink, 2.f);
    if (r.height > r.width) {  // standing leg: a bare foot pointing forward
        const float fw = r.width * 0.9f, fh = std::max(5.f, r.width * 0.35f);
        const float fx = facing > 0 ? r.left + r.width * 0.35f : r.left + r.width * 0.65f - fw;
        pen.poly(roundedRect(fx, r.top + r.height - fh, fw, fh, fh / 2.f), p.skin, p.ink, 1.5f);
    }
}

void addMember(Pen& pen, const Rect& r, const std::string& name, int facing, const Palette& base, float torsoTop) {
    Palette p = base;
    if (layerOf(name) == 0) {  // the far limbs sit in shadow
        p.skin = shade(p.skin, 0.72f);
        p.cloth = shade(p.cloth, 0.72f);
    }
    switch (partOf(name)) {
    case Part::Head: addHead(pen, r, facing, p); break;
    case Part::Torso: addTorso(pen, r, facing, p); break;
    case Part::Arm: addArm(pen, r, facing, p, torsoTop); break;
    case Part::Leg: addLeg(pen, r, facing, p); break;
    default: pen.poly(roundedRect(r.left, r.top, r.width, r.height, 5.f), p.skin, p.ink, 2.f); break;
    }
}

/// A short neck from the head's centre down into the torso, when the head sits above it (not when knocked down).
void addNeck(Pen& pen, const Rect& head, const Rect& torso, const Palette& p) {
    const float cx = head.left + head.width / 2.f, cy = head.top + head.height / 2.f;
    if (cy >= torso.top || cx < torso.left || cx > torso.left + torso.width) return;
    const float w = std::max(6.f, head.width * 0.45f);
    pen.poly(roundedRect(cx - w / 2.f, cy, w, torso.top - cy + 6.f, 3.f), shade(p.skin, 0.85f), p.ink, 1.5f);
}

/// Motion trails of the active attack boxes (under the limbs).
void addSwooshes(DrawList& out, const View& v, const sim::FighterState& f, const Palette& p, int player) {
    Pen swoosh{out, Role::Swoosh, player};
    for (const sim::AttackBox& a : f.attacks) {
        if (!a.active) continue;
        const Rect r = rectOf(v, a.box);
        swoosh.poly(roundedRect(r.left - 4.f, r.top - 2.f, r.width + 8.f, r.height + 4.f,
                                std::min(r.width, r.height) / 2.f + 2.f),
                    rgba(255, 255, 235, 110), withAlpha(p.trim, 200), 2.f);
    }
}

/// A rigged fighter's colours and face this frame: the palette (hit flash and K.O. shade included), an optional
/// `hair` colour (a ponytail instead of the headband's tails), and the face its state calls for.
RigLook lookOf(const sim::FighterDef& def, const sim::FighterState& f, const Palette& p, long ticks, int player) {
    RigLook look;
    look.skin = p.skin;
    look.cloth = p.cloth;
    look.trim = p.trim;
    look.ink = p.ink;
    for (const sim::NamedColor& c : def.colors) {
        if (c.name != "hair") continue;
        look.hasHair = true;
        look.hair = {c.r, c.g, c.b, 255};
    }
    switch (f.action) {
    case sim::Action::Attack: look.face = Face::Effort; break;
    case sim::Action::Hitstun:
    case sim::Action::Thrown: look.face = Face::Hurt; break;
    case sim::Action::Knockdown:
    case sim::Action::KO: look.face = Face::Down; break;
    case sim::Action::Blockstun: look.face = Face::Guard; break;
    default: look.face = f.blocking ? Face::Guard : Face::Calm; break;
    }
    look.blink = (ticks + 53L * long(player + 1)) % 170 < 6;  // a blink every ~3 s, the two players out of step
    return look;
}

void addShadow(Pen& pen, const View& v, const sim::FighterState& f) {
    const float lift = std::min(1.f, float(f.y) / 200.f);
    const float w = 70.f * v.scale * (1.f - 0.4f * lift);
    const Point c = v.point(float(f.x), 0.f);
    pen.poly(ellipse({c.x, c.y + 2.f}, w, w * 0.18f), rgba(0, 0, 0, int(110 - 50 * lift)));
}

/// Depth-shaded branch outlines: yellow at the root through green to cyan and blue deeper down.
Rgba depthColor(int depth) {
    static const Rgba kRamp[] = {
        {255, 220, 60, 255}, {180, 240, 80, 255}, {90, 230, 140, 255}, {70, 210, 230, 255}, {120, 140, 255, 255}};
    const int n = int(sizeof(kRamp) / sizeof(kRamp[0]));
    return withAlpha(kRamp[std::min(depth, n - 1)], std::max(90, 230 - 25 * depth));
}

Shape& outlineRect(Pen& pen, const Rect& r, float grow, Rgba fill, Rgba line, float thickness) {
    return pen.rect(r.left - grow, r.top - grow, r.width + 2 * grow, r.height + 2 * grow, fill, line, thickness);
}

/// A push box as four grey corner brackets and a faint fill, so it never reads as one of the tree's outlines.
void addPushBox(Pen& pen, const Rect& r) {
    pen.rect(r.left, r.top, r.width, r.height, rgba(200, 200, 200, 22));
    const float arm = std::min(14.f, std::min(r.width, r.height) / 3.f), w = 3.f;
    const Rgba c = rgba(225, 225, 225, 230);
    for (int corner = 0; corner < 4; ++corner) {
        const float x = corner % 2 == 0 ? r.left : r.left + r.width - arm;
        const float y = corner < 2 ? r.top : r.top + r.height - w;
        pen.rect(x, y, arm, w, c);
        const float vx = corner % 2 == 0 ? r.left : r.left + r.width - w;
        const float vy = corner < 2 ? r.top : r.top + r.height - arm;
        pen.rect(vx, vy, w, arm, c);
    }
}

void addAgentOverlay(DrawList& out, const View& v, const sim::Fight& fight, const sim::StepStats& st, int p) {
    const sim::FighterState& f = fight.state().fighters[p];
    const sim::Body& bvh = f.body;
    const int height = std::max(0, bvh.height());
    Pen branch{out, Role::Branch, p};
    for (int i = 0; i < bvh.poolSize(); ++i) {  // thin nested outlines: deeper = smaller, cooler colour
        if (!bvh.isLive(i) || bvh.node(i).isLeaf()) continue;
        const int d = bvh.depth(i);
        outlineRect(branch, rectOf(v, bvh.node(i).box), 2.f + 2.f * float(height - d), kNoColour, depthColor(d), 1.f)
            .depth = d;
    }
    for (std::size_t k = 0; k < st.touched[p].size(); ++k) {  // what the last query tested, under the boxes
        const int i = st.touched[p][k];
        if (i < 0 || i >= bvh.poolSize() || !bvh.isLive(i)) continue;
        const bool hit = k < st.touchedHit[p].size() && st.touchedHit[p][k] != 0;
        Pen pen{out, hit ? Role::QueryHit : Role::QueryMiss, p};
        outlineRect(pen, rectOf(v, bvh.node(i).box), 1.f,
                    hit && bvh.node(i).isLeaf() ? rgba(255, 255, 0, 40) : kNoColour,
                    hit ? rgba(255, 255, 0) : rgba(255, 255, 255, 170), hit ? 3.f : 1.f);
    }
    Pen hurt{out, Role::Hurt, p};
    for (int leaf : f.memberLeaf) {  // hurtboxes on top: the struck member stays visible
        outlineRect(hurt, rectOf(v, bvh.node(leaf).box), 0.f, rgba(40, 110, 255, 70), rgba(70, 140, 255, 230), 1.5f);
    }
    Pen push{out, Role::Push, p};
    addPushBox(push, rectOf(v, f.push));
    for (const sim::AttackBox& a : f.attacks) {
        Pen pen{out, a.grab ? Role::Throw : Role::Attack, p};
        const Rgba fill = a.grab ? rgba(40, 230, 90, 100) : rgba(255, 30, 30, 110);
        const Rgba line = a.grab ? rgba(80, 255, 120) : rgba(255, 60, 60);
        if (a.active) outlineRect(pen, rectOf(v, a.box), 0.f, fill, line, 2.f);
        else outlineRect(pen, rectOf(v, a.box), 0.f, withAlpha(fill, 40), withAlpha(line, 140), 1.f);
    }
}

void addRidges(Pen& pen, const View& v, long ticks) {
    for (int layer = 0; layer < 2; ++layer) {  // two ridges of hills from a few sines, drifting for parallax
        const float base = v.groundY + v.shakeY - (layer == 0 ? 120.f : 40.f);
        const Rgba c = layer == 0 ? rgba(70, 40, 90) : rgba(45, 28, 60);
        const float drift = float(ticks) * (layer == 0 ? 0.05f : 0.12f);
        std::vector<Point> strip;                                    // crest and ground alternating
        for (int x = 0; x <= int(v.width) + 16; x += 16) {           // across the picture
            const float fx = float(x) - (v.originX - 40.f) + drift;  // anchored to the stage, not the picture's edge
            strip.push_back({float(x), base - 60.f * std::sin(fx * 0.006f + float(layer)) -
                                           25.f * std::sin(fx * 0.017f + 2.f * float(layer))});
            strip.push_back(
                {float(x), v.groundY + v.shakeY + 60.f});  // below the floor line: no gap when the layers move apart
        }
        pen.add(Kind::Strip, std::move(strip), c, kNoColour, 0.f);
    }
}

}  // namespace

Rgba shade(Rgba c, float f) {
    const auto ch = [f](std::uint8_t v) {
        const float out = f <= 1.f ? float(v) * f : float(v) + (255.f - float(v)) * (f - 1.f);
        return std::uint8_t(std::max(0.f, std::min(255.f, out)));
    };
    return {ch(c.r), ch(c.g), ch(c.b), c.a};
}

const char* stageName(int stage) { return stage == kStageNight ? "Night" : "Dusk"; }

int nextStage(int stage) { return stage < 0 || stage >= kStageCount - 1 ? 0 : stage + 1; }

const char* roleName(Role r) {
    static const char* const kNames[kRoleCount] = {"stage",  "shadow", "body",     "swoosh",       "projectile",
                                                   "effect", "branch", "queryhit", "querymiss",    "hurt",
                                                   "push",   "attack", "throw",    "projectilebox"};
    return kNames[int(r)];
}

std::vector<Point> outlineOf(const Shape& s) {
    if (s.kind != Kind::Strip) return s.points;
    std::vector<Point> out;
    out.reserve(s.points.size());
    for (std::size_t i = 0; i < s.points.size(); i += 2) out.push_back(s.points[i]);
    for (std::size_t i = s.points.size(); i-- > 0;) {
        if (i % 2 == 1) out.push_back(s.points[i]);
    }
    return out;
}

Rect rectOf(const View& v, const engine::AABB& b) {
    const Point tl = v.point(float(b.minX), float(b.maxY));
    return {tl.x, tl.y, float(b.maxX - b.minX) * v.scale, float(b.maxY - b.minY) * v.scale};
}

namespace {

/// A small deterministic hash for the stage's scattered details (stars, lit windows): the same picture every time.
unsigned scatter(unsigned x) {
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

}  // namespace

void addSky(DrawList& out, const View& v) {
    Pen pen{out, Role::Stage};
    const float w = v.width, h = v.height;
    const float horizon = v.groundY + v.shakeY - 150.f;
    const bool night = v.stage == kStageNight;
    // Dusk in two bands; the night's from deep navy to a harbour glow on the horizon.
    const Rgba top = night ? rgba(6, 8, 26) : rgba(28, 22, 64);
    const Rgba mid = night ? rgba(22, 26, 70) : rgba(120, 60, 110);
    const Rgba low = night ? rgba(70, 110, 150) : rgba(240, 150, 90);
    pen.add(Kind::Gradient, {{0.f, 0.f}, {w, horizon * 0.6f}}, top, mid, 0.f);
    pen.add(Kind::Gradient, {{0.f, horizon * 0.6f}, {w, h}}, mid, low, 0.f);
    if (!night) return;
    // Stars over the whole-stage picture and its margins, opaque squares (the window copies the sky unblended).
    const float shiftX = v.originX - 40.f;  // where the whole-stage picture's x = 0 went
    for (unsigned i = 0; i < 70; ++i) {
        const float x = float(scatter(i * 2 + 1) % 1800) - 260.f + shiftX;
        const float y = float(scatter(i * 2 + 2) % 300) + 14.f + (v.groundY - 650.f);
        const float r = i % 7 == 0 ? 2.f : 1.f;
        pen.rect(x - r, y - r, 2.f * r, 2.f * r, i % 3 == 0 ? rgba(235, 238, 255) : rgba(150, 160, 200));
    }
}

namespace {

/// The night's far layer: stars, the moon, and a skyline of a harbour town with lit windows, anchored to the stage.
void addNightFar(Pen& pen, const View& v) {
    const float shiftX = v.originX - 40.f;  // where the whole-stage picture's x = 0 went
    const Point moon = v.point(0.24f * 1280.f - 40.f, 250.f);
    pen.poly(ellipse(moon, 70.f, 70.f, 32), rgba(120, 140, 200, 40));  // halo
    pen.poly(ellipse(moon, 46.f, 46.f, 32), rgba(238, 240, 225), rgba(255, 255, 245, 90), 6.f);
    pen.poly(ellipse({moon.x + 12.f, moon.y - 9.f}, 9.f, 8.f, 12), rgba(210, 212, 200));  // craters
    pen.poly(ellipse({moon.x - 14.f, moon.y + 10.f}, 6.f, 6.f, 12), rgba(214, 216, 204));
    const float ground = v.groundY + v.shakeY;
    for (int row = 0; row < 2; ++row) {  // two rows of buildings: far (lighter, lower) and near
        const Rgba wall = row == 0 ? rgba(40, 36, 58) : rgba(20, 17, 32);
        float x = -260.f + shiftX + (row == 0 ? 0.f : 37.f);
        for (unsigned b = 0; x < v.width + 260.f; ++b) {
            const unsigned hsh = scatter(b * 7 + 101 + unsigned(row) * 1000);
            const float bw = 46.f + float(hsh % 70);
            const float bh = (row == 0 ? 100.f : 40.f) + float((hsh >> 8) % (row == 0 ? 90 : 70));
            const float top = ground - 40.f - bh + (row == 0 ? -40.f : 0.f);
            pen.rect(x, top, bw - 4.f, ground + 60.f - top, wall);
            for (float wy = top + 10.f; wy < ground - 60.f; wy += 16.f) {  // lit windows, a few per floor
                for (float wx = x + 6.f; wx < x + bw - 14.f; wx += 13.f) {
                    const unsigned lit =
                        scatter(unsigned(int(wx * 3.f)) * 31u + unsigned(int(wy)) * 17u + unsigned(row));
                    if (lit % 7 != 0) continue;
                    pen.rect(wx, wy, 5.f, 7.f, lit % 3 == 0 ? rgba(235, 190, 120) : rgba(190, 140, 90));
                }
            }
            x += bw;
        }
    }
}

}  // namespace

void addFar(DrawList& out, const View& v, long ticks) {
    Pen pen{out, Role::Stage};
    if (v.stage == kStageNight) return addNightFar(pen, v);
    // The sun sits at a fixed place of the world (72% across the picture that shows the whole stage, 190 units up).
    const Point sun = v.point(0.72f * 1280.f - 40.f, 190.f);
    pen.poly(ellipse(sun, 70.f, 70.f), rgba(226, 82, 100, 230), rgba(255, 120, 130, 60), 12.f);
    addRidges(pen, v, ticks);
}

void addFloor(DrawList& out, const View& v) {
    Pen pen{out, Role::Stage};
    const float w = v.width, h = v.height;
    const float gy = v.groundY + v.shakeY;  // the floor: planks and a lit edge
    const bool night = v.stage == kStageNight;
    const Rgba plank = night ? rgba(44, 46, 66) : rgba(92, 60, 44), seam = night ? rgba(30, 30, 48) : rgba(70, 44, 32);
    pen.rect(0.f, gy, w, h - gy + 20.f, plank);
    for (int i = 1; i < 5; ++i) pen.rect(0.f, gy + float(i * i) * 3.f, w, 1.f, seam);
    const float cx = w / 2.f + v.shakeX;
    for (int x = -6; x <= 6; ++x) pen.line({cx + float(x) * 100.f, gy}, {cx + float(x) * 190.f, h}, seam);
    pen.rect(0.f, gy - 2.f, w, 4.f, night ? rgba(120, 150, 200) : rgba(200, 140, 90));
}

void addPosts(DrawList& out, const View& v) {
    Pen pen{out, Role::Stage};
    const bool night = v.stage == kStageNight;
    for (float x : {0.f, float(sim::kStageWidth)}) {  // the stage limits
        const Point p = v.point(x, 0.f);
        pen.rect(p.x - 3.f * v.scale, p.y - 260.f * v.scale, 6.f * v.scale, 260.f * v.scale,
                 night ? rgba(40, 36, 50) : rgba(60, 30, 30), kInk, 1.f);
        if (night) {  // a paper lantern on each post, glowing
            const Point c{p.x, p.y - 272.f * v.scale};
            pen.poly(ellipse(c, 34.f * v.scale, 34.f * v.scale, 20), rgba(255, 170, 80, 50));
            pen.poly(ellipse(c, 13.f * v.scale, 17.f * v.scale, 16), rgba(255, 120, 60), kInk, 1.f);
            pen.rect(c.x - 9.f * v.scale, c.y - 19.f * v.scale, 18.f * v.scale, 4.f * v.scale, rgba(40, 30, 30));
            continue;
        }
        pen.rect(p.x - 9.f * v.scale, p.y - 268.f * v.scale, 18.f * v.scale, 10.f * v.scale, rgba(200, 60, 40), kInk,
                 1.f);
    }
}

void addNear(DrawList& out, const View& v) {
    addFloor(out, v);
    addPosts(out, v);
}

void addStage(DrawList& out, const View& v, long ticks) {
    addSky(out, v);
    addFar(out, v, ticks);
    addNear(out, v);
}

void addFighter(DrawList& out, const View& v, const sim::FighterDef& def, const sim::FighterState& f, int player,
                long ticks, bool altColors, SecondaryMotion* motion) {
    const Palette p = paletteOf(def, f, ticks, altColors);
    Pen shadow{out, Role::Shadow, player};
    addShadow(shadow, v, f);
    if (def.rigged()) {
        addSwooshes(out, v, f, p, player);
        sim::BoneArray placed{};
        const int count = sim::posedBones(def, f.anim, f.animFrame, placed);
        addRig(out, v, def.skeleton, placed.data(), count, f.x, f.y, f.facing, lookOf(def, f, p, ticks, player), player,
               ticks, motion);
        return;
    }
    int head = -1, torso = -1;
    const int members = std::min(int(f.memberLeaf.size()), int(def.members.size()));
    for (int m = 0; m < members; ++m) {
        if (partOf(def.members[std::size_t(m)].name) == Part::Torso) torso = m;
        if (partOf(def.members[std::size_t(m)].name) == Part::Head) head = m;
    }
    const auto rectOfMember = [&](int m) { return rectOf(v, f.body.node(f.memberLeaf[std::size_t(m)]).box); };
    const float torsoTop = torso >= 0 ? rectOfMember(torso).top : 1e9f;
    addSwooshes(out, v, f, p, player);
    Pen body{out, Role::Body, player};
    for (int layer = 0; layer <= 4; ++layer) {
        if (layer == 3 && head >= 0 && torso >= 0) addNeck(body, rectOfMember(head), rectOfMember(torso), p);
        for (int m = 0; m < members; ++m) {
            const std::string& name = def.members[std::size_t(m)].name;
            if (layerOf(name) == layer) addMember(body, rectOfMember(m), name, f.facing, p, torsoTop);
        }
    }
}

void addProjectiles(DrawList& out, const View& v, const sim::FightState& s, long ticks) {
    for (const sim::Projectile& pr : s.projectiles) {
        if (!pr.alive) continue;
        Pen pen{out, Role::Projectile, pr.owner};
        const Rect r = rectOf(v, pr.box);
        const Point c{r.left + r.width / 2.f, r.top + r.height / 2.f};
        const float rad = std::max(r.width, r.height) / 2.f;
        const Rgba core = pr.owner == 0 ? rgba(150, 220, 255) : rgba(255, 170, 60);
        const float dir = pr.vx >= 0 ? 1.f : -1.f;
        const float flicker = 1.f + 0.12f * std::sin(float(ticks) * 1.7f);
        for (int k = 5; k >= 1; --k) {  // trail
            const float kr = rad * (1.f - 0.13f * float(k));
            const Point at{c.x - dir * rad * 0.55f * float(k), c.y + std::sin(float(ticks + k) * 0.9f) * 3.f};
            pen.poly(ellipse(at, kr, kr, 20), withAlpha(core, 70 - 10 * k)).additive = true;
        }
        const float layers[4][2] = {{2.3f, 35.f}, {1.6f, 70.f}, {1.1f, 160.f}, {0.6f, 255.f}};
        for (int k = 0; k < 4; ++k) {
            const float kr = rad * layers[k][0] * flicker;
            pen.poly(ellipse(c, kr, kr, 28), k == 3 ? rgba(255, 255, 240) : withAlpha(core, int(layers[k][1])))
                .additive = true;
        }
    }
}

void addEffects(DrawList& out, const View& v, const std::vector<sim::Event>& events) {
    Pen pen{out, Role::Effect};
    for (const sim::Event& e : events) {
        Rgba c;  // the game's spark colours per event
        switch (e.type) {
        case sim::EventType::Hit: c = e.heavy ? rgba(255, 200, 60) : rgba(255, 245, 200); break;
        case sim::EventType::Block: c = rgba(140, 200, 255); break;
        case sim::EventType::ProjectileCancel: c = rgba(230, 140, 255); break;
        case sim::EventType::Throw:
        case sim::EventType::Tech: c = rgba(120, 255, 150); break;
        default: continue;  // rounds and KOs have no place on the stage
        }
        const Rect r = rectOf(v, e.where);
        const Point at{r.left + r.width / 2.f, r.top + r.height / 2.f};
        const float rad = e.heavy ? 34.f : 24.f;
        pen.poly(ellipse(at, rad, rad), withAlpha(c, 90), c, 3.f).additive = true;
        std::vector<Point> star;  // an eight-pointed flash
        for (int i = 0; i < 16; ++i) {
            const float a = float(i) * kPi / 8.f, k = i % 2 == 0 ? rad * 1.5f : rad * 0.45f;
            star.push_back({at.x + k * std::cos(a), at.y + k * std::sin(a)});
        }
        pen.poly(std::move(star), withAlpha(c, 220)).additive = true;
    }
}

void addOverlay(DrawList& out, const View& v, const sim::Fight& fight, const sim::StepStats& lastQuery) {
    for (int p = 0; p < 2; ++p) addAgentOverlay(out, v, fight, lastQuery, p);
    for (const sim::Projectile& pr : fight.state().projectiles) {
        if (!pr.alive) continue;
        Pen pen{out, Role::ProjectileBox, pr.owner};
        outlineRect(pen, rectOf(v, pr.box), 0.f, rgba(255, 0, 255, 60), rgba(255, 80, 255), 2.f);
    }
}

DrawList buildFight(const View& v, const sim::Fight& fight, const sim::StepStats& lastQuery, long ticks, bool overlay) {
    DrawList out;
    addStage(out, v, ticks);
    const sim::FightState& s = fight.state();
    // The one attacking is drawn in front (so a punch reads over the body it hits).
    const int last = s.fighters[1].action == sim::Action::Attack && s.fighters[0].action != sim::Action::Attack ? 1 : 0;
    const bool mirror = fight.def(0).id == fight.def(1).id;
    addFighter(out, v, fight.def(1 - last), s.fighters[1 - last], 1 - last, ticks, mirror && last == 0);
    addFighter(out, v, fight.def(last), s.fighters[last], last, ticks, mirror && last == 1);
    addProjectiles(out, v, s, ticks);
    addEffects(out, v, fight.events());
    if (overlay) addOverlay(out, v, fight, lastQuery);
    return out;
}

}  // namespace view
