#pragma once
// The picture of a fight as plain data: a list of filled and outlined polygons, lines and gradient bands in window
// pixels, built from the fight's state (stage, both fighters from their bones or hurtboxes, fireballs, impact
// flashes and the hitbox overlay: BVH branches by depth, hurt, attack, throw and push boxes, the nodes the last
// query tested).
//
// Why a list and not draw calls: the SFML game and the browser viewer (a canvas) must show the same figures from
// the same state, so the shapes are decided once, here, with no SFML and no I/O, and each front end only paints
// polygons. Each shape carries its role (what it shows) and, for branches, the BVH depth, so a painter or a test
// can pick out the overlay without knowing how a figure is built. Curves are already cut into points (a circle
// is 24, a rounded corner 6), so every painter gets exactly the same outline.
#include "game/sim/fight.h"

#include <cstdint>
#include <string>
#include <vector>

namespace view {

struct SecondaryMotion;  // rig_draw.h

/// An 8-bit RGBA colour.
struct Rgba {
    std::uint8_t r = 0, g = 0, b = 0, a = 255;  ///< channels
};
/// A fill or outline that is not drawn.
inline constexpr Rgba kNoColour{0, 0, 0, 0};
/// The colour scaled towards black (f < 1) or white (f > 1), its alpha kept.
Rgba shade(Rgba c, float f);
/// Pi, as the figures' float geometry uses it.
inline constexpr float kPi = 3.14159265358979f;

/// A point in window pixels (y down).
struct Point {
    float x = 0.f, y = 0.f;  ///< pixels
};

/// How a shape is painted.
enum class Kind : std::uint8_t {
    Polygon,   ///< closed polygon: filled with `fill`, outlined with `line` at `thickness` (0 = no outline)
    Line,      ///< open polyline in `line` colour, `thickness` pixels wide
    Gradient,  ///< axis-aligned box points[0]..points[1], `fill` at the top blending to `line` at the bottom
    Strip,     ///< triangle strip (points alternate along two edges), filled with `fill`: shapes no fan can fill
};

/// What a shape shows (painters may hide roles; the overlay toggle hides every role from Branch on).
enum class Role : std::uint8_t {
    Stage,
    Shadow,
    Body,
    Swoosh,
    Projectile,
    Effect,  // the picture
    Branch,
    QueryHit,
    QueryMiss,
    Hurt,
    Push,
    Attack,
    Throw,
    ProjectileBox  // the overlay
};

/// Number of roles (for tables indexed by role).
constexpr int kRoleCount = int(Role::ProjectileBox) + 1;
/// Lower-case name of a role ("branch", "hurt", ...).
const char* roleName(Role r);
/// True for the roles the hitbox overlay adds.
inline bool isOverlay(Role r) { return r >= Role::Branch; }

/// One shape.
struct Shape {
    Kind kind = Kind::Polygon;  ///< how to paint it
    Role role = Role::Stage;    ///< what it shows
    int player = -1;            ///< fighter it belongs to (0, 1) or -1
    int depth = -1;             ///< Branch: depth of the BVH node (root 0); else -1
    int member = -1;            ///< Body of a rigged fighter: the member (FighterDef::members index) whose box it
                                ///< lies in; -1 for everything else (old-format bodies, spring chains, the stage)
    bool additive = false;      ///< painted with additive blending (glows)
    Rgba fill;                  ///< fill colour (alpha 0 = none)
    Rgba line;                  ///< outline colour (or the gradient's bottom colour)
    float thickness = 0.f;      ///< outline width in pixels (0 = none), drawn outside the polygon as SFML does
    std::vector<Point> points;  ///< outline, in order
};

/// Maps world units (y up, ground at 0) to window pixels; the game's window is 1280 x 720.
struct View {
    float width = 1280.f;   ///< window width in pixels
    float height = 720.f;   ///< window height in pixels
    float originX = 40.f;   ///< pixel x of world x = 0
    float groundY = 650.f;  ///< pixel y of world y = 0
    float scale = 1.f;      ///< pixels per world unit
    float shakeX = 0.f;     ///< screen shake offset (pixels)
    float shakeY = 0.f;     ///< screen shake offset (pixels)
    int stage = 0;          ///< which stage's layers (kStageDusk, kStageNight): drawn-side only, never simulated

