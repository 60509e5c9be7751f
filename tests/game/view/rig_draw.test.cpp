// Rigged fighters drawn from their bones (game/view/rig_draw.h): every shape a bone emits, its outline included,
// lies inside its member's hurtbox (the union of the member's capsule bounds, as the simulation computes it), for
// standing, striking, kicking and lying poses, facing either way and at the camera's zooms; the face looks the way
// the fighter faces; the back limbs are painted before the body and the front ones after it; the spring chains
// belong to no member, start at rest after a reset and trail a fighter that moves.
//
// The skeleton here is made by hand (the standard bone names of the rig's contract) so the drawing is tested on
// its own; the member boxes come from sim::memberBox, mirrored for facing left exactly as the simulation mirrors a
// box (x' = origin - x).
#include "game/io/fighter_file.h"
#include "game/view/rig_draw.h"
#include "test_paths.h"

#include <doctest/doctest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

namespace {

struct Rig {
    sim::SkeletonDef skel;
    std::vector<std::string> members;
};

int addBone(sim::SkeletonDef& s, const char* name, const char* parent, int length, int radius, bool fromStart = false) {
    sim::BoneDef b;
    b.name = name;
    b.parent = parent[0] == '-' ? -1 : s.bone(parent);
    b.fromStart = fromStart;
    b.length = length;
    b.radius = radius;
    s.bones.push_back(b);
    return int(s.bones.size()) - 1;
}

/// A balanced fighter with the rig contract's bones and members.
Rig makeRig() {
    Rig r;
    sim::SkeletonDef& s = r.skel;
    addBone(s, "hip", "-", 26, 20);
    addBone(s, "spine", "hip", 48, 24);
    addBone(s, "neck", "spine", 10, 7);
    addBone(s, "head", "neck", 10, 16);
    for (const char* side : {"f", "b"}) {
        const std::string f = side;
        addBone(s, ("upperarm-" + f).c_str(), "spine", 30, 9);
        addBone(s, ("forearm-" + f).c_str(), ("upperarm-" + f).c_str(), 28, 8);
        addBone(s, ("hand-" + f).c_str(), ("forearm-" + f).c_str(), 8, 8);
        addBone(s, ("thigh-" + f).c_str(), "hip", 46, 12, true);
        addBone(s, ("shin-" + f).c_str(), ("thigh-" + f).c_str(), 44, 10);
        addBone(s, ("foot-" + f).c_str(), ("shin-" + f).c_str(), 18, 6);
    }
    const auto bones = [&](std::initializer_list<const char*> names) {
        std::vector<int> out;
        for (const char* n : names) out.push_back(s.bone(n));
        return out;
    };
    r.members = {"head", "torso", "arm-front", "arm-back", "leg-front", "leg-back"};
    s.memberBones = {bones({"neck", "head"}),
                     bones({"hip", "spine"}),
                     bones({"upperarm-f", "forearm-f", "hand-f"}),
                     bones({"upperarm-b", "forearm-b", "hand-b"}),
                     bones({"thigh-f", "shin-f", "foot-f"}),
                     bones({"thigh-b", "shin-b", "foot-b"})};
    return r;
}

/// A pose from (bone, degrees relative to its parent) pairs.
sim::Pose pose(const Rig& r, int rootX, int rootY, std::initializer_list<std::pair<const char*, int>> angles) {
    sim::Pose p;
    p.rootX = rootX;
    p.rootY = rootY;
    for (const auto& [name, deg] : angles) {
        const int b = r.skel.bone(name);
        REQUIRE(b >= 0);
        p.angle[std::size_t(b)] = sim::degreesToAngle(deg);
    }
    return p;
}

std::vector<sim::Pose> poses(const Rig& r) {
    return {
        // standing guard: hip up, legs apart down to the floor, fists up
        pose(r, 0, 88,
             {{"hip", 90},
              {"spine", 5},
              {"neck", -5},
              {"head", 0},
              {"upperarm-f", -150},
              {"forearm-f", 120},
              {"hand-f", 0},
              {"upperarm-b", -165},
              {"forearm-b", 130},
              {"thigh-f", 165},
              {"shin-f", 0},
              {"foot-f", 90},
              {"thigh-b", -165},
              {"shin-b", 0},
              {"foot-b", 90}}),
        // a straight punch: the front arm level and forward, the body leaning in
        pose(r, 4, 84,
             {{"hip", 80},
              {"spine", 10},
              {"neck", -10},
              {"upperarm-f", -90},
              {"forearm-f", 0},
              {"hand-f", 0},
              {"upperarm-b", -160},
              {"forearm-b", 140},
              {"thigh-f", 150},
              {"shin-f", 20},
              {"foot-f", 70},
              {"thigh-b", -150},
              {"shin-b", -10},
              {"foot-b", 100}}),
        // a high kick: the front leg up and forward, the body leaning back
        pose(r, 0, 90,
             {{"hip", 110},
              {"spine", -10},
              {"upperarm-f", -130},
              {"forearm-f", 100},
              {"upperarm-b", 170},
              {"forearm-b", 30},
              {"thigh-f", 120},
              {"shin-f", 10},
              {"foot-f", 30},
              {"thigh-b", -160},
              {"shin-b", 5},
              {"foot-b", 95}}),
        // lying on the back after a knockdown: the hip points back, everything flat
        pose(r, 30, 16,
             {{"hip", 180},
              {"spine", 0},
              {"neck", 10},
              {"head", 10},
              {"upperarm-f", 150},
              {"forearm-f", 20},
              {"upperarm-b", -160},
              {"forearm-b", -10},
              {"thigh-f", 170},
              {"shin-f", 10},
              {"foot-f", 80},
              {"thigh-b", -175},
              {"shin-b", 0},
              {"foot-b", 90}}),
    };
}

/// The member's box in the world, as the simulation places it for a fighter at (x, y) facing `facing`.
engine::AABB worldBox(const Rig& r, const std::vector<sim::BonePlacement>& placed, int member, int x, int y,
                      int facing) {
    const engine::AABB b = sim::memberBox(r.skel, placed, member);
    if (facing > 0) return {x + b.minX, y + b.minY, x + b.maxX, y + b.maxY};
    return {x - b.maxX, y + b.minY, x - b.minX, y + b.maxY};
}

view::Point sub(view::Point a, view::Point b) { return {a.x - b.x, a.y - b.y}; }
view::Point unitNormal(view::Point a, view::Point b) {  // SFML's computeNormal
    view::Point n{a.y - b.y, b.x - a.x};
    const float l = std::sqrt(n.x * n.x + n.y * n.y);
    return l > 0.f ? view::Point{n.x / l, n.y / l} : n;
}

/// Every pixel point a shape paints reaches: a polygon's corners and its outline's outer corners (as SFML 2.5's
/// Shape::updateOutline places them: the two edges' outward normals, divided by 1 + their dot product, times the
/// thickness, outward from the bounding box's centre), a line's quads, a strip's points.
std::vector<view::Point> paintedPoints(const view::Shape& s) {
    std::vector<view::Point> out;
    const std::size_t n = s.points.size();
    if (s.kind == view::Kind::Line) {
        for (std::size_t i = 1; i < n; ++i) {
            const view::Point a = s.points[i - 1], b = s.points[i], nn = unitNormal(a, b);
            const float h = s.thickness / 2.f;
            for (const view::Point p : {a, b}) {
                out.push_back({p.x + nn.x * h, p.y + nn.y * h});
                out.push_back({p.x - nn.x * h, p.y - nn.y * h});
            }
        }
        return out;
    }
    out = s.points;
    if (s.kind != view::Kind::Polygon || s.thickness <= 0.f || n < 3) return out;
    float minX = s.points[0].x, maxX = minX, minY = s.points[0].y, maxY = minY;
    for (const view::Point& p : s.points) {
        minX = std::min(minX, p.x), maxX = std::max(maxX, p.x), minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
    }
    const view::Point centre{(minX + maxX) / 2.f, (minY + maxY) / 2.f};
    for (std::size_t i = 0; i < n; ++i) {
        const view::Point p0 = s.points[(i + n - 1) % n], p1 = s.points[i], p2 = s.points[(i + 1) % n];
        view::Point n1 = unitNormal(p0, p1), n2 = unitNormal(p1, p2);
        const view::Point toCentre = sub(centre, p1);
        if (n1.x * toCentre.x + n1.y * toCentre.y > 0.f) n1 = {-n1.x, -n1.y};
        if (n2.x * toCentre.x + n2.y * toCentre.y > 0.f) n2 = {-n2.x, -n2.y};
        const float factor = 1.f + n1.x * n2.x + n1.y * n2.y;
        out.push_back({p1.x + (n1.x + n2.x) / factor * s.thickness, p1.y + (n1.y + n2.y) / factor * s.thickness});
    }
    return out;
}

struct Drawn {
    view::DrawList list;
    std::vector<sim::BonePlacement> placed;
};

Drawn draw(const Rig& r, const sim::Pose& p, const view::View& v, int x, int y, int facing, const view::RigLook& look,
           long ticks = 0, view::SecondaryMotion* motion = nullptr) {
    Drawn d;
    d.placed = sim::placeBones(r.skel, p);
    view::addRig(d.list, v, r.skel, d.placed.data(), int(d.placed.size()), x, y, facing, look, 0, ticks, motion);
    return d;
}

}  // namespace

