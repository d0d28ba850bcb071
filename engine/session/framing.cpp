#include "engine/session/framing.h"

#include <cmath>

#include "engine/core/debug_draw.h"
#include "engine/core/draw_list.h"
#include "engine/session/world.h"
#include "engine/session/world_split.h"

namespace fx {

namespace {

struct Box {
  vec3 lo{1e30f}, hi{-1e30f};
  bool any = false;
  void add(vec3 p) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return;
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
    any = true;
  }
};

}  // namespace

bool simulatedBounds(const Preset& preset, double seconds, vec3& lo, vec3& hi) {
  std::unique_ptr<Preset> copy = clonePreset(preset);
  if (!copy) return false;
  World world(*copy);
  world.advanceTo(seconds);
  world.setView(presetView(copy->scene, {640, 360}));
  DrawList draw;
  DebugDraw debug;
  world.collect(draw, debug);
  Box box;
  for (const auto& s : draw.sprites)
    if (s.size > 0.0f) {
      box.add(s.position - vec3(s.size * 0.5f));
      box.add(s.position + vec3(s.size * 0.5f));
    }
  for (const auto& q : draw.shaderQuads)
    for (const auto& c : q.corners) box.add(c);
  for (const auto& v : draw.stripVertices) box.add(v.position);
  lo = box.lo;
  hi = box.hi;
  return box.any;
}

}  // namespace fx
