// The frame's layout in ImGui: each panel window fills its region (layout.h), the splitters on
// the panels' borders resize them (dragging writes the persisted LayoutSettings), and the bottom
// area holds the console, errors, sequence and curves as tabs.
#include <imgui.h>

#include <algorithm>

#include "app/gui/app.h"

namespace fx::gui {

namespace {

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                    ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;

// A grab zone: a borderless window over `zone`; dragging it moves `size` (kept at 100 % UI
// scale) by the mouse delta times `sign`, over `scale`.
void splitter(const char* id, Rect zone, float& size, float sign, bool vertical, float scale) {
  if (zone.w <= 0.0f || zone.h <= 0.0f) return;
  placeWindow(zone);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  ImGui::Begin(id, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | kFixed |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::InvisibleButton("##grab", ImVec2(zone.w, zone.h));
  bool hot = ImGui::IsItemHovered() || ImGui::IsItemActive();
  if (hot) ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
  if (ImGui::IsItemActive()) {
    ImVec2 d = ImGui::GetIO().MouseDelta;
    size += sign * (vertical ? d.x : d.y) / scale;
  }
  if (hot)
    ImGui::GetWindowDrawList()->AddRectFilled(
        ImVec2(zone.x, zone.y), ImVec2(zone.right(), zone.bottom()), IM_COL32(120, 160, 255, 90));
  ImGui::End();
  ImGui::PopStyleVar(2);
}

}  // namespace

void placeWindow(const Rect& r) {
  ImGui::SetNextWindowPos(ImVec2(r.x, r.y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(r.w, r.h), ImGuiCond_Always);
}

void showTab(App& app, BottomTab tab) {
  app.settings.layout.showBottom = true;
  app.selectTab = tab;
}

void drawSplitters(App& app) {
  LayoutSettings& l = app.settings.layout;
  const Regions& r = app.regions;
  const float s = uiScaleOf(app);
  if (l.showScene)
    splitter("##split_scene",
             {r.scene.right() - kSplitterWidth, r.scene.y, kSplitterWidth, r.scene.h}, l.sceneWidth,
             1.0f, true, s);
  if (l.showInspector)
    splitter("##split_inspector", {r.inspector.x, r.inspector.y, kSplitterWidth, r.inspector.h},
             l.inspectorWidth, -1.0f, true, s);
  if (l.showBottom)
    splitter("##split_bottom", {r.bottom.x, r.bottom.y, r.bottom.w, kSplitterWidth}, l.bottomHeight,
             -1.0f, false, s);
  l.sceneWidth = std::clamp(l.sceneWidth, 120.0f, 4000.0f);
  l.inspectorWidth = std::clamp(l.inspectorWidth, 160.0f, 4000.0f);
  l.bottomHeight = std::clamp(l.bottomHeight, 60.0f, 4000.0f);
}

void drawBottomArea(App& app) {
  LayoutSettings& l = app.settings.layout;
  if (!l.showBottom || app.regions.bottom.h <= 0.0f) return;
  placeWindow(app.regions.bottom);
  ImGui::Begin("##bottom", nullptr, kFixed | ImGuiWindowFlags_NoTitleBar);
  if (ImGui::BeginTabBar("##tabs")) {
    std::optional<BottomTab> pick = std::exchange(app.selectTab, std::nullopt);
    auto tab = [&](BottomTab t, const std::string& label, void (*draw)(App&)) {
      ImGuiTabItemFlags f = pick && *pick == t ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(label.c_str(), nullptr, f)) {
        l.bottomTab = t;
        draw(app);
        ImGui::EndTabItem();
      }
    };
    size_t errors = errorCount(app);
    tab(BottomTab::Console, "Console", drawConsoleTab);
    tab(BottomTab::Errors,
        errors ? "Errors and warnings (" + std::to_string(errors) + ")###errors"
               : std::string("Errors and warnings###errors"),
        drawErrorsTab);
    tab(BottomTab::Sequence, "Sequence", drawSequenceTab);
    tab(BottomTab::Curves, "Curves", drawCurvesTab);
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace fx::gui
