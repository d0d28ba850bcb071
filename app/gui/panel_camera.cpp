// Camera views: perspective or orthographic, the standard views (front, back, left, right, top)
// from keys, a view gizmo in the picture's corner and the console's `camera`; framing; field of
// view and clip planes in the scene panel's Camera section.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <utility>

#include "app/gui/app.h"
#include "engine/core/paths.h"
#include "engine/session/framing.h"
#include "engine/session/world_edit.h"

namespace fx::gui {

namespace {

void say(App& app, const std::string& line) {
  app.consoleLog.push_back({ConsoleLine::Output, line});
}

std::string describeCamera(const App& app) {
  const OrbitCamera& c = app.camera;
  const vec3 eye = orbitEye(c);
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "camera %s fov %.1f near %g far %g eye [%.3f, %.3f, %.3f] target [%.3f, %.3f, "
                "%.3f]",
                c.orthographic ? "orthographic" : "perspective", double(c.fovDeg),
                double(c.nearPlane), double(c.farPlane), double(eye.x), double(eye.y),
                double(eye.z), double(c.target.x), double(c.target.y), double(c.target.z));
  return buf;
}

bool parseFloat(const std::string& text, float& out) {
  char* end = nullptr;
  out = std::strtof(text.c_str(), &end);
  return end != text.c_str() && !*end && std::isfinite(out);
}

std::string setClip(App& app, const std::string& nearText, const std::string& farText) {
  float n = 0.0f, f = 0.0f;
  if (!parseFloat(nearText, n) || !parseFloat(farText, f) || n <= 0.0f || f <= n)
    return "usage: camera clip NEAR FAR (0 < NEAR < FAR)";
  app.camera.nearPlane = n;
  app.camera.farPlane = f;
  return {};
}

void setStandardView(App& app, std::string_view name) {
  orbitStandardView(app.camera, name);
}

std::vector<CameraView>::iterator findView(App& app, const std::string& name) {
  auto& views = app.preset->scene.camera.views;
  return std::find_if(views.begin(), views.end(),
                      [&](const CameraView& v) { return v.name == name; });
}

}  // namespace

// Named views live in the preset (scene/camera/views): saving or deleting one is an edit of the
// scene, undone and saved like any other.
std::string saveCameraView(App& app, const std::string& name) {
  if (!app.preset || !app.world) return "no preset is loaded";
  if (name.empty() || name.size() > 64) return "camera save: a name of 1 to 64 bytes, please";
  auto& views = app.preset->scene.camera.views;
  committedSnapshot(app, kSceneTarget);
  if (auto it = findView(app, name); it != views.end()) {
    *it = cameraViewOf(app.camera, name);  // saving under a name again moves that view
  } else {
    if (views.size() >= 256) return "camera save: a preset keeps at most 256 views";
    views.push_back(cameraViewOf(app.camera, name));
  }
  recordEdit(app, kSceneTarget, "camera view " + name, "");
  app.history.breakCoalescing();
  return {};
}

std::string loadCameraView(App& app, const std::string& name) {
  if (!app.preset) return "no preset is loaded";
  auto it = findView(app, name);
  if (it == app.preset->scene.camera.views.end())
    return "camera load: the preset has no view named \"" + name + "\"";
  orbitApplyView(app.camera, *it);
  return {};
}

std::string deleteCameraView(App& app, const std::string& name) {
  if (!app.preset || !app.world) return "no preset is loaded";
  auto it = findView(app, name);
  if (it == app.preset->scene.camera.views.end())
    return "camera delete: the preset has no view named \"" + name + "\"";
  committedSnapshot(app, kSceneTarget);
  app.preset->scene.camera.views.erase(it);
  recordEdit(app, kSceneTarget, "delete camera view " + name, "");
  app.history.breakCoalescing();
  return {};
}

namespace {

std::string listViews(App& app) {
  if (!app.preset) return "no preset is loaded";
  const auto& views = app.preset->scene.camera.views;
  if (views.empty()) say(app, "no saved views (camera save NAME keeps the camera in the preset)");
  for (const CameraView& v : views) {
    char buf[256];
    std::snprintf(
        buf, sizeof buf, "view \"%s\" %s fov %.1f eye [%.3f, %.3f, %.3f] target [%.3f, %.3f, %.3f]",
        v.name.c_str(), v.projection == Projection::Orthographic ? "orthographic" : "perspective",
        double(v.fovDeg), double(v.position.x), double(v.position.y), double(v.position.z),
        double(v.target.x), double(v.target.y), double(v.target.z));
    say(app, buf);
  }
  return {};
}

// `camera save|load|delete NAME` (the name may have spaces) and `camera views`.
std::optional<std::string> namedViewCommand(App& app, const std::vector<std::string>& t) {
  if (t.size() < 2) return std::nullopt;
  if (t[1] == "views" && t.size() == 2) return listViews(app);
  if (t[1] != "save" && t[1] != "load" && t[1] != "delete") return std::nullopt;
  if (t.size() < 3) return "usage: camera " + t[1] + " NAME";
  std::string name = t[2];
  for (size_t i = 3; i < t.size(); ++i) name += " " + t[i];
  if (t[1] == "save") return saveCameraView(app, name);
  if (t[1] == "load") return loadCameraView(app, name);
  return deleteCameraView(app, name);
}

}  // namespace

