#include "engine/import/halo/level_weather.h"

#include <algorithm>

#include "engine/formats/halo/tag_paths.h"

namespace fx {

namespace {

Json vecJson(vec3 v) {
  return Json::array({floatJson(v.x), floatJson(v.y), floatJson(v.z)});
}

// A reference path as a preset names a tag: the path plus its class's extension.
std::string tagPath(const std::string& reference, std::string_view extension) {
  return reference.empty() ? std::string() : reference + std::string(extension);
}

Json polyhedraJson(const halo::LevelWeather& level) {
  Json out = Json::array();
  for (const auto& p : level.polyhedra) {
    Json planes = Json::array();
    for (const vec4& pl : p.planes)
      planes.push_back(
          Json::array({floatJson(pl.x), floatJson(pl.y), floatJson(pl.z), floatJson(pl.w)}));
    out.push_back({{"sphere_center", vecJson(p.center)},
                   {"sphere_radius", floatJson(p.radius)},
                   {"planes", planes}});
  }
  return out;
}

}  // namespace

std::vector<std::string> weatherEntryIds(const halo::LevelWeather& level) {
  std::vector<std::string> ids;
  for (size_t i = 0; i < level.palette.size(); ++i) {
    std::string id = level.palette[i].name;
    for (char& c : id)
      if (c == ' ' || c == '\t' || c == '/' || c == '\\' || c == ';' || c == '"') c = '_';
    if (id.empty()) id = "weather_" + std::to_string(i);
    std::string unique = id;
    for (int n = 2; std::find(ids.begin(), ids.end(), unique) != ids.end(); ++n)
      unique = id + "_" + std::to_string(n);
    ids.push_back(unique);
  }
  return ids;
}

Json weatherEntryEffect(const halo::LevelWeather& level, size_t index, const std::string& id) {
  const halo::WeatherPaletteEntry& e = level.palette[index];
  Json effect = {{"id", id}, {"kind", "halo_weather"}};
  // An entry without a particle system still has its wind: a weather with no particle types.
  if (e.particleSystem.empty())
    effect["definition"] = Json::object();
  else
    effect["definition"] = tagPath(e.particleSystem, ".weather_particle_system");
  if (e.wind.empty())
    effect["has_wind"] = false;
  else
    effect["wind_path"] = tagPath(e.wind, ".wind");
  effect["wind_direction"] = vecJson(halo::effectiveWindDirection(e));
  effect["wind_magnitude"] = floatJson(e.windMagnitude);
  if (!level.polyhedra.empty()) effect["polyhedra"] = polyhedraJson(level);
  return effect;
}

Json weatherPaletteEffects(const halo::LevelWeather& level) {
  Json out = Json::array();
  std::vector<std::string> ids = weatherEntryIds(level);
  for (size_t i = 0; i < level.palette.size(); ++i)
    out.push_back(weatherEntryEffect(level, i, ids[i]));
  return out;
}

int clusterWeatherEntry(const halo::LevelWeather& level, int cluster) {
  if (cluster < 0 || size_t(cluster) >= level.clusterWeather.size()) return halo::kNoWeather;
  return level.clusterWeather[size_t(cluster)];
}

std::filesystem::path levelTagsRoot(const halo::LevelWeather& level,
                                    const std::filesystem::path& bsp,
                                    const std::filesystem::path& explicitRoot,
                                    const std::string& file, Diagnostics& diags) {
  std::filesystem::path root = halo::tagsRootFor(bsp, explicitRoot);
  if (!root.empty()) return root;
  std::vector<std::string> references;
  for (const auto& e : level.palette) {
    if (!e.particleSystem.empty())
      references.push_back(tagPath(e.particleSystem, ".weather_particle_system"));
    if (!e.wind.empty()) references.push_back(tagPath(e.wind, ".wind"));
  }
  if (references.empty()) return {};
  root = halo::tagsRootFromReferences(bsp, references);
  if (root.empty())
    diags.error(file, "weather_palette",
                "no tags root: no folder above the BSP is named \"tags\" or holds its weather "
                "tags (\"" +
                    references.front() + "\", ...); pass --tags DIR");
  return root;
}

}  // namespace fx
