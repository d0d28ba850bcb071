// Opening a level's weather straight away: `fxview X.scenario_structure_bsp [--weather NAME |
// --cluster N]`, and the same for `render`, `simulate` and `check`. In the game the player's
// cluster picks a weather palette entry; here the scene shows one entry (engine/import/halo/
// level_weather.h makes its effect: the entry's weather_particle_system, wind, direction,
// magnitude and the BSP's polyhedra) with the camera inside its simulation cube. A cluster without
// weather (-1) gives a scene without effects. The BSP is an input, never written: the scene's
// path is virtual (NAME.fxview.json in the tags root), only Save As writes it, as a new preset.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/json.h"
#include "engine/session/world.h"

namespace fx {

// What the viewer lists for an opened level and which entry its scene shows.
struct LevelChoice {
  std::vector<std::string> entries;  // palette entry names, in palette order
  std::vector<int> clusterWeather;   // per cluster: palette index, -1 = none
  int entry = -1;                    // the entry shown (-1: none)
  std::optional<int> cluster;        // the cluster asked for, when one was
};

// The level scene for `bsp` as options.levelWeather / levelCluster choose (an unknown name or
// cluster is an error naming the ones there are). Null when the BSP cannot be read.
std::unique_ptr<Preset> loadLevelScene(const std::filesystem::path& bsp, Diagnostics& diags,
                                       const PresetLoadOptions& opts = {});

// Every palette entry's effect in one scene (`fxview check` of a level): what `import` prints,
// loaded and validated. Null when the BSP cannot be read.
std::unique_ptr<Preset> loadLevelPaletteScene(const std::filesystem::path& bsp, Diagnostics& diags,
                                              const PresetLoadOptions& opts = {});

}  // namespace fx
