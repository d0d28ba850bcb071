#include "engine/effects/stride/stride_draw_order.h"

#include <bit>

namespace fx::stride {

void systemAabb(const SystemBounds& b, const Transform& component, vec3& lo, vec3& hi) {
  const vec3 t = component.position;
  const float scale = component.scale;
  switch (b.type) {
    case BoundsKind::None:
      lo = hi = t;
      return;
    case BoundsKind::Sphere: {
      float r = b.radius * scale;
      lo = vec3(-r) + t;
      hi = vec3(r) + t;
      return;
    }
    case BoundsKind::Box:
      break;
  }
  // BoundingBoxStatic.GetAABB: the box starts as the unrotated centre, then takes in each corner
  // rotated by the component's rotation; scale and translation come last.
  vec3 mn = (b.minimum + b.maximum) * 0.5f, mx = mn;
  for (int i = 0; i < 8; ++i) {
    vec3 corner((i & 4) ? b.maximum.x : b.minimum.x, (i & 2) ? b.maximum.y : b.minimum.y,
                (i & 1) ? b.maximum.z : b.minimum.z);
    corner = component.rotation * corner;
    mn = glm::min(mn, corner);
    mx = glm::max(mx, corner);
  }
  lo = mn * scale + t;
  hi = mx * scale + t;
}

uint32_t distanceKey(float distance) {
  uint32_t bits = std::bit_cast<uint32_t>(distance);
  uint32_t mask = uint32_t(-int32_t(bits >> 31)) | 0x80000000u;
  return mask ^ bits;
}

float viewDistance(const View& view, vec3 centre) {
  vec3 forward = worldToStride(view.forward);
  vec3 eye = worldToStride(view.eye);
  float d = glm::dot(eye, forward);
  return glm::dot(forward, centre) - d;
}

bool culled(const View& view, vec3 lo, vec3 hi) {
  if (lo == hi) return false;
  // In fxview's world (the frustum's planes from its view-projection); Stride space maps onto it
  // by a turn of the axes, so the box stays axis-aligned.
  vec3 a = strideToWorld(lo), b = strideToWorld(hi);
  vec3 centre = (a + b) * 0.5f, extent = glm::abs(b - a) * 0.5f;
  const mat4& m = view.viewProjection;
  glm::vec4 row[4];
  for (int i = 0; i < 4; ++i) row[i] = glm::vec4(m[0][i], m[1][i], m[2][i], m[3][i]);
  const glm::vec4 planes[6] = {row[3] + row[0], row[3] - row[0], row[3] + row[1],
                               row[3] - row[1], row[3] + row[2], row[3] - row[2]};
  for (const glm::vec4& p : planes) {
    vec3 n(p);
    if (glm::dot(centre, n) + glm::dot(extent, glm::abs(n)) <= -p.w) return true;
  }
  return false;
}

uint64_t backToFrontKey(float distance, uint8_t drawPriority) {
  uint32_t inverted = ~distanceKey(distance);
  uint32_t state = uint32_t(drawPriority) << 16;
  return (uint64_t(inverted >> 16) << 32) | uint64_t(state);
}

}  // namespace fx::stride
