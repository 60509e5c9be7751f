#pragma once
// The fight's camera: it frames both fighters, zooming in when they are close (so they fill about 40% of the
// picture's height) and out when they are apart or high in the air, pans with them, never shows past the stage's
// ends while they fight, and punches in on a K.O. (where it may show a lying body's length past an end, for a
// fighter who fell at a wall). A fighter high in a jump is kept below the HUD (the health bars; in training the
// frame meter too) as far as the whole stage's zoom allows. It eases towards its target each drawn frame. Drawn-side only: it reads the
// fight's state and changes nothing in it, so replays and hashes never depend on it; the web viewer keeps the whole
// stage in view (an analysis view) by not using it.
#include "game/sim/fight.h"

namespace view {

/// Where the camera looks: the world x at the picture's centre and the pixels per world unit.
struct CameraShot {
    float centerX = float(sim::kStageWidth) / 2.f;  ///< world units
    float zoom = 1.f;                               ///< pixels per world unit
};

/// The picture the camera fills and the limits it keeps.
struct CameraFrame {
    float width = 1280.f;     ///< picture width, pixels
    float groundY = 650.f;    ///< pixel row of the ground at zoom 1
    float minZoom = 1.f;      ///< the whole stage (with its margin) at 1
    float maxZoom = 1.5f;     ///< close fighters (about 190 units tall) fill about 40% of 720 pixels
    float margin = 150.f;     ///< world units kept beside the outer fighter
    float stageLeft = -40.f;  ///< leftmost world x the picture may show
    float stageRight = float(sim::kStageWidth) + 40.f;  ///< rightmost world x
    float headroom = 240.f;   ///< world units above the higher fighter kept in view (its body and a little air)
    float hudBottom = 110.f;  ///< pixel row the HUD reaches from the top: that headroom is kept below it
};

/// The shot that frames both fighters of `s` now (no easing).
CameraShot frameFighters(const sim::FightState& s, const CameraFrame& f);
/// Keeps a shot inside the stage: the visible world range stays within [stageLeft, stageRight].
CameraShot clampShot(CameraShot shot, const CameraFrame& f);

/// The camera of one fight view.
class Camera {
public:
    explicit Camera(CameraFrame frame = {}) : frame_(frame) {}
    /// The HUD reaches pixel row `px` (training's frame meter hangs lower than a match's health bars).
    void setHudBottom(float px) { frame_.hudBottom = px; }
    /// Jumps to the shot framing `s` (a new match, a new round).
    void cut(const sim::FightState& s);
    /// One drawn frame: eases towards the framing shot; a K.O. this frame (`koVictim` 0 or 1) starts a punch-in.
    void update(const sim::FightState& s, int koVictim = -1);
    /// The shot to draw with.
    CameraShot shot() const { return shot_; }
    /// Pixel x of world x = 0 for this shot (the StageView's originX).
    float originX() const { return frame_.width / 2.f - shot_.centerX * shot_.zoom; }
    /// Pixel row of the ground for this shot: the ground sinks a little as the camera zooms in, so feet stay in view.
    float groundY() const { return frame_.groundY + 40.f * (shot_.zoom - 1.f); }

private:
    CameraFrame frame_;
    CameraShot shot_;
    int punchTicks_ = 0;  // frames of K.O. punch-in left
    float punchX_ = 0.f;  // where it punches in (the fallen fighter)
};

}  // namespace view
