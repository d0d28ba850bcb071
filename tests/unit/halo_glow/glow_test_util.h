// Helpers for the halo_glow tests: presets built in code, the glow instance behind a World entry.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/effects/halo_glow/glow_instance.h"
#include "engine/session/world.h"

namespace fx::glow::test {

inline Json marker(const std::string& name, vec3 p, vec3 forward = {1, 0, 0}, vec3 up = {0, 0, 1}) {
  return Json{{"name", name},
              {"position", {p.x, p.y, p.z}},
              {"forward", {forward.x, forward.y, forward.z}},
              {"up", {up.x, up.y, up.z}}};
}

// Five markers on the X axis at uneven spacing, each pointing +X (a good chain).
inline Json lineMarkers(const std::string& name = "glow",
                        std::vector<float> xs = {0, 1, 3, 6, 10}) {
  Json m = Json::array();
  for (float x : xs) m.push_back(marker(name, {x, 0, 0}));
  return m;
}

inline Json glowEntry(const std::string& id, Json definition, const std::string& object = "obj") {
  Json e{{"id", id}, {"kind", "halo_glow"}, {"definition", std::move(definition)}};
  if (!object.empty()) e["object"] = object;
  return e;
}

inline Json presetJson(Json markers, std::vector<Json> effects, Json objectExtra = Json::object()) {
  Json obj{{"name", "obj"}, {"markers", std::move(markers)}};
  for (auto it = objectExtra.begin(); it != objectExtra.end(); ++it) obj[it.key()] = it.value();
  Json p{{"version", 1}, {"seed", 7}, {"objects", Json::array({obj})}, {"effects", Json::array()}};
  for (auto& e : effects) p["effects"].push_back(std::move(e));
  return p;
}

struct Loaded {
  std::unique_ptr<Preset> preset;
  std::unique_ptr<World> world;
  Diagnostics diags;
  GlowInstance& glow(size_t i = 0) {
    return dynamic_cast<GlowInstance&>(*world->effects().at(i).instance);
  }
};

inline std::unique_ptr<Loaded> load(Json preset) {
  auto l = std::make_unique<Loaded>();
  l->preset = loadPresetFromJson(
      std::move(preset), std::string(FXVIEW_TEST_DATA) + "/unit/halo_glow/test.json", l->diags);
  EXPECT_TRUE(l->preset) << l->diags.formatAll();
  EXPECT_FALSE(l->diags.hasErrors()) << l->diags.formatAll();
  if (l->preset) l->world = std::make_unique<World>(*l->preset);
  return l;
}

inline Diagnostics lint(Json preset) {
  Diagnostics d;
  auto p = loadPresetFromJson(std::move(preset), "test.json", d);
  EXPECT_TRUE(p);
  if (p) lintPreset(*p, d);
  return d;
}

inline const Diagnostic* find(const Diagnostics& d, const std::string& pointer,
                              const std::string& needle) {
  for (const auto& i : d.items)
    if (i.pointer == pointer && i.message.find(needle) != std::string::npos) return &i;
  return nullptr;
}

inline double statValue(const EffectStats& s, const std::string& key) {
  for (const auto& [k, v] : s.values)
    if (k == key) return v;
  return -1.0;
}

}  // namespace fx::glow::test
