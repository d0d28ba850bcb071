// What the viewer remembers between runs: the panel layout (splitter positions, which panels
// show, the bottom area's tab, the inspector's label column), the window size, the recent files and
// the bloom toggle, the grid and axes and the Scene Context / Cost windows. Read at start and
// written at quit (atomically) as JSON in the user's config folder:
// $XDG_CONFIG_HOME/fxview/viewer.json, or ~/.config/fxview/viewer.json. Sizes are screen pixels. No
// ImGui here, so the model is tested without a window.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/json.h"

namespace fx::gui {

enum class BottomTab : int { Console, Errors, Sequence, Curves };
inline constexpr const char* kBottomTabNames[] = {"console", "errors", "sequence", "curves"};

struct LayoutSettings {
  float sceneWidth = 290.0f;           // left panel
  float inspectorWidth = 400.0f;       // right panel
  float bottomHeight = 240.0f;         // console / errors / sequence / curves, under the picture
  float inspectorLabelWidth = 170.0f;  // the inspector's label column (its splitter)
  bool showScene = true;
  bool showInspector = true;
  bool showBottom = true;
  BottomTab bottomTab = BottomTab::Errors;
};

inline constexpr size_t kMaxRecentFiles = 10;

// The viewer's scene context (panel_scene_context.cpp): the ground grid and the world axis gizmo
// drawn over every preset, and which of the Scene Context and Cost windows are open.
struct SceneContextSettings {
  bool grid = false;
  bool axes = false;
  bool showWindow = false;  // the Scene Context window
  bool showCost = false;    // the Cost window (panel_cost.cpp)
};

struct ViewerSettings {
  LayoutSettings layout;
  SceneContextSettings sceneContext;
  int windowWidth = 1280, windowHeight = 800;
  std::vector<std::string> recentFiles;  // absolute paths, newest first
  bool bloom = false;
};

// The settings file; "" when neither XDG_CONFIG_HOME nor HOME is set (nothing is remembered).
std::filesystem::path settingsPath();
// Missing file: defaults, no warning. A malformed one: defaults and a warning naming the file.
// Out-of-range values are clamped, unknown keys ignored.
ViewerSettings loadSettings(const std::filesystem::path& path, std::string& warning);
std::string saveSettings(const ViewerSettings& settings, const std::filesystem::path& path);
Json settingsToJson(const ViewerSettings& settings);
ViewerSettings settingsFromJson(const Json& json);

// `path` made absolute and moved to the front of the recent files (duplicates dropped, capped).
void addRecentFile(ViewerSettings& settings, const std::filesystem::path& path);

}  // namespace fx::gui
