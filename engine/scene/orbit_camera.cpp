#include "engine/scene/orbit_camera.h"

#include <algorithm>
#include <cmath>

namespace fx {

OrbitCamera orbitFromLookAt(vec3 eye, vec3 target, float fovDeg, float nearPlane, float farPlane) {
  OrbitCamera c;
  c.target = target;
  vec3 d = eye - target;
  c.distance = std::max(glm::length(d), 1e-3f);
  c.yawDeg = std::atan2(d.y, d.x) / kDegToRad;
  // Straight above or below too (a saved top view); dragging then stays short of the poles.
  c.pitchDeg =
      std::clamp(std::asin(std::clamp(d.z / c.distance, -1.0f, 1.0f)) / kDegToRad, -90.0f, 90.0f);
  c.fovDeg = fovDeg;
  c.nearPlane = nearPlane;
  c.farPlane = farPlane;
  return c;
}

vec3 orbitEye(const OrbitCamera& c) {
  float yaw = c.yawDeg * kDegToRad, pitch = c.pitchDeg * kDegToRad;
  vec3 dir(std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), std::sin(pitch));
  return c.target + dir * c.distance;
}

View orbitView(const OrbitCamera& c, vec2 viewportPx) {
  View v = makeView(orbitEye(c), c.target, c.fovDeg, viewportPx, c.nearPlane, c.farPlane);
  if (c.orthographic) makeOrthographic(v, orthoHalfHeight(c.fovDeg, c.distance));
  return v;
}

float orthoHalfHeight(float fovDeg, float distance) {
  return std::max(distance * std::tan(fovDeg * kDegToRad * 0.5f), 1e-4f);
}

void makeOrthographic(View& v, float halfHeight) {
  float aspect = v.viewportPx.y > 0 ? v.viewportPx.x / v.viewportPx.y : 1.0f;
  v.projection = glm::ortho(-halfHeight * aspect, halfHeight * aspect, -halfHeight, halfHeight,
                            v.nearPlane, v.farPlane);
  v.viewProjection = v.projection * v.view;
}

OrbitCamera orbitFromCamera(const Camera& c) {
  OrbitCamera o = orbitFromLookAt(c.position, c.target, c.fovDeg, c.nearPlane, c.farPlane);
  o.orthographic = c.projection == Projection::Orthographic;
  return o;
}

void orbitApplyView(OrbitCamera& c, const CameraView& view) {
  OrbitCamera o = orbitFromLookAt(view.position, view.target, view.fovDeg, c.nearPlane, c.farPlane);
  o.orthographic = view.projection == Projection::Orthographic;
  c = o;
}

CameraView cameraViewOf(const OrbitCamera& c, const std::string& name) {
  return {.name = name,
          .position = orbitEye(c),
          .target = c.target,
          .fovDeg = c.fovDeg,
          .projection = c.orthographic ? Projection::Orthographic : Projection::Perspective};
}

bool orbitStandardView(OrbitCamera& c, std::string_view name) {
  struct Angles {
    std::string_view name;
    float yawDeg, pitchDeg;
  };
  // The eye's direction from the target: front at -Y, right at +X, top at +Z.
  static constexpr Angles kAngles[] = {{"front", -90.0f, 0.0f},
                                       {"back", 90.0f, 0.0f},
                                       {"left", 180.0f, 0.0f},
                                       {"right", 0.0f, 0.0f},
                                       {"top", -90.0f, 90.0f}};
  for (const Angles& a : kAngles)
    if (a.name == name) {
      c.yawDeg = a.yawDeg;
      c.pitchDeg = a.pitchDeg;
      return true;
    }
  return false;
}

void orbitRotate(OrbitCamera& c, float dxPx, float dyPx) {
  c.yawDeg = std::fmod(c.yawDeg - dxPx * 0.3f, 360.0f);
  c.pitchDeg = std::clamp(c.pitchDeg + dyPx * 0.3f, -89.0f, 89.0f);
}

void orbitPan(OrbitCamera& c, float dxPx, float dyPx, float viewportHeightPx) {
  View v = orbitView(c, {viewportHeightPx, std::max(viewportHeightPx, 1.0f)});
  float perPixel = 2.0f * orthoHalfHeight(c.fovDeg, c.distance) / std::max(viewportHeightPx, 1.0f);
  c.target += (-dxPx * v.right + dyPx * v.up) * perPixel;
}

void orbitZoom(OrbitCamera& c, float steps) {
  c.distance = std::clamp(c.distance * std::pow(0.85f, steps), 1e-3f, c.farPlane * 0.5f);
}

void orbitFrame(OrbitCamera& c, vec3 lo, vec3 hi) {
  c.target = (lo + hi) * 0.5f;
  float radius = std::max(glm::length(hi - lo) * 0.5f, 0.05f);
  float half = c.fovDeg * kDegToRad * 0.5f;
  c.distance =
      std::clamp(radius / std::sin(std::max(half, 0.05f)) * 1.1f, 0.05f, c.farPlane * 0.5f);
}

}  // namespace fx
