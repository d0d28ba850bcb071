#include "engine/core/debug_draw.h"

#include <cmath>

namespace fx {

void DebugDraw::clear() {
  lines.clear();
  points.clear();
  labels.clear();
  hud.clear();
}

void DebugDraw::line(vec3 a, vec3 b, vec4 color) {
  lines.push_back({a, color});
  lines.push_back({b, color});
}

void DebugDraw::polyline(const vec3* pts, size_t n, vec4 color, bool closed) {
  for (size_t i = 0; i + 1 < n; ++i) line(pts[i], pts[i + 1], color);
  if (closed && n > 2) line(pts[n - 1], pts[0], color);
}

void DebugDraw::axes(const Transform& t, float length) {
  line(t.position, t.position + t.forward() * length, {1, 0, 0, 1});
  line(t.position, t.position + t.left() * length, {0, 1, 0, 1});
  line(t.position, t.position + t.up() * length, {0, 0.3f, 1, 1});
}

void DebugDraw::box(const Transform& t, vec3 h, vec4 color) {
  vec3 c[8];
  for (int i = 0; i < 8; ++i)
    c[i] = t.apply(vec3((i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z));
  static const int kEdges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                                    {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  for (auto& e : kEdges) line(c[e[0]], c[e[1]], color);
}

void DebugDraw::aabb(vec3 lo, vec3 hi, vec4 color) {
  Transform t;
  t.position = (lo + hi) * 0.5f;
  box(t, (hi - lo) * 0.5f, color);
}

void DebugDraw::circle(const Transform& t, float r, vec4 color, int segments) {
  vec3 prev = t.apply(vec3(r, 0, 0));
  for (int i = 1; i <= segments; ++i) {
    float a = kTwoPi * float(i) / float(segments);
    vec3 p = t.apply(vec3(r * std::cos(a), r * std::sin(a), 0));
    line(prev, p, color);
    prev = p;
  }
}

void DebugDraw::sphere(const Transform& t, float r, vec4 color, int segments) {
  circle(t, r, color, segments);
  Transform a = t;
  a.rotation = t.rotation * glm::angleAxis(kPi / 2, vec3(1, 0, 0));
  circle(a, r, color, segments);
  Transform b = t;
  b.rotation = t.rotation * glm::angleAxis(kPi / 2, vec3(0, 1, 0));
  circle(b, r, color, segments);
}

void DebugDraw::cylinder(const Transform& t, float r, float hh, vec4 color, int segments) {
  Transform top = t, bottom = t;
  top.position = t.apply(vec3(0, 0, hh));
  bottom.position = t.apply(vec3(0, 0, -hh));
  circle(top, r, color, segments);
  circle(bottom, r, color, segments);
  for (int i = 0; i < 4; ++i) {
    float a = kTwoPi * float(i) / 4.0f;
    vec3 o(r * std::cos(a), r * std::sin(a), 0);
    line(t.apply(o + vec3(0, 0, hh)), t.apply(o - vec3(0, 0, hh)), color);
  }
}

void DebugDraw::torus(const Transform& t, float R, float r, vec4 color, int segments) {
  circle(t, R - r, color, segments);
  circle(t, R + r, color, segments);
  Transform up = t, down = t;
  up.position = t.apply(vec3(0, 0, r));
  down.position = t.apply(vec3(0, 0, -r));
  circle(up, R, color, segments);
  circle(down, R, color, segments);
  for (int i = 0; i < 8; ++i) {
    float a = kTwoPi * float(i) / 8.0f;
    Transform ring = t;
    ring.position = t.apply(vec3(R * std::cos(a), R * std::sin(a), 0));
    ring.rotation = t.rotation * glm::angleAxis(a, vec3(0, 0, 1)) * glm::angleAxis(kPi / 2, vec3(1, 0, 0));
    circle(ring, r, color, 12);
  }
}

void DebugDraw::grid(float halfSize, float step, vec4 color) {
  int n = int(halfSize / step);
  for (int i = -n; i <= n; ++i) {
    float v = float(i) * step;
    vec4 c = i == 0 ? vec4(color.r * 1.6f, color.g * 1.6f, color.b * 1.6f, color.a) : color;
    line({v, -halfSize, 0}, {v, halfSize, 0}, c);
    line({-halfSize, v, 0}, {halfSize, v, 0}, c);
  }
}

void DebugDraw::point(vec3 p, vec4 color, float sizePx) { points.push_back({p, color, sizePx}); }

void DebugDraw::label(vec3 p, std::string text, vec4 color, int line) {
  labels.push_back({p, color, std::move(text), line});
}

}  // namespace fx
