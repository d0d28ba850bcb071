// A level's weather palette as halo_weather effect entries: `fxview import
// X.scenario_structure_bsp` prints them all as a preset, and opening the level
// (engine/session/level_scene.h) shows one. Each entry becomes an effect whose id is the entry's
// name, whose definition is the entry's weather_particle_system tag and whose palette keys are the
// entry's: its wind tag ("wind_path"; none gives "has_wind": false, zero wind), wind direction
// (zero stored = (1, 0, 0)) and magnitude, with the BSP's weather polyhedra (bounding sphere and
// planes).
#pragma once

#include <filesystem>
#include <string>

#include "engine/core/diagnostics.h"
#include "engine/core/json.h"
#include "engine/formats/halo/structure_bsp.h"

namespace fx {

// Effect ids per palette entry, in palette order: the entry's name with blanks, slashes, quotes and
// ';' as '_', "weather_N" when empty, "_2", "_3", ... appended to repeats.
std::vector<std::string> weatherEntryIds(const halo::LevelWeather& level);

// The effect entry for palette entry `index` (< level.palette.size()).
Json weatherEntryEffect(const halo::LevelWeather& level, size_t index, const std::string& id);

// Every palette entry's effect, in palette order.
Json weatherPaletteEffects(const halo::LevelWeather& level);

// The palette entry a cluster shows: its index, or halo::kNoWeather (also for a cluster past the
// level's clusters).
int clusterWeatherEntry(const halo::LevelWeather& level, int cluster);

// The tags root the level's references resolve against: `explicitRoot` (--tags) when given, else
// the nearest folder named `tags` above the BSP, else the folder above it under which the palette's
// tags (weather, wind) resolve (halo::tagsRootFromReferences: the BSP need not sit in a folder
// named `tags`). When none is found and the palette names tags, an error in `diags` under `file`
// says to pass --tags; "" then.
std::filesystem::path levelTagsRoot(const halo::LevelWeather& level,
                                    const std::filesystem::path& bsp,
                                    const std::filesystem::path& explicitRoot,
                                    const std::string& file, Diagnostics& diags);

}  // namespace fx