std::string viewerCamera(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  const std::string usage =
      "usage: camera [ortho | perspective | view front|back|left|right|top | frame [all|selected] "
      "| fov DEG | clip NEAR FAR | save NAME | load NAME | delete NAME | views]";
  std::string err;
  if (auto named = namedViewCommand(app, t)) {
    // A view saved, loaded or deleted prints the camera as every other form does; the list
    // printed itself.
    if (named->empty() && t[1] != "views") say(app, describeCamera(app));
    return *named;
  }
  if (t.size() == 1) {
  } else if (t.size() == 2 && (t[1] == "ortho" || t[1] == "orthographic")) {
    app.camera.orthographic = true;
  } else if (t.size() == 2 && t[1] == "perspective") {
    app.camera.orthographic = false;
  } else if (t.size() == 3 && t[1] == "view") {
    if (!orbitStandardView(app.camera, t[2]))
      return "camera view: expected front, back, left, right or top, got \"" + t[2] + "\"";
  } else if ((t.size() == 2 || t.size() == 3) && t[1] == "frame") {
    if (t.size() == 3 && t[2] != "all" && t[2] != "selected") return usage;
    (t.size() == 3 && t[2] == "all") ? frameScene(app) : frameSelection(app);
  } else if (t.size() == 3 && t[1] == "fov") {
    float deg = 0.0f;
    if (!parseFloat(t[2], deg) || deg < 1.0f || deg > 170.0f)
      return "camera fov: expected degrees 1..170, got \"" + t[2] + "\"";
    app.camera.fovDeg = deg;
  } else if (t.size() == 4 && t[1] == "clip") {
    err = setClip(app, t[2], t[3]);
  } else {
    return usage;
  }
  if (err.empty()) say(app, describeCamera(app));
  return err;
}

void cameraShortcuts(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureKeyboard || io.KeyAlt || io.KeyCtrl || !app.world) return;
  auto pressed = [](int keypad, int digit) {
    return ImGui::IsKeyPressed(keypad, false) || ImGui::IsKeyPressed(digit, false);
  };
  // As Blender's keypad where it has them: 1 front, 3 right, 7 top, 5 orthographic; 2 back and 4
  // left beside them.
  if (pressed(GLFW_KEY_KP_1, GLFW_KEY_1)) setStandardView(app, "front");
  if (pressed(GLFW_KEY_KP_2, GLFW_KEY_2)) setStandardView(app, "back");
  if (pressed(GLFW_KEY_KP_3, GLFW_KEY_3)) setStandardView(app, "right");
  if (pressed(GLFW_KEY_KP_4, GLFW_KEY_4)) setStandardView(app, "left");
  if (pressed(GLFW_KEY_KP_7, GLFW_KEY_7)) setStandardView(app, "top");
  if (pressed(GLFW_KEY_KP_5, GLFW_KEY_5)) app.camera.orthographic = !app.camera.orthographic;
  if (ImGui::IsKeyPressed(GLFW_KEY_A, false)) frameScene(app);
}

void frameOpenedFile(App& app) {
  if (app.preset.get() == app.framedPreset) return;
  // A reload of the same file (hot reload, another level weather) keeps the camera.
  const bool opened = app.presetPath != app.framedPath;
  app.framedPreset = app.preset.get();
  app.framedPath = app.presetPath;
  if (!opened || !app.preset || app.preset->openedFile.empty() || app.preset->level) return;
  // Weather is seen from inside its cube, as the game shows it: the built camera stays.
  for (const EffectEntry& e : app.preset->effects)
    if (e.kind == "halo_weather") return;
  vec3 lo, hi;
  if (!simulatedBounds(*app.preset, kFramingSeconds, lo, hi)) return;
  orbitFrame(app.camera, lo, hi);
  app.camera.nearPlane = std::min(app.camera.nearPlane, app.camera.distance * 0.01f);
}

// --- the gizmo

namespace {

struct GizmoAxis {
  vec3 dir;
  const char* label;
  ImU32 color;
  const char* view;  // the standard view looking at the target from this side
};

constexpr float kGizmoRadius = 38.0f;

}  // namespace

