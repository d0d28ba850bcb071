// The one declaration of DebugFlags' boolean toggles (engine/effects/effect.h): the console's
// commands of the same names (and so `--exec` scripts), the scene panel's checkboxes and
// bundle.json's "overlays" all iterate kDebugToggles, so a new toggle is one member of
// DebugFlags and one row here.
#pragma once

#include <array>
#include <string_view>

#include "engine/effects/effect.h"

namespace fx {

struct DebugToggle {
  std::string_view name;  // console command, scene panel checkbox, bundle.json "overlays" key
  bool DebugFlags::*member;
  std::string_view help;  // console help line and checkbox tooltip
  bool halo;              // one of Halo's own console globals
};

// In the order the console's help and the scene panel list them. unlimitedBudget is no overlay
// (a stress mode with its own checkbox), so it is not here.
inline constexpr std::array kDebugToggles = {
    DebugToggle{"debug_point_physics", &DebugFlags::debugPointPhysics,
                "weather: draw each point_physics particle and its cube outline", true},
    DebugToggle{"render_model_markers", &DebugFlags::renderModelMarkers,
                "draw marker axes, names and order on every object", true},
    DebugToggle{"render_model_nodes", &DebugFlags::renderModelNodes,
                "draw each model's nodes: a line to the parent, axes and the name", false},
    DebugToggle{"debug_sprites", &DebugFlags::debugSprites,
                "sprite triangle outlines and coverage counts", true},
    DebugToggle{"weather", &DebugFlags::weather, "show weather; hiding then showing resets it",
                true},
    DebugToggle{"render_psystems", &DebugFlags::renderPsystems, "draw particle systems", true},
    DebugToggle{"module_shapes", &DebugFlags::moduleShapes,
                "draw module debug shapes (force fields, colliders)", false},
    DebugToggle{"paths", &DebugFlags::paths, "draw glow paths and emission segments", false},
};

constexpr const DebugToggle* findDebugToggle(std::string_view name) {
  for (const DebugToggle& t : kDebugToggles)
    if (t.name == name) return &t;
  return nullptr;
}

// Sets a debug flag by its console name; false when the name is no toggle.
inline bool setDebugFlag(DebugFlags& flags, std::string_view name, bool value) {
  const DebugToggle* t = findDebugToggle(name);
  if (!t) return false;
  flags.*(t->member) = value;
  return true;
}

inline const bool* findDebugFlag(const DebugFlags& flags, std::string_view name) {
  const DebugToggle* t = findDebugToggle(name);
  return t ? &(flags.*(t->member)) : nullptr;
}

}  // namespace fx
