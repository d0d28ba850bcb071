// Per-shape kernels of the bounding shapes (stride_shapes.h): a shape at a module's placement
// with every particle-independent term (inverse rotation, clamped sizes, the field's axis)
// computed once, and one inline function per shape kind for the collider's closest surface and
// the force field's relative distance. The collider and the force field pick the kernel once per
// range of particles (forEachShapeKind) and then run a tight loop over the pool's arrays; the
// single-point queries closestSurface / fieldDistance call the same kernels, so both give the
// same bits.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "engine/effects/stride/stride_shapes.h"

namespace fx::stride {

namespace shape_kernel {

inline constexpr float kMinSize = 1e-6f;  // radii and half sizes are clamped to at least this

inline vec3 safeNormalize(vec3 v, vec3 fallback) {
  float len = glm::length(v);
  return len > 1e-12f ? v / len : fallback;
}

}  // namespace shape_kernel

// A shape at a module's placement; only the members of its kind are meaningful.
struct PlacedShape {
  ShapeKind type = ShapeKind::Sphere;
  vec3 position{0.0f};  // the module's world position
  quat rotation{1, 0, 0, 0};
  quat inverse{1, 0, 0, 0};  // glm::inverse(rotation): world -> local
  vec3 scale{1.0f};          // |module scale|, each at least kMinSize
  vec3 along{0, 1, 0};       // field: rotation * local +Y
  vec3 size{1.0f};           // collider sphere: scale * radius; torus (both): scale * big radius
  vec3 half{1.0f};           // collider box: scale * half size
  vec3 fieldHalf{1.0f};      // field box: half size (unscaled)
  float radius = 1.0f;       // field sphere and cylinder: radius
  float halfHeight = 1.0f;   // field cylinder: half height
  float rx = 1.0f, rz = 1.0f, hh = 1.0f;  // collider cylinder: scaled radii and half height
  float small = 1.0f;                     // torus: tube radius relative to the big radius

