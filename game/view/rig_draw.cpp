// Rigged fighters (see rig_draw.h). Everything is built in the fighter's own frame (world units, facing right, y
// up, origin between the feet) and mapped to pixels at the end, so facing left is one mirror of x for every point:
// the face stays on the side the fighter looks at, and the back limbs stay the far ones.
//
// Inside the boxes: a bone's shapes are made inside its capsule shrunk by the outline's width (SFML draws an outline
// outside the polygon; at a corner of angle a the outline reaches thickness / sin(a / 2) out), and the face's and
// the belt's details are kept away from the capsule's edge by more than their own outline. The member's box is the
// union of its capsules' bounds, rounded outwards, so the drawn limb never leaves it.
#include "game/view/rig_draw.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace view {
namespace {

/// A point or direction in the fighter's frame (world units, facing right, y up).
struct Vec {
    float x = 0.f, y = 0.f;
};
Vec operator+(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }
Vec operator-(Vec a, Vec b) { return {a.x - b.x, a.y - b.y}; }
Vec operator*(Vec a, float k) { return {a.x * k, a.y * k}; }
float length(Vec a) { return std::sqrt(a.x * a.x + a.y * a.y); }
Vec unit(Vec a, Vec fallback) {
    const float l = length(a);
    return l > 1e-4f ? a * (1.f / l) : fallback;
}
/// The direction a quarter turn clockwise: for a bone pointing up, forward (+x).
Vec front(Vec u) { return {u.y, -u.x}; }

const Rgba kWhite{250, 248, 240, 255};

/// What a standard bone is (rig spec's names; anything else is Other).
enum class Bone : std::uint8_t { Hip, Spine, Neck, Head, UpperArm, Forearm, Hand, Thigh, Shin, Foot, Other };

struct BoneKind {
    Bone bone = Bone::Other;
    int side = 0;  // +1 front limb, -1 back limb, 0 the body's middle
};

BoneKind kindOf(const std::string& name) {
    static const struct {
        const char* stem;
        Bone bone;
    } kStems[] = {{"upperarm", Bone::UpperArm}, {"forearm", Bone::Forearm}, {"hand", Bone::Hand},
                  {"thigh", Bone::Thigh},       {"shin", Bone::Shin},       {"foot", Bone::Foot}};
    if (name == "hip") return {Bone::Hip, 0};
    if (name == "spine") return {Bone::Spine, 0};
    if (name == "neck") return {Bone::Neck, 0};
    if (name == "head") return {Bone::Head, 0};
    for (const auto& s : kStems) {
        const std::string stem = s.stem;
        if (name == stem + "-f") return {s.bone, 1};
        if (name == stem + "-b") return {s.bone, -1};
    }
    return {Bone::Other, 0};
}

/// Radius at a bone's start and end, as shares of its capsule's radius: limbs narrow towards the wrist and the
/// ankle, the chest is broader than the waist.
void taperOf(Bone b, float& start, float& end) {
    switch (b) {
    case Bone::Hip: start = 0.95f, end = 0.85f; return;
    case Bone::Spine: start = 0.8f, end = 1.f; return;
    case Bone::Neck: start = 0.8f, end = 0.7f; return;
    case Bone::UpperArm: start = 1.f, end = 0.84f; return;
    case Bone::Forearm: start = 0.92f, end = 0.72f; return;
    case Bone::Thigh: start = 1.f, end = 0.8f; return;
    case Bone::Shin: start = 0.9f, end = 0.68f; return;
    case Bone::Foot: start = 0.95f, end = 0.7f; return;
    default: start = 1.f, end = 1.f; return;
    }
}

/// One placed bone in the fighter's frame.
struct Placed {
    Vec a, b;         // start, end (world units)
    Vec u{0.f, 1.f};  // unit direction start -> end
    float len = 0.f;
    float radius = 0.f;  // the capsule's radius
    int member = -1;
    BoneKind kind;
};

/// Builds shapes in the fighter's frame and maps them to pixels.
struct RigPen {
    DrawList& out;
    const View& v;
    float ox, oy, facing;
    int player;

