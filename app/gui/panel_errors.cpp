// The errors tab (`file: /pointer: message` from loading, reloading and edits; renderer
// warnings; messages an effect reports the game would halt on) and the modal prompts (unsaved
// changes on quit and on open; Save As opens the file browser).
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include <utility>

#include "app/gui/app.h"
#include "engine/core/file_write.h"
#include "engine/core/paths.h"

namespace fx::gui {

namespace {

// Effect runtime messages are collected each frame, never accumulated.
std::vector<std::string> effectMessages(const App& app) {
  std::vector<std::string> out;
  if (app.world)
    for (size_t i = 0; i < app.world->effects().size(); ++i)
      for (auto& m : app.world->stats(i).messages)
        out.push_back(app.world->effects()[i].entry->placement.id + ": " + m);
  return out;
}

}  // namespace

size_t errorCount(const App& app) {
  return app.loadDiagnostics.items.size() + app.runtimeErrors.size() + effectMessages(app).size();
}

void drawErrorsTab(App& app) {
  std::vector<std::string> messages = effectMessages(app);
  if (app.runtimeErrors.size() > 200)
    app.runtimeErrors.erase(app.runtimeErrors.begin(), app.runtimeErrors.end() - 200);
  size_t errors = app.loadDiagnostics.errorCount() + app.runtimeErrors.size();
  ImGui::Text("%zu errors, %zu warnings", errors,
              app.loadDiagnostics.warningCount() + messages.size());
  ImGui::SameLine();
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
  for (const auto& m : messages) ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.35f, 1), "%s", m.c_str());
  ImGui::EndChild();
}

namespace {

// Save As onto an existing preset, and files changed on disk under unsaved edits.
void drawSavePrompts(App& app, ImVec2 centre) {
  if (std::exchange(app.showOverwritePrompt, false)) ImGui::OpenPopup("Replace file?");
  if (std::exchange(app.showConflictPrompt, false)) ImGui::OpenPopup("Changed on disk");
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::BeginPopupModal("Replace file?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("%s already exists.", toUtf8(app.pendingSaveAs).c_str());
    ImGui::TextDisabled("Replacing it writes this preset, and the files it needs, over it.");
    if (ImGui::Button("Replace")) {
      std::string err = saveDocument(app, app.pendingSaveAs, true);
      if (!err.empty()) app.runtimeErrors.push_back("save: " + err);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::BeginPopupModal("Changed on disk", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("Changed on disk since fxview read it, while you have unsaved edits:");
    for (const auto& p : app.conflicts) ImGui::BulletText("%s", toUtf8(p).c_str());
    if (ImGui::Button("Reload (drop my edits)")) {
      openAndRemember(app, app.presetPath);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Keep mine (overwrite)")) {
      std::string err = saveDocument(app, {}, true);
      if (!err.empty()) app.runtimeErrors.push_back("save: " + err);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Save as...")) {
      openFileBrowser(app, true);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

// Save onto read-only files (a Perforce file not checked out, a protected stock tag).
void drawReadOnlyPrompt(App& app, ImVec2 centre) {
  if (std::exchange(app.showReadOnlyPrompt, false)) ImGui::OpenPopup("Read-only file");
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal("Read-only file", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::Text("These files are read-only (no write permission); nothing was written:");
  for (const auto& p : app.readOnlyFiles) {
    auto mode = readOnlyMode(p);
    ImGui::BulletText("%s (mode %04o)", toUtf8(p).c_str(), mode ? *mode : 0u);
  }
  if (ImGui::Button("Make writable and save")) {
    std::string err = saveDocument(app, app.readOnlySavePath, app.readOnlySaveOverwrite, true);
    if (!err.empty()) app.runtimeErrors.push_back("save: " + err);
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace

void drawPrompts(App& app) {
  if (app.showQuitPrompt) {
    ImGui::OpenPopup("Unsaved changes");
    app.showQuitPrompt = false;
  }
  ImVec2 centre(ImGui::GetIO().DisplaySize.x * 0.5f, ImGui::GetIO().DisplaySize.y * 0.5f);
  if (app.showOpenPrompt) {
    ImGui::OpenPopup("Unsaved changes##open");
    app.showOpenPrompt = false;
  }
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::BeginPopupModal("Unsaved changes##open", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("%s has unsaved edits.", toUtf8(app.presetPath).c_str());
    ImGui::Text("Open %s?", toUtf8(app.pendingOpen).c_str());
    if (ImGui::Button("Save and open")) {
      std::string err = saveDocument(app, {});
      if (err.empty())
        openAndRemember(app, app.pendingOpen);
      else
        app.runtimeErrors.push_back("save: " + err);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Open without saving")) {
      openAndRemember(app, app.pendingOpen);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("%s has unsaved edits.", toUtf8(app.presetPath).c_str());
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
    app.showSaveAs = false;
    openFileBrowser(app, true);
  }
  drawSavePrompts(app, centre);
  drawReadOnlyPrompt(app, centre);
}

}  // namespace fx::gui
