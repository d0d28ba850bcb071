// The viewer's orbit camera (Z-up): a target point, a distance and yaw / pitch angles, turned
// into the View effects and the renderer use. Mouse input arrives as pixel deltas; framing fits
// a bounding box in view. Initialised from a preset camera's position and target.
#pragma once

#include <span>
#include <string_view>

#include "engine/core/view.h"
#include "engine/scene/scene.h"

namespace fx {

struct OrbitCamera {
  vec3 target{0.0f};
  float distance = 5.0f;   // world units, eye to target
  float yawDeg = -90.0f;   // around +Z, from +X
  float pitchDeg = 20.0f;  // above the XY plane (-89..89)
  float fovDeg = 60.0f;
  float nearPlane = 0.01f;
  float farPlane = 1000.0f;
  // Parallel projection, as high as the perspective picture is at the target's distance (so
  // switching keeps what is at the target the same size; zooming changes the distance as before).
  bool orthographic = false;
};

// The preset's camera (its projection included); a named view of the preset applied (keeping
// the clip planes), and the camera as one.
OrbitCamera orbitFromCamera(const Camera& c);
void orbitApplyView(OrbitCamera& c, const CameraView& view);
CameraView cameraViewOf(const OrbitCamera& c, const std::string& name);

// View `v` made orthographic: `halfHeight` world units from the picture's middle to its top.
void makeOrthographic(View& v, float halfHeight);
// Half the height a perspective camera of `fovDeg` shows at `distance`.
float orthoHalfHeight(float fovDeg, float distance);

// The standard views, looking at the target along a world axis (Z up): front looks along +Y (the
// default camera's side), back along -Y, left along +X, right along -X, top down -Z with +Y up on
// the screen. Keeps the target, the distance and the projection. False for another name.
inline constexpr std::string_view kStandardViews[] = {"front", "back", "left", "right", "top"};
bool orbitStandardView(OrbitCamera& c, std::string_view name);

OrbitCamera orbitFromLookAt(vec3 eye, vec3 target, float fovDeg, float nearPlane = 0.01f,
                            float farPlane = 1000.0f);
vec3 orbitEye(const OrbitCamera& c);
View orbitView(const OrbitCamera& c, vec2 viewportPx);

// Left drag: yaw / pitch by 0.3 degrees per pixel (pitch clamped short of the poles).
void orbitRotate(OrbitCamera& c, float dxPx, float dyPx);
// Right / middle drag: the target follows the cursor in the view plane through it.
void orbitPan(OrbitCamera& c, float dxPx, float dyPx, float viewportHeightPx);
// Wheel: each step scales the distance by 0.85 (in) or 1/0.85 (out).
void orbitZoom(OrbitCamera& c, float steps);
// Fits the box [lo, hi] in view, keeping the angles.
void orbitFrame(OrbitCamera& c, vec3 lo, vec3 hi);

}  // namespace fx
