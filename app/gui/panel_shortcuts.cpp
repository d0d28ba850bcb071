// F1: every keyboard shortcut and mouse gesture of the viewer, in one window.
#include <imgui.h>

#include "app/gui/app.h"

namespace fx::gui {

namespace {

struct Shortcut {
  const char* keys;
  const char* what;
};

constexpr Shortcut kShortcuts[] = {
    {"Space", "play / pause"},
    {".", "one fixed step (held: repeats)"},
    {"R", "restart at time 0 with the same seed"},
    {"F", "frame the selected effect (the whole scene when it draws nothing)"},
    {"Home", "back to the preset's camera"},
    {"A", "frame all effects"},
    {"1 / 2 / 3 / 4 / 7", "front / back / right / left / top view (keypad or digit row)"},
    {"5", "orthographic / perspective"},
    {"View gizmo", "click an axis (top right of the picture) to look along it"},
    {"~", "console (the bottom area's Console tab)"},
    {"F1", "this list"},
    {"F12", "screenshot of the picture area into screenshots/"},
    {"Ctrl+O", "open a file (File > Open)"},
    {"Ctrl+S", "save"},
    {"Ctrl+Shift+S", "save as"},
    {"Ctrl+Z", "undo"},
    {"Ctrl+Y, Ctrl+Shift+Z", "redo"},
    {"Ctrl+Q", "quit (asks about unsaved edits)"},
    {"Left drag", "orbit the camera"},
    {"Right / middle drag", "pan"},
    {"Wheel", "zoom"},
    {"Drop files on the window", "open the first one"},
    {"Curve editor", "drag a key to move it, double-click to add one, right-click to delete"},
};

}  // namespace

void drawShortcuts(App& app) {
  if (!app.showShortcuts) return;
  ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::Begin("Shortcuts", &app.showShortcuts,
               ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    for (const Shortcut& s : kShortcuts) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(ImVec4(0.6f, 0.8f, 1.0f, 1), "%s", s.keys);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(s.what);
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace fx::gui
