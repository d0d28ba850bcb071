#include "engine/session/level_scene.h"

#include <algorithm>

#include "engine/core/paths.h"
#include "engine/effects/halo_weather/weather_definition.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/import/halo/level_weather.h"
#include "engine/session/tag_scene.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

std::string entryList(const halo::LevelWeather& level) {
  std::string s;
  for (const auto& e : level.palette) s += (s.empty() ? "\"" : ", \"") + e.name + "\"";
  return s.empty() ? "none" : s;
}

// The palette entry the options choose, or -1 (none); false on a name or cluster not there.
bool chooseEntry(const halo::LevelWeather& level, const PresetLoadOptions& opts,
                 const std::string& file, Diagnostics& diags, LevelChoice& choice) {
  choice.cluster = opts.levelCluster;
  if (!opts.levelWeather.empty()) {
    for (size_t i = 0; i < level.palette.size(); ++i)
      if (level.palette[i].name == opts.levelWeather) choice.entry = int(i);
    if (choice.entry < 0)
      diags.error(file, "weather_palette",
                  "no weather palette entry \"" + opts.levelWeather +
                      "\" (entries: " + entryList(level) + ")");
    return choice.entry >= 0;
  }
  if (opts.levelCluster) {
    int c = *opts.levelCluster;
    if (c < 0 || size_t(c) >= level.clusterWeather.size()) {
      diags.error(file, "clusters",
                  "no cluster " + std::to_string(c) + " (the level has " +
                      std::to_string(level.clusterWeather.size()) + " clusters)");
      return false;
    }
    choice.entry = clusterWeatherEntry(level, c);
    return true;
  }
  choice.entry = level.palette.empty() ? -1 : 0;
  return true;
}

// Inside the shown weather's cube at its middle height, looking along the wind.
void frameLevelWeather(Preset& preset) {
  float edge = 0.0f;
  vec3 along{1.0f, 0.0f, 0.0f};
  for (const EffectEntry& e : preset.effects)
    if (auto* w = dynamic_cast<const weather::WeatherDefinition*>(e.definition.get())) {
      for (const auto& t : w->particleTypes) edge = std::max(edge, t.fadeOutEndDistance);
      vec3 d = w->palette.direction;
      d.z = 0.0f;
      if (glm::length(d) > 1e-4f) along = glm::normalize(d);
    }
  if (!(edge > 0.0f)) edge = 8.0f;
  Scene& scene = preset.scene;
  scene.camera.position = vec3(0.0f);
  scene.camera.target = along * (edge * 0.5f) + vec3(0.0f, 0.0f, -edge * 0.04f);
  scene.camera.nearPlane = 0.01f;
}

// The scene around `bsp` holding `effects`, loaded at its virtual path in the tags root (found
// from the level's references when no folder named `tags` holds the BSP).
std::unique_ptr<Preset> loadAround(const fs::path& bsp, const halo::LevelWeather& level,
                                   Json effects, Diagnostics& diags, PresetLoadOptions opts) {
  fs::path absBsp = fs::absolute(bsp).lexically_normal();
  size_t errors = diags.errorCount();
  fs::path root =
      levelTagsRoot(level, absBsp, opts.tagsDir.empty() ? opts.tagsDir : fs::absolute(opts.tagsDir),
                    toUtf8(bsp), diags);
  if (diags.errorCount() > errors) return nullptr;
  // A root found from the references is the scene's --tags (a folder named `tags` is found anyway).
  if (!root.empty() && opts.tagsDir.empty() && halo::tagsRootFor(absBsp).empty())
    opts.tagsDir = root;
  fs::path dir = root.empty() ? absBsp.parent_path() : root;
  Json json = {{"version", 1},
               {"name", toUtf8(absBsp.filename())},
               {"seed", 1},
               {"simulation", {{"mode", "tick"}, {"rate", 30}}},
               {"objects", Json::array()},
               {"effects", std::move(effects)}};
  const fs::path at = dir / toPath(toUtf8(absBsp.stem()) + ".fxview.json");
  const size_t before = diags.items.size();
  auto preset = loadPresetFromJson(json, at, diags, opts);
  nameOpenedFile(diags, before, at, bsp);
  if (!preset) return nullptr;
  preset->displayName = toUtf8(bsp);
  frameLevelWeather(*preset);
  preset->openedFile = bsp;
  return preset;
}

std::optional<halo::LevelWeather> readLevel(const fs::path& bsp, Diagnostics& diags) {
  std::error_code ec;
  if (!fs::is_regular_file(bsp, ec)) {
    diags.error(toUtf8(bsp), "", "file not found");
    return std::nullopt;
  }
  return halo::loadLevelWeather(bsp, toUtf8(bsp), diags);
}

}  // namespace

std::unique_ptr<Preset> loadLevelScene(const fs::path& bsp, Diagnostics& diags,
                                       const PresetLoadOptions& opts) {
  auto level = readLevel(bsp, diags);
  if (!level) return nullptr;
  auto choice = std::make_shared<LevelChoice>();
  for (const auto& e : level->palette) choice->entries.push_back(e.name);
  choice->clusterWeather = level->clusterWeather;
  if (!chooseEntry(*level, opts, toUtf8(bsp), diags, *choice)) return nullptr;
  Json effects = Json::array();
  if (choice->entry >= 0) {
    std::vector<std::string> ids = weatherEntryIds(*level);
    auto at = size_t(choice->entry);
    effects.push_back(weatherEntryEffect(*level, at, ids[at]));
  }
  auto preset = loadAround(bsp, *level, std::move(effects), diags, opts);
  if (!preset) return nullptr;
  preset->level = std::move(choice);
  trackDocuments(*preset, false);
  return preset;
}

std::unique_ptr<Preset> loadLevelPaletteScene(const fs::path& bsp, Diagnostics& diags,
                                              const PresetLoadOptions& opts) {
  auto level = readLevel(bsp, diags);
  if (!level) return nullptr;
  auto preset = loadAround(bsp, *level, weatherPaletteEffects(*level), diags, opts);
  if (preset) trackDocuments(*preset, false);
  return preset;
}

}  // namespace fx