void drawViewGizmo(App& app) {
  // Not in a capture of the picture (`screenshot`, F12): that is the scene alone.
  if (!app.world || (!app.pendingScreenshot.empty() && !app.screenshotWindow)) return;
  static const GizmoAxis kAxes[] = {
      {{1, 0, 0}, "X", IM_COL32(230, 70, 70, 255), "right"},
      {{0, 1, 0}, "Y", IM_COL32(90, 200, 90, 255), "back"},
      {{0, 0, 1}, "Z", IM_COL32(80, 130, 240, 255), "top"},
      {{-1, 0, 0}, "", IM_COL32(230, 70, 70, 140), "left"},
      {{0, -1, 0}, "", IM_COL32(90, 200, 90, 140), "front"},
  };
  const Rect& vp = app.regions.viewport;
  if (vp.w < 4 * kGizmoRadius || vp.h < 4 * kGizmoRadius) return;
  const View& view = app.view;
  ImVec2 c(vp.right() - kGizmoRadius - 14.0f, vp.y + kGizmoRadius + 14.0f);
  ImDrawList* dl = ImGui::GetBackgroundDrawList();  // under every window and prompt
  dl->AddCircleFilled(c, kGizmoRadius + 10.0f, IM_COL32(20, 20, 28, 120));
  // Farthest first, so the nearer ends are drawn over them.
  std::vector<size_t> order{0, 1, 2, 3, 4};
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return glm::dot(kAxes[a].dir, view.forward) > glm::dot(kAxes[b].dir, view.forward);
  });
  ImGuiIO& io = ImGui::GetIO();
  const bool click = ImGui::IsMouseClicked(0) && !io.WantCaptureMouse;
  for (size_t i : order) {
    const GizmoAxis& a = kAxes[i];
    ImVec2 end(c.x + glm::dot(a.dir, view.right) * kGizmoRadius,
               c.y - glm::dot(a.dir, view.up) * kGizmoRadius);
    const bool positive = a.label[0] != '\0';
    if (positive) dl->AddLine(c, end, a.color, 2.0f);
    const float r = positive ? 8.0f : 6.0f;
    dl->AddCircleFilled(end, r, a.color);
    if (positive) dl->AddText(ImVec2(end.x - 4.0f, end.y - 7.0f), IM_COL32(0, 0, 0, 255), a.label);
    const float dx = io.MousePos.x - end.x, dy = io.MousePos.y - end.y;
    if (click && dx * dx + dy * dy <= (r + 3.0f) * (r + 3.0f)) setStandardView(app, a.view);
  }
  dl->AddText(ImVec2(c.x - kGizmoRadius, c.y + kGizmoRadius + 6.0f), IM_COL32(220, 220, 220, 200),
              app.camera.orthographic ? "ortho" : "persp");
}

// --- the scene panel's section

namespace {

void viewButtons(App& app) {
  for (std::string_view name : kStandardViews) {
    std::string label(name);
    label[0] = char(std::toupper(static_cast<unsigned char>(label[0])));
    if (ImGui::SmallButton(label.c_str())) setStandardView(app, name);
    ImGui::SameLine();
  }
  ImGui::NewLine();
  if (ImGui::SmallButton("Frame selected")) frameSelection(app);
  ImGui::SameLine();
  if (ImGui::SmallButton("Frame all")) frameScene(app);
  ImGui::SameLine();
  if (ImGui::SmallButton("Preset camera")) resetCameraFromPreset(app);
}

// The preset's named views: load or delete each; save the camera under a name.
void savedViews(App& app) {
  ImGui::Separator();
  ImGui::TextDisabled("Saved views (kept in the preset)");
  std::string load, remove;
  for (const CameraView& v : app.preset->scene.camera.views) {
    ImGui::PushID(v.name.c_str());
    if (ImGui::SmallButton("Load")) load = v.name;
    ImGui::SameLine();
    if (ImGui::SmallButton("Delete")) remove = v.name;
    ImGui::SameLine();
    ImGui::TextUnformatted(v.name.c_str());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s, fov %.0f deg (camera load %s)",
                        v.projection == Projection::Orthographic ? "orthographic" : "perspective",
                        double(v.fovDeg), v.name.c_str());
    ImGui::PopID();
  }
  std::string err;
  if (!load.empty()) err = loadCameraView(app, load);
  if (!remove.empty()) err = deleteCameraView(app, remove);
  std::string& name = app.cameraViewName;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  const bool enter = ImGui::InputTextWithHint("##view name", "view name", &name,
                                              ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Save view") || enter) && !name.empty()) {
    err = saveCameraView(app, name);
    if (err.empty()) name.clear();
  }
  if (!err.empty()) setStatus(app, err);
}

}  // namespace

void cameraSection(App& app) {
  if (!app.preset) return;
  if (std::exchange(app.openCameraSection, false)) ImGui::SetNextItemOpen(true);
  if (!ImGui::CollapsingHeader("Camera")) return;
  OrbitCamera& c = app.camera;
  int projection = c.orthographic ? 1 : 0;
  ImGui::RadioButton("Perspective", &projection, 0);
  ImGui::SameLine();
  ImGui::RadioButton("Orthographic", &projection, 1);
  c.orthographic = projection == 1;
  ImGui::SliderFloat("FOV", &c.fovDeg, 5.0f, 150.0f, "%.0f deg");
  float clip[2] = {c.nearPlane, c.farPlane};
  if (ImGui::DragFloat2("Near / far", clip, 0.01f, 1e-5f, 1e9f, "%g",
                        ImGuiSliderFlags_Logarithmic) &&
      clip[0] > 0.0f && clip[1] > clip[0]) {
    c.nearPlane = clip[0];
    c.farPlane = clip[1];
  }
  viewButtons(app);
  savedViews(app);
}

}  // namespace fx::gui
