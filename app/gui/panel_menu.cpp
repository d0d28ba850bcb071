// The main menu bar: File (Open, Open Recent, Save, Save As, Reload, Record, Save Bug Report,
// Quit), View (panels, bloom, overdraw view, UI scale, reset layout) and Help (shortcuts, about);
// the overdraw view's numbers at its right.
#include <imgui.h>

#include "app/gui/app.h"
#include "engine/core/paths.h"

namespace fx::gui {

namespace {

void fileMenu(App& app) {
  if (!ImGui::BeginMenu("File")) return;
  if (ImGui::MenuItem("Open...", "Ctrl+O")) openFileBrowser(app, false);
  if (ImGui::BeginMenu("Open Recent", !app.settings.recentFiles.empty())) {
    std::string chosen;
    for (const auto& f : app.settings.recentFiles)
      if (ImGui::MenuItem(f.c_str())) chosen = f;
    ImGui::Separator();
    if (ImGui::MenuItem("Clear list")) app.settings.recentFiles.clear();
    ImGui::EndMenu();
    if (!chosen.empty()) requestOpen(app, toPath(chosen));
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Save", "Ctrl+S", false, app.preset != nullptr)) {
    std::string err = saveDocument(app, {});
    if (!err.empty()) app.runtimeErrors.push_back("save: " + err);
  }
  if (ImGui::MenuItem("Save As...", "Ctrl+Shift+S", false, app.preset != nullptr))
    openFileBrowser(app, true);
  if (ImGui::MenuItem("Reload", nullptr, false, app.preset != nullptr)) reloadDocument(app);
  ImGui::Separator();
  if (ImGui::MenuItem("Record...", nullptr, false, app.preset != nullptr)) app.showRecord = true;
  if (ImGui::MenuItem("Save Bug Report...", nullptr, false, app.preset != nullptr))
    openBugReportChooser(app);
  ImGui::Separator();
  if (ImGui::MenuItem("Quit", "Ctrl+Q")) app.quitRequested = true;
  ImGui::EndMenu();
}

void viewMenu(App& app) {
  if (!ImGui::BeginMenu("View")) return;
  LayoutSettings& l = app.settings.layout;
  ImGui::MenuItem("Scene panel", nullptr, &l.showScene);
  ImGui::MenuItem("Inspector", nullptr, &l.showInspector);
  ImGui::MenuItem("Bottom area", nullptr, &l.showBottom);
  if (ImGui::MenuItem("Console", "~")) showTab(app, BottomTab::Console);
  if (ImGui::MenuItem("Sequence panel")) showTab(app, BottomTab::Sequence);
  if (ImGui::MenuItem("Curve editor")) showTab(app, BottomTab::Curves);
  ImGui::Separator();
  ImGui::MenuItem("Bloom", nullptr, &app.settings.bloom);
  ImGui::MenuItem("Bloom settings...", nullptr, &app.showBloomPanel);
  ImGui::MenuItem("Overdraw", nullptr, &app.overdrawView);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", "Particle layers per pixel on a colour ramp (README: Overdraw view)");
  ImGui::Separator();
  float percent = app.settings.uiScale * 100.0f;
  if (ImGui::SliderFloat("UI scale", &percent, kMinUiScale * 100.0f, kMaxUiScale * 100.0f,
                         "%.0f %%"))
    app.settings.uiScale = percent / 100.0f;
  ImGui::SliderFloat("Font size", &app.settings.fontSize, kMinFontSize, kMaxFontSize, "%.0f");
  ImGui::Separator();
  ImGui::MenuItem("Scene Context", nullptr, &app.settings.sceneContext.showWindow);
  ImGui::MenuItem("Cost", nullptr, &app.settings.sceneContext.showCost);
  ImGui::MenuItem("Ground grid", nullptr, &app.settings.sceneContext.grid);
  ImGui::MenuItem("Axes", nullptr, &app.settings.sceneContext.axes);
  ImGui::Separator();
  if (ImGui::MenuItem("Reset layout")) app.settings.layout = LayoutSettings{};
  ImGui::EndMenu();
}

}  // namespace

void drawMenuBar(App& app) {
  if (!ImGui::BeginMainMenuBar()) return;
  fileMenu(app);
  viewMenu(app);
  if (ImGui::BeginMenu("Help")) {
    if (ImGui::MenuItem("Shortcuts", "F1")) app.showShortcuts = true;
    if (ImGui::MenuItem("About fxview")) app.showAbout = true;
    ImGui::EndMenu();
  }
  overdrawMenuText(app);
  ImGui::EndMainMenuBar();
  drawBloomPanel(app);  // applies the view settings to the renderer, panel shown or not
}

}  // namespace fx::gui
