// A level's weather, read from a .scenario_structure_bsp tag (class sbsp) through the one tag
// reader (tag_file.h; the whole layout is structure_bsp_layout.cpp): the weather palette, each
// cluster's palette index and the weather polyhedra (reference halo_animation_and_level.md §3).
// Nothing else of the level is interpreted. Plain data: what a palette entry or a cluster shows is
// for engine/import and engine/session to decide.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/diagnostics.h"
#include "engine/core/math.h"
#include "engine/formats/halo/tag_file.h"

namespace fx::halo {

inline constexpr int kMaxWeatherPaletteEntries = 32;
inline constexpr int kNoWeather = -1;

// One weather palette entry (240 bytes): what Sapien assigns to clusters.
struct WeatherPaletteEntry {
  std::string name;
  std::string particleSystem;  // reference path (backslashes, no extension); "" = none
  std::string particleSystemScaleFunction;
  std::string wind;          // reference path of the .wind tag; "" = none (zero wind)
  vec3 windDirection{0.0f};  // as stored; zero means (1, 0, 0)
  float windMagnitude = 0.0f;
  std::string windScaleFunction;
};

// A weather polyhedron: its bounding sphere and the planes (i, j, k, d) that mask weather out.
struct WeatherPolyhedron {
  vec3 center{0.0f};
  float radius = 0.0f;
  std::vector<vec4> planes;
};

struct LevelWeather {
  std::vector<WeatherPaletteEntry> palette;
  std::vector<int> clusterWeather;  // per cluster: palette index, or kNoWeather
  std::vector<WeatherPolyhedron> polyhedra;
};

// The weather parts of a parsed sbsp tag (tag.cls must be scenario_structure_bsp). A cluster's
// index past the palette is an error in `diags` under `displayName` (clusters[N].weather) and
// reads as kNoWeather.
LevelWeather levelWeatherFromTag(TagFile& tag, const std::string& displayName, Diagnostics& diags);

// Loads and parses `path`; a tag of another class is an error. Nullopt when it cannot be read.
std::optional<LevelWeather> loadLevelWeather(const std::filesystem::path& path,
                                             const std::string& displayName, Diagnostics& diags);

// The other way, for levels fxview's tests and fuzz seeds assemble: an sbsp tag holding only
// `level`'s weather parts (every other block empty; cluster indices other than weather -1).
TagFile levelWeatherToTag(const LevelWeather& level);

// The palette entry's wind direction with the game's rule: a zero vector is (1, 0, 0).
vec3 effectiveWindDirection(const WeatherPaletteEntry& entry);

}  // namespace fx::halo