TEST_CASE("Every shape of a rigged fighter's limb lies inside its member's hurtbox, outline included") {
    const Rig r = makeRig();
    view::View zoomed;  // the camera's closest shot: 1.5 pixels a unit
    zoomed.scale = 1.5f;
    zoomed.originX = -300.f;
    zoomed.groundY = 600.f;
    int checked = 0;
    for (const view::View& v : {view::View{}, zoomed}) {
        for (const int facing : {1, -1}) {
            for (std::size_t k = 0; k < poses(r).size(); ++k) {
                for (const view::Face face :
                     {view::Face::Calm, view::Face::Effort, view::Face::Hurt, view::Face::Down}) {
                    for (const bool hair : {false, true}) {
                        view::RigLook look;
                        look.face = face;
                        look.hasHair = hair;
                        const int x = 500, y = k == 2 ? 40 : 0;
                        const Drawn d = draw(r, poses(r)[k], v, x, y, facing, look);
                        std::vector<int> perMember(r.members.size(), 0);
                        for (const view::Shape& s : d.list.shapes) {
                            if (s.member < 0) continue;
                            REQUIRE(s.member < int(r.members.size()));
                            ++perMember[std::size_t(s.member)];
                            const view::Rect box = view::rectOf(v, worldBox(r, d.placed, s.member, x, y, facing));
                            for (const view::Point& p : paintedPoints(s)) {
                                INFO("pose " << k << " facing " << facing << " scale " << v.scale << " member "
                                             << r.members[std::size_t(s.member)] << " point " << p.x << "," << p.y
                                             << " box " << box.left << "," << box.top << " " << box.width << "x"
                                             << box.height);
                                CHECK(p.x >= box.left - 1e-3f);
                                CHECK(p.x <= box.left + box.width + 1e-3f);
                                CHECK(p.y >= box.top - 1e-3f);
                                CHECK(p.y <= box.top + box.height + 1e-3f);
                                ++checked;
                            }
                        }
                        for (std::size_t m = 0; m < perMember.size(); ++m) {
                            INFO("member " << r.members[m] << " pose " << k);
                            CHECK(perMember[m] > 0);  // every member is drawn
                        }
                    }
                }
            }
        }
    }
    CHECK(checked > 10000);
}

