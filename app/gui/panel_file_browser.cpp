// The file browser drawn in ImGui (File > Open, Save As, Ctrl+O): the folder path with a parent
// button, folders and the files the chosen filter accepts, a name field, and Open / Save. Opening
// goes through requestOpen (unsaved-changes prompt, recent files); a bug-report bundle folder
// opens as a document.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/gui/app.h"
#include "engine/core/paths.h"
#include "engine/session/file_kinds.h"

namespace fx::gui {

namespace fs = std::filesystem;

namespace {

void finish(App& app, const fs::path& chosen) {
  FileBrowser& b = app.browser;
  if (chosen.empty()) return;
  if (b.choose) {
    if (std::string err = b.choose(chosen); !err.empty()) {
      b.error = err;
      return;
    }
  } else if (b.saving && b.onSave) {
    if (std::string err = b.onSave(chosen); !err.empty()) {
      b.error = err;
      return;
    }
    setStatus(app, "wrote " + toUtf8(chosen));
  } else if (b.saving) {
    std::string err = saveDocument(app, chosen);
    if (!err.empty() && !app.showOverwritePrompt) {
      b.error = "save: " + err;
      return;
    }
  } else {
    std::error_code ec;
    // A folder is browsed into, unless it opens as a document (a bug-report bundle).
    if (fs::is_directory(chosen, ec) && !opensAs(chosen, FileOpening::Bundle)) {
      browseTo(b, chosen);
      b.name.clear();
      return;
    }
    requestOpen(app, chosen);
  }
  b.visible = false;
  ImGui::CloseCurrentPopup();
}

void entryList(App& app) {
  FileBrowser& b = app.browser;
  float footer = ImGui::GetFrameHeightWithSpacing() * 2.5f;
  ImGui::BeginChild("##entries", ImVec2(0, -footer), true);
  if (ImGui::Selectable("..", false, ImGuiSelectableFlags_AllowDoubleClick) &&
      ImGui::IsMouseDoubleClicked(0))
    browseTo(b, b.dir.parent_path());
  fs::path next;
  for (const FileEntry& e : b.entries) {
    std::string label = e.directory ? e.name + "/" : e.name;
    if (e.bundle) label += "   (bug-report bundle)";
    bool selected = b.name == e.name;
    if (ImGui::Selectable(label.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick)) {
      b.name = e.name;
      if (ImGui::IsMouseDoubleClicked(0)) next = b.dir / toPath(e.name);
    }
    if (!e.directory) {
      ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - 90);
      ImGui::TextDisabled("%8.1f KiB", double(e.size) / 1024.0);
    }
  }
  if (b.truncated) ImGui::TextDisabled("(only the first %zu entries)", kMaxBrowserEntries);
  ImGui::EndChild();
  if (!next.empty()) finish(app, next);
}

}  // namespace

void chooseFile(App& app, const std::string& title, const std::string& button,
                const fs::path& suggested, std::function<std::string(const fs::path&)> onChoose) {
  FileBrowser& b = app.browser;
  b.visible = true;
  b.saving = true;
  b.error.clear();
  b.chooseTitle = title;
  b.chooseButton = button;
  b.choose = std::move(onChoose);
  fs::path start = suggested.has_parent_path() ? suggested.parent_path() : fs::current_path();
  b.name = toUtf8(suggested.filename());
  browseTo(b, fs::absolute(start));
}

void openFileBrowser(App& app, bool saving) {
  FileBrowser& b = app.browser;
  b.visible = true;
  b.saving = saving;
  b.choose = nullptr;
  b.onSave = nullptr;
  b.error.clear();
  // Save As offers the document's own name, or for a scene built around an opened file (a tag,
  // a Stride asset) a new preset beside it, never the opened file itself.
  fs::path suggested = app.presetPath;
  if (saving && !app.saveAsPath.empty())
    suggested = toPath(app.saveAsPath);
  else if (saving && app.preset)
    suggested = suggestedSaveAsPath(*app.preset);
  fs::path start = suggested.empty() ? fs::current_path() : suggested.parent_path();
  if (start.empty()) start = fs::current_path();
  b.name = saving && !suggested.empty() ? toUtf8(suggested.filename()) : "";
  app.saveAsPath.clear();
  browseTo(b, start);
}

void drawFileBrowser(App& app) {
  FileBrowser& b = app.browser;
  const std::string title = (b.choose   ? b.chooseTitle
                             : b.saving ? "Save as"
                                        : "Open") +
                            "###browser";
  if (b.visible && !ImGui::IsPopupOpen("###browser")) ImGui::OpenPopup(title.c_str());
  ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(760.0f, d.x - 40), std::min(520.0f, d.y - 40)),
                           ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(title.c_str(), &b.visible)) return;
  if (ImGui::Button("Up")) browseTo(b, b.dir.parent_path());
  ImGui::SameLine();
  std::string dir = toUtf8(b.dir);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputText("##dir", &dir, ImGuiInputTextFlags_EnterReturnsTrue))
    browseTo(b, toPath(dir));
  entryList(app);
  ImGui::SetNextItemWidth(-260);
  bool enter = ImGui::InputTextWithHint("##name", "file name", &b.name,
                                        ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(250);
  auto filters = fileFilters();
  if (ImGui::BeginCombo("##filter", std::string(filters[size_t(b.filter)].label).c_str())) {
    for (int i = 0; i < int(filters.size()); ++i)
      if (ImGui::Selectable(std::string(filters[size_t(i)].label).c_str(), i == b.filter)) {
        b.filter = i;
        browseTo(b, b.dir);
      }
    ImGui::EndCombo();
  }
  if (!b.error.empty()) ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", b.error.c_str());
  const std::string button = b.choose ? b.chooseButton : b.saving ? "Save" : "Open";
  if (ImGui::Button(button.c_str()) || enter) finish(app, browserSelection(b));
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) {
    b.visible = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace fx::gui
