// The Scene Context window (View > Scene Context): what surrounds the effects. The backdrop
// (colour, vertical gradient or image) and the reference mesh belong to the preset and change
// through the console's `background` and `reference` commands (one undoable edit each, saved
// with it); the ground grid and the axis gizmo are the viewer's own, kept in its settings
// (`grid`, `axes`).
#include <imgui.h>

#include <cstdio>

#include "app/capture/frames.h"
#include "app/gui/app.h"
#include "engine/session/scene_console.h"

namespace fx::gui {

void beginPicture(App& app) {
  if (!app.renderer) return;
  if (app.preset) app.renderer->drawBackdrop(capture::backdropOf(*app.preset), app.view);
  app.renderer->beginGpuTimer();
}

void addSceneContext(const App& app, DebugDraw& debug) {
  const SceneContextSettings& c = app.settings.sceneContext;
  if (c.grid) debug.grid(10.0f, 1.0f, vec4(0.5f, 0.5f, 0.5f, 0.35f));  // as `render --grid`
  if (c.axes) debug.axes(Transform{}, 1.0f);
}

namespace {

std::string toggle(App& app, const ConsoleStatement& st, bool& flag, const char* name) {
  if (st.tokens.size() > 1) {
    auto b = parseConsoleBool(st.tokens[1]);
    if (!b) return "expected 0 or 1, got \"" + st.tokens[1] + "\"";
    flag = *b;
  }
  app.consoleLog.push_back({ConsoleLine::Output, std::string(name) + (flag ? " 1" : " 0")});
  return {};
}

std::string rgb(const ColorRgba& c) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%.3f %.3f %.3f", double(c.r), double(c.g), double(c.b));
  return buf;
}

// The backdrop's controls: each finished change is a `background` statement.
void backdropControls(App& app) {
  Scene& scene = app.preset->scene;
  BackgroundStyle b = scene.backgroundStyle;
  ColorRgba color = scene.background;
  int mode = int(b.mode);
  const char* modes[] = {"colour", "gradient", "image"};
  std::string line;
  if (ImGui::Combo("background", &mode, modes, 3)) {
    if (mode == 0) line = "background color " + rgb(color);
    if (mode == 1) line = "background gradient " + rgb(b.top) + " " + rgb(b.bottom);
    if (mode == 2 && !b.image.empty()) line = "background image \"" + b.image + "\"";
  }
  if (mode == 0) {
    ImGui::ColorEdit3("colour", &color.r);
    if (ImGui::IsItemDeactivatedAfterEdit()) line = "background color " + rgb(color);
  } else if (mode == 1) {
    ImGui::ColorEdit3("top", &b.top.r);
    bool done = ImGui::IsItemDeactivatedAfterEdit();
    ImGui::ColorEdit3("bottom", &b.bottom.r);
    if (done || ImGui::IsItemDeactivatedAfterEdit())
      line = "background gradient " + rgb(b.top) + " " + rgb(b.bottom);
  } else {
    static char path[1024];
    if (!ImGui::IsAnyItemActive()) std::snprintf(path, sizeof path, "%s", b.image.c_str());
    ImGui::InputTextWithHint("image", "a .png beside the preset", path, sizeof path);
    if (ImGui::IsItemDeactivatedAfterEdit())
      line = std::string("background image \"") + path + "\"";
  }
  if (!line.empty()) runPanelCommand(app, line);
}

// The reference mesh: the scene object "reference" whose model is an OBJ file.
void referenceControls(App& app) {
  static char path[1024];
  static float position[3] = {0, 0, 0};
  static float scale = 1.0f;
  const SceneObject* o = app.preset->scene.findObject(kReferenceObjectName);
  if (o && !ImGui::IsAnyItemActive()) {
    std::snprintf(path, sizeof path, "%s", o->model.c_str());
    position[0] = o->transform.position.x, position[1] = o->transform.position.y;
    position[2] = o->transform.position.z, scale = o->transform.scale;
  }
  ImGui::InputTextWithHint("mesh", "a Wavefront .obj", path, sizeof path);
  ImGui::DragFloat3("position", position, 0.05f);
  ImGui::DragFloat("scale", &scale, 0.01f, 0.001f, 1000.0f);
  if (ImGui::Button(o ? "Update reference" : "Place reference") && path[0]) {
    char line[1400];
    std::snprintf(line, sizeof line, "reference \"%s\" %g %g %g %g", path, double(position[0]),
                  double(position[1]), double(position[2]), double(scale));
    runPanelCommand(app, line);
  }
  if (o) {
    ImGui::SameLine();
    if (ImGui::Button("Remove")) runPanelCommand(app, "reference off");
  }
}

}  // namespace

std::string viewerGrid(App& app, const ConsoleStatement& st) {
  return toggle(app, st, app.settings.sceneContext.grid, "grid");
}

std::string viewerAxes(App& app, const ConsoleStatement& st) {
  return toggle(app, st, app.settings.sceneContext.axes, "axes");
}

void drawSceneContextWindow(App& app) {
  SceneContextSettings& c = app.settings.sceneContext;
  if (!c.showWindow) return;
  ImGui::SetNextWindowSize(ImVec2(360.0f * uiScaleOf(app), 0), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowPos(ImVec2(app.regions.viewport.x + 16, app.regions.viewport.y + 16),
                          ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Scene Context", &c.showWindow)) return ImGui::End();
  ImGui::Checkbox("Ground grid", &c.grid);
  ImGui::SameLine();
  ImGui::Checkbox("Axes", &c.axes);
  if (app.preset) {
    ImGui::Separator();
    ImGui::TextDisabled("Backdrop (saved in the preset)");
    backdropControls(app);
    ImGui::Separator();
    ImGui::TextDisabled("Reference mesh (saved in the preset)");
    referenceControls(app);
  } else {
    ImGui::TextDisabled("Open a preset to set its backdrop and reference mesh.");
  }
  ImGui::End();
}

}  // namespace fx::gui
