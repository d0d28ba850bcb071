// The viewer's own console commands: rows flagged `viewer` in engine/session/world_console.cpp,
// run here because they reach panels, the window or the document's file.
#include "app/gui/app.h"

#include <cstdlib>

#include "engine/core/paths.h"

namespace fx::gui {

namespace {

// The viewer's own console commands (rows flagged `viewer` in engine/session/world_console.cpp),
// each returning "" or an error.
std::string viewerOpen(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  if (t.size() < 2) return "usage: open PATH";
  if (requestOpen(app, toPath(t[1]))) return {};
  // Not open yet: a script must not go on as if it were (its `save` would save the old document).
  if (app.showOpenPrompt) return "unsaved edits: answer the prompt before " + t[1] + " opens";
  return "could not open " + t[1] + " (see the errors tab)";
}

std::string viewerScreenshotWindow(App& app, const ConsoleStatement& st) {
  app.pendingScreenshot = st.tokens.size() > 1 ? st.tokens[1] : defaultScreenshotPath();
  app.screenshotWindow = true;
  app.screenshotFrame = app.frameIndex + 1;
  return {};
}

std::string viewerChannel(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  if (t.size() != 4) return "usage: channel OBJECT NAME VALUE";
  char* end = nullptr;
  float v = std::strtof(t[3].c_str(), &end);
  if (end == t[3].c_str() || *end) return "VALUE: expected a number, got \"" + t[3] + "\"";
  return setObjectChannel(app, t[1], t[2], v);
}

std::string viewerCurve(App& app, const ConsoleStatement& st) {
  return runCurveCommand(app, st.tokens, st.rest(4));
}

std::string viewerInspect(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  size_t slash = t.size() == 2 ? t[1].find('/') : std::string::npos;
  if (slash == std::string::npos) return "usage: inspect EFFECT/POINTER";
  for (size_t i = 0; i < app.preset->effects.size(); ++i)
    if (app.preset->effects[i].placement.id == t[1].substr(0, slash)) {
      app.selectedEffect = int(i);
      app.settings.layout.showInspector = true;
      app.inspectorFocus = t[1].substr(slash);
      return {};
    }
  return "no effect with id \"" + t[1].substr(0, slash) + "\"";
}

std::string viewerWait(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  char* end = nullptr;
  long n = t.size() == 2 ? std::strtol(t[1].c_str(), &end, 10) : -1;
  if (n < 0 || n > 100000 || (end && *end)) return "usage: wait FRAMES (0..100000)";
  app.execResumeFrame = app.frameIndex + uint64_t(n);
  return {};
}

// `wait_loaded` holds a script while no document is open (runPendingExec); with one open it is
// already satisfied.
std::string viewerWaitLoaded(App&, const ConsoleStatement& st) {
  return st.tokens.size() == 1 ? std::string() : "usage: wait_loaded";
}

std::string viewerPanel(App& app, const ConsoleStatement& st) {
  for (int i = 0; i < 4; ++i)
    if (st.tokens.size() == 2 && st.tokens[1] == kBottomTabNames[i]) {
      showTab(app, BottomTab(i));
      return {};
    }
  // The windows the menus open, for scripted screenshots of them.
  const std::string which = st.tokens.size() == 2 ? st.tokens[1] : "";
  bool* window = which == "record"          ? &app.showRecord
                 : which == "about"         ? &app.showAbout
                 : which == "shortcuts"     ? &app.showShortcuts
                 : which == "bloom"         ? &app.showBloomPanel
                 : which == "scene_context" ? &app.settings.sceneContext.showWindow
                 : which == "cost"          ? &app.settings.sceneContext.showCost
                                            : nullptr;
  if (which == "record" && !app.preset) return "panel record: no preset is loaded";
  if (which == "camera") {  // the scene panel's Camera section, opened
    app.settings.layout.showScene = true;
    app.openCameraSection = true;
    return {};
  }
  if (!window)
    return "usage: panel console|errors|sequence|curves|record|about|shortcuts|camera|bloom|"
           "scene_context|cost";
  *window = true;
  return {};
}

std::string viewerLayout(App& app, const ConsoleStatement& st) {
  if (st.tokens.size() != 2 || st.tokens[1] != "reset") return "usage: layout reset";
  bool bottom = app.settings.layout.showBottom;
  app.settings.layout = LayoutSettings{};
  app.settings.layout.showBottom = bottom || app.settings.layout.showBottom;
  return {};
}

std::string viewerLevel(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  if (!app.preset || !app.preset->level) return "no .scenario_structure_bsp is open";
  if (t.size() == 3 && t[1] == "cluster") {
    char* end = nullptr;
    long n = std::strtol(t[2].c_str(), &end, 10);
    if (n < 0 || n > 65535 || (end && *end)) return "usage: level NAME | level cluster N";
    return chooseLevelWeather(app, "", int(n)) ? std::string() : app.loadDiagnostics.formatAll();
  }
  if (t.size() != 2) return "usage: level NAME | level cluster N";
  return chooseLevelWeather(app, t[1], std::nullopt) ? std::string()
                                                     : app.loadDiagnostics.formatAll();
}

struct ViewerCommand {
  std::string_view name;
  std::string (*run)(App&, const ConsoleStatement&);
};

constexpr ViewerCommand kViewerCommands[] = {
    {"open", viewerOpen},
    {"screenshot_window", viewerScreenshotWindow},
    {"channel", viewerChannel},
    {"curve", viewerCurve},
    {"inspect", viewerInspect},
    {"wait", viewerWait},
    {"panel", viewerPanel},
    {"layout", viewerLayout},
    {"bloom", viewerBloomControls},
    {"view", viewerView},
    {"level", viewerLevel},
    {"wait_loaded", viewerWaitLoaded},
    {"model", viewerModel},
    {"record", viewerRecord},
    {"ui_scale", viewerUiScale},
    {"font_size", viewerUiScale},
    {"autosave", viewerAutosave},
    {"recover", viewerRecover},
    {"pick", viewerPick},
    {"particles_csv", viewerParticlesCsv},
    {"pause_on_nan", viewerPauseOnNan},
    {"camera", viewerCamera},
    {"grid", viewerGrid},
    {"axes", viewerAxes},
    {"cost", viewerCost},
};

}  // namespace

std::string runViewerCommand(App& app, const ConsoleStatement& st) {
  for (const ViewerCommand& c : kViewerCommands)
    if (c.name == st.command()) return c.run(app, st);
  return "command \"" + st.command() + "\" is not available here";
}

}  // namespace fx::gui
