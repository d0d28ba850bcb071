// Math vocabulary shared by every module: glm vectors, a rigid transform with uniform scale, and
// the frame helpers effects use for markers. World is Z-up; +X is "forward" for markers.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtx/quaternion.hpp>

namespace fx {

using glm::mat4;
using glm::quat;
using glm::vec2;
using glm::vec3;
using glm::vec4;

inline constexpr float kPi = 3.14159265358979323846f;
inline constexpr float kTwoPi = 2.0f * kPi;
inline constexpr float kDegToRad = kPi / 180.0f;
// 1 Halo/Destiny world unit in metres, where physics needs metres.
inline constexpr float kMetresPerWorldUnit = 3.048f;

// A placement: rotation, then uniform scale, then translation.
struct Transform {
  vec3 position{0.0f};
  quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // glm order is (w, x, y, z)
  float scale = 1.0f;

  vec3 forward() const { return rotation * vec3(1, 0, 0); }  // +X
  vec3 left() const { return rotation * vec3(0, 1, 0); }     // +Y
  vec3 up() const { return rotation * vec3(0, 0, 1); }       // +Z
  vec3 apply(vec3 p) const { return position + rotation * (p * scale); }
  vec3 applyVector(vec3 v) const { return rotation * (v * scale); }
  mat4 matrix() const;
};

// parent * child: child expressed in the parent's frame.
Transform compose(const Transform& parent, const Transform& child);
Transform inverse(const Transform& t);
Transform lerp(const Transform& a, const Transform& b, float t);  // position lerp, rotation slerp

// Rotation whose +X is `forward` and whose +Z is as close to `up` as possible.
quat rotationFromForwardUp(vec3 forward, vec3 up);

// JSON quaternions are [i, j, k, w]; glm stores (w, x, y, z).
inline quat quatFromIjkw(float i, float j, float k, float w) { return quat(w, i, j, k); }

}  // namespace fx