    /// Pixel position of a world point.
    Point point(float x, float y) const { return {originX + shakeX + x * scale, groundY + shakeY - y * scale}; }
};

/// The stages: the same floor and limits (the simulation knows one stage), two sets of layers and loops.
enum : int { kStageDusk = 0, kStageNight = 1, kStageCount = 2 };
/// A stage's name as menus show it ("Dusk", "Night"); a number outside the range gives the first stage's.
const char* stageName(int stage);
/// The stage after `stage`, wrapping (what the select screen's stage key does).
int nextStage(int stage);

/// A pixel rectangle: left, top, width, height.
struct Rect {
    float left = 0.f, top = 0.f, width = 0.f, height = 0.f;  ///< pixels
};

/// Pixel rectangle of a world box.
Rect rectOf(const View& v, const engine::AABB& b);

/// A polygon's points as a painter fills it: every shape but Strip is star-shaped around its bounding box's centre
/// (so a triangle fan from there fills it, as SFML does); a Strip's outline is its even points then its odd ones
/// reversed.
std::vector<Point> outlineOf(const Shape& s);

/// The shapes of one picture, in painting order.
struct DrawList {
    std::vector<Shape> shapes;  ///< back to front
};

/// Sky, hills, floor and the stage limits of the view's stage; `ticks` drifts the hills.
void addStage(DrawList& out, const View& v, long ticks);
/// The stage's layers, which addStage paints in this order: the sky (two gradient bands across the picture), the far
/// layer (the sun and the hills, which the game's camera moves less than the fighters) and the near layer (the floor
/// and the posts at the stage's ends, which move with the fighters). The night stage has the same layers: a
/// starry sky, the moon over a harbour's skyline with lit windows, a darker floor and posts with lanterns.
void addSky(DrawList& out, const View& v);
/// The far layer (see addSky).
void addFar(DrawList& out, const View& v, long ticks);
/// The near layer (see addSky): the floor, then the posts.
void addNear(DrawList& out, const View& v);
/// The near layer's floor.
void addFloor(DrawList& out, const View& v);
/// The near layer's posts at the stage's ends, sized by the view's zoom.
void addPosts(DrawList& out, const View& v);
/// One fighter (shadow, attack swooshes, then the body): a rigged fighter from its posed bones (rig_draw.h), an
/// old-format one from its member boxes (limbs, torso, head); altColors for player 2 of a mirror match; `player`
/// tags the shapes; `motion` is the slot's drawn-only secondary motion (null: the chains drawn at rest).
void addFighter(DrawList& out, const View& v, const sim::FighterDef& def, const sim::FighterState& f, int player,
                long ticks, bool altColors, SecondaryMotion* motion = nullptr);
/// The live fireballs as additive glows.
void addProjectiles(DrawList& out, const View& v, const sim::FightState& s, long ticks);
/// A flash at each event of the last step that has a place (hits, blocks, cancels, throws, techs).
void addEffects(DrawList& out, const View& v, const std::vector<sim::Event>& events);
/// The hitbox overlay of both fighters and the projectiles; lastQuery's touched nodes are the last query.
void addOverlay(DrawList& out, const View& v, const sim::Fight& fight, const sim::StepStats& lastQuery);
/// The whole picture of a fight as the game draws it: stage, both fighters (the attacker in front), fireballs,
/// effects of the last step, and the overlay when asked.
DrawList buildFight(const View& v, const sim::Fight& fight, const sim::StepStats& lastQuery, long ticks, bool overlay);

}  // namespace view
