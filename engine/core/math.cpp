#include "engine/core/math.h"

#include <glm/gtc/matrix_transform.hpp>

namespace fx {

mat4 Transform::matrix() const {
  mat4 m = glm::mat4_cast(rotation);
  m[0] *= scale;
  m[1] *= scale;
  m[2] *= scale;
  m[3] = vec4(position, 1.0f);
  return m;
}

Transform compose(const Transform& parent, const Transform& child) {
  Transform out;
  out.position = parent.apply(child.position);
  out.rotation = glm::normalize(parent.rotation * child.rotation);
  out.scale = parent.scale * child.scale;
  return out;
}

Transform inverse(const Transform& t) {
  Transform out;
  out.rotation = glm::conjugate(t.rotation);
  out.scale = t.scale != 0.0f ? 1.0f / t.scale : 0.0f;
  out.position = out.rotation * (-t.position) * out.scale;
  return out;
}

Transform lerp(const Transform& a, const Transform& b, float t) {
  Transform out;
  out.position = glm::mix(a.position, b.position, t);
  out.rotation = glm::slerp(a.rotation, b.rotation, t);
  out.scale = glm::mix(a.scale, b.scale, t);
  return out;
}

quat rotationFromForwardUp(vec3 forward, vec3 up) {
  vec3 f = glm::length(forward) > 1e-12f ? glm::normalize(forward) : vec3(1, 0, 0);
  vec3 u = up - f * glm::dot(up, f);
  if (glm::length(u) < 1e-6f) {
    // `up` is parallel to forward: pick any perpendicular, preferring world +Z.
    vec3 trial = std::abs(f.z) < 0.99f ? vec3(0, 0, 1) : vec3(0, 1, 0);
    u = trial - f * glm::dot(trial, f);
  }
  u = glm::normalize(u);
  vec3 l = glm::cross(u, f);  // +Y = Z x X
  glm::mat3 m(f, l, u);
  return glm::normalize(glm::quat_cast(m));
}

}  // namespace fx