TEST_CASE("A grown outline would leave the box: the check above can fail") {
    // The same check on a head whose outline is made thicker by hand than the drawing allows: its outer corners
    // pass the box, so the containment test is not vacuous.
    const Rig r = makeRig();
    const view::View v;
    Drawn d = draw(r, poses(r)[0], v, 400, 0, 1, view::RigLook{});
    bool left = false;
    for (view::Shape& s : d.list.shapes) {
        if (s.member != 0 || s.kind != view::Kind::Polygon) continue;
        s.thickness += 6.f;
        const view::Rect box = view::rectOf(v, worldBox(r, d.placed, 0, 400, 0, 1));
        for (const view::Point& p : paintedPoints(s))
            left = left || p.y < box.top - 1e-3f || p.x > box.left + box.width + 1e-3f;
    }
    CHECK(left);
}

TEST_CASE("The face is on the side the fighter faces, and mirrored with it") {
    const Rig r = makeRig();
    const view::View v;
    for (const int facing : {1, -1}) {
        const Drawn d = draw(r, poses(r)[0], v, 600, 0, facing, view::RigLook{});
        // The head member's first shape is the head itself; the ones after it (the headband aside) are the face.
        float headX = 0.f, faceX = 0.f;
        int seen = 0, faceShapes = 0;
        for (const view::Shape& s : d.list.shapes) {
            if (s.member != 0) continue;
            float cx = 0.f;
            for (const view::Point& p : s.points) cx += p.x / float(s.points.size());
            if (seen == 1) headX = cx;                 // [0] the neck, [1] the head
            if (seen >= 3) faceX += cx, ++faceShapes;  // [2] the headband, then the face
            ++seen;
        }
        REQUIRE(faceShapes >= 3);
        faceX /= float(faceShapes);
        INFO("facing " << facing << " head " << headX << " face " << faceX);
        CHECK((faceX - headX) * float(facing) > 3.f);
    }
}

