// The camera as effects and the renderer see it: matrices, eye position, basis and viewport.
// Effects read it in step (weather tiles and height fade follow the camera) and collect.
#pragma once

#include "engine/core/math.h"

namespace fx {

struct View {
  mat4 view{1.0f};
  mat4 projection{1.0f};
  mat4 viewProjection{1.0f};
  vec3 eye{0.0f};
  vec3 forward{1, 0, 0};  // world-space view direction
  vec3 right{0, -1, 0};
  vec3 up{0, 0, 1};
  vec2 viewportPx{640, 360};
  // Bottom-left corner of the viewport in the framebuffer, pixels (GL convention). Non-zero when
  // several views share one framebuffer (split view).
  vec2 viewportOriginPx{0, 0};
  float fovYRadians = 1.0472f;
  float nearPlane = 0.01f;
  float farPlane = 1000.0f;

  // World units covered by one pixel at view depth `depth` (for actual-resolution sprites).
  float worldPerPixel(float depth) const;
  float depthOf(vec3 p) const { return glm::dot(p - eye, forward); }
};

// Z-up look-at camera.
View makeView(vec3 eye, vec3 target, float fovYDegrees, vec2 viewportPx, float nearPlane = 0.01f,
              float farPlane = 1000.0f);

}  // namespace fx
