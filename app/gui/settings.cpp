#include "app/gui/settings.h"

#include <algorithm>
#include <cstdlib>

#include "engine/core/paths.h"
#include "engine/core/platform.h"

namespace fx::gui {

namespace fs = std::filesystem;

fs::path settingsPath() {
  const fs::path folder = platform::settingsFolder();
  return folder.empty() ? fs::path() : folder / "viewer.json";
}

Json settingsToJson(const ViewerSettings& s) {
  const LayoutSettings& l = s.layout;
  return {{"version", 1},
          {"window", {s.windowWidth, s.windowHeight}},
          {"layout",
           {{"scene_width", l.sceneWidth},
            {"inspector_width", l.inspectorWidth},
            {"bottom_height", l.bottomHeight},
            {"inspector_label_width", l.inspectorLabelWidth},
            {"show_scene", l.showScene},
            {"show_inspector", l.showInspector},
            {"show_bottom", l.showBottom},
            {"bottom_tab", kBottomTabNames[int(l.bottomTab)]}}},
          {"scene_context",
           {{"grid", s.sceneContext.grid},
            {"axes", s.sceneContext.axes},
            {"show_window", s.sceneContext.showWindow},
            {"show_cost", s.sceneContext.showCost}}},
          {"recent_files", s.recentFiles},
          {"bloom", s.bloom},
          {"record",
           {{"kind", s.record.kind},
            {"seconds", s.record.seconds},
            {"fps", s.record.fps},
            {"size", {s.record.width, s.record.height}},
            {"transparent", s.record.transparent},
            {"folder", s.record.folder}}},
          {"ui", {{"scale", s.uiScale}, {"font_size", s.fontSize}}},
          {"bloom_settings",
           {{"threshold", s.bloomThreshold},
            {"intensity", s.bloomIntensity},
            {"soft_knee", s.bloomSoftKnee},
            {"exposure", s.exposure}}},
          {"autosave_seconds", s.autosaveSeconds}};
}

namespace {

float number(const Json& o, const char* key, float fallback, float lo, float hi) {
  if (!o.contains(key) || !o[key].is_number()) return fallback;
  return std::clamp(o[key].get<float>(), lo, hi);
}
bool flag(const Json& o, const char* key, bool fallback) {
  return o.contains(key) && o[key].is_boolean() ? o[key].get<bool>() : fallback;
}

}  // namespace

ViewerSettings settingsFromJson(const Json& j) {
  ViewerSettings s;
  if (!j.is_object()) return s;
  if (j.contains("window") && j["window"].is_array() && j["window"].size() == 2 &&
      j["window"][0].is_number_integer() && j["window"][1].is_number_integer()) {
    s.windowWidth = std::clamp(j["window"][0].get<int>(), 320, 16384);
    s.windowHeight = std::clamp(j["window"][1].get<int>(), 240, 16384);
  }
  if (j.contains("layout") && j["layout"].is_object()) {
    const Json& l = j["layout"];
    LayoutSettings& o = s.layout;
    o.sceneWidth = number(l, "scene_width", o.sceneWidth, 80.0f, 4000.0f);
    o.inspectorWidth = number(l, "inspector_width", o.inspectorWidth, 80.0f, 4000.0f);
    o.bottomHeight = number(l, "bottom_height", o.bottomHeight, 40.0f, 4000.0f);
    o.inspectorLabelWidth =
        number(l, "inspector_label_width", o.inspectorLabelWidth, 40.0f, 4000.0f);
    o.showScene = flag(l, "show_scene", o.showScene);
    o.showInspector = flag(l, "show_inspector", o.showInspector);
    o.showBottom = flag(l, "show_bottom", o.showBottom);
    if (l.contains("bottom_tab") && l["bottom_tab"].is_string())
      for (int t = 0; t < 4; ++t)
        if (l["bottom_tab"].get<std::string>() == kBottomTabNames[t]) o.bottomTab = BottomTab(t);
  }
  if (j.contains("scene_context") && j["scene_context"].is_object()) {
    const Json& c = j["scene_context"];
    SceneContextSettings& o = s.sceneContext;
    o.grid = flag(c, "grid", o.grid);
    o.axes = flag(c, "axes", o.axes);
    o.showWindow = flag(c, "show_window", o.showWindow);
    o.showCost = flag(c, "show_cost", o.showCost);
  }
  if (j.contains("recent_files") && j["recent_files"].is_array())
    for (const Json& f : j["recent_files"])
      if (f.is_string() && s.recentFiles.size() < kMaxRecentFiles && !f.get<std::string>().empty())
        s.recentFiles.push_back(f.get<std::string>());
  s.bloom = flag(j, "bloom", s.bloom);
  if (j.contains("record") && j["record"].is_object()) {
    const Json& r = j["record"];
    RecordSettings& o = s.record;
    o.kind = int(number(r, "kind", float(o.kind), 0.0f, 4.0f));
    o.seconds = number(r, "seconds", o.seconds, 0.1f, 3600.0f);
    o.fps = number(r, "fps", o.fps, 1.0f, 240.0f);
    if (r.contains("size") && r["size"].is_array() && r["size"].size() == 2 &&
        r["size"][0].is_number_integer() && r["size"][1].is_number_integer()) {
      o.width = std::clamp(r["size"][0].get<int>(), 16, 8192);
      o.height = std::clamp(r["size"][1].get<int>(), 16, 8192);
    }
    o.transparent = flag(r, "transparent", o.transparent);
    if (r.contains("folder") && r["folder"].is_string()) o.folder = r["folder"].get<std::string>();
  }
  if (j.contains("ui") && j["ui"].is_object()) {
    s.uiScale = number(j["ui"], "scale", s.uiScale, kMinUiScale, kMaxUiScale);
    s.fontSize = number(j["ui"], "font_size", s.fontSize, kMinFontSize, kMaxFontSize);
  }
  if (j.contains("bloom_settings") && j["bloom_settings"].is_object()) {
    const Json& b = j["bloom_settings"];  // BloomLook::reflect's ranges
    s.bloomThreshold = number(b, "threshold", s.bloomThreshold, 0.0f, 64.0f);
    s.bloomIntensity = number(b, "intensity", s.bloomIntensity, 0.0f, 16.0f);
    s.bloomSoftKnee = number(b, "soft_knee", s.bloomSoftKnee, 0.0f, 1.0f);
    s.exposure = number(b, "exposure", s.exposure, 0.0f, 64.0f);
  }
  if (j.contains("autosave_seconds") && j["autosave_seconds"].is_number_integer())
    s.autosaveSeconds = std::clamp(j["autosave_seconds"].get<int>(), 0, kMaxAutosaveSeconds);
  return s;
}

ViewerSettings loadSettings(const fs::path& path, std::string& warning) {
  std::error_code ec;
  if (path.empty() || !fs::exists(path, ec)) return {};
  Diagnostics diags;
  auto json = loadJsonFile(path, toUtf8(path), diags);
  if (!json || !json->is_object()) {
    warning = json ? toUtf8(path) + ": expected an object; using the default layout"
                   : diags.formatAll() + "using the default layout";
    return {};
  }
  return settingsFromJson(*json);
}

std::string saveSettings(const ViewerSettings& settings, const fs::path& path) {
  if (path.empty()) return {};
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec) return toUtf8(path.parent_path()) + ": " + ec.message();
  return writeFileAtomic(path, settingsToJson(settings).dump(2) + "\n");
}

void addRecentFile(ViewerSettings& settings, const fs::path& path) {
  std::error_code ec;
  fs::path abs = fs::weakly_canonical(fs::absolute(path, ec), ec);
  std::string p = toUtf8(abs.empty() ? path : abs);
  auto& list = settings.recentFiles;
  list.erase(std::remove(list.begin(), list.end(), p), list.end());
  list.insert(list.begin(), p);
  if (list.size() > kMaxRecentFiles) list.resize(kMaxRecentFiles);
}

}  // namespace fx::gui
