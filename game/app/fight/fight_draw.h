#pragma once
// Drawing the fight: the stage, the fighters built from their own hurtboxes (head circle, torso, limbs), fireballs,
// and the hitbox overlay that shows what the engine sees (agent BVH branches by depth, hurt/attack/push boxes, the
// nodes the last queries touched). Reads the simulation's state; changes nothing. The shapes come from the draw
// list (game/view/draw_list.h), which the web viewer paints too.
#include "game/sim/fight.h"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

namespace view {
struct SecondaryMotion;  // game/view/rig_draw.h
}

namespace app {

/// Maps world units (y up, ground at 0) to window pixels.
struct StageView {
    float originX = 40.f;   ///< pixel x of world x = 0
    float groundY = 650.f;  ///< pixel y of world y = 0
    float scale = 1.f;      ///< pixels per world unit
    float shakeX = 0.f;     ///< screen shake offset (pixels)
    float shakeY = 0.f;     ///< screen shake offset (pixels)
    int stage = 0;          ///< which stage's layers (view::kStageDusk, kStageNight)

    /// Pixel position of a world point.
    sf::Vector2f point(float x, float y) const { return {originX + shakeX + x * scale, groundY + shakeY - y * scale}; }
    /// Pixel rectangle (left, top, width, height) of a world box.
    sf::FloatRect rect(const engine::AABB& b) const {
        const sf::Vector2f tl = point(float(b.minX), float(b.maxY));
        return {tl.x, tl.y, float(b.maxX - b.minX) * scale, float(b.maxY - b.minY) * scale};
    }
};

/// What the overlay shows.
struct OverlayOptions {
    bool boxes = false;     ///< hurt/attack/push/projectile boxes and BVH branches
    bool names = false;     ///< member names and counters
    bool keyRight = false;  ///< the colour key goes bottom right (training: the input histories fill the left)
    sf::FloatRect panel;    ///< the counters panel drawn over the fight (empty: none); member names keep out of it
};

/// Draws sky, backdrop and floor: a still picture, painted once into a texture and then drawn as one quad (moved
/// by the view's shake). `ticks` is not used (the web viewer's hills drift; the window's stand still).
void drawStage(sf::RenderTarget& t, const StageView& v, long ticks);
/// Paints the stage's shapes directly, every call (what drawStage did before it kept a texture; bench_draw's
/// baseline), with the hills drifting by `ticks`.
void drawStageShapes(sf::RenderTarget& t, const StageView& v, long ticks);
/// Draws a fighter: a rigged one from its bones, an old-format one from its member boxes; altColors for player 2 of
/// a mirror match; `motion` is the fighter slot's drawn-only secondary motion (null: drawn at rest).
void drawFighter(sf::RenderTarget& t, const StageView& v, const sim::FighterDef& def, const sim::FighterState& f,
                 long ticks, bool altColors = false, view::SecondaryMotion* motion = nullptr);
/// Draws the live projectiles as glowing fireballs.
void drawProjectiles(sf::RenderTarget& t, const StageView& v, const sim::Fight& fight, long ticks);
/// Where the overlay's colour key sits in a picture of that size: the bottom-left corner, or the bottom-right one.
sf::FloatRect legendRect(sf::Vector2f picture, bool right);
/// Which screen the counters panel (--names, F2) is drawn over: a match or replay, training (frame meter, input
/// histories, combo lines), or a tutorial lesson or combo trial (the instruction panel).
enum class CountersPlace { Match, Training, Lesson };
/// Where the counters panel (--names, F2: the step's counters) sits in a picture `pictureWidth` wide with `lines`
/// lines: in the band above standing fighters' heads at the camera's closest zoom, under the HUD in a match, under
/// the frame meter and between the input histories and the combo lines in training, under the instruction panel's
/// upper place in a lesson.
sf::FloatRect countersRect(float pictureWidth, CountersPlace place, std::size_t lines);
/// The band of the fight's banners (ROUND 1, FIGHT!, K.O., training's news; a lesson's result, `rows` high) in a
/// picture `height` high: across the middle (from row 0.36 height - 10, `rows` rows), or just under the counters
/// panel `panel` when it would reach into that band (empty: no panel), so neither covers the other.
sf::FloatRect bannerBand(float width, float height, const sf::FloatRect& panel, float rows = 96.f);
/// The pixel row of the counters panel's line `i` (its text's top) inside `panel`.
float countersLineY(const sf::FloatRect& panel, std::size_t i);
/// True when a fighter's hurtboxes (its body's root box, as `v` maps it) reach into `panel`: a jump, a rising
/// attack. The panel is then drawn see-through, so it never hides a fighter.
bool panelOverFighter(const sf::FloatRect& panel, const StageView& v, const sim::FightState& s);
/// The column of a fighter's member names (`need` wide, `height` tall) beside its root box: behind the fighter
/// (`behindLeft`), unless the column would leave the picture there (a zoomed camera near a wall) or cover the colour
/// key `avoid` where the other side would not; when both sides cover the key, the column moves up above it. A
/// column that would run under the counters panel `panel` (empty: none) starts just below it instead. Returns the
/// column's inner edge x; `left` says which way the names run from it, `top` is its first line.
float labelColumn(const sf::FloatRect& root, float need, float height, float pictureWidth, bool behindLeft,
                  const sf::FloatRect& avoid, const sf::FloatRect& panel, bool& left, float& top);
/// The overlay's colour key, bottom left, or bottom right with `right` (drawOverlay calls it).
void drawOverlayLegend(sf::RenderTarget& t, const sf::Font& mono, bool right = false);
/// Draws the hitbox overlay (boxes and, if asked, member names) for both fighters and the projectiles;
/// `lastQuery` is the latest step that tested anything (its touched nodes are highlighted).
void drawOverlay(sf::RenderTarget& t, const StageView& v, const sim::Fight& fight, const sim::StepStats& lastQuery,
                 const OverlayOptions& o, const sf::Font& mono);

}  // namespace app
