// File > Record...: what to write (still PNG, image sequence, GIF, video, sprite sheet), from
// when to when, at what rate and size, with a transparent background or not, and where (a file
// dialog with a suggested name that is never a file already there); then a progress bar with
// Cancel while the frames render, a few per drawn frame. The same choices are remembered. The
// console's `record` starts the same job; an --exec script waits for it. File > Save Bug
// Report... writes the bundle folder and its zip.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>

#include "app/gui/app.h"
#include "engine/core/paths.h"
#include "engine/session/bundle.h"
#include "engine/session/world_split.h"

namespace fx::gui {

namespace fs = std::filesystem;
using capture::RecordKind;
using capture::RecordSpec;

namespace {

struct SizePreset {
  const char* label;
  int width, height;
};
constexpr SizePreset kSizes[] = {
    {"640 x 360", 640, 360}, {"1280 x 720", 1280, 720}, {"1920 x 1080", 1920, 1080}};
constexpr const char* kKindLabels[] = {"Still PNG", "Image sequence (PNG)", "Animated GIF",
                                       "Video (.webm VP9 / .mp4 H.264)", "Sprite sheet (PNG)"};

// Where the recording starts: the time typed in the dialog, or now.
double recordStart(const App& app) {
  if (app.recordStart >= 0.0) return app.recordStart;
  return app.world ? app.world->time() : 0.0;
}

// The spec the dialog's choices make, from `start`.
RecordSpec specFromSettings(const App& app, const fs::path& path, double start) {
  const RecordSettings& r = app.settings.record;
  RecordSpec s;
  s.kind = RecordKind(std::clamp(r.kind, 0, 4));
  s.path = path;
  s.start = start;
  s.end = s.start + double(r.seconds);
  s.fps = r.fps;
  s.width = r.width;
  s.height = r.height;
  s.transparent = r.transparent;
  return s;
}

fs::path suggestedRecordPath(const App& app) {
  const RecordSettings& r = app.settings.record;
  fs::path folder = r.folder.empty() ? fs::path("screenshots") : toPath(r.folder);
  std::string stem =
      app.preset && !app.presetPath.empty() ? toUtf8(app.presetPath.stem()) : "fxview";
  std::string name = stem + "_" + defaultScreenshotPath().substr(19, 15);  // _YYYYmmdd_HHMMSS
  RecordKind kind = RecordKind(std::clamp(r.kind, 0, 4));
  return capture::freeName(folder / toPath(name + capture::recordExtension(kind)));
}

void sizeChoice(RecordSettings& r) {
  int preset = -1;
  for (int i = 0; i < 3; ++i)
    if (kSizes[i].width == r.width && kSizes[i].height == r.height) preset = i;
  const char* shown = preset >= 0 ? kSizes[preset].label : "custom";
  if (ImGui::BeginCombo("size", shown)) {
    for (int i = 0; i < 3; ++i)
      if (ImGui::Selectable(kSizes[i].label, i == preset)) {
        r.width = kSizes[i].width;
        r.height = kSizes[i].height;
      }
    ImGui::Selectable("custom", preset < 0);
    ImGui::EndCombo();
  }
  int wh[2] = {r.width, r.height};
  if (ImGui::InputInt2("pixels", wh)) {
    r.width = std::clamp(wh[0], 16, 8192);
    r.height = std::clamp(wh[1], 16, 8192);
  }
}

void choices(App& app) {
  RecordSettings& r = app.settings.record;
  ImGui::Combo("kind", &r.kind, kKindLabels, 5);
  const bool still = r.kind == int(RecordKind::Still);
  double start = recordStart(app);
  if (ImGui::InputDouble(still ? "at (s)" : "start (s)", &start, 0.1, 1.0, "%.2f"))
    app.recordStart = std::clamp(std::isfinite(start) ? start : 0.0, 0.0, 3600.0);
  ImGui::SameLine();
  if (ImGui::SmallButton("now")) app.recordStart = -1.0;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Start at the viewer's time (it follows play)");
  if (!still) {
    double end = recordStart(app) + double(r.seconds);
    if (ImGui::InputDouble("end (s)", &end, 0.5, 5.0, "%.2f") && std::isfinite(end))
      r.seconds = float(end - recordStart(app));
    r.seconds = std::clamp(r.seconds, 0.1f, 3600.0f);
    ImGui::InputFloat("frame rate", &r.fps, 1.0f, 10.0f, "%.1f");
    r.fps = std::clamp(r.fps, 1.0f, 240.0f);
    ImGui::TextDisabled("%d frames, %.2f s long",
                        capture::recordFrameCount(specFromSettings(app, "x", 0.0)),
                        double(r.seconds));
  }
  sizeChoice(r);
  // A GIF has no alpha channel to hold the coverage: not offered (nor for .mp4, refused on start).
  const bool gif = r.kind == int(RecordKind::Gif);
  ImGui::BeginDisabled(gif);
  bool transparent = r.transparent && !gif;
  if (ImGui::Checkbox("transparent background", &transparent)) r.transparent = transparent;
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(gif ? "A GIF holds no alpha: record PNGs, a sheet or a .webm for that"
                          : "Premultiplied alpha: composites over any background (README: "
                            "capture). Video: .webm (VP9) only");
}

}  // namespace

std::string startRecording(App& app, const RecordSpec& spec) {
  if (!app.preset || !app.world) return "no preset is loaded";
  if (app.recording) return "a recording is running: wait for it or cancel it";
  if (std::string why = capture::recordRefusal(spec); !why.empty()) return why;
  auto preset = clonePreset(*app.preset);
  auto world = std::make_unique<World>(*preset);
  world->flags = app.world->flags;
  world->reset(app.world->seed());
  OrbitCamera camera = app.camera;
  capture::ViewMaker makeView = [camera](vec2 size) { return orbitView(camera, size); };
  app.recording = std::make_unique<capture::Recording>(spec, std::move(preset), std::move(world),
                                                       app.split.spec, makeView);
  app.settings.record.folder = toUtf8(spec.path.parent_path());
  return {};
}

void advanceRecording(App& app) {
  if (!app.recording) return;
  // A few frames per drawn frame: the window stays live, the bar moves, Cancel is heard.
  std::string err = app.recording->advance(*app.renderer, 4);
  if (!err.empty()) {
    app.runtimeErrors.push_back("record: " + err);
    app.consoleLog.push_back({ConsoleLine::Error, "record: " + err});
    setStatus(app, "record failed: " + err);
    if (app.execActive) execStatementFailed(app, "record");
    app.recording.reset();
  } else if (app.recording->finished()) {
    std::string what = "recorded " + toUtf8(app.recording->spec().path);
    app.consoleLog.push_back({ConsoleLine::Output, what});
    setStatus(app, what);
    app.recording.reset();
  }
}

void drawRecordDialog(App& app) {
  if (app.recording) {
    ImGui::OpenPopup("Recording###rec_progress");
    ImVec2 d = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal("Recording###rec_progress", nullptr,
                               ImGuiWindowFlags_AlwaysAutoResize)) {
      const capture::Recording& r = *app.recording;
      ImGui::Text("%s", toUtf8(r.spec().path).c_str());
      float f = float(r.framesDone()) / float(std::max(1, r.frameCount()));
      std::string label = std::to_string(r.framesDone()) + " / " + std::to_string(r.frameCount());
      ImGui::ProgressBar(f, ImVec2(360, 0), label.c_str());
      if (ImGui::Button("Cancel")) {
        app.recording->cancel();
        app.recording.reset();
        setStatus(app, "recording cancelled; nothing was written");
      }
      if (!app.recording) ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
    }
    return;
  }
  if (!app.showRecord) return;
  ImGui::OpenPopup("Record###record");
  ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal("Record###record", &app.showRecord,
                              ImGuiWindowFlags_AlwaysAutoResize))
    return;
  choices(app);
  if (!app.recordError.empty())
    ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", app.recordError.c_str());
  if (ImGui::Button("Record...")) {
    app.recordError.clear();
    app.showRecord = false;
    ImGui::CloseCurrentPopup();
    chooseFile(app, "Record to", "Record", suggestedRecordPath(app), [&app](const fs::path& path) {
      RecordSpec spec = specFromSettings(app, path, recordStart(app));
      if (spec.kind == RecordKind::Gif) spec.transparent = false;  // not offered for a GIF
      return startRecording(app, spec);
    });
  }
  ImGui::SameLine();
  if (ImGui::Button("Close")) {
    app.showRecord = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

void openBugReportChooser(App& app) {
  fs::path suggested = capture::freeName(
      fs::path("bug-reports") /
      toPath((app.presetPath.empty() ? std::string("fxview") : toUtf8(app.presetPath.stem())) +
             "_" + defaultScreenshotPath().substr(19, 15)));
  chooseFile(app, "Save bug report (a folder and its .zip)", "Save", suggested,
             [&app](const fs::path& dir) -> std::string {
               fs::path zip = dir;
               zip += toPath(".zip");
               if (std::string why = bundleFolderRefusal(dir); !why.empty()) return why;
               if (std::string why = bundleFolderRefusal(zip); !why.empty()) return why;
               app.pendingBundle = toUtf8(dir);
               app.pendingBundleZip = true;
               return {};
             });
}

// `record KIND PATH [SECONDS [FPS [WxH]]] [transparent]`: the dialog's job from the console
// (KIND: png, sequence, gif, video, sheet); an --exec script's next statement waits until it is
// written.
std::string viewerRecord(App& app, const ConsoleStatement& st) {
  std::vector<std::string> t = st.tokens;
  const bool transparent = t.size() > 3 && t.back() == "transparent";
  if (transparent) t.pop_back();
  const char* usage =
      "usage: record png|sequence|gif|video|sheet PATH [SECONDS [FPS [WxH]]] [transparent]";
  if (t.size() < 3 || t.size() > 6) return usage;
  auto kind =
      std::find_if(std::begin(capture::kRecordKindNames), std::end(capture::kRecordKindNames),
                   [&](const char* k) { return t[1] == k; });
  if (kind == std::end(capture::kRecordKindNames)) return usage;
  RecordSettings r = app.settings.record;
  r.kind = int(kind - std::begin(capture::kRecordKindNames));
  r.transparent = transparent;
  auto num = [](const std::string& s, float& out) {
    char* end = nullptr;
    float v = std::strtof(s.c_str(), &end);
    if (end == s.c_str() || *end || !std::isfinite(v)) return false;
    out = v;
    return true;
  };
  if (t.size() > 3 && !num(t[3], r.seconds)) return "SECONDS: expected a number";
  if (t.size() > 4 && !num(t[4], r.fps)) return "FPS: expected a number";
  if (t.size() > 5 && std::sscanf(t[5].c_str(), "%dx%d", &r.width, &r.height) != 2)
    return "SIZE: expected WxH";
  std::swap(app.settings.record, r);
  RecordSpec spec = specFromSettings(app, toPath(t[2]), app.world ? app.world->time() : 0.0);
  std::swap(app.settings.record, r);
  return startRecording(app, spec);
}

}  // namespace fx::gui