TEST_CASE("Back limbs are painted before the body and front limbs after the head") {
    const Rig r = makeRig();
    const Drawn d = draw(r, poses(r)[1], view::View{}, 500, 0, -1, view::RigLook{});
    int firstTorso = -1, lastTorso = -1, lastHead = -1, lastBack = -1, firstFront = -1;
    for (int i = 0; i < int(d.list.shapes.size()); ++i) {
        const int m = d.list.shapes[std::size_t(i)].member;
        if (m == 1 && firstTorso < 0) firstTorso = i;
        if (m == 1) lastTorso = i;
        if (m == 0) lastHead = i;
        if (m == 3 || m == 5) lastBack = i;
        if ((m == 2 || m == 4) && firstFront < 0) firstFront = i;
    }
    CHECK(lastBack < firstTorso);
    CHECK(lastTorso < firstFront);
    CHECK(lastHead < firstFront);
}

TEST_CASE("Spring chains: no member, at rest after a reset, trailing a fighter that jumps, the same with no state") {
    const Rig r = makeRig();
    const view::View v;
    view::SecondaryMotion motion;
    const auto chainShapes = [](const view::DrawList& l) {
        std::vector<view::Shape> out;
        for (const view::Shape& s : l.shapes) {
            if (s.kind == view::Kind::Strip) out.push_back(s);
        }
        return out;
    };
    const Drawn rest = draw(r, poses(r)[0], v, 500, 0, 1, view::RigLook{}, 100, nullptr);
    const Drawn first = draw(r, poses(r)[0], v, 500, 0, 1, view::RigLook{}, 100, &motion);
    const std::vector<view::Shape> a = chainShapes(rest.list), b = chainShapes(first.list);
    REQUIRE(a.size() == 6);  // headband tail and two belt ends, each an ink strip under a coloured one
    REQUIRE(b.size() == a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].member == -1);
        for (std::size_t k = 0; k < a[i].points.size(); ++k) {
            CHECK(a[i].points[k].x == doctest::Approx(b[i].points[k].x));
            CHECK(a[i].points[k].y == doctest::Approx(b[i].points[k].y));
        }
    }
    // The fighter rises 10 units a tick for 3 ticks (a jump): the tail's tip lags below its rest place.
    Drawn moved = first;
    for (int t = 1; t <= 3; ++t) moved = draw(r, poses(r)[0], v, 500, 10 * t, 1, view::RigLook{}, 100 + t, &motion);
    const Drawn movedRest = draw(r, poses(r)[0], v, 500, 30, 1, view::RigLook{}, 103, nullptr);
    const float tip = chainShapes(moved.list)[1].points.back().y,
                restTip = chainShapes(movedRest.list)[1].points.back().y;
    CHECK(tip > restTip + 2.f);  // pixels: y down
    // After a reset the chains start at rest again.
    motion.reset();
    const Drawn again = draw(r, poses(r)[0], v, 500, 30, 1, view::RigLook{}, 104, &motion);
    CHECK(chainShapes(again.list)[1].points.back().y == doctest::Approx(restTip));
}

namespace {

sim::FighterDef shipped(const std::string& id) {
    sim::FighterLoad load = sim::loadFighterById(testpaths::data(), id);
    REQUIRE_MESSAGE(load.ok, load.error.text());
    return load.def;
}

/// The rig tests' stick figure (tests/game/rigged): rigged whatever the shipped fighters are.
sim::FighterDef stick() {
    sim::FighterLoad load = sim::loadFighter(std::string(BVH_TEST_SOURCE_DIR) + "/game/rigged/stick.fighter");
    REQUIRE_MESSAGE(load.ok, load.error.text());
    REQUIRE(load.def.rigged());
    return load.def;
}

}  // namespace