    Point px(Vec p) const { return v.point(ox + facing * p.x, oy + p.y); }
    Shape& add(Kind kind, const std::vector<Vec>& pts, Rgba fill, Rgba line, float thickness, int member) {
        Shape s;
        s.kind = kind;
        s.role = Role::Body;
        s.player = player;
        s.member = member;
        s.fill = fill;
        s.line = line;
        s.thickness = thickness;
        s.points.reserve(pts.size());
        for (const Vec& p : pts) s.points.push_back(px(p));
        out.shapes.push_back(std::move(s));
        return out.shapes.back();
    }
    /// A straight stroke `width` pixels wide (Kind::Line).
    void stroke(Vec a, Vec b, Rgba c, float width, int member) { add(Kind::Line, {a, b}, kNoColour, c, width, member); }
};

/// Appends an arc of n points on circle (c, r) from angle a0 to a1 (radians, counter-clockwise).
void arc(std::vector<Vec>& pts, Vec c, float r, float a0, float a1, int n) {
    for (int i = 0; i < n; ++i) {
        const float a = a0 + (a1 - a0) * float(i) / float(n - 1);
        pts.push_back({c.x + r * std::cos(a), c.y + r * std::sin(a)});
    }
}

/// Points for an arc of `span` radians: a step of at most 22.5 degrees, so an outline's corners stay gentle.
int arcPoints(float span) { return std::max(3, int(std::ceil(span / (kPi / 8.f))) + 1); }

/// The outline of the hull of two discs (a, ra) and (b, rb): a tapered capsule, convex.
std::vector<Vec> capsule(Vec a, Vec b, float ra, float rb) {
    std::vector<Vec> pts;
    const Vec d = b - a;
    const float len = length(d);
    if (len < std::fabs(ra - rb) + 1e-3f) {  // one disc holds the other: the larger disc
        const bool aBig = ra >= rb;
        arc(pts, aBig ? a : b, aBig ? ra : rb, 0.f, 2.f * kPi * 11.f / 12.f, 12);
        return pts;
    }
    const float dir = std::atan2(d.y, d.x);
    const float side = std::acos(std::max(-1.f, std::min(1.f, (ra - rb) / len)));  // the tangents' contact angle
    arc(pts, a, ra, dir + side, dir + 2.f * kPi - side, arcPoints(2.f * kPi - 2.f * side));
    arc(pts, b, rb, dir - side, dir + side, arcPoints(2.f * side));
    return pts;
}

/// The outline width for a capsule of radius r (world units) at this zoom, pixels.
float lineWidth(const View& v, float r) { return std::max(1.f, std::min(2.2f, r * v.scale * 0.2f)); }
/// World units an outline of `width` pixels reaches past its polygon at the capsule's gentlest corners.
float inset(const View& v, float width) { return width * 1.1f / v.scale; }

/// The head's frame: centre, up along the head bone, front a quarter turn clockwise from up.
struct HeadFrame {
    Vec c, up, fw;
    float r = 1.f;     // drawn radius
    float half = 0.f;  // half the head bone's length
    Vec at(float f, float u) const { return c + fw * (f * r) + up * (u * r); }
    /// Half the head's width at height h (world units from the centre, along up).
    float halfWidth(float h) const {
        const float over = std::max(0.f, std::fabs(h) - half);
        return std::sqrt(std::max(0.f, r * r - over * over));
    }
};

/// An ellipse in the head's frame (radii in shares of the head's radius).
std::vector<Vec> headEllipse(const HeadFrame& h, float f, float u, float rf, float ru, int n) {
    std::vector<Vec> pts;
    pts.reserve(std::size_t(n));
    for (int i = 0; i < n; ++i) {
        const float a = 2.f * kPi * float(i) / float(n);
        pts.push_back(h.at(f + rf * std::cos(a), u + ru * std::sin(a)));
    }
    return pts;
}

void addFace(RigPen& pen, const HeadFrame& h, const RigLook& look, int member) {
    const float line = std::max(1.f, std::min(2.4f, h.r * pen.v.scale * 0.12f));
    const Face face = look.face;
    // Eye.
    if (face == Face::Down) {  // crossed out
        pen.stroke(h.at(0.3f, -0.05f), h.at(0.58f, 0.23f), look.ink, line, member);
        pen.stroke(h.at(0.3f, 0.23f), h.at(0.58f, -0.05f), look.ink, line, member);
    } else if (face == Face::Hurt || (face == Face::Calm && look.blink)) {  // squeezed shut: a chevron or a lid line
        if (face == Face::Hurt) {
            pen.add(Kind::Line, {h.at(0.62f, 0.22f), h.at(0.36f, 0.08f), h.at(0.62f, -0.04f)}, kNoColour, look.ink,
                    line, member);
        } else {
            pen.stroke(h.at(0.3f, 0.06f), h.at(0.6f, 0.06f), look.ink, line, member);
        }
    } else {
        const float open = face == Face::Calm ? 0.19f : 0.12f;  // narrowed with effort
        pen.add(Kind::Polygon, headEllipse(h, 0.44f, 0.08f, 0.16f, open, 12), kWhite, look.ink, 1.f, member);
        pen.add(Kind::Polygon, headEllipse(h, 0.52f, 0.08f, 0.07f, std::min(0.08f, open * 0.6f), 8), look.ink,
                kNoColour, 0.f, member);
    }
    // Brow: the end nearer the nose (front) low for effort and guard, high for pain.
    float back = 0.36f, fore = 0.36f;
    if (face == Face::Effort || face == Face::Guard) back = 0.44f, fore = 0.26f;
    if (face == Face::Hurt || face == Face::Down) back = 0.3f, fore = 0.44f;
    pen.stroke(h.at(0.24f, back), h.at(0.66f, fore), look.ink, line * 1.3f, member);
    // Mouth.
    switch (face) {
    case Face::Calm: pen.stroke(h.at(0.46f, -0.42f), h.at(0.68f, -0.4f), look.ink, line * 0.8f, member); break;
    case Face::Guard: pen.stroke(h.at(0.42f, -0.44f), h.at(0.68f, -0.38f), look.ink, line, member); break;
    case Face::Effort: {  // gritted teeth
        pen.add(Kind::Polygon, {h.at(0.38f, -0.34f), h.at(0.66f, -0.34f), h.at(0.66f, -0.5f), h.at(0.38f, -0.5f)},
                kWhite, look.ink, 1.f, member);
        pen.stroke(h.at(0.38f, -0.42f), h.at(0.66f, -0.42f), look.ink, 1.f, member);
        break;
    }
    case Face::Hurt:
    case Face::Down:
        pen.add(Kind::Polygon, headEllipse(h, 0.52f, -0.44f, 0.13f, face == Face::Hurt ? 0.14f : 0.09f, 10),
                Rgba{90, 20, 30, 255}, look.ink, 1.f, member);
        break;
    }
}

/// A band across a round part (the head, or the waist's disc) between heights u0 and u1 (shares of its radius),
/// edge to edge.
std::vector<Vec> band(const HeadFrame& h, float u0, float u1) {
    std::vector<Vec> pts;
    const float hs[3] = {u0, (u0 + u1) / 2.f, u1};
    for (float u : hs) pts.push_back(h.c + h.up * (u * h.r) + h.fw * (h.halfWidth(u * h.r) * 0.97f));
    for (int i = 2; i >= 0; --i) pts.push_back(h.c + h.up * (hs[i] * h.r) - h.fw * (h.halfWidth(hs[i] * h.r) * 0.97f));
    return pts;
}

/// A ribbon along points (pixels already mapped by the pen) from width w0 to w1 pixels: an ink strip under a
/// coloured one.
void addRibbon(RigPen& pen, const std::array<Point, kChainLinks + 1>& world, float w0, float w1, Rgba c, Rgba ink) {
    std::array<Point, kChainLinks + 1> p{};
    for (std::size_t i = 0; i < p.size(); ++i) p[i] = pen.v.point(world[i].x, world[i].y);
    for (int layer = 0; layer < 2; ++layer) {
        Shape s;
        s.kind = Kind::Strip;
        s.role = Role::Body;
        s.player = pen.player;
        s.fill = layer == 0 ? ink : c;
        s.points.reserve(2 * p.size());
        for (std::size_t i = 0; i < p.size(); ++i) {
            const Point a = p[i == 0 ? 0 : i - 1], b = p[i + 1 < p.size() ? i + 1 : i];
            const float dx = b.x - a.x, dy = b.y - a.y, l = std::max(1e-3f, std::sqrt(dx * dx + dy * dy));
            const float t = float(i) / float(p.size() - 1);
            const float w = (w0 + (w1 - w0) * t) / 2.f + (layer == 0 ? 1.2f : 0.f);
            s.points.push_back({p[i].x - dy / l * w, p[i].y + dx / l * w});
            s.points.push_back({p[i].x + dy / l * w, p[i].y - dx / l * w});
        }
        pen.out.shapes.push_back(std::move(s));
    }
}

/// Where a chain hangs and which way it falls at rest, in world units.
struct ChainRest {
    Point anchor;
    Point dir;  // unit
    float link = 6.f;
};

/// Steps a chain towards its rest shape under gravity: Verlet with damping, a pull towards the rest shape, then the
/// links' lengths restored from the anchor out.
void stepChain(SpringChain& c, const ChainRest& r) {
    c.at[0] = r.anchor;
    c.before[0] = r.anchor;
    for (std::size_t i = 1; i < c.at.size(); ++i) {
        const Point p = c.at[i];
        const Point rest{r.anchor.x + r.dir.x * r.link * float(i), r.anchor.y + r.dir.y * r.link * float(i)};
        c.at[i].x += (p.x - c.before[i].x) * 0.8f + (rest.x - p.x) * 0.1f;
        c.at[i].y += (p.y - c.before[i].y) * 0.8f + (rest.y - p.y) * 0.1f - 0.35f;
        c.before[i] = p;
    }
    for (std::size_t i = 1; i < c.at.size(); ++i) {
        const float dx = c.at[i].x - c.at[i - 1].x, dy = c.at[i].y - c.at[i - 1].y;
        const float l = std::sqrt(dx * dx + dy * dy);
        if (l < 1e-4f) {
            c.at[i] = {c.at[i - 1].x + r.dir.x * r.link, c.at[i - 1].y + r.dir.y * r.link};
        } else {
            c.at[i] = {c.at[i - 1].x + dx / l * r.link, c.at[i - 1].y + dy / l * r.link};
        }
        c.at[i].y = std::max(c.at[i].y, 1.f);  // lies on the floor, never through it
    }
}

void restChain(SpringChain& c, const ChainRest& r) {
    for (std::size_t i = 0; i < c.at.size(); ++i) {
        c.at[i] = {r.anchor.x + r.dir.x * r.link * float(i), std::max(1.f, r.anchor.y + r.dir.y * r.link * float(i))};
        c.before[i] = c.at[i];
    }
}

/// True when a chain is far from its anchor (the fighter jumped across the stage: a new round, a seek).
bool torn(const SpringChain& c, const ChainRest& r) {
    const float dx = c.at[1].x - r.anchor.x, dy = c.at[1].y - r.anchor.y;
    return dx * dx + dy * dy > 16.f * r.link * r.link;
}

/// One rigged fighter drawn into a DrawList: the bones placed in the fighter's frame, the head's and the waist's
/// frames, the chains (ribbons, ponytail) where they hang, then the shapes from the back to the front.
class RigPainter {
public:
    RigPainter(DrawList& out, const View& v, const RigLook& look, int x, int y, int facing, int player)
        : v_(v), look_(look), pen_{out, v, float(x), float(y), float(facing < 0 ? -1 : 1), player}, x_(float(x)),
          y_(float(y)), fwd_(facing < 0 ? -1.f : 1.f) {}

