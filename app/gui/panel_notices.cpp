// What the picture area says when it has nothing else to show or something is off: a document
// that did not open (its errors over the viewport, not only a count on a tab), the empty start,
// a reload that failed while the last good state keeps running, and a glow tag opened without a
// model (the .gbxmodel files beside it or under its tags folder, one click away).
#include <imgui.h>

#include <algorithm>
#include <iostream>

#include "app/gui/app.h"
#include "engine/core/paths.h"
#include "engine/session/file_kinds.h"
#include "engine/session/tag_scene.h"

namespace fx::gui {

namespace fs = std::filesystem;

namespace {

constexpr ImGuiWindowFlags kNoticeFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
    ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing |
    ImGuiWindowFlags_NoNav;

// A window over the picture area: centred (`top` false) or along its top edge.
bool beginNotice(const App& app, const char* id, bool top, float maxWidth) {
  const Rect& v = app.regions.viewport;
  float w = std::min(maxWidth, std::max(120.0f, v.w - 32.0f));
  ImVec2 pos =
      top ? ImVec2(v.x + v.w * 0.5f, v.y + 12.0f) : ImVec2(v.x + v.w * 0.5f, v.y + v.h * 0.45f);
  ImGui::SetNextWindowPos(pos, ImGuiCond_Always, ImVec2(0.5f, top ? 0.0f : 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(w, v.h - 24.0f));
  ImGui::SetNextWindowBgAlpha(0.88f);
  return ImGui::Begin(id, nullptr, kNoticeFlags);
}

void loadErrorNotice(App& app) {
  const Rect& v = app.regions.viewport;
  if (v.w < 60.0f || v.h < 60.0f) return;
  if (!beginNotice(app, "##load_error", false, 760.0f)) return ImGui::End();
  float wrap = std::min(736.0f, std::max(100.0f, v.w - 56.0f));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
  if (app.presetPath.empty()) {
    ImGui::TextUnformatted("No document is open.");
    ImGui::TextDisabled(
        "File > Open (Ctrl+O), drop a file on the window, or in the console (~): "
        "load PRESET");
  } else {
    ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.45f, 1), "%s did not open",
                       toUtf8(app.presetPath).c_str());
    ImGui::Separator();
    size_t shown = 0;
    for (const auto& d : app.loadDiagnostics.items) {
      if (shown == 12) {
        ImGui::TextDisabled("... %zu more in the Errors tab",
                            app.loadDiagnostics.items.size() - shown);
        break;
      }
      ImVec4 c =
          d.severity == Severity::Error ? ImVec4(1, 0.75f, 0.7f, 1) : ImVec4(1, 0.9f, 0.6f, 1);
      ImGui::TextColored(c, "%s", format(d).c_str());
      ++shown;
    }
    ImGui::Separator();
    ImGui::TextDisabled(
        "Fix the file and save it: fxview opens it as soon as it reads. Or open "
        "another (File > Open).");
  }
  ImGui::PopTextWrapPos();
  ImGui::End();
}

// The model offer for a glow opened on its own (candidates looked up once per document).
void modelNotice(App& app) {
  const Preset& p = *app.preset;
  if (p.openedFile.empty() || p.scene.objects.size() != 1 || !p.scene.objects[0].model.empty() ||
      !opensAs(p.openedFile, FileOpening::EffectTag) || app.modelNoticeClosed == p.openedFile)
    return;
  if (app.modelCandidatesOf != p.openedFile) {
    app.modelCandidatesOf = p.openedFile;
    app.modelCandidates = modelCandidatesFor(p.openedFile, toPath(app.args.tagsDir));
  }
  if (app.modelCandidates.empty()) return;
  if (!beginNotice(app, "##model_offer", true, 900.0f)) return ImGui::End();
  ImGui::TextUnformatted("This glow sits on an empty object (no markers). Show it on");
  for (size_t i = 0; i < app.modelCandidates.size() && i < 3; ++i) {
    ImGui::SameLine();
    const fs::path& m = app.modelCandidates[i];
    ImGui::PushID(int(i));
    if (ImGui::SmallButton(toUtf8(m.filename()).c_str()))
      runPanelCommand(app, "model \"" + toGenericUtf8(m) + "\"");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", toUtf8(m).c_str());
    ImGui::PopID();
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("x")) app.modelNoticeClosed = p.openedFile;
  ImGui::End();
}

// A reload that failed: the picture is the last good state, not the file on disk.
void staleNotice(App& app) {
  const bool stale = app.runningLastGood;
  if (!stale || !beginNotice(app, "##stale", true, 900.0f)) {
    if (stale) ImGui::End();
    return;
  }
  ImGui::TextColored(ImVec4(1, 0.8f, 0.5f, 1),
                     "The file on disk has errors (Errors tab): this is its last good state.");
  ImGui::SameLine();
  if (ImGui::SmallButton("Show errors")) showTab(app, BottomTab::Errors);
  ImGui::End();
}

}  // namespace

void drawViewportNotices(App& app) {
  if (!app.preset) return loadErrorNotice(app);
  staleNotice(app);
  modelNotice(app);
}

// `model PATH`: shows an opened glow tag on PATH (.gbxmodel), reopening it as File > Open does
// (asking first about unsaved edits); `model` alone lists the candidates.
std::string viewerModel(App& app, const ConsoleStatement& st) {
  if (!app.preset || app.preset->openedFile.empty() ||
      !opensAs(app.preset->openedFile, FileOpening::EffectTag))
    return "model: only a .glow tag opened on its own takes a model";
  if (st.tokens.size() == 1) {
    auto found = modelCandidatesFor(app.preset->openedFile, toPath(app.args.tagsDir));
    if (found.empty()) return "no .gbxmodel beside the tag or under its tags folder";
    for (const auto& m : found) {
      app.consoleLog.push_back({ConsoleLine::Output, toUtf8(m)});
      std::cout << "model candidate " << toUtf8(m) << "\n";  // for --exec scripts
    }
    return {};
  }
  if (st.tokens.size() != 2) return "usage: model [PATH.gbxmodel]";
  std::string old = app.args.model;
  app.args.model = st.tokens[1];
  const fs::path glow = app.preset->openedFile;  // a copy: opening replaces the preset
  if (requestOpen(app, glow)) {
    const std::string done =
        toUtf8(glow.filename()) + " on " + st.tokens[1] + ": " +
        std::to_string(app.preset->scene.objects.empty()
                           ? 0
                           : app.preset->scene.objects[0].modelMarkers.size()) +
        " markers";
    app.consoleLog.push_back({ConsoleLine::Output, done});
    std::cout << "model " << done << "\n";
    return {};
  }
  if (app.showOpenPrompt) return "unsaved edits: answer the prompt first";
  app.args.model = old;
  return "could not open the glow on " + st.tokens[1] + " (see the errors tab)";
}

}  // namespace fx::gui
