#include "engine/formats/halo/structure_bsp.h"

namespace fx::halo {

namespace {

// Offsets inside the palette entry (240), polyhedron (32), plane (16) and cluster (104) structs.
constexpr uint32_t kEntryName = 0x00, kEntryScaleFunction = 0x34, kEntryWindDirection = 0x90,
                   kEntryWindMagnitude = 0x9C, kEntryWindScaleFunction = 0xA4;
constexpr uint32_t kPolyCenter = 0x00, kPolyRadius = 0x0C;
constexpr uint32_t kClusterWeather = 0x08;
// The cluster's Index fields before the decal ones: sky, fog, background sound, sound
// environment, weather, transition structure bsp.
constexpr int kClusterIndices = 6;

WeatherPaletteEntry entryFrom(const TagStruct& s) {
  WeatherPaletteEntry e;
  e.name = s.getString(kEntryName);
  e.particleSystem = s.referencePath("particle_system");
  e.particleSystemScaleFunction = s.getString(kEntryScaleFunction);
  e.wind = s.referencePath("wind");
  e.windDirection = s.getVec3(kEntryWindDirection);
  e.windMagnitude = s.getFloat(kEntryWindMagnitude);
  e.windScaleFunction = s.getString(kEntryWindScaleFunction);
  return e;
}

WeatherPolyhedron polyhedronFrom(const TagStruct& s) {
  WeatherPolyhedron p;
  p.center = s.getVec3(kPolyCenter);
  p.radius = s.getFloat(kPolyRadius);
  for (uint32_t i = 0; i < s.blockCount("planes"); ++i) {
    TagStruct pl = s.element("planes", i);
    p.planes.emplace_back(pl.getVec3(0), pl.getFloat(12));
  }
  return p;
}

}  // namespace

LevelWeather levelWeatherFromTag(TagFile& tag, const std::string& displayName, Diagnostics& diags) {
  LevelWeather out;
  TagStruct root = tag.root();
  for (uint32_t i = 0; i < root.blockCount("weather_palette"); ++i)
    out.palette.push_back(entryFrom(root.element("weather_palette", i)));
  for (uint32_t i = 0; i < root.blockCount("weather_polyhedra"); ++i)
    out.polyhedra.push_back(polyhedronFrom(root.element("weather_polyhedra", i)));
  for (uint32_t i = 0; i < root.blockCount("clusters"); ++i) {
    int weather = root.element("clusters", i).getInt16(kClusterWeather);
    if (weather < kNoWeather || weather >= int(out.palette.size())) {
      diags.error(displayName, "clusters[" + std::to_string(i) + "].weather",
                  "weather palette index " + std::to_string(weather) + " is past the palette's " +
                      std::to_string(out.palette.size()) + " entries");
      weather = kNoWeather;
    }
    out.clusterWeather.push_back(weather);
  }
  return out;
}

std::optional<LevelWeather> loadLevelWeather(const std::filesystem::path& path,
                                             const std::string& displayName, Diagnostics& diags) {
  auto tag = loadTag(path, displayName, diags);
  if (!tag) return std::nullopt;
  if (tag->cls->id != TagClass::ScenarioStructureBsp) {
    diags.error(
        displayName, "header",
        "expected a scenario_structure_bsp tag, got a " + std::string(tag->cls->name) + " tag");
    return std::nullopt;
  }
  return levelWeatherFromTag(*tag, displayName, diags);
}

namespace {

void entryTo(const TagStruct& s, const WeatherPaletteEntry& e) {
  s.setString(kEntryName, e.name);
  s.setReference("particle_system", e.particleSystem);
  s.setString(kEntryScaleFunction, e.particleSystemScaleFunction);
  s.setReference("wind", e.wind);
  s.setVec3(kEntryWindDirection, e.windDirection);
  s.setFloat(kEntryWindMagnitude, e.windMagnitude);
  s.setString(kEntryWindScaleFunction, e.windScaleFunction);
}

void polyhedronTo(const TagStruct& s, const WeatherPolyhedron& p) {
  s.setVec3(kPolyCenter, p.center);
  s.setFloat(kPolyRadius, p.radius);
  s.resizeBlock("planes", uint32_t(p.planes.size()));
  for (size_t i = 0; i < p.planes.size(); ++i) {
    TagStruct pl = s.element("planes", uint32_t(i));
    pl.setVec3(0, vec3(p.planes[i]));
    pl.setFloat(12, p.planes[i].w);
  }
}

}  // namespace

TagFile levelWeatherToTag(const LevelWeather& level) {
  TagFile tag = makeTag(TagClass::ScenarioStructureBsp);
  TagStruct root = tag.root();
  root.resizeBlock("weather_palette", uint32_t(level.palette.size()));
  for (size_t i = 0; i < level.palette.size(); ++i)
    entryTo(root.element("weather_palette", uint32_t(i)), level.palette[i]);
  root.resizeBlock("weather_polyhedra", uint32_t(level.polyhedra.size()));
  for (size_t i = 0; i < level.polyhedra.size(); ++i)
    polyhedronTo(root.element("weather_polyhedra", uint32_t(i)), level.polyhedra[i]);
  root.resizeBlock("clusters", uint32_t(level.clusterWeather.size()));
  for (size_t i = 0; i < level.clusterWeather.size(); ++i) {
    TagStruct c = root.element("clusters", uint32_t(i));
    for (int k = 0; k < kClusterIndices; ++k) c.setInt16(uint32_t(2 * k), -1);
    c.setInt16(kClusterWeather, int16_t(level.clusterWeather[i]));
  }
  return tag;
}

vec3 effectiveWindDirection(const WeatherPaletteEntry& entry) {
  const vec3& d = entry.windDirection;
  return d.x == 0.0f && d.y == 0.0f && d.z == 0.0f ? vec3(1.0f, 0.0f, 0.0f) : d;
}

}  // namespace fx::halo
