#include "engine/effects/stride/stride_shapes.h"

#include "engine/effects/stride/stride_shape_kernels.h"

#include <algorithm>
#include <cmath>

namespace fx::stride {

float fieldDistance(const ShapeParams& s, const ModuleWorld& w, vec3 p, FieldAxes& axes,
                    const FieldShapeOptions& opt) {
  PlacedShape c(s, w);
  float d = 1.0f;
  forEachShapeKind(s.type, [&](auto kind) {
    d = fieldDistanceOf<decltype(kind)::value>(c, p, axes, opt.repulsionZeroesWorldY);
  });
  return d;
}

float falloff(const FalloffParams& f, float d) {
  return falloffOf(f, d);
}

SurfaceHit closestSurface(const ShapeParams& s, const ModuleWorld& w, vec3 p) {
  PlacedShape c(s, w);
  SurfaceHit hit;
  forEachShapeKind(s.type, [&](auto kind) { hit = surfaceHit<decltype(kind)::value>(c, p); });
  return hit;
}

// --- wireframes ---------------------------------------------------------------------------------

namespace {

constexpr int kSegments = 32;

// A closed loop of local points: centre + a cos + b sin, mapped through the module placement.
void loop(DebugDraw& dd, const std::function<vec3(vec3)>& place, vec3 centre, vec3 a, vec3 b,
          vec4 color) {
  vec3 prev = place(centre + a);
  for (int i = 1; i <= kSegments; ++i) {
    float t = kTwoPi * float(i) / float(kSegments);
    vec3 cur = place(centre + a * std::cos(t) + b * std::sin(t));
    dd.line(prev, cur, color);
    prev = cur;
  }
}

}  // namespace

void drawShape(DebugDraw& dd, const ShapeParams& s, const ModuleWorld& w,
               const std::function<vec3(vec3)>& toWorld, vec4 color) {
  vec3 scale = glm::max(glm::abs(w.scale), vec3(shape_kernel::kMinSize));
  auto place = [&](vec3 local) { return toWorld(w.position + w.rotation * (local * scale)); };
  const vec3 X(1, 0, 0), Y(0, 1, 0), Z(0, 0, 1);
  switch (s.type) {
    case ShapeKind::Sphere: {
      float r = s.radius;
      loop(dd, place, vec3(0.0f), X * r, Y * r, color);
      loop(dd, place, vec3(0.0f), Y * r, Z * r, color);
      loop(dd, place, vec3(0.0f), X * r, Z * r, color);
      break;
    }
    case ShapeKind::Box: {
      vec3 h = s.halfSize;
      for (int i = 0; i < 4; ++i) {
        float a = (i & 1) ? 1.0f : -1.0f, b = (i & 2) ? 1.0f : -1.0f;
        dd.line(place({-h.x, a * h.y, b * h.z}), place({h.x, a * h.y, b * h.z}), color);
        dd.line(place({a * h.x, -h.y, b * h.z}), place({a * h.x, h.y, b * h.z}), color);
        dd.line(place({a * h.x, b * h.y, -h.z}), place({a * h.x, b * h.y, h.z}), color);
      }
      break;
    }
    case ShapeKind::Cylinder: {
      float r = s.radius, hh = s.halfHeight;
      loop(dd, place, Y * hh, X * r, Z * r, color);
      loop(dd, place, -Y * hh, X * r, Z * r, color);
      loop(dd, place, vec3(0.0f), X * r, Z * r, color * vec4(1, 1, 1, 0.4f));
      for (int i = 0; i < 4; ++i) {
        float t = kTwoPi * float(i) / 4.0f;
        vec3 rim = (X * std::cos(t) + Z * std::sin(t)) * r;
        dd.line(place(rim - Y * hh), place(rim + Y * hh), color);
      }
      break;
    }
    case ShapeKind::Torus: {
      float R = s.bigRadius, r = s.smallRadius * s.bigRadius;
      loop(dd, place, vec3(0.0f), X * R, Z * R,
           color * vec4(1, 0.4f, 0.4f, 1));  // the inner circle (axis of revolution)
      loop(dd, place, vec3(0.0f), X * (R + r), Z * (R + r), color);
      loop(dd, place, vec3(0.0f), X * (R - r), Z * (R - r), color);
      loop(dd, place, Y * r, X * R, Z * R, color);
      loop(dd, place, -Y * r, X * R, Z * R, color);
      for (int i = 0; i < 8; ++i) {
        float t = kTwoPi * float(i) / 8.0f;
        vec3 dir = X * std::cos(t) + Z * std::sin(t);
        loop(dd, place, dir * R, dir * r, Y * r, color);
      }
      break;
    }
    case ShapeKind::None:  // nothing to outline (Stride's debug shape is None too)
      break;
  }
}

void drawBox(DebugDraw& dd, vec3 centre, quat rotation, vec3 half,
             const std::function<vec3(vec3)>& toWorld, vec4 color) {
  ShapeParams box;
  box.type = ShapeKind::Box;
  box.halfSize = glm::abs(half);
  ModuleWorld w{.position = centre, .rotation = rotation, .scale = vec3(1.0f)};
  drawShape(dd, box, w, toWorld, color);
}

}  // namespace fx::stride
