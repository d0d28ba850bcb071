// The viewer's clock and status line, the per-family CPU times, and framing the camera on the
// scene or the selected effect.
#include "app/gui/app.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>

namespace fx::gui {

namespace fs = std::filesystem;

double nowSeconds() {
  return glfwGetTime();
}

void setStatus(App& app, std::string text) {
  app.status = std::move(text);
  app.statusUntil = nowSeconds() + 4.0;
}

void updateFamilyTimes(App& app) {
  std::vector<std::pair<std::string, double>> now;
  auto add = [&](World* w) {
    if (!w) return;
    for (auto& r : w->effects()) {
      std::string name(r.entry->family ? r.entry->family->kind : std::string_view(r.entry->kind));
      auto it = std::find_if(now.begin(), now.end(), [&](auto& p) { return p.first == name; });
      if (it == now.end()) it = now.insert(now.end(), {name, 0.0});
      it->second += r.cpuSeconds * 1000.0;
      r.cpuSeconds = 0.0;
    }
  };
  add(app.world.get());
  add(app.split.world.get());
  // Exponential smoothing so the figures can be read; families that left drop out.
  for (auto& [name, ms] : now) {
    auto it = std::find_if(app.familyMs.begin(), app.familyMs.end(),
                           [&](auto& p) { return p.first == name; });
    if (it != app.familyMs.end()) ms = 0.9 * it->second + 0.1 * ms;
  }
  app.familyMs = std::move(now);
}

namespace {

// Bounds of a draw list's sprites and quads (and, with `objects`, the scene's objects and
// markers); false when there is nothing finite to frame.
bool drawBounds(const App& app, const DrawList& draw, bool objects, vec3& lo, vec3& hi) {
  lo = vec3(1e30f);
  hi = vec3(-1e30f);
  bool any = false;
  auto add = [&](vec3 p) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return;
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
    any = true;
  };
  for (const auto& s : draw.sprites)
    if (s.size > 0.0f) {
      add(s.position - vec3(s.size * 0.5f));
      add(s.position + vec3(s.size * 0.5f));
    }
  for (const auto& q : draw.shaderQuads)
    for (const auto& c : q.corners) add(c);
  if (objects && app.world)
    for (const auto& o : app.world->sceneState().objects) {
      add(o.world.position);
      for (const auto& m : o.markers) add(m.world.position);
    }
  return any;
}

}  // namespace

void frameScene(App& app) {
  vec3 lo, hi;
  if (!drawBounds(app, app.drawList, true, lo, hi)) {
    lo = vec3(-1.0f);
    hi = vec3(1.0f);
  }
  orbitFrame(app.camera, lo, hi);
}

void frameSelection(App& app) {
  if (!app.world || app.world->effects().empty()) return frameScene(app);
  size_t i = size_t(std::clamp(app.selectedEffect, 0, int(app.world->effects().size()) - 1));
  const EffectRuntime& r = app.world->effects()[i];
  if (!r.instance) return frameScene(app);
  DrawList draw;
  DebugDraw debug;
  r.instance->collect(draw, debug, app.view, app.world->flags, app.world->sceneState());
  vec3 lo, hi;
  if (!drawBounds(app, draw, false, lo, hi)) return frameScene(app);
  orbitFrame(app.camera, lo, hi);
}

}  // namespace fx::gui
