// Help > About: what a bug report asks first (version, build, GL renderer, where fxview looks for
// its data and keeps its settings), copyable, and where the getting-started guide is.
#include <imgui.h>

#include <string>

#include "app/gui/app.h"
#include "engine/core/data_paths.h"
#include "engine/core/paths.h"

namespace fx::gui {

namespace fs = std::filesystem;

namespace {

#if defined(NDEBUG)
constexpr const char* kBuildType = "release";
#else
constexpr const char* kBuildType = "debug";
#endif

#if defined(_WIN32)
constexpr const char* kSystem = "Windows";
#else
constexpr const char* kSystem = "Linux";
#endif

// The getting-started guide shipped beside the presets ("" when this install has none).
std::string guidePath() {
  fs::path p = findDataFile("docs/getting-started.md");
  return p.empty() ? std::string() : toUtf8(p);
}

}  // namespace

std::string aboutText(const App& app) {
  std::string t = std::string("fxview ") + FXVIEW_VERSION + " (" + kBuildType + " build, " +
                  kSystem + ", " + __DATE__ + ")\n";
  t += "GL renderer: " + (app.glRenderer.empty() ? std::string("unknown") : app.glRenderer) + "\n";
  t += "Settings: " +
       (app.settingsFile.empty() ? std::string("not kept") : toUtf8(app.settingsFile)) + "\n";
  t += "Data folders, searched in order:\n" + dataSearchDescription();
  if (t.back() != '\n') t += '\n';
  std::string guide = guidePath();
  t += "Getting started: " + (guide.empty() ? std::string("docs/getting-started.md") : guide) +
       " (README.md links it)\n";
  return t;
}

void drawAbout(App& app) {
  if (!app.showAbout) return;
  ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(d.x * 0.9f, d.y * 0.9f));
  ImGui::Begin("About fxview", &app.showAbout,
               ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  std::string text = aboutText(app);
  ImGui::TextUnformatted(text.c_str());
  ImGui::Separator();
  if (ImGui::Button("Copy")) ImGui::SetClipboardText(text.c_str());
  ImGui::SameLine();
  std::string guide = guidePath();
  if (!guide.empty()) {
    ImGui::SameLine();
    if (ImGui::Button("Copy the guide's path")) ImGui::SetClipboardText(guide.c_str());
  }
  ImGui::End();
}

}  // namespace fx::gui
