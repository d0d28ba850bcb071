#include "engine/core/view.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace fx {

float View::worldPerPixel(float depth) const {
  // An orthographic projection (no perspective divide: P[2][3] = 0): the same at every depth.
  if (projection[2][3] == 0.0f && projection[1][1] != 0.0f)
    return 2.0f / (projection[1][1] * std::max(1.0f, viewportPx.y));
  return 2.0f * depth * std::tan(fovYRadians * 0.5f) / std::max(1.0f, viewportPx.y);
}

View makeView(vec3 eye, vec3 target, float fovYDegrees, vec2 viewportPx, float nearPlane, float farPlane) {
  View v;
  v.eye = eye;
  vec3 f = target - eye;
  v.forward = glm::length(f) > 1e-9f ? glm::normalize(f) : vec3(1, 0, 0);
  vec3 worldUp = std::abs(v.forward.z) > 0.999f ? vec3(0, 1, 0) : vec3(0, 0, 1);
  v.right = glm::normalize(glm::cross(v.forward, worldUp));
  v.up = glm::cross(v.right, v.forward);
  v.view = glm::lookAt(eye, eye + v.forward, v.up);
  v.viewportPx = viewportPx;
  v.fovYRadians = fovYDegrees * kDegToRad;
  v.nearPlane = nearPlane;
  v.farPlane = farPlane;
  float aspect = viewportPx.y > 0 ? viewportPx.x / viewportPx.y : 1.0f;
  v.projection = glm::perspective(v.fovYRadians, aspect, nearPlane, farPlane);
  v.viewProjection = v.projection * v.view;
  return v;
}

}  // namespace fx