  PlacedShape(const ShapeParams& s, const ModuleWorld& w) {
    using shape_kernel::kMinSize;
    type = s.type;
    position = w.position;
    rotation = w.rotation;
    inverse = glm::inverse(w.rotation);
    scale = glm::max(glm::abs(w.scale), vec3(kMinSize));
    along = w.rotation * vec3(0, 1, 0);
    radius = std::max(s.radius, kMinSize);
    halfHeight = std::max(s.halfHeight, kMinSize);
    fieldHalf = glm::max(s.halfSize, vec3(kMinSize));
    size = s.type == ShapeKind::Torus ? scale * std::max(s.bigRadius, kMinSize) : scale * radius;
    half = scale * fieldHalf;
    rx = radius * scale.x, rz = radius * scale.z;
    hh = halfHeight * scale.y;
    small = std::max(s.smallRadius, kMinSize);
  }
  vec3 toLocal(vec3 p) const { return inverse * (p - position); }
};

// Calls f(std::integral_constant<ShapeKind, K>) for the shape's kind K: the one dispatch of a
// per-shape loop.
template <class F>
void forEachShapeKind(ShapeKind kind, F&& f) {
  switch (kind) {
    case ShapeKind::Sphere:
      f(std::integral_constant<ShapeKind, ShapeKind::Sphere>{});
      break;
    case ShapeKind::Box:
      f(std::integral_constant<ShapeKind, ShapeKind::Box>{});
      break;
    case ShapeKind::Cylinder:
      f(std::integral_constant<ShapeKind, ShapeKind::Cylinder>{});
      break;
    case ShapeKind::Torus:
      f(std::integral_constant<ShapeKind, ShapeKind::Torus>{});
      break;
    case ShapeKind::None:
      f(std::integral_constant<ShapeKind, ShapeKind::None>{});
      break;
  }
}

// Collider query of kind K (see closestSurface in stride_shapes.h).
template <ShapeKind K>
inline SurfaceHit surfaceHit(const PlacedShape& c, vec3 p) {
  using shape_kernel::safeNormalize;
  SurfaceHit hit;
  vec3 local = c.toLocal(p);
  if constexpr (K == ShapeKind::None) {
    // UpdaterCollider.Update without a FieldShape: not inside, surface point (0, 0, 0), normal +Y.
    hit.inside = false;
    hit.surface = vec3(0.0f);
    hit.normal = vec3(0, 1, 0);
  } else if constexpr (K == ShapeKind::Sphere) {
    vec3 l = local / c.size;
    float d = glm::length(l);
    if (d < 1e-6f) {
      hit.inside = true;
      hit.surface = c.position;
      hit.normal = vec3(0, 1, 0);
      return hit;
    }
    vec3 u = l / d;
    hit.inside = d <= 1.0f;
    hit.surface = c.position + c.rotation * (u * c.size);
    hit.normal = safeNormalize(c.rotation * (u / c.size), vec3(0, 1, 0));
  } else if constexpr (K == ShapeKind::Box) {
    const vec3 half = c.half;
    bool outside = false;
    for (int i = 0; i < 3; ++i) outside |= std::abs(local[i]) > half[i];
    int axis = 0;
    float sign = 1.0f, best = INFINITY;
    for (int i = 0; i < 3; ++i)
      for (float sg : {1.0f, -1.0f}) {
        float dist = std::abs(local[i] - sg * half[i]);
        if (dist < best) best = dist, axis = i, sign = sg;
      }
    vec3 surf = local;
    if (outside)
      surf = glm::clamp(local, -half, half);
    else
      surf[axis] = sign * half[axis];
    vec3 n(0.0f);
    n[axis] = sign;
    hit.inside = !outside;
    hit.surface = c.position + c.rotation * surf;
    hit.normal = c.rotation * n;
  } else if constexpr (K == ShapeKind::Cylinder) {
    const float rx = c.rx, rz = c.rz, hh = c.hh;
    float rho = glm::length(vec2(local.x, local.z));
    vec2 dir = rho > 1e-6f ? vec2(local.x, local.z) / rho : vec2(1, 0);
    float sideR = 1.0f / std::sqrt((dir.x / rx) * (dir.x / rx) + (dir.y / rz) * (dir.y / rz));
    vec2 side = dir * sideR;
    bool outside = rho > sideR || std::abs(local.y) > hh;
    bool useSide = std::abs(rho - sideR) < std::abs(hh - std::abs(local.y));
    float capSign = local.y >= 0.0f ? 1.0f : -1.0f;
    vec3 surf;
    if (outside) {
      vec2 xz = rho > sideR ? side : vec2(local.x, local.z);
      surf = vec3(xz.x, glm::clamp(local.y, -hh, hh), xz.y);
    } else if (useSide) {
      surf = vec3(side.x, local.y, side.y);
    } else {
      surf = vec3(local.x, capSign * hh, local.z);
    }
    vec3 n = useSide
                 ? safeNormalize(vec3(side.x / (rx * rx), 0.0f, side.y / (rz * rz)), vec3(1, 0, 0))
                 : vec3(0.0f, capSign, 0.0f);
    hit.inside = !outside;
    hit.surface = c.position + c.rotation * surf;
    hit.normal = safeNormalize(c.rotation * n, vec3(0, 1, 0));
  } else {
    const float small = c.small;
    vec3 l = local / c.size;
    float rho = glm::length(vec2(l.x, l.z));
    vec3 ring = rho > 1e-6f ? vec3(l.x, 0.0f, l.z) / rho : vec3(1, 0, 0);
    vec3 n = l - ring;
    float len = glm::length(n);
    hit.inside = len <= small;
    vec3 surf = ring + (len > 1e-6f ? n * (small / len) : vec3(0, small, 0));
    hit.surface = c.position + c.rotation * (surf * c.size);
    hit.normal =
        safeNormalize(c.rotation * (len > 1e-6f ? n / c.size : vec3(0, 1, 0)), vec3(0, 1, 0));
  }
  return hit;
}

// Force-field distance of kind K (see fieldDistance in stride_shapes.h).
template <ShapeKind K>
inline float fieldDistanceOf(const PlacedShape& c, vec3 p, FieldAxes& axes,
                             bool repulsionZeroesWorldY) {
  using shape_kernel::safeNormalize;
  vec3 rel = p - c.position;
  if constexpr (K == ShapeKind::None) {
    // UpdaterForceField.Update without a FieldShape: fixed world axes, no distance.
    axes = FieldAxes{};
    return 0.0f;
  }
  axes.along = c.along;
  if constexpr (K == ShapeKind::Sphere) {
    vec3 local = c.toLocal(p) / c.scale;
    axes.away = safeNormalize(rel, vec3(0.0f));
    axes.around = glm::cross(axes.along, axes.away);
    return glm::length(local) / c.radius;
  } else if constexpr (K == ShapeKind::Box) {
    vec3 local = c.toLocal(p) / c.scale;
    axes.away = safeNormalize(rel, vec3(0.0f));
    axes.around = glm::cross(axes.along, axes.away);
    vec3 r = glm::abs(local) / c.fieldHalf;
    return std::max(r.x, std::max(r.y, r.z));
  } else if constexpr (K == ShapeKind::Cylinder) {
    vec3 local = c.toLocal(p) / c.scale;
    vec3 radial = repulsionZeroesWorldY ? vec3(rel.x, 0.0f, rel.z)
                                        : rel - axes.along * glm::dot(rel, axes.along);
    axes.away = safeNormalize(radial, vec3(0.0f));
    axes.around = glm::cross(axes.along, axes.away);
    if (std::abs(local.y) >= c.halfHeight) return 1.0f;
    return glm::length(vec2(local.x, local.z)) / c.radius;
  } else if constexpr (K == ShapeKind::Torus) {
    vec3 l = c.toLocal(p) / c.size;
    float rho = glm::length(vec2(l.x, l.z));
    vec3 ring = rho > 1e-6f ? vec3(l.x, 0.0f, l.z) / rho : vec3(1, 0, 0);
    axes.along =
        safeNormalize(c.rotation * glm::cross(vec3(0, 1, 0), ring), c.rotation * vec3(0, 0, -1));
    axes.away = safeNormalize(c.rotation * ((l - ring) * c.size), vec3(0.0f));
    axes.around = glm::cross(axes.along, axes.away);
    float dist2 = (rho - 1.0f) * (rho - 1.0f) + l.y * l.y;
    if (dist2 >= c.small * c.small) return 1.0f;
    return std::sqrt(dist2) / c.small;
  }
}

// The seed's falloff (see falloff in stride_shapes.h).
inline float falloffOf(const FalloffParams& f, float d) {
  if (d <= f.falloffStart) return f.strengthInside;
  if (d >= f.falloffEnd) return f.strengthOutside;
  float span = f.divideByEndOverStart
                   ? (f.falloffStart > 0.0f ? f.falloffEnd / f.falloffStart : INFINITY)
                   : f.falloffEnd - f.falloffStart;
  float t = span > 0.0f ? (d - f.falloffStart) / span : 1.0f;
  return f.strengthInside + (f.strengthOutside - f.strengthInside) * t;
}

}  // namespace fx::stride
