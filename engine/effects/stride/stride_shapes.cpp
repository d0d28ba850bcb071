#include "engine/effects/stride/stride_shapes.h"

#include <algorithm>
#include <cmath>

namespace fx::stride {

namespace {

constexpr float kMinSize = 1e-6f;  // radii and half sizes are clamped to at least this

vec3 toLocal(const ModuleWorld& w, vec3 p) {
  return glm::inverse(w.rotation) * (p - w.position);
}
vec3 safeScale(vec3 s) {
  return glm::max(glm::abs(s), vec3(kMinSize));
}
vec3 safeNormalize(vec3 v, vec3 fallback) {
  float len = glm::length(v);
  return len > 1e-12f ? v / len : fallback;
}

}  // namespace

float fieldDistance(const ShapeParams& s, const ModuleWorld& w, vec3 p, FieldAxes& axes,
                    const FieldShapeOptions& opt) {
  vec3 scale = safeScale(w.scale);
  vec3 local = toLocal(w, p) / scale;
  vec3 rel = p - w.position;
  axes.along = w.rotation * vec3(0, 1, 0);
  switch (s.type) {
    case ShapeKind::Sphere: {
      axes.away = safeNormalize(rel, vec3(0.0f));
      axes.around = glm::cross(axes.along, axes.away);
      return glm::length(local) / std::max(s.radius, kMinSize);
    }
    case ShapeKind::Box: {
      axes.away = safeNormalize(rel, vec3(0.0f));
      axes.around = glm::cross(axes.along, axes.away);
      vec3 half = glm::max(s.halfSize, vec3(kMinSize));
      vec3 r = glm::abs(local) / half;
      return std::max(r.x, std::max(r.y, r.z));
    }
    case ShapeKind::Cylinder: {
      vec3 radial = opt.repulsionZeroesWorldY ? vec3(rel.x, 0.0f, rel.z)
                                              : rel - axes.along * glm::dot(rel, axes.along);
      axes.away = safeNormalize(radial, vec3(0.0f));
      axes.around = glm::cross(axes.along, axes.away);
      if (std::abs(local.y) >= std::max(s.halfHeight, kMinSize)) return 1.0f;
      return glm::length(vec2(local.x, local.z)) / std::max(s.radius, kMinSize);
    }
    case ShapeKind::Torus: {
      vec3 size = scale * std::max(s.bigRadius, kMinSize);
      vec3 l = toLocal(w, p) / size;
      float rho = glm::length(vec2(l.x, l.z));
      vec3 ring = rho > 1e-6f ? vec3(l.x, 0.0f, l.z) / rho : vec3(1, 0, 0);
      axes.along =
          safeNormalize(w.rotation * glm::cross(vec3(0, 1, 0), ring), w.rotation * vec3(0, 0, -1));
      axes.away = safeNormalize(w.rotation * ((l - ring) * size), vec3(0.0f));
      axes.around = glm::cross(axes.along, axes.away);
      float small = std::max(s.smallRadius, kMinSize);
      float dist2 = (rho - 1.0f) * (rho - 1.0f) + l.y * l.y;
      if (dist2 >= small * small) return 1.0f;
      return std::sqrt(dist2) / small;
    }
  }
  return 1.0f;
}

float falloff(const FalloffParams& f, float d) {
  if (d <= f.falloffStart) return f.strengthInside;
  if (d >= f.falloffEnd) return f.strengthOutside;
  float span = f.divideByEndOverStart
                   ? (f.falloffStart > 0.0f ? f.falloffEnd / f.falloffStart : INFINITY)
                   : f.falloffEnd - f.falloffStart;
  float t = span > 0.0f ? (d - f.falloffStart) / span : 1.0f;
  return f.strengthInside + (f.strengthOutside - f.strengthInside) * t;
}

SurfaceHit closestSurface(const ShapeParams& s, const ModuleWorld& w, vec3 p) {
  SurfaceHit hit;
  vec3 scale = safeScale(w.scale);
  vec3 local = toLocal(w, p);
  switch (s.type) {
    case ShapeKind::Sphere: {
      vec3 size = scale * std::max(s.radius, kMinSize);
      vec3 l = local / size;
      float d = glm::length(l);
      if (d < 1e-6f) {
        hit.inside = true;
        hit.surface = w.position;
        hit.normal = vec3(0, 1, 0);
        return hit;
      }
      vec3 u = l / d;
      hit.inside = d <= 1.0f;
      hit.surface = w.position + w.rotation * (u * size);
      hit.normal = safeNormalize(w.rotation * (u / size), vec3(0, 1, 0));
      return hit;
    }
    case ShapeKind::Box: {
      vec3 half = scale * glm::max(s.halfSize, vec3(kMinSize));
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
      hit.surface = w.position + w.rotation * surf;
      hit.normal = w.rotation * n;
      return hit;
    }
    case ShapeKind::Cylinder: {
      float rx = std::max(s.radius, kMinSize) * scale.x,
            rz = std::max(s.radius, kMinSize) * scale.z;
      float hh = std::max(s.halfHeight, kMinSize) * scale.y;
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
      vec3 n =
          useSide ? safeNormalize(vec3(side.x / (rx * rx), 0.0f, side.y / (rz * rz)), vec3(1, 0, 0))
                  : vec3(0.0f, capSign, 0.0f);
      hit.inside = !outside;
      hit.surface = w.position + w.rotation * surf;
      hit.normal = safeNormalize(w.rotation * n, vec3(0, 1, 0));
      return hit;
    }
    case ShapeKind::Torus: {
      vec3 size = scale * std::max(s.bigRadius, kMinSize);
      float small = std::max(s.smallRadius, kMinSize);
      vec3 l = local / size;
      float rho = glm::length(vec2(l.x, l.z));
      vec3 ring = rho > 1e-6f ? vec3(l.x, 0.0f, l.z) / rho : vec3(1, 0, 0);
      vec3 n = l - ring;
      float len = glm::length(n);
      hit.inside = len <= small;
      vec3 surf = ring + (len > 1e-6f ? n * (small / len) : vec3(0, small, 0));
      hit.surface = w.position + w.rotation * (surf * size);
      hit.normal =
          safeNormalize(w.rotation * (len > 1e-6f ? n / size : vec3(0, 1, 0)), vec3(0, 1, 0));
      return hit;
    }
  }
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
  vec3 scale = safeScale(w.scale);
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