TEST_CASE("In a fight of rigged fighters, every drawn limb stays inside the hurtbox the BVH holds") {
    // Two CPUs (level 4) fight for 3000 frames: the test's stick figure against each shipped fighter, and each
    // shipped fighter against the next. Every 4th frame each rigged fighter in a pose not drawn yet (every 32nd
    // frame, any pose) is drawn (at the camera's closest zoom and at 1) and every point its members' shapes paint,
    // outlines included, must lie in that member's leaf box in the fighter's agent BVH: what the overlay outlines.
    const std::vector<std::string> ids = {"ryo", "brick", "tasha", "nova"};
    std::vector<std::pair<sim::FighterDef, sim::FighterDef>> pairs;
    for (std::size_t a = 0; a < ids.size(); ++a) {
        pairs.push_back({stick(), shipped(ids[a])});
        pairs.push_back({shipped(ids[a]), shipped(ids[(a + 1) % ids.size()])});
    }
    int checked = 0, states = 0;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const sim::FighterDef defs[2] = {pairs[k].first, pairs[k].second};
        if (!defs[0].rigged() && !defs[1].rigged()) continue;
        sim::MatchSetup setup;
        setup.mode = sim::Mode::CpuVsCpu;
        setup.cpuLevel = 4;
        setup.seed = std::uint64_t(7 + k);
        setup.fighter[0] = defs[0].id;
        setup.fighter[1] = defs[1].id;
        sim::Fight fight(setup, defs[0], defs[1]);
        std::set<std::pair<int, int>> seen;  // (player * 1000 + anim, frame) drawn
        view::View zoomed;
        zoomed.scale = 1.5f;
        zoomed.originX = -400.f;
        for (int frame = 0; frame < 3000 && !fight.state().matchOver; ++frame) {
            fight.step(sim::FrameInput{});
            if (frame % 4 != 0) continue;
            for (int p = 0; p < 2; ++p) {
                const sim::FighterState& f = fight.state().fighters[p];
                if (!defs[p].rigged()) continue;
                if (!seen.insert({p * 1000 + f.anim, f.animFrame}).second && frame % 32 != 0) continue;
                for (const view::View& v : {view::View{}, zoomed}) {
                    view::DrawList list;
                    view::addFighter(list, v, defs[p], f, p, frame, false);
                    for (const view::Shape& s : list.shapes) {
                        if (s.member < 0) continue;
                        REQUIRE(s.member < int(f.memberLeaf.size()));
                        const view::Rect box = view::rectOf(v, f.body.node(f.memberLeaf[std::size_t(s.member)]).box);
                        for (const view::Point& pt : paintedPoints(s)) {
                            const bool inside = pt.x >= box.left - 1e-3f && pt.x <= box.left + box.width + 1e-3f &&
                                                pt.y >= box.top - 1e-3f && pt.y <= box.top + box.height + 1e-3f;
                            ++checked;
                            if (inside) continue;
                            INFO(defs[p].id << " (p" << p << ") anim " << defs[p].anims[std::size_t(f.anim)].name
                                            << " frame " << f.animFrame << " member "
                                            << defs[p].members[std::size_t(s.member)].name << " point " << pt.x << ","
                                            << pt.y << " box " << box.left << "," << box.top << " " << box.width << "x"
                                            << box.height);
                            CHECK(inside);
                        }
                    }
                }
            }
        }
        states += int(seen.size());
    }
    CHECK(states > 100);  // many poses, not one idle frame
    CHECK(checked > 100000);
}

TEST_CASE("An old-format fighter is still drawn from its member boxes: rounded boxes, no bones, no chains") {
    // Ryo with his skeleton dropped is an old-format fighter (members with boxes only): each limb and the torso is
    // a rounded rectangle exactly on its member's box, as before the rig; no shape is tagged with a member and no
    // spring chain (a Strip) is drawn.
    sim::FighterDef defs[2] = {shipped("ryo"), shipped("brick")};
    for (sim::FighterDef& d : defs) d.skeleton = sim::SkeletonDef{};
    sim::MatchSetup setup;
    setup.fighter[0] = "ryo";
    setup.fighter[1] = "brick";
    setup.startX[0] = 400;
    setup.startX[1] = 600;
    sim::Fight fight(setup, defs[0], defs[1]);
    fight.step(sim::FrameInput{});
    const view::View v;
    view::DrawList list;
    view::addFighter(list, v, defs[0], fight.state().fighters[0], 0, 0, false);
    const sim::FighterState& f = fight.state().fighters[0];
    for (const view::Shape& s : list.shapes) {
        CHECK(s.member == -1);
        CHECK(s.kind != view::Kind::Strip);
    }
    for (const char* name : {"torso", "arm-front", "arm-back", "leg-front", "leg-back"}) {
        const int m = defs[0].member(name);
        REQUIRE(m >= 0);
        const view::Rect r = view::rectOf(v, f.body.node(f.memberLeaf[std::size_t(m)]).box);
        bool found = false;
        for (const view::Shape& s : list.shapes) {
            if (s.role != view::Role::Body || s.kind != view::Kind::Polygon) continue;
            float minX = 1e9f, maxX = -1e9f, minY = 1e9f, maxY = -1e9f;
            for (const view::Point& p : s.points) {
                minX = std::min(minX, p.x), maxX = std::max(maxX, p.x), minY = std::min(minY, p.y),
                maxY = std::max(maxY, p.y);
            }
            const auto near = [](float a, float b) { return std::fabs(a - b) < 0.01f; };
            found = found || (near(minX, r.left) && near(maxX, r.left + r.width) && near(minY, r.top) &&
                              near(maxY, r.top + r.height));
        }
        INFO(name);
        CHECK(found);
    }
}
