// Debug overlays as plain data: coloured line segments, points and text labels in world space.
// Effects add their shapes (point_physics cubes, marker axes, glow paths, updater shapes); the
// renderer draws lines and points; labels are text beside their point (the viewer through
// ImGui, headless pictures through Renderer::drawLabels), stacked by their `line`.
#pragma once

#include <string>
#include <vector>

#include "engine/core/math.h"

namespace fx {

struct DebugVertex {
  vec3 position;
  vec4 color;
};

struct DebugLabel {
  vec3 position;
  vec4 color;
  std::string text;
  int line = 0;  // text lines below the point (several labels on one point stack)
};

struct DebugPoint {
  vec3 position;
  vec4 color;
  float sizePx = 4.0f;
};

struct DebugDraw {
  std::vector<DebugVertex> lines;  // pairs
  std::vector<DebugPoint> points;
  std::vector<DebugLabel> labels;
  // Screen-space text lines for the HUD (e.g. debug_sprites counts).
  std::vector<std::string> hud;

  void clear();
  void line(vec3 a, vec3 b, vec4 color);
  void polyline(const vec3* pts, size_t n, vec4 color, bool closed = false);
  void axes(const Transform& t, float length);  // +X red, +Y green, +Z blue
  void box(const Transform& t, vec3 halfExtents, vec4 color);
  void aabb(vec3 lo, vec3 hi, vec4 color);
  void sphere(const Transform& t, float radius, vec4 color, int segments = 24);
  void circle(const Transform& t, float radius, vec4 color, int segments = 32);  // in the local XY plane
  void cylinder(const Transform& t, float radius, float halfHeight, vec4 color, int segments = 24);  // axis +Z
  void torus(const Transform& t, float majorRadius, float minorRadius, vec4 color, int segments = 24);
  void grid(float halfSize, float step, vec4 color);  // XY plane at z = 0
  void point(vec3 p, vec4 color, float sizePx = 4.0f);
  void label(vec3 p, std::string text, vec4 color = vec4(1.0f), int line = 0);
};

}  // namespace fx
