// The scene panel's "Level weather" section for a .scenario_structure_bsp opened straight away:
// the weather palette entries and the clusters with the entry each has. Choosing one shows that
// weather, as the player's cluster does in game (the simulation starts again: the game resets
// weather when it changes).
#include <imgui.h>

#include <string>

#include "app/gui/app.h"
#include "engine/session/level_scene.h"

namespace fx::gui {

namespace {

std::string entryName(const LevelChoice& level, int entry) {
  if (entry < 0 || size_t(entry) >= level.entries.size()) return "(no weather)";
  return level.entries[size_t(entry)];
}

void entryList(App& app, const LevelChoice& level) {
  ImGui::TextDisabled("Weather palette (%zu)", level.entries.size());
  for (size_t i = 0; i < level.entries.size(); ++i) {
    ImGui::PushID(int(i));
    bool shown = level.entry == int(i) && !level.cluster;
    std::string label = std::to_string(i) + "  " + level.entries[i];
    if (ImGui::Selectable(label.c_str(), shown) && !shown)
      chooseLevelWeather(app, level.entries[i], std::nullopt);
    ImGui::PopID();
  }
}

void clusterList(App& app, const LevelChoice& level) {
  ImGui::TextDisabled("Clusters (%zu)", level.clusterWeather.size());
  for (size_t c = 0; c < level.clusterWeather.size(); ++c) {
    ImGui::PushID(int(1000000 + c));
    bool shown = level.cluster && *level.cluster == int(c);
    std::string label =
        "cluster " + std::to_string(c) + "  -> " + entryName(level, level.clusterWeather[c]);
    if (ImGui::Selectable(label.c_str(), shown) && !shown) chooseLevelWeather(app, "", int(c));
    ImGui::PopID();
  }
}

}  // namespace

void levelWeatherSection(App& app) {
  if (!app.preset || !app.preset->level) return;
  if (!ImGui::CollapsingHeader("Level weather", ImGuiTreeNodeFlags_DefaultOpen)) return;
  // The section may reload the preset: keep the level alive while drawing it.
  std::shared_ptr<const LevelChoice> level = app.preset->level;
  ImGui::Text("Showing: %s", entryName(*level, level->entry).c_str());
  entryList(app, *level);
  clusterList(app, *level);
}

}  // namespace fx::gui
