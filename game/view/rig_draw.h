#pragma once
// A rigged fighter drawn from its placed bones: each bone a tapered, rotated capsule with an outline (back limbs
// behind the body, front limbs over it), hands and feet, a head with a face that reacts, and drawn-only secondary
// motion (a headband's tails or a ponytail, the belt's ends) as short spring chains that trail the bones.
//
// Every shape of a bone lies inside that bone's capsule, so inside the member's hurtbox (the box is the union of
// its bones' capsule bounds): the hitbox overlay lines up with the picture exactly. Shapes carry their member's
// index (Shape::member) so a test can check that. The spring chains are not part of any member: they are drawn
// only, live in the caller's SecondaryMotion (one per fighter slot, never in the simulation or its hash) and may
// leave the boxes.
#include "game/sim/skeleton.h"
#include "game/view/draw_list.h"

#include <array>
#include <cstdint>

namespace view {

/// What a rigged fighter's face shows.
enum class Face : std::uint8_t {
    Calm,    ///< idle, walking: open eyes, a small mouth
    Effort,  ///< attacking: brows down, teeth gritted
    Guard,   ///< blocking: brows down, mouth shut
    Hurt,    ///< in hitstun or held by a throw: eyes squeezed, mouth open
    Down,    ///< knocked down or K.O.: crossed eyes, mouth open
};

/// The colours and the face of one rigged fighter in one frame.
struct RigLook {
    Rgba skin{220, 180, 150, 255};   ///< the fighter's `body` colour
    Rgba cloth{230, 230, 230, 255};  ///< `accent`: the clothes
    Rgba trim{200, 40, 40, 255};     ///< `trim`: belt and headband
    Rgba ink{24, 18, 30, 255};       ///< outlines and the face's lines
    Rgba hair{40, 30, 30, 255};      ///< `hair`, when hasHair
    bool hasHair = false;            ///< a ponytail in `hair` instead of a headband's tails
    Face face = Face::Calm;          ///< expression
    bool blink = false;              ///< eyes shut this frame (Calm only)
};

/// Points of a spring chain after its anchor.
constexpr int kChainLinks = 4;

/// One drawn-only spring chain, in world units (y up): the anchor and kChainLinks links, and where each was the
/// step before (the chain moves by Verlet steps).
struct SpringChain {
    std::array<Point, kChainLinks + 1> at{};      ///< now; [0] is the anchor
    std::array<Point, kChainLinks + 1> before{};  ///< one step ago
};

/// Drawn-only secondary motion of one fighter slot: kept by the app or the viewer between frames, reset when a
/// fight starts (or whenever the picture jumps: a seek, a rollback's correction is only a small jump and is
/// simply followed). Never read by the simulation.
struct SecondaryMotion {
    std::array<SpringChain, 3> chains{};  ///< [0] the headband's tail or the ponytail, [1] and [2] the belt's ends
    bool live = false;                    ///< false: the next frame places the chains at rest
    long tick = 0;                        ///< the tick the chains were last stepped to

    /// Forgets the chains: the next frame starts them at rest.
    void reset() { live = false; }
};

/// Adds a rigged fighter: `placed` holds `count` bone placements of `skel` (facing right, relative to the fighter's
/// origin, Q8, as sim::placeBones gives them), the fighter's origin is (x, y) in world units and `facing` +1 or -1.
/// `motion` may be null (the chains are then drawn at rest). `player` tags the shapes (Role::Body).
void addRig(DrawList& out, const View& v, const sim::SkeletonDef& skel, const sim::BonePlacement* placed, int count,
            int x, int y, int facing, const RigLook& look, int player, long ticks, SecondaryMotion* motion);

}  // namespace view
