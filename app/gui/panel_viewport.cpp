// The picture area between the panels: orbit camera input (left-drag orbit, right / middle-drag
// pan, wheel zoom), keyboard shortcuts, and the DebugDraw labels and HUD lines drawn with ImGui.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

#include "app/gui/app.h"

namespace fx::gui {

void handleViewportInput(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  const Rect& v = app.regions.viewport;
  bool inside = io.MousePos.x >= v.x && io.MousePos.x < v.right() && io.MousePos.y >= v.y &&
                io.MousePos.y < v.bottom();
  bool dragging = ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f) ||
                  ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0.0f) ||
                  ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f);
  if (io.WantCaptureMouse || (!inside && !dragging)) return;
  float scale = io.DisplayFramebufferScale.y > 0 ? io.DisplayFramebufferScale.y : 1.0f;
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f))
    orbitRotate(app.camera, io.MouseDelta.x, io.MouseDelta.y);
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0.0f) ||
      ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f))
    orbitPan(app.camera, io.MouseDelta.x * scale, io.MouseDelta.y * scale, app.framebuffer.y);
  if (io.MouseWheel != 0.0f) orbitZoom(app.camera, io.MouseWheel);
}

void handleShortcuts(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsKeyPressed(GLFW_KEY_GRAVE_ACCENT, false)) {
    LayoutSettings& l = app.settings.layout;
    bool consoleShown = l.showBottom && l.bottomTab == BottomTab::Console;
    if (consoleShown)
      l.showBottom = false;
    else
      showTab(app, BottomTab::Console);
    app.focusConsoleInput = !consoleShown;
    app.transport.consolePaused = !consoleShown;  // as Halo Standalone's console does
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_F1, false)) app.showShortcuts = !app.showShortcuts;
  if (ImGui::IsKeyPressed(GLFW_KEY_F12, false)) app.pendingScreenshot = defaultScreenshotPath();
  if (io.KeyCtrl) {
    // Ctrl shortcuts work even while a text field has focus (ImGui handles its own Ctrl+Z there).
    bool typing = io.WantTextInput;
    if (!typing && ImGui::IsKeyPressed(GLFW_KEY_Z, false)) (io.KeyShift ? redo : undo)(app);
    if (!typing && ImGui::IsKeyPressed(GLFW_KEY_Y, false)) redo(app);
    if (ImGui::IsKeyPressed(GLFW_KEY_S, false)) {
      if (io.KeyShift) {
        app.showSaveAs = true;
        app.saveAsPath.clear();
      } else if (app.preset) {
        std::string err = saveDocument(app, {});
        if (!err.empty()) app.runtimeErrors.push_back("save: " + err);
      }
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_Q, false)) app.quitRequested = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_O, false)) openFileBrowser(app, false);
    return;
  }
  if (io.WantCaptureKeyboard || !app.world) return;
  if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) app.transport.playing = !app.transport.playing;
  if (ImGui::IsKeyPressed(GLFW_KEY_PERIOD, true)) stepTransport(app.transport, *app.world);
  if (ImGui::IsKeyPressed(GLFW_KEY_R, false)) restartTransport(app.transport, *app.world);
  if (ImGui::IsKeyPressed(GLFW_KEY_F, false)) frameSelection(app);
  if (ImGui::IsKeyPressed(GLFW_KEY_HOME, false)) resetCameraFromPreset(app);
  cameraShortcuts(app);
}

void drawLabels(App& app, const DebugDraw& debug, const View& view, vec2 offset) {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  ImGuiIO& io = ImGui::GetIO();
  vec2 fbScale(io.DisplayFramebufferScale.x > 0 ? io.DisplayFramebufferScale.x : 1.0f,
               io.DisplayFramebufferScale.y > 0 ? io.DisplayFramebufferScale.y : 1.0f);
  for (const auto& l : debug.labels) {
    vec4 clip = view.viewProjection * vec4(l.position, 1.0f);
    if (clip.w <= 1e-6f) continue;
    vec3 ndc = vec3(clip) / clip.w;
    if (ndc.x < -1.2f || ndc.x > 1.2f || ndc.y < -1.2f || ndc.y > 1.2f || ndc.z > 1.0f) continue;
    float x = ((ndc.x * 0.5f + 0.5f) * view.viewportPx.x) / fbScale.x + offset.x;
    float y = ((0.5f - ndc.y * 0.5f) * view.viewportPx.y) / fbScale.y + offset.y +
              float(l.line) * ImGui::GetTextLineHeight();
    ImU32 col = ImGui::ColorConvertFloat4ToU32(ImVec4(l.color.r, l.color.g, l.color.b, l.color.a));
    dl->AddText(ImVec2(x + 1, y + 1), IM_COL32(0, 0, 0, 200), l.text.c_str());
    dl->AddText(ImVec2(x, y), col, l.text.c_str());
  }
  // HUD lines (e.g. debug_sprites counts) at the top left of the uncovered viewport.
  float hx = std::max(offset.x, app.regions.viewport.x) + 10.0f;
  float hy = app.regions.viewport.y + 8.0f;
  for (const auto& line : debug.hud) {
    dl->AddText(ImVec2(hx + 1, hy + 1), IM_COL32(0, 0, 0, 220), line.c_str());
    dl->AddText(ImVec2(hx, hy), IM_COL32(255, 240, 160, 255), line.c_str());
    hy += ImGui::GetTextLineHeightWithSpacing();
  }
}

}  // namespace fx::gui
