// The fight's camera (see camera.h).
#include "game/view/camera.h"

#include <algorithm>

namespace view {
namespace {

constexpr int kPunchFrames = 50;      // a K.O.'s punch-in lasts this many drawn frames
constexpr float kPunchZoom = 0.3f;    // added to the zoom at its height
constexpr float kFollow = 0.14f;      // share of the way to the target the camera moves each frame
constexpr float kBodyHeight = 190.f;  // world units of a standing fighter, for the vertical fit

}  // namespace

CameraShot clampShot(CameraShot shot, const CameraFrame& f) {
    const float stage = f.stageRight - f.stageLeft;
    shot.zoom = std::max(shot.zoom, f.width / stage);  // never wider than the stage
    const float half = f.width / 2.f / shot.zoom;
    shot.centerX = std::clamp(shot.centerX, f.stageLeft + half, f.stageRight - half);
    return shot;
}

CameraShot frameFighters(const sim::FightState& s, const CameraFrame& f) {
    const float a = float(s.fighters[0].x), b = float(s.fighters[1].x);
    const float left = std::min(a, b) - f.margin, right = std::max(a, b) + f.margin;
    CameraShot shot;
    shot.centerX = (left + right) / 2.f;
    shot.zoom = std::clamp(f.width / (right - left), f.minZoom, f.maxZoom);
    // Vertically: the higher fighter's head (plus headroom) must stay 20 px below the HUD's bottom row.
    const float top = float(std::max(s.fighters[0].y, s.fighters[1].y)) + std::max(kBodyHeight, f.headroom);
    // The ground row sinks 40 px per unit of zoom, so top * z <= groundY + 40 (z - 1) - 20 - hudBottom gives
    // z <= (groundY - 60 - hudBottom) / (top - 40). The whole stage's zoom (1) is the floor, where a high jump under
    // training's lower HUD may still reach into it (Ryo's apex, 253 units: head at row 650 - 190 - 253 = 207; Nova's
    // 276: 184), which is why training's panels go faint over a fighter.
    const float room = f.groundY - 60.f - f.hudBottom;
    if (top > 40.f) shot.zoom = std::max(f.minZoom, std::min(shot.zoom, room / (top - 40.f)));
    return clampShot(shot, f);
}

void Camera::cut(const sim::FightState& s) {
    shot_ = frameFighters(s, frame_);
    punchTicks_ = 0;
}

void Camera::update(const sim::FightState& s, int koVictim) {
    if (koVictim == 0 || koVictim == 1) {
        punchTicks_ = kPunchFrames;
        punchX_ = float(s.fighters[koVictim].x);
    }
    CameraShot target = frameFighters(s, frame_);
    // A fighter who falls at a wall lies partly past the stage's end, so the punch-in (and the easing back from it)
    // may look up to a lying body's length past the ends; play itself always stays within them.
    CameraFrame wide = frame_;
    wide.stageLeft -= kBodyHeight;
    wide.stageRight += kBodyHeight;
    if (punchTicks_ > 0) {  // in on the fallen fighter, then back out
        const float k = float(punchTicks_) / float(kPunchFrames);
        target.zoom = std::min(frame_.maxZoom + kPunchZoom, target.zoom + kPunchZoom * k);
        target.centerX += (punchX_ - target.centerX) * 0.5f * k;
        // The lying body, about kBodyHeight to either side of its x, in the picture.
        const float half = frame_.width / 2.f / target.zoom;
        if (half > kBodyHeight)
            target.centerX = std::clamp(target.centerX, punchX_ + kBodyHeight - half, punchX_ - kBodyHeight + half);
        target = clampShot(target, wide);
        --punchTicks_;
    }
    shot_.centerX += (target.centerX - shot_.centerX) * kFollow;
    shot_.zoom += (target.zoom - shot_.zoom) * kFollow;
    shot_ = clampShot(shot_, wide);
}

}  // namespace view
