// The picture's view settings: the overdraw view (View > Overdraw, `view overdraw|normal`) with its
// max / mean layer count in the menu bar, and the Bloom panel (View > Bloom settings...: on/off,
// threshold, intensity, soft knee, exposure; `bloom threshold 1.2`), its values kept in the viewer
// settings and copied from or into the open preset's `bloom` object.
#include <imgui.h>

#include "app/cli/view_options.h"
#include "app/gui/app.h"

namespace fx::gui {

BloomLook viewerBloomLook(const ViewerSettings& s) {
  return {.enabled = s.bloom,
          .threshold = s.bloomThreshold,
          .intensity = s.bloomIntensity,
          .softKnee = s.bloomSoftKnee,
          .exposure = s.exposure};
}

void setViewerBloomLook(ViewerSettings& s, const BloomLook& look) {
  s.bloom = look.enabled;
  s.bloomThreshold = look.threshold;
  s.bloomIntensity = look.intensity;
  s.bloomSoftKnee = look.softKnee;
  s.exposure = look.exposure;
}

void applyViewSettings(App& app) {
  if (!app.renderer) return;
  app.renderer->setBloom(cli::bloomSettingsOf(viewerBloomLook(app.settings)));
  app.renderer->setOverdraw(app.overdrawView);
  app.overdrawView = app.renderer->overdraw();  // off where the renderer cannot draw it
}

namespace {

// Prints a command's answer (the value asked for) in the console.
std::string answer(App& app, const std::string& err, const std::string& text) {
  if (err.empty() && !text.empty()) app.consoleLog.push_back({ConsoleLine::Output, text});
  return err;
}

}  // namespace

std::string viewerView(App& app, const ConsoleStatement& st) {
  std::string text;
  std::string err = runViewStatement(app.overdrawView, st, text);
  applyViewSettings(app);
  return answer(app, err, text);
}

std::string viewerBloomControls(App& app, const ConsoleStatement& st) {
  BloomLook look = viewerBloomLook(app.settings);
  std::string text;
  std::string err = runBloomStatement(look, st, text);
  if (err.empty()) setViewerBloomLook(app.settings, look);
  applyViewSettings(app);
  return answer(app, err, text);
}

void drawBloomPanel(App& app) {
  if (!app.showBloomPanel) return;
  ImGui::SetNextWindowPos(ImVec2(app.regions.viewport.x + 16, app.regions.viewport.y + 16),
                          ImGuiCond_FirstUseEver);
  if (ImGui::Begin("Bloom", &app.showBloomPanel, ImGuiWindowFlags_AlwaysAutoResize)) {
    ViewerSettings& s = app.settings;
    // A fixed slider width: the window fits its content, so a share of it would shrink to nothing.
    ImGui::PushItemWidth(ImGui::GetFontSize() * 14.0f);
    ImGui::Checkbox("Bloom", &s.bloom);
    ImGui::SliderFloat("Threshold", &s.bloomThreshold, 0.0f, 4.0f, "%.3f");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", "Linear colour (after the exposure) above which a channel glows");
    ImGui::SliderFloat("Intensity", &s.bloomIntensity, 0.0f, 8.0f, "%.2f");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", "How much of the blurred glow is added back");
    ImGui::SliderFloat("Soft knee", &s.bloomSoftKnee, 0.0f, 1.0f, "%.2f");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", "0: a hard threshold; 1: the glow eases in from 0");
    ImGui::SliderFloat("Exposure", &s.exposure, 0.0f, 8.0f, "%.2f");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s",
                        "The HDR picture's multiplier before bloom and the clamp (always on)");
    if (ImGui::Button("Defaults")) setViewerBloomLook(s, BloomLook{});
    ImGui::SameLine();
    if (ImGui::Button("From preset") && app.preset) setViewerBloomLook(s, app.preset->scene.bloom);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", "The open preset's bloom object (what fxview render draws)");
    ImGui::PopItemWidth();
  }
  ImGui::End();
  applyViewSettings(app);
}

// The overdraw view's numbers at the right of the menu bar (the last frame's).
void overdrawMenuText(App& app) {
  if (!app.overdrawView || !app.renderer) return;
  const std::string text = cli::overdrawSummary(app.renderer->stats());
  ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(text.c_str()).x - 16.0f);
  ImGui::TextUnformatted(text.c_str());
}

}  // namespace fx::gui