    void place(const sim::SkeletonDef& skel, const sim::BonePlacement* placed, int count);
    void hang(long ticks, SecondaryMotion* motion);
    void paint();

private:
    Point world(Vec p) const { return Point{x_ + fwd_ * p.x, y_ + p.y}; }
    Point worldDir(Vec p) const { return Point{fwd_ * p.x, p.y}; }
    const Placed& bone(int i) const { return bones_[std::size_t(i)]; }
    const SpringChain& chain(std::size_t c) const { return motion_ != nullptr ? motion_->chains[c] : scratch_[c]; }
    void frameHead();
    void frameWaist();
    void drawBone(const Placed& b, Rgba fill);
    Rgba limbColor(const Placed& b) const;
    void drawLimbs(int side, bool legs);
    void drawBody();
    void drawHead();

    const View& v_;
    const RigLook& look_;
    RigPen pen_;
    float x_, y_, fwd_;
    std::array<Placed, sim::kMaxBones> bones_{};
    int count_ = 0, head_ = -1, neck_ = -1, hip_ = -1, spine_ = -1;
    HeadFrame hf_, waist_;             // the waist: the belt goes round the disc at the hip's end
    std::array<ChainRest, 3> rest_{};  // where each chain hangs this frame
    std::array<bool, 3> has_{};
    SpringChain scratch_[3];
    SecondaryMotion* motion_ = nullptr;
};

void RigPainter::place(const sim::SkeletonDef& skel, const sim::BonePlacement* placed, int count) {
    count_ = count;
    constexpr float kQ = 1.f / float(1 << sim::kPosShift);
    for (int i = 0; i < count; ++i) {
        const auto k = std::size_t(i);
        Placed& b = bones_[k];
        b.a = {float(placed[i].x0) * kQ, float(placed[i].y0) * kQ};
        b.b = {float(placed[i].x1) * kQ, float(placed[i].y1) * kQ};
        b.len = length(b.b - b.a);
        b.u = unit(b.b - b.a, {0.f, 1.f});
        b.radius = float(skel.bones[k].radius);
        b.kind = kindOf(skel.bones[k].name);
        if (b.kind.bone == Bone::Head) head_ = i;
        if (b.kind.bone == Bone::Neck) neck_ = i;
        if (b.kind.bone == Bone::Hip) hip_ = i;
        if (b.kind.bone == Bone::Spine) spine_ = i;
    }
    for (std::size_t m = 0; m < skel.memberBones.size(); ++m) {
        for (int i : skel.memberBones[m]) {
            if (i >= 0 && i < count && bones_[std::size_t(i)].member < 0) bones_[std::size_t(i)].member = int(m);
        }
    }
    frameHead();
    frameWaist();
}

void RigPainter::frameHead() {
    if (head_ < 0) return;
    const Placed& hb = bone(head_);
    hf_.up = hb.u;
    hf_.fw = front(hb.u);
    hf_.c = (hb.a + hb.b) * 0.5f;
    hf_.half = hb.len / 2.f;
    hf_.r = std::max(0.5f, hb.radius - inset(v_, lineWidth(v_, hb.radius)));
    const Vec anchor = look_.hasHair ? hf_.at(-0.75f, 0.55f) : hf_.at(-0.85f, 0.38f);
    const Vec dir = look_.hasHair ? hf_.fw * -0.45f + hf_.up * -0.9f : hf_.fw * -0.9f + hf_.up * -0.3f;
    rest_[0] = {world(anchor), worldDir(unit(dir, {-1.f, 0.f})),
                std::max(3.f, hb.radius * (look_.hasHair ? 0.42f : 0.38f))};
    has_[0] = true;
}

/// The belt's disc: the hip's or the spine's capsule at the hip's end, whichever is wider; the belt's tails hang
/// from a knot at its front.
void RigPainter::frameWaist() {
    if (hip_ < 0) return;
    const Placed& h = bone(hip_);
    float t0 = 1.f, t1 = 1.f;
    taperOf(Bone::Hip, t0, t1);
    waist_.c = h.b;
    waist_.up = h.u;
    waist_.fw = front(h.u);
    waist_.r = h.radius * t1 - inset(v_, lineWidth(v_, h.radius));
    if (spine_ >= 0) {
        const Placed& s = bone(spine_);
        taperOf(Bone::Spine, t0, t1);
        if (length(s.a - h.b) < 1e-3f)
            waist_.r = std::max(waist_.r, s.radius * t0 - inset(v_, lineWidth(v_, s.radius)));
    }
    waist_.r *= 0.92f;  // the belt's own outline stays inside
    const Vec knot = waist_.at(0.75f, -0.24f);
    const Vec down = h.u * -1.f;
    rest_[1] = {world(knot), worldDir(unit(down + front(h.u) * 0.35f, {0.f, -1.f})), std::max(2.f, waist_.r * 0.2f)};
    rest_[2] = {world(knot), worldDir(unit(down + front(h.u) * 0.05f, {0.f, -1.f})), std::max(2.f, waist_.r * 0.24f)};
    has_[1] = has_[2] = true;
}

/// Steps the chains from where `motion` left them to `ticks` (or places them at rest).
void RigPainter::hang(long ticks, SecondaryMotion* motion) {
    motion_ = motion;
    for (std::size_t c = 0; c < 3; ++c) {
        if (!has_[c]) continue;
        if (motion == nullptr) {
            restChain(scratch_[c], rest_[c]);
            continue;
        }
        SpringChain& ch = motion->chains[c];
        if (!motion->live || ticks < motion->tick || ticks - motion->tick > 30 || torn(ch, rest_[c])) {
            restChain(ch, rest_[c]);
        } else {
            for (long s = motion->tick; s < ticks && s < motion->tick + 4; ++s) stepChain(ch, rest_[c]);
        }
    }
    if (motion != nullptr) {
        motion->live = true;
        motion->tick = ticks;
    }
}

void RigPainter::drawBone(const Placed& b, Rgba fill) {
    float t0 = 1.f, t1 = 1.f;
    taperOf(b.kind.bone, t0, t1);
    const float lw = lineWidth(v_, b.radius), in = inset(v_, lw);
    const float r0 = std::max(0.3f, b.radius * t0 - in), r1 = std::max(0.3f, b.radius * t1 - in);
    pen_.add(Kind::Polygon, capsule(b.a, b.b, r0, r1), fill, look_.ink, lw, b.member);
}

Rgba RigPainter::limbColor(const Placed& b) const {
    Rgba c = look_.cloth;
    if (b.kind.bone == Bone::Hand || b.kind.bone == Bone::Foot) c = look_.skin;
    if (b.kind.bone == Bone::Thigh || b.kind.bone == Bone::Shin) c = shade(look_.cloth, 0.92f);
    return b.kind.side < 0 ? shade(c, 0.72f) : c;  // the far limbs sit in shadow
}

void RigPainter::drawLimbs(int side, bool legs) {
    for (int i = 0; i < count_; ++i) {
        const Placed& b = bone(i);
        const bool leg = b.kind.bone == Bone::Thigh || b.kind.bone == Bone::Shin || b.kind.bone == Bone::Foot;
        if (b.kind.side == side && leg == legs) drawBone(b, limbColor(b));
    }
}

/// The body: hip, spine and any bones the standard does not name, then the collar, the belt and its tails.
void RigPainter::drawBody() {
    for (int i = 0; i < count_; ++i) {
        const Placed& b = bone(i);
        if (b.kind.bone == Bone::Hip || b.kind.bone == Bone::Spine) drawBone(b, look_.cloth);
        if (b.kind.bone == Bone::Other) drawBone(b, look_.cloth);
    }
    if (spine_ >= 0) {  // the gi's open collar: a V of skin at the front of the chest (no outline: sharp corners)
        const Placed& s = bone(spine_);
        const float r = s.radius - inset(v_, lineWidth(v_, s.radius));
        const Vec f = front(s.u);
        pen_.add(Kind::Polygon,
                 {s.a + s.u * (s.len * 0.97f) + f * (r * 0.05f), s.a + s.u * (s.len * 0.97f) + f * (r * 0.7f),
                  s.a + s.u * (s.len * 0.55f) + f * (r * 0.42f)},
                 shade(look_.skin, 0.92f), kNoColour, 0.f, s.member);
    }
    if (hip_ >= 0) pen_.add(Kind::Polygon, band(waist_, -0.4f, -0.08f), look_.trim, look_.ink, 1.f, bone(hip_).member);
    if (has_[1]) {
        const float w = std::max(2.f, waist_.r * v_.scale * 0.16f);
        addRibbon(pen_, chain(1).at, w, w * 0.8f, look_.trim, look_.ink);
        addRibbon(pen_, chain(2).at, w, w * 0.8f, look_.trim, look_.ink);
    }
}

void RigPainter::drawHead() {
    if (head_ < 0) return;
    const Placed& hb = bone(head_);
    drawBone(hb, look_.skin);
    if (look_.hasHair) {  // hair over the crown and the back of the head
        std::vector<Vec> cap;
        const Vec top = hf_.c + hf_.up * hf_.half;
        const float upA = std::atan2(hf_.up.y, hf_.up.x), fwA = std::atan2(hf_.fw.y, hf_.fw.x);
        float turn = upA - fwA;  // the crown from a little in front of the top round to the back
        while (turn > kPi) turn -= 2.f * kPi;
        while (turn < -kPi) turn += 2.f * kPi;
        const float from = upA - turn * 0.45f, to = upA + turn * 1.2f;
        arc(cap, top, hf_.r * 0.96f, std::min(from, to), std::max(from, to), 9);
        pen_.add(Kind::Polygon, cap, look_.hair, look_.ink, 1.f, hb.member);
    } else {
        pen_.add(Kind::Polygon, band(hf_, 0.3f, 0.55f), look_.trim, look_.ink, 1.f, hb.member);
    }
    addFace(pen_, hf_, look_, hb.member);
}

/// From the back to the front: the head's tail, the far legs and arm, the neck, the body, the head, the near limbs.
void RigPainter::paint() {
    if (has_[0]) {
        const float w = std::max(2.f, bone(head_).radius * v_.scale * (look_.hasHair ? 0.55f : 0.35f));
        addRibbon(pen_, chain(0).at, w, w * (look_.hasHair ? 0.35f : 0.8f), look_.hasHair ? look_.hair : look_.trim,
                  look_.ink);
    }
    drawLimbs(-1, true);
    drawLimbs(-1, false);
    if (neck_ >= 0) drawBone(bone(neck_), shade(look_.skin, 0.85f));  // behind the chest: only its top shows
    drawBody();
    drawHead();
    drawLimbs(1, true);
    drawLimbs(1, false);
}

}  // namespace

void addRig(DrawList& out, const View& v, const sim::SkeletonDef& skel, const sim::BonePlacement* placed, int count,
            int x, int y, int facing, const RigLook& look, int player, long ticks, SecondaryMotion* motion) {
    count = std::min(count, std::min(int(skel.bones.size()), sim::kMaxBones));
    if (count <= 0) return;
    RigPainter painter(out, v, look, x, y, facing, player);
    painter.place(skel, placed, count);
    painter.hang(ticks, motion);
    painter.paint();
}

}  // namespace view
