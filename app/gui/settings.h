// What the viewer remembers between runs: the panel layout (splitter positions, which panels
// show, the bottom area's tab, the inspector's label column), the window size, the recent files,
// the bloom toggle and settings, the record dialog's choices, UI scale and font size, the
// autosave interval, the grid and axes and the Scene Context / Cost windows. Read at start and
// written at quit (atomically) as JSON in the user's config folder:
// $XDG_CONFIG_HOME/fxview/viewer.json, or ~/.config/fxview/viewer.json. Sizes are screen pixels.
// No ImGui here, so the model is tested without a window.
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
inline constexpr int kMaxAutosaveSeconds = 86400;

// File > Record's last choices (app/gui/panel_record.cpp).
struct RecordSettings {
  int kind = 2;          // capture::RecordKind: png, sequence, gif, video, sheet
  float seconds = 3.0f;  // from the current time
  float fps = 10.0f;
  int width = 640, height = 360;
  bool transparent = false;
  std::string folder;  // where the last one was written ("" = screenshots/)
};

// UI scale (75-250 %, on top of the monitor's content scale) and font size (points at 100 %).
inline constexpr float kMinUiScale = 0.75f, kMaxUiScale = 2.5f;
inline constexpr float kMinFontSize = 10.0f, kMaxFontSize = 24.0f;

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
  RecordSettings record;
  float uiScale = 1.0f;
  float fontSize = 15.0f;
  // The Bloom panel's values (View > Bloom settings, `bloom threshold 1.2`); `bloom` switches it.
  float bloomThreshold = 0.75f, bloomIntensity = 1.5f, bloomSoftKnee = 0.0f, exposure = 1.0f;
  int autosaveSeconds = 60;  // unsaved edits written for crash recovery this often; 0 = off
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
