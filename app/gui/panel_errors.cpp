// The errors panel (`file: /pointer: message` from loading, reloading and edits; renderer
// warnings; messages an effect reports the game would halt on) and the modal prompts (unsaved
// changes on quit, save as).
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "app/gui/app.h"
#include "app/gui/layout.h"

namespace fx::gui {

void drawErrors(App& app) {
  // Effect runtime messages are collected each frame, never accumulated.
  std::vector<std::string> effectMessages;
  if (app.world)
    for (size_t i = 0; i < app.world->effects().size(); ++i)
      for (auto& m : app.world->stats(i).messages)
        effectMessages.push_back(app.world->effects()[i].entry->placement.id + ": " + m);
  if (app.runtimeErrors.size() > 200)
    app.runtimeErrors.erase(app.runtimeErrors.begin(), app.runtimeErrors.end() - 200);
  if (app.loadDiagnostics.items.empty() && app.runtimeErrors.empty() && effectMessages.empty())
    return;

  ImVec2 d = layout::display();
  float left = app.showScene ? layout::kSceneWidth : 0.0f;
  float right = app.showInspector ? d.x - layout::kInspectorWidth : d.x;
  float bottom = app.showConsole ? d.y - layout::kConsoleHeight : d.y;
  float height = 150.0f;
  ImGui::SetNextWindowPos(ImVec2(left, bottom - height), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(right - left, height), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.85f);
  size_t errors = app.loadDiagnostics.errorCount() + app.runtimeErrors.size();
  std::string title = "Errors (" + std::to_string(errors) + ") and warnings (" +
                      std::to_string(app.loadDiagnostics.warningCount() + effectMessages.size()) +
                      ")###errors";
  ImGui::Begin(title.c_str(), nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
  if (ImGui::SmallButton("Clear")) {
    app.loadDiagnostics.items.clear();
    app.runtimeErrors.clear();
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("Copy")) {
    std::string all = app.loadDiagnostics.formatAll();
    for (auto& e : app.runtimeErrors) all += e + "\n";
    ImGui::SetClipboardText(all.c_str());
  }
  ImGui::Separator();
  ImGui::BeginChild("##diag", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  for (const auto& item : app.loadDiagnostics.items) {
    ImVec4 c = item.severity == Severity::Error ? ImVec4(1.0f, 0.45f, 0.4f, 1)
                                                : ImVec4(1.0f, 0.8f, 0.35f, 1);
    ImGui::TextColored(c, "%s", format(item).c_str());
  }
  for (const auto& e : app.runtimeErrors)
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1), "%s", e.c_str());
  for (const auto& m : effectMessages)
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.35f, 1), "%s", m.c_str());
  ImGui::EndChild();
  ImGui::End();
}

void drawPrompts(App& app) {
  if (app.showQuitPrompt) {
    ImGui::OpenPopup("Unsaved changes");
    app.showQuitPrompt = false;
  }
  ImVec2 centre(layout::display().x * 0.5f, layout::display().y * 0.5f);
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("%s has unsaved edits.", app.presetPath.string().c_str());
    if (ImGui::Button("Save and quit")) {
      std::string err = saveDocument(app, {});
      if (err.empty())
        app.quitRequested = app.quitConfirmed = true;
      else
        app.runtimeErrors.push_back("save: " + err);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Quit without saving")) {
      app.quitRequested = app.quitConfirmed = true;
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  if (app.showSaveAs) {
    ImGui::OpenPopup("Save as");
    app.showSaveAs = false;
  }
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::BeginPopupModal("Save as", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextUnformatted("Preset path (definition files are saved in place):");
    ImGui::SetNextItemWidth(480);
    bool enter = ImGui::InputText("##path", &app.saveAsPath, ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::Button("Save") || enter) {
      std::string err = saveDocument(app, app.saveAsPath);
      if (!err.empty()) app.runtimeErrors.push_back("save: " + err);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

}  // namespace fx::gui
